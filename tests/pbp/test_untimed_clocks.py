"""The step after a move in a game without a time limit builds no clock for a seat that has none
stored (its reminder reads the shared ``clocks.NO_CLOCK``: no vacation), and reads a standing
reminder's due time through ``reminding.due_seconds``. The reminders stand as before."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.table.pbp import clocks, reminding, service
from bot.table.pbp.service import Pbp
from bot.table.timers import ManualClock, epoch
from tests.store.helpers import new_game, open_sessions, play
from tests.store.test_pbp_backends import Notes


async def test_an_untimed_games_moves_build_no_clock_and_keep_their_reminders(tmp_path, monkeypatch):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    pbp = Pbp(sessions, str(path), Notes(), ManualClock())
    await pbp.start(run=False)
    try:
        built: list[int] = []
        real = clocks.held_clock

        def counted(held, seat, tc):
            built.append(seat)
            return real(held, seat, tc)

        monkeypatch.setattr(service, "held_clock", counted)
        gids = [await new_game(sessions, ch, game, players=3) for ch, game in ((10, "bruges"), (11, "altiplano"))]
        for ch in (10, 11):
            assert await play(sessions, ch, 12, seed=ch) == 12
        assert built == []  # no seat has a clock stored, the games have no time limit
        assert clocks.NO_CLOCK == clocks.SeatClock()  # read, never changed
        for gid, ch in zip(gids, (10, 11), strict=True):  # each waited-for seat has its reminder standing
            waiting = sorted(sessions.table(ch).to_move())
            keys = await pbp._io(lambda gid=gid: [r[0] for r in pbp.db.execute(
                "SELECT key FROM timers WHERE game_id = ? AND kind = 'remind' ORDER BY key", (gid,))])
            assert all(f"remind:{gid}:{seat}" in keys for seat in waiting), (waiting, keys)
    finally:
        await pbp.stop()
        await sessions.store.close()

def test_a_stored_due_time_reads_as_its_epoch_seconds():
    for at in (datetime(2026, 11, 30, 3, 21, 4, 829000, tzinfo=UTC), datetime(2030, 1, 1, tzinfo=UTC)):
        text = at.isoformat(timespec="milliseconds")
        assert reminding.due_seconds(text) == epoch(at)
