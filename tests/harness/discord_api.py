"""A fake Discord behind discord.py's one ``aiohttp.ClientSession``.

discord.py sends every REST call (``HTTPClient.request``) and every interaction
webhook call (``AsyncWebhookAdapter.request``: responses, follow-ups, edits)
through the session its ``HTTPClient`` opens at login. :class:`FakeSession`
stands in for that session, so everything above it (routes, payload
serialisation, multipart uploads, error mapping to ``Forbidden``/``NotFound``,
``InteractionResponse`` bookkeeping) is discord.py's real code.

:class:`FakeDiscord` answers like Discord and keeps what Discord would keep:
channels, messages (with their edits and deletions), interactions and their
lifecycle. What Discord refuses it refuses with Discord's status and code, and
every refusal that is the bot's fault (a limit, an interaction answered twice,
late, or followed up before it was answered) is also appended to
:attr:`FakeDiscord.violations`, which the harness turns into a test failure.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import json
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from . import limits

API = "/api/v10"
EPHEMERAL, LOADING = 64, 128
ACK_DEADLINE = 3.0  # seconds Discord waits for the initial response
SEND, ATTACH = "send", "attach"

#: the interaction whose handler is running (tasks copy it from the gateway dispatch)
CURRENT: contextvars.ContextVar[Interaction | None] = contextvars.ContextVar("harness_interaction", default=None)

_snowflakes = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    return next(_snowflakes)


_MENTION = re.compile(r"<@!?(\d+)>")


def pinged(body: dict, ephemeral: bool) -> list[int]:
    """The users a new message notifies, as Discord decides: every user it mentions, unless its
    ``allowed_mentions`` says otherwise (``parse`` with "users", or the ``users`` listed); an
    ephemeral message notifies nobody."""
    if ephemeral:
        return []
    ids = [int(x) for x in _MENTION.findall(body.get("content") or "")]
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return ids
    listed = {int(u) for u in allowed.get("users") or []}
    return [i for i in ids if i in listed]


# --- what Discord keeps ----------------------------------------------------------------
@dataclass
class Message:
    """A message as a user would see it (``content``/``files``/``components`` are the latest edit)."""

    id: int
    channel_id: int
    content: str = ""
    ephemeral: bool = False
    user_id: int | None = None     # the user whose interaction caused it (who sees it, if ephemeral)
    where: str = "channel"          # "channel" | "response" | "followup"
    files: list[tuple[str, bytes]] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    embeds: list[dict] = field(default_factory=list)
    flags: int = 0
    loading: bool = False           # a deferred "thinking…" not yet filled
    deleted: bool = False
    edits: list[dict] = field(default_factory=list)  # every PATCH body, in order
    seq: int = 0                    # when it became visible (for transcript order)
    interaction_id: int | None = None
    nonce: str | None = None        # the sender's nonce (Discord enforces it when asked)
    pinged: list[int] = field(default_factory=list)  # the users its posting notified (edits notify nobody)
    #: every user any of its sends or edits could notify (``limits.notified``; an edit is counted too)
    notified: set[int] = field(default_factory=set)

    @property
    def png(self) -> bytes | None:
        return next((data for name, data in self.files if name.endswith(".png")), None)

    @property
    def filename(self) -> str | None:
        return self.files[0][0] if self.files else None

    def items(self) -> list[dict]:
        """Every component (buttons, selects) in row order."""
        return [c for row in self.components for c in row.get("components", [])]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.items() if "custom_id" in c]

    def labels(self) -> list[str]:
        return [c.get("label") or "" for c in self.items()]

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        return f"<Message {self.id} {kind} {self.where} in {self.channel_id}: {self.content[:60]!r}>"


@dataclass
class Interaction:
    """One INTERACTION_CREATE and what the bot did with it."""

    id: int
    token: str
    type: int                       # 2 command, 3 component, 4 autocomplete
    user_id: int
    channel_id: int
    name: str                       # command path or custom_id
    created: float                  # loop time at dispatch
    acked_at: float | None = None
    response_type: int | None = None
    original: Message | None = None  # the response message (or, for components, the clicked message)
    choices: list[dict] | None = None
    modal: dict | None = None       # the modal the bot opened in answer (title, text inputs)
    followups: list[Message] = field(default_factory=list)
    last_at: float | None = None    # the last REST call its handler made (the answer is complete)
    faulted: bool = False           # a fault hit its callback (Discord lost the answer, not the bot)
    payload: dict | None = None     # the INTERACTION_CREATE as sent (``Harness.again`` sends it once more)

    @property
    def ack_ms(self) -> float | None:
        return None if self.acked_at is None else (self.acked_at - self.created) * 1000

    @property
    def done_ms(self) -> float | None:
        return None if self.last_at is None else (self.last_at - self.created) * 1000


@dataclass(frozen=True)
class Upload:
    """One file the bot uploaded: its name, size and description (alt text; None: it had none)."""

    route: str
    filename: str
    size: int
    description: str | None


def descriptions(body, files) -> list[str | None]:
    """Each uploaded file's description, as discord.py lists them in the body's ``attachments``
    (a new file's entry has its index as id; a kept attachment its own, far larger, id)."""
    listed = {}
    if isinstance(body, dict) and isinstance(body.get("data"), dict):  # an interaction's callback
        body = body["data"]
    for a in (body or {}).get("attachments") or [] if isinstance(body, dict) else []:
        if isinstance(a, dict) and "id" in a:
            listed[int(a["id"])] = a
    return [(listed.get(i) or {}).get("description") for i in range(len(files))]


@dataclass
class Request:
    method: str
    route: str       # "POST /channels/{channel_id}/messages"
    path: str
    status: int
    body: dict | list | None
    files: list[tuple[str, bytes]]


class HTTPError(Exception):
    def __init__(self, status: int, code: int, message: str, violation: bool = False):
        super().__init__(message)
        self.status, self.code, self.message, self.violation = status, code, message, violation


def invalid(problems: list[str]) -> HTTPError:
    return HTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems), violation=True)


# --- the session -------------------------------------------------------------------------
class _Headers(dict):
    def get(self, key, default=None):
        return super().get(key.lower(), default)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())


class FakeResponse:
    """Just what discord.py reads from an ``aiohttp.ClientResponse``."""

    def __init__(self, status: int, data, headers: dict | None = None, gate: asyncio.Event | None = None):
        self.status = status
        self.gate = gate  # a held answer (``FakeDiscord.hold``): the caller reads it once this is set
        self.reason = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden",
                       404: "Not Found", 429: "Too Many Requests"}.get(status, "Error")
        self._text = "" if data is None else json.dumps(data)
        self.headers = _Headers({"content-type": "application/json"} if data is not None else {})
        self.headers.update({k.lower(): v for k, v in (headers or {}).items()})

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._text.encode()

    async def __aenter__(self):
        if self.gate is not None:
            await self.gate.wait()
        return self

    async def __aexit__(self, *exc):
        return False


class FakeSession:
    """Stands in for ``aiohttp.ClientSession``: every request goes to :class:`FakeDiscord`."""

    def __init__(self, discord: FakeDiscord):
        self.discord = discord
        self.closed = False

    def request(self, method: str, url: str, *, data=None, params=None, **kwargs) -> FakeResponse:
        status, body = self.discord.handle(method, url, data, params)
        gate, self.discord.gate = self.discord.gate, None
        return FakeResponse(status, body, self.discord.headers_of(status, body), gate)

    def get(self, url: str, **kwargs) -> FakeResponse:
        return self.request("GET", url, **kwargs)

    async def ws_connect(self, *a, **kw):
        raise AssertionError("the harness has no gateway socket: it feeds gateway events itself")

    async def close(self) -> None:
        self.closed = True


def _body(data) -> tuple[dict | list | None, list[tuple[str, bytes]]]:
    """The JSON body and the uploaded files of a request (JSON text or multipart form)."""
    if data is None:
        return None, []
    if isinstance(data, (str, bytes)):
        return json.loads(data), []
    payload, files = None, []
    for options, _headers, value in data._fields:  # aiohttp.FormData, as discord.py builds it
        if options["name"] == "payload_json":
            payload = json.loads(value)
        else:
            raw = value.read() if hasattr(value, "read") else bytes(value)
            files.append((options.get("filename") or options["name"], raw))
    return payload, files


@dataclass
class Fault:
    """Discord failing on purpose (``FakeDiscord.fail``): the next ``times`` requests of ``route``
    (in ``channel``, when given) get ``status``/``code`` instead of an answer. A 429 carries
    ``retry_after`` (body and ``Retry-After`` header); ``via`` adds the proxy header with which
    discord.py retries a 429 itself (without it, discord.py raises at once, as when its own
    retries ran out). A fault is Discord's doing, never a violation of the bot's."""

    route: str
    status: int
    code: int = 0
    times: int = 1
    retry_after: float | None = None
    channel: int | None = None
    message: str = ""
    via: bool = False
    after: int = 0          # let this many matching requests through first
    hits: int = 0

    def matches(self, route: str, path: str) -> bool:
        if self.times <= 0 or route != self.route:
            return False
        if self.channel is not None and f"/{self.channel}/" not in path + "/":
            return False
        if self.after > 0:
            self.after -= 1
            return False
        return True

    def answer(self) -> dict:
        out = {"code": self.code, "message": self.message or f"{self.status}: fault injected"}
        if self.retry_after is not None:
            out.update(retry_after=self.retry_after, **{"global": False})
        return out


@dataclass
class Hold:
    """Discord does what the next matching request asks at once, but its answer reaches the bot
    only at :meth:`release` (a slow answer: the message is in the channel while the bot waits)."""

    route: str
    channel: int | None = None
    hits: int = 0
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, route: str, path: str) -> bool:
        return (self.hits == 0 and route == self.route
                and (self.channel is None or f"/{self.channel}/" in path + "/"))

    def release(self) -> None:
        self.released.set()


#: the routes faults usually target
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
CREATE = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{app}/{token}"


# --- the server ----------------------------------------------------------------------------
ROUTES: list[tuple[str, str, str]] = [
    ("GET", r"/users/@me", "me"),
    ("GET", r"/oauth2/applications/@me", "application"),
    ("PUT", r"/applications/(?P<app>\d+)/commands", "bulk_commands"),
    ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild_id>\d+)/commands", "bulk_commands"),
    ("POST", r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback", "callback"),
    ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "followup"),
    ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>@original|\d+)", "webhook_get"),
    ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>@original|\d+)", "webhook_edit"),
    ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>@original|\d+)", "webhook_delete"),
    ("POST", r"/channels/(?P<channel_id>\d+)/messages", "create_message"),
    ("GET", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", "get_message"),
    ("PATCH", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", "edit_message"),
    ("DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)", "delete_message"),
    ("POST", r"/channels/(?P<channel_id>\d+)/threads", "create_thread"),
    ("GET", r"/channels/(?P<channel_id>\d+)", "get_channel"),
    ("PATCH", r"/channels/(?P<channel_id>\d+)", "edit_channel"),
    ("POST", r"/users/@me/channels", "open_dm"),
    ("GET", r"/users/(?P<user_id>\d+)", "get_user"),
    ("GET", r"/guilds/(?P<guild_id>\d+)/members/(?P<user_id>\d+)", "get_member"),
]
_COMPILED = [(m, re.compile(p + "$"), name) for m, p, name in ROUTES]


def _template(pattern: str) -> str:
    return re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", pattern)


class FakeDiscord:
    """Discord's side: guilds, channels, users, messages, interactions, registered commands."""

    def __init__(self, app_id: int = 700_000_000_000_000_001, bot_id: int = 700_000_000_000_000_002):
        self.app_id, self.bot_id = app_id, bot_id
        self.users: dict[int, dict] = {bot_id: {"id": str(bot_id), "username": "meeplecord",
                                                "discriminator": "0", "global_name": "meeplecord",
                                                "avatar": None, "bot": True}}
        self.channels: dict[int, dict] = {}
        self.denied: dict[int, set[str]] = {}     # channel id -> {"send", "attach"}
        self.closed_dms: set[int] = set()
        self.left: set[int] = set()                # users who left the server (404 Unknown Member)
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}  # by token
        self.commands: list[dict] = []            # the last bulk overwrite, as Discord stored it
        self.requests: list[Request] = []
        #: every file uploaded, in order, with its description (``descriptions``)
        self.uploads: list[Upload] = []
        self.violations: list[str] = []
        self.gateway = None                        # callable(event, data): set by the harness
        self._seq = itertools.count(1)
        self.ack_deadline = ACK_DEADLINE
        self.faults: list[Fault] = []               # Discord failing on purpose (``fail``)
        self.holds: list[Hold] = []                 # Discord answering late on purpose (``hold``)
        self.gate: asyncio.Event | None = None      # the answer being made waits for this (a hold's)
        self.deleted: set[int] = set()              # channels deleted (404 Unknown Channel)
        #: threads where the bot has Manage Threads (it has it nowhere else: a locked thread refuses it)
        self.manages: set[int] = set()
        #: every send or edit that notifies someone: (message id, users, roles, everyone)
        self.pings: list[tuple[int, set[int], set[int], bool]] = []

    # -- bookkeeping ----------------------------------------------------------------------
    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def visible(self, message: Message) -> None:
        message.seq = next(self._seq)

    def violation(self, text: str) -> None:
        self.violations.append(text)

    def fail(self, route: str, status: int, code: int = 0, times: int = 1, *, retry_after: float | None = None,
             channel: int | None = None, message: str = "", via: bool = False, after: int = 0) -> Fault:
        """Make Discord refuse the next ``times`` requests of ``route`` (see :class:`Fault`), the
        first ``after`` of them let through."""
        fault = Fault(route, status, code, times, retry_after, channel, message, via, after)
        self.faults.append(fault)
        return fault

    def hold(self, route: str, channel: int | None = None) -> Hold:
        """Make Discord's answer to the next request of ``route`` late: done at once, answered at
        the hold's ``release()``."""
        held = Hold(route, channel)
        self.holds.append(held)
        return held

    def heal(self) -> None:
        """No more faults."""
        self.faults.clear()

    def headers_of(self, status: int, body) -> dict:
        """The headers of an answer: a 429's ``Retry-After`` (and ``Via`` when the fault asks)."""
        if status != 429 or not isinstance(body, dict):
            return {}
        out = {"Retry-After": str(body.get("retry_after", 1))}
        if body.pop("_via", False):
            out["Via"] = "1.1 google"
        return out

    def user_json(self, user_id: int) -> dict:
        return self.users.get(user_id) or {"id": str(user_id), "username": f"user{user_id}",
                                           "discriminator": "0", "global_name": None, "avatar": None}

    def message_json(self, m: Message) -> dict:
        channel = self.channels.get(m.channel_id, {})
        out = {
            "id": str(m.id), "channel_id": str(m.channel_id), "type": 0, "content": m.content,
            "author": self.users[self.bot_id], "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "pinned": False, "timestamp": "2026-01-01T12:00:00.000000+00:00",
            "edited_timestamp": None, "flags": m.flags, "embeds": m.embeds, "components": m.components,
            "attachments": [{"id": str(m.id + i + 1), "filename": name, "size": len(data),
                             "url": f"https://cdn.discordapp.com/attachments/{m.channel_id}/{m.id}/{name}",
                             "proxy_url": f"https://media.discordapp.net/attachments/{m.channel_id}/{m.id}/{name}"}
                            for i, (name, data) in enumerate(m.files)],
        }
        if channel.get("guild_id"):
            out["guild_id"] = channel["guild_id"]
        if m.interaction_id is not None:
            out["webhook_id"] = str(self.app_id)
            out["application_id"] = str(self.app_id)
        return out

    # -- dispatch -------------------------------------------------------------------------
    def handle(self, method: str, url: str, data, params) -> tuple[int, dict | list | None]:
        parts = urlsplit(url)
        path = parts.path.removeprefix(API)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        query.update({k: str(v) for k, v in (params or {}).items()})
        body, files = _body(data)
        current = CURRENT.get()
        if current is not None:
            current.last_at = self.now()
        for m, rx, name in _COMPILED:
            if m == method and (match := rx.match(path)):
                route = f"{method} {_template(rx.pattern[:-1])}"
                fault = next((f for f in self.faults if f.matches(route, path)), None)
                if fault is not None:  # Discord fails on purpose: nothing happens, the caller is told
                    fault.times, fault.hits = fault.times - 1, fault.hits + 1
                    out = fault.answer()
                    if name == "callback" and (inter := self.interactions.get(match.groupdict().get("token"))):
                        inter.faulted = True
                    if fault.via:
                        out["_via"] = True
                    self.requests.append(Request(method, route, path, fault.status, body, files))
                    return fault.status, out
                try:
                    status, out = getattr(self, "_" + name)(body, files, query, **match.groupdict())
                except HTTPError as err:
                    if err.violation:
                        self.violation(f"{route}: {err.status} {err.code} {err.message}")
                    status, out = err.status, {"code": err.code, "message": err.message}
                self.requests.append(Request(method, route, path, status, body, files))
                held = next((h for h in self.holds if h.matches(route, path)), None)
                if held is not None:
                    held.hits += 1
                    self.gate = held.released
                if status < 300:
                    self.uploads += [Upload(route, name, len(raw), text)
                                     for (name, raw), text in zip(files, descriptions(body, files))]
                return status, out
        self.violation(f"the harness does not know {method} {path}: add the route to tests/harness/discord_api.py")
        self.requests.append(Request(method, f"{method} {path}", path, 404, body, files))
        return 404, {"code": 0, "message": "404: Not Found"}

    # -- login and commands ----------------------------------------------------------------
    def _me(self, body, files, query):
        return 200, self.users[self.bot_id]

    def _application(self, body, files, query):
        return 200, {"id": str(self.app_id), "name": "meeplecord", "description": "", "icon": None,
                     "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                     "owner": self.user_json(self.bot_id), "flags": 0, "team": None,
                     "interactions_endpoint_url": None}

    def _bulk_commands(self, body, files, query, app, guild_id=None):
        problems = limits.commands(body)
        if problems:
            raise invalid(problems)
        stored = []
        for cmd in body:
            stored.append({**cmd, "id": str(snowflake()), "application_id": str(self.app_id),
                           "version": str(snowflake()), "type": cmd.get("type", 1),
                           **({"guild_id": guild_id} if guild_id else {})})
        self.commands = stored
        return 200, stored

    # -- interactions ---------------------------------------------------------------------
    def _interaction(self, token: str) -> Interaction:
        inter = self.interactions.get(token)
        if inter is None:
            raise HTTPError(404, 10015, "Unknown Webhook", violation=True)
        return inter

    def _callback(self, body, files, query, interaction_id, token):
        inter = self.interactions.get(token)
        if inter is None or str(inter.id) != interaction_id:
            raise HTTPError(404, 10062, "Unknown interaction", violation=True)
        late = self.now() - inter.created
        if inter.acked_at is not None:
            raise HTTPError(400, 40060, f"Interaction has already been acknowledged ({inter.name})", violation=True)
        if late > self.ack_deadline:
            raise HTTPError(404, 10062, f"Unknown interaction: {inter.name} answered after {late:.2f} s "
                                        f"(Discord waits {self.ack_deadline:g} s)", violation=True)
        kind, data = body.get("type"), body.get("data") or {}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[inter.type]
        if kind not in allowed:
            raise HTTPError(400, 50035, f"response type {kind} to an interaction of type {inter.type}",
                            violation=True)
        inter.acked_at = self.now()
        inter.response_type = kind
        resource: dict = {"type": kind}
        if kind == 8:
            choices = data.get("choices") or []
            problems = limits.autocomplete(choices)
            if problems:
                inter.acked_at = None
                raise invalid([f"autocomplete of {inter.name}: {p}" for p in problems])
            inter.choices = choices
        elif kind == 9:
            inter.modal = data
        elif kind in (4, 5):
            if kind == 4:
                problems = limits.message(data, files)
                if problems:
                    inter.acked_at = None
                    raise invalid(problems)
            flags = int(data.get("flags") or 0)
            m = Message(snowflake(), inter.channel_id, data.get("content") or "", bool(flags & EPHEMERAL),
                        inter.user_id, "response", files, data.get("components") or [], data.get("embeds") or [],
                        flags | (LOADING if kind == 5 else 0), loading=kind == 5, interaction_id=inter.id)
            if kind == 4:
                self.visible(m)
                m.pinged = pinged(data, m.ephemeral)
                self._notify(m, data)
            self.messages[m.id] = m
            inter.original = m
            resource["message"] = self.message_json(m)
        elif kind == 7:
            m = inter.original
            self._apply_edit(m, data, files)
            resource["message"] = self.message_json(m)
        answer = {"interaction": {"id": str(inter.id), "type": inter.type}, "resource": resource}
        if inter.original is not None and kind in (4, 5):
            answer["interaction"].update(response_message_id=str(inter.original.id),
                                         response_message_loading=kind == 5,
                                         response_message_ephemeral=inter.original.ephemeral)
        return 200, answer

    def _followup(self, body, files, query, app, token):
        inter = self._interaction(token)
        if inter.acked_at is None:
            raise HTTPError(404, 10015, f"Unknown Webhook: a follow-up to {inter.name} before its response",
                            violation=True)
        problems = limits.message(body or {}, files)
        if problems:
            raise invalid(problems)
        flags = int((body or {}).get("flags") or 0)
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first follow-up after a "thinking" defer IS the original response; its flags
            # (ephemeral or not) are ignored, the defer's stay.
            original.loading = False
            original.flags &= ~LOADING
            self._apply_edit(original, body or {}, files, record=False)
            original.where = "followup"
            self.visible(original)
            original.pinged = pinged(body or {}, original.ephemeral)
            return 200, self.message_json(original)
        m = Message(snowflake(), inter.channel_id, (body or {}).get("content") or "", bool(flags & EPHEMERAL),
                    inter.user_id, "followup", files, (body or {}).get("components") or [],
                    (body or {}).get("embeds") or [], flags, interaction_id=inter.id)
        self.visible(m)
        m.pinged = pinged(body or {}, m.ephemeral)
        self._notify(m, body)
        self.messages[m.id] = m
        inter.followups.append(m)
        return 200, self.message_json(m)

    def _webhook_message(self, inter: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            if inter.acked_at is None or inter.original is None:
                raise HTTPError(404, 10008, f"Unknown Message: {inter.name} has no original response yet",
                                violation=True)
            m = inter.original
        else:
            m = self.messages.get(int(message_id))
            if m is None or m.interaction_id != inter.id:
                raise HTTPError(404, 10008, "Unknown Message")
        if m.deleted:
            raise HTTPError(404, 10008, "Unknown Message")
        return m

    def _webhook_get(self, body, files, query, app, token, message_id):
        m = self._webhook_message(self._interaction(token), message_id)
        return 200, self.message_json(m)

    def _webhook_edit(self, body, files, query, app, token, message_id):
        inter = self._interaction(token)
        m = self._webhook_message(inter, message_id)
        problems = limits.message(body or {}, files, edit=True)
        if problems:
            raise invalid(problems)
        if m.loading:
            m.loading = False
            m.flags &= ~LOADING
            self.visible(m)
        self._apply_edit(m, body or {}, files)
        return 200, self.message_json(m)

    def _webhook_delete(self, body, files, query, app, token, message_id):
        inter = self._interaction(token)
        m = self._webhook_message(inter, message_id)
        m.deleted = True
        return 204, None

    def _notify(self, m: Message, body: dict | None) -> None:
        """Who ``body`` (a send or an edit of ``m``) notifies: kept on the message and in ``pings``."""
        users, roles, everyone = limits.notified(body or {})
        m.notified |= users
        if users or roles or everyone:
            self.pings.append((m.id, users, roles, everyone))

    def _apply_edit(self, m: Message, body: dict, files, record: bool = True) -> None:
        self._notify(m, body)
        if record:
            m.edits.append(body)
        if "content" in body:
            m.content = body["content"] or ""
        if "components" in body:
            m.components = body["components"] or []
        if "embeds" in body:
            m.embeds = body["embeds"] or []
        if "attachments" in body:  # the attachments to keep, then the new uploads
            keep = {int(a["id"]) for a in body["attachments"] if "id" in a and int(a["id"]) > m.id}
            m.files = [f for i, f in enumerate(m.files) if m.id + i + 1 in keep] + list(files)
        elif files:
            m.files = list(m.files) + list(files)

    # -- channels and messages ---------------------------------------------------------------
    def _channel(self, channel_id) -> dict:
        ch = self.channels.get(int(channel_id))
        if ch is None or int(channel_id) in self.deleted:
            raise HTTPError(404, 10003, "Unknown Channel")
        return ch

    def _create_message(self, body, files, query, channel_id):
        ch = self._channel(channel_id)
        denied = self.denied.get(int(channel_id), set())
        if ch["type"] == 1 and int(ch["recipients"][0]["id"]) in self.closed_dms:
            raise HTTPError(403, 50007, "Cannot send messages to this user")
        if SEND in denied or (files and ATTACH in denied):
            raise HTTPError(403, 50013, "Missing Permissions")
        meta = ch.get("thread_metadata") or {}
        if meta.get("locked") and int(channel_id) not in self.manages:  # only Manage Threads posts in a locked thread
            if meta.get("archived"):
                raise HTTPError(400, 50083, "Thread is archived")
            raise HTTPError(403, 50013, "Missing Permissions")
        problems = limits.message(body or {}, files)
        if problems:
            raise invalid(problems)
        nonce = (body or {}).get("nonce")
        if nonce is not None and (body or {}).get("enforce_nonce"):  # a repeat: the first message, not a second
            first = next((m for m in self.messages.values() if m.channel_id == int(channel_id)
                          and m.nonce == str(nonce) and not m.deleted), None)
            if first is not None:
                return 200, self.message_json(first)
        inter = CURRENT.get()
        m = Message(snowflake(), int(channel_id), (body or {}).get("content") or "", False,
                    inter.user_id if inter else None, "channel", files, (body or {}).get("components") or [],
                    (body or {}).get("embeds") or [], int((body or {}).get("flags") or 0),
                    nonce=None if nonce is None else str(nonce))
        self.visible(m)
        m.pinged = pinged(body or {}, False)
        self._notify(m, body)
        self.messages[m.id] = m
        if ch.get("thread_metadata", {}).get("archived"):  # a post unarchives a thread
            ch["thread_metadata"]["archived"] = False
            self._emit("THREAD_UPDATE", ch)
        return 200, self.message_json(m)

    def _message(self, channel_id, message_id) -> Message:
        m = self.messages.get(int(message_id))
        if m is None or m.deleted or m.channel_id != int(channel_id) or m.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        return m

    def _get_message(self, body, files, query, channel_id, message_id):
        return 200, self.message_json(self._message(channel_id, message_id))

    def _edit_message(self, body, files, query, channel_id, message_id):
        m = self._message(channel_id, message_id)
        if (self._channel(channel_id).get("thread_metadata") or {}).get("archived"):
            raise HTTPError(400, 50083, "Thread is archived")  # an edit does not reopen a thread
        problems = limits.message(body or {}, files, edit=True)
        if problems:
            raise invalid(problems)
        self._apply_edit(m, body or {}, files)
        return 200, self.message_json(m)

    def _delete_message(self, body, files, query, channel_id, message_id):
        self._message(channel_id, message_id).deleted = True
        return 204, None

    def _create_thread(self, body, files, query, channel_id):
        parent = self._channel(channel_id)
        if "threads" in self.denied.get(int(channel_id), set()):
            raise HTTPError(403, 50013, "Missing Permissions")
        name = (body or {}).get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid([f"thread name is {len(name)} characters (1 to 100)"])
        thread = self.add_channel(name, type=(body or {}).get("type", 11), parent_id=int(channel_id),
                                  guild_id=int(parent["guild_id"]),
                                  auto_archive_duration=(body or {}).get("auto_archive_duration", 4320))
        self._emit("THREAD_CREATE", {**thread, "newly_created": True})
        return 200, thread

    def _get_channel(self, body, files, query, channel_id):
        return 200, self._channel(channel_id)

    def _edit_channel(self, body, files, query, channel_id):
        ch = self._channel(channel_id)
        meta = ch.get("thread_metadata")
        if meta is not None and meta.get("locked") and int(channel_id) not in self.manages:
            raise HTTPError(403, 50013, "Missing Permissions")  # a locked thread: only Manage Threads reopens it
        for key, value in (body or {}).items():
            if meta is not None and key in ("archived", "auto_archive_duration", "locked"):
                meta[key] = value
            else:
                ch[key] = value
        if meta is not None:
            self._emit("THREAD_UPDATE", ch)
        return 200, ch

    def _open_dm(self, body, files, query):
        user_id = int(body["recipient_id"])
        for ch in self.channels.values():
            if ch["type"] == 1 and int(ch["recipients"][0]["id"]) == user_id:
                return 200, ch
        ch = {"id": str(snowflake()), "type": 1, "last_message_id": None, "recipients": [self.user_json(user_id)]}
        self.channels[int(ch["id"])] = ch
        return 200, ch

    def _get_user(self, body, files, query, user_id):
        if int(user_id) not in self.users:
            raise HTTPError(404, 10013, "Unknown User")
        return 200, self.users[int(user_id)]

    def _get_member(self, body, files, query, guild_id, user_id):
        if int(user_id) in self.left:
            raise HTTPError(404, 10007, "Unknown Member")
        return 200, {"user": self.user_json(int(user_id)), "roles": [], "joined_at": "2026-01-01T12:00:00+00:00",
                     "deaf": False, "mute": False, "flags": 0}

    # -- world building (the harness calls these) -----------------------------------------------
    def add_channel(self, name: str, *, type: int = 0, guild_id: int, parent_id: int | None = None,
                    auto_archive_duration: int = 4320, channel_id: int | None = None) -> dict:
        cid = channel_id or snowflake()
        ch = {"id": str(cid), "type": type, "guild_id": str(guild_id), "name": name, "position": 0,
              "permission_overwrites": [], "nsfw": False, "parent_id": str(parent_id) if parent_id else None,
              "last_message_id": None, "rate_limit_per_user": 0, "topic": None, "flags": 0}
        if type in (10, 11, 12):
            ch.update(owner_id=str(self.bot_id), member_count=1, message_count=0,
                      thread_metadata={"archived": False, "auto_archive_duration": auto_archive_duration,
                                       "archive_timestamp": "2026-01-01T12:00:00+00:00", "locked": False})
        self.channels[cid] = ch
        return ch

    def _emit(self, event: str, data: dict) -> None:
        """Gateway events Discord sends after a REST call, delivered on the next loop turn."""
        if self.gateway is not None:
            asyncio.get_running_loop().call_soon(self.gateway, event, json.loads(json.dumps(data)))
