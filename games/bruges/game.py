"""The Bruges engine behind the common game contract."""

from __future__ import annotations

from games.core import Event, Game, IllegalMove, Result, msg
from games.core.game import glance_entry, glance_seat

from . import (
    actions,
    messages,  # noqa: F401  (the catalog)
    moves,
    rules,
    scoring,
)
from . import view as view_mod
from .data import UNVERIFIED
from .notation import parse

HELP = """\
Bruges: play 4 cards a round, each for workers, money, a threat, a canal, a house or a person.
draw a / draw b        draw phase: top card of pile A or B (until you hold 5)
draw a a b             several draws in a row (you see each new top colour only after)
roll                   start player rolls the dice (5s and 6s bring threats)
rep / skip             pay for the reputation step (sum of the 1s and 2s) or not
play 12 workers        card 12 for 2 workers of its colour
play 12 money          guilders = the die of the card's colour
play 12 threat         remove a threat of its colour, +1 VP
play 12 canal [left]   next canal section of its colour (pay 1-5 guilders)
play 12 house          the card becomes a house (pay 1 worker of its colour)
play 12 hire [house 2] hire the person (pay its cost; house 2 = replace)
use 7                  activate person 7 (worker symbol, once a round)
end                    end your turn after playing your card
choose red             answer a person's question (colour, canal side, pile a|b)
lose person 7 / lose house 2 / lose canal left   after a plague or fire
/hand shows your cards with their effects."""


class Bruges(Game):
    id = "bruges"
    name = "Bruges"
    names = {"zh-TW": "布魯日"}
    tells_last = True
    version = 1
    min_players = 2
    max_players = 4
    options = ()
    help_text = HELP
    unverified = tuple(UNVERIFIED.values())

    def setup(self, players, seed, options=None):
        self.check_players(players)
        state = rules.setup_state(players, seed, self.resolve_options(options))
        events: list[Event] = []
        rules.settle(state, events)
        return state

    def to_move(self, state):
        return rules.to_move(state)

    def legal_moves(self, state, seat, prefix=""):
        return moves.legal_moves(state, seat, prefix)

    def verbs(self, state, seat):
        return moves.verbs(state, seat)

    def hint(self, state, seat, move):
        return moves.hint(state, seat, move)

    def apply(self, state, seat, text):
        a = parse(text)
        events: list[Event] = []
        t = a["type"]
        pending = [e for e in state["pending"] if e["seat"] == seat]
        if pending and t not in ("choose", "lose"):
            options = list(moves.complete_moves(state, seat))
            raise IllegalMove("bru.err.answer_first", options=options)
        phase, run = actions.HANDLERS[t]
        if phase is not None:
            self._phase(state, seat, phase)
        run(state, seat, a, events)
        rules.settle(state, events)
        state["private_last"] = {str(seat): [e.private for e in events if e.private and e.seat == seat]}
        return events

    @staticmethod
    def _phase(state, seat, phase):
        """Refuse a move of another phase, saying what the player can do now."""
        if state["phase"] == phase:
            return
        legal = moves.legal_moves(state, seat)
        if len(legal) > 6:  # fold "play 74 workers", "play 74 money" ... into "play 74 ..."
            legal = list(dict.fromkeys(m if len(m.split()) <= 2 else " ".join(m.split()[:2]) + " " for m in legal))
        now = [m.strip() + (" ..." if m.endswith(" ") else "") for m in legal]
        shown = now[:8] + (["..."] if len(now) > 8 else [])
        what, current = msg(f"bru.phase.{phase}"), msg(f"bru.phase.{state['phase']}")
        if now:
            raise IllegalMove("bru.err.not_now_options", what=what, phase=current, options=shown)
        raise IllegalMove("bru.err.not_now", what=what, phase=current)

    def view(self, state, seat=None):
        return view_mod.view(state, seat, self.result(state))

    def glance(self, state, key):
        if key in ("phase", "rep_cost", "round"):  # copied as they are by ``view``
            return state[key]
        seat = glance_seat(key, state["players"])
        if seat is not None:
            return view_mod.player(state, seat)
        entry = glance_entry(key, state["players"])
        if entry is not None and entry[1] in view_mod.PLAYER_ENTRIES:
            return view_mod.PLAYER_ENTRIES[entry[1]](state["ps"][entry[0]])
        raise KeyError(key)

    def result(self, state) -> Result | None:
        if state["phase"] != "over":
            return None
        return scoring.final_result(state)


GAME = Bruges()
