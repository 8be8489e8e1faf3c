"""One ``Post``: whatever the bot says, to a table or to one player, whichever way it leaves.

The table layer says *what* to tell and *whom* to ask; ``bot.discord.send`` (the one sender)
decides *how* it leaves: the answer to an interaction, a channel post, a line appended to the
turn post, a DM. So a Post holds no Discord object:

* ``lines``: the text, each line a ``Text`` where it remembers its message (worded again in
  the reader's language when sent);
* the image: ``png``, or ``draw`` (a job that draws it when the reader's language is known);
* who is asked: ``asks`` (who is asked what, one entry per prompt), ``up`` (who is up, when
  nothing more is said), ``mentions`` (anyone else the post asks: the voters of a poll, the
  reminded seat). Those users, and only those, may be notified by it;
* ``buttons``: what the buttons under it *mean* (:class:`Button`: "play game 7", "the board
  after move 12"); the sender builds their custom ids;
* where it goes when no interaction carries it: ``channel_id``, or ``user_id`` (a DM, with
  ``fallback_channel_id`` when DMs are closed);
* ``owed``: the outbox row (game id, move number) it delivers, written with the move;
* ``alt``: the image's description for screen readers (alt text), as lines worded again in
  each reader's language (:meth:`Post.description`; ``bot.table.alt`` writes them).

A command's outcome is a ``Reply`` (``bot.table.sessions``): a Post for the table
(``public``), a Post for the caller alone (``private``, ``step``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from games.core.messages import Msg, normalize_locale

from ..words.i18n import Text
from .alt import Alt, describe  # noqa: F401  (the senders take ``describe`` from here)
from .bot_seats import is_bot
from .kept_json import dumps_with

#: the attachment name of the phone-sized turn image (the full board is "board.png")
TURN_PNG = "turn.png"


@dataclass(frozen=True)
class Button:
    """What a button does, not how Discord shows it: ``action`` and its ``args`` (the sender makes
    the custom id from them), its ``label`` (worded again in the reader's language) and ``style``
    ("primary", "secondary", "success", "danger"). Immutable: the few every turn post carries
    ("Play", "Describe the board", "Standing orders" of a game, in a language) are made once and
    shared."""

    action: str
    args: tuple = ()
    label: str = ""
    style: str = "secondary"


@functools.lru_cache(maxsize=1024)
def play_button(game_id: int, label: str) -> Button:
    """"Play" under a turn post: the clicking player's own menus."""
    return Button("play", (game_id,), label, "primary")


@functools.lru_cache(maxsize=1024)
def orders_button(game_id: int, label: str) -> Button:
    """"Standing orders" under a prompt: the clicking player's orders menu in that game."""
    return Button("ordersmenu", (game_id,), label)


def board_button(game_id: int, n: int, label: str) -> Button:
    """"Full board" under a turn post: the whole board after move ``n``, for the clicker alone."""
    return Button("board", (game_id, n), label)


@functools.lru_cache(maxsize=1024)
def describe_button(game_id: int, label: str) -> Button:
    """"Describe the board" under a turn post: the board as text (``/game status detail:full``),
    for the clicker alone, in their language (a screen reader's way to the board)."""
    return Button("describe", (game_id,), label)


@dataclass(frozen=True)
class Menu:
    """A select menu's meaning, as :class:`Button` is a button's: ``action`` and ``args`` (the
    sender makes the custom id), its ``placeholder`` and its ``options`` as (label, value)
    pairs, labels worded again in the reader's language (a replay's rounds, an archive's games)."""

    action: str
    args: tuple = ()
    placeholder: str = ""
    options: tuple = ()


@dataclass
class Post:
    """One message (see the module's docstring)."""

    lines: list[str]
    png: bytes | None = None
    filename: str = "board.png"
    #: (user_id, display name) of the players the table now waits for
    up: list[tuple[int, str]] = field(default_factory=list)
    #: who is asked what: ([(user_id, name), ...], "choose your cards (secret)"), one entry per prompt
    asks: list[tuple[list[tuple[int, str]], str]] = field(default_factory=list)
    #: a small public line that needs no post of its own (a seat done in a simultaneous step):
    #: the sender appends it to the turn's post instead of posting again
    minor: bool = False
    #: draws the PNG later (set instead of ``png`` when the caller answers the player first),
    #: given the language of its labels (None: the table's)
    draw: Callable[..., Awaitable[bytes | None]] | None = None
    #: users the post asks besides ``up`` and ``asks`` (a poll's voters, a reminded player)
    mentions: list[int] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    #: a select menu under the buttons (the caller's own answers only: a replay, an archive page)
    menu: Menu | None = None
    #: where it goes without an interaction: a channel or thread, or a user's DMs (then
    #: ``fallback_channel_id`` with a mention when the DMs are closed)
    channel_id: int | None = None
    user_id: int | None = None
    fallback_channel_id: int | None = None
    #: the image is this game's latest board: remember the message for reminder links
    board_of: int | None = None
    #: the outbox row this post delivers: (game id, move number)
    owed: tuple[int, int] | None = None
    #: that row's ``created_at`` (the move's time): a move n made again after an undo owes another post
    owed_at: str | None = None
    #: whether naming who is up or asked notifies them: a repeat (``/game status``, ``/game
    #: board``) names them without pinging, the turn's post did
    ping: bool = True
    #: files attached besides the image: (file name, bytes) (a game's record, a CSV export)
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    #: the image's description (alt text): lines, each worded again in the reader's language, or
    #: a turn image's :class:`~bot.table.alt.Alt` (what they are made of, worded when read)
    alt: list[str] | Alt = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def ask_lines(self, say: Callable[..., str], name: Callable[[int, str], str]) -> list[str]:
        """Who is asked what, one line per prompt ("@Ann: choose your cards"), worded by ``say(key,
        **params)`` with seats named by ``name(user_id, name)``. A bot seat is never told "your
        turn": one line says whose turn it is ("Bot 1 🤖 is up"), as a bot reads no prompt."""
        lines, bots = [], []
        for who, what in self.asks:
            people = [name(uid, n) for uid, n in who if not is_bot(uid)]
            bots += [name(uid, n) for uid, n in who if is_bot(uid) and name(uid, n) not in bots]
            if people:
                lines.append(say("asks", who=people, what=what))
        if bots:
            lines.append(say("bot.ask.bot_up", who=bots, n=len(bots)))
        return lines

    def asked(self) -> list[int]:
        """The users this post may notify: the people it asks, who is up, its ``mentions``."""
        out: list[int] = []
        people = [uid for who, _what in self.asks for uid, _n in who] if self.asks else [u for u, _ in self.up]
        for uid in [*people, *self.mentions]:
            if not is_bot(uid) and uid not in out:
                out.append(uid)
        return out

    def description(self, locale: str | None = None) -> str | None:
        """The image's alt text in ``locale`` (None without an image or a description), plain text
        within Discord's limit for an attachment's description."""
        if not self.alt or (self.png is None and self.draw is None):
            return None
        if not isinstance(self.alt, Alt):
            return describe(self.alt, locale)
        # a turn image's: as its render worker worded it when drawn in ``locale`` (the usual case), else
        # its lines worded here in the reader's language at once (not in the bot's, then again)
        told = self.alt.told(locale)
        return told if told is not None else describe(self.alt.lines(normalize_locale(locale)), locale)

    async def render(self, locale: str | None = None) -> bytes | None:
        """The PNG, drawing it now (labels in ``locale``, the readers') if it was left for later."""
        if self.png is None and self.draw is not None:
            job, self.draw = self.draw, None
            self.png = await job(locale)
        return self.png


def notice(text: str, **kw) -> Post:
    """A one-paragraph post (play-by-post's notices: a reminder, a poll, a summary)."""
    return Post([text], **kw)


# --- a post kept in the outbox (it must be sent again after a restart) ------------------------
def line_json(line) -> dict:
    """A line with its message (so it can be worded again after a restart)."""
    m = getattr(line, "msg", None)
    return {"text": str(line), "msg": m.to_json() if isinstance(m, Msg) else None,
            "names": list(getattr(line, "names", ()))}


def line_load(d: dict) -> str:
    if d.get("msg"):
        try:
            return Text(d["text"], Msg.from_json(d["msg"]), tuple(d.get("names") or ()))
        except (ValueError, KeyError, TypeError, AttributeError):
            pass
    return str(d.get("text", ""))


#: ``json.dumps(data, ensure_ascii=False)``, its encoder made once (the outbox row and the turn's
#: steps of every move)
unescaped = dumps_with(ensure_ascii=False)


def to_json(post: Post, image: dict | None = None) -> str:
    """The post as the outbox keeps it; ``image``: how to draw its image again (game, move, kind).
    A turn image's lines that the post carries too are kept as their place among its lines."""
    return unescaped({
        "lines": [line_json(x) for x in post.lines], "filename": post.filename, "minor": post.minor,
        "up": [list(u) for u in post.up],
        "asks": [[[list(w) for w in who], line_json(what)] for who, what in post.asks],
        "mentions": list(post.mentions),
        "buttons": [[b.action, list(b.args), line_json(b.label), b.style] for b in post.buttons],
        "channel_id": post.channel_id, "board_of": post.board_of, "image": image_json(image, post.lines),
        "alt": alt_json(post.alt, post.lines) if isinstance(post.alt, Alt) else [line_json(x) for x in post.alt],
    })


def from_json(text: str) -> tuple[Post, dict | None]:
    """A post from the outbox, and how to draw its image again (None: it has none)."""
    d = json.loads(text)
    post = Post([line_load(x) for x in d.get("lines") or []], filename=d.get("filename") or "board.png",
                minor=bool(d.get("minor")), up=[(int(u), str(n)) for u, n in d.get("up") or []],
                asks=[([(int(u), str(n)) for u, n in who], line_load(what)) for who, what in d.get("asks") or []],
                mentions=[int(u) for u in d.get("mentions") or []],
                buttons=[Button(a, tuple(args), line_load(label), style) for a, args, label, style in d.get("buttons") or []],
                channel_id=d.get("channel_id"), board_of=d.get("board_of"))
    described = d.get("alt")
    post.alt = alt_load(described, post) if isinstance(described, dict) else [line_load(x) for x in described or []]
    image = d.get("image")
    if isinstance(image, dict) and isinstance(image.get("said"), list):
        image = {**image, "said": _deref(image["said"], post.lines)}
    return post, image


# --- a turn image's data in the row: what its words are made of, not the words ---------------
def _refs(lines: list, carried: list) -> list:
    """``lines`` as the row keeps them: a line the post carries as its index among ``carried``
    (the very object), another with its message (``line_json``)."""
    out: list = []
    for line in lines:
        at = next((i for i, x in enumerate(carried) if x is line), None)
        out.append(at if at is not None else line_json(line))
    return out


def _deref(refs: list, carried: list) -> list:
    return [carried[r] if isinstance(r, int) and 0 <= r < len(carried) else line_load(r) if isinstance(r, dict)
            else str(r) for r in refs]


def image_json(image: dict | None, carried: list) -> dict | None:
    """How to draw a turn image again, as plain data: the turn's lines (``said``, see ``_refs``) and
    its steps' messages (``steps``), worded in the reader's language when it is drawn
    (``SessionManager.redraw``); a row written before them has the words (``turn_text``)."""
    if not image or ("said" not in image and "steps" not in image):
        return image
    out = dict(image)
    if "said" in out:
        out["said"] = _refs(out["said"], carried)
    if "steps" in out:
        out["steps"] = [m.to_json() if isinstance(m, Msg) else m for m in out["steps"]]
    return out


def alt_json(described: Alt, carried: list) -> dict:
    """A turn image's description as what it is made of (its asks are the post's own)."""
    out = {"kind": described.kind, "game": described.game, "n": described.n,
           "said": _refs(described.said, carried), "name": described.name}
    if described.board is None and described.scores is not None:  # not read from its board for this
        out["scores"] = [list(s) for s in described.scores]
    return out


def alt_load(d: dict, post: Post) -> Alt:
    got = d.get("scores")
    return Alt(str(d.get("kind") or "turn"), str(d.get("game") or ""), d.get("n"),
               _deref(d.get("said") or [], post.lines), post.asks,
               [(str(name), int(v)) for name, v in got] if isinstance(got, list) else None, d.get("name"))
