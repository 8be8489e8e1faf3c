"""Bruges (Stefan Feld, 2013) for 2-4 players: see rules.py for the round and
data.py for which values are published and which are designed."""

from .game import GAME, Bruges

__all__ = ["GAME", "Bruges"]
