-- No statement the bot runs while playing looks at every row of a table that grows with the
-- games played (tests/store/test_query_plans.py checks every one):
-- a game's polls (the count of open ones after every move) by game and kind; a closed poll is
-- now deleted (nothing reads it: a vote on it is told it closed), so those kept so far go too;
DELETE FROM pbp_polls WHERE open = 0;
CREATE INDEX IF NOT EXISTS pbp_polls_game ON pbp_polls (game_id, kind);
-- a player's games (a DM's button, /games mine) by user;
CREATE INDEX IF NOT EXISTS seats_user ON seats (user_id);
-- a channel's last game (finished ones too) by channel;
CREATE INDEX IF NOT EXISTS games_channel ON games (channel_id, id);
-- a thread's game by thread;
CREATE INDEX IF NOT EXISTS pbp_games_thread ON pbp_games (thread_id) WHERE thread_id IS NOT NULL;
-- when the next timer falls due: the first unclaimed one, and the few being fired.
CREATE INDEX IF NOT EXISTS timers_unclaimed ON timers (due_at) WHERE claimed_until IS NULL;
CREATE INDEX IF NOT EXISTS timers_claimed ON timers (claimed_until) WHERE claimed_until IS NOT NULL;
