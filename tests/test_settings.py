"""Settings: every value checked before the bot starts, one line per bad value (bot/config.py)."""

from __future__ import annotations

import pytest

from bot import config
from bot.config import SettingsError, load_settings

GOOD = [
    ({}, {"db_path": "data/meeplecord.sqlite3", "shard_count": None, "shard_ids": None, "log_level": "INFO",
          "bot_seconds": 10.0, "render_workers": None}),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "1, 3"}, {"shard_count": 4, "shard_ids": (1, 3)}),
    ({"SHARD_COUNT": "2"}, {"shard_count": 2, "shard_ids": None}),
    ({"LOG_LEVEL": "debug"}, {"log_level": "DEBUG"}),
    ({"DEV_GUILD_ID": "81384788765712384"}, {"dev_guild_id": 81384788765712384}),
    ({"LOCALE": "zh-tw"}, {"locale": "zh-TW"}),
    ({"GAME_LIMIT": "0", "RENDER_WORKERS": "0"}, {"game_limit": 0, "render_workers": 0}),
    ({"BOT_WORKERS": "0", "BOT_SECONDS": "2.5", "BOT_ITERATIONS": "40", "BOT_POLICY": "greedy"},
     {"bot_workers": 0, "bot_seconds": 2.5, "bot_iterations": 40, "bot_policy": "greedy"}),
    ({"DATABASE_URL": "postgresql://u:p@db:5432/x"}, {"database_url": "postgresql://u:p@db:5432/x"}),
    ({"DISCORD_TOKEN": " abc ", "DATABASE_PATH": "'/tmp/x.db'"}, {"token": "abc", "db_path": "/tmp/x.db"}),
]


@pytest.mark.parametrize("env, expected", GOOD)
def test_good_values(env, expected):
    s = load_settings(env, env_file=None)
    assert {k: getattr(s, k) for k in expected} == expected


#: (environment, the setting the one line names, a piece of what it says it accepts)
BAD = [
    ({"SHARD_IDS": "0;1", "SHARD_COUNT": "2"}, "SHARD_IDS", "separated by commas"),
    ({"SHARD_IDS": "0,0", "SHARD_COUNT": "2"}, "SHARD_IDS", "each once"),
    ({"SHARD_IDS": "2", "SHARD_COUNT": "2"}, "SHARD_IDS", "below SHARD_COUNT=2"),
    ({"SHARD_IDS": "1"}, "SHARD_IDS", "needs SHARD_COUNT"),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT", "whole number from 1"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "whole number from 1"),
    ({"DEV_GUILD_ID": "8138478876571238a"}, "DEV_GUILD_ID", "17 to 20 digits"),
    ({"DEV_GUILD_ID": "1234"}, "DEV_GUILD_ID", "17 to 20 digits"),
    ({"DEV_GUILD_ID": "²" * 17}, "DEV_GUILD_ID", "17 to 20 digits"),  # isdigit() passes it, int() does not
    ({"LOG_LEVEL": "chatty"}, "LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ({"LOCALE": "fr"}, "LOCALE", "en, zh-TW"),
    ({"GAME_LIMIT": "-1"}, "GAME_LIMIT", "whole number from 0"),
    ({"RENDER_WORKERS": "auto"}, "RENDER_WORKERS", "whole number from 0 to 64"),
    ({"BOT_WORKERS": "1.5"}, "BOT_WORKERS", "whole number"),
    ({"BOT_SECONDS": "0"}, "BOT_SECONDS", "seconds above 0"),
    ({"BOT_SECONDS": "nan"}, "BOT_SECONDS", "seconds above 0"),
    ({"BOT_ITERATIONS": "many"}, "BOT_ITERATIONS", "whole number"),
    ({"BOT_POLICY": "smart"}, "BOT_POLICY", "bot, greedy, random"),
    ({"DATABASE_URL": "mysql://u:secret@h/d"}, "DATABASE_URL", "postgresql://"),
]


@pytest.mark.parametrize("env, name, accepts", BAD)
def test_a_bad_value_is_one_line_naming_the_setting_and_what_it_accepts(env, name, accepts):
    with pytest.raises(SettingsError) as err:
        load_settings(env, env_file=None)
    (line,) = err.value.problems
    assert line.startswith(name) and accepts in line, line
    assert "secret" not in line  # a password in DATABASE_URL is not repeated


def test_every_bad_value_is_reported_at_once():
    env = {"LOG_LEVEL": "chatty", "SHARD_COUNT": "x", "BOT_SECONDS": "0", "DEV_GUILD_ID": "abc"}
    with pytest.raises(SettingsError) as err:
        load_settings(env, env_file=None)
    assert sorted(p.split("=")[0] for p in err.value.problems) == ["BOT_SECONDS", "DEV_GUILD_ID", "LOG_LEVEL",
                                                                    "SHARD_COUNT"]


def test_the_environment_wins_over_the_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN=from-file\nexport BOT_SECONDS=3\nLOG_LEVEL='WARNING'\n"
                        "GAME_LIMIT=\n")
    s = load_settings({"DISCORD_TOKEN": "from-env"}, env_file=env_file)
    assert (s.token, s.bot_seconds, s.log_level, s.game_limit) == ("from-env", 3.0, "WARNING", None)
    assert load_settings({}, env_file=tmp_path / "missing").token == ""


def test_every_setting_is_explained_in_env_example():
    from tests.deploy.test_offline_images import ROOT

    text = (ROOT / ".env.example").read_text()
    missing = [name for name in config.SETTINGS if f"{name}=" not in text]
    assert not missing, f".env.example does not explain {missing}"
    load_settings({}, env_file=ROOT / ".env.example")  # and its values are accepted as they stand


def test_cpus_follow_the_affinity_and_the_cgroup_quota(tmp_path, monkeypatch):
    (tmp_path / "cpu.max").write_text("150000 100000\n")  # cgroup v2: docker run --cpus 1.5
    assert config._cgroup_quota(tmp_path) == 1.5
    (tmp_path / "cpu.max").write_text("max 100000\n")
    assert config._cgroup_quota(tmp_path) is None
    v1 = tmp_path / "v1"
    (v1 / "cpu").mkdir(parents=True)
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("50000\n")
    (v1 / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert config._cgroup_quota(v1) == 0.5
    monkeypatch.setattr(config.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    monkeypatch.setattr(config, "_cgroup_quota", lambda: 1.5)
    assert config.available_cpus() == 2  # 1.5 CPUs of quota: two workers, not the host's four
    monkeypatch.setattr(config, "_cgroup_quota", lambda: None)
    assert config.available_cpus() == 4
    monkeypatch.setattr(config.os, "sched_getaffinity", lambda pid: {3})  # taskset -c 3
    assert config.available_cpus() == 1


def test_python_m_bot_honours_the_bot_seat_settings_of_the_env_file(tmp_path, monkeypatch, capsys):
    """They were read from the environment alone when bot_seats was imported: `.env` was ignored."""
    from bot import __main__ as entry
    from bot.table import bot_seats

    for name in ("BOT_SECONDS", "BOT_WORKERS", "BOT_ITERATIONS", "BOT_POLICY", "DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.delenv(name, raising=False)
    for name in ("SECONDS", "WORKERS", "ITERATIONS", "POLICY"):
        monkeypatch.setattr(bot_seats, name, getattr(bot_seats, name))  # restored after the test
    env_file = tmp_path / ".env"
    env_file.write_text(f"DATABASE_PATH={tmp_path / 'games.sqlite3'}\nBOT_SECONDS=3\nBOT_WORKERS=2\n"
                        "BOT_ITERATIONS=5\nBOT_POLICY=random\n")
    assert entry.main(["--check", "--env-file", str(env_file)]) == 0
    assert (bot_seats.SECONDS, bot_seats.WORKERS, bot_seats.ITERATIONS, bot_seats.POLICY) == (3.0, 2, 5, "random")


def test_python_m_bot_refuses_bad_settings_with_one_line_each(tmp_path):
    import os
    import subprocess
    import sys

    from tests.deploy.test_offline_images import ROOT

    env = {**os.environ, "SHARD_COUNT": "2", "SHARD_IDS": "0;1", "DEV_GUILD_ID": "12o45678901234567",
           "DATABASE_PATH": str(tmp_path / "games.sqlite3"), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "bot", "--check", "--env-file", str(tmp_path / "none")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert lines[0].startswith("meeplecord: 2 setting(s) refused") and "nothing was started" in lines[0]
    assert [line.split("=")[0].strip() for line in lines[1:]] == ["SHARD_IDS", "DEV_GUILD_ID"]
    assert not (tmp_path / "games.sqlite3").exists()
