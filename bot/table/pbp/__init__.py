"""Play-by-post: the service (``service.py``: reminders, time limits, vacation, undo votes,
history, rematch) and its pure policies (``clocks.py``, ``reminders.py``, ``undo.py``)."""
