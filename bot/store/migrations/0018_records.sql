-- The records of finished games (issue 35): one results row per seat, ratings per title per
-- server and across servers, and each rating's history. Written in the transaction of the
-- move (or abort) that ended the game; games that ended before this migration get their rows
-- from `python -m bot.records backfill`, which the bot runs by itself at its first start
-- (bot/table/records/backfill.py): it replays their logs.

-- When the game left its opening (the move-0 snapshot); NULL for games started before this.
ALTER TABLE games ADD COLUMN started_at TEXT;
-- The table option rated:false (/game new): the game's results count for no rating.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

CREATE TABLE results (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    guild_id       INTEGER,                  -- the game's server (NULL in the console)
    game           TEXT    NOT NULL,         -- the title: 'terra-mystica', ...
    user_id        INTEGER NOT NULL,         -- a bot seat's id is negative
    display_name   TEXT    NOT NULL,
    role           TEXT,                     -- faction, colour or role where the game has one
    score          INTEGER,                  -- NULL when the game did not finish
    breakdown      TEXT    NOT NULL DEFAULT '{}',  -- JSON: where the score came from
    rank           INTEGER,                  -- 1 = won; equal ranks share (the game's tie-break applied)
    ended          TEXT    NOT NULL CHECK (ended IN ('finished', 'aborted', 'abandoned')),
    left_early     INTEGER NOT NULL DEFAULT 0,  -- the seat was handed to a bot before the end
    rated          INTEGER NOT NULL DEFAULT 0,  -- this row moved a rating
    rated_order    INTEGER,                  -- the order ratings were updated in (recomputation follows it)
    players        INTEGER NOT NULL,
    options        TEXT    NOT NULL DEFAULT '{}',  -- JSON, the engine's table options
    started_at     TEXT,
    ended_at       TEXT    NOT NULL,
    moves          INTEGER NOT NULL,         -- moves in the game's log
    seat_moves     INTEGER NOT NULL DEFAULT 0,  -- of them, this seat's
    seconds        REAL    NOT NULL DEFAULT 0,  -- time the table waited on this seat
    engine_version INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- a server's games, newest first (archive, role statistics, the CSV export)
CREATE INDEX results_guild ON results (guild_id, game, ended_at);
CREATE INDEX results_guild_time ON results (guild_id, ended_at);
-- a player's games (statistics, archive by player)
CREATE INDEX results_user ON results (user_id, game, guild_id);
-- the order of rated games (recomputation; the next number)
CREATE INDEX results_rated ON results (rated_order);

-- scope: the server's id, or 0 for the rating across every server
CREATE TABLE ratings (
    game         TEXT    NOT NULL,
    scope        INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    rating       REAL    NOT NULL,   -- mu - 3 sigma: what the leaderboard orders by
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    established  INTEGER NOT NULL,   -- 1 once past the provisional games
    last_order   INTEGER NOT NULL,   -- rated_order of the last game counted
    PRIMARY KEY (game, scope, user_id)
);
CREATE INDEX ratings_board ON ratings (game, scope, established DESC, rating DESC, games DESC, user_id);

CREATE TABLE rating_history (
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    rated_order INTEGER NOT NULL,
    game_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game, scope, user_id, rated_order)
);

-- The backfill is still to run (bot/table/records/backfill.py clears this once done).
INSERT INTO settings (scope, scope_id, key, value) VALUES ('records', 0, 'backfill', 'true');
