-- Play-by-post timers (bot/timers.py) use the timers table of 0001 and add:
-- a key that makes a timer replaceable (one reminder per seat: 'remind:7:2'),
-- and a retry counter for handlers that fail.
ALTER TABLE timers ADD COLUMN key TEXT;
ALTER TABLE timers ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX timers_key ON timers (key);
