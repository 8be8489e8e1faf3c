"""Altiplano (Reiner Stockhausen, dlp games 2017): bag-building on the
Andean high plain, with simultaneous secret planning.

Published facts vs DESIGNED values are listed in ``data.py``'s docstring.
"""

from .game import GAME, Altiplano

__all__ = ["GAME", "Altiplano"]
