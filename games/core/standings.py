"""Turning final scores and tie-breakers into a Result."""

from __future__ import annotations

from .game import Result


def standings(
    scores: list[int],
    breakdown: list[dict[str, int]],
    tiebreak: list[tuple] | None = None,
    tiebreak_name: str = "",
) -> Result:
    """Rank seats by score, then by their tie-break tuple (higher is better).

    Seats equal on score and tie-break share the place; all seats sharing
    first place are winners.
    """
    n = len(scores)
    keys = [(scores[s],) + tuple(tiebreak[s] if tiebreak else ()) for s in range(n)]
    ranking = sorted(range(n), key=lambda s: keys[s], reverse=True)
    best = keys[ranking[0]]
    winners = [s for s in ranking if keys[s] == best]
    return Result(
        scores=list(scores),
        winners=winners,
        breakdown=breakdown,
        ranking=ranking,
        tiebreak=tiebreak_name,
    )
