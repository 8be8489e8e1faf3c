-- Durable timers (bot/timers.py): one row per pending timer, the dispatcher
-- sleeps until MIN(due). A key makes a timer replaceable (one reminder per seat).
CREATE TABLE IF NOT EXISTS timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    kind     TEXT NOT NULL,
    key      TEXT UNIQUE,
    due      REAL NOT NULL,
    payload  TEXT NOT NULL DEFAULT '{}',
    attempts INTEGER NOT NULL DEFAULT 0,
    created  REAL NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS timers_due ON timers (due);
