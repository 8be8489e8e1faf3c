"""Settings from the environment, or from a ``.env`` file beside the project.

The environment wins over ``.env``; ``.env.example`` lists every setting.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from games.core.notation import is_number

DEFAULT_DB = "data/meeplecord.sqlite3"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


@dataclass(frozen=True)
class Settings:
    token: str = ""
    db_path: str = DEFAULT_DB
    #: ``postgresql://...``: use PostgreSQL instead of the SQLite file (several processes, shards)
    database_url: str = ""
    #: discord.py sharding: how many shards in all, and which this process runs (None: one unsharded process)
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: board-drawing worker processes (None: one per core; 0: threads in the bot process)
    render_workers: int | None = None
    log_level: str = "INFO"
    #: commands are synced to this guild only (instant) instead of globally (up to an hour)
    dev_guild_id: int | None = None
    locale: str = "en"
    #: how many running games one player may sit in at once (0: no limit; None: the bot's default)
    game_limit: int | None = None


def read_env_file(path: str | os.PathLike) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and ``#`` comments skipped, quotes stripped."""
    out: dict[str, str] = {}
    p = Path(path)
    if not p.is_file():
        return out
    for raw in p.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[key] = value
    return out


def load_settings(env: dict[str, str] | None = None, env_file: str | os.PathLike | None = ".env") -> Settings:
    """Settings from ``env`` (default: ``os.environ``) over the ``.env`` file."""
    values = read_env_file(env_file) if env_file else {}
    values.update(os.environ if env is None else env)
    guild = values.get("DEV_GUILD_ID", "").strip()
    limit = values.get("GAME_LIMIT", "").strip()
    return Settings(
        token=values.get("DISCORD_TOKEN", "").strip(),
        db_path=values.get("DATABASE_PATH", "").strip() or DEFAULT_DB,
        database_url=values.get("DATABASE_URL", "").strip(),
        shard_count=int(count) if is_number(count := values.get("SHARD_COUNT", "").strip()) else None,
        shard_ids=tuple(int(x) for x in values.get("SHARD_IDS", "").replace(" ", "").split(",") if is_number(x))
        or None,
        render_workers=int(w) if is_number(w := values.get("RENDER_WORKERS", "").strip()) else None,
        log_level=level if (level := values.get("LOG_LEVEL", "").strip().upper()) in LEVELS else "INFO",
        dev_guild_id=int(guild) if is_number(guild, 20) else None,
        locale=values.get("LOCALE", "").strip() or "en",
        game_limit=int(limit) if is_number(limit, 20) else None,
    )
