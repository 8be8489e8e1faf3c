-- Whom a game waits for, and each seat's clock, as tables WITHOUT ROWID (issue 33 goal 1): their key
-- (game_id, seat) is the table's own b-tree, where a table with a rowid keeps its rows in one b-tree
-- and the key in a second one. The step after every move writes a wait or two (a seat waited for,
-- the mover's wait ended): each wrote a page of both b-trees to the log, now of one. SQLite cannot
-- change a table's kind in place: each is copied into a new table of the new kind, the old one
-- dropped and the new one renamed.
CREATE TABLE pbp_waits_keyed (
    game_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    since     REAL NOT NULL,
    reminded  INTEGER NOT NULL DEFAULT 0,
    last_at   REAL,
    muted     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
INSERT INTO pbp_waits_keyed (game_id, seat, since, reminded, last_at, muted)
    SELECT game_id, seat, since, reminded, last_at, muted FROM pbp_waits;
DROP TABLE pbp_waits;
ALTER TABLE pbp_waits_keyed RENAME TO pbp_waits;
CREATE TABLE pbp_clocks_keyed (
    game_id INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    clock   TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
INSERT INTO pbp_clocks_keyed (game_id, seat, clock) SELECT game_id, seat, clock FROM pbp_clocks;
DROP TABLE pbp_clocks;
ALTER TABLE pbp_clocks_keyed RENAME TO pbp_clocks;
