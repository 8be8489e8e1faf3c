"""Every statement of the records (results, ratings, their history), written once for each backend.

Each is an :class:`bot.store.statements.Sql` with its SQLite text and its PostgreSQL text side by
side; the programs of ``results.py`` yield them and the backend running a program picks its
text (``portable.py``). Nothing rewrites SQL at run time. ``tests/store/test_store_protocol.py``
and ``tests/records`` run every one on both backends.
"""

from __future__ import annotations

from .records import POINT_COLUMNS, RATING_COLUMNS, RESULT_COLUMNS
from .statements import Sql


def _same(text: str) -> Sql:
    """A statement without parameters: one text for both."""
    return Sql(text, text)


def _insert(table: str, columns: tuple[str, ...], tail: str = "") -> Sql:
    """``INSERT INTO table (columns) VALUES (marks)``: ``?`` marks for SQLite, ``$n`` for PostgreSQL."""
    head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
    return Sql(head + f"({', '.join('?' for _ in columns)})" + tail,
               head + f"({', '.join(f'${i}' for i in range(1, len(columns) + 1))})" + tail)


# --- writes --------------------------------------------------------------------------------------
INSERT_RESULT = _insert("results", RESULT_COLUMNS)
UPSERT_RATING = _insert("ratings", RATING_COLUMNS, " ON CONFLICT (game, scope, user_id) DO UPDATE SET "
                        + ", ".join(f"{c} = excluded.{c}" for c in RATING_COLUMNS[3:]))
INSERT_POINT = _insert("rating_history", POINT_COLUMNS)

# --- the rest, as written --------------------------------------------------------------------------
MAX_ORDER = _same('SELECT MAX(rated_order) FROM results')
RATING = Sql(
    'SELECT * FROM ratings WHERE game = ? AND scope = ? AND user_id = ?',
    'SELECT * FROM ratings WHERE game = $1 AND scope = $2 AND user_id = $3')
GAME_RESULTS = Sql(
    'SELECT * FROM results WHERE game_id = ? ORDER BY seat',
    'SELECT * FROM results WHERE game_id = $1 ORDER BY seat')
TO_BACKFILL = _same("SELECT id FROM games WHERE status IN ('finished', 'aborted') AND EXISTS (SELECT 1 FROM snapshots s WHERE s.game_id = games.id) AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id) ORDER BY id")
HAS_RESULTS = Sql(
    'SELECT 1 FROM results WHERE game_id = ? LIMIT 1',
    'SELECT 1 FROM results WHERE game_id = $1 LIMIT 1')
RATED_ROWS = _same('SELECT * FROM results WHERE rated = 1')
SET_ORDER = Sql(
    'UPDATE results SET rated_order = ? WHERE game_id = ? AND rated = 1',
    'UPDATE results SET rated_order = $1 WHERE game_id = $2 AND rated = 1')
DELETE_RATINGS = _same('DELETE FROM ratings')
DELETE_POINTS = _same('DELETE FROM rating_history')
ALL_RATINGS = _same('SELECT * FROM ratings ORDER BY game, scope, user_id')
ALL_POINTS = _same('SELECT * FROM rating_history ORDER BY game, scope, user_id, rated_order')
BOARD_COUNT = Sql(
    'SELECT COUNT(*) FROM ratings WHERE game = ? AND scope = ?',
    'SELECT COUNT(*) FROM ratings WHERE game = $1 AND scope = $2')
BOARD_PAGE = Sql(
    'SELECT * FROM ratings WHERE game = ? AND scope = ? ORDER BY established DESC, rating DESC, games DESC, user_id LIMIT ? OFFSET ?',
    'SELECT * FROM ratings WHERE game = $1 AND scope = $2 ORDER BY established DESC, rating DESC, games DESC, user_id LIMIT $3 OFFSET $4')
# those ahead of a rating: one range of ratings_board (a row value: one search, not an OR of two)
AHEAD = Sql(
    'SELECT COUNT(*) FROM ratings WHERE game = ? AND scope = ? AND (established, rating) > (?, ?)',
    'SELECT COUNT(*) FROM ratings WHERE game = $1 AND scope = $2 AND (established, rating) > ($3, $4)')
# those listed before a player among the ones sharing their rating (more games, then lower id)
TIED_BEFORE = Sql(
    'SELECT COUNT(*) FROM ratings WHERE game = ? AND scope = ? AND established = ? AND rating = ? AND (games > ? OR (games = ? AND user_id < ?))',
    'SELECT COUNT(*) FROM ratings WHERE game = $1 AND scope = $2 AND established = $3 AND rating = $4 AND (games > $5 OR (games = $6 AND user_id < $7))')
TITLES_ALL = Sql(
    "SELECT game, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE user_id = ? AND guild_id = ? AND ended = 'finished' AND ended_at > ? GROUP BY game ORDER BY 2 DESC, game",
    "SELECT game, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE user_id = $1 AND guild_id = $2 AND ended = 'finished' AND ended_at > $3 GROUP BY game ORDER BY 2 DESC, game")
TITLES_ONE = Sql(
    "SELECT game, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE user_id = ? AND game = ? AND guild_id = ? AND ended = 'finished' AND ended_at > ? GROUP BY game ORDER BY 2 DESC, game",
    "SELECT game, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE user_id = $1 AND game = $2 AND guild_id = $3 AND ended = 'finished' AND ended_at > $4 GROUP BY game ORDER BY 2 DESC, game")
#: a player's games in a server that ended without an end (aborted, abandoned), per way they ended
UNFINISHED_ALL = Sql(
    "SELECT ended, COUNT(*) FROM results WHERE user_id = ? AND guild_id = ? AND ended <> 'finished' AND ended_at > ? GROUP BY ended ORDER BY ended",
    "SELECT ended, COUNT(*) FROM results WHERE user_id = $1 AND guild_id = $2 AND ended <> 'finished' AND ended_at > $3 GROUP BY ended ORDER BY ended")
UNFINISHED_ONE = Sql(
    "SELECT ended, COUNT(*) FROM results WHERE user_id = ? AND game = ? AND guild_id = ? AND ended <> 'finished' AND ended_at > ? GROUP BY ended ORDER BY ended",
    "SELECT ended, COUNT(*) FROM results WHERE user_id = $1 AND game = $2 AND guild_id = $3 AND ended <> 'finished' AND ended_at > $4 GROUP BY ended ORDER BY ended")
BEST = Sql(
    "SELECT game_id, score, rank, players, ended_at, role FROM results WHERE user_id = ? AND game = ? AND guild_id = ? AND ended = 'finished' AND ended_at > ? AND score IS NOT NULL ORDER BY score DESC, ended_at LIMIT 1",
    "SELECT game_id, score, rank, players, ended_at, role FROM results WHERE user_id = $1 AND game = $2 AND guild_id = $3 AND ended = 'finished' AND ended_at > $4 AND score IS NOT NULL ORDER BY score DESC, ended_at LIMIT 1")
ROLES = Sql(
    "SELECT role, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) FROM results WHERE user_id = ? AND game = ? AND guild_id = ? AND ended = 'finished' AND ended_at > ? AND role IS NOT NULL GROUP BY role ORDER BY 2 DESC, 3 DESC, role LIMIT 3",
    "SELECT role, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) FROM results WHERE user_id = $1 AND game = $2 AND guild_id = $3 AND ended = 'finished' AND ended_at > $4 AND role IS NOT NULL GROUP BY role ORDER BY 2 DESC, 3 DESC, role LIMIT 3")
HISTORY = Sql(
    'SELECT * FROM rating_history WHERE scope = ? AND game = ? AND user_id = ? ORDER BY rated_order',
    'SELECT * FROM rating_history WHERE scope = $1 AND game = $2 AND user_id = $3 ORDER BY rated_order')
ROLE_STATS = Sql(
    "SELECT role, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE guild_id = ? AND game = ? AND ended_at > ? AND ended = 'finished' AND role IS NOT NULL GROUP BY role ORDER BY 2 DESC, role",
    "SELECT role, COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), SUM(score), COUNT(score), SUM(rank), SUM(seconds), SUM(seat_moves) FROM results WHERE guild_id = $1 AND game = $2 AND ended_at > $3 AND ended = 'finished' AND role IS NOT NULL GROUP BY role ORDER BY 2 DESC, role")
ARCHIVE = Sql(
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE guild_id = ? AND seat = 0 ORDER BY ended_at DESC, game_id DESC LIMIT ? OFFSET ?',
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE guild_id = $1 AND seat = 0 ORDER BY ended_at DESC, game_id DESC LIMIT $2 OFFSET $3')
ARCHIVE_GAME = Sql(
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE guild_id = ? AND game = ? AND seat = 0 ORDER BY ended_at DESC, game_id DESC LIMIT ? OFFSET ?',
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE guild_id = $1 AND game = $2 AND seat = 0 ORDER BY ended_at DESC, game_id DESC LIMIT $3 OFFSET $4')
ARCHIVE_PLAYER = Sql(
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE user_id = ? AND guild_id = ? ORDER BY ended_at DESC, game_id DESC LIMIT ? OFFSET ?',
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE user_id = $1 AND guild_id = $2 ORDER BY ended_at DESC, game_id DESC LIMIT $3 OFFSET $4')
ARCHIVE_PLAYER_GAME = Sql(
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE user_id = ? AND game = ? AND guild_id = ? ORDER BY ended_at DESC, game_id DESC LIMIT ? OFFSET ?',
    'SELECT game_id, game, ended_at, ended, players, moves FROM results WHERE user_id = $1 AND game = $2 AND guild_id = $3 ORDER BY ended_at DESC, game_id DESC LIMIT $4 OFFSET $5')
SERVER_RESULTS = Sql(
    'SELECT * FROM results WHERE guild_id = ? AND ended_at > ? ORDER BY ended_at, game_id, seat',
    'SELECT * FROM results WHERE guild_id = $1 AND ended_at > $2 ORDER BY ended_at, game_id, seat')
SET_SINCE = Sql(
    "INSERT INTO settings (scope, scope_id, key, value) VALUES ('guild', ?, 'records_since', ?) ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
    "INSERT INTO settings (scope, scope_id, key, value) VALUES ('guild', $1, 'records_since', $2) ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value")
DELETE_SCOPE_RATINGS = Sql(
    'DELETE FROM ratings WHERE scope = ?',
    'DELETE FROM ratings WHERE scope = $1')
DELETE_SCOPE_POINTS = Sql(
    'DELETE FROM rating_history WHERE scope = ?',
    'DELETE FROM rating_history WHERE scope = $1')
SINCE = Sql(
    "SELECT value FROM settings WHERE scope = 'guild' AND scope_id = ? AND key = 'records_since'",
    "SELECT value FROM settings WHERE scope = 'guild' AND scope_id = $1 AND key = 'records_since'")
HIDDEN = _same("SELECT scope_id FROM settings WHERE scope = 'user' AND key = 'stats_hidden' AND value = 'true'")
RESETS = _same("SELECT scope_id, value FROM settings WHERE scope = 'guild' AND key = 'records_since'")
