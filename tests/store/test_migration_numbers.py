"""Each schema migration has a number of its own, and both backends have the same ones.

A database records only the highest number it applied, so two files with one number (two branches
that each took the next free one) would apply the first and silently skip the second.
"""

from collections import Counter

from bot.store.postgres import pg_migration_files
from bot.store.sqlite import migration_files


def test_every_migration_number_is_used_once():
    for files in (migration_files(), pg_migration_files()):
        twice = {n: [p.name for k, p in files if k == n] for n, c in Counter(n for n, _ in files).items() if c > 1}
        assert not twice, f"two migrations share a number (renumber yours to the next free one): {twice}"


def test_both_backends_have_the_same_migrations():
    assert [p.name for _, p in migration_files()] == [p.name for _, p in pg_migration_files()]
