"""Bot seats: policies that play a game through its public contract.

``make("bot", seed)`` is the default opponent (``policies.SearchBot``);
``"greedy"`` (one ply on the same features) and ``"random"`` are the yard
sticks the arena measures it against. Pure and seeded like the engines: the
bot layer gives a bot its time, the bot counts only simulated moves.
"""

from .arena import play_game
from .policies import POLICIES, GreedyBot, RandomBot, SearchBot, make

__all__ = ["POLICIES", "GreedyBot", "RandomBot", "SearchBot", "make", "play_game"]
