"""Bruges (Stefan Feld, 2013) for 2-4 players.

Modules: ``data`` (board and the 165-card deck as tables), ``effects`` (the one
engine reading card effects), ``board`` (state primitives), ``rules`` (round
flow), ``moves`` (legal moves, hints), ``notation``, ``view``, ``scoring``,
``game`` (the contract).

Published (seed write-up, research notes): set-up, round structure, dice,
threats and the five disasters (several at once: the player picks the
order), reputation price, the six card uses, canal
costs 1-5 and first sections, statues 2-7, majorities 4 VP, third canal
section 3 VP, game end and tie-break, seven card effects.

DESIGNED where the sources are silent: 158 person cards (and the unknown
numbers of the 7 published ones), the canal colour order after section 1,
the VP of each reputation step, no statue when all six are gone, a drawing
person asks pile A or B for each card (as in the draw phase; no question when
only one pile has cards), "every round" persons fire by themselves
right after the dice (or at once when hired mid-round), a player who cannot
afford the reputation step is not asked and a free step is taken at once,
dealing threats from a short supply skips later players in turn order.
"""

from .game import GAME, Bruges

__all__ = ["GAME", "Bruges"]
