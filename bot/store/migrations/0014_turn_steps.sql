-- The steps of the turn being played (what the seat did so far, posted when its turn ends),
-- written with each move so a restart mid-turn still posts every step. JSON; NULL between turns.
ALTER TABLE games ADD COLUMN turn_steps TEXT;
