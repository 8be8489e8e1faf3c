"""West of Africa's ``Game``: the contract (setup, who moves, legal moves, a move applied, the
views, the result) over the rules in this package; its readings and designed values are in
the package's docstring (``__init__.py``)."""

from __future__ import annotations

from games.core import Event, Game, IllegalMove, Option, msg
from games.core.messages import worded

from . import actions, data, messages, moves, notation, rules, scoring, view  # noqa: F401

HELP = """West of Africa: choose cards in secret, then play your actions in turn order; `done` ends your turn.
choose tenerife farm sell   pick 1-5 cards (5th costs 4 coins); minus = the -4 card
place gomera                round 1: put your ship on an empty berth
move west gomera tenerife   move a worker (1 step per lane, 4 steps per turn)
farm palma wine wine west   plant; each west/east = a worker there helping (-1 coin/crop) then going to that ship
farm tenerife dual-sugar    plant on the dual-use field
sell canaria [wine]         sell all (or the listed) crops from that warehouse
build lanzarote 6 9         found houses (mayor only) on spaces of those costs; dual-6 = dual-use space
ship tenerife +sugar canaria fuerteventura [bump blue]   sail up to 3 harbours; +crop loads, -crop drops
retreat palma               your pushed ship picks La Palma or El Hierro
done                        end your turn
Islands: hierro palma gomera tenerife canaria fuerteventura lanzarote (full names and prefixes work).
Cards: the islands, workers, ship, farm, sell, build, minus; or by position 1-13 in that order (choose 4 10 11)."""


class WestOfAfrica(Game):
    id = "west-of-africa"
    name = "West of Africa"
    names = {"zh-TW": "七島"}
    tells_last = True
    version = 1
    min_players = 2
    max_players = 5
    options = (
        Option("end", "extra-round", "after 25 points / 20 houses: one last full round, or end at once",
               ("extra-round", "immediate")),
    )
    help_text = HELP
    unverified = tuple(data.UNVERIFIED.values())

    def setup(self, players, seed, options=None):
        self.check_players(players)
        return rules.setup(players, seed, self.resolve_options(options))

    def to_move(self, state):
        return view._to_move(state)

    def legal_moves(self, state, seat, prefix=""):
        if seat not in self.to_move(state):
            return []
        return moves.legal_moves(state, seat, prefix)

    def apply(self, state, seat, text):
        action = notation.parse(text, state["players"])
        state["highlight"] = []
        events = self._dispatch(state, seat, action)
        return events

    def _dispatch(self, state, seat, a) -> list[Event]:
        verb = a["verb"]
        if verb == "choose":
            return rules.choose(state, seat, a["cards"])
        if state["phase"] != "actions":
            raise IllegalMove("woa.err.choosing_now")
        if verb == "retreat":
            events = actions.do(state, seat, a)
            mover = rules.current_seat(state)
            return events + rules.after_command(state, mover)
        if state["pending"]:
            raise IllegalMove("woa.err.pending")
        if verb == "done":
            if rules.current_seat(state) != seat:
                raise IllegalMove("woa.err.not_your_turn")
            if state["ships"][seat] is None:
                raise IllegalMove("woa.err.place_first")
            return [Event(msg("woa.ev.ends_turn", who=messages.seat(seat)), seat=seat)] + rules.end_turn(state)
        return actions.do(state, seat, a) + rules.after_command(state, seat)

    def view(self, state, seat=None):
        return view.public_view(state) if seat is None else view.seat_view(state, seat)

    def result(self, state):
        return scoring.result(state)

    def hint(self, state, seat, move):
        """Coins and points a complete move would change, e.g. '-3 coins'; card total when choosing."""
        import copy

        if state["phase"] == "choose":
            try:
                cards = notation.parse(move, state["players"]).get("cards") or []
            except Exception:
                return ""
            total = sum(data.CARD_NUMBERS[c] for c in cards)
            # ◇: the card numbers are ours (data.UNVERIFIED, listed in /help)
            notes = [msg("woa.hint.total", total=total)]
            if len(cards) == 5:
                notes.append(msg("woa.hint.fifth", n=data.FIFTH_CARD_COST))
            return worded("woa.hint.notes", notes=notes + moves.choice_notes(state, seat, cards))
        trial = copy.deepcopy(state)
        try:
            self.play(trial, seat, move)
        except Exception:
            return ""
        parts = []
        dc = trial["coins"][seat] - state["coins"][seat]
        dp = trial["points"][seat] - state["points"][seat]
        if dc and state["phase"] == "actions":
            parts.append(msg("woa.hint.coins", n=dc))
        if dp and state["phase"] == "actions":
            parts.append(msg("woa.hint.points", n=dp))
        return worded("woa.hint.notes", notes=parts) if parts else ""


GAME = WestOfAfrica()

__all__ = ["GAME", "WestOfAfrica"]
