"""Amerigo (Stefan Feld, Queen Games 2013) for 2-4 players.

Five rounds of seven phases (blue, black, red, brown, green, yellow, white).
Each phase pours one colour's cubes through the cube tower; the cubes that
fall out are the actions on offer and the biggest count of one colour is the
action points. Players act in special-track order.

Published values used: components and counts, set-up by player count (3x3 /
4x3 / 4x4 island tiles, 8 development tiles shown, 6/8/10 production tiles,
starting coins 0/1/2/3, pirates 0,0,1,2,3,4 with one revealed, time markers
5,4,3,2), the seven actions as the rules write-up describes them, tile
costs and VP (neutral 2/3 VP per square on a small/big island, village 1/2),
first trading post +3, island completion +3 and the chest, the post table
1,3,6,10,15,21 x time marker, coins = cubes/3 rounded up, 2 coins when a
full track wastes points, the 12-coin cap, the pirate rules, the 24
development tiles and the final scoring with its tie-break.

DESIGNED values (no source gives them; each is one table in ``data.py``):

- the 16 island tiles: 6x6 squares, layouts drawn for this engine (the
  published layouts are not in any source): about half land, as on the
  published tiles, in one to three islands per tile that join across tile
  edges into islands of every size; corners are sea and each edge is land
  all along, a middle land bridge or open sea, so any rotations fit; 40
  goods = 8 per type, every island with an anchor/post pair; tiles and
  rotations are random, re-drawn until no lake, no corner-only land
  contact, 1/2/2 to 5 big islands (2/3/4 players) and no island above 60
  squares;
- frame spaces: one per rim tile edge (12/14/16), neighbouring frame spaces
  connected, a frame space touches the sea squares along its tile edge;
- counts per shape of the 37 neutral tiles (5,5,5,5,4,4,5,4) and the 16
  village tiles per player (3,3,3,3,2,2); tiles may be rotated and mirrored;
- progress track: 12 steps, numbers 1,3,6,10,15 on steps 2,4,7,9,12;
- special track: 15 spaces coloured blue, black, red, brown, green, yellow in
  turn (start space has no colour), numbers 1,3,6,10,15 on 3,6,9,12,15;
- production sets: per goods type set II = 2,2,3,3,4,4, III = 2,3, IV = 3,4;
- the time value in round 5 (the printed space under the markers) = 1;
- post table above 6 posts continues the triangular numbers;
- the cube tower model (stick 0.30 at set-up, 0.45 later; knock-out
  1-(1-0.13)^dropped), see ``tower.py``;
- rule readings: each ship may move the full action points (BGA's
  reading); a ship that founds a post stays there for the rest of the turn;
  a new tile must touch your post or any tile on that island; chests and one-shot coin
  tiles may be cashed whenever you are to move; the action points stay the
  largest count of one colour when the white cube is used as another colour.

Not modelled: the planning token (no source says what it is for; the
one-neutral-tile-per-phase limit is kept in the turn instead) and a bumped
tower (the model never drops cubes between pours, so the tray is always
empty when a phase starts; the code still pours any waiting cubes first).
"""

from .game import GAME, Amerigo

__all__ = ["GAME", "Amerigo"]
