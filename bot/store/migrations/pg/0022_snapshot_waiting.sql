-- Whose turn the stored snapshot waits for (a JSON list of seats; NULL: not known, as the
-- snapshots a move writes leave it), written when an idle table's snapshot is brought up to date
-- and at shutdown (issue 33): a restart then knows whose turn every game is without decoding any
-- state, and leaves each state in the database until the game is first touched.
ALTER TABLE snapshots ADD COLUMN waiting TEXT;
