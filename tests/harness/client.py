"""The harness: the real ``MeepleBot`` logged in to :class:`FakeDiscord`, driven by gateway payloads."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

import aiohttp
import discord
import discord.http

from bot.config import Settings
from bot.discord.app import MeepleBot
from bot.table.timers import ManualClock
from tests.pg import pg_rows

from .discord_api import CURRENT, FakeDiscord, FakeSession, Interaction, Message, Request, snowflake

TOKEN = "harness-token"
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
PERMS_ALL = discord.Permissions.all().value
MEMBER_PERMS = discord.Permissions.general().value | discord.Permissions.text().value
MEMBER_PERMS &= ~discord.Permissions(manage_guild=True, manage_channels=True, manage_messages=True,
                                     manage_threads=True, administrator=True).value
DENY_BITS = {"send": discord.Permissions(send_messages=True, send_messages_in_threads=True).value,
             "attach": discord.Permissions(attach_files=True).value,
             "threads": discord.Permissions(create_public_threads=True).value}


@contextlib.contextmanager
def fake_network(fake: FakeDiscord):
    """While inside, a new ``aiohttp.ClientSession`` made by discord.py's HTTPClient is ``fake``'s session.

    discord.py creates the session in ``HTTPClient.static_login`` (at login); the bot keeps using it
    for every REST call and interaction webhook afterwards, also once this block is left.
    """
    real = aiohttp.ClientSession
    discord.http.aiohttp.ClientSession = lambda *a, **kw: FakeSession(fake)
    try:
        yield fake
    finally:
        discord.http.aiohttp.ClientSession = real


class _InstantSleep:
    """The ``asyncio`` module as discord.py's HTTP code sees it, with ``sleep`` taking no time."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    async def sleep(self, delay, result=None):
        return await self._real.sleep(0, result)


class NotOffered(AssertionError):
    """Discord would not offer this command to this user here (contexts, permissions, options)."""


@dataclass(frozen=True)
class User:
    """A Discord user of the test (``h.user("Alice")``)."""

    id: int
    name: str
    bot: bool = False
    manage: bool = False  # holds Manage Server
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.name

    def json(self) -> dict:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot}


@dataclass(frozen=True)
class Choice:
    """An autocomplete choice as Discord shows it."""

    name: str
    value: str | int | float


class _Errors(logging.Handler):
    """Collects every ERROR logged while the bot runs (an exception in a command, a view, an event)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


#: Coroutines a task may wait in while nothing is happening (the harness is "settled").
IDLE = {"Event.wait", "Queue.get", "Condition.wait", "Lock.acquire", "Semaphore.acquire", "sleep",
        "ManualClock.sleep", "_wait", "wait", "wait_for", "gather", "_Slots.wait"}


def _parked(task: asyncio.Task) -> bool:
    """True when ``task`` waits for time, an event or another task, not for I/O or a thread."""
    waiter = getattr(task, "_fut_waiter", None)  # the future the task is blocked on (None: ready to run)
    if waiter is None or waiter.done():
        return False
    if isinstance(waiter, asyncio.Task) or type(waiter).__name__ == "_GatheringFuture":
        return True  # waits for other tasks, which are checked themselves
    coro, names = task.get_coro(), []
    while coro is not None and hasattr(coro, "cr_code"):
        names.append(coro.cr_code.co_qualname)
        coro = coro.cr_await if hasattr(coro.cr_await, "cr_code") else None
    return any(n in IDLE for n in names[-2:])


def _describe(task: asyncio.Task) -> str:
    coro, names = task.get_coro(), []
    while coro is not None and hasattr(coro, "cr_code"):
        names.append(coro.cr_code.co_qualname)
        coro = coro.cr_await if hasattr(coro.cr_await, "cr_code") else None
    return f"{task.get_name()}: {' > '.join(names)}"


class Harness:
    """One Discord server with the real bot in it. See ``tests/harness/__init__.py`` for the vocabulary."""

    def __init__(self, db_path: str, *, clock: ManualClock | None = None, seed: int = 1234,
                 locale: str = "en", game_limit: int | None = None, dev_guild: bool = False,
                 guild_locale: str = "en-US"):
        self.db_path = db_path  # a SQLite file, or a ``postgresql://`` URL
        self.guild_locale = guild_locale  # the server's Discord language (its "preferred locale")
        self.clock = clock or ManualClock(START)
        self.seed = seed
        self.discord = FakeDiscord()
        self.discord.gateway = self._gateway
        self.guild_id = snowflake()
        url = db_path if db_path.startswith("postgresql://") else ""
        self.settings = Settings(token=TOKEN, db_path="" if url else db_path, database_url=url, locale=locale,
                                 game_limit=game_limit,
                                 dev_guild_id=self.guild_id if dev_guild else None)
        self.channel = int(self.discord.add_channel("general", guild_id=self.guild_id)["id"])
        self.bot: MeepleBot | None = None
        self.interactions: list[Interaction] = []
        self._errors = _Errors()
        self._expect_errors = 0
        self._users: dict[int, User] = {}
        self._twice = False

    # -- life cycle -------------------------------------------------------------------------
    async def start(self, sync: bool = True) -> Harness:
        """Log the bot in (``python -m bot --sync`` the first time), then READY and GUILD_CREATE."""
        logging.getLogger().addHandler(self._errors)
        bot = MeepleBot(self.settings, clock=self.clock, seed_source=lambda: self.seed, sync=sync)
        bot.http.connector = object()  # never a real TCP connector: the session below is the network
        self.bot = bot
        with fake_network(self.discord):  # HTTPClient.static_login opens its session on the fake
            await bot.login(TOKEN)
        assert isinstance(bot.http._HTTPClient__session, FakeSession)  # the one seam the harness needs
        state = bot._connection
        state.guild_ready_timeout = 0.0  # no 2 s wait for more guilds after READY
        self._gateway("READY", {"v": 10, "user": self.discord.users[self.discord.bot_id],
                                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                                "session_id": "harness", "resume_gateway_url": "wss://gateway.invalid",
                                "application": {"id": str(self.discord.app_id), "flags": 0}})
        self._gateway("GUILD_CREATE", self.guild_json())
        await asyncio.wait_for(bot.wait_until_ready(), 5)
        await self.settle()
        return self

    async def restart(self) -> None:
        """A new bot process on the same database and the same Discord (messages and buttons stay)."""
        await self.stop()
        await self.start(sync=False)

    async def stop(self) -> None:
        if self.bot is not None:
            await self.settle()
            await self.bot.close()
            self.bot = None
        logging.getLogger().removeHandler(self._errors)

    @property
    def sessions(self):
        return self.bot.sessions

    @property
    def commands(self) -> list[dict]:
        """The command definitions Discord received from the sync."""
        return self.discord.commands

    # -- the world --------------------------------------------------------------------------
    def user(self, name: str, user_id: int | None = None, *, bot: bool = False, manage: bool = False,
             locale: str = "en-US") -> User:
        u = User(user_id or snowflake(), name, bot, manage, locale)
        self._users[u.id] = u
        self.discord.users[u.id] = u.json()
        return u

    def text_channel(self, name: str = "games") -> int:
        ch = self.discord.add_channel(name, guild_id=self.guild_id)
        if self.bot is not None:
            self._gateway("CHANNEL_CREATE", ch)
        return int(ch["id"])

    def thread(self, name: str = "game", parent: int | None = None, *, archived: bool = False,
               auto_archive_duration: int = 10080) -> int:
        """A public thread (Discord sends THREAD_CREATE for it)."""
        ch = self.discord.add_channel(name, type=11, guild_id=self.guild_id, parent_id=parent or self.channel,
                                      auto_archive_duration=auto_archive_duration)
        ch["thread_metadata"]["archived"] = archived
        if self.bot is not None:
            self._gateway("THREAD_CREATE", {**ch, "newly_created": True})
        return int(ch["id"])

    def old_message(self, custom_ids: list[str], channel: int | None = None, content: str = "(earlier)") -> Message:
        """A message the bot posted before this test (an earlier run): buttons with these custom ids."""
        m = Message(snowflake(), channel or self.channel, content, components=[
            {"type": 1, "components": [{"type": 2, "style": 2, "label": (cid.split(":")[1] if ":" in cid else cid)[:80] or "?",
                                        "custom_id": cid}
                                       for cid in custom_ids[i:i + 5]]} for i in range(0, len(custom_ids), 5)])
        self.discord.visible(m)
        self.discord.messages[m.id] = m
        return m

    def dm(self, user: User) -> int:
        """The DM channel between ``user`` and the bot."""
        status, ch = self.discord._open_dm({"recipient_id": str(user.id)}, [], {})
        return int(ch["id"])

    def deny(self, channel: int, *what: str) -> None:
        """Take the bot's "send" (Send Messages), "attach" (Attach Files) or "threads" right in ``channel``."""
        self.discord.denied.setdefault(channel, set()).update(what)

    def allow(self, channel: int) -> None:
        self.discord.denied.pop(channel, None)

    def delete_channel(self, channel: int, *, tell: bool = True) -> None:
        """The channel or thread is deleted: Discord answers 404 Unknown Channel from now on
        (``tell``: and sends CHANNEL_DELETE / THREAD_DELETE, as it does)."""
        self.discord.deleted.add(channel)
        ch = self.discord.channels[channel]
        if tell and self.bot is not None:
            if ch["type"] in (10, 11, 12):
                self._gateway("THREAD_DELETE", {"id": ch["id"], "guild_id": ch["guild_id"],
                                                "parent_id": ch["parent_id"], "type": ch["type"]})
            else:
                self._gateway("CHANNEL_DELETE", ch)

    def twice(self) -> None:
        """Discord delivers the next interaction twice (the same INTERACTION_CREATE, as after a
        gateway resume)."""
        self._twice = True

    async def again(self, inter: Interaction) -> None:
        """Discord delivers ``inter``'s INTERACTION_CREATE once more, later (a gateway resume, to
        whichever bot process is running now)."""
        self._gateway("INTERACTION_CREATE", json.loads(json.dumps(inter.payload)))
        await self.settle()
        self.check()

    @contextlib.contextmanager
    def instant_retries(self):
        """discord.py's own retry pauses (a 429 with ``Via``, a 500/502/504) take no time inside."""
        import discord.webhook.async_ as webhook

        real_http, real_hook = discord.http.asyncio, webhook.asyncio
        discord.http.asyncio = webhook.asyncio = _InstantSleep(real_http)
        try:
            yield
        finally:
            discord.http.asyncio, webhook.asyncio = real_http, real_hook

    def leave_server(self, user: User) -> None:
        """``user`` leaves the server: Discord answers 404 Unknown Member when asked for them."""
        self.discord.left.add(user.id)

    def close_dms(self, user: User) -> None:
        self.discord.closed_dms.add(user.id)

    async def archive(self, thread: int) -> None:
        """Discord archives an idle thread: THREAD_UPDATE."""
        ch = self.discord.channels[thread]
        ch["thread_metadata"]["archived"] = True
        self._gateway("THREAD_UPDATE", ch)
        await self.settle()

    async def lock(self, thread: int, *, archived: bool = True) -> None:
        """A moderator locks (and archives) the thread: THREAD_UPDATE. The bot, without Manage
        Threads, may then neither post there nor reopen it."""
        meta = self.discord.channels[thread]["thread_metadata"]
        meta["locked"], meta["archived"] = True, archived
        self._gateway("THREAD_UPDATE", self.discord.channels[thread])
        await self.settle()

    def guild_json(self) -> dict:
        chans = [c for c in self.discord.channels.values() if c.get("guild_id") == str(self.guild_id)]
        bot = {"user": self.discord.users[self.discord.bot_id], "roles": [], "joined_at": START.isoformat(),
               "deaf": False, "mute": False, "flags": 0}
        return {"id": str(self.guild_id), "name": "Meeple Hall", "owner_id": "1", "unavailable": False,
                "member_count": 2, "large": False, "features": [], "emojis": [], "stickers": [],
                "roles": [{"id": str(self.guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMS),
                           "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False,
                           "flags": 0}],
                "channels": [c for c in chans if c["type"] not in (10, 11, 12)],
                "threads": [c for c in chans if c["type"] in (10, 11, 12)],
                "members": [bot], "voice_states": [], "presences": [], "joined_at": START.isoformat(),
                "preferred_locale": self.guild_locale, "premium_tier": 0, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
                "afk_timeout": 300, "system_channel_flags": 0, "nsfw_level": 0, "icon": None}

    def _gateway(self, event: str, data: dict) -> None:
        """Hand one gateway event to the client's real parser, as its websocket would."""
        self.bot._connection.parsers[event](data)

    # -- the vocabulary -----------------------------------------------------------------------
    async def slash(self, user: User, path: str, /, *, channel: int | None = None, **options) -> Interaction:
        """``/path option:value ...`` as ``user`` typed it in ``channel`` (default: #general)."""
        channel = channel or self.channel
        data, focused = self._command_data(user, path, channel, options, None)
        return await self._interact(2, user, channel, data, path)

    async def complete(self, user: User, path: str, option: str, value: str = "", *,
                       channel: int | None = None, **options) -> list[Choice]:
        """What Discord shows while ``user`` types ``value`` into ``option`` of ``/path``."""
        channel = channel or self.channel
        data, _ = self._command_data(user, path, channel, options, (option, value))
        inter = await self._interact(4, user, channel, data, f"{path} {option}")
        return [Choice(c["name"], c["value"]) for c in inter.choices or []]

    async def click(self, user: User, message: Message, which: str | int = 0, *,
                    values: list[str] | None = None) -> Interaction:
        """Press the button (or pick ``values`` in the select) of ``message`` whose custom id or label is
        ``which`` (or the ``which``-th component)."""
        m = self.discord.messages[message.id]
        assert not m.deleted, f"{m} was deleted: nobody can click it"
        if m.ephemeral:
            assert m.user_id == user.id, f"{user.name} cannot see the ephemeral {m}"
        items = m.items()
        if isinstance(which, int):
            item = items[which]
        else:
            found = [c for c in items if which in (c.get("custom_id"), c.get("label"))]
            assert len(found) == 1, f"{which!r} matches {len(found)} components of {m}: {m.labels()}"
            item = found[0]
        if item.get("disabled"):
            raise NotOffered(f"{item.get('label') or item['custom_id']} is disabled")
        data = {"custom_id": item["custom_id"], "component_type": item["type"]}
        if item["type"] == 3:
            offered = {o["value"] for o in item.get("options", [])}
            assert values is not None, "a select needs values=[...]"
            assert set(values) <= offered, f"{values} not among {sorted(offered)}"
            lo, hi = item.get("min_values", 1), item.get("max_values", 1)
            assert lo <= len(values) <= hi, f"{len(values)} values, the menu takes {lo} to {hi}"
            data["values"] = list(values)
        return await self._interact(3, user, m.channel_id, data, item["custom_id"], message=m)

    async def wait(self, seconds: float = 0.0, *, hours: float = 0.0) -> None:
        """Let the clock move on by ``seconds`` (+ ``hours``) and everything due run to its end."""
        total = seconds + hours * 3600
        if total:
            self.clock.advance(total)
        await self.settle()
        self.check()

    async def gateway(self, event: str, data: dict) -> None:
        self._gateway(event, data)
        await self.settle()
        self.check()

    # -- reading what Discord shows ------------------------------------------------------------
    def transcript(self) -> list[Message]:
        """Every message anyone can see, in the order they appeared (final content)."""
        shown = [m for m in self.discord.messages.values() if not m.deleted and not m.loading]
        return sorted(shown, key=lambda m: m.seq)

    def posts(self, channel: int | None = None) -> list[Message]:
        """The public messages in ``channel`` (default: every channel)."""
        return [m for m in self.transcript() if not m.ephemeral and (channel is None or m.channel_id == channel)]

    def ephemeral(self, user: User | None = None) -> list[Message]:
        """What only ``user`` sees (their ephemeral replies)."""
        return [m for m in self.transcript() if m.ephemeral and (user is None or m.user_id == user.id)]

    def last(self, user: User | None = None) -> Message:
        """The latest public post, or the latest ephemeral reply to ``user``."""
        items = self.ephemeral(user) if user is not None else self.posts()
        assert items, "nothing was shown"
        return items[-1]

    def requests(self, route: str | None = None) -> list[Request]:
        """Every REST call, or those of ``route`` ("POST /channels/{channel_id}/messages")."""
        return [r for r in self.discord.requests if route is None or r.route == route]

    def rows(self, sql: str, args=()) -> list[tuple]:
        """Read the bot's database with a separate connection of its own (sqlite3, or asyncpg on a
        thread of its own for PostgreSQL: the SQL is written for SQLite and translated)."""
        if self.settings.database_url:
            return pg_rows(self.settings.database_url, sql, args)
        con = sqlite3.connect(self.db_path)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    # -- errors ---------------------------------------------------------------------------------
    @contextlib.contextmanager
    def expecting_errors(self):
        """Inside, errors the bot logs are collected (yielded list) instead of failing the test."""
        seen: list[logging.LogRecord] = []
        self._expect_errors += 1
        try:
            yield seen
        finally:
            self._expect_errors -= 1
            seen.extend(self._errors.records)
            self._errors.records.clear()

    def check(self) -> None:
        """Fail loudly on anything Discord refused or the bot logged as an error."""
        problems = list(self.discord.violations)
        self.discord.violations.clear()
        if not self._expect_errors:
            for r in self._errors.records:
                problems.append(f"the bot logged an error: {r.getMessage()}"
                                + (f" ({r.exc_info[0].__name__}: {r.exc_info[1]})" if r.exc_info else ""))
            self._errors.records.clear()
        if problems:
            raise AssertionError("Discord would not accept this:\n  " + "\n  ".join(problems))

    # -- internals ------------------------------------------------------------------------------
    async def settle(self, timeout: float = 60.0) -> None:
        """Run the loop until every task waits for time, an event or another task (no I/O, no thread)."""
        loop = asyncio.get_running_loop()
        me = asyncio.current_task()
        deadline = loop.time() + timeout
        calm = 0
        while calm < 3:
            await asyncio.sleep(0)
            busy = [t for t in asyncio.all_tasks() if t is not me and not t.done() and not _parked(t)]
            if not busy:
                calm += 1
                continue
            calm = 0
            if loop.time() > deadline:
                raise AssertionError("the bot never settled:\n  " + "\n  ".join(map(_describe, busy)))
            await asyncio.wait(busy, timeout=0.01)

    def _command_data(self, user: User, path: str, channel: int, options: dict, focus) -> tuple[dict, bool]:
        first, *rest = path.split()
        cmd = next((c for c in self.discord.commands if c["name"] == first and c.get("type", 1) == 1), None)
        if cmd is None:
            raise NotOffered(f"/{first} is not registered with Discord")
        ch = self.discord.channels[channel]
        in_dm = ch["type"] == 1
        contexts = cmd.get("contexts")
        if in_dm and ((contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False):
            raise NotOffered(f"/{first} is not offered in a DM (contexts {contexts})")
        if not in_dm and contexts is not None and 0 not in contexts:
            raise NotOffered(f"/{first} is not offered in a server")
        needed = cmd.get("default_member_permissions")
        if needed is not None and not in_dm and int(needed) & ~self._member_perms(user):
            raise NotOffered(f"/{first} needs permissions {needed}")
        data = {"id": cmd["id"], "name": first, "type": 1}
        if not in_dm:
            data["guild_id"] = str(self.guild_id)
        node, holder = cmd, data
        for part in rest:
            sub = next((o for o in node.get("options", []) if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                raise NotOffered(f"/{path}: no subcommand {part!r}")
            entry = {"type": sub["type"], "name": part}
            holder.setdefault("options", []).append(entry)
            node, holder = sub, entry
        resolved: dict = {}
        given = dict(options)
        if focus is not None:
            given[focus[0]] = focus[1]
        out = []
        for name, value in given.items():
            opt = next((o for o in node.get("options", []) if o["name"] == name), None)
            if opt is None:
                raise NotOffered(f"/{path} has no option {name!r}")
            if value is None:
                continue
            entry = {"type": opt["type"], "name": name, "value": self._option_value(path, opt, value, resolved,
                                                                                   focus and focus[0] == name)}
            if focus is not None and focus[0] == name:
                entry["focused"] = True
            out.append(entry)
        if focus is None:
            missing = [o["name"] for o in node.get("options", []) if o.get("required") and o["name"] not in given]
            if missing:
                raise NotOffered(f"/{path}: Discord requires {missing}")
        if out:
            holder["options"] = out
        elif holder is data:
            holder.setdefault("options", [])
        if resolved:
            data["resolved"] = resolved
        return data, focus is not None

    def _option_value(self, path, opt, value, resolved, focused):
        kind = opt["type"]
        if focused:
            return str(value)
        if kind == 3:
            assert isinstance(value, str), f"{opt['name']}: a string"
            lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
            if not lo <= len(value) <= hi:
                raise NotOffered(f"/{path} {opt['name']}: {len(value)} characters ({lo} to {hi})")
        elif kind in (4, 10):
            assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{opt['name']}: a number"
            if kind == 4 and value != int(value):
                raise NotOffered(f"/{path} {opt['name']}: an integer")
            if ("min_value" in opt and value < opt["min_value"]) or ("max_value" in opt and value > opt["max_value"]):
                raise NotOffered(f"/{path} {opt['name']}={value} outside {opt.get('min_value')}..{opt.get('max_value')}")
        elif kind == 5:
            assert isinstance(value, bool), f"{opt['name']}: True or False"
        elif kind == 6:
            assert isinstance(value, User), f"{opt['name']}: a harness User"
            self.discord.users.setdefault(value.id, value.json())
            resolved.setdefault("users", {})[str(value.id)] = value.json()
            resolved.setdefault("members", {})[str(value.id)] = self._member_json(value, with_user=False)
            return str(value.id)
        if opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
            raise NotOffered(f"/{path} {opt['name']}={value!r} is not one of the choices")
        return value

    def _member_perms(self, user: User) -> int:
        perms = MEMBER_PERMS
        if user.manage:
            perms |= discord.Permissions(manage_guild=True).value
        return perms

    def _member_json(self, user: User, with_user: bool = True) -> dict:
        out = {"roles": [], "joined_at": START.isoformat(), "deaf": False, "mute": False, "flags": 0,
               "nick": None, "avatar": None, "pending": False, "permissions": str(self._member_perms(user))}
        if with_user:
            out["user"] = user.json()
        return out

    async def _interact(self, kind: int, user: User, channel: int, data: dict, name: str,
                        message: Message | None = None) -> Interaction:
        assert self.bot is not None, "start the harness first"
        self.discord.users.setdefault(user.id, user.json())
        ch = self.discord.channels[channel]
        iid = snowflake()
        inter = Interaction(iid, f"token-{iid}", kind, user.id, channel, name, self.discord.now())
        self.discord.interactions[inter.token] = inter
        if message is not None:
            inter.original = message
        denied = 0
        for what in self.discord.denied.get(channel, set()):
            denied |= DENY_BITS[what]
        payload = {"id": str(iid), "application_id": str(self.discord.app_id), "type": kind,
                   "token": inter.token, "version": 1, "data": data, "locale": user.locale,
                   "channel_id": str(channel), "app_permissions": str(PERMS_ALL & ~denied),
                   "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024}
        if ch["type"] == 1:
            payload.update(user=user.json(), context=1, channel={"id": str(channel), "type": 1},
                           authorizing_integration_owners={"0": str(self.guild_id)})
        else:
            payload.update(guild_id=str(self.guild_id), guild_locale=self.guild_locale, member=self._member_json(user),
                           context=0, authorizing_integration_owners={"0": str(self.guild_id)},
                           channel={k: v for k, v in ch.items()},
                           guild={"id": str(self.guild_id), "locale": self.guild_locale, "features": []})
        if message is not None:
            payload["message"] = self.discord.message_json(message)
        inter.payload = json.loads(json.dumps(payload))
        self.interactions.append(inter)
        token = CURRENT.set(inter)
        before = asyncio.all_tasks()
        twice, self._twice = self._twice, False
        try:
            self._gateway("INTERACTION_CREATE", payload)
            if twice:  # the same event again, as Discord may deliver it
                await asyncio.sleep(0)
                self._gateway("INTERACTION_CREATE", json.loads(json.dumps(payload)))
        finally:
            CURRENT.reset(token)
        handlers = asyncio.all_tasks() - before  # the command tree's / view store's tasks for it
        await self.settle()
        if inter.acked_at is None and not inter.faulted:
            self.discord.violation(f"{name}: the interaction was never answered (the user sees "
                                   f"'The application did not respond')")
        elif (all(t.done() for t in handlers) and inter.original is not None and inter.original.loading
              and not inter.original.deleted):
            self.discord.violation(f"{name}: the handler ended and left its deferred 'thinking…' unanswered "
                                   f"(the user sees it until Discord says 'The application did not respond')")
        self.check()
        return inter

    def ack_times_ms(self) -> list[float]:
        return [i.ack_ms for i in self.interactions if i.ack_ms is not None]

