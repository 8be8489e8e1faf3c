"""The records of a server's games: results rows, ratings, statistics, archive, export.

``results.py`` builds a game's results rows when it ends, ``ratings.py`` is the rating
policy (OpenSkill), ``backfill.py`` gives the games that ended before records were kept their
rows. Their SQL lives in ``bot/store/results.py``. No Discord here.
"""
