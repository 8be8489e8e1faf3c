CREATE TABLE IF NOT EXISTS pbp_games (
    game_id       BIGINT PRIMARY KEY,
    remind_hours  DOUBLE PRECISION,
    time_control  TEXT NOT NULL DEFAULT '{}',
    thread_id     BIGINT,
    board_url     TEXT,
    stalled       INTEGER NOT NULL DEFAULT 0,
    archived      INTEGER NOT NULL DEFAULT 0,
    dropped       TEXT NOT NULL DEFAULT '[]',
    last_activity DOUBLE PRECISION NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pbp_waits (
    game_id   BIGINT NOT NULL,
    seat      INTEGER NOT NULL,
    since     DOUBLE PRECISION NOT NULL,
    reminded  INTEGER NOT NULL DEFAULT 0,
    last_at   DOUBLE PRECISION,
    muted     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS pbp_clocks (
    game_id BIGINT NOT NULL,
    seat    INTEGER NOT NULL,
    clock   TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS pbp_prefs (
    user_id        BIGINT PRIMARY KEY,
    interval_hours DOUBLE PRECISION,
    quiet_start    TEXT,
    quiet_end      TEXT,
    tz             TEXT NOT NULL DEFAULT 'UTC',
    dm             INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pbp_polls (
    id       BIGSERIAL PRIMARY KEY,
    game_id  BIGINT NOT NULL,
    kind     TEXT NOT NULL,
    data     TEXT NOT NULL DEFAULT '{}',
    votes    TEXT NOT NULL DEFAULT '{}',
    open     INTEGER NOT NULL DEFAULT 1,
    created  DOUBLE PRECISION NOT NULL DEFAULT 0
);
