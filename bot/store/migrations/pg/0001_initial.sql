-- PostgreSQL twin of ../0001_initial.sql (same tables, same constraints; Discord ids are BIGINT).
CREATE TABLE games (
    id               BIGSERIAL PRIMARY KEY,
    game             TEXT    NOT NULL,
    engine_version   INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             BIGINT  NOT NULL,
    guild_id         BIGINT,
    channel_id       BIGINT  NOT NULL,
    parent_id        BIGINT,
    creator_id       BIGINT  NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'open'
                     CHECK (status IN ('open', 'running', 'finished', 'aborted')),
    board_message_id BIGINT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE UNIQUE INDEX games_one_active ON games (channel_id) WHERE status IN ('open', 'running');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      BIGINT  NOT NULL,
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE moves (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    text    TEXT    NOT NULL,
    kind    TEXT    NOT NULL DEFAULT 'public' CHECK (kind IN ('public', 'secret', 'reveal')),
    summary TEXT    NOT NULL DEFAULT '',
    barrier INTEGER NOT NULL DEFAULT 0,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE snapshots (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    n              INTEGER NOT NULL,
    engine_version INTEGER NOT NULL,
    state          TEXT    NOT NULL,
    at             TEXT    NOT NULL
);

CREATE TABLE settings (
    scope    TEXT   NOT NULL,
    scope_id BIGINT NOT NULL,
    key      TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
);

CREATE TABLE timers (
    id         BIGSERIAL PRIMARY KEY,
    due_at     TEXT   NOT NULL,
    kind       TEXT   NOT NULL,
    game_id    BIGINT REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT,
    payload    TEXT   NOT NULL DEFAULT '{}',
    created_at TEXT   NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);
