"""The Altiplano engine: the game contract over rules/actions/moves/view."""

from __future__ import annotations

import json

from games.core import Event, Game, Option, msg, standings
from games.core.messages import Worded

from . import actions, messages, moves, notation, rules  # noqa: F401  (messages: the catalog)
from .data import (
    BOATS,
    DESIGNED_IDS,
    EXTENSIONS,
    HOUSES,
    MISSIONS,
    ORDERS,
    ROAD_STEPS,
    SELL_PRICE,
    UNVERIFIED,
)
from .scoring import END_ONLY, final_scores, mission_met
from .view import board_view, own_view, player_view

HELP = """\
Altiplano: draw, plan in secret, then one action per turn. Ids: e05 extension, o03 order, h02 house, b04 boat.
Planning (secret): plan fish harbor | plan food move | plan food role | plan food e05 | unplan fish harbor
  several at once, ending the planning: plan fish harbor food harbor alpaca farm done
  coin e08 (coins on market extensions) | uncoin e08 | swap fish bag / swap fish glass (swap extension) | done
Before drawing (if tiles stayed on your board): return fish harbor | return coin e08 | draw
Moving (free, not an action): move farm (first cart free, more carts cost a planned food) | step mine (1 food)
  add 'coin' to pay with a coin from the move track (coin-move extension)
Actions at your pawn's location, one per turn:
  farm food 2 | farm wool | farm cloth | forest wood | forest cacao glass food | mine stone | mine silver
  harbor food | harbor stone | harbor boat b03 | village house h02 | village store fish fish wool corn@4
  village cart | road build | market order o05 | market deliver fish stone | market ext e05 | market sell silver
  use role | use e12 ore | use e21 2 (store corn kept on the corn extension) | pass
Corn: corn 3 (row) or corn keep. Set-up: pick miner (draft), keep m03 give m07 (to your left), choose m11.
End: final fish (end-game storing extension) | final corn@2 | final stop
No boat or house left: 'harbor boat' / 'village house' can still be played; it costs its goods and gives nothing.
Boats cost 2 wood (the rulebook; the seed names both 2 wood and 2 stone).
Game end: the round that empties a location or the extension strip is finished, then the game ends;
  the option extra_round=true plays the published rule instead: one more full round after it."""


class Altiplano(Game):
    id = "altiplano"
    name = "Altiplano"
    names = {"zh-TW": "神祕高原"}
    tells_last = True
    version = 1
    min_players, max_players = 2, 5
    options = (
        Option("roles", "deal", "role tiles dealt at random, or drafted face up", ("deal", "draft")),
        Option("missions", False, "mission variant: deal 3, keep 1, pass the others", (False, True)),
        Option("extra_round", False,
               "the published game end: after the round that triggers the end, play one more full round "
               "(default, as the seed says: the game ends when the trigger round is over)", (False, True)),
    )
    help_text = HELP
    #: what /help lists under "values we could not verify" (data.UNVERIFIED)
    unverified = tuple(UNVERIFIED.values())

    def setup(self, players, seed, options=None):
        self.check_players(players)
        return rules.setup_state(players, seed, self.resolve_options(options))

    # The state is plain JSON data: a JSON round trip copies it several times faster than
    # ``copy.deepcopy`` (the backup before a move is the default's ``marshal``, faster still).
    plain_json = True

    def dump(self, state):
        return json.loads(json.dumps(state))

    def load(self, data):
        return json.loads(json.dumps(data))

    def to_move(self, state):
        phase = state["phase"]
        if phase == "draft":
            return {state["draft_order"][0]}
        if phase == "missions":
            return {s for s, p in enumerate(state["seats"]) if p["stage"] in ("keep", "choose")}
        if phase == "plan":
            return {s for s, p in enumerate(state["seats"]) if p["stage"] != "done"}
        if phase == "act":
            return {state["pending"] if state["pending"] is not None else state["turn"]}
        if phase == "final":
            return {state["final_queue"][0]} if state["final_queue"] else set()
        return set()

    def legal_moves(self, state, seat, prefix=""):
        if seat not in self.to_move(state):
            return []
        return moves.legal_moves(state, seat, prefix)

    def glance(self, state, key):
        if key == "phase":  # as ``board_view`` gives it
            return state["phase"]
        raise KeyError(key)

    def verbs(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return moves.verbs(state, seat)

    def has_verb(self, state, seat, word):
        if seat not in self.to_move(state):
            return False
        return moves.has_verb(state, seat, word)

    def apply(self, state, seat, text):
        act = notation.parse(text)
        events = actions.do(state, seat, act)
        events += self._reveal_missions(state)
        # who moved: the board outlines what the move touched (its lines: ``tells_last``)
        state["last_seat"] = seat
        return events

    def _reveal_missions(self, state):
        if not state["options"].get("missions") or state["phase"] in ("missions", "over"):
            return []
        events = []
        for seat, p in enumerate(state["seats"]):
            for m in p["missions"]:
                if m in p["revealed"] or MISSIONS[m][0] in END_ONLY:
                    continue
                if mission_met(state, seat, m):
                    p["revealed"].append(m)
                    events.append(Event(msg("alt.ev.mission_done", who=messages.seat(seat), id=m,
                                            text=msg(f"alt.mission.{m.lower()}"), vp=MISSIONS[m][2]),
                                        seat=seat, kind="mission"))
        return events

    def view(self, state, seat=None):
        out = board_view(state)
        out["players"] = [player_view(state, s) for s in range(state["players"])]
        if seat is not None:
            out["me"] = own_view(state, seat)
        out["to_move"] = sorted(self.to_move(state))
        out["last"] = list(state["last"])
        out["last_msgs"] = list(state.get("last_msgs") or [])
        out["last_seat"] = state.get("last_seat")
        res = self.result(state)
        out["result"] = res.to_json() if res else None
        out["viewer"] = seat
        return out

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores, parts = final_scores(state)
        # coins still lying on extensions or the move track are the player's too
        coins = [(p["coins"] + sum(p["space_coins"].values()),) for p in state["seats"]]
        return standings(scores, parts, coins, "most coins")

    def hint(self, state, seat, move):
        """A cost or gain note for autocomplete (English, keeping its message for other readers)."""
        note = self._hint(state, seat, move)
        if not note:
            return ""
        words = move.lower().split()
        ids = {w.upper() for w in words[1:]} | {w for w in words[1:]}
        if ids & DESIGNED_IDS:
            note = msg("alt.hint.designed", what=note)
        return Worded(note)

    def _hint(self, state, seat, move):
        words = move.lower().split()
        M = messages
        if len(words) >= 3 and words[:2] == ["market", "ext"] and words[2].upper() in state["strip"]:
            eid = words[2].upper()
            return msg("alt.hint.ext", n=actions.ext_price(state, eid), what=M.kind(EXTENSIONS[eid][2]))
        if len(words) >= 3 and words[:2] == ["market", "order"] and words[2].upper() in ORDERS:
            need, vp = ORDERS[words[2].upper()]
            return msg("alt.hint.order", need=[msg("alt.n_good", n=n, good=M.good(g)) for g, n in need.items()],
                       vp=vp)
        if len(words) >= 3 and words[:2] == ["village", "house"] and words[2].upper() in HOUSES:
            return msg("alt.hint.house", good=M.good(HOUSES[words[2].upper()]))
        if len(words) >= 3 and words[:2] == ["harbor", "boat"] and words[2].upper() in BOATS:
            return msg("alt.hint.boat", good=M.good(BOATS[words[2].upper()]))
        if len(words) >= 3 and words[:2] == ["market", "sell"]:
            return msg("alt.hint.sell", n=sum(SELL_PRICE.get(g, 0) for g in words[2:]))
        if len(words) >= 2 and words[0] == "use" and words[1].upper() in EXTENSIONS:
            return M.kind(EXTENSIONS[words[1].upper()][2])
        if words[:2] == ["road", "build"]:
            p = state["seats"][seat]
            step = rules.road_steps(p)
            if step >= len(ROAD_STEPS):
                return ""
            return msg("alt.hint.road_space" if ROAD_STEPS[step] == "space" else "alt.hint.road_corn")
        if words[:2] in (["harbor", "boat"], ["village", "house"]) and len(words) == 2:
            return msg("alt.hint.none_left")
        return ""


GAME = Altiplano()
