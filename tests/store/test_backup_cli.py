"""``make backup`` / ``python -m bot.backup``: a timestamped copy in backups/, and words that fit.

It wrote one file named ``backups`` (each run overwriting it), and with no database yet it told the
user to restore a backup.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.deploy.test_offline_images import ROOT


def backup(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATABASE_PATH")}
    return subprocess.run([sys.executable, "-m", "bot.backup", *args, "--env-file", os.devnull], cwd=cwd,
                          env={**clean, "PYTHONPATH": str(ROOT), **env}, capture_output=True, text=True,
                          timeout=60)


def make_db(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT)")
    con.execute("INSERT INTO games (game) VALUES ('bruges')")
    con.commit()
    con.close()


def test_each_run_writes_a_new_timestamped_copy_in_backups(tmp_path):
    make_db(tmp_path / "data" / "meeplecord.sqlite3")
    first = backup(tmp_path)
    second = backup(tmp_path)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    copies = sorted((tmp_path / "backups").iterdir())
    assert len(copies) == 2 and all(re.fullmatch(r"\d{8}-\d{6}(-\d+)?\.sqlite3", p.name) for p in copies), copies
    for copy in copies:
        assert sqlite3.connect(copy).execute("SELECT game FROM games").fetchall() == [("bruges",)]
    assert {f"backups/{p.name}" for p in copies} == {re.search(r" to (\S+) \(", r.stdout)[1] for r in (first, second)}
    assert "To restore: stop the bot" in first.stdout
    assert not (tmp_path / "backups").is_file()


def test_a_file_or_a_folder_can_be_named(tmp_path):
    make_db(tmp_path / "games.sqlite3")
    run = backup(tmp_path, "copy.sqlite3", DATABASE_PATH="games.sqlite3")
    assert run.returncode == 0 and (tmp_path / "copy.sqlite3").is_file()
    run = backup(tmp_path, "elsewhere", "--db", "games.sqlite3")
    assert run.returncode == 0 and len(list((tmp_path / "elsewhere").glob("*.sqlite3"))) == 1


def test_no_database_yet_says_there_is_nothing_to_back_up(tmp_path):
    run = backup(tmp_path)
    assert run.returncode == 1
    assert "no database at data/meeplecord.sqlite3 yet" in run.stderr and "nothing to back up" in run.stderr
    assert "restore" not in run.stderr and not (tmp_path / "backups").exists()


def test_postgresql_operators_are_told_to_use_pg_dump(tmp_path):
    run = backup(tmp_path, DATABASE_URL="postgresql://meeple:s3cret@db:5432/meeplecord")
    assert run.returncode == 2 and "pg_dump" in run.stderr and "pg_restore" in run.stderr
    assert "s3cret" not in run.stderr


def test_make_backup_and_git():
    assert "backups/" in (ROOT / ".gitignore").read_text().split()
    recipe = (ROOT / "Makefile").read_text().split("\nbackup:", 1)[1].split("\n\n", 1)[0]
    assert "-m bot.backup" in recipe and " backups" not in recipe  # the folder is the command's own default
