"""West of Africa (Martin Schlegel, ADC Blackfire 2016) for 2-5 players.

Rules follow the project's rule write-up (seed 002): secret choice of 1-5
cards (the fifth costs 4 coins), turn order by card total with the coin-track
tie-break, card actions (move workers, cultivate, sell, found settlements,
move ship, Minus 4), round end (wealth bonus, harvest, mayors by influence
1/2/2, mayor points, refill), end at 25 points or 20 houses plus one last
full round, 1 point per 10 coins.

Published facts used as such: see ``data.py`` (prices 6/9/12, berths,
lanes, 45-coin cap, 15 starting coins, track 4/6, 3 VP per house, ...).

DESIGNED values (MISSING or PLACEHOLDER in the data file; the published
values are not known for certain), all in ``data.DESIGNED``:

* ``card_numbers``: initiative numbers per card (the data file's placeholder
  set; it reproduces the turn-order example's totals 9 / 10 / 4).
* ``plots``: crop fields, house spaces and dual-use plots per island, chosen
  to fit every worked example (2 wine on La Palma, a dual sugar/6 on
  Tenerife, 6 + 9 on Lanzarote, ...) and the 2/3-player blockers.
* ``blockers_per_island``: 2 players: two houses on 6-spaces per settlement
  island (8), 3 players: one each (4). Blockers count toward the 20 houses.
* ``west_of_palma``: a ship pushed west out of La Palma goes to El Hierro.
* workers never step back onto a worker ship by moving (only farming sends
  them there); the Minus 4 card goes to the next seat (seat + 1).

Other readings chosen where the write-up leaves room:

* the fifth card is paid when the totals are revealed (before the order is
  fixed, as in the example); markers that share a space before paying keep
  their order after it (everyone pays at once); crops still aboard at the end of a ship move are
  unloaded at its last harbour; ships carry at most 3 crops at a time;
* mayor ties, like every tie, go to the coin track (more coins, then the
  marker that arrived first);
* option ``end``: ``extra-round`` (default, the rule text: one last full
  round after the trigger) or ``immediate`` (the game ends at that round end,
  as some reviews describe).
"""

from .game import GAME, WestOfAfrica

__all__ = ["GAME", "WestOfAfrica"]
