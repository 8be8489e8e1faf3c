"""The table service: a game at a table, with no Discord and no SQL of its own.

``sessions.py`` (create, join, start, move, undo...), what the table asks and how a turn reads
(``prompts.py``, ``turns.py``), the menus of legal moves (``menus.py``, one module per game
under ``games/``), bot seats, board drawing off the loop (``render_pool.py``), the durable
timers (``timers.py``) and play-by-post (``pbp/``). The Discord layer and the console call it;
it imports ``bot.store`` and ``bot.words`` below it, never ``bot.discord``.
"""
