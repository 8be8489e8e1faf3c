"""The Discord client: opens the store, reloads running games, registers commands.

No privileged intents: slash commands only need the ``guilds`` intent.
Commands are synced to Discord only when asked (``python -m bot --sync``),
never on every start (syncing is rate-limited and global sync is slow).
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import discord
from discord import app_commands

import games

from .. import observe
from ..config import Settings
from ..store import Store, StoreUnavailable, open_store
from ..store.shards import Shards
from ..table import bot_seats, render_pool
from ..table import extras as game_ui
from ..table.records import backfill
from ..table.sessions import Clock, SessionManager
from ..words.i18n import t
from . import components, lifecycle
from .cogs.table import setup_commands
from .glue import CatalogTranslator, user_locale_now
from .outbox import Outbox
from .send import followup
from .tracing import trace_interactions

log = logging.getLogger(__name__)

#: Optional modules layered on the core bot (play-by-post, ...). Each exposes
#: ``async def setup(bot)`` that may add commands to ``bot.tree`` and observers
#: to ``bot.table.sessions``; a module that is not there is skipped.
EXTENSIONS: tuple[str, ...] = ("bot.discord.cogs.pbp", "bot.discord.cogs.records", "bot.discord.cogs.leagues")


class Tree(app_commands.CommandTree):
    """Logs unexpected command errors and tells the caller, privately; refuses a command used
    where it is not meant to be (a server's command in a DM, from a registration Discord kept)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command
        root = getattr(command, "root_parent", None) or command
        contexts = getattr(root, "allowed_contexts", None)
        if interaction.guild_id is not None or contexts is None or contexts.dm_channel:
            return True
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.send_message(t("limit.dm", user_locale_now(interaction)), ephemeral=True)
        return False

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, StoreUnavailable):  # the database refused the write: say why, nothing changed
            log.warning("command %s: the store refused (%s)", getattr(interaction.command, "qualified_name", "?"),
                        original)
            text = t(f"store.{original.kind}", user_locale_now(interaction))
        elif isinstance(original, discord.HTTPException):  # Discord refused an answer: what was asked may be done
            log.warning("command %s: Discord refused an answer (%s)",
                        getattr(interaction.command, "qualified_name", "?"), original)
            text = t("error.discord", user_locale_now(interaction), status=original.status)
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
            text = t("error.internal", user_locale_now(interaction))
        try:
            if interaction.response.is_done():
                await followup(interaction, text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


def answer_refused(item: type) -> type:
    """Guard a component's callback: when Discord refuses its answer (a 429 or 5xx on the
    interaction's callback, a token already answered or expired) the click is not our fault and
    nothing more can be done for it: a warning, and a line to the clicker when a follow-up still
    can reach them, instead of discord.py's "Ignoring exception" ERROR. Done once per class."""
    callback = item.callback
    if getattr(callback, "_answer_refused", False):
        return item

    async def guarded(self, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except discord.HTTPException as err:
            custom_id = str((interaction.data or {}).get("custom_id", ""))[:100]
            log.warning("a click on %r: Discord refused an answer (%s)", custom_id, err)
            if interaction.response.is_done() and err.code not in (10015, 10062, 40060):  # the token still works
                try:
                    await followup(interaction, t("error.discord", user_locale_now(interaction), status=err.status),
                                   ephemeral=True)
                except discord.HTTPException:
                    pass

    guarded._answer_refused = True  # type: ignore[attr-defined]
    guarded.__doc__ = callback.__doc__
    item.callback = guarded
    return item


def warm_engines() -> list[str]:
    """Import every engine and its table extras now, at start: otherwise the first /help (or game
    autocomplete) after a start imports all five before answering (150-450 ms of the 3 s budget)."""
    for game_id in games.game_ids():
        games.get(game_id)
        game_ui.help_text(game_id)
    return games.game_ids()


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


#: seconds a shutdown gives the posts still owed to reach Discord
OUTBOX_FLUSH = 3.0
#: how long Discord may deliver an interaction again (its token's life), in seconds
INTERACTION_LIFE = 15 * 60.0
#: seconds an autocomplete id is remembered (Discord drops its answer after 3 s)
AUTOCOMPLETE_LIFE = 60.0


class Seen:
    """Interaction ids already handled, kept for their token's 15 minutes: Discord (or a gateway
    resume) may deliver the same INTERACTION_CREATE twice; it is handled once. The ids that made a
    move are also written with the move (``interactions`` table), so a restart still knows them."""

    def __init__(self, clock=None, life: float = INTERACTION_LIFE):
        self.clock = clock
        self.life = life
        self._ids: dict[int, float] = {}

    def _now(self) -> float:
        return self.clock.now().timestamp() if self.clock is not None else time.time()

    def first(self, interaction_id: int) -> bool:
        """True the first time an id is seen (then remembered), False for a repeat."""
        now = self._now()
        if len(self._ids) > 1000 or (self._ids and next(iter(self._ids.values())) < now - self.life):
            self._ids = {i: at for i, at in self._ids.items() if at >= now - self.life}
        if interaction_id in self._ids:
            return False
        self._ids[interaction_id] = now
        return True

    def remember(self, ids) -> None:
        now = self._now()
        for i in ids:
            self._ids.setdefault(int(i), now)

    def recent(self) -> list[tuple[int, datetime]]:
        """(id, when it was seen) of the ids still within their life, for the next start."""
        since = self._now() - self.life
        return [(i, datetime.fromtimestamp(at, UTC)) for i, at in self._ids.items() if at >= since]


class MeepleBot(discord.Client):
    """The bot. ``prepare()`` (called by ``setup_hook``) opens the database."""

    def __init__(self, settings: Settings, clock: Clock | None = None,
                 seed_source: Callable[[], int] | None = None, sync: bool = False, **client_options):
        # nobody is notified unless a message names whom it asks (``glue.only``)
        super().__init__(intents=intents(), allowed_mentions=discord.AllowedMentions.none(), **client_options)
        self.settings = settings
        self.clock = clock
        self.seed_source = seed_source
        self.sync_commands = sync
        #: boards drawn in worker processes (tests drive the bot without them)
        self.start_render_pool = False
        #: SIGTERM and SIGINT stop the bot cleanly (``python -m bot``; tests keep the default handlers)
        self.handle_signals = False
        #: set by ``begin_shutdown``: interactions arriving from then on are told to try again
        self.closing = False
        self._hurry = asyncio.Event()
        self._closer: asyncio.Future | None = None
        self.tree = Tree(self)
        setup_commands(self.tree)
        #: the games' buttons and menus: what ``bot.discord.send`` puts under a turn post and posts after it
        self.components = components
        #: play-by-post's checks before ``/game new`` and ``/game join``, and ``/game board move:``
        #: (installed by ``bot.discord.cogs.pbp``; None: the core commands alone)
        self.before_new = self.before_join = self.board_at = None
        self.store: Store | None = None
        self.sessions: SessionManager | None = None
        #: the posts moves owe their tables, delivered once (``bot.discord.outbox``; its ``backlog()``
        #: is the metrics' gauge, ``flush()`` runs at close)
        self.outbox = Outbox(self)
        #: interactions handled: a second delivery of one is dropped before anything runs
        self.seen = Seen(clock)
        #: autocomplete ids, kept as long as Discord waits for their answer (3 s; a minute here)
        self.seen_typing = Seen(clock, life=AUTOCOMPLETE_LIFE)
        parse = self._connection.parsers["INTERACTION_CREATE"]

        def once(data) -> None:
            seen = self.seen_typing if int(data.get("type", 0)) == 4 else self.seen
            if not seen.first(int(data["id"])):
                log.info("interaction %s delivered again: handled once already", data["id"])
                return
            parse(data)
        self._connection.parsers["INTERACTION_CREATE"] = once

    def add_dynamic_items(self, *items) -> None:
        """Register persistent components, and remember their ids' patterns (``known_component``).
        Each one's callback is guarded (:func:`answer_refused`) as the commands are (``Tree.on_error``)."""
        self._templates = [*getattr(self, "_templates", []), *(i.__discord_ui_compiled_template__ for i in items)]
        for item in items:
            answer_refused(item)
        super().add_dynamic_items(*items)

    def known_component(self, custom_id: str) -> bool:
        """Whether a component id is one of ours, well formed (a registered pattern matches it whole)."""
        return any(p.fullmatch(custom_id) for p in getattr(self, "_templates", ()))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component no handler takes (an older post's, or a forged or damaged id):
        a short private answer instead of "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if self.known_component(custom_id) or interaction.response.is_done():
            return
        log.info("a click on an unknown component %r", custom_id[:100])
        try:
            await interaction.response.send_message(t("component.stale", user_locale_now(interaction)), ephemeral=True)
        except discord.HTTPException:
            pass

    async def prepare(self) -> int:
        """Open the store and reload every open/running game. Returns how many."""
        self.store = await open_store(self.settings.db_path, self.settings.database_url or None,
                                      **self._store_timeouts())
        observe.READY.set("store_open")
        self.sessions = SessionManager(self.store, clock=self.clock, seed_source=self.seed_source,
                                       locale=self.settings.locale,
                                       shards=Shards.of(self.settings.shard_count, self.settings.shard_ids))
        self.sessions.owe = True  # every turn post is written with its move, delivered by the outbox
        # games that ended before records were kept get their results rows (once, before serving)
        await backfill.run_pending(self.store)
        count = await self.sessions.load_all()
        since = self.sessions.clock.now() - timedelta(seconds=INTERACTION_LIFE)
        handled = await self.store.recent_interactions(since)  # the moves', and what the last close kept
        self.seen.remember(handled)
        self.seen_typing.remember(handled)
        observe.READY.set("games_loaded")
        observe.shards(self.settings.shard_count, self.settings.shard_ids)
        observe.watch("render_queue", render_pool.waiting)
        observe.watch("outbox_backlog", self.outbox.backlog)
        where = "PostgreSQL" if self.settings.database_url else self.settings.db_path
        log.info("database %s: %d active game(s) reloaded", where, count)
        # The tables loaded now live as long as the bot: keep them out of every garbage collection
        # (a full collection over 1000 tables paused the loop for 70-200 ms), and collect less often.
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 20, 50)
        if self.start_render_pool:
            workers = render_pool.start(self.settings.render_workers)
            log.info("drawing boards in %d worker process(es)", workers)
        # Every page of the database file checked on a thread of the lowest priority (not waited for:
        # 1-2 s of CPU at 800 MB); damage found is logged and refuses every later write.
        self._checking = asyncio.get_running_loop().create_task(self.store.check_pages(), name="check-pages")
        # Replay every log off the loop: a move that no longer replays marks its game broken.
        # (lowest priority, the replays at most half a core; a pass a restart cut short goes on where it stopped)
        self._verifying = asyncio.get_running_loop().create_task(self.sessions.verify_all(resume=True),
                                                                 name="verify-logs")
        # a move writes the state's snapshot only every few moves: an idle table's is brought up to date
        self._snapshots = asyncio.get_running_loop().create_task(self.sessions.keep_snapshots(), name="snapshots")
        return count

    async def load_extensions(self) -> list[str]:
        loaded = []
        for name in EXTENSIONS:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as err:
                if err.name != name:
                    raise
                continue
            await module.setup(self)
            loaded.append(name)
        return loaded

    def install_signal_handlers(self) -> None:
        """SIGTERM and SIGINT stop the bot cleanly (``begin_shutdown``); ``python -m bot`` asks for it."""
        lifecycle.install(asyncio.get_running_loop(), self.begin_shutdown)

    def begin_shutdown(self, signame: str = "SIGTERM") -> None:
        """Stop taking interactions, let the ones in flight finish (at most ``SHUTDOWN_GRACE``
        seconds), then ``close``: see ``lifecycle``. A second signal stops the waiting."""
        if self.closing:
            log.warning("%s again: no more waiting for the interactions in flight", signame)
            self._hurry.set()
            return
        self.closing = True
        observe.READY.draining = True  # /readyz fails: a load balancer sends no more work
        log.info("%s: stopping (new interactions are told to try again; the ones in flight may take "
                 "%.0f s)", signame, self.settings.shutdown_grace)
        lifecycle.refuse_new_interactions(self)
        self._stopping = asyncio.get_running_loop().create_task(self._shutdown(), name="meeplecord-shutdown")

    async def _shutdown(self) -> None:
        t0 = time.monotonic()
        finished, cut = await lifecycle.drain(self.settings.shutdown_grace, self._hurry)
        if finished or cut:
            log.info("%d interaction(s) in flight finished, %d cut off", finished, cut)
        await self.close()
        log.info("stopped in %.1f s", time.monotonic() - t0)

    def _store_timeouts(self) -> dict:
        """PostgreSQL's statement and pool timeouts (SQLite has its own busy timeout)."""
        if not self.settings.database_url:
            return {}
        return {"statement_timeout": self.settings.statement_timeout, "pool_timeout": self.settings.pool_timeout}

    async def _heartbeat(self) -> None:
        """/healthz: the loop turns (a process alive with a stuck loop serves nobody)."""
        while True:
            observe.heartbeat()
            await asyncio.sleep(1.0)

    async def setup_hook(self) -> None:
        if self.handle_signals:
            self.install_signal_handlers()
        trace_interactions(self)
        self._beating = asyncio.get_running_loop().create_task(self._heartbeat(), name="meeplecord-heartbeat")
        warm_engines()
        await self.prepare()
        await self.load_extensions()  # before a sync, so their commands are included
        await self.tree.set_translator(CatalogTranslator())
        components.register(self)  # per-game persistent buttons keep working after a restart
        if self.sync_commands:
            await self.sync()

    async def sync(self) -> list[app_commands.AppCommand]:
        """Push the command definitions to Discord (dev guild: instant; global: up to an hour)."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            where = f"guild {self.settings.dev_guild_id}"
        else:
            synced = await self.tree.sync()
            where = "all guilds (global; may take up to an hour to appear)"
        log.info("synced %d commands to %s", len(synced), where)
        print(f"Synced {len(synced)} commands to {where}: {', '.join('/' + c.name for c in synced)}")
        return synced

    async def on_resumed(self) -> None:
        observe.READY.set("gateway_connected")

    async def on_disconnect(self) -> None:
        observe.READY.set("gateway_connected", False)

    async def on_ready(self) -> None:
        observe.READY.set("gateway_connected")
        log.info("logged in as %s (%s) in %d guild(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if not getattr(self, "_owed_sent", False):  # the posts owed from before a restart, once
            self._owed_sent = True
            await self.outbox.start()

    async def close(self) -> None:
        """Close Discord, the timers, the workers and the database, once (``bot.run`` calls it again
        after a shutdown has: the second call waits for the first)."""
        if self._closer is None:
            self._closer = asyncio.ensure_future(self._close_everything())
        await asyncio.shield(self._closer)

    async def _close_everything(self) -> None:
        for name in ("_verifying", "_beating", "_snapshots", "_checking"):
            task = getattr(self, name, None)
            if task is not None and not task.done():
                task.cancel()
        verifying = getattr(self, "_verifying", None)
        if verifying is not None and not verifying.done():
            verifying.cancel()
        if self.store is not None and self.outbox.backlog():
            left = await self.outbox.flush(OUTBOX_FLUSH)  # the rest stays owed: the next start sends it
            log.info("outbox: %d post(s) still owed at shutdown", left)
        await self.outbox.stop()
        await super().close()
        if getattr(self, "leagues", None) is not None:
            await self.leagues.settle()  # a league table's end being posted
        if getattr(self, "pbp", None) is not None:
            await self.pbp.stop()  # play-by-post timer dispatcher
        # the workers are waited for (off the loop): none outlives the bot
        await asyncio.to_thread(render_pool.stop, True)
        await asyncio.to_thread(bot_seats.shutdown, True)
        if self.store is not None:
            try:  # a click or command handled now may come again to the next start: it is dropped there
                await self.store.keep_interactions(self.seen.recent() + self.seen_typing.recent())
            except Exception as err:  # noqa: BLE001  a courtesy: a second delivery would be answered again
                log.warning("the interactions handled were not kept for the next start: %s", err)
        if self.sessions is not None and self.store is not None:
            try:  # every table's snapshot up to its last move: the next start replays nothing
                await self.sessions.save_snapshots(idle=0)
            except Exception:  # a cache: the next start replays the moves after the stored one
                log.exception("snapshots not brought up to date at close")
        if self.store is not None:
            await self.store.close()
            self.store = None


class MeepleShardedBot(MeepleBot, discord.AutoShardedClient):
    """Several shards in one process (``SHARD_IDS=0,1``)."""


def make_bot(settings: Settings, **kw) -> MeepleBot:
    """The bot for these settings: unsharded, one shard (``SHARD_IDS=2 SHARD_COUNT=4``), or several.

    Every shard process shares one PostgreSQL database (``DATABASE_URL``); a
    game's moves are serialised across processes by the database (the game's
    revision and an advisory lock), and each timer is claimed by one process.
    """
    count, ids = settings.shard_count, settings.shard_ids
    if not count:
        return MeepleBot(settings, **kw)
    if count > 1 and not settings.database_url:
        log.warning("SHARD_COUNT=%d on a SQLite file: run every shard in this one process, or use PostgreSQL", count)
    if ids and len(ids) == 1:
        return MeepleBot(settings, shard_id=ids[0], shard_count=count, **kw)
    return MeepleShardedBot(settings, shard_ids=list(ids) if ids else None, shard_count=count, **kw)
