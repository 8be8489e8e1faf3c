"""Every statement of the play-by-post rows and the timers, written once for each backend.

The play-by-post layer runs these on its database thread (``bot/store/threads.py``) through
:class:`bot.store.pbp.PbpRows` and :class:`bot.store.timers.TimerStore`; each statement is an
:class:`Sql` with its SQLite text and its PostgreSQL text side by side, so the two are read
(and changed) together. Nothing rewrites SQL at run time: the connection's dialect picks one
text. ``tests/store/test_pbp_rows.py`` runs every method, so every text, on both backends.

The dialects differ in small ways: ``?`` and ``$1`` marks; ``INSERT OR IGNORE`` /
``INSERT OR REPLACE`` against ``ON CONFLICT``; a list is ``IN ({marks})`` (one ``?`` per item,
filled in by the caller) against one array parameter (``= ANY($1)``); claiming timers skips
the rows another process has locked (``FOR UPDATE SKIP LOCKED``; SQLite has one writer). A
statement a write's caller never asks the outcome of is written without ``RETURNING``: on
PostgreSQL it then waits in the connection's queue and leaves with the commit (``pg_sync.py``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Sql:
    """One statement: its text for SQLite and its text for PostgreSQL."""

    sqlite: str
    postgres: str


# --- pbp_games: a game's play-by-post settings and state --------------------------------------

GAME = Sql(
    "SELECT * FROM pbp_games WHERE game_id = ?",
    "SELECT * FROM pbp_games WHERE game_id = $1")
ENSURE_GAME = Sql(
    "INSERT OR IGNORE INTO pbp_games (game_id) VALUES (?)",
    "INSERT INTO pbp_games (game_id) VALUES ($1) ON CONFLICT DO NOTHING")
#: holds the game's row until the transaction ends (a statement of its own: see PbpRows.lock_game)
LOCK_GAME = Sql(
    "INSERT INTO pbp_games (game_id) VALUES (?) ON CONFLICT (game_id)"
    " DO UPDATE SET stalled = pbp_games.stalled RETURNING game_id",
    "INSERT INTO pbp_games (game_id) VALUES ($1) ON CONFLICT (game_id)"
    " DO UPDATE SET stalled = pbp_games.stalled RETURNING game_id")
#: after a move: each game's row (made if missing) active now and not stalled, with what the
#: play-by-post step asks next (who moved last, open polls, the thread's and archive timers)
_UPSERTED = " ON CONFLICT (game_id) DO UPDATE SET last_activity = excluded.last_activity, stalled = 0"
_TOUCHED = (
    " *,"
    " (SELECT seat FROM moves WHERE moves.game_id = pbp_games.game_id ORDER BY n DESC LIMIT 1)"
    " AS last_seat,"
    " (SELECT COUNT(*) FROM pbp_polls WHERE pbp_polls.game_id = pbp_games.game_id AND open = 1)"
    " AS open_polls,"
    " (SELECT COUNT(*) FROM timers WHERE key = 'thread:' || pbp_games.game_id) AS thread_timer,"
    " (SELECT COUNT(*) FROM timers WHERE key = 'archive:' || pbp_games.game_id) AS archive_timer")
#: PostgreSQL: one statement (a round trip), the rows RETURNING them; SQLite: the upsert alone, then
#: TOUCHED_ROWS reads them (RETURNING gathers its rows in a temporary b-tree made per statement:
#: the two statements cost the writer thread about 14 k instructions a move less)
TOUCH_GAMES = Sql(
    "INSERT INTO pbp_games (game_id, last_activity, stalled) VALUES {rows}" + _UPSERTED,
    "INSERT INTO pbp_games (game_id, last_activity, stalled)"
    " SELECT g, $2::float8, 0 FROM unnest($1::bigint[]) AS g ORDER BY g" + _UPSERTED + " RETURNING" + _TOUCHED)
#: SQLite, after TOUCH_GAMES: the games' rows as PostgreSQL's TOUCH_GAMES returns them
TOUCHED_ROWS = Sql(
    "SELECT" + _TOUCHED + " FROM pbp_games WHERE game_id IN ({marks})",
    "SELECT" + _TOUCHED + " FROM pbp_games WHERE game_id = ANY($1::bigint[])")
#: at a start: each game's row (made if missing), held until the transaction ends as LOCK_GAME
#: holds one, with how many polls are open and whether the thread's timer exists
_LOCKED = (
    " ON CONFLICT (game_id) DO UPDATE SET stalled = pbp_games.stalled RETURNING *,"
    " (SELECT COUNT(*) FROM pbp_polls WHERE pbp_polls.game_id = pbp_games.game_id AND open = 1)"
    " AS open_polls,"
    " (SELECT COUNT(*) FROM timers WHERE key = 'thread:' || pbp_games.game_id) AS thread_timer")
LOCK_GAMES = Sql(
    "INSERT INTO pbp_games (game_id) SELECT value FROM json_each(?) WHERE true" + _LOCKED,
    "INSERT INTO pbp_games (game_id) SELECT g FROM unnest($1::bigint[]) AS g ORDER BY g" + _LOCKED)
#: at a start, one row a game: whether its play-by-post rows are in line with its table (then a start
#: writes nothing for it): its settings row, the seats it waits for ("0,2") and the keys of its timers
#: not being fired ("archive:7,remind:7:0"), each list from its table's index on the game
_START_ROWS = (
    "SELECT p.game_id AS game_id, p.last_activity AS last_activity, p.thread_id AS thread_id,"
    " p.time_control AS time_control, p.dropped AS dropped,"
    " (SELECT {seats} FROM pbp_waits w WHERE w.game_id = p.game_id) AS waited,"
    " (SELECT {keys} FROM timers t WHERE t.game_id = p.game_id AND t.claimed_until IS NULL) AS timers"
    " FROM pbp_games p WHERE p.game_id {among}")
START_ROWS = Sql(
    _START_ROWS.format(seats="group_concat(w.seat)", keys="group_concat(t.key)",
                       among="IN (SELECT value FROM json_each(?))"),
    _START_ROWS.format(seats="string_agg(w.seat::text, ',')", keys="string_agg(t.key, ',')",
                       among="= ANY($1::bigint[])"))
SET_TIME_CONTROL = Sql(
    "UPDATE pbp_games SET time_control = ? WHERE game_id = ?",
    "UPDATE pbp_games SET time_control = $1 WHERE game_id = $2")
SET_LAST_ACTIVITY = Sql(
    "UPDATE pbp_games SET last_activity = ? WHERE game_id = ?",
    "UPDATE pbp_games SET last_activity = $1 WHERE game_id = $2")
SET_REMIND_HOURS = Sql(
    "UPDATE pbp_games SET remind_hours = ? WHERE game_id = ?",
    "UPDATE pbp_games SET remind_hours = $1 WHERE game_id = $2")
SET_THREAD = Sql(
    "UPDATE pbp_games SET thread_id = ? WHERE game_id = ?",
    "UPDATE pbp_games SET thread_id = $1 WHERE game_id = $2")
SET_DROPPED = Sql(
    "UPDATE pbp_games SET dropped = ? WHERE game_id = ?",
    "UPDATE pbp_games SET dropped = $1 WHERE game_id = $2")
SET_STALLED = Sql(
    "UPDATE pbp_games SET stalled = 1 WHERE game_id = ?",
    "UPDATE pbp_games SET stalled = 1 WHERE game_id = $1")
SET_ARCHIVED = Sql(
    "UPDATE pbp_games SET archived = 1 WHERE game_id = ?",
    "UPDATE pbp_games SET archived = 1 WHERE game_id = $1")
SET_SETTINGS = Sql(
    "UPDATE pbp_games SET remind_hours = ?, time_control = ?, thread_id = ? WHERE game_id = ?",
    "UPDATE pbp_games SET remind_hours = $1, time_control = $2, thread_id = $3 WHERE game_id = $4")
GAME_OF_THREAD = Sql(
    "SELECT game_id FROM pbp_games WHERE thread_id = ?",
    "SELECT game_id FROM pbp_games WHERE thread_id = $1")

# --- pbp_waits: whom a game waits for, since when, reminded how often --------------------------

WAIT = Sql(
    "SELECT * FROM pbp_waits WHERE game_id = ? AND seat = ?",
    "SELECT * FROM pbp_waits WHERE game_id = $1 AND seat = $2")
WAITS_SINCE = Sql(
    "SELECT since FROM pbp_waits WHERE game_id = ?",
    "SELECT since FROM pbp_waits WHERE game_id = $1")
START_WAIT = Sql(
    "INSERT INTO pbp_waits (game_id, seat, since, reminded, last_at, muted) VALUES (?, ?, ?, 0, NULL, 0)"
    " ON CONFLICT (game_id, seat) DO UPDATE SET since = excluded.since, reminded = 0, last_at = NULL,"
    " muted = 0",
    "INSERT INTO pbp_waits (game_id, seat, since, reminded, last_at, muted) VALUES ($1, $2, $3, 0, NULL, 0)"
    " ON CONFLICT (game_id, seat) DO UPDATE SET since = excluded.since, reminded = 0, last_at = NULL,"
    " muted = 0")
END_WAIT = Sql(
    "DELETE FROM pbp_waits WHERE game_id = ? AND seat = ?",
    "DELETE FROM pbp_waits WHERE game_id = $1 AND seat = $2")
END_WAITS = Sql(
    "DELETE FROM pbp_waits WHERE game_id = ?",
    "DELETE FROM pbp_waits WHERE game_id = $1")
REMINDED = Sql(
    "UPDATE pbp_waits SET reminded = reminded + 1, last_at = ? WHERE game_id = ? AND seat = ?",
    "UPDATE pbp_waits SET reminded = reminded + 1, last_at = $1 WHERE game_id = $2 AND seat = $3")
MUTE = Sql(
    "UPDATE pbp_waits SET muted = 1 WHERE game_id = ? AND seat = ?",
    "UPDATE pbp_waits SET muted = 1 WHERE game_id = $1 AND seat = $2")

# --- pbp_clocks, pbp_prefs: each seat's clock, each player's reminder preferences --------------

CLOCK = Sql(
    "SELECT clock FROM pbp_clocks WHERE game_id = ? AND seat = ?",
    "SELECT clock FROM pbp_clocks WHERE game_id = $1 AND seat = $2")
#: updated in place (a replace would delete and insert: the key's index page written too)
SAVE_CLOCK = Sql(
    "INSERT INTO pbp_clocks (game_id, seat, clock) VALUES (?, ?, ?)"
    " ON CONFLICT (game_id, seat) DO UPDATE SET clock = excluded.clock",
    "INSERT INTO pbp_clocks (game_id, seat, clock) VALUES ($1, $2, $3)"
    " ON CONFLICT (game_id, seat) DO UPDATE SET clock = excluded.clock")
PREFS = Sql(
    "SELECT * FROM pbp_prefs WHERE user_id = ?",
    "SELECT * FROM pbp_prefs WHERE user_id = $1")
SET_PREFS = Sql(
    "INSERT OR REPLACE INTO pbp_prefs (user_id, interval_hours, quiet_start, quiet_end, tz, dm)"
    " VALUES (?, ?, ?, ?, ?, ?)",
    "INSERT INTO pbp_prefs (user_id, interval_hours, quiet_start, quiet_end, tz, dm)"
    " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET"
    " interval_hours = EXCLUDED.interval_hours, quiet_start = EXCLUDED.quiet_start,"
    " quiet_end = EXCLUDED.quiet_end, tz = EXCLUDED.tz, dm = EXCLUDED.dm")

# --- pbp_polls: undo and timeout votes -----------------------------------------------------------

NEW_POLL = Sql(
    "INSERT INTO pbp_polls (game_id, kind, data, created) VALUES (?, ?, ?, ?) RETURNING id",
    "INSERT INTO pbp_polls (game_id, kind, data, created) VALUES ($1, $2, $3, $4) RETURNING id")
POLL = Sql(
    "SELECT * FROM pbp_polls WHERE id = ?",
    "SELECT * FROM pbp_polls WHERE id = $1")
OPEN_POLLS = Sql(
    "SELECT * FROM pbp_polls WHERE game_id = ? AND kind = ? AND open = 1",
    "SELECT * FROM pbp_polls WHERE game_id = $1 AND kind = $2 AND open = 1")
#: a closed poll is deleted: nothing reads it (a vote on it finds none and is told it closed), so the
#: table holds the open polls alone, whatever the games played
CLOSE_POLL = Sql(
    "DELETE FROM pbp_polls WHERE id = ?",
    "DELETE FROM pbp_polls WHERE id = $1")
CLOSE_POLLS = Sql(
    "DELETE FROM pbp_polls WHERE game_id = ?",
    "DELETE FROM pbp_polls WHERE game_id = $1")
SET_VOTES = Sql(
    "UPDATE pbp_polls SET votes = ? WHERE id = ?",
    "UPDATE pbp_polls SET votes = $1 WHERE id = $2")

# --- read across the tables ----------------------------------------------------------------------

#: per seat of several games: its wait, clock, player's preferences and standing reminder's due time
SEAT_ROWS = Sql(
    "SELECT s.game_id AS game_id, s.seat AS seat, w.seat AS waited, w.since AS since,"
    " w.reminded AS reminded, w.last_at AS last_at, w.muted AS muted, c.clock AS clock,"
    " p.user_id AS has_prefs, p.interval_hours AS interval_hours, p.quiet_start AS quiet_start,"
    " p.quiet_end AS quiet_end, p.tz AS tz, p.dm AS dm, t.due_at AS remind_due FROM seats s"
    " LEFT JOIN pbp_waits w ON w.game_id = s.game_id AND w.seat = s.seat"
    " LEFT JOIN timers t ON t.key = 'remind:' || s.game_id || ':' || s.seat AND t.claimed_until IS NULL"
    " LEFT JOIN pbp_clocks c ON c.game_id = s.game_id AND c.seat = s.seat"
    " LEFT JOIN pbp_prefs p ON p.user_id = s.user_id"
    " WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat",
    # PostgreSQL: each seat's rows looked up by key (LATERAL, OFFSET 0 keeps the planner from
    # turning them back into joins): with the plain joins it hashed every unclaimed timer and
    # every wait at each call when its statistics were stale, 1-3 ms a step growing with the
    # games running (issue 33 goal 5: the play-by-post thread's biggest server cost)
    "SELECT s.game_id AS game_id, s.seat AS seat, w.seat AS waited, w.since AS since,"
    " w.reminded AS reminded, w.last_at AS last_at, w.muted AS muted, c.clock AS clock,"
    " p.user_id AS has_prefs, p.interval_hours AS interval_hours, p.quiet_start AS quiet_start,"
    " p.quiet_end AS quiet_end, p.tz AS tz, p.dm AS dm,"
    " (SELECT t.due_at FROM timers t WHERE t.key = 'remind:' || s.game_id || ':' || s.seat"
    " AND t.claimed_until IS NULL) AS remind_due FROM seats s"
    " LEFT JOIN LATERAL (SELECT * FROM pbp_waits w WHERE w.game_id = s.game_id AND w.seat = s.seat OFFSET 0) w"
    " ON true"
    " LEFT JOIN LATERAL (SELECT clock FROM pbp_clocks c WHERE c.game_id = s.game_id AND c.seat = s.seat OFFSET 0) c"
    " ON true"
    " LEFT JOIN LATERAL (SELECT * FROM pbp_prefs p WHERE p.user_id = s.user_id OFFSET 0) p ON true"
    " WHERE s.game_id = ANY($1::bigint[]) ORDER BY s.game_id, s.seat")
#: (game, seat) of every game a user sits in with one of some statuses, whichever shard holds it
#: a game paused away from its table (its channel was deleted) is out of the player's count
SEATS_OF = Sql(
    "SELECT s.game_id AS game_id, s.seat AS seat FROM seats s JOIN games g ON g.id = s.game_id"
    " WHERE s.user_id = ? AND g.status IN ({marks}) AND g.paused IS NULL ORDER BY s.game_id",
    "SELECT s.game_id AS game_id, s.seat AS seat FROM seats s JOIN games g ON g.id = s.game_id"
    " WHERE s.user_id = $1 AND g.status = ANY($2::text[]) AND g.paused IS NULL ORDER BY s.game_id")

# --- timers --------------------------------------------------------------------------------------
# ``{mine}``: the timers this process may fire (``TimerStore``: its shards' games, its shards'
# servers for a timer of a server and no game, or neither), filled in once when the store is made.

#: a timer with the same key is replaced, and gets a new id (a handler that re-adds its own key
#: must not have the new row deleted after it as the one that fired)
PUT_TIMER = Sql(
    "INSERT OR REPLACE INTO timers (kind, key, due_at, game_id, user_id, payload, attempts, created_at, guild_id)"
    " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
    "INSERT INTO timers (kind, key, due_at, game_id, user_id, payload, attempts, created_at, guild_id)"
    " VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8) ON CONFLICT (key) DO UPDATE SET kind = EXCLUDED.kind,"
    " due_at = EXCLUDED.due_at, game_id = EXCLUDED.game_id, user_id = EXCLUDED.user_id,"
    " payload = EXCLUDED.payload, attempts = EXCLUDED.attempts, created_at = EXCLUDED.created_at,"
    " guild_id = EXCLUDED.guild_id, id = nextval(pg_get_serial_sequence('timers', 'id')), claimed_until = NULL")
ADD_TIMER = Sql(PUT_TIMER.sqlite + " RETURNING id", PUT_TIMER.postgres + " RETURNING id")
TIMER = Sql(
    "SELECT * FROM timers WHERE key = ?",
    "SELECT * FROM timers WHERE key = $1")
DROP_TIMER = Sql(
    "DELETE FROM timers WHERE key = ?",
    "DELETE FROM timers WHERE key = $1")
#: whether a timer's row is still there (a command held in between did not cancel or replace it)
TIMER_ID = Sql(
    "SELECT 1 FROM timers WHERE id = ?",
    "SELECT 1 FROM timers WHERE id = $1")
DROP_TIMER_ID = Sql(
    "DELETE FROM timers WHERE id = ?",
    "DELETE FROM timers WHERE id = $1")
DROP_GAME_TIMERS = Sql(
    "DELETE FROM timers WHERE game_id = ?",
    "DELETE FROM timers WHERE game_id = $1")
DROP_GAME_TIMERS_OF = Sql(
    "DELETE FROM timers WHERE game_id = ? AND kind IN ({marks})",
    "DELETE FROM timers WHERE game_id = $1 AND kind = ANY($2::text[])")
#: when the next timer falls due (a claimed one: when its claim runs out, if later): the first
#: unclaimed one and the few being fired, each from its own index (not every row's expression)
NEXT_DUE = Sql(
    "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM timers WHERE claimed_until IS NULL{mine}"
    " UNION ALL SELECT MAX(due_at, claimed_until) FROM timers WHERE claimed_until IS NOT NULL{mine})",
    "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM timers WHERE claimed_until IS NULL{mine}"
    " UNION ALL SELECT GREATEST(due_at, claimed_until) FROM timers WHERE claimed_until IS NOT NULL{mine}) AS n")
CLAIM_DUE = Sql(
    "UPDATE timers SET claimed_until = ? WHERE id IN (SELECT id FROM timers WHERE due_at <= ?"
    " AND (claimed_until IS NULL OR claimed_until <= ?){mine} ORDER BY due_at, id LIMIT ?)"
    " RETURNING *",
    "UPDATE timers SET claimed_until = $1 WHERE id IN (SELECT id FROM timers WHERE due_at <= $2"
    " AND (claimed_until IS NULL OR claimed_until <= $3){mine} ORDER BY due_at, id LIMIT $4"
    " FOR UPDATE SKIP LOCKED) RETURNING *")
#: how many timers are past their time and not fired yet, claimed ones too (the timers_due gauge)
COUNT_DUE = Sql(
    "SELECT COUNT(*) FROM timers WHERE due_at <= ?{mine}",
    "SELECT COUNT(*) FROM timers WHERE due_at <= $1{mine}")
DUE = Sql(
    "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id LIMIT ?",
    "SELECT * FROM timers WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2")
ALL_TIMERS = Sql(
    "SELECT * FROM timers ORDER BY due_at, id",
    "SELECT * FROM timers ORDER BY due_at, id")
RETRY_TIMER = Sql(
    "UPDATE timers SET due_at = ?, attempts = attempts + 1, claimed_until = NULL WHERE id = ?",
    "UPDATE timers SET due_at = $1, attempts = attempts + 1, claimed_until = NULL WHERE id = $2")
