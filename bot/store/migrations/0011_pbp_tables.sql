-- Play-by-post state (bot/pbp.py). Keyed by the bot's game id.

-- Per game: reminder interval, time control, thread, stalled/archived flags.
CREATE TABLE IF NOT EXISTS pbp_games (
    game_id       INTEGER PRIMARY KEY,
    remind_hours  REAL,
    time_control  TEXT NOT NULL DEFAULT '{}',
    thread_id     INTEGER,
    board_url     TEXT,
    stalled       INTEGER NOT NULL DEFAULT 0,
    archived      INTEGER NOT NULL DEFAULT 0,
    dropped       TEXT NOT NULL DEFAULT '[]',
    last_activity REAL NOT NULL DEFAULT 0
);

-- Per waited-for seat: since when, reminders sent, muted this turn, clock.
CREATE TABLE IF NOT EXISTS pbp_waits (
    game_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    since     REAL NOT NULL,
    reminded  INTEGER NOT NULL DEFAULT 0,
    last_at   REAL,
    muted     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- Per seat clock (chess clock bank, vacations, grace granted by the table).
CREATE TABLE IF NOT EXISTS pbp_clocks (
    game_id INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    clock   TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, seat)
);

-- Per Discord user: own reminder interval, quiet hours, time zone, DM opt-in.
CREATE TABLE IF NOT EXISTS pbp_prefs (
    user_id        INTEGER PRIMARY KEY,
    interval_hours REAL,
    quiet_start    TEXT,
    quiet_end      TEXT,
    tz             TEXT NOT NULL DEFAULT 'UTC',
    dm             INTEGER NOT NULL DEFAULT 0
);

-- Open table decisions (undo consent, timeout choice) and their votes, so the
-- buttons keep working after a restart.
CREATE TABLE IF NOT EXISTS pbp_polls (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    data     TEXT NOT NULL DEFAULT '{}',
    votes    TEXT NOT NULL DEFAULT '{}',
    open     INTEGER NOT NULL DEFAULT 1,
    created  REAL NOT NULL DEFAULT 0
);
