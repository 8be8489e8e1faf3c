"""Leagues at the table: a season from sign-up to its last table, and the next one.

``/league new`` opens sign-up (a post with Sign up / Withdraw buttons) until a deadline; the
deadline is a durable timer (``league-deadline``, a timer of the server: the shard holding it
fires it). It draws the season (``draw.py``: divisions from the seeding, tables, seats), writes
the draw and the season's start together, then opens every table as a game in a thread of its
own, seats in the drawn order, and starts it. The same timer finishes the opening after a
restart: a table remembers its thread and its game as soon as each exists, so none is opened
twice. Each table's game gets a ``league-stall`` timer (a timer of that game: it goes when the
game ends); when nothing moved for the league's stall hours the table is reminded in its
thread, and from the second reminder the league's channel is told too.

When a table's game ends (the sessions' observer) the table is marked and the standings
(``standings.py``, from the games' results rows) are posted with their image; when the last
table ends the season is over, with the final standings and who goes up or down. An admin
opens the next season (``/league next``): the last season's players are signed up already
(each may withdraw), newcomers join, and its draw seeds from the last standings. On a start
(``start``), every league of this process's shards is brought in line: a deadline timer for
each league signing up, the opening resumed for a season with tables not open yet, a table
whose game ended meanwhile marked, a stall timer for every table playing.

The service says what to post (``Post``); the Discord layer sends it (``LeagueNotifier``).
What the league owes its channel and threads (the draw, a table opened, a stall reminder, the
standings at a table's end and the season's) is written with what it reports, in the same
transaction (the ``league_posts`` rows), and handed to the one sender after the commit
(``LeagueNotifier.owed``): retried while Discord refuses for a while, sent on start when a
restart came first, never twice. A standings image is drawn again when its post is sent
(``redraw``: the league's standings as they are then).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import games
from games.core.errors import RuleError
from games.core.notation import excerpt

from ...store import StoreUnavailable
from ...store.leagues import CANCELLED, FINISHED, RUNNING, SIGNUP, League, LeaguePlayer, NewLeague
from ...store.records import iso
from ...words.i18n import said, t
from .. import timers
from ..bot_seats import is_bot, mention
from ..posts import Button, Post, to_json
from ..sessions import Actor, SessionManager, Table, parse_options
from . import draw as drawing
from . import standings as ranking
from .standings import Standing

log = logging.getLogger(__name__)

HOUR = 3600.0
#: Designed: sign-up stays open this long by default (``signup-hours``), and at most this long
SIGNUP_HOURS, MAX_SIGNUP_HOURS = 48.0, 24 * 14.0
#: Designed: a table without a move this long is reminded (``stall-hours``), then again as long after
STALL_HOURS = 72.0
#: Designed: too few players at the deadline: sign-up stays open this much longer
EXTEND_HOURS = 24.0
#: the most tables a player may be asked to play in one season, and divisions a league may have
MAX_PER_PLAYER, MAX_DIVISIONS = 12, 12
#: a season's name: at most this many characters
NAME_MAX = 60
#: the images show every division while there are at most this many players; else one division
IMAGE_ROWS = 24

DEADLINE, STALL = "league-deadline", "league-stall"


class LeagueNotifier:
    """How the service's posts leave (the Discord layer's ``bot.discord.cogs.leagues``)."""

    async def post(self, post: Post) -> int | None:
        """``post`` in ``post.channel_id``; the message's id (None: it could not be posted)."""
        raise NotImplementedError

    async def edit(self, channel_id: int, message_id: int, post: Post) -> bool:
        """The message rewritten as ``post`` (its text and buttons)."""
        raise NotImplementedError

    async def open_thread(self, channel_id: int, name: str) -> int | None:
        """A public thread under the channel; its id (None: not allowed there)."""
        raise NotImplementedError

    async def send(self, post: Post) -> bool:
        """A post without an interaction through the one sender (a turn post: its buttons follow)."""
        raise NotImplementedError

    async def keep_thread(self, game_id: int, thread_id: int) -> None:
        """The game's thread kept from auto-archiving while it runs (play-by-post's keep-alive)."""

    async def owed(self, league_id: int) -> list[str]:
        """The league's posts written and not delivered yet (``league_posts``), to the one sender:
        sent now, or retried until Discord takes them (``bot.discord.outbox``). Returns what
        became of each, in order: "sent", "retry" (Discord refused for a while), or "gone",
        "denied", "dead" (never: the row is marked)."""
        raise NotImplementedError


@dataclass
class LeagueReply:
    """What a league command or button answers: ``private`` for the caller, ``public`` for the
    channel, ``edit``: the clicked sign-up post as it now reads."""

    ok: bool = True
    private: str | None = None
    public: Post | None = None
    edit: Post | None = None
    league_id: int | None = None
    files: list = field(default_factory=list)


def _no(text: str) -> LeagueReply:
    return LeagueReply(ok=False, private=text)


def epoch(iso: str) -> int:
    return int(datetime.fromisoformat(iso).timestamp())


class Leagues:
    """The league service of one bot process."""

    def __init__(self, sessions: SessionManager, dispatcher: timers.Dispatcher, notifier: LeagueNotifier,
                 clock=None):
        self.sessions = sessions
        self.store = sessions.store
        self.dispatcher = dispatcher
        self.notifier = notifier
        self.clock = clock or sessions.clock
        self.seed_source: Callable[[], int] = lambda: secrets.randbelow(2**31)
        dispatcher.on(DEADLINE, self._on_deadline)
        dispatcher.on(STALL, self._on_stall)
        sessions.observers.append(self.observe)
        #: work started by the observer (a table's end), awaited by ``settle`` and at close
        self._jobs: set[asyncio.Task] = set()

    # --- helpers ----------------------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return t(f"league.{key}", self.sessions.locale, **kw)

    def now(self) -> datetime:
        return self.clock.now()

    async def _timer(self, kind: str, due: float, key: str, guild_id: int | None = None,
                     game_id: int | None = None, payload: dict | None = None) -> None:
        """A durable timer (replacing the one of the same key), written on the database thread."""
        await self.dispatcher.io(self.dispatcher.add, kind, due, payload or {}, key, game_id, None, guild_id,
                                 write=True)

    async def _missing(self, key: str) -> bool:
        return await self.dispatcher.io(self.dispatcher.store.get, key) is None

    async def _deadline_timer(self, league: League, due: float | None = None) -> None:
        when = due if due is not None else timers.epoch(datetime.fromisoformat(league.deadline))
        await self._timer(DEADLINE, when, f"{DEADLINE}:{league.id}", guild_id=league.guild_id,
                          payload={"league": league.id})

    def _owed(self, post: Post, image: dict | None = None) -> tuple[int, str]:
        """A post as a ``league_posts`` row: (its channel, its JSON); ``image``: how to draw it
        again when sent (``redraw``)."""
        return post.channel_id, to_json(post, image)

    async def redraw(self, image: dict, locale: str | None = None) -> bytes | None:
        """The standings image of an owed post, drawn as the standings are now."""
        league = await self.store.league(int(image["league"]))
        if league is None:
            return None
        post = await self.standings_post(league, division=image.get("division"), final=bool(image.get("final")))
        return await post.draw(locale) if post.draw is not None else None

    async def settle(self) -> None:
        """Wait for the work the observer started (tests, and before closing)."""
        while self._jobs:
            await asyncio.gather(*list(self._jobs), return_exceptions=True)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    # --- creating a league ------------------------------------------------------------------
    async def new(self, guild_id: int | None, channel_id: int, actor: Actor, game: str, size: int, name: str,
                  per_player: int = 2, options: str | None = None, divisions: int = 1,
                  signup_hours: float = SIGNUP_HOURS, stall_hours: float = STALL_HOURS) -> LeagueReply:
        """``/league new``: a season taking sign-ups; the sign-up post is ``public``."""
        if guild_id is None:
            return _no(self.t("no_server"))
        if not actor.can_manage:
            return _no(self.t("denied"))
        game = (game or "").strip().lower()
        if game not in games.ENGINES:
            return _no(t("unknown_game", self.sessions.locale, game=excerpt(game), known=", ".join(games.game_ids())))
        engine = games.get(game)
        if not engine.min_players <= size <= engine.max_players:
            return _no(self.t("bad_size", game=engine.name, min=engine.min_players, max=engine.max_players, n=size))
        name = " ".join((name or "").split())
        if not name or len(name) > NAME_MAX:
            return _no(self.t("bad_name", max=NAME_MAX))
        if not 1 <= per_player <= MAX_PER_PLAYER:
            return _no(self.t("bad_per_player", max=MAX_PER_PLAYER))
        if not 1 <= divisions <= MAX_DIVISIONS:
            return _no(self.t("bad_divisions", max=MAX_DIVISIONS))
        if not 1 <= signup_hours <= MAX_SIGNUP_HOURS or not 1 <= stall_hours <= 24 * 30:
            return _no(self.t("bad_hours", max=int(MAX_SIGNUP_HOURS)))
        chosen, why = self._options(engine, options)
        if why:
            return _no(why)
        now = self.now()
        new = NewLeague(guild_id, channel_id, game, name, size, per_player, divisions, chosen, stall_hours,
                        now + timedelta(hours=signup_hours), int(self.seed_source()), actor.user_id)
        return await self._open_signup(new)

    def _options(self, engine, text: str | dict | None) -> tuple[dict, str | None]:
        """The tables' options as ``/game new`` takes them, or why not (the same words)."""
        try:
            chosen = parse_options(text)
        except ValueError as err:
            return {}, t("new.bad_option_syntax", self.sessions.locale, text=str(err))
        rated = chosen.pop("rated", True)
        if not isinstance(rated, bool):
            return {}, t("records.bad_rated", self.sessions.locale, value=excerpt(str(rated)))
        try:
            resolved = engine.resolve_options(chosen)
        except RuleError as err:
            return {}, t("new.bad_options", self.sessions.locale,
                         reason=said(getattr(err, "msg", None), str(err), (), self.sessions.locale))
        if rated is False:
            resolved = {**resolved, "rated": False}
        return resolved, None

    async def _open_signup(self, new: NewLeague) -> LeagueReply:
        """The league written with its sign-up post (one transaction), then the post sent: a
        post Discord will never take calls the league off; one it refuses for a while is retried
        and the caller told it is on its way."""
        now = self.now()

        def owed(league_id: int) -> list[tuple[int, str]]:
            league = League(league_id, new.guild_id, new.channel_id, new.game, new.name, new.season, new.previous_id,
                            new.size, new.per_player, new.divisions, dict(new.options), new.stall_hours, SIGNUP,
                            iso(new.deadline), new.seed, new.creator_id, None, iso(now), None, None)
            names = [name for _u, name in sorted(new.players)]  # as ``league_players`` lists them: signed together
            return [self._owed(self._signup(league, names))]

        try:
            league_id = await self.store.create_league(new, now, owed_by=owed)
        except StoreUnavailable as err:
            return _no(t(f"store.{err.kind}", self.sessions.locale))
        league = await self.store.league(league_id)
        await self._deadline_timer(league)
        went = await self.notifier.owed(league_id)
        if went and went[0] in ("gone", "denied", "dead"):
            await self.unposted(league_id)
            return LeagueReply(ok=False, private=t("error.cannot_post", self.sessions.locale), league_id=league_id)
        created = self.t("created", name=league.name)
        if went and went[0] == "retry":
            created = self.t("created_later", name=league.name)
        return LeagueReply(private=created, league_id=league_id)

    async def unposted(self, league_id: int) -> None:
        """The sign-up post could not go out (no right to post there): the league is called off."""
        await self.store.cancel_league(league_id, self.now())
        await self.dispatcher.io(self.dispatcher.cancel, f"{DEADLINE}:{league_id}", write=True)

    async def posted_signup(self, league_id: int, message_id: int | None) -> None:
        """The sign-up post went out as ``message_id`` (it is edited as players come and go; one
        delivered late, after sign-up closed, is brought up to date at once)."""
        if message_id is not None:
            await self.store.set_league_message(league_id, message_id)
            league = await self.store.league(league_id)
            if league is not None and league.status != SIGNUP:
                await self._refresh_signup(league_id)

    def _about(self, league: League) -> list[str]:
        engine = games.get(league.game)
        lines = [self.t("signup.title", name=league.name, game=engine.name, season=league.season),
                 self.t("signup.shape", size=league.size, n=league.per_player)]
        if league.divisions > 1:
            lines.append(self.t("signup.divisions", divisions=league.divisions))
        defaults = {o.name: o.default for o in engine.options}
        shown = {k: v for k, v in league.options.items() if k not in defaults or defaults[k] != v}
        if shown:
            lines.append(self.t("signup.options", options=" ".join(f"`{k}={v}`" for k, v in sorted(shown.items()))))
        return lines

    async def signup_post(self, league: League) -> Post:
        """The sign-up post as it reads now: the league, the deadline, who is in, the buttons."""
        players = await self.store.league_players(league.id)
        return self._signup(league, [p.display_name for p in players])

    def _signup(self, league: League, names: list[str]) -> Post:
        """The sign-up post of ``league`` with ``names`` signed up."""
        lines = self._about(league)
        if league.status == SIGNUP:
            when = epoch(league.deadline)
            lines.append(self.t("signup.deadline", at=f"<t:{when}:F>", left=f"<t:{when}:R>"))
        if names:
            lines.append(self.t("signup.players", n=len(names), names=names))
        else:
            lines.append(self.t("signup.nobody"))
        if league.status == SIGNUP:
            if league.previous_id is not None:
                lines.append(self.t("signup.carried"))
            lines.append(self.t("signup.rules"))
            buttons = [Button("league_join", (league.id,), self.t("button.join"), "success"),
                       Button("league_leave", (league.id,), self.t("button.leave"), "secondary")]
        else:
            lines.append(self.t("signup.closed") if league.status != CANCELLED else self.t("signup.cancelled"))
            buttons = []
        return Post(lines, buttons=buttons, channel_id=league.channel_id)

    # --- signing up ---------------------------------------------------------------------------
    async def sign_up(self, league_id: int, actor: Actor) -> LeagueReply:
        """The Sign up button."""
        try:
            got = await self.store.sign_up(league_id, actor.user_id, actor.name, self.now())
        except StoreUnavailable as err:
            return _no(t(f"store.{err.kind}", self.sessions.locale))
        return await self._signed(league_id, got, {"joined": "joined", "already": "already_in"})

    async def withdraw(self, league_id: int, actor: Actor) -> LeagueReply:
        """The Withdraw button."""
        try:
            got = await self.store.withdraw(league_id, actor.user_id)
        except StoreUnavailable as err:
            return _no(t(f"store.{err.kind}", self.sessions.locale))
        return await self._signed(league_id, got, {"left": "left", "not_in": "not_in"})

    async def _signed(self, league_id: int, got: str, said_: dict[str, str]) -> LeagueReply:
        league = await self.store.league(league_id)
        if league is None:
            return _no(self.t("missing"))
        edit = await self.signup_post(league)
        if got == "closed":
            return LeagueReply(ok=False, private=self.t("closed", name=league.name), edit=edit, league_id=league_id)
        when = epoch(league.deadline)
        ok = got in ("joined", "left")
        return LeagueReply(ok=ok, private=self.t(said_[got], name=league.name, at=f"<t:{when}:F>"),
                           edit=edit if ok else None, league_id=league_id)

    # --- the deadline: the draw, then the tables -----------------------------------------------
    async def draw_now(self, league_id: int, actor: Actor) -> LeagueReply:
        """``/league draw``: the deadline brought forward to now (the timer does the rest)."""
        league = await self.store.league(league_id)
        if league is None:
            return _no(self.t("missing"))
        if not actor.can_manage:
            return _no(self.t("denied"))
        if league.status != SIGNUP:
            return _no(self.t("not_signing_up", name=league.name))
        now = self.now()
        await self.store.move_league_deadline(league_id, now)
        await self._deadline_timer(league, timers.epoch(now))
        return LeagueReply(private=self.t("drawing", name=league.name), league_id=league_id)

    async def cancel(self, league_id: int, actor: Actor) -> LeagueReply:
        """``/league cancel``: a league still signing up is called off."""
        league = await self.store.league(league_id)
        if league is None:
            return _no(self.t("missing"))
        if not actor.can_manage:
            return _no(self.t("denied"))
        if not await self.store.cancel_league(league_id, self.now()):
            return _no(self.t("not_signing_up", name=league.name))
        await self.dispatcher.io(self.dispatcher.cancel, f"{DEADLINE}:{league_id}", write=True)
        await self._refresh_signup(league_id)
        return LeagueReply(private=self.t("cancelled", name=league.name),
                           public=Post([self.t("cancelled_post", name=league.name, who=actor.name)],
                                       channel_id=league.channel_id), league_id=league_id)

    async def _refresh_signup(self, league_id: int) -> None:
        league = await self.store.league(league_id)
        if league is not None and league.message_id:
            await self.notifier.edit(league.channel_id, league.message_id, await self.signup_post(league))

    async def _on_deadline(self, timer: timers.Timer) -> None:
        league = await self.store.league(int(timer.payload["league"]))
        if league is None or league.status not in (SIGNUP, RUNNING):
            return
        if league.status == SIGNUP:
            if not await self._draw(league):
                return
            league = await self.store.league(league.id)
        await self._open_tables(league)

    async def _seeding(self, league: League, players: list[LeaguePlayer]) -> list[int]:
        """The season's seeding order: a first season by rating (then sign-up order); a next season
        by the last one's standings with promotion and relegation, newcomers after them."""
        signed = [p.user_id for p in players]
        rated = await self.store.league_ratings(league.game, league.guild_id, signed)
        if league.previous_id is None:
            return ranking.seed_order(signed, rated)
        last = await self.store.league(league.previous_id)
        tables = await self.standings(last) if last is not None else []
        before = [[row.user_id for row in division] for division in tables]
        known = {u for division in before for u in division}
        newcomers = ranking.seed_order([u for u in signed if u not in known], rated)
        return ranking.next_order(before, signed, newcomers)

    async def _draw(self, league: League) -> bool:
        """Sign-up is over: draw the season and write it (once), or give sign-up more time."""
        players = await self.store.league_players(league.id)
        engine = games.get(league.game)
        if len(players) < league.size:
            due = self.now() + timedelta(hours=EXTEND_HOURS)
            told = Post([self.t("too_few", name=league.name, n=len(players), size=league.size,
                                hours=int(EXTEND_HOURS))], channel_id=league.channel_id)
            await self.store.move_league_deadline(league.id, due, owed=[self._owed(told)], at=self.now())
            await self._deadline_timer(league, timers.epoch(due))
            await self._refresh_signup(league.id)
            await self.notifier.owed(league.id)
            return False
        order = await self._seeding(league, players)
        divisions = drawing.split(order, league.divisions, league.size, league.per_player)
        season = await asyncio.to_thread(drawing.draw_season, divisions, league.size, league.per_player,
                                         engine.min_players, league.seed)
        seeds = {u: i + 1 for i, u in enumerate(order)}
        places = [(u, seeds[u], d + 1) for d, members in enumerate(divisions) for u in members]
        tables = [(tb.division, tb.number, list(tb.seats), tb.bots) for tb in season.tables]
        names = {p.user_id: p.display_name for p in players}
        owed = [self._owed(post) for post in self._draw_posts(league, divisions, season, names)]
        if not await self.store.start_league(league.id, places, tables, self.now(), owed=owed):
            return False  # drawn already (another process, or an earlier run of this timer)
        await self._refresh_signup(league.id)
        await self.notifier.owed(league.id)
        return True

    def _draw_posts(self, league: League, divisions: list[list[int]], season: drawing.Draw,
                    names: dict[int, str]) -> list[Post]:
        lines = [self.t("drawn", name=league.name, n=sum(len(d) for d in divisions), tables=len(season.tables),
                        divisions=len(divisions))]
        for d, members in enumerate(divisions, start=1):
            lines.append(self.t("drawn.division", division=d, n=len(members), names=[names[u] for u in members]))
        lines.append(self.t("drawn.threads"))
        posts, chunk = [], []
        for line in lines:  # a message holds 2000 characters: the divisions over as many as it takes
            if chunk and sum(len(x) + 1 for x in chunk) + len(line) > 1800:
                posts.append(Post(chunk, channel_id=league.channel_id))
                chunk = []
            chunk.append(line)
        posts.append(Post(chunk, channel_id=league.channel_id))
        return posts

    async def _open_tables(self, league: League) -> None:
        """Open every table of the season not open yet (a failed one raises: the timer tries again)."""
        players = {p.user_id: p.display_name for p in await self.store.league_players(league.id)}
        for table in await self.store.league_tables(league.id):
            if table.game_id is None:
                await self._open_table(league, table, players)

    async def _open_table(self, league: League, table, names: dict[int, str]) -> None:
        thread = table.thread_id
        if thread is None:
            title = str(self.t("thread", name=league.name, division=table.division, number=table.number))
            thread = await self.notifier.open_thread(league.channel_id, title)
            if thread is None:
                raise RuntimeError(f"league {league.id}: no thread for table {table.division}.{table.number}")
            await self.store.set_league_thread(league.id, table.division, table.number, thread)
        seated = [Actor(u, names.get(u, str(u))) for u in table.seats]
        here = self.sessions.table(thread)
        if here is None:
            reply = await self.sessions.create(thread, seated[0], league.game, seated[1:], dict(league.options),
                                               guild_id=league.guild_id, parent_id=league.channel_id,
                                               bots=table.bots)
            if not reply.ok:
                raise RuntimeError(f"league {league.id}: table {table.division}.{table.number}: {reply.text}")
            here = self.sessions.table(thread)
        start = None
        if here.record.status == "open":
            start = await self.sessions.start(thread, seated[0])
            if not start.ok:
                raise RuntimeError(f"league {league.id}: table {table.division}.{table.number}: {start.text}")
        game_id = here.record.id
        who = [mention(u, names.get(u, str(u))) for u in table.seats]
        opened = Post([self.t("table.opened", name=league.name, division=table.division, number=table.number,
                              who=who, hours=int(league.stall_hours))], channel_id=thread, mentions=list(table.seats))
        await self.store.set_league_game(league.id, table.division, table.number, game_id,
                                         owed=[self._owed(opened)], at=self.now())
        await self.notifier.keep_thread(game_id, thread)
        await self._stall_timer(game_id, league.stall_hours)
        await self.notifier.owed(league.id)
        if start is not None and start.public is not None:
            start.public.channel_id, start.public.board_of = thread, game_id
            await self.notifier.send(start.public)

    # --- stalled tables -------------------------------------------------------------------------
    async def _stall_timer(self, game_id: int, hours: float, since: datetime | None = None) -> None:
        due = timers.epoch(since or self.now()) + hours * HOUR
        await self._timer(STALL, due, f"{STALL}:{game_id}", game_id=game_id, payload={"game": game_id})

    async def _on_stall(self, timer: timers.Timer) -> None:
        game_id = int(timer.payload["game"])
        table = await self.store.league_table_of_game(game_id)
        activity = await self.store.game_activity(game_id)
        if table is None or table.status != "playing" or activity is None or activity[0] != "running":
            return
        league = await self.store.league(table.league_id)
        if league is None:
            return
        last = datetime.fromisoformat(activity[1])
        quiet = (self.now() - last).total_seconds()
        if quiet < league.stall_hours * HOUR - 1:  # it moved since: look again a stall's time after its last move
            await self._stall_timer(game_id, league.stall_hours, since=last)
            return
        playing = await self.sessions.load_game(game_id)
        up = playing.up() if playing is not None else []
        people = [(u, n) for u, n in up if not is_bot(u)]
        hours = int(quiet // HOUR)
        reminder = self._owed(Post([self.t("stall.table", name=league.name, division=table.division,
                                           number=table.number, hours=hours,
                                           who=[mention(u, n) for u, n in people] or ["-"])],
                                   channel_id=table.thread_id, mentions=[u for u, _ in people]))

        def owed(count: int) -> list[tuple[int, str]]:
            """The table's reminder; from the second one, the league's channel is told too."""
            if count < 2:
                return [reminder]
            return [reminder, self._owed(Post([self.t("stall.league", name=league.name, division=table.division,
                                                      number=table.number, days=round(quiet / 86400, 1),
                                                      thread=f"<#{table.thread_id}>", n=count)],
                                              channel_id=league.channel_id))]

        await self.store.league_reminded(game_id, league.id, owed, at=self.now())
        await self._stall_timer(game_id, league.stall_hours)
        await self.notifier.owed(league.id)

    # --- a table ends -------------------------------------------------------------------------------
    async def observe(self, table: Table, what: str) -> None:
        if what in ("finished", "aborted"):
            self._spawn(self._table_over(table.record.id, what))

    async def _table_over(self, game_id: int, what: str) -> None:
        try:
            await self.table_over(game_id, what)
        except Exception:  # a start brings it in line later
            log.exception("league table of game %s: its end was not recorded", game_id)

    async def table_over(self, game_id: int, what: str) -> None:
        """The game of a league table ended: mark the table, post the standings, end the season
        with its last table."""
        rows = [r for r in await self.store.results(game_id)]
        if what == "finished":
            status = "finished"
        else:
            status = rows[0].ended if rows else "aborted"
        table = await self.store.league_table_of_game(game_id)
        league = await self.store.league(table.league_id) if table is not None else None
        if table is None or league is None or table.status != "playing":
            await self.store.end_league_table(game_id, status)  # a table ended before (or none): nothing owed
            return
        # both posts are worded before the write; the write keeps the one that is true then
        tables = await self.store.league_tables(league.id)
        left = sum(1 for x in tables if x.status in ("drawn", "playing") and x.game_id != game_id)
        if status == "finished":
            finish = [f"{r.rank}. {r.display_name} ({r.score})" for r in sorted(rows, key=lambda r: (r.rank or 99, r.seat))]
            lines = [self.t("table.finished", name=league.name, division=table.division, number=table.number,
                            places=finish)]
        else:
            lines = [self.t("table.unplayed", name=league.name, division=table.division, number=table.number)]
        standing = await self.standings_post(league, division=table.division,
                                             lines=[*lines, self.t("table.left", n=max(1, left))], ending=game_id)
        final = await self.standings_post(league, lines=[*lines, self.t("season.over", name=league.name)],
                                          final=True)
        owed = {False: self._owed(standing, {"league": league.id, "division": table.division}),
                True: self._owed(final, {"league": league.id, "final": True})}
        ended = await self.store.end_league_table(game_id, status, lambda n: [owed[n == 0]], at=self.now())
        if ended is None:
            return
        await self.dispatcher.io(self.dispatcher.cancel, f"{STALL}:{game_id}", write=True)
        await self.notifier.owed(league.id)

    # --- standings -----------------------------------------------------------------------------------
    async def standings(self, league: League) -> list[list[Standing]]:
        """Each division's standings (the top one first), from the season's results rows."""
        players = await self.store.league_players(league.id)
        results = await self.store.league_results(league.id)
        count = max([p.division or 1 for p in players] or [1])
        out = []
        for d in range(1, count + 1):
            members = sorted((p for p in players if (p.division or 1) == d), key=lambda p: (p.seed or 0, p.signed_at))
            seats = [ranking.Seat((r.division, r.number), r.user_id, r.rank if r.ended == "finished" else None, r.score)
                     for r in results if r.division == d]
            out.append(ranking.standings(ranking.Division(d, [(p.user_id, p.display_name, p.seed or i + 1)
                                                              for i, p in enumerate(members)], seats, league.size)))
        return out

    def zones(self, divisions: list[list[Standing]]) -> dict[int, str]:
        """Who goes up ("up") or down ("down") if the season ended as it stands."""
        out: dict[int, str] = {}
        for d in range(len(divisions) - 1):
            m = ranking.movers(len(divisions[d]), len(divisions[d + 1]))
            for row in divisions[d][len(divisions[d]) - m:]:
                out[row.user_id] = "down"
            for row in divisions[d + 1][:m]:
                out[row.user_id] = "up"
        return out

    async def standings_post(self, league: League, division: int | None = None, lines: list[str] | None = None,
                             final: bool = False, channel_id: int | None = None, ending: int | None = None) -> Post:
        """The standings as a post: ``lines``, the image (one division, or all while they fit), the
        tables still to play (their threads), and at the season's end who goes up or down.
        ``ending``: the game of a table ending now (not listed as still to play)."""
        table = await self.standings(league)
        zones = self.zones(table)
        shown = list(range(1, len(table) + 1))
        if division is not None and sum(len(d) for d in table) > IMAGE_ROWS:
            shown = [division]
        lines = list(lines or [])
        if not lines:
            lines.append(self.t("standings.title", name=league.name, season=league.season))
        tables = await self.store.league_tables(league.id)
        playing = [x for x in tables if x.status == "playing" and x.thread_id and x.game_id != ending]
        if league.status == RUNNING and playing and not final:
            lines.append(self.t("standings.playing", threads=[f"<#{x.thread_id}>" for x in playing[:20]],
                                n=len(playing)))
        if league.status == SIGNUP:
            lines.append(self.t("standings.signup"))
        if final or league.status == FINISHED:
            names = {row.user_id: row.name for d in table for row in d}
            up = [names[u] for u, z in zones.items() if z == "up"]
            down = [names[u] for u, z in zones.items() if z == "down"]
            if up:
                lines.append(self.t("season.moves", up=up, down=down or ["-"]))
            lines.append(self.t("season.next"))
        done = sum(1 for x in tables if x.status not in ("drawn", "playing"))
        game_name = games.get(league.game).name
        rows = [(d, table[d - 1]) for d in shown]
        status = league.status

        async def draw(locale: str | None = None) -> bytes | None:
            try:
                return await asyncio.to_thread(_standings_png, league.name, game_name, league.season, status, done,
                                               len(tables), rows, zones, len(table), locale)
            except Exception:  # a drawing bug must not cost the post
                log.exception("the standings image of league %s failed", league.id)
                return None

        post = Post(lines, channel_id=channel_id or league.channel_id, filename="standings.png")
        if self.sessions.render and status != SIGNUP:
            post.draw = draw
        return post

    # --- the next season ---------------------------------------------------------------------------
    async def next_season(self, league_id: int, actor: Actor, name: str, signup_hours: float = SIGNUP_HOURS,
                          channel_id: int | None = None) -> LeagueReply:
        """``/league next``: a season seeded from this finished one, its players signed up already."""
        last = await self.store.league(league_id)
        if last is None:
            return _no(self.t("missing"))
        if not actor.can_manage:
            return _no(self.t("denied"))
        if last.status != FINISHED:
            return _no(self.t("no_next" if last.status == CANCELLED else "not_finished", name=last.name))
        if await self.store.next_season(league_id) is not None:
            return _no(self.t("has_next", name=last.name))
        name = " ".join((name or "").split())
        if not name or len(name) > NAME_MAX:
            return _no(self.t("bad_name", max=NAME_MAX))
        if not 1 <= signup_hours <= MAX_SIGNUP_HOURS:
            return _no(self.t("bad_hours", max=int(MAX_SIGNUP_HOURS)))
        players = await self.store.league_players(league_id)
        now = self.now()
        new = NewLeague(last.guild_id, last.channel_id, last.game, name, last.size, last.per_player, last.divisions,
                        dict(last.options), last.stall_hours, now + timedelta(hours=signup_hours),
                        int(self.seed_source()), actor.user_id, season=last.season + 1, previous_id=last.id,
                        players=tuple((p.user_id, p.display_name) for p in players))
        return await self._open_signup(new)

    # --- after a start ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Bring this process's leagues in line after a (re)start (see the module's docstring)."""
        for league in await self.store.active_leagues(self.sessions.shards):
            try:
                await self._resume(league)
            except Exception:
                log.exception("league %s could not be resumed", league.id)

    async def _resume(self, league: League) -> None:
        """A timer that is there already stays as it is (a stall timer counts from its last reminder)."""
        if league.status == SIGNUP:
            if await self._missing(f"{DEADLINE}:{league.id}"):
                await self._deadline_timer(league)
            return
        tables = await self.store.league_tables(league.id)
        if any(x.game_id is None for x in tables):
            await self._deadline_timer(league, timers.epoch(self.now()))  # the opening goes on
        for x in tables:
            if x.status != "playing" or x.game_id is None:
                continue
            activity = await self.store.game_activity(x.game_id)
            if activity is None:
                continue
            if activity[0] not in ("open", "running"):
                await self.table_over(x.game_id, "finished" if activity[0] == "finished" else "aborted")
            elif await self._missing(f"{STALL}:{x.game_id}"):
                await self._stall_timer(x.game_id, league.stall_hours, since=datetime.fromisoformat(activity[1]))
        left = [x for x in await self.store.league_tables(league.id) if x.status in ("drawn", "playing")]
        if tables and not left:
            final = await self.standings_post(league, lines=[self.t("season.over", name=league.name)], final=True)
            if await self.store.finish_league(league.id, self.now(),
                                              owed=[self._owed(final, {"league": league.id, "final": True})]):
                await self.notifier.owed(league.id)

    # --- finding a league ---------------------------------------------------------------------------
    async def choices(self, guild_id: int | None, typed: str = "") -> list[tuple[str, int]]:
        """(label, id) of the server's leagues for autocomplete, newest first."""
        if guild_id is None:
            return []
        typed = typed.lower().strip()
        out = []
        for league in await self.store.guild_leagues(guild_id):
            label = str(self.t("choice", name=league.name, game=games.get(league.game).name, season=league.season,
                               status=t(f"league.status.{league.status}", self.sessions.locale)))
            if typed in label.lower() or typed == str(league.id):
                out.append((label[:100], league.id))
        return out

    async def pick(self, guild_id: int | None, channel_id: int, league_id: int | None) -> League | None:
        """The league a command means: the one named, else this channel's newest (a table's thread
        counts as its league's channel), else the server's newest."""
        if guild_id is None:
            return None
        if league_id is not None:
            league = await self.store.league(league_id)
            return league if league is not None and league.guild_id == guild_id else None
        leagues = [x for x in await self.store.guild_leagues(guild_id) if x.status != CANCELLED]
        here = self.sessions.table(channel_id)
        parent = here.record.parent_id if here is not None else None
        for league in leagues:
            if league.channel_id in (channel_id, parent):
                return league
        return leagues[0] if leagues else None


def _standings_png(name: str, game: str, season: int, status: str, done: int, total: int,
                   rows: list[tuple[int, list[Standing]]], zones: dict[int, str], divisions: int,
                   locale: str | None) -> bytes:
    """The standings image, its words in ``locale`` (drawn off the loop)."""
    from renderers import league as picture

    def w(key: str, **kw) -> str:
        return str(t(f"league.{key}", locale, **kw))

    sections = []
    for d, division in rows:
        title = w("image.division", division=d) if divisions > 1 else w("image.table")
        sections.append(picture.Section(title, [
            picture.Row(r.place, r.name, str(r.played), ranking.shown(r.points), str(r.wins), str(r.score),
                        zones.get(r.user_id, "")) for r in division]))
    headers = {"place": "#", "name": w("image.player"), "played": w("image.played"), "wins": w("image.wins"),
               "score": w("image.score"), "points": w("image.points")}
    footer = [w("image.tiebreaks")]
    if divisions > 1:
        footer.append(w("image.zones"))
    subtitle = w("image.subtitle", game=game, season=season, done=done, total=total,
                 status=t(f"league.status.{status}", locale))
    return picture.render(name, subtitle, headers, sections, footer)
