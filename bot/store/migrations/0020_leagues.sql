-- Leagues (issue 35 item 4): a season of league play on a server, who signed up, and the tables
-- the draw made (bot/table/leagues/). A table becomes a game (games.id) once it is opened in
-- its thread; its standings are read from that game's results rows (0015).

CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,          -- where sign-up, the draw and the standings are posted
    game        TEXT    NOT NULL,          -- the title: 'terra-mystica', ...
    name        TEXT    NOT NULL,          -- the season's name
    season      INTEGER NOT NULL DEFAULT 1,
    previous_id INTEGER REFERENCES leagues (id),  -- the season this one was seeded from
    size        INTEGER NOT NULL,          -- seats per table
    per_player  INTEGER NOT NULL,          -- tables each player plays
    divisions   INTEGER NOT NULL DEFAULT 1,
    options     TEXT    NOT NULL DEFAULT '{}',    -- JSON: the tables' game options
    stall_hours REAL    NOT NULL,          -- a table without a move this long is reminded
    status      TEXT    NOT NULL DEFAULT 'signup'
                CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    deadline    TEXT    NOT NULL,          -- sign-up closes (ISO 8601 UTC)
    seed        INTEGER NOT NULL,          -- the draw's seed
    creator_id  INTEGER NOT NULL,
    message_id  INTEGER,                   -- the sign-up post (edited as players come and go)
    created_at  TEXT    NOT NULL,
    started_at  TEXT,
    ended_at    TEXT
);
-- a server's leagues, newest first; the ones still going (a shard's, at start)
CREATE INDEX leagues_guild ON leagues (guild_id, id);
CREATE INDEX leagues_status ON leagues (status, id);
-- the season that follows one
CREATE INDEX leagues_previous ON leagues (previous_id);

CREATE TABLE league_players (
    league_id    INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    signed_at    TEXT    NOT NULL,
    seed         INTEGER,                  -- place in the season's seeding (1 = first), from the draw
    division     INTEGER,                  -- 1 = the top, from the draw
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_tables (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    division  INTEGER NOT NULL,
    number    INTEGER NOT NULL,
    seats     TEXT    NOT NULL,            -- JSON: the players' user ids in seat order
    bots      INTEGER NOT NULL DEFAULT 0,  -- bot seats after them
    thread_id INTEGER,                     -- the table's thread, once opened
    game_id   INTEGER REFERENCES games (id),  -- the table's game, once opened
    status    TEXT    NOT NULL DEFAULT 'drawn'
              CHECK (status IN ('drawn', 'playing', 'finished', 'aborted', 'abandoned')),
    reminders INTEGER NOT NULL DEFAULT 0,  -- stall reminders sent
    PRIMARY KEY (league_id, division, number)
);
-- a game's league table (when a game ends)
CREATE UNIQUE INDEX league_tables_game ON league_tables (game_id);

-- A timer may belong to a server rather than a game (a league's deadline): with several shard
-- processes, only the one holding that server fires it.
ALTER TABLE timers ADD COLUMN guild_id INTEGER;
