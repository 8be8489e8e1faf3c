"""Every statement of the leagues (migration 0020), written once for each backend.

Each is an :class:`bot.store.statements.Sql`, its SQLite text and its PostgreSQL text side by
side; the programs of ``leagues.py`` yield them and the backend running a program picks its
text. ``tests/leagues/test_league_store.py`` runs every one on both backends and checks on
SQLite that each reads through an index.
"""

from __future__ import annotations

from .statements import Sql

LEAGUE_COLUMNS = ("guild_id", "channel_id", "game", "name", "season", "previous_id", "size", "per_player",
                  "divisions", "options", "stall_hours", "status", "deadline", "seed", "creator_id", "created_at")


def _marks(count: int, start: int = 1) -> tuple[str, str]:
    return ", ".join("?" * count), ", ".join(f"${i}" for i in range(start, start + count))


_Q, _D = _marks(len(LEAGUE_COLUMNS))
NEW_LEAGUE = Sql(
    f"INSERT INTO leagues ({', '.join(LEAGUE_COLUMNS)}) VALUES ({_Q}) RETURNING id",
    f"INSERT INTO leagues ({', '.join(LEAGUE_COLUMNS)}) VALUES ({_D}) RETURNING id")
LEAGUE = Sql(
    "SELECT * FROM leagues WHERE id = ?",
    "SELECT * FROM leagues WHERE id = $1")
#: a server's leagues, newest first
GUILD_LEAGUES = Sql(
    "SELECT * FROM leagues WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
    "SELECT * FROM leagues WHERE guild_id = $1 ORDER BY id DESC LIMIT $2")
#: leagues still going (signing up or playing), oldest first; ``{where}``: the shards' servers
ACTIVE_LEAGUES = Sql(
    "SELECT * FROM leagues WHERE status IN ('signup', 'running'){where} ORDER BY id",
    "SELECT * FROM leagues WHERE status IN ('signup', 'running'){where} ORDER BY id")
NEXT_SEASON = Sql(
    "SELECT * FROM leagues WHERE previous_id = ? ORDER BY id LIMIT 1",
    "SELECT * FROM leagues WHERE previous_id = $1 ORDER BY id LIMIT 1")
SET_MESSAGE = Sql(
    "UPDATE leagues SET message_id = ? WHERE id = ?",
    "UPDATE leagues SET message_id = $1 WHERE id = $2")
#: the season starts: only from sign-up, so two processes never draw it twice
START = Sql(
    "UPDATE leagues SET status = 'running', started_at = ? WHERE id = ? AND status = 'signup' RETURNING id",
    "UPDATE leagues SET status = 'running', started_at = $1 WHERE id = $2 AND status = 'signup' RETURNING id")
MOVE_DEADLINE = Sql(
    "UPDATE leagues SET deadline = ? WHERE id = ? AND status = 'signup' RETURNING id",
    "UPDATE leagues SET deadline = $1 WHERE id = $2 AND status = 'signup' RETURNING id")
#: the season is over (from running)
FINISH = Sql(
    "UPDATE leagues SET status = 'finished', ended_at = ? WHERE id = ? AND status = 'running' RETURNING id",
    "UPDATE leagues SET status = 'finished', ended_at = $1 WHERE id = $2 AND status = 'running' RETURNING id")
#: the league is called off (from sign-up)
CANCEL = Sql(
    "UPDATE leagues SET status = 'cancelled', ended_at = ? WHERE id = ? AND status = 'signup' RETURNING id",
    "UPDATE leagues SET status = 'cancelled', ended_at = $1 WHERE id = $2 AND status = 'signup' RETURNING id")

# --- who signed up ------------------------------------------------------------------------------
#: a sign-up while the league takes them (nothing if it does not, or they are in already)
SIGN_UP = Sql(
    "INSERT INTO league_players (league_id, user_id, display_name, signed_at)"
    " SELECT id, ?, ?, ? FROM leagues WHERE id = ? AND status = 'signup'"
    " ON CONFLICT (league_id, user_id) DO NOTHING RETURNING user_id",
    "INSERT INTO league_players (league_id, user_id, display_name, signed_at)"
    " SELECT id, $1::bigint, $2::text, $3::text FROM leagues WHERE id = $4 AND status = 'signup'"
    " ON CONFLICT (league_id, user_id) DO NOTHING RETURNING user_id")
WITHDRAW = Sql(
    "DELETE FROM league_players WHERE league_id = ? AND user_id = ?"
    " AND EXISTS (SELECT 1 FROM leagues WHERE id = ? AND status = 'signup') RETURNING user_id",
    "DELETE FROM league_players WHERE league_id = $1 AND user_id = $2"
    " AND EXISTS (SELECT 1 FROM leagues WHERE id = $3 AND status = 'signup') RETURNING user_id")
PLAYER = Sql(
    "SELECT * FROM league_players WHERE league_id = ? AND user_id = ?",
    "SELECT * FROM league_players WHERE league_id = $1 AND user_id = $2")
PLAYERS = Sql(
    "SELECT * FROM league_players WHERE league_id = ? ORDER BY signed_at, user_id",
    "SELECT * FROM league_players WHERE league_id = $1 ORDER BY signed_at, user_id")
PLACE = Sql(
    "UPDATE league_players SET seed = ?, division = ? WHERE league_id = ? AND user_id = ?",
    "UPDATE league_players SET seed = $1, division = $2 WHERE league_id = $3 AND user_id = $4")

# --- the tables -----------------------------------------------------------------------------------
NEW_TABLE = Sql(
    "INSERT INTO league_tables (league_id, division, number, seats, bots) VALUES (?, ?, ?, ?, ?)",
    "INSERT INTO league_tables (league_id, division, number, seats, bots) VALUES ($1, $2, $3, $4, $5)")
TABLES = Sql(
    "SELECT * FROM league_tables WHERE league_id = ? ORDER BY division, number",
    "SELECT * FROM league_tables WHERE league_id = $1 ORDER BY division, number")
TABLE_OF_GAME = Sql(
    "SELECT * FROM league_tables WHERE game_id = ?",
    "SELECT * FROM league_tables WHERE game_id = $1")
SET_THREAD = Sql(
    "UPDATE league_tables SET thread_id = ? WHERE league_id = ? AND division = ? AND number = ?",
    "UPDATE league_tables SET thread_id = $1 WHERE league_id = $2 AND division = $3 AND number = $4")
#: the table's game: playing from now on (only a table not opened yet)
SET_GAME = Sql(
    "UPDATE league_tables SET game_id = ?, status = 'playing'"
    " WHERE league_id = ? AND division = ? AND number = ? AND game_id IS NULL RETURNING game_id",
    "UPDATE league_tables SET game_id = $1, status = 'playing'"
    " WHERE league_id = $2 AND division = $3 AND number = $4 AND game_id IS NULL RETURNING game_id")
#: the table's game ended (once: a table already ended keeps its first status)
END_TABLE = Sql(
    "UPDATE league_tables SET status = ? WHERE game_id = ? AND status = 'playing' RETURNING *",
    "UPDATE league_tables SET status = $1 WHERE game_id = $2 AND status = 'playing' RETURNING *")
REMINDED = Sql(
    "UPDATE league_tables SET reminders = reminders + 1 WHERE game_id = ? RETURNING reminders",
    "UPDATE league_tables SET reminders = reminders + 1 WHERE game_id = $1 RETURNING reminders")

# --- what the tables' games left ---------------------------------------------------------------------
#: every results row of a league's games, with the table it was played at
RESULTS = Sql(
    "SELECT t.division, t.number, r.seat, r.user_id, r.display_name, r.rank, r.score, r.ended"
    " FROM league_tables t JOIN results r ON r.game_id = t.game_id"
    " WHERE t.league_id = ? ORDER BY t.division, t.number, r.seat",
    "SELECT t.division, t.number, r.seat, r.user_id, r.display_name, r.rank, r.score, r.ended"
    " FROM league_tables t JOIN results r ON r.game_id = t.game_id"
    " WHERE t.league_id = $1 ORDER BY t.division, t.number, r.seat")
#: a game's status and its last write (a table stalls when nothing moved for a while)
GAME_STATE = Sql(
    "SELECT status, updated_at FROM games WHERE id = ?",
    "SELECT status, updated_at FROM games WHERE id = $1")
#: a player's shown rating in one title and scope (a first season's seeding)
RATING = Sql(
    "SELECT rating FROM ratings WHERE game = ? AND scope = ? AND user_id = ?",
    "SELECT rating FROM ratings WHERE game = $1 AND scope = $2 AND user_id = $3")

# --- what a league owes its channel and threads (migration 0021) ------------------------------------
OWE = Sql(
    "INSERT INTO league_posts (league_id, channel_id, post, created_at) VALUES (?, ?, ?, ?) RETURNING id",
    "INSERT INTO league_posts (league_id, channel_id, post, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
#: the posts not delivered yet, oldest first; ``{where}``: one league's, or the shards' servers'
OWED = Sql(
    "SELECT p.id, p.league_id, p.channel_id, p.post FROM league_posts p JOIN leagues l ON l.id = p.league_id"
    " WHERE p.message_id IS NULL AND p.failed IS NULL{where} ORDER BY p.id",
    "SELECT p.id, p.league_id, p.channel_id, p.post FROM league_posts p JOIN leagues l ON l.id = p.league_id"
    " WHERE p.message_id IS NULL AND p.failed IS NULL{where} ORDER BY p.id")
POST_DELIVERED = Sql(
    "UPDATE league_posts SET message_id = ?, failed = NULL WHERE id = ?",
    "UPDATE league_posts SET message_id = $1, failed = NULL WHERE id = $2")
POST_FAILED = Sql(
    "UPDATE league_posts SET failed = ? WHERE id = ? AND message_id IS NULL",
    "UPDATE league_posts SET failed = $1 WHERE id = $2 AND message_id IS NULL")
#: the season's tables still to play (drawn or playing)
LEFT = Sql(
    "SELECT COUNT(*) FROM league_tables WHERE league_id = ? AND status IN ('drawn', 'playing')",
    "SELECT COUNT(*) FROM league_tables WHERE league_id = $1 AND status IN ('drawn', 'playing')")
