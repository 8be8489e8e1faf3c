-- The records' pages straight from an index, in their order (issue 35; bench/records.py): a
-- server's games newest first (the archive, the CSV export) and one title's (the archive by
-- game, the statistics per role) end with game_id, the order's tie-break, so that no page
-- sorts the server's whole history first (that sort took 10 ms a page at 100,000 results).
DROP INDEX IF EXISTS results_guild_time;
DROP INDEX IF EXISTS results_guild;
CREATE INDEX IF NOT EXISTS results_server ON results (guild_id, ended_at, game_id, seat);
CREATE INDEX IF NOT EXISTS results_guild ON results (guild_id, game, ended_at, game_id);
