-- Cancelling a game's timers (it ended, it was aborted) looked at every row: index them by game.
CREATE INDEX IF NOT EXISTS timers_game ON timers (game_id);
