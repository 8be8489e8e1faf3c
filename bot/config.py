"""Every setting of the bot, read once from the environment over a ``.env`` file, and checked.

The environment wins over ``.env`` (read with python-dotenv); ``.env.example`` explains every
setting. A value that is not what its setting accepts stops the bot before it starts, with one
line per bad value naming the setting, the value and what it accepts (``SettingsError``): a typo
must not make a shard process run every shard, or ``--sync`` register commands everywhere.
Empty means the default. Imports nothing of bot/: every layer may read the settings.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path

from dotenv import dotenv_values

from games.core.notation import is_number

DEFAULT_DB = "data/meeplecord.sqlite3"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOCALES = ("en", "zh-TW")
POLICIES = ("bot", "greedy", "random")


@dataclass(frozen=True)
class Settings:
    token: str = ""
    db_path: str = DEFAULT_DB
    #: ``postgresql://...``: use PostgreSQL instead of the SQLite file (several processes, shards)
    database_url: str = ""
    #: discord.py sharding: how many shards in all, and which this process runs (None: one unsharded process)
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: board-drawing worker processes (None: one per CPU this process may use; 0: threads in the bot process)
    render_workers: int | None = None
    log_level: str = "INFO"
    #: ``text`` or ``json`` (one object per line, for a log collector)
    log_format: str = "text"
    #: commands are synced to this guild only (instant) instead of globally (up to an hour)
    dev_guild_id: int | None = None
    locale: str = "en"
    #: how many running games one player may sit in at once (0: no limit; None: the bot's default)
    game_limit: int | None = None
    #: bot seats: worker processes for their searches (0: a thread), seconds per decision, extra worlds
    bot_workers: int = 1
    bot_seconds: float = 10.0
    bot_iterations: int = 0
    bot_policy: str = "bot"
    #: Prometheus metrics, /healthz and /readyz on this port (None: off) and address
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    #: PostgreSQL: seconds one statement may run, and one wait for a pooled connection
    statement_timeout: float = 30.0
    pool_timeout: float = 10.0
    #: seconds SIGTERM waits for the interactions in flight before closing anyway
    shutdown_grace: float = 10.0


class SettingsError(ValueError):
    """Bad settings: ``problems`` has one line per bad value."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


# --- what each setting accepts ---------------------------------------------------------------------
def _int(lo: int, hi: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = int(text)  # ValueError: not a whole number
        if value < lo or (hi is not None and value > hi):
            raise ValueError
        return value
    parse.accepts = f"a whole number from {lo}" + (f" to {hi}" if hi is not None else " up")
    return parse


def _seconds(lo: float, hi: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        value = float(text)
        if not math.isfinite(value) or not lo < value <= hi:
            raise ValueError
        return value
    parse.accepts = f"a number of seconds above {lo:g}, at most {hi:g}"
    return parse


def _choice(options: tuple[str, ...], fold: Callable[[str], str] = str) -> Callable[[str], str]:
    by_folded = {fold(o): o for o in options}

    def parse(text: str) -> str:
        return by_folded[fold(text)]  # KeyError: not one of them
    parse.accepts = "one of " + ", ".join(options)
    return parse


def _snowflake(text: str) -> int:
    if not (17 <= len(text) <= 20 and is_number(text, 20)):
        raise ValueError
    return int(text)


_snowflake.accepts = "a Discord server id: 17 to 20 digits (Developer Mode, right-click the server, Copy ID)"


def _shard_ids(text: str) -> tuple[int, ...]:
    ids = tuple(int(x) for x in text.replace(" ", "").split(","))  # ValueError on '', 'a', '1;2'
    if any(i < 0 for i in ids) or len(set(ids)) != len(ids):
        raise ValueError
    return ids


_shard_ids.accepts = "shard numbers separated by commas, each once (0,1)"


def _postgres_url(text: str) -> str:
    if not text.startswith(("postgresql://", "postgres://")):
        raise ValueError
    return text


_postgres_url.accepts = "empty (SQLite) or postgresql://user:password@host:5432/database"


def _text(text: str) -> str:
    return text


_text.accepts = "any text"

#: ENV NAME -> (field, parser). Empty or unset: the field's default.
SETTINGS: dict[str, tuple[str, Callable[[str], object]]] = {
    "DISCORD_TOKEN": ("token", _text),
    "DATABASE_PATH": ("db_path", _text),
    "DATABASE_URL": ("database_url", _postgres_url),
    "SHARD_COUNT": ("shard_count", _int(1, 10_000)),
    "SHARD_IDS": ("shard_ids", _shard_ids),
    "RENDER_WORKERS": ("render_workers", _int(0, 64)),
    "LOG_LEVEL": ("log_level", _choice(LEVELS, str.upper)),
    "LOG_FORMAT": ("log_format", _choice(("text", "json"), str.lower)),
    "DEV_GUILD_ID": ("dev_guild_id", _snowflake),
    "LOCALE": ("locale", _choice(LOCALES, str.lower)),
    "GAME_LIMIT": ("game_limit", _int(0)),
    "BOT_WORKERS": ("bot_workers", _int(0, 64)),
    "BOT_SECONDS": ("bot_seconds", _seconds(0, 600)),
    "BOT_ITERATIONS": ("bot_iterations", _int(0, 100_000)),
    "BOT_POLICY": ("bot_policy", _choice(POLICIES, str.lower)),
    "SHUTDOWN_GRACE": ("shutdown_grace", _seconds(0, 300)),
    "METRICS_PORT": ("metrics_port", _int(1, 65535)),
    "METRICS_HOST": ("metrics_host", _text),
    "DATABASE_STATEMENT_TIMEOUT": ("statement_timeout", _seconds(0, 3600)),
    "DATABASE_POOL_TIMEOUT": ("pool_timeout", _seconds(0, 600)),
}


def _shown(name: str, raw: str) -> str:
    if name == "DISCORD_TOKEN":
        return "(hidden)"
    if name == "DATABASE_URL" and "@" in raw:
        return raw.split("://", 1)[0] + "://...@" + raw.rsplit("@", 1)[1]  # no password in a log
    return repr(raw)


def load_settings(env: dict[str, str] | None = None, env_file: str | os.PathLike | None = ".env") -> Settings:
    """Settings from ``env`` (default: ``os.environ``) over the ``.env`` file; ``SettingsError``
    (one line per bad value) when any value is not what its setting accepts."""
    values = {k: v for k, v in dotenv_values(env_file).items() if v is not None} if env_file and \
        Path(env_file).is_file() else {}
    values.update(os.environ if env is None else env)
    found, problems = {}, []
    for name, (field, parse) in SETTINGS.items():
        raw = (values.get(name) or "").strip()
        if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
            raw = raw[1:-1].strip()
        if not raw:
            continue
        try:
            found[field] = parse(raw)
        except (ValueError, KeyError):
            problems.append(f"{name}={_shown(name, raw)}: not accepted; {name} takes {parse.accepts}")
    count, ids = found.get("shard_count"), found.get("shard_ids")
    if ids is not None and count is None and "shard_count" not in {p.split("=")[0] for p in problems}:
        problems.append(f"SHARD_IDS={','.join(map(str, ids))} needs SHARD_COUNT (how many shards in all)")
    elif ids is not None and count is not None and max(ids) >= count:
        problems.append(f"SHARD_IDS={','.join(map(str, ids))}: each must be below SHARD_COUNT={count} "
                        f"(shards are numbered 0 to {count - 1})")
    if found.get("database_url"):
        try:
            import asyncpg  # noqa: F401
        except ImportError:
            problems.append("DATABASE_URL names PostgreSQL but its driver is missing: "
                            "pip install 'meeplecord[postgres]'")
    if problems:
        raise SettingsError(problems)
    return Settings(**found)


def settings_or_exit(env_file: str | os.PathLike | None = ".env") -> Settings:
    """The entry points' settings: on bad values, one line each on stderr and exit status 2."""
    try:
        return load_settings(env_file=env_file)
    except SettingsError as err:
        where = f" (the environment, then {env_file})" if env_file else ""
        print(f"meeplecord: {len(err.problems)} setting(s) refused{where}; nothing was started:", file=sys.stderr)
        for line in err.problems:
            print(f"  {line}", file=sys.stderr)
        raise SystemExit(2) from None


def describe() -> list[tuple[str, str, object]]:
    """(setting, what it accepts, default) for every setting: the README's table and the tests."""
    defaults = {f.name: f.default for f in fields(Settings)}
    return [(name, parse.accepts, defaults[field]) for name, (field, parse) in SETTINGS.items()]


def available_cpus() -> int:
    """The CPUs this process may use: its affinity, under a cgroup's CPU quota (a container's
    ``--cpus``), not the host's count."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    quota = _cgroup_quota()
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def _cgroup_quota(root: Path = Path("/sys/fs/cgroup")) -> float | None:
    """The CPU quota in CPUs (cgroup v2 ``cpu.max``, v1 ``cpu.cfs_quota_us``); None: unlimited."""
    try:
        quota, period = (root / "cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period = int((root / "cpu" / "cpu.cfs_period_us").read_text())
        return None if quota <= 0 else quota / period
    except (OSError, ValueError):
        return None
