"""Exports replay exactly: a game's JSON through ``python -m games replay``, Terra Mystica's
ledger through our ledger replayer; a running game's record keeps its secrets; the CSV."""

from __future__ import annotations

import csv
import io
import json
import random

import games
from bot.table.records import export
from games.__main__ import main as games_cli
from games.terra_mystica import ledger as tm_ledger

from .helpers import PEOPLE, finished, open_table, sessions_on
from .test_records_discord import play_games


async def test_an_ended_games_json_replays_to_its_snapshot_and_result(tmp_path, capsys):
    sessions = await sessions_on({"path": str(tmp_path / "bot.sqlite3")})
    store = sessions.store
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano")):
        gid = await finished(sessions, 10 + i, PEOPLE[:3], game=game, seed=i)
        record, seats, moves = await store.game(gid), await store.seats(gid), await store.moves(gid)
        data = export.record_json(record, seats, moves)
        path = tmp_path / f"game-{gid}.json"
        path.write_bytes(export.json_bytes(data))
        assert games_cli(["replay", str(path)]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["ok"] and printed["applied"] == len(moves)
        assert printed["result"]["scores"] == [r.score for r in await store.results(gid)]
        engine = games.get(game)
        state = engine.setup(data["players"], data["seed"], data["options"])
        for seat, text in data["moves"]:
            engine.play(state, seat, text)
        # exactly the game that was played (the snapshot keeps the state's key order: compare values)
        assert json.loads(engine.to_json_text(state)) == json.loads((await store.snapshot(gid)).state)
        assert len(data["log"]) == len(moves) and all(
            (e["n"], e["seat"], e["player"], e["at"], e["move"]) == (m.n, m.seat, seats[m.seat].display_name, m.at, m.text)
            for e, m in zip(data["log"], moves))
    await store.close()


async def test_a_running_games_record_keeps_its_seed_and_secret_choices(tmp_path):
    sessions = await sessions_on({"path": str(tmp_path / "bot.sqlite3")})
    gid = await open_table(sessions, 10, PEOPLE[:3])  # West of Africa: each round starts with secret card choices
    table = sessions.table(10)
    rnd = random.Random(3)
    seat = sorted(table.to_move())[0]
    from games.core.playout import expand

    choice = expand(table.engine, table.state, seat, "", rnd)
    assert (await sessions.move_as(10, seat, choice)).ok
    store = sessions.store
    record, seats, moves = await store.game(gid), await store.seats(gid), await store.moves(gid)
    assert moves[-1].kind == "secret"
    data = export.record_json(record, seats, moves)
    text = export.json_bytes(data).decode()
    assert data["seed"] is None and data["moves"] is None and str(record.seed) not in text.split('"seed"')[1][:20]
    assert data["log"][-1] == {"n": 1, "seat": seat, "player": seats[seat].display_name, "at": moves[-1].at,
                               "secret": True}
    assert choice not in text
    await store.close()


async def test_a_terra_mystica_ledger_reads_back_to_the_same_scores(tmp_path, capsys):
    sessions = await sessions_on({"path": str(tmp_path / "bot.sqlite3")})
    store = sessions.store
    for i, players in enumerate((2, 3, 4)):
        gid = await finished(sessions, 10 + i, PEOPLE[:players], game="terra-mystica", seed=i)
        record, seats, moves = await store.game(gid), await store.seats(gid), await store.moves(gid)
        text, why = export.ledger(record, seats, moves)
        assert why is None
        path = tmp_path / f"game-{gid}-ledger.txt"
        path.write_text(text)
        assert tm_ledger.main([str(path)]) == 0
        out = capsys.readouterr().out
        scores = [r.score for r in await store.results(gid)]
        assert out.startswith("OK") and out.strip().endswith(", ".join(
            f"{r.role} {r.score}" for r in await store.results(gid))), out
        assert len(scores) == players
    await store.close()


async def test_export_commands_through_discord(make_harness):
    h = await make_harness()
    ann, bob, cyd = h.user("Ann"), h.user("Bob"), h.user("Cyd")
    ids = await play_games(h, [[ann, bob], [bob, cyd, ann]])
    await h.slash(ann, "game export", number=ids[1])  # from another channel: by its number
    answer = h.last(ann)
    assert f"Game #{ids[1]} of West of Africa" in answer.content
    assert [name for name, _ in answer.files] == [f"game-{ids[1]}.json"]
    data = json.loads(answer.files[0][1])
    assert data["names"] == ["Bob", "Cyd", "Ann"] and data["seed"] is not None and data["moves"]
    await h.slash(ann, "game export", number=ids[1] + 1000)
    assert "no game here to export" in h.last(ann).content
    await h.slash(cyd, "me settings", stats="hidden")
    await h.slash(ann, "stats export")
    name, raw = h.last(ann).files[0]
    assert name == f"results-{h.guild_id}.csv"
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert len(rows) == 5 and {r["player"] for r in rows} == {"Ann", "Bob", "(hidden)"}
    assert all(r["user_id"] == "0" for r in rows if r["player"] == "(hidden)")
    assert sorted(int(r["rank"]) for r in rows if r["game_id"] == str(ids[0])) == [1, 2]
