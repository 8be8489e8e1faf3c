-- What a move owes the table (issue 30): its turn post, with its pings and how to draw its image,
-- written in the move's own transaction and delivered after the commit; a delivered row keeps
-- Discord's message id, so a restart never posts it twice. One row per game and move number (0:
-- the start); an undone move's row is replaced by the next move n's.
CREATE TABLE outbox (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    post       TEXT    NOT NULL,        -- the post as JSON (bot.table.posts.to_json)
    created_at TEXT    NOT NULL,
    message_id INTEGER,                 -- Discord's, once delivered
    failed     TEXT,                    -- why it can never be delivered (the channel is gone, no right to post)
    PRIMARY KEY (game_id, n)
);
CREATE INDEX outbox_waiting ON outbox (created_at) WHERE message_id IS NULL AND failed IS NULL;
-- The interactions that made a move, kept while Discord may deliver them again (15 minutes):
-- the same interaction delivered twice plays once, also across a restart.
CREATE TABLE interactions (
    id INTEGER PRIMARY KEY,
    at TEXT    NOT NULL
);
-- A game whose channel or thread was deleted waits here ('orphaned') until its creator or a
-- server manager moves it to another channel or aborts it; NULL while it is at its table.
ALTER TABLE games ADD COLUMN paused TEXT;
