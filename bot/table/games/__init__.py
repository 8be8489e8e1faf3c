"""Per-game parts of the table, without Discord: each game's menus and labels
(``menu``/``label``/``stem``/``same``, see ``bot.table.menus``); Terra Mystica's
autocomplete and /help sheet in ``terra_mystica_extras.py``."""
