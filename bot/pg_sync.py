"""A synchronous, sqlite3-shaped face on one asyncpg connection, for the play-by-post thread.

The play-by-post layer (``bot/pbp.py``) and the timers (``bot/timers.py``) run
their small statements as synchronous code on their own database thread
(:class:`bot.timers.DbThread`). With ``DATABASE_URL`` set, that thread holds a
:class:`PgSyncConn` instead of a ``sqlite3.Connection``: it runs asyncpg on a
private event loop of that thread and accepts the same SQL, translated:

- ``?`` marks become ``$1, $2, ...``;
- ``INSERT OR IGNORE`` becomes ``ON CONFLICT DO NOTHING``; ``INSERT OR REPLACE``
  becomes ``ON CONFLICT (key) DO UPDATE`` (a replaced timer gets a new id, as
  in SQLite, so a handler that re-adds its own key is not deleted after it);
- an ``INSERT`` into a table with an ``id`` returns it (``lastrowid``);
- ``/*LOCK*/`` becomes ``FOR UPDATE SKIP LOCKED`` (claiming due timers);
- ``/*FOR UPDATE*/`` becomes ``FOR UPDATE`` (a row read to be written back: another
  process writing it waits instead of being overwritten; SQLite's ``BEGIN IMMEDIATE``
  already serialises every writer);
- ``PRAGMA`` is ignored; ``BEGIN IMMEDIATE`` is ``BEGIN``.

Errors come out as ``sqlite3`` exceptions (a unique violation as
``IntegrityError``, the rest as ``OperationalError`` naming the kind), so the
callers handle both backends alike.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3

import asyncpg

from games.core.notation import is_number

#: the conflict key of each table written with INSERT OR REPLACE
KEYS = {"pbp_waits": ("game_id", "seat"), "pbp_clocks": ("game_id", "seat"), "pbp_prefs": ("user_id",),
        "timers": ("key",), "pbp_games": ("game_id",)}
WITH_ID = ("timers", "pbp_polls")


def translate(sql: str) -> str:
    """The PostgreSQL text of a statement; the same few statements come back on every move,
    so each is translated once."""
    out = _TRANSLATED.get(sql)
    if out is None:
        out = _TRANSLATED[sql] = _translate(sql)
    return out


_TRANSLATED: dict[str, str] = {}


def _translate(sql: str) -> str:
    text = sql.strip()
    m = re.match(r"INSERT OR (IGNORE|REPLACE) INTO (\w+)\s*\(([^)]*)\)(.*)$", text, re.S | re.I)
    if m:
        how, table, cols, rest = m.group(1).upper(), m.group(2), m.group(3), m.group(4)
        text = f"INSERT INTO {table} ({cols}){rest}"
        if how == "IGNORE":
            text += " ON CONFLICT DO NOTHING"
        else:
            key = KEYS[table]
            names = [c.strip() for c in cols.split(",")]
            sets = [f"{c} = EXCLUDED.{c}" for c in names if c not in key]
            if table == "timers":
                sets += ["id = nextval(pg_get_serial_sequence('timers', 'id'))", "claimed_until = NULL"]
            text += f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {', '.join(sets)}"
    m = re.match(r"INSERT INTO (\w+)", text, re.I)
    if m and m.group(1) in WITH_ID and "RETURNING" not in text.upper():
        text += " RETURNING id"
    text = text.replace("/*LOCK*/", "FOR UPDATE SKIP LOCKED").replace("/*FOR UPDATE*/", "FOR UPDATE")
    out, n = [], 0
    for part in re.split(r"(\?)", text):
        if part == "?":
            n += 1
            out.append(f"${n}")
        else:
            out.append(part)
    return "".join(out)


class Cursor:
    def __init__(self, rows=(), lastrowid=None, rowcount=-1):
        self.rows = list(rows)
        self.lastrowid = lastrowid
        self.rowcount = rowcount

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self):
        return list(self.rows)

    def __iter__(self):
        return iter(self.rows)


def _as_sqlite_error(err: BaseException) -> sqlite3.Error:
    if isinstance(err, asyncpg.IntegrityConstraintViolationError):
        return sqlite3.IntegrityError(str(err))
    code = getattr(err, "sqlstate", "") or ""
    if code.startswith("53"):
        return sqlite3.OperationalError(f"database or disk is full ({err})")
    if code == "25006":
        return sqlite3.OperationalError(f"attempt to write a readonly database ({err})")
    if code in ("55P03", "40P01", "40001", "57014"):
        return sqlite3.OperationalError(f"database is locked ({err})")
    return sqlite3.OperationalError(f"disk I/O error: {err}")


class PgSyncConn:
    """Use it from ONE thread (the DbThread that created it)."""

    def __init__(self, url: str):
        self.loop = asyncio.new_event_loop()
        self.in_transaction = False
        self._statements: dict[str, asyncpg.prepared_stmt.PreparedStatement] = {}
        try:
            # These rows (waits, clocks, reminders) are not the move log: the store writes the
            # moves on its own durable connection, and a start re-derives the waits and
            # reminders of every running table. So a commit here does not wait for the disk
            # (the SQLite side had synchronous=NORMAL for the same reason): a crash may lose
            # the last fraction of a second of them, never corrupt them.
            self.con = self.loop.run_until_complete(
                asyncpg.connect(url, server_settings={"synchronous_commit": "off"}))
        except (OSError, asyncpg.PostgresError) as err:
            self.loop.close()
            raise sqlite3.OperationalError(f"disk I/O error: cannot reach PostgreSQL ({err})") from None

    def _run(self, coro):
        try:
            return self.loop.run_until_complete(coro)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as err:
            raise _as_sqlite_error(err) from None

    async def _prepared(self, sql: str):
        stmt = self._statements.get(sql)
        if stmt is None:
            stmt = self._statements[sql] = await self.con.prepare(sql)
        return stmt

    async def _do(self, sql: str, args):
        stmt = await self._prepared(sql)
        types = [t.name for t in stmt.get_parameters()]
        args = [float(a) if t in ("float8", "float4") and isinstance(a, int) else
                (str(a) if t == "text" and a is not None and not isinstance(a, str) else a)
                for a, t in zip(args, types)]
        if stmt.get_attributes():  # returns rows
            rows = await stmt.fetch(*args)
            return rows, None
        await stmt.fetch(*args)
        status = stmt.get_statusmsg() or ""
        return [], status

    def execute(self, sql: str, args=()) -> Cursor:
        head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        if head == "PRAGMA":
            return Cursor()
        if head == "BEGIN":
            self._run(self.con.execute("BEGIN"))
            self.in_transaction = True
            return Cursor()
        if head in ("COMMIT", "ROLLBACK"):
            self.in_transaction = False
            self._run(self.con.execute(head))
            return Cursor()
        pg = translate(sql)
        rows, status = self._run(self._do(pg, tuple(args)))
        if status is None:  # rows came back
            last = rows[0]["id"] if rows and "RETURNING id" in pg and "id" in rows[0].keys() else None
            return Cursor(rows, lastrowid=last, rowcount=len(rows))
        tail = status.split()[-1] if status else ""
        return Cursor(rowcount=int(tail) if is_number(tail, 20) else -1)

    def close(self) -> None:
        try:
            self.loop.run_until_complete(self.con.close(timeout=5))
        except Exception:
            self.con.terminate()
        finally:
            self.loop.close()
