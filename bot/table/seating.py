"""Seating a table: create, join (a player or a bot), leave, start, abort; a game whose channel
is gone (orphaned, adopted, aborted). Part of
:class:`bot.table.sessions.SessionManager`."""

from __future__ import annotations

import logging

import games
from games.core import Game, RuleError
from games.core.notation import excerpt

from ..store import Conflict, GameRecord, StoreUnavailable
from ..store.records import iso
from ..words.i18n import said
from . import holders
from .bot_seats import bot_user_id
from .posts import TURN_PNG, Post, to_json
from .records import backfill, ratings, results
from .records.ending import finish_of
from .tables import Actor, Reply, Seat, Table, parse_options, refusal, snapshot_text, with_buttons

log = logging.getLogger(__name__)


class Seating:
    """A table's life before and around its moves (a mixin of ``SessionManager``)."""

    def check_new(self, actor: Actor, game_id: str, others: list[Actor] | None = None,
                  options: str | dict | None = None, bots: int = 0) -> Reply | None:
        """The refusal ``create`` would give these arguments anywhere (unknown game, bad options,
        too many seats), None when they are fine: checked before a thread is opened for the table."""
        planned = self._planned(actor, game_id, others, options, bots)
        return planned if isinstance(planned, Reply) else None

    def _planned(self, actor: Actor, game_id: str, others: list[Actor] | None, options: str | dict | None,
                 bots: int, rated: bool = True) -> Reply | tuple[Game, dict, list[Seat], bool]:
        """(engine, options, seats, rated) of a new table, or the refusal."""
        if game_id not in games.ENGINES:
            return refusal(self.t("unknown_game", game=game_id, known=", ".join(games.game_ids())))
        engine = games.get(game_id)
        try:
            chosen = parse_options(options, engine.presets)
            said_rated = chosen.pop("rated", True)  # the table's option, not the engine's
            if not isinstance(said_rated, bool):
                return refusal(self.t("records.bad_rated", value=excerpt(str(said_rated))))
            rated = rated and said_rated
            opts = engine.resolve_options(chosen)
        except ValueError as err:
            return refusal(self.t("new.bad_option_syntax", text=str(err)))
        except RuleError as err:
            return refusal(self.t("new.bad_options", reason=said(getattr(err, "msg", None), str(err), (), self.locale)))
        seats = [Seat(actor.user_id, actor.name)]
        for other in others or []:
            if all(s.user_id != other.user_id for s in seats):
                seats.append(Seat(other.user_id, other.name))
        for _ in range(max(0, bots)):
            seats.append(self._bot_seat(seats))
        if len(seats) > engine.max_players:
            return refusal(self.t("new.too_many", game=engine.name, min=engine.min_players,
                                  max=engine.max_players, count=len(seats)))
        return engine, opts, seats, rated

    async def create(
        self,
        channel_id: int,
        actor: Actor,
        game_id: str,
        others: list[Actor] | None = None,
        options: str | dict | None = None,
        guild_id: int | None = None,
        parent_id: int | None = None,
        bots: int = 0,
        rated: bool = True,
    ) -> Reply:
        """Open a table with the creator (and any named players, and ``bots`` bot seats) seated.
        ``rated`` False (or ``rated=false`` among the options): the results move no rating."""
        planned = self._planned(actor, game_id, others, options, bots, rated)
        if isinstance(planned, Reply):
            return planned
        engine, opts, seats, rated = planned
        async with self.lock(channel_id):
            existing = self._tables.get(channel_id)
            if existing:
                return refusal(self.t("new.busy", game=existing.engine.name, status=existing.record.status))
            now = self.clock.now()
            seed = int(self.seed_source())
            try:
                gid = await self.store.create_game(
                    game_id, engine.version, opts, seed, guild_id, channel_id, actor.user_id,
                    [(s.user_id, s.name) for s in seats], now, parent_id=parent_id, rated=rated,
                )
            except Conflict:  # another process holds the channel
                return refusal(self.t("new.busy", game=engine.name, status="open"))
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            record = await self.store.game(gid)
            table = Table(record, seats)
            self._tables[channel_id] = table
        await self._notify(table, "created")
        lines = [
            self.t("new.created", creator=actor.name, game=engine.name, min=engine.min_players,
                   max=engine.max_players, seated=self._seated(table)),
            self.t("new.how_to_join"),
        ]
        return Reply(public=Post(lines), game_id=gid)

    def _bot_seat(self, seats: list[Seat]) -> Seat:
        uid = bot_user_id([s.user_id for s in seats])
        return Seat(uid, str(self.t("botseat.name", n=-uid)))

    async def add_bot(self, channel_id: int, actor: Actor) -> Reply:
        """A seated player fills the next seat of an open table with a bot."""
        return await self._take_seat(channel_id, actor, bot=True)

    async def join(self, channel_id: int, actor: Actor) -> Reply:
        """The caller takes the next seat of an open table."""
        return await self._take_seat(channel_id, actor, bot=False)

    async def _take_seat(self, channel_id: int, actor: Actor, bot: bool) -> Reply:
        """The next seat of an open table, for the caller or (``bot``: asked by a seated player)
        for a bot."""
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "join.started")
            if why:
                return refusal(why)
            engine = table.engine
            seated = table.seat_of(actor.user_id) is not None
            if seated != bot:  # a player joins once; only a player at the table seats a bot
                return refusal(self.t("botseat.add_not_seated" if bot else "join.already"))
            if len(table.seats) >= engine.max_players:
                return refusal(self.t("join.full", max=engine.max_players))
            seat = self._bot_seat(table.seats) if bot else Seat(actor.user_id, actor.name)
            seats = table.seats + [seat]
            await self.store.set_seats(table.record.id, [(s.user_id, s.name) for s in seats], self.clock.now())
            table.seats = seats
        await self._notify(table, "joined")
        return Reply(public=Post([self.t("join.done", name=seat.name, game=engine.name,
                                            seat=len(seats) - 1, seated=self._seated(table))]),
                     game_id=table.record.id)

    async def leave(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "leave.started")
            if why:
                return refusal(why)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                return refusal(self.t("leave.not_seated"))
            seats = [s for s in table.seats if s.user_id != actor.user_id]
            now = self.clock.now()
            if not seats:
                await self.store.set_status(table.record.id, "aborted", now)
                del self._tables[channel_id]
                closed = True
            else:
                await self.store.set_seats(table.record.id, [(s.user_id, s.name) for s in seats], now)
                table.seats = seats
                closed = False
        await self._notify(table, "aborted" if closed else "left")
        key = "leave.closed" if closed else "leave.done"
        return Reply(public=Post([self.t(key, name=actor.name, seated=self._seated(table))]),
                     game_id=table.record.id)

    async def hand_over(self, game_id: int, seat: int, new: Actor, holder_id: int) -> Reply:
        """Seat ``seat`` of the running game ``game_id`` passes from ``holder_id`` to ``new`` from the
        next move on (``/game replace``: the play-by-post service decided who may). Checked again
        under the table's lock: the game still runs, the seat is still ``holder_id``'s, ``new``
        holds no seat there. The list of holders (who held which seat from which public move
        number) is written with the seat, in one transaction; it is what history and results read."""
        table = next((t for t in self._tables.values() if t.record.id == game_id), None)
        if table is None:
            return refusal(self.t("no_game"))
        async with self.lock(table.record.channel_id):
            if table.record.status != "running" or self._tables.get(table.record.channel_id) is not table:
                return refusal(self.t("no_game"))
            if not 0 <= seat < len(table.seats) or table.seats[seat].user_id != holder_id:
                return refusal(self.t("no_game"))
            if table.seat_of(new.user_id) is not None:
                return refusal(self.t("join.already"))
            old = table.seats[seat]
            held = await holders.read(self.store, game_id)
            if not holders.of_seat(held, seat):
                held.append({"seat": seat, "user_id": old.user_id, "name": old.name, "from": 1})
            held.append({"seat": seat, "user_id": new.user_id, "name": new.name, "from": table.public_n + 1})
            try:
                await self.store.hand_over_seat(game_id, seat, new.user_id, new.name, held, self.clock.now())
            except Conflict:
                return refusal(self.t("join.already"))
            table.seats = [Seat(new.user_id, new.name) if i == seat else s for i, s in enumerate(table.seats)]
        return Reply(game_id=game_id, n=table.public_n)

    async def start(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "start.already")
            if why:
                return refusal(why)
            engine = table.engine
            if table.seat_of(actor.user_id) is None:
                return refusal(self.t("start.not_seated"))
            count = len(table.seats)
            if not engine.min_players <= count <= engine.max_players:
                return refusal(self.t("start.count", game=engine.name, min=engine.min_players,
                                      max=engine.max_players, count=count))
            try:
                state = engine.setup(count, table.record.seed, table.record.options)
            except RuleError as err:
                return refusal(self.t("new.bad_options", reason=said(getattr(err, "msg", None), str(err), (), self.locale)))
            # the start's post is composed on the new state first: it is written with the start
            table.state, table.n = state, 0
            lines = [self.t("start.done", game=engine.name, seating=self._seating(table))]
            post = Post(lines, filename=TURN_PNG, up=table.up(), asks=self.asks(table))
            post.alt = self._alt(table, "start", post)
            if self.render:
                post.draw = lambda _reader=None: self._png(table, None)
            reply = with_buttons(Reply(public=post, game_id=table.record.id, n=0), self.locale)
            at = self.clock.now()
            try:
                await self.store.start_game(table.record.id, [(s.user_id, s.name) for s in table.seats],
                                            snapshot_text(engine, state), engine.version, at,
                                            owed=to_json(post, {"n": 0} if self.render else None) if self.owe else None)
            except StoreUnavailable as err:
                table.state, table.n = None, 0
                return refusal(self.t(f"store.{err.kind}"))
            except BaseException:
                table.state, table.n = None, 0
                raise
            post.owed = (table.record.id, 0) if self.owe else None
            table.record.status = "running"
            table.record.started_at = iso(at)
            table.record.engine_version = engine.version
            await post.render()
        await self._notify(table, "started")
        return reply

    async def abort(self, channel_id: int, actor: Actor, how: str = results.ABORTED) -> Reply:
        """End the channel's game without a result. A game past its start keeps its results rows
        (``how``: aborted, or abandoned when play-by-post closes a stalled game), unrated."""
        async with self.lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None:
                return refusal(self.t("no_game"))
            if actor.user_id != table.record.creator_id and not actor.can_manage:
                return refusal(self.t("abort.denied"))
            at = self.clock.now()
            finish = None
            if table.record.status == "running":
                finish = await finish_of(self.store, table, table.state, how, at)
            await self.store.set_status(table.record.id, "aborted", at, finish=finish)
            table.record.status = "aborted"
            del self._tables[channel_id]
        await self._notify(table, "aborted")
        return Reply(public=Post([self.t("abort.done", name=actor.name, game=table.engine.name,
                                            moves=table.n)]), game_id=table.record.id)

    # --- a game whose channel is gone ----------------------------------------------
    async def orphan(self, game_id: int) -> GameRecord | None:
        """The game's channel or thread was deleted: it waits, paused as orphaned (no longer
        loaded, listed in ``/games`` or counted toward the game limit), until its creator or a
        server manager moves it (``adopt``) or ends it (``abort_paused``). Returns its record."""
        record = await self.store.game(game_id)
        if record is None or record.status not in ("open", "running") or record.paused:
            return None
        async with self.lock(record.channel_id):
            await self.store.set_paused(game_id, "orphaned")
            table = self._tables.get(record.channel_id)
            if table is not None and table.record.id == game_id:
                del self._tables[record.channel_id]
        record.paused = "orphaned"
        log.warning("game %s: its channel %s is gone; paused as orphaned", game_id, record.channel_id)
        if table is not None:
            await self._notify(table, "orphaned")
        return record

    async def _paused(self, game_id: int, actor: Actor, guild_id: int | None) -> tuple[GameRecord | None, str | None]:
        record = await self.store.game(game_id)
        if record is None or not record.paused or record.status not in ("open", "running") or \
                (guild_id is not None and record.guild_id not in (None, guild_id)):
            return None, self.t("orphan.none", id=game_id)
        if actor.user_id != record.creator_id and not actor.can_manage:
            return None, self.t("orphan.denied")
        return record, None

    async def adopt(self, game_id: int, channel_id: int, actor: Actor, guild_id: int | None = None,
                    parent_id: int | None = None) -> Reply:
        """``/game adopt game:<id>``: an orphaned game moves to this channel and goes on."""
        record, why = await self._paused(game_id, actor, guild_id)
        if why:
            return refusal(why)
        async with self.lock(channel_id):
            if channel_id in self._tables or await self.store.active_game(channel_id) is not None:
                return refusal(self.t("orphan.busy"))
            try:
                await self.store.set_paused(game_id, None, channel_id=channel_id, parent_id=parent_id)
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            except Conflict:
                return refusal(self.t("orphan.busy"))
        table = await self.load_game(game_id)
        if table is None:
            return refusal(self.t("orphan.none", id=game_id))
        await self._notify(table, "adopted")
        status = await self.status(channel_id)
        lines = [self.t("orphan.adopted", game=table.engine.name, id=game_id)]
        if status.public is not None:
            status.public.lines[0:0] = lines
            return status
        return Reply(public=Post(lines), game_id=game_id)

    async def abort_paused(self, game_id: int, actor: Actor, guild_id: int | None = None) -> Reply:
        """``/game abort game:<id>``: an orphaned game ends."""
        record, why = await self._paused(game_id, actor, guild_id)
        if why:
            return refusal(why)
        at = self.clock.now()
        finish = None
        if record.status == "running":  # its results rows (aborted, unrated) from its replayed log
            try:
                finish = ratings.finish(await backfill.rows_of(self.store, game_id, results.ABORTED, iso(at)))
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            except Exception as err:  # noqa: BLE001  a log that no longer replays: the backfill CLI tries again
                log.warning("game %s: aborted without results rows (%s)", game_id, err)
        try:
            await self.store.set_status(game_id, "aborted", at, finish=finish)
        except StoreUnavailable as err:
            return refusal(self.t(f"store.{err.kind}"))
        engine = games.get(record.game) if record.game in games.ENGINES else None
        return Reply(private=Post([self.t("orphan.aborted", name=actor.name, game=engine.name if engine else record.game,
                                          id=game_id)]), game_id=game_id)

    def _open(self, channel_id: int, started_key: str) -> tuple[Table | None, str | None]:
        """The channel's table while it is still open for seats; else why not (``started_key`` once it runs)."""
        table = self._tables.get(channel_id)
        if table is None:
            return None, self.t("no_game")
        if table.record.status != "open":
            return table, self.t(started_key)
        return table, None
