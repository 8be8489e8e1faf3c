"""The play-by-post start of a restart (issue 33, goal 3b): a game whose rows are in line with its
table is left as it is (one row of it read, nothing written, no reminder worked out again); a game
whose last step was lost, or whose reminder is missing, is brought in line. Both backends."""

from bot.table.pbp.service import Pbp

from .conftest import ANN


async def _rows(world) -> list:
    """The timers, waits and settings rows as they stand."""
    def read():
        db = world.pbp.db
        return [[tuple(r) for r in db.execute(text, ()).fetchall()] for text in (
            "SELECT key, due_at, kind FROM timers ORDER BY key",
            "SELECT game_id, seat, since, reminded, last_at, muted FROM pbp_waits ORDER BY game_id, seat",
            "SELECT game_id, last_activity, stalled, dropped FROM pbp_games ORDER BY game_id")]
    return await world.pbp._io(read)


def _count_syncs(monkeypatch) -> list[int]:
    synced: list[int] = []
    real = Pbp._sync

    def counted(self, table, *args, **kwargs):
        synced.append(table.record.id)
        return real(self, table, *args, **kwargs)

    monkeypatch.setattr(Pbp, "_sync", counted)
    return synced


async def test_a_restart_leaves_the_rows_of_games_in_line_as_they_are(world, monkeypatch):
    await world.new_game()
    other = await world.new_game(channel=51)
    await world.tick(5)
    await world.move(ANN, "pass", channel=51)  # game 51 waits for Bo since 5 h
    before = await _rows(world)
    synced = _count_syncs(monkeypatch)
    await world.restart()
    assert synced == []  # neither game was brought in line again: nothing to do
    assert await _rows(world) == before
    assert await world.tick(6.9) == []  # and the reminders come as they would have
    sent = await world.tick(0.1)
    assert len(sent) == 1 and "<@1>" in sent[0].text and sent[0].channel_id == 50
    assert await world.tick(4.9) == []
    sent = await world.tick(0.1)
    assert len(sent) == 1 and "<@2>" in sent[0].text and sent[0].channel_id == 51
    assert other


async def test_a_game_whose_last_step_was_lost_is_brought_in_line_at_the_start(world, monkeypatch):
    gid = await world.new_game()
    await world.tick(5)

    async def lost(table, what):  # killed between the move's commit and its play-by-post step's
        return None

    world.pbp._after_change = lost
    world.sessions.with_move = None  # on SQLite the step runs inside the move's write: lost with it too
    await world.move(ANN, "pass")  # Bo's turn now; the rows still wait for Ann
    synced = _count_syncs(monkeypatch)
    await world.restart()
    assert synced == [gid]
    assert await world.tick(6.9 + 5) == []  # Ann is not reminded (her 12 h reminder went with her wait)
    sent = await world.tick(0.1)  # Bo is, 12 h after the start found his turn
    assert len(sent) == 1 and "<@2>" in sent[0].text


async def test_a_waited_for_seat_without_its_reminder_gets_it_back_at_the_start(world):
    await world.new_game()
    await world.tick(5)
    await world.pbp._io(lambda: world.pbp.db.execute("DELETE FROM timers WHERE kind = 'remind'", ()), write=True)
    await world.restart()
    assert await world.tick(6.9) == []
    sent = await world.tick(0.1)  # the wait was kept: 12 h after it began
    assert len(sent) == 1 and "<@1>" in sent[0].text
