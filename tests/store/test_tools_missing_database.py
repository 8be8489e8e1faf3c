"""The operators' tools given a path that names no database say so in one line and exit 1,
leaving no new empty database behind (a mistyped --db used to create one and report '0 ratings')."""

from __future__ import annotations

import pytest

from bot import backup, migrate_to_postgres, records


@pytest.mark.parametrize(("run", "doing"), [
    (lambda p: records.main(["recompute", "--db", p]), "recompute"),
    (lambda p: records.main(["backfill", "--db", p]), "backfill"),
    (lambda p: migrate_to_postgres.main([p, "--url", "postgresql://nobody@127.0.0.1:9/none"]), "copy"),
    (lambda p: backup.main(["--db", p]), "back up"),
])
def test_a_missing_database_is_named_and_not_created(tmp_path, capsys, monkeypatch, run, doing):
    monkeypatch.chdir(tmp_path)  # the settings read no .env of the developer's
    path = tmp_path / "typo.sqlite3"
    assert run(str(path)) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"meeplecord: there is no database at {path} yet, so nothing to {doing}: ")
    assert not path.exists() and list(tmp_path.iterdir()) == []
