"""Terra Mystica (base game with the online site's default options).

Published facts: everything in ``data.py`` (map, factions, tiles, cards).
Semantics follow the established online site so its game records replay
(see ``ledger.py``). DESIGNED where the rules are silent: leech offers are
capped when offered and again when accepted; spades left from an action
must be used or discarded (-SPADE) before the turn ends.
"""

from .game import GAME, TerraMystica

__all__ = ["GAME", "TerraMystica"]
