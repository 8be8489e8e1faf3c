"""The bot's catalogs, one module per locale; importing this package registers them.

``en.py`` is the reference; ``zh_TW.py`` (Traditional Chinese, Taiwan) has
the same keys. A test checks that every English key has a zh-TW entry with
the same placeholders.
"""

from . import away, delivery, digest, en, handover, help_terms, leagues, records, store, zh_TW  # noqa: F401  (registration on import)
