"""Terra Mystica at the Discord table: leech buttons, faction and choice menus.

Everything a click does is an ordinary move played through the session
layer (``sessions.move``), exactly as if the player had typed it with
``/move``: the buttons only save typing. So a click is refused the same way
a typed move is (not your seat, not your turn, the offer is gone), and the
move log stays the one truth.

Components are discord.py ``DynamicItem``s: their ``custom_id`` carries the
game id, the seat and the offer, so after a restart (or days later) the
click is rebuilt from the id alone once ``bot.discord.components.register`` has run.

``followups(sessions, table)`` says what to post after a change:

* each open leech offer not yet posted: a mention of the neighbour with
  "Take N power (-N+1 VP)" / "Decline" buttons;
* the faction choice: ONE message for the whole table, a line per seat
  (chosen, choosing now, later) and the select menu of the factions still
  free for the seat choosing now (the engine's legal ``setup ...`` moves,
  so colour conflicts are out), edited as the seats choose;
* a seat owing a favour tile, a town tile or a cult track: a select menu
  of exactly the legal ``+...`` moves.

What opens at once (the power offers of one build, several seats' picks)
goes in ONE message with a row per seat; a seat's answer edits that message.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from games.core.messages import Msg, render
from games.terra_mystica import messages as TM

from ...table.bot_seats import mention as seat_mention
from ...table.games.terra_mystica_orders import factions as _factions
from ...table.games.terra_mystica_orders import leech_offers, leech_text, takeable
from ...table.games.terra_mystica_orders import room as _room
from ...words.i18n import t, tr
from ...words.terra_mystica import FACTION_BLURB, say, tile_blurb, title
from ..glue import QUIET, channel_key, only, readers, sessions_of, worded
from ..send import custom_id, deliver, followup, played

log = logging.getLogger(__name__)

GAME = "terra-mystica"

CULT_ORDER = ("FIRE", "WATER", "EARTH", "AIR")


# --- what the table needs now (pure: no Discord calls) ------------------------------

@dataclass
class Followup:
    """One message to post: text with a mention, and its components.
    ``sent(message)`` is called with the posted message, so it can be
    struck once the offer or the choice is gone. It names the seat without pinging it: it comes
    right after the turn's post, which asked that seat already (a power offer was pinged twice)."""

    content: str
    view: discord.ui.View
    mentions: discord.AllowedMentions = QUIET
    key: tuple = field(default_factory=tuple)
    sent: Callable | None = None


def _choice_kind(moves: list[str]) -> str | None:
    """'FAV', 'TW' or 'CULT' when every listed move is such a pick, else None."""
    kinds = set()
    for m in moves:
        m = m.strip().upper()
        if re.fullmatch(r"\+FAV\d+", m):
            kinds.add("FAV")
        elif re.fullmatch(r"\+\d*TW\d+", m):
            kinds.add("TW")
        elif re.fullmatch(r"\+\d*(FIRE|WATER|EARTH|AIR)", m):  # "+2AIR": a two-step grant
            kinds.add("CULT")
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def pending_choice(engine, state, view: dict, seat: int) -> tuple[str, list[str]] | None:
    """(kind, moves) when ``seat`` owes a pick (the view's ``pending``: favour
    tile, town tile, cult step) and the engine lists it as a legal move now."""
    players = view.get("players") or []
    owed = (players[seat].get("pending") or {}) if seat < len(players) else {}
    kinds = [k for k in ("FAV", "TW", "CULT") if owed.get(k)]
    if not kinds:
        return None
    try:
        moves = [m for m in engine.legal_moves(state, seat, "+") if not m.endswith(" ")]
    except Exception:
        log.exception("legal_moves failed")
        return None
    for kind in kinds:
        picks = [m for m in moves if _choice_kind([m]) == kind]
        if picks:
            return kind, picks
    return None


def faction_choices(engine, state, seat: int) -> list[str]:
    """The ``setup FACTION`` moves open to ``seat`` (colour conflicts already excluded)."""
    try:
        moves = engine.legal_moves(state, seat, "setup ")
    except Exception:
        log.exception("legal_moves failed")
        return []
    return [m for m in moves if not m.endswith(" ") and m.lower().startswith("setup ")]


@dataclass
class _Posted:
    """What one game has on the channel: key -> posted message (None until sent),
    and the messages whose offer or choice is gone, to strike."""

    messages: dict = field(default_factory=dict)
    gone: list = field(default_factory=list)
    #: key -> what its message shows now (the faction board: which seat's menu)
    shown: dict = field(default_factory=dict)
    #: ids of the faction boards (their text is redrawn, to the last choice)
    boards: set = field(default_factory=set)
    #: the language the table reads its offers in (rows rebuilt later keep it)
    locale: str | None = None


#: per session manager, per game id. In memory only: after a restart an offer
#: still open is posted once more on the next change, which is harmless.
_POSTED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: ids of messages already struck by their own click
_STRUCK: set[int] = set()


def _wanted(table, view: dict, locale: str | None = None) -> dict[tuple, Callable[[], Followup]]:
    """Every offer and choice open now, by a key stable while it stays open:
    ``("leech", seat, from, n)`` (the n-th open offer from that builder),
    ``("faction", seat)``, ``("choice", seat, kind)``; worded in ``locale`` (the table's)."""
    engine, state, gid = table.engine, table.state, table.record.id
    factions = _factions(view)
    wanted: dict[tuple, Callable[[], Followup]] = {}

    def mention(seat: int) -> str:
        return seat_mention(table.seats[seat].user_id, table.seats[seat].name)

    seen: dict[tuple, int] = {}
    for offer in leech_offers(view):
        seat = offer["seat"]
        if seat >= len(table.seats):
            continue
        base = ("leech", seat, offer["from"])
        seen[base] = seen.get(base, 0) + 1
        amount = takeable(view, offer)  # full bowls cap the offer: say what it really gives
        unpaid = amount is None  # more VP than the seat has (the seed's rule): decline only
        shown = min(offer["amount"], _room(view, seat)) if unpaid else amount
        content = say("leech.unpaid" if unpaid else "leech.offer", locale, mention=mention(seat),
                      faction=title(factions[seat], locale), source=title(factions[offer["from"]], locale),
                      amount=shown, vp=max(0, shown - 1))
        wanted[(*base, seen[base] - 1)] = (
            lambda content=content, seat=seat, offer=offer, amount=amount:
            Followup(content, leech_view(gid, seat, offer, amount, locale)))

    choosing = [s for s in sorted(view.get("to_move") or []) if s < len(table.seats) and factions[s] is None]
    if choosing:
        seat = choosing[0]
        choices = faction_choices(engine, state, seat)
        if choices:
            content = faction_board(table, factions, seat, locale)
            wanted[("faction",)] = (lambda content=content, seat=seat, choices=choices:
                                    Followup(content, faction_view(gid, seat, choices, locale), key=("faction", seat)))
    for seat in sorted(view.get("to_move") or []):
        if seat >= len(table.seats) or factions[seat] is None:
            continue
        pick = pending_choice(engine, state, view, seat)
        if pick:
            kind, moves = pick
            content = say("choice.prompt", locale, mention=mention(seat), faction=title(factions[seat], locale),
                         what=say(f"what.{kind.lower()}", locale))

            def make(content=content, seat=seat, kind=kind, moves=moves):
                labels = {m: _choice_label(engine, state, seat, m, locale) for m in moves}
                return Followup(content, choice_view(gid, seat, kind, moves, labels,
                                                     choice_blurbs(view, seat, moves, locale), locale))
            wanted[("choice", seat, kind)] = make
    return wanted


def asking(table, content: str) -> discord.AllowedMentions:
    """Exactly the seats this text mentions (a seat's name is inert: it never reads as a mention)."""
    return only(s.user_id for s in table.seats if s.user_id > 0 and f"<@{s.user_id}>" in content)


def faction_board(table, factions: list, choosing: int | None, locale: str | None = None) -> str:
    """The faction message: a line per seat, chosen, choosing now (a mention) or later."""
    lines = []
    for s, seat in enumerate(table.seats):
        f = factions[s] if s < len(factions) else None
        if f is not None:
            lines.append(say("faction.chosen", locale, name=seat.name, seat=s + 1, faction=title(f, locale)))
        elif s == choosing:
            lines.append(say("faction.prompt", locale, mention=seat_mention(seat.user_id, seat.name), seat=s + 1))
        else:
            lines.append(say("faction.waits", locale, name=seat.name, seat=s + 1))
    return "\n".join(lines)


def followups(sessions, table, locale: str | None = None) -> list[Followup]:
    """Messages with components the table needs after its latest change (worded in ``locale``,
    the place's); what is no longer open is queued for ``tidy`` to strike."""
    view = table.engine.view(table.state, None)
    games = _POSTED.setdefault(sessions, {})
    posted = games.setdefault(table.record.id, _Posted())
    posted.locale = locale or posted.locale or getattr(sessions, "locale", None)
    wanted = {} if view.get("result") else _wanted(table, view, posted.locale)
    for key in [k for k in posted.messages if k not in wanted]:
        message = posted.messages.pop(key)
        if message is not None and message not in posted.gone:
            posted.gone.append(message)  # struck, or (other offers still open in it) its rows rebuilt
    out = []
    for key, make in wanted.items():
        if key in posted.messages:
            shown = posted.shown.get(key)
            message = posted.messages[key]
            if key == ("faction",) and message is not None and shown != make().key:
                posted.shown[key] = make().key  # the next seat chooses now: redraw the board
                if message not in posted.gone:
                    posted.gone.append(message)
            continue
        posted.messages[key] = None
        follow = make()
        posted.shown[key] = follow.key
        follow.key = key
        def sent(message, key=key):
            posted.messages[key] = message
            if key == ("faction",):
                posted.boards.add(message.id)
        follow.sent = sent
        out.append(follow)
    if view.get("result"):
        games.pop(table.record.id, None)
    return _merge_offers(out, posted)


def _merge_offers(out: list[Followup], posted: _Posted) -> list[Followup]:
    """What opens at once goes in ONE message: the power offers one build raises, the seats'
    favour, town and cult picks; a line and a row of buttons (or a menu) per seat."""
    # the acting seat's pick first (its turn waits on it), then the neighbours' power offers
    offers = [f for f in out if f.key and f.key[0] == "choice"] + [f for f in out if f.key and f.key[0] == "leech"]
    if len(offers) < 2:
        return out
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for row, follow in enumerate(offers[:5]):
        for item in follow.view.children:
            if getattr(item, "custom_id", None) in seen:  # "Standing orders" once per message
                continue
            seen.add(getattr(item, "custom_id", None))
            item.row = row
            view.add_item(item)
    keys = [f.key for f in offers]

    def sent(message, keys=keys):
        for key in keys:
            posted.messages[key] = message
    content = "\n".join(f.content for f in offers)
    merged = Followup(content, view, key=("merged", *keys), sent=sent)
    return [merged] + [f for f in out if f not in offers]


def open_rows(sessions, table, message_id: int | None) -> discord.ui.View | None:
    """The button rows of the offers still open in the message ``message_id`` (None: none left)."""
    posted = _POSTED.get(sessions, {}).get(table.record.id)
    if posted is None or table.state is None or message_id is None:
        return None
    wanted = _wanted(table, table.engine.view(table.state, None), posted.locale)
    keys = [k for k, m in posted.messages.items() if getattr(m, "id", None) == message_id and k in wanted]
    if not keys:
        return None
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for row, key in enumerate(keys[:5]):
        for item in wanted[key]().view.children:
            if getattr(item, "custom_id", None) in seen:  # "Standing orders" once per message
                continue
            seen.add(getattr(item, "custom_id", None))
            item.row = row
            view.add_item(item)
    return view


async def tidy(sessions, table) -> None:
    """Strike the buttons and menus of offers and choices that are gone
    (answered with a typed /move, or the game moved on)."""
    posted = _POSTED.get(sessions, {}).get(table.record.id)
    gone = posted.gone if posted else []
    while gone:
        message = gone.pop()
        if getattr(message, "id", None) in _STRUCK:
            _STRUCK.discard(message.id)
            continue
        try:  # a message with several offers keeps the rows of those still open
            board = board_text(sessions, table, getattr(message, "id", None))
            rows = open_rows(sessions, table, getattr(message, "id", None))
            if board is not None:
                await message.edit(content=board, view=rows, allowed_mentions=asking(table, board))
            else:
                await message.edit(view=rows)
        except discord.HTTPException:
            pass


def board_text(sessions, table, message_id: int | None) -> str | None:
    """The faction board's text now, when ``message_id`` is that board (else None)."""
    posted = _POSTED.get(sessions, {}).get(table.record.id)
    if posted is None or message_id not in posted.boards or table.state is None:
        return None
    view = table.engine.view(table.state, None)
    factions = _factions(view)
    choosing = [s for s in sorted(view.get("to_move") or []) if s < len(factions) and factions[s] is None]
    return faction_board(table, factions, choosing[0] if choosing else None, posted.locale)


def _choice_label(engine, state, seat, move: str, locale: str | None = None) -> str:
    """A pick's label with its note (the engine's hint, worded in ``locale``)."""
    hint = ""
    try:
        hint = engine.hint(state, seat, move)
        m = getattr(hint, "msg", None)
        hint = render(m, locale) if isinstance(m, Msg) else hint
    except Exception:
        hint = ""
    return f"{move} ({hint})" if hint else move


# --- the components ------------------------------------------------------------------

def leech_view(game_id: int, seat: int, offer: dict, amount: int | None = None,
               locale: str | None = None) -> discord.ui.View:
    """The two buttons of one offer; ``amount`` is what taking gives now (default: all of it)."""
    view = discord.ui.View(timeout=None)
    if amount is not None or "take" not in offer:
        amount = offer["amount"] if amount is None else amount
        view.add_item(LeechButton(game_id, seat, offer["from"], amount, "take", locale))
    view.add_item(LeechButton(game_id, seat, offer["from"], offer["amount"] if amount is None else amount,
                              "decline", locale))
    # the player's standing orders (``bot.discord.cogs.away.OrdersButton`` answers the click)
    view.add_item(discord.ui.Button(label=tr(t("orders.button"), locale), custom_id=custom_id("ordersmenu", game_id)))
    return view


def faction_view(game_id: int, seat: int, moves: list[str], locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FactionSelect(game_id, seat, moves, locale))
    return view


def choice_blurbs(view: dict, seat: int, moves: list[str], locale: str | None = None) -> dict[str, str]:
    """Each pick's description: what a tile gives, or where on that cult track the seat is now."""
    cult = ((view.get("players") or [{}] * (seat + 1))[seat] or {}).get("cult") or [0, 0, 0, 0]
    out = {}
    for m in moves:
        key = m.strip().lstrip("+").upper()
        track = key.lstrip("0123456789")  # "+2AIR": Auren's two steps on one track
        if track in CULT_ORDER:
            now = cult[CULT_ORDER.index(track)]
            # the steps are capped at 10
            out[m] = say("cult_now", locale, cult=tr(TM.cult(track), locale), now=now)
        elif tile_blurb(key):
            out[m] = tile_blurb(key, locale)
    return out


def choice_view(game_id: int, seat: int, kind: str, moves: list[str], labels: dict | None = None,
                blurbs: dict | None = None, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChoiceSelect(game_id, seat, kind, moves, labels, blurbs, locale))
    return view


class LeechButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tm:leech:(?P<game>\d+):(?P<seat>\d+):(?P<src>\d+):(?P<amount>\d+):(?P<verb>take|decline)"):
    """"Take N power (-N+1 VP)" or "Decline": the offer to ``seat`` from the
    building of seat ``src``."""

    def __init__(self, game_id: int, seat: int, src: int, amount: int, verb: str, locale: str | None = None):
        self.game_id, self.seat, self.src, self.amount, self.verb = game_id, seat, src, amount, verb
        if verb == "take":
            key = "leech.take_none" if amount <= 0 else "leech.take_free" if amount == 1 else "leech.take"
            label = say(key, locale, amount=amount, vp=amount - 1)
            style = discord.ButtonStyle.success
        else:
            label, style = say("leech.decline", locale), discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(
            label=label, style=style,
            custom_id=custom_id("leech", game_id, seat, src, amount, verb)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["game"]), int(match["seat"]), int(match["src"]), int(match["amount"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        def move_for(view: dict) -> str | None:
            offer = next((o for o in leech_offers(view) if o["from"] == self.src and o["seat"] == self.seat), None)
            if offer is None:
                return None
            return leech_text(view, offer, "leech" if self.verb == "take" else "decline")
        await answer(interaction, self.game_id, self.seat, move_for)


class FactionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"tm:faction:(?P<game>\d+):(?P<seat>\d+)"):
    """The factions still free, for the seat choosing now."""

    def __init__(self, game_id: int, seat: int, moves: list[str] | None = None, locale: str | None = None):
        self.game_id, self.seat = game_id, seat
        options = []
        for m in (moves or [])[:25]:
            fid = m.split(None, 1)[1].strip().lower() if " " in m else m
            blurb = say(f"blurb.{fid}", locale) if fid in FACTION_BLURB else ""
            options.append(discord.SelectOption(label=title(fid, locale)[:100], value=m,
                                                description=blurb[:100] or None))
        select = discord.ui.Select(custom_id=custom_id("faction", game_id, seat),
                                   placeholder=say("faction.placeholder", locale),
                                   options=options or [discord.SelectOption(label="-", value="-")])
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        self = cls(int(match["game"]), int(match["seat"]))
        self.item = item  # keep the options and the values Discord sent
        return self

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = (self.item.values or [None])[0]
        await answer(interaction, self.game_id, self.seat, lambda view: chosen)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"tm:choice:(?P<game>\d+):(?P<seat>\d+):(?P<kind>FAV|TW|CULT)"):
    """A pending pick (favour tile, town tile, cult track): exactly the legal ``+...`` moves."""

    def __init__(self, game_id: int, seat: int, kind: str, moves: list[str] | None = None,
                 labels: dict | None = None, blurbs: dict | None = None, locale: str | None = None):
        self.game_id, self.seat, self.kind = game_id, seat, kind
        options = [discord.SelectOption(label=((labels or {}).get(m) or m)[:100], value=m,
                                        description=((blurbs or {}).get(m) or "")[:100] or None)
                   for m in (moves or [])[:25]]
        select = discord.ui.Select(custom_id=custom_id("choice", game_id, seat, kind),
                                   placeholder=say("choice.placeholder", locale, what=say(f"what.{kind.lower()}", locale)),
                                   options=options or [discord.SelectOption(label="-", value="-")])
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        self = cls(int(match["game"]), int(match["seat"]), match["kind"])
        self.item = item
        return self

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = (self.item.values or [None])[0]
        await answer(interaction, self.game_id, self.seat, lambda view: chosen)


DYNAMIC_ITEMS = (LeechButton, FactionSelect, ChoiceSelect)


# --- a click is a move ---------------------------------------------------------------

async def answer(interaction: discord.Interaction, game_id: int, seat: int, move_for) -> None:
    """Check the click (this game, this seat's user), then play ``move_for(view)``
    through the session layer and deliver it like a typed ``/move``."""
    sessions = sessions_of(interaction)
    channel_id = channel_key(interaction)
    table = sessions.table(channel_id)
    mine, ours = await readers(interaction)  # refusals to the clicker, the note for the table
    if table is None or table.record.id != game_id or table.state is None:
        await interaction.response.send_message(say("gone", mine), ephemeral=True)
        return
    if seat >= len(table.seats) or table.seats[seat].user_id != interaction.user.id:
        name = table.seats[seat].name if seat < len(table.seats) else "?"
        await interaction.response.send_message(say("not_yours", mine, name=name), ephemeral=True)
        return
    move = move_for(table.engine.view(table.state, None))
    if not move or move == "-":
        await interaction.response.send_message(say("offer_gone", mine), ephemeral=True)
        await _disable(interaction)
        return
    # acknowledged before the move is waited for when the table is busy or slow: the pick is never
    # saved behind an interaction Discord already gave up on
    reply, deferred = await played(interaction, move, ephemeral=False)
    if reply is None:
        return
    if not reply.ok:
        why = worded(reply.private if reply.private is not None else reply.text, mine)[:2000]
        if deferred:
            await followup(interaction, why, ephemeral=True)
        else:
            await interaction.response.send_message(why, ephemeral=True)
        return
    # The answer IS the edit of this message: the seat's choice noted, the rows still open kept.
    message = interaction.message
    board = board_text(sessions, table, getattr(message, "id", None))
    note = say("done", ours, name=table.seats[seat].name, move=move)
    content = (board if board is not None else (message.content if message is not None else "") + f"\n{note}")[:2000]
    rows = open_rows(sessions, table, getattr(message, "id", None))
    posted = _POSTED.get(sessions, {}).get(table.record.id)
    if posted is not None and board is not None:  # redrawn here: nothing left for ``tidy`` to do
        wanted = _wanted(table, table.engine.view(table.state, None), posted.locale)
        if ("faction",) in wanted:
            posted.shown[("faction",)] = wanted[("faction",)]().key
    if message is not None and rows is None:
        _STRUCK.add(message.id)
    if deferred:
        await interaction.edit_original_response(content=content, view=rows, allowed_mentions=asking(table, content))
    else:
        await interaction.response.edit_message(content=content, view=rows, allowed_mentions=asking(table, content))
    if reply.public is not None and reply.public.minor:
        reply.public = None  # the line is the edit just made
    reply.step = None
    await deliver(interaction, reply, answered=True)  # the turn's post, what the table needs next


async def _disable(interaction: discord.Interaction, note: str | None = None) -> None:
    """Strike the used components from their message (keeps the text, adds ``note``)."""
    message = interaction.message
    if message is None:
        return
    content = message.content + (f"\n{note}" if note else "")
    _STRUCK.add(message.id)
    try:
        await message.edit(content=content[:2000], view=None)
    except discord.HTTPException:
        pass
