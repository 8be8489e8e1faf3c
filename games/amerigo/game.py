"""Amerigo's ``Game``: the contract (setup, who moves, legal moves, a move applied, the
views, the result) over the rules in this package; its readings and designed values are in
the package's docstring (``__init__.py``)."""

from __future__ import annotations

from games.core import Game, NotationError, Option, Result

from . import actions as T
from . import messages  # noqa: F401  (the catalog)
from . import moves as M
from . import rules as R
from .data import UNVERIFIED
from .notation import HELP, parse
from .scoring import result as final_result
from .view import glance as view_glance
from .view import view as make_view


class Amerigo(Game):
    id = "amerigo"
    name = "Amerigo"
    names = {"zh-TW": "亞美利哥"}
    tells_last = True
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

    def verbs(self, state: dict, seat: int) -> list[str]:
        return M.verbs(state, seat)

    def apply(self, state: dict, seat: int, text: str) -> list:
        action = parse(text)
        if R.current_seat(state) != seat:
            raise NotationError("ame.err.not_your_turn")
        evs = T.apply(state, seat, action)
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
