"""Time controls for play-by-post games, and what happens when time runs out.

Three controls, chosen when a game is created (as on the established
turn-based sites):

- ``none`` (default): no limit; only reminders.
- ``move``: each turn must be played within ``move_hours``.
- ``chess``: a bank of ``initial_days`` per player that runs while the table
  waits for them; ``increment_days`` are added each time they finish a turn.
  (The game contract has no notion of "round" shared by every game, so the
  increment is credited per finished turn: for one-action turns it is the
  same thing.)

Vacation (``/game vacation days:N``) pauses a player's clock: time inside a
vacation is not counted, and deadlines move past it. An undo that hands a
seat its turn back resumes that turn's clock (:func:`resume_turn`), so
move-and-undo cannot refill it.

When the time is up the table decides with buttons: *wait* (grant grace),
*skip* (play the seat's pass-like move, only where the rules list one) or
*drop* (from now on the seat plays its simplest legal move every time, so
the game can finish). A strict majority of the other seated players decides.

Games untouched for ``ARCHIVE_AFTER_DAYS`` are ended and archived.

Pure: no clock, no I/O; epoch seconds in, numbers out.
"""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, dataclass, field

from games.core.notation import excerpt

from ...words.i18n import Refusal, t

HOUR = 3600.0
DAY = 24 * HOUR

#: Designed: a game nobody touched for two months is over.
ARCHIVE_AFTER_DAYS = 60
#: Designed: one vacation request covers at most a month.
MAX_VACATION_DAYS = 30
#: Move words that mean "I do nothing", tried first for skip and drop.
PASS_WORDS = ("pass", "done", "skip", "end", "end turn", "wait")

MODES = ("none", "move", "chess")
#: Designed bounds of a time control (finite: ``inf`` and ``nan`` are refused with the range):
#: a per-move limit of 15 minutes to 30 days; a chess clock of half a day to 90 days, plus at
#: most a week a turn.
MOVE_HOURS = (0.25, 720.0)
CHESS_DAYS = (0.5, 90.0)
INCREMENT_DAYS = (0.0, 7.0)


def within(value: float, bounds: tuple[float, float]) -> bool:
    """``lo <= value <= hi``: false for nan and the infinities."""
    return bounds[0] <= value <= bounds[1]


@dataclass(frozen=True)
class TimeControl:
    mode: str = "none"
    move_hours: float = 0.0
    initial_days: float = 0.0
    increment_days: float = 0.0

    def __post_init__(self):
        if self.mode not in MODES:
            raise Refusal("clock.err.mode", modes=list(MODES))
        if self.mode == "move" and not within(self.move_hours, MOVE_HOURS):
            raise Refusal("clock.err.move_hours", lo=_num(MOVE_HOURS[0]), hi=_num(MOVE_HOURS[1]))
        if self.mode == "chess" and not (within(self.initial_days, CHESS_DAYS)
                                         and within(self.increment_days, INCREMENT_DAYS)):
            raise Refusal("clock.err.chess_days", lo=_num(CHESS_DAYS[0]), hi=_num(CHESS_DAYS[1]),
                          inc=_num(INCREMENT_DAYS[1]))

    @classmethod
    def parse(cls, text: str | None) -> TimeControl:
        """``none`` | ``move:48`` (hours) | ``chess:10+1`` (days + days per turn)."""
        raw = (text or "none").strip().lower().replace(" ", "")
        mode, _, arg = raw.partition(":")
        if mode in ("", "none"):
            return cls()
        try:
            if mode == "move":
                numbers = {"move_hours": float(arg.rstrip("h"))}
            elif mode == "chess":
                initial, _, inc = arg.partition("+")
                numbers = {"initial_days": float(initial), "increment_days": float(inc or 0)}
            else:
                numbers = None
        except ValueError:
            numbers = None
        if numbers is None:
            raise Refusal("clock.err.parse", text=excerpt(text or ""))
        return cls(mode, **numbers)

    def describe(self) -> str:
        """The control in words (a ``Text``: worded again in a reader's language)."""
        if self.mode == "move":
            return t("clock.move", h=_num(self.move_hours))
        if self.mode == "chess":
            return t("clock.chess", d=_num(self.initial_days), inc=_num(self.increment_days))
        return t("clock.none")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict | None) -> TimeControl:
        return cls(**data) if data else cls()


@dataclass
class SeatClock:
    """One seat's clock. ``since`` is set while the table waits for the seat."""

    bank: float = 0.0  # chess: seconds left
    since: float | None = None
    grace: float = 0.0  # extra seconds the table granted for this turn
    vacations: list[list[float]] = field(default_factory=list)  # [start, end) pairs
    #: the clock as it was when the last turn ended, so an undo resumes that turn instead of a fresh one
    resume: dict | None = None

    def to_json(self) -> dict:
        """The fields as ``asdict`` gives them, spelt out: it runs for every seat on every move."""
        return {"bank": self.bank, "since": self.since, "grace": self.grace,
                "vacations": [list(v) for v in self.vacations],
                "resume": _copied(self.resume)}

    @classmethod
    def from_json(cls, data: dict | None) -> SeatClock:
        return cls(**data) if data else cls()


def _copied(value):
    """A copy of plain JSON data (dicts, lists, numbers), as ``asdict`` copies a field."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


#: the clock of a seat that has none stored, in a game without a time limit: read for its
#: vacations (none) by the reminders after every move, never changed nor written (shared)
NO_CLOCK = SeatClock()


def new_clock(tc: TimeControl) -> SeatClock:
    return SeatClock(bank=tc.initial_days * DAY if tc.mode == "chess" else 0.0)


def paused(start: float, end: float, vacations) -> float:
    """Seconds of [start, end) covered by vacations (they do not overlap)."""
    return sum(max(0.0, min(end, v1) - max(start, v0)) for v0, v1 in vacations)


def used(clock: SeatClock, now: float) -> float:
    """Counted seconds of the current wait (vacations excluded)."""
    if clock.since is None:
        return 0.0
    return max(0.0, (now - clock.since) - paused(clock.since, now, clock.vacations))


def allowed(tc: TimeControl, clock: SeatClock) -> float | None:
    """Counted seconds the seat may use on this turn; None without a limit."""
    if tc.mode == "move":
        return tc.move_hours * HOUR + clock.grace
    if tc.mode == "chess":
        return clock.bank + clock.grace
    return None


def remaining(tc: TimeControl, clock: SeatClock, now: float) -> float | None:
    limit = allowed(tc, clock)
    return None if limit is None else limit - used(clock, now)


def deadline(tc: TimeControl, clock: SeatClock, now: float) -> float | None:
    """Wall time at which this turn's time runs out, skipping future vacations."""
    left = remaining(tc, clock, now)
    if left is None or clock.since is None:
        return None
    t = now
    for v0, v1 in sorted(clock.vacations):
        if v1 <= t:
            continue
        if v0 > t:
            if t + left <= v0:
                break
            left -= v0 - t
        t = v1
    return t + max(0.0, left)


def start_turn(clock: SeatClock, now: float) -> None:
    if clock.since is None:
        clock.since = now
        clock.grace = 0.0
        clock.resume = None


def resume_turn(clock: SeatClock) -> bool:
    """After an undo gives the seat its turn back: continue that turn, whose time kept running
    (no second increment, no fresh per-move limit). False if there is nothing to resume."""
    if clock.since is not None or not clock.resume:
        return False
    old = clock.resume
    clock.bank, clock.since, clock.grace = old["bank"], old["since"], old["grace"]
    clock.vacations = sorted({tuple(v) for v in old["vacations"] + clock.vacations})
    clock.vacations = [list(v) for v in clock.vacations]
    clock.resume = None
    return True


def end_turn(tc: TimeControl, clock: SeatClock, now: float) -> None:
    """The seat is no longer waited for: charge the bank, credit the increment."""
    if clock.since is None:
        return
    clock.resume = {"bank": clock.bank, "since": clock.since, "grace": clock.grace,
                    "vacations": [list(v) for v in clock.vacations]}
    if tc.mode == "chess":
        clock.bank = max(0.0, clock.bank - max(0.0, used(clock, now) - clock.grace)) + tc.increment_days * DAY
    clock.since = None
    clock.grace = 0.0
    clock.vacations = [v for v in clock.vacations if v[1] > now]


def add_vacation(clock: SeatClock, now: float, days: float) -> tuple[float, float]:
    """Pause from now (or from the end of a running vacation) for ``days``."""
    if not 0 < days <= MAX_VACATION_DAYS:
        raise Refusal("clock.err.vacation", days=MAX_VACATION_DAYS)
    start = max([now] + [v1 for v0, v1 in clock.vacations if v0 <= now < v1])
    span = (start, start + days * DAY)
    clock.vacations.append(list(span))
    return span


def on_vacation(clock: SeatClock, now: float) -> float:
    """End of the running vacation, or 0."""
    return max([0.0] + [v1 for v0, v1 in clock.vacations if v0 <= now < v1])


def grace_for_wait(tc: TimeControl) -> float:
    """What *wait* grants: another per-move limit, or a day on a chess clock."""
    if tc.mode == "move":
        return tc.move_hours * HOUR
    return max(tc.increment_days * DAY, DAY)


# --- timeout decisions ------------------------------------------------------------


def decision_choices(can_skip: bool) -> list[str]:
    return ["wait", "skip", "drop"] if can_skip else ["wait", "drop"]


def decide(votes: dict, voters) -> str | None:
    """The choice a strict majority of ``voters`` made, if any."""
    voters = set(voters)
    if not voters:
        return "drop"  # nobody left to ask: let the game finish
    counts: dict[str, int] = {}
    for user, choice in votes.items():
        if user in voters:
            counts[choice] = counts.get(choice, 0) + 1
    for choice, n in counts.items():
        if n * 2 > len(voters):
            return choice
    return None


def skip_move(game, state, seat: int) -> str | None:
    """The seat's pass-like complete move if the rules list one now, else None."""
    complete = {m.lower(): m for m in game.legal_moves(state, seat, "") if not m.endswith(" ")}
    for word in PASS_WORDS:
        if word in complete:
            return complete[word]
    return None


def simplest_move(game, state, seat: int, depth: int = 40) -> str:
    """A pass-like move if listed, else the shortest complete move, walking stems in order.

    Deterministic, so a dropped seat's play replays the same way.
    """
    move = skip_move(game, state, seat)
    if move is not None:
        return move
    prefix = ""
    for _ in range(depth):
        options = game.legal_moves(state, seat, prefix)
        if not options:
            break
        complete = [m for m in options if not m.endswith(" ")]
        if complete:
            return min(complete, key=lambda m: (len(m), m))
        prefix = min(options)
    raise ValueError(f"seat {seat} has no legal move to play automatically")


@functools.lru_cache(maxsize=256)
def stored_control(text: str) -> TimeControl:
    """A game's stored time control (frozen: one object per distinct text, read on every move)."""
    return TimeControl.from_json(json.loads(text))


def held_clock(held: dict[int, str], seat: int, tc: TimeControl) -> SeatClock:
    """The seat's clock from its stored text (the seat rows read after a move), or a new one."""
    text = held.get(seat)
    return SeatClock.from_json(json.loads(text)) if text is not None else new_clock(tc)


def archive_due(last_activity: float) -> float:
    return last_activity + ARCHIVE_AFTER_DAYS * DAY


def _num(x: float) -> str:
    return f"{x:g}"
