"""West of Africa bot: what a position is worth (``features``, ``WEIGHTS``: ``bots.features``).

The main choice, the cards, is secret and simultaneous: a choice only shows its worth once the
table has played the round out, so a turn plan plays through the others' moves
(``THROUGH_OTHERS``).
"""

from __future__ import annotations

from ..west_of_africa import data, rules, scoring

WEIGHTS = {"score": 1.0, "coins": 0.4, "minus": -1.5, "stored": 0.22, "planted": 0.2,
           "mayors": 0.5, "influence": 0.15, "richest": 0.5}
#: a bot plans through the others' moves (``policies``)
THROUGH_OTHERS = True


def features(state: dict, seat: int) -> dict[str, float]:
    """Crops are coins to come at their island's price (stored ones sell with
    the next sell card, planted ones after the harvest); leading an island's
    influence is a mayor's point every round and the right to build there."""
    n = state["players"]
    stored = planted = infl_total = 0.0
    mayors = 0
    for isl, (_, _, price, _) in data.ISLANDS.items():
        stored += price * sum(state["warehouses"][isl][seat].values())
        planted += price * sum(1 for p in state["plots"][isl] if p and p.get("seat") == seat and "crop" in p)
        infl = rules.influence(state, isl)
        infl_total += infl[seat]
        if infl[seat] and all(infl[seat] > infl[s] or (infl[seat] == infl[s] and scoring.tie_key(state, seat)
                                                       > scoring.tie_key(state, s)) for s in range(n) if s != seat):
            mayors += 1
    top = rules.coin_rank(state)[: 1 if n == 2 else 2]
    if state["final_round"] is not None and state["round"] >= state["final_round"]:
        stored = planted = 0.0  # the last round: a crop not sold by now is worth nothing
    # the richest bonus and mayors pay a point at every round end still to come
    left = _woa_rounds_left(state)
    return {
        "score": scoring.final_scores(state)[seat],
        "coins": state["coins"][seat],
        "minus": state["minus"][seat],
        "stored": stored, "planted": planted, "mayors": mayors * left, "influence": infl_total,
        "richest": left if seat in top else 0,
    }


#: West of Africa: the most round ends a bot counts on (games last about ten rounds)
WOA_HORIZON = 8.0


def _woa_rounds_left(state: dict) -> float:
    """Round ends still to score, this one included: known once the end is
    triggered, else guessed from the leader's pace towards the winning points."""
    if state["final_round"] is not None:
        return float(max(1, state["final_round"] - state["round"] + 1))
    lead = max(state["points"])
    pace = max(1.0, lead / max(1, state["round"] - 1))
    return min(WOA_HORIZON, max(0, data.WIN_POINTS - lead) / pace + 1)
