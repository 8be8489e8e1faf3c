"""The Discord side of meeplecord: settings, SQLite store, sessions, commands, console.

Only this package knows about Discord, the database or the clock; it imports
``games`` and ``renderers`` and nothing imports it.
"""
