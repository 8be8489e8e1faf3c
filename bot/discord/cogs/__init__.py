"""The slash commands, one module per feature: ``table.py`` (``/game``, ``/move``, ``/hand``,
``/help``) and ``pbp.py`` (play-by-post: settings, ``/undo``, ``/games``, ``/me``)."""
