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

from __future__ import annotations

from games.core import Game, NotationError, Option, Result

from . import messages  # noqa: F401  (the catalog)
from . import moves as M
from . import rules as R
from . import turns as T
from .data import UNVERIFIED
from .notation import HELP, parse
from .scoring import result as final_result
from .view import glance as view_glance
from .view import view as make_view


class Amerigo(Game):
    id = "amerigo"
    name = "Amerigo"
    names = {"zh-TW": "亞美利哥"}
    #: 2: frame spaces are ``rim1``.. (version 1 named them ``F1``.., like the column F squares)
    version = 2
    min_players = 2
    max_players = 4
    options = (
        Option("pirates_others", False,
               "the English edition's reading of the pirates+2 development: the pirates are 2 stronger "
               "only for the other players (default, as the seed says: for every player, the owner too)",
               (False, True)),
    )
    help_text = HELP
    unverified = tuple(UNVERIFIED.values())

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict:
        self.check_players(players)
        return R.setup(players, seed, self.resolve_options(options))

    def resolve_options(self, options: dict | None) -> dict:
        """The table options, plus the hidden ``legacy_frame`` that :meth:`log_options` sets."""
        options = dict(options or {})
        legacy = bool(options.pop(LEGACY, False))
        return super().resolve_options(options) | ({LEGACY: True} if legacy else {})

    def log_options(self, options: dict | None, version: int) -> dict | None:
        """A version-1 log replays on version 1's map graph (see ``board.geometry``):
        its moves were legal there, some not on today's graph, so the game keeps
        its own results. Games started since never get it."""
        if version < 2:
            return dict(options or {}) | {LEGACY: True}
        return options

    def to_move(self, state: dict) -> set[int]:
        seat = R.current_seat(state)
        return set() if seat is None else {seat}

    def legal_moves(self, state: dict, seat: int, prefix: str = "") -> list[str]:
        return M.legal_moves(state, seat, prefix)

    def apply(self, state: dict, seat: int, text: str) -> list:
        action = parse(text)
        if R.current_seat(state) != seat:
            raise NotationError("ame.err.not_your_turn")
        evs = T.apply(state, seat, action)
        state["last"] = [e.text for e in evs]
        # the same lines as messages, so a board can word them in its reader's language
        state["last_msgs"] = [e.msg.to_json() if e.msg is not None else None for e in evs]
        return evs

    def view(self, state: dict, seat: int | None = None) -> dict:
        return make_view(state, seat)

    def glance(self, state: dict, key: str):
        return view_glance(state, key)

    def result(self, state: dict) -> Result | None:
        return final_result(state)

    def hint(self, state: dict, seat: int, move: str) -> str:
        return M.hint(state, seat, move)


#: the hidden option of games started under engine version 1
LEGACY = "legacy_frame"

GAME = Amerigo()
