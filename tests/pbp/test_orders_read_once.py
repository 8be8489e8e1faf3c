"""Standing orders are looked at after every move (``bot.table.pbp.standing``): which games have
any is read once at the start, so a move of a game nobody gave orders reads nothing from the store,
its first move after a restart included; a game with orders, given orders later, or adopted from
another process is read (once, then kept)."""

from __future__ import annotations

from bot.table.pbp.orders import Orders
from bot.table.pbp.service import Pbp
from bot.table.timers import ManualClock
from tests.store.helpers import new_game, open_sessions
from tests.store.test_pbp_backends import Notes


async def test_only_games_with_orders_are_read_from_the_store(tmp_path, monkeypatch):
    path = tmp_path / "bot.sqlite3"
    sessions = await open_sessions(path)
    with_orders, without, later = [await new_game(sessions, ch) for ch in (10, 11, 12)]
    await sessions.store.set_setting("orders", with_orders, "seats", {"1": Orders(forced=True).to_json()})
    pbp = Pbp(sessions, str(path), Notes(), ManualClock())
    await pbp.start(run=False)
    try:
        reads: list[int] = []
        real = sessions.store.get_setting

        async def get_setting(scope, scope_id, key, default=None):
            reads.append(scope_id)
            return await real(scope, scope_id, key, default)

        monkeypatch.setattr(sessions.store, "get_setting", get_setting)
        assert await pbp.orders.of(without) == {}
        assert reads == []  # known to have none: nothing read
        assert (await pbp.orders.of(with_orders))[1].forced and reads == []  # read at the start, kept
        await pbp.orders.set(sessions.table(12), 0, Orders(forced=True))
        assert (await pbp.orders.of(later))[0].forced  # given here: kept, and known to exist
        pbp.orders.adopted(without)  # from another process: its orders may be new
        await sessions.store.set_setting("orders", without, "seats", {"0": Orders(forced=True).to_json()})
        assert (await pbp.orders.of(without))[0].forced and reads == [without]
    finally:
        await pbp.stop()
        await sessions.store.close()
