"""The pure policies: reminder schedule, quiet hours, clocks, timeouts, undo, history."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import pytest

from bot.table import history
from bot.table.pbp import clocks, reminders, undo
from bot.table.pbp.clocks import DAY, HOUR, SeatClock, TimeControl
from bot.table.pbp.reminders import PlayerPrefs, ReminderPolicy

from .pbp_toys import TALLY

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC).timestamp()  # a Monday, 09:00 UTC


# --- reminders ------------------------------------------------------------------


def test_first_reminder_after_the_game_interval_then_growing_then_stall():
    policy, prefs = ReminderPolicy(interval_hours=12), PlayerPrefs()
    step = reminders.next_step(T0, 0, None, policy, prefs)
    assert (step.kind, step.at) == ("remind", T0 + 12 * HOUR)
    at, gaps = step.at, []
    for sent in range(1, 5):
        nxt = reminders.next_step(T0, sent, at, policy, prefs)
        gaps.append((nxt.kind, (nxt.at - at) / HOUR))
        at = nxt.at
    assert gaps == [("remind", 24), ("remind", 48), ("remind", 96), ("stall", 96)]


def test_player_interval_overrides_game_interval_and_gap_is_capped():
    policy = ReminderPolicy(interval_hours=12, max_gap_hours=30)
    prefs = PlayerPrefs(interval_hours=20)
    assert reminders.next_step(T0, 0, None, policy, prefs).at == T0 + 20 * HOUR
    assert reminders.gap(policy, prefs, 1) == 30 * HOUR


def test_quiet_hours_push_the_reminder_to_their_end_in_utc():
    prefs = PlayerPrefs(quiet_start="22:00", quiet_end="07:30")
    late = datetime(2026, 3, 2, 23, 15, tzinfo=UTC).timestamp()
    early = datetime(2026, 3, 3, 6, 0, tzinfo=UTC).timestamp()
    wake = datetime(2026, 3, 3, 7, 30, tzinfo=UTC).timestamp()
    assert reminders.out_of_quiet_hours(late, prefs) == wake
    assert reminders.out_of_quiet_hours(early, prefs) == wake
    noon = datetime(2026, 3, 3, 12, 0, tzinfo=UTC).timestamp()
    assert reminders.out_of_quiet_hours(noon, prefs) == noon
    day_window = PlayerPrefs(quiet_start="09:00", quiet_end="17:00")
    assert reminders.out_of_quiet_hours(noon, day_window) == noon + 5 * HOUR


def test_quiet_hours_are_in_the_players_time_zone():
    try:
        ZoneInfo("Asia/Taipei")
    except ZoneInfoNotFoundError:
        pytest.skip("no time zone data")
    prefs = PlayerPrefs(quiet_start="23:00", quiet_end="08:00", tz="Asia/Taipei")  # UTC+8
    # 12 h after Monday 09:00 UTC is 21:00 UTC = Tuesday 05:00 in Taipei: quiet.
    step = reminders.next_step(T0, 0, None, ReminderPolicy(), prefs)
    assert step.at == datetime(2026, 3, 3, 0, 0, tzinfo=UTC).timestamp()  # 08:00 Taipei
    with pytest.raises(ValueError, match="time zone"):
        reminders.zone("Mars/Olympus")


def test_vacation_delays_reminders():
    step = reminders.next_step(T0, 0, None, ReminderPolicy(), PlayerPrefs(), vacation_until=T0 + 3 * DAY)
    assert step.at == T0 + 3 * DAY


def test_format_wait():
    assert reminders.format_wait(3 * DAY + 4 * HOUR + 50) == "3 days 4 h"
    assert reminders.format_wait(5 * HOUR + 600) == "5 h 10 min"
    assert reminders.format_wait(59) == "0 min"


# --- clocks ------------------------------------------------------------------------


def test_time_control_parse_and_describe():
    assert TimeControl.parse(None) == TimeControl()
    assert TimeControl.parse("move:48").describe() == "48 h per move"
    tc = TimeControl.parse("chess:10+1")
    assert (tc.initial_days, tc.increment_days) == (10, 1)
    for bad in ("move:0", "chess:", "blitz:3", "move:abc"):
        with pytest.raises(ValueError):
            TimeControl.parse(bad)
    # finite and bounded (issue 30): the refusal says the allowed range
    for bad in ("move:inf", "move:nan", "move:0.001", "move:-5", "move:1e9"):
        with pytest.raises(ValueError, match="0.25 to 720 hours"):
            TimeControl.parse(bad)
    for bad in ("chess:1e308+1e308", "chess:inf", "chess:nan+1", "chess:10+nan", "chess:10+30", "chess:0.1"):
        with pytest.raises(ValueError, match="0.5 to 90 initial days and adds 0 to 7 days"):
            TimeControl.parse(bad)
    assert TimeControl.parse("move:0.25").move_hours == 0.25 and TimeControl.parse("chess:90+7").initial_days == 90
    assert TimeControl.from_json(tc.to_json()) == tc


def test_per_move_deadline_and_vacation_pause():
    tc = TimeControl("move", move_hours=48)
    clock = SeatClock()
    clocks.start_turn(clock, T0)
    assert clocks.deadline(tc, clock, T0) == T0 + 48 * HOUR
    # 10 h in, the player leaves for 3 days: the deadline moves by 3 days.
    clocks.add_vacation(clock, T0 + 10 * HOUR, 3)
    assert clocks.deadline(tc, clock, T0 + 10 * HOUR) == T0 + 48 * HOUR + 3 * DAY
    assert clocks.on_vacation(clock, T0 + 20 * HOUR) == T0 + 10 * HOUR + 3 * DAY
    assert clocks.remaining(tc, clock, T0 + 2 * DAY) == pytest.approx(38 * HOUR)
    with pytest.raises(ValueError):
        clocks.add_vacation(clock, T0, 90)


def test_future_vacation_counts_only_if_reached():
    tc = TimeControl("move", move_hours=10)
    clock = SeatClock(since=T0, vacations=[[T0 + 20 * HOUR, T0 + 30 * HOUR]])
    assert clocks.deadline(tc, clock, T0) == T0 + 10 * HOUR
    clock = SeatClock(since=T0, vacations=[[T0 + 4 * HOUR, T0 + 30 * HOUR]])
    assert clocks.deadline(tc, clock, T0) == T0 + 36 * HOUR


def test_chess_clock_bank_and_increment():
    tc = TimeControl("chess", initial_days=3, increment_days=1)
    clock = clocks.new_clock(tc)
    clocks.start_turn(clock, T0)
    clocks.end_turn(tc, clock, T0 + 2 * DAY)
    assert clock.bank == pytest.approx(2 * DAY)  # 3 - 2 + 1
    clocks.start_turn(clock, T0 + 5 * DAY)
    assert clocks.deadline(tc, clock, T0 + 5 * DAY) == T0 + 7 * DAY
    # The table waits: grace of a day.
    clock.grace += clocks.grace_for_wait(tc)
    assert clocks.deadline(tc, clock, T0 + 5 * DAY) == T0 + 8 * DAY


def test_timeout_decision_needs_a_strict_majority_of_the_others():
    assert clocks.decide({1: "drop"}, {1, 2}) is None
    assert clocks.decide({1: "drop", 2: "drop"}, {1, 2}) == "drop"
    assert clocks.decide({1: "wait", 2: "drop", 3: "drop"}, {1, 2, 3}) == "drop"
    assert clocks.decide({9: "drop"}, {1}) is None  # not a voter
    assert clocks.decide({}, set()) == "drop"


def test_skip_only_where_rules_list_a_pass_and_drop_plays_simplest():
    state = TALLY.setup(2, 1)
    assert clocks.skip_move(TALLY, state, 0) == "pass"
    assert clocks.simplest_move(TALLY, state, 0) == "pass"
    bidding = TALLY.setup(2, 1, {"bids": True})
    assert clocks.skip_move(TALLY, bidding, 0) is None
    assert clocks.decision_choices(False) == ["wait", "drop"]
    assert clocks.simplest_move(TALLY, bidding, 1) == "bid 0"


def test_archive_after_sixty_days():
    assert clocks.archive_due(T0) == T0 + 60 * DAY


# --- undo ---------------------------------------------------------------------------


def _infos(moves, players=2, options=None):
    return undo.analyse(TALLY, players, 7, options, moves)[0]


def test_undo_own_moves_in_own_turn_is_free():
    infos = _infos([(0, "add 1"), (0, "add 2")])
    plan = undo.plan_undo(infos, 0, [0, 1])
    assert plan.verdict == undo.FREE and plan.keep == 1
    plan = undo.plan_undo(infos, 0, [0, 1], count=2)
    assert plan.verdict == undo.FREE and plan.keep == 0
    # the move that ended the turn may be taken back while nobody acted since
    infos = _infos([(0, "add 1"), (0, "pass")])
    assert undo.plan_undo(infos, 0, [0, 1]).verdict == undo.FREE


def test_undo_refused_or_needs_consent_in_each_case():
    # another player acted since
    plan = undo.plan_undo(_infos([(0, "pass"), (1, "add 1")]), 0, [0, 1])
    assert plan.verdict == undo.CONSENT and plan.consent_from == [1] and "acted" in plan.reason.lower()
    assert plan.keep == 0 and [m.n for m in plan.undone] == [1, 2]
    # hidden information revealed
    plan = undo.plan_undo(_infos([(0, "peek")]), 0, [0, 1, 2])
    assert plan.verdict == undo.CONSENT and "hidden" in plan.reason.lower() and plan.consent_from == [1, 2]
    # randomness resolved
    plan = undo.plan_undo(_infos([(0, "add 1"), (0, "roll")]), 0, [0, 1])
    assert plan.verdict == undo.CONSENT and "randomness" in plan.reason.lower()
    # alone at the table nobody can consent
    assert undo.plan_undo(_infos([(0, "peek")], players=1), 0, [0]).verdict == undo.REFUSED
    # nothing of yours / game over
    assert undo.plan_undo(_infos([(0, "add 1")]), 1, [0, 1]).verdict == undo.REFUSED
    assert undo.plan_undo(_infos([(0, "add 1")]), 0, [0, 1], over=True).verdict == undo.REFUSED
    assert undo.plan_undo(_infos([(0, "peek")]), 0, [0, 1, 2]).consent_from == [1, 2]


def test_replay_keeps_the_first_moves_of_the_log():
    moves = [(0, "add 3"), (0, "pass"), (1, "add 2")]
    state = history.state_at(TALLY, 2, 7, None, moves, 2)
    assert state["score"][0]["adds"] == 3 and state["score"][1]["adds"] == 0
    assert TALLY.to_move(state) == {1}


def test_secret_simultaneous_move_then_others_acted_needs_consent():
    infos = _infos([(1, "bid 2"), (0, "bid 1")], options={"bids": True})
    # seat 1 bid secretly, then seat 0's bid revealed all: barrier and another player acted
    plan = undo.plan_undo(infos, 1, [0, 1])
    assert plan.verdict == undo.CONSENT and "hidden" in plan.reason.lower() and "acted" in plan.reason.lower()


# --- history -------------------------------------------------------------------------


def test_history_pages():
    lines = [history.HistoryLine(n, n % 2, None, "passes") for n in range(1, 41)]
    chunk, number, pages = history.page(lines, 0)
    assert (number, pages, chunk[-1].n, len(chunk)) == (3, 3, 40, 10)
    chunk, number, _ = history.page(lines, 2)
    assert [c.n for c in chunk] == list(range(16, 31))


def test_board_at_move_n_replays_the_log():
    moves = [(0, "add 3"), (0, "pass"), (1, "add 2"), (1, "peek")]
    assert history.public_view_at(TALLY, 2, 5, None, moves, 0)["players"][0]["adds"] == 0
    view = history.public_view_at(TALLY, 2, 5, None, moves, 3)
    assert view["players"][1]["adds"] == 2 and view["seen"] == [] and view["to_move"] == [1]
    with pytest.raises(ValueError, match="from 0 to 4"):
        history.state_at(TALLY, 2, 5, None, moves, 9)


def test_an_undone_turn_resumes_its_clock():
    tc = TimeControl("chess", initial_days=2, increment_days=1)
    clock = clocks.new_clock(tc)
    clocks.start_turn(clock, T0)
    clocks.end_turn(tc, clock, T0 + DAY)
    assert clock.bank == pytest.approx(2 * DAY)
    assert clocks.resume_turn(clock)  # the move is taken back: the same turn goes on
    assert clock.since == T0 and clock.bank == pytest.approx(2 * DAY)  # no increment kept
    assert clocks.deadline(tc, clock, T0 + DAY) == T0 + 2 * DAY
    assert not clocks.resume_turn(clock)
