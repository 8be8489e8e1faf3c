"""``records.iso`` writes a time as ``isoformat(timespec="milliseconds")`` does, though a UTC time
reuses the text of the second it stamped last (issue 33 goal 1: every move stamps its row)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

from bot.store.records import iso


def expected(at: datetime) -> str:
    return at.isoformat(timespec="milliseconds")


def test_utc_times_read_as_isoformat_writes_them_across_seconds_days_and_years():
    start = datetime(2026, 12, 31, 23, 59, 58, 0, tzinfo=UTC)
    rnd = random.Random(3)
    at = start
    for _ in range(5000):  # steps of 0-700 ms: many stamps a second, then the next second, day, year
        at += timedelta(microseconds=rnd.randrange(0, 700_000))
        assert iso(at) == expected(at)
    for at in (datetime(2028, 2, 29, 0, 0, 0, 0, tzinfo=UTC), datetime(2026, 1, 1, 0, 0, 0, 999_999, tzinfo=UTC),
               datetime(1, 1, 1, tzinfo=UTC), datetime(9999, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)):
        assert iso(at) == expected(at)


def test_two_seconds_stamped_in_turn_each_read_their_own():
    one = datetime(2026, 11, 30, 3, 33, 28, 834_512, tzinfo=UTC)
    other = one.replace(second=29, microsecond=1_000)
    for _ in range(3):
        assert iso(one) == "2026-11-30T03:33:28.834+00:00"
        assert iso(other) == "2026-11-30T03:33:29.001+00:00"
        assert iso(one.replace(day=1)) == "2026-11-01T03:33:28.834+00:00"  # same second, another day


def test_other_zones_and_naive_times_are_written_by_isoformat():
    for at in (datetime(2026, 11, 30, 3, 33, 28, 834_512, tzinfo=timezone(timedelta(hours=2))),
               datetime(2026, 11, 30, 3, 33, 28, 834_512, tzinfo=timezone(timedelta(0), "GMT")),
               datetime(2026, 11, 30, 3, 33, 28, 834_512)):
        assert iso(at) == expected(at)
    assert iso(datetime(2026, 11, 30, 3, 33, 28, tzinfo=timezone(timedelta(hours=-5)))).endswith(".000-05:00")
