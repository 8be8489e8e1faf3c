-- What a league owes its channel and threads (issue 30, like the turn posts' outbox of 0016):
-- the draw, a table opened, a stall reminder, the standings at a table's end, the season's end,
-- sign-up extended. Each row is written in the transaction of what it reports and delivered
-- after the commit by the one sender (bot/discord/outbox.py); a delivered row keeps Discord's
-- message id, so a restart never posts it twice, and an undelivered one is sent on start.
CREATE TABLE league_posts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,        -- the league's channel, or a table's thread
    post       TEXT    NOT NULL,        -- the post as JSON (bot.table.posts.to_json)
    created_at TEXT    NOT NULL,
    message_id INTEGER,                 -- Discord's, once delivered
    failed     TEXT                     -- why it can never be delivered (the channel is gone, no right to post)
);
CREATE INDEX league_posts_waiting ON league_posts (id) WHERE message_id IS NULL AND failed IS NULL;
