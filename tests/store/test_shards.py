"""The shard filter: Discord's routing, in Python and in SQL alike."""

from __future__ import annotations

import random
import sqlite3

import pytest

from bot.config import load_settings
from bot.store.shards import Shards, shard_of


def test_discord_routing():
    assert shard_of(None, 4) == 0  # DMs and the console: shard 0
    assert shard_of(81384788765712384, 1) == 0
    assert shard_of((5 << 22) + 123, 4) == 1  # the low 22 bits (worker, sequence) do not count
    assert shard_of((6 << 22) + (1 << 21), 3) == 0


def test_settings_to_filter():
    s = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "1, 3"}, env_file=None)
    shards = Shards.of(s.shard_count, s.shard_ids)
    assert shards == Shards(4, (1, 3))
    assert Shards.of(None, None) is None and Shards.of(2, None) is None  # one process runs everything
    assert Shards.of(2, (0, 1)) is None
    with pytest.raises(ValueError):
        Shards(2, (2,))


def test_the_sql_condition_agrees_with_python():
    rnd = random.Random(4)
    guilds = [None, 0, *(rnd.randrange(1, 1 << 62) for _ in range(500))]
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, guild_id INTEGER)")
    con.executemany("INSERT INTO games (guild_id) VALUES (?)", [(g,) for g in guilds])
    for shards in (Shards(2, (1,)), Shards(3, (0, 2)), Shards(16, (5,))):
        got = [g for (g,) in con.execute(f"SELECT guild_id FROM games WHERE {shards.sql()} ORDER BY id")]
        assert got == [g for g in guilds if shards.owns(g)]
        assert 0 < len(got) < len(guilds)
