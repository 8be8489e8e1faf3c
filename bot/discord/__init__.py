"""The Discord layer: the only part of meeplecord that imports discord.py.

``app.py`` wires everything (store, sessions, play-by-post, components, translator);
``cogs/`` holds the slash commands by feature; ``components/`` the buttons and select
menus; ``send.py`` how an answer or a turn post leaves; ``glue.py`` what they all share.
Below it: ``bot.table`` (no Discord), then ``bot.store`` and ``bot.words``.
"""
