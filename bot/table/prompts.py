"""What the table asks of a seat, in the player's terms ("choose your cards (secret)").

Discord-free: the session layer words a ping with it ("@Ann: your turn:
action phase, 3 action points left"), reminders say the same, and the menus
use it as their title. Each game's prompt is read from its public view and
the first words of the seat's legal moves, so it never says anything the
table may not know (a secret choice is named, never shown).

``prompt(game_id, engine, state, seat) -> Msg``.
"""

from __future__ import annotations

import logging

from games.core.messages import Msg, msg

from ..words import texts  # noqa: F401  (registers the keys used here)

log = logging.getLogger(__name__)


def verbs(engine, state, seat: int) -> list[str]:
    """The first words of the seat's legal moves, in the engine's order."""
    out: list[str] = []
    try:
        moves = engine.legal_moves(state, seat, "")
    except Exception:
        log.exception("legal_moves failed")
        return out
    for m in moves:
        head = m.split(" ", 1)[0].strip()
        if head and head not in out:
            out.append(head)
    return out


class PublicView:
    """``engine.view(state, None)``, worked out on the first look: the prompts of several seats
    of one position share it, and a prompt that needs only the legal moves never pays for it."""

    __slots__ = ("_engine", "_state", "_view")

    def __init__(self, engine, state):
        self._engine, self._state, self._view = engine, state, None

    def get(self, key: str, default=None):
        if self._view is None:
            self._view = self._engine.view(self._state, None)
        return self._view.get(key, default)


def prompt(game_id: str, engine, state, seat: int, view: PublicView | None = None) -> Msg:
    """What ``seat`` is asked now (a generic "your turn" when the game has no wording).
    ``view``: the position's public view shared by the prompts of its other seats."""
    fn = PROMPTS.get(game_id)
    try:
        view = view if view is not None else PublicView(engine, state)
        found = fn(engine, state, view, seat, verbs(engine, state, seat)) if fn else None
    except Exception:  # a prompt is a courtesy: never break a move over it
        log.exception("prompt of %s failed", game_id)
        found = None
    return found or msg("bot.ask.your_turn")


def _choices(game: str, vs: list[str]) -> list[Msg]:
    return [msg(f"bot.ask.{game}.verb.{v}") for v in vs if texts.has(f"bot.ask.{game}.verb.{v}")]


# --- West of Africa ----------------------------------------------------------
def _woa(engine, state, view, seat, vs):
    if "choose" in vs:
        return msg("bot.ask.woa.choose")
    if "retreat" in vs:
        return msg("bot.ask.woa.retreat")
    if vs == ["place"]:
        return msg("bot.ask.woa.place")
    choices = _choices("woa", [v for v in vs if v != "done"])
    if not choices:
        return msg("bot.ask.woa.done")
    return msg("bot.ask.woa.actions", choices=choices)


# --- Altiplano ----------------------------------------------------------------
def _altiplano(engine, state, view, seat, vs):
    phase = view.get("phase")
    if phase == "plan":
        if "draw" in vs:
            return msg("bot.ask.altiplano.draw")
        return msg("bot.ask.altiplano.plan")
    if phase == "act":
        if vs == ["pass"]:
            return msg("bot.ask.altiplano.pass_only")
        if "move" in vs or "step" in vs:
            return msg("bot.ask.altiplano.act_move")
        return msg("bot.ask.altiplano.act")
    if "final" in vs:
        return msg("bot.ask.altiplano.final")
    if "corn" in vs:
        return msg("bot.ask.altiplano.corn")
    if any(v in vs for v in ("pick", "keep", "choose")):
        return msg("bot.ask.altiplano.setup")
    return None


# --- Bruges --------------------------------------------------------------------
#: what a person's question asks, by the effect it decides (``games.bruges.effects.choices``)
BRUGES_QUESTIONS = ("workers", "clear_threats", "free_canal", "canal_double", "discard", "draw")


def bruges_question(state, seat: int):
    """The seat's open question in words: the person asking and what it decides ("Hanseatic
    Factor: which colour are your 2 new workers?"), or None."""
    from games.bruges import messages as bruges_words

    entry = next((e for e in (state.get("pending") or []) if isinstance(e, dict) and e.get("seat") == seat
                  and e.get("kind") == "choose"), None)
    op = (entry or {}).get("op") or {}
    if op.get("op") not in BRUGES_QUESTIONS:
        return None
    return msg(f"bot.ask.bruges.q.{op['op']}", person=bruges_words.label(entry.get("label", "")), n=op.get("n", 1))


def _bruges(engine, state, view, seat, vs):
    phase = view.get("phase")
    if "lose" in vs:
        return msg("bot.ask.bruges.lose")
    if "choose" in vs:
        return bruges_question(state, seat) or msg("bot.ask.bruges.choose")
    if phase == "draw" or vs == ["draw"]:
        players = view.get("players") or []
        held = players[seat].get("hand_size") if seat < len(players) else None
        if isinstance(held, int):
            return msg("bot.ask.bruges.draw_n", n=max(0, 5 - held))
        return msg("bot.ask.bruges.draw")
    if vs == ["roll"]:
        return msg("bot.ask.bruges.roll")
    if "rep" in vs:
        return msg("bot.ask.bruges.rep", n=int(view.get("rep_cost") or 0))
    if "play" in vs:
        return msg("bot.ask.bruges.play")
    if "end" in vs:
        return msg("bot.ask.bruges.end")
    return None


# --- Amerigo ------------------------------------------------------------------
AMERIGO_SUB = {"plan": "bot.ask.amerigo.plan", "produce": "bot.ask.amerigo.produce", "build": "bot.ask.amerigo.build"}


def _ships_left(turn) -> list[Msg]:
    """What each ship has left in a sailing action: every ship has the action's whole budget
    (``points_left`` is the budget less the longest voyage, 0 while the other ship has not
    moved); a ship that built a post stays where it is."""
    budget = int(turn.get("budget") or 0)
    posted = list(turn.get("posted") or [])
    out = []
    for i, moved in enumerate(turn.get("moved") or []):
        if i < len(posted) and posted[i]:
            out.append(msg("bot.ask.amerigo.ship_stays", i=i + 1))
        else:
            out.append(msg("bot.ask.amerigo.ship_left", i=i + 1, n=max(0, budget - int(moved))))
    return out


def _amerigo(engine, state, view, seat, vs):
    turn = view.get("turn") or {}
    colour = msg(f"bot.ask.amerigo.colour.{view.get('phase')}") if texts.has(
        f"bot.ask.amerigo.colour.{view.get('phase')}") else str(view.get("phase") or "")
    if turn and turn.get("seat") == seat:
        action = turn.get("action")
        if action == "develop" or vs == ["take"]:
            return msg("bot.ask.amerigo.take", n=int(turn.get("picks") or 1))
        if vs == ["place"] or (action == "sail" and "place" in vs):   # ("use sail8" may be offered too)
            return msg("bot.ask.amerigo.place")
        if action == "sail" and turn.get("moved") is not None:
            return msg("bot.ask.amerigo.sail", ships=_ships_left(turn))
        key = AMERIGO_SUB.get(action)
        if key:
            return msg(key, n=int(turn.get("points_left") or 0))
    return msg("bot.ask.amerigo.action", colour=colour, n=int(view.get("ap") or 0))


# --- Terra Mystica --------------------------------------------------------------
def _tm(engine, state, view, seat, vs):
    phase = view.get("phase")
    players = view.get("players") or []
    me = players[seat] if seat < len(players) and isinstance(players[seat], dict) else {}
    if phase == "factions" or vs == ["setup"]:
        return msg("bot.ask.tm.faction")
    for offer in view.get("leeches") or []:
        if isinstance(offer, dict) and int(offer.get("seat", -1)) == seat and ("leech" in vs or "decline" in vs):
            src = int(offer.get("from", 0))
            source = players[src].get("faction") if src < len(players) and isinstance(players[src], dict) else None
            return msg("bot.ask.tm.leech", n=int(offer.get("amount", 0)), source=_faction(source))
    owed = me.get("pending") or {}
    if owed.get("FAV"):
        return msg("bot.ask.tm.favour")
    if owed.get("TW"):
        return msg("bot.ask.tm.town")
    if owed.get("CULT") or owed.get("CULTIST"):
        return msg("bot.ask.tm.cult")
    if phase == "dwellings":
        return msg("bot.ask.tm.dwelling")
    if phase == "bonus":
        return msg("bot.ask.tm.bonus")
    if "-SPADE" in vs or phase == "spades":
        return msg("bot.ask.tm.spades")
    if phase == "action" or phase == "actions":
        return msg("bot.ask.tm.action", round=int(view.get("round") or 0))
    return None


PROMPTS = {
    "west-of-africa": _woa,
    "altiplano": _altiplano,
    "bruges": _bruges,
    "amerigo": _amerigo,
    "terra-mystica": _tm,
}


def _faction(name) -> Msg | str:
    """A Terra Mystica faction named in the reader's language (the engine's ``tm.faction.*``)."""
    from games.terra_mystica import messages as TM
    from games.terra_mystica.data import FACTIONS

    fid = str(name or "").lower().replace(" ", "")
    return TM.faction(fid) if fid in FACTIONS else str(name or "?").title()
