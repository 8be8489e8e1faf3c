-- PostgreSQL twin of ../0021_league_posts.sql (Discord ids are BIGINT).
-- What a league owes its channel and threads (issue 30, like the turn posts' outbox of 0016):
-- the draw, a table opened, a stall reminder, the standings at a table's end, the season's end,
-- sign-up extended. Each row is written in the transaction of what it reports and delivered
-- after the commit by the one sender (bot/discord/outbox.py); a delivered row keeps Discord's
-- message id, so a restart never posts it twice, and an undelivered one is sent on start.
CREATE TABLE league_posts (
    id         BIGSERIAL PRIMARY KEY,
    league_id  BIGINT  NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    channel_id BIGINT  NOT NULL,
    post       TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    message_id BIGINT,
    failed     TEXT
);
CREATE INDEX league_posts_waiting ON league_posts (id) WHERE message_id IS NULL AND failed IS NULL;
