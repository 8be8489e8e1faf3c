"""Numbered forward migrations (``NNNN_name.sql``), applied by ``bot.store``."""
