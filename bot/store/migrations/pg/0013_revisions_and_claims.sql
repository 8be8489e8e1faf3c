-- Several processes on one database:
-- games.rev counts the writes to a game's log (a move, an undo); a process whose
-- table is older than the stored revision is refused and reloads instead of
-- writing on a stale state. timers.claimed_until: a process claims a due timer
-- for a while before running it, so each fires once however many processes run.
ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE timers ADD COLUMN claimed_until TEXT;
