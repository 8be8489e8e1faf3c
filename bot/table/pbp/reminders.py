"""When to nudge a waited-for player: a pure policy, the clock passed in.

A player the table waits for is reminded ``interval`` after their wait began
(the game's setting, default 12 h, or the player's own), then again after a
gap that doubles each time (capped at ``max_gap``), and after ``max_reminders``
reminders the next step is *stall*: the game is marked stalled and the table
is told. Each step lands outside the player's quiet hours (in their own time
zone) and after their vacation.

Everything here is arithmetic on epoch seconds: the service stores ``since``,
how many reminders went out and when, and asks :func:`next_step` again.

Designed values (no published source; chosen for week-long games):
growth x2 per reminder, gap capped at 4 days, 4 reminders before stalling
(12 h, 24 h, 48 h, 96 h: the table hears about a stall 7.5 days + 4 days later).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.core.notation import excerpt

from ...words.i18n import Refusal, t

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class ReminderPolicy:
    """The table's side: per game."""

    interval_hours: float = 12.0
    growth: float = 2.0
    max_gap_hours: float = 96.0
    max_reminders: int = 4


@dataclass(frozen=True)
class PlayerPrefs:
    """The player's side (``/me settings``). Times are ``"HH:MM"`` local."""

    interval_hours: float | None = None
    quiet_start: str | None = None
    quiet_end: str | None = None
    tz: str = "UTC"
    dm: bool = False


#: a player without ``/me settings`` (shared: the preferences are frozen)
NO_PREFS = PlayerPrefs()


def prefs_of(row) -> PlayerPrefs:
    """A player's preferences from their stored row."""
    return PlayerPrefs(row["interval_hours"], row["quiet_start"], row["quiet_end"], row["tz"], bool(row["dm"]))


@dataclass(frozen=True)
class Step:
    """What to do next for one waiting seat, and when."""

    kind: str  # "remind" or "stall"
    at: float
    index: int  # 0 for the first reminder; max_reminders for the stall


def gap(policy: ReminderPolicy, prefs: PlayerPrefs, index: int) -> float:
    """Seconds between step ``index-1`` (or the start of the wait) and step ``index``."""
    base = (prefs.interval_hours or policy.interval_hours) * HOUR
    cap = max(policy.max_gap_hours * HOUR, base)
    return min(base * policy.growth ** index, cap)


def next_step(since: float, reminded: int, last_at: float | None, policy: ReminderPolicy,
              prefs: PlayerPrefs, vacation_until: float = 0.0) -> Step:
    """The next reminder (or the stall) for a seat waited for since ``since``.

    ``reminded`` steps already happened, the last one at ``last_at``. The gap
    is counted from the last reminder actually sent, so a reminder pushed out
    of quiet hours pushes the following ones too.
    """
    base = since if not reminded or last_at is None else last_at
    at = max(base + gap(policy, prefs, reminded), vacation_until)
    if reminded >= policy.max_reminders:
        return Step("stall", at, reminded)
    return Step("remind", out_of_quiet_hours(at, prefs), reminded)


# --- quiet hours ---------------------------------------------------------------


def zone(name: str | None) -> tzinfo:
    """A tzinfo for an IANA name; UTC for empty names. Raises ValueError if unknown."""
    if not name or name.upper() in {"UTC", "GMT", "Z"}:
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as err:
        raise Refusal("tz.err.unknown", name=excerpt(name)) from err


def parse_hhmm(text: str) -> time:
    """``"22:30"`` or ``"7"`` -> time; ValueError with a friendly message otherwise."""
    raw = text.strip()
    try:
        hours, _, minutes = raw.partition(":")
        return time(int(hours), int(minutes or 0))
    except ValueError:
        raise Refusal("tz.err.hhmm", text=excerpt(text)) from None


def in_quiet_hours(when: float, prefs: PlayerPrefs) -> bool:
    return out_of_quiet_hours(when, prefs) != when


def out_of_quiet_hours(when: float, prefs: PlayerPrefs) -> float:
    """``when`` if it is outside the quiet window, else the window's end.

    The window is local to the player's zone and may wrap midnight
    (22:00-07:00). Equal start and end means no quiet hours.
    """
    if not prefs.quiet_start or not prefs.quiet_end:
        return when
    start, end = parse_hhmm(prefs.quiet_start), parse_hhmm(prefs.quiet_end)
    if start == end:
        return when
    tz = zone(prefs.tz)
    local = datetime.fromtimestamp(when, tz)
    clock = local.time().replace(tzinfo=None)
    if start < end:
        inside = start <= clock < end
        end_day = local.date()
    else:  # wraps midnight
        inside = clock >= start or clock < end
        end_day = local.date() + timedelta(days=1) if clock >= start else local.date()
    if not inside:
        return when
    wake = datetime.combine(end_day, end, tzinfo=tz)
    return max(when, wake.timestamp())


# --- words -------------------------------------------------------------------------


def format_wait(seconds: float) -> str:
    """A short human duration: ``3 days 4 h``, ``5 h 10 min``, ``12 min`` (a ``Text``: worded
    again in a reader's language inside a sentence)."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, int(DAY))
    hours, rest = divmod(rest, int(HOUR))
    minutes = rest // 60
    if days:
        return t("wait.days_hours", n=days, h=hours) if hours else t("wait.days", n=days)
    if hours:
        return t("wait.hours_minutes", n=hours, m=minutes) if minutes else t("wait.hours", n=hours)
    return t("wait.minutes", n=minutes)
