"""The bot side of meeplecord, in four layers importing one way (docs/bot-layers.md):
``bot.discord`` (the only importer of discord.py) -> ``bot.table`` (sessions, menus, play-by-post;
no Discord, no SQL of its own) -> ``bot.store`` (SQLite / PostgreSQL) and ``bot.words`` (catalogs).

The entry points sit on top: ``python -m bot`` (the bot), ``bot.console`` (a game in the terminal
through the same table code), ``bot.backup``, ``bot.migrate_to_postgres``; ``bot.config`` reads
the settings. Only this package knows about Discord, the database or the clock; it imports
``games`` and ``renderers`` and nothing imports it.
"""
