"""A game's record as files: JSON that ``python -m games replay`` replays, Terra Mystica's ledger
text, and a server's results as CSV.

What a file may hold is what the table may see. An ended game's record is whole: its seed, its
options and every move with who and when (a secret once the game is over is no secret). A
running game's record leaves out its seed (it would deal every hidden card and bag to come)
and the text of every secret move (the table saw only "ready"): it lists the public moves, and
becomes replayable once the game has ended.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json

import games

from ...store.records import GameRecord, MoveRecord, ResultRow, SeatRecord
from ...words.i18n import t
from .. import holders
from ..posts import Post
from ..sessions import Reply, refusal

#: the CSV's columns, in order (one row per seat of every game that ended on the server)
CSV_COLUMNS = ("game_id", "game", "ended_at", "ended", "players", "seat", "user_id", "player", "bot", "role",
               "score", "rank", "rated", "left_early", "moves", "seat_moves", "seconds", "started_at",
               "engine_version", "options", "breakdown")


def ended(record: GameRecord) -> bool:
    return record.status in ("finished", "aborted")


def record_json(record: GameRecord, seats: list[SeatRecord], moves: list[MoveRecord],
                held: list[dict] | None = None) -> dict:
    """The game's record (see the module's docstring for what a running game's leaves out);
    ``held``: who held which seat from which move (``bot.table.holders``), when seats changed hands."""
    engine = games.get(record.game)
    whole = ended(record)
    names = [s.display_name for s in seats]
    log = []
    for m in moves:
        then = holders.names_at(held or [], names, m.n)
        entry = {"n": m.n, "seat": m.seat, "player": then[m.seat] if m.seat < len(then) else None, "at": m.at}
        if whole or m.kind == "public":
            entry["move"] = m.text
        else:
            entry["secret"] = True  # the table saw that the seat chose, not what
        log.append(entry)
    out = {
        "game": record.game, "title": engine.name, "players": len(seats), "names": names,
        "seed": record.seed if whole else None,
        "options": engine.log_options(record.options, record.engine_version) or {},
        "engine_version": record.engine_version, "status": record.status, "rated": record.rated,
        "created_at": record.created_at, "started_at": record.started_at,
        "moves": [[m.seat, m.text] for m in moves] if whole else None,
        "log": log,
    }
    if held:  # each seat that changed hands: its holders and the move each held it from
        out["holders"] = [{"seat": h["seat"], "user_id": h["user_id"], "player": h["name"], "from": h["from"]}
                          for h in held]
    return out


def json_bytes(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def ledger(record: GameRecord, seats: list[SeatRecord], moves: list[MoveRecord]) -> tuple[str | None, str | None]:
    """Terra Mystica's ledger text of an ended game, checked by reading it back with our ledger
    replayer (the same scores); (text, None), or (None, why not)."""
    if record.game != "terra-mystica" or not ended(record):
        return None, "not an ended Terra Mystica game"
    from games.terra_mystica import ledger as reader
    from games.terra_mystica import ledger_write

    engine = games.get(record.game)
    options = engine.log_options(record.options, record.engine_version)
    logged = [(m.seat, m.text) for m in moves]
    try:
        text = ledger_write.write(len(seats), record.seed, options, logged)
    except Exception as err:  # noqa: BLE001  an option the format cannot say: no ledger, said why
        return None, str(err)
    state, error, _rows = reader.replay(text)
    mine = engine.setup(len(seats), record.seed, options)
    for seat, move in logged:
        engine.play(mine, seat, move, atomic=False)
    if error or [f["vp"] for f in state["factions"]] != [f["vp"] for f in mine["factions"]]:
        return None, error or "the ledger does not read back to the same scores"
    return text, None


def results_csv(rows: list[ResultRow]) -> bytes:
    """A server's results rows as CSV (UTF-8 with a byte-order mark: spreadsheets read the names right)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow([r.game_id, r.game, r.ended_at, r.ended, r.players, r.seat, r.user_id, r.display_name,
                         int(r.bot), r.role or "", "" if r.score is None else r.score, "" if r.rank is None else r.rank,
                         int(r.rated), int(r.left_early), r.moves, r.seat_moves, r.seconds, r.started_at or "",
                         r.engine_version, json.dumps(r.options, sort_keys=True),
                         json.dumps(r.breakdown, sort_keys=True, ensure_ascii=False)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


# --- the commands' answers -------------------------------------------------------------------------
async def game_files(store, locale: str, record: GameRecord | None) -> Reply:
    """``/game export``: the game's record as JSON (and Terra Mystica's ledger), for the caller."""
    if record is None or record.status == "open":
        return refusal(t("records.export.none", locale))
    seats, moves = await store.seats(record.id), await store.moves(record.id)
    data = record_json(record, seats, moves, await holders.read(store, record.id))
    files = [(f"game-{record.id}.json", json_bytes(data))]
    lines = [t("records.export.json" if ended(record) else "records.export.running", locale, id=record.id,
               game=games.get(record.game).name, n=len(moves))]
    if record.game == "terra-mystica" and ended(record):
        text, why = await asyncio.to_thread(ledger, record, seats, moves)
        if text is not None:
            files.append((f"game-{record.id}-ledger.txt", text.encode("utf-8")))
            lines.append(t("records.export.ledger", locale))
        else:
            lines.append(t("records.export.no_ledger", locale, why=why))
    return Reply(private=Post(lines, attachments=files), game_id=record.id)


async def server_files(store, locale: str, guild_id: int, user_id: int) -> Reply:
    """``/stats export``: the server's results as CSV; players who hide their statistics appear
    without name or id (except to themselves)."""
    rows = await store.server_results(guild_id, await store.records_since(guild_id))
    hidden = await store.hidden_users()
    for r in rows:
        if r.user_id in hidden and r.user_id != user_id:
            r.user_id, r.display_name = 0, t("records.export.hidden_name", locale)
    lines = [t("records.export.csv", locale, n=len({r.game_id for r in rows}))]
    return Reply(private=Post(lines, attachments=[(f"results-{guild_id}.csv", results_csv(rows))]))
