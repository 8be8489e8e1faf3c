-- The first schema. The move log is the truth; snapshots are a cache of it.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    game             TEXT    NOT NULL,              -- registry id, e.g. 'west-of-africa'
    engine_version   INTEGER NOT NULL,              -- Game.version the game started on
    options          TEXT    NOT NULL DEFAULT '{}', -- JSON
    seed             INTEGER NOT NULL,
    guild_id         INTEGER,                       -- NULL in the console
    channel_id       INTEGER NOT NULL,              -- the channel or thread the game lives in
    parent_id        INTEGER,                       -- the parent channel when channel_id is a thread
    creator_id       INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'open'
                     CHECK (status IN ('open', 'running', 'finished', 'aborted')),
    board_message_id INTEGER,                       -- the latest board posted (for links)
    created_at       TEXT    NOT NULL,              -- ISO 8601, UTC
    updated_at       TEXT    NOT NULL
);
-- One active game per channel or thread.
CREATE UNIQUE INDEX games_one_active ON games (channel_id) WHERE status IN ('open', 'running');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,          -- 1, 2, 3, ... per game
    seat    INTEGER NOT NULL,
    text    TEXT    NOT NULL,          -- the notation as typed (normalised)
    kind    TEXT    NOT NULL DEFAULT 'public'
            CHECK (kind IN ('public', 'secret', 'reveal')),
    summary TEXT    NOT NULL DEFAULT '',  -- public event texts, {p0}.. placeholders kept
    barrier INTEGER NOT NULL DEFAULT 0,   -- revealed hidden info / resolved randomness
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE snapshots (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    n              INTEGER NOT NULL,   -- moves applied
    engine_version INTEGER NOT NULL,
    state          TEXT    NOT NULL,   -- Game.dump as JSON
    at             TEXT    NOT NULL
);

-- Key/value settings per scope: ('guild', id), ('user', id), ('game', id), ...
CREATE TABLE settings (
    scope    TEXT    NOT NULL,
    scope_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,         -- JSON
    PRIMARY KEY (scope, scope_id, key)
);

-- Durable timers (reminders, time limits): one dispatcher sleeps until the next due one.
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY,
    due_at     TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER,
    payload    TEXT    NOT NULL DEFAULT '{}',  -- JSON
    created_at TEXT    NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);
