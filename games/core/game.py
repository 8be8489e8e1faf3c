"""The contract every game engine implements (see DESIGN.md).

A game is an object with no state of its own; the state is plain data that
round-trips through JSON. Seats are ``0 .. players-1``.

``legal_moves`` completes the *next token*: every entry starts with the
prefix; an entry that ends with a space is a stem that needs more tokens
(ask again with it as the prefix), any other entry is a complete move that
``play`` accepts. Games with a small move space may list complete moves only.
"""

from __future__ import annotations

import marshal

from .errors import NotYourTurn, RuleError
from .events import Event
from .messages import msg
from .notation import check_text, excerpt, is_number
from .plain import Frozen, Plain

#: ``typing`` only names types here: importing it costs a one-game replay's start-up (issue 33
#: goal 7) for nothing at run time
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: a game's state: each engine's own (plain data, or its own objects)
State = object


def glance_seat(key: str, players: int) -> int | None:
    """The seat N of a ``"players.N"`` glance key when 0 <= N < ``players`` (ASCII digits only:
    ``str.isdigit`` would pass '²', which ``int`` refuses), else None."""
    prefix, _, seat = key.partition(".")
    if prefix != "players" or not is_number(seat) or int(seat) >= players:
        return None
    return int(seat)


def glance_entry(key: str, players: int) -> tuple[int, str] | None:
    """(N, KEY) of a ``"players.N.KEY"`` glance key (entry KEY of seat N's entry) when
    0 <= N < ``players``, else None."""
    prefix, _, rest = key.partition(".")
    seat, dot, entry = rest.partition(".")
    if prefix != "players" or not dot or not entry or not is_number(seat) or int(seat) >= players:
        return None
    return int(seat), entry


class Option(Frozen):
    """A table option chosen when a game is created."""

    __slots__ = ("name", "default", "description", "choices")
    _FIELDS = __slots__

    def __init__(self, name: str, default: Any, description: str, choices: tuple = ()) -> None:
        self._set(name=name, default=default, description=description, choices=choices)


class Result(Plain):
    """Final standings. ``winners`` holds several seats when they share."""

    _FIELDS = ("scores", "winners", "breakdown", "ranking", "tiebreak")

    def __init__(self, scores: list[int], winners: list[int], breakdown: list[dict[str, int]],
                 ranking: list[int], tiebreak: str = "") -> None:
        self.scores, self.winners, self.breakdown, self.ranking = scores, winners, breakdown, ranking
        self.tiebreak = tiebreak

    def places(self) -> list[int]:
        """Each seat's place (1 = won), as the result line reads it: the winners share first;
        without a tie-break equal scores share a place, with one the ranking decided."""
        out = [0] * len(self.scores)
        place, previous = 0, None
        for i, s in enumerate(self.ranking):
            key = self.scores[s] if not self.tiebreak else i
            if s in self.winners:
                place = 1
            elif key != previous:
                place = i + 1
            previous = key
            out[s] = place
        return out

    def to_json(self) -> dict:
        return {
            "scores": self.scores,
            "winners": self.winners,
            "breakdown": self.breakdown,
            "ranking": self.ranking,
            "tiebreak": self.tiebreak,
        }


class Game:
    """Base class: subclasses override the hooks marked *engine*."""

    id: str = ""
    name: str = ""
    #: the game's name in the other languages (locale -> name; English is ``name``): the title
    #: of the Taiwanese write-ups, which every list of games and every board reads
    names: dict[str, str] = {}
    version: int = 1
    min_players: int = 2
    max_players: int = 5
    options: tuple[Option, ...] = ()
    #: named sets of options a table picks in one word (``site`` -> {"strict-leech": True, ...});
    #: options named beside a preset win over it
    presets: dict[str, dict] = {}
    #: short notation help for /help, one example per line
    help_text: str = ""
    #: /help's "values we could not verify": one line per designed table
    #: (the game's ``data.py`` keeps the table of them)
    unverified: tuple[str, ...] = ()
    #: the state is plain JSON data (str keys, lists, no tuples) even where ``dump``/``load`` are
    #: overridden as copies: the bot then encodes a snapshot and decodes its working copy directly,
    #: one JSON pass each instead of a copy on top (``bot.sessions.state_text``, ``fresh_state``)
    plain_json: bool = False
    #: ``play`` keeps the move's lines in the state, as ``last`` (English text) and ``last_msgs``
    #: (the same lines as messages, so a board words them in its reader's language): the games
    #: whose view shows the last move set it (a toy game keeps its state as it is)
    tells_last: bool = False
    #: top-level entries of a dict state that a move only ever replaces whole (assigns anew) and
    #: never changes in place (the move's lines ``last``/``last_msgs``, the table's ``options``):
    #: the backup before a move (``snapshot``) holds them as they are instead of encoding them.
    #: ``tests/test_undo.py`` plays random games of every title and player count and checks that
    #: every played, refused or undone move leaves the state byte for byte as the backup says
    kept_whole: tuple[str, ...] = ()
    #: top-level entries that are flat dicts of immutable values (Terra Mystica's terrain, hex ->
    #: int): the backup copies them with ``dict.copy`` (a few times cheaper than encoding them)
    copied_flat: tuple[str, ...] = ()

    # --- engine hooks -------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        raise NotImplementedError

    def to_move(self, state: State) -> set[int]:
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int, prefix: str = "") -> list[str]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, text: str) -> list[Event]:
        """*engine*: parse, check and apply in place. May leave a half-applied
        state behind when it raises: ``play`` restores it."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None = None) -> dict:
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    def glance(self, state: State, key: str) -> Any:
        """One entry of the public view, ``view(state, None)[key]``, without building the whole
        view (a prompt reads the phase or the round after every move; the whole view costs
        20-160 us). ``"players.N"`` names seat N's entry of a ``players`` list, and
        ``"players.N.KEY"`` one entry of it (a prompt reads a seat's pending steps; its whole entry
        may cost far more: ``glance_entry``). KeyError for a key the engine does not answer this
        way, or that the view does not have: the caller builds the view then. Only public entries,
        equal to the view's (the contract suite checks it)."""
        raise KeyError(key)

    def verbs(self, state: State, seat: int) -> list[str]:
        """The first words of the seat's legal moves, in the order ``legal_moves`` lists them
        (what a prompt asks: "plan, draw or done"). Default: read off ``legal_moves(state, seat,
        "")``; an engine whose full list is costly to check answers it directly (one legal
        move per word is enough), the same words in the same order."""
        return first_words(self.legal_moves(state, seat, ""))

    def has_verb(self, state: State, seat: int, word: str) -> bool | None:
        """Whether ``word`` is among ``verbs(state, seat)``, where the engine can tell it for much
        less than listing them all (a prompt often asks one word alone: "is 'draw' open?"); None
        when it cannot, and the caller reads ``verbs``. Default: None. Every answer must equal
        ``word in verbs(state, seat)`` (``tests/test_engine_verbs.py`` checks it)."""
        return None

    def hint(self, state: State, seat: int, move: str) -> str:
        """Optional short cost/effect note shown beside a move in autocomplete."""
        return ""

    def log_options(self, options: dict | None, version: int) -> dict | None:
        """The options to replay a log that engine ``version`` wrote (the games
        row keeps the version a game started under). Default: as stored; an
        engine whose notation or rules changed meaning maps old logs here."""
        return options

    def dump(self, state: State) -> dict:
        """State -> JSON-compatible data. Default: states are plain dicts."""
        import copy  # only here and for a state marshal and pickle refuse (start-up, issue 33 goal 7)

        return copy.deepcopy(state)

    def load(self, data: dict) -> State:
        import copy

        return copy.deepcopy(data)

    # --- shared behaviour -------------------------------------------
    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("core.err.players", game=self.name, lo=self.min_players, hi=self.max_players,
                            n=players)

    def resolve_options(self, options: dict | None) -> dict:
        """Defaults filled in, presets expanded (``{"site": True}``: the preset's
        options, under any named beside it); unknown names and bad choices refused."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        given = dict(options or {})
        for key in [k for k in given if k in self.presets and k not in known]:
            if given.pop(key) not in (True, "true", "on", "yes"):
                raise RuleError("core.err.option_choice", name=key, choices=["true"])
            out.update(self.presets[key])
        for key, value in given.items():
            if key not in known:
                names = list(known) + list(self.presets)
                raise RuleError("core.err.no_option", game=self.name, name=excerpt(str(key)),
                                names=names if names else msg("core.none"))
            opt = known[key]
            if opt.choices and value not in opt.choices:
                raise RuleError("core.err.option_choice", name=key, choices=[str(c) for c in opt.choices])
            out[key] = value
        return out

    def play(self, state: State, seat: int, text: str, *, atomic: bool = True) -> list[Event]:
        """Apply one move atomically: on any error the state is unchanged.

        ``atomic=False`` skips the backup, for replaying a trusted record
        whose state is thrown away at the first refusal (a refused move may
        then leave it half-applied); live play always keeps the backup."""
        if self.result(state) is not None:
            raise RuleError("core.err.game_over")
        if seat not in self.to_move(state):
            raise NotYourTurn("core.err.not_your_turn")
        text = check_text(text)
        if not text:
            raise RuleError("core.err.type_move")
        if not atomic:
            return self._told(state, self.apply(state, seat, text))
        backup = self.snapshot(state)
        try:
            return self._told(state, self.apply(state, seat, text))
        except BaseException:
            self.restore(state, backup)
            raise

    def _told(self, state: State, events: list[Event]) -> list[Event]:
        """The move's lines kept in the state (``tells_last``), once here for every game."""
        if self.tells_last:
            state["last"] = [e.text for e in events]
            state["last_msgs"] = [e.msg.to_json() if e.msg is not None else None for e in events]
        return events

    def snapshot(self, state: State):
        """The undo journal's token: what ``restore`` needs to put ``state`` back as it is now,
        taken before each move (``play``; the bot takes it itself before ``play(..., atomic=False)``).

        Default: ``marshal``'s bytes for a state of plain built-in data (dict, list, tuple, set,
        str, int, float, bool, None: what the bot kept before), else a pickle (objects), else a
        deep copy. The first two are several times cheaper than ``copy.deepcopy`` and just as
        exact: tuples stay tuples, int keys stay int, key order is kept. A dict state's ``kept_whole`` entries are held as they are (a move
        replaces them, never changes them) and its ``copied_flat`` ones copied flat: only the rest
        is encoded. A game may override the three hooks (``snapshot``, ``restore``, ``undone``)
        with something cheaper that knows its state's layout."""
        if type(state) is dict and (self.kept_whole or self.copied_flat):
            rest = state.copy()
            kept, flat = {}, {}
            for key in self.kept_whole:
                if key in rest:
                    kept[key] = rest[key]
                    rest[key] = None  # keeps the key's place
            for key in self.copied_flat:
                value = rest.get(key)
                if value is not None:
                    flat[key] = value.copy()
                    rest[key] = None
            try:
                return _Held(marshal.dumps(rest), kept, flat)
            except ValueError:  # not plain data
                pass
        try:
            return marshal.dumps(state)
        except ValueError:  # not plain data
            pass
        import pickle  # only for a state marshal refuses: most commands never import it

        try:
            return _Pickled(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):
            import copy

            return _DeepCopy(copy.deepcopy(state))

    def restore(self, state: State, snapshot) -> None:
        """Put ``snapshot`` back into ``state`` in place (callers hold it), whatever the move did
        to it. The same token may be restored again (a refusal, then a failed write) until the
        next ``snapshot``: the state it leaves shares nothing with the token."""
        _restore(state, self.undone(state, snapshot))

    def undone(self, state: State, snapshot) -> State:
        """A new state equal to the one ``snapshot`` was taken of; ``state`` (the state after the
        move) is left as it is (the bot compares the two: ``one_seat_less``)."""
        if isinstance(snapshot, _Held):
            data = marshal.loads(snapshot.data)
            if snapshot.kept:
                if snapshot.kept_data is None:  # encoded at the first undo only (a bot's search
                    snapshot.kept_data = marshal.dumps(snapshot.kept)  # undoes one token many times)
                data.update(marshal.loads(snapshot.kept_data))  # fresh copies, in their places
            for key, value in snapshot.flat.items():
                data[key] = value.copy()
            return data
        if type(snapshot) is bytes:
            return marshal.loads(snapshot)
        if isinstance(snapshot, _Pickled):
            import pickle

            return pickle.loads(snapshot.data)
        import copy

        return copy.deepcopy(snapshot.state)

    def rng_draws(self, state: State) -> int:
        """How many random draws the game has made (undo barrier check)."""
        data = state if isinstance(state, dict) else vars(state)
        return int(data.get("rng", {}).get("draws", 0))

    def to_json_text(self, state: State) -> str:
        import json  # only here: a replay writes no JSON text (start-up, issue 33 goal 7)

        return json.dumps(self.dump(state), sort_keys=True, separators=(",", ":"))


class _Pickled:
    """A snapshot taken with ``pickle`` (a state of objects ``marshal`` refuses)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


class _Held:
    """A dict state's snapshot: the rest encoded (``marshal``), the ``kept_whole`` entries as they
    were (encoded at the first undo: no move changes them meanwhile, and every undo then builds
    fresh objects) and the ``copied_flat`` ones copied."""

    __slots__ = ("data", "kept", "kept_data", "flat")

    def __init__(self, data: bytes, kept: dict, flat: dict) -> None:
        self.data, self.kept, self.kept_data, self.flat = data, kept, None, flat


class _DeepCopy:
    """A snapshot taken with ``copy.deepcopy`` (state that cannot be pickled)."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state


def _restore(state: State, backup: State) -> None:
    if isinstance(state, dict):
        state.clear()
        state.update(backup)
    else:
        state.__dict__.clear()
        state.__dict__.update(backup.__dict__)


def first_words(moves) -> list[str]:
    """The distinct first words of ``moves``, in their order."""
    out: list[str] = []
    for m in moves:
        head = m.split(" ", 1)[0].strip()
        if head and head not in out:
            out.append(head)
    return out
