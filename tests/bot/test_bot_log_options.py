"""A log is replayed with the options of the engine version that wrote it
(``Game.log_options``): Amerigo's version-1 logs name the frame F1.. and replay
on that version's graph, so the bot must hand the game's start version over."""

from __future__ import annotations

import sqlite3

from tests.bot.test_bot_store import ALICE, BOB, TOY, hand_of, open_sessions, started


async def test_rebuild_after_an_engine_upgrade_reads_the_log_as_its_version(toy, tmp_path, monkeypatch):
    path = tmp_path / "db"
    sessions = await started(path)
    for seat, actor in enumerate((ALICE, BOB)):
        await sessions.move(10, actor, f"bid {hand_of(sessions, seat)[0]}")
    gid = sessions.table(10).record.id
    await sessions.store.close()

    seen = []

    def log_options(self, options, version):
        seen.append(version)
        return options

    monkeypatch.setattr(type(TOY), "version", 2)               # the snapshot is stale: replay the log
    monkeypatch.setattr(type(TOY), "log_options", log_options)
    con = sqlite3.connect(path)
    con.execute("UPDATE snapshots SET state = '{\"garbage\": true}'")
    con.commit()
    con.close()
    upgraded = await open_sessions(path)
    assert upgraded.table(10).state is not None
    assert seen and set(seen) == {1}                            # the version the game started on
    assert (await upgraded.store.game(gid)).engine_version == 1
    await upgraded.store.close()


def test_amerigo_reads_version_1_logs_on_the_old_graph_only():
    from games.amerigo import GAME

    assert GAME.log_options({}, 1) == {"legacy_frame": True}
    assert GAME.log_options({}, GAME.version) == {}
    legacy = GAME.setup(4, 5, GAME.log_options(None, 1))
    assert "F1" in GAME.view(legacy)["map"]["frame_names"]
    assert "rim1" in GAME.view(GAME.setup(4, 5))["map"]["frame_names"]
