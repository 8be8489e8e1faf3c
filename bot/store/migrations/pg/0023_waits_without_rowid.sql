-- SQLite's 0023 makes pbp_waits and pbp_clocks tables WITHOUT ROWID (their key is the table's own
-- b-tree). PostgreSQL has no rowid: a table is a heap and its primary key an index, as before.
-- Nothing to change; this file keeps both backends' migrations numbered alike.
SELECT 1;
