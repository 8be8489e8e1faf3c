"""A synchronous, sqlite3-shaped face on one asyncpg connection, for the play-by-post thread.

The play-by-post rows (:mod:`bot.store.pbp`) and the timers (:mod:`bot.store.timers`) run
their small statements as synchronous code on their own database thread
(:class:`bot.store.threads.DbThread`). With ``DATABASE_URL`` set, that thread holds a
:class:`PgSyncConn` instead of a ``sqlite3.Connection``: it runs asyncpg on a private event
loop of that thread, takes the PostgreSQL text of each statement (:mod:`bot.store.statements`:
``$1`` marks) and answers like sqlite3 (``execute`` returns a cursor with ``fetchone``,
``fetchall``, ``rowcount``; ``BEGIN``/``COMMIT``/``ROLLBACK`` as statements; ``PRAGMA`` ignored).

Round trips (each one costs this thread and the server a wake-up, and the
play-by-post layer runs a dozen small statements per move): inside a
transaction, a write whose result nobody has asked for yet (no ``RETURNING``)
is not sent at once but queued, its values written in as SQL literals; the
queue goes out as ONE simple-protocol script together with the ``COMMIT``
(``BEGIN`` is queued too), or before a read of a table it writes (a read of
other tables cannot see the difference, so it does not wait for them). Asking
a queued write's ``rowcount`` sends it at once, in order.
So a failing write raises at the commit instead of at its statement, still
before anything of the transaction is kept.

A queued write goes in the script as ``EXECUTE`` of the statement prepared once on this
connection (its values written in as literals): the server parses a few words and runs the
plan it keeps, instead of parsing and planning the whole statement each time (issue 33 goal 5).

With ``durable`` (the store's own thread, whose transactions carry moves:
:class:`bot.store.postgres.PgStepThread`), the connection keeps the server's
``synchronous_commit``; a transaction begun with ``execute("BEGIN")`` sets it off for itself
(``SET LOCAL``, sent with the BEGIN), one begun with :meth:`PgSyncConn.begin_durable` keeps it.

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


class Statement:
    """What the queue needs to know of a statement, worked out once per text: for a write that
    may wait in the queue (no ``RETURNING``), the table it writes."""

    __slots__ = ("pg", "queued", "writes", "names")

    def __init__(self, pg: str, queued: str | None, writes: str | None):
        self.pg, self.queued, self.writes = pg, queued, writes
        #: every name it mentions (a read waits for the queued writes of these tables only)
        self.names = frozenset(w.lower() for w in _WORDS.findall(pg))



def _statement(pg: str) -> Statement:
    out = _SEEN.get(pg)
    if out is None:
        m = re.match(r"\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)", pg, re.I)
        queued = pg if m and "RETURNING" not in pg.upper() else None  # rows asked for: sent at once
        out = _SEEN[pg] = Statement(pg, queued, m.group(1).lower() if m else None)
    return out


_SEEN: dict[str, Statement] = {}
#: the names a statement mentions (to tell whether a read must wait for the queued writes)
_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MARK = re.compile(r"\$(\d+)")


def literal(value) -> str | None:
    """``value`` as an SQL literal, or None when it is not one of the plain kinds written in.
    Quoted (an untyped literal takes its column's type, as a bound value does); standard
    strings (the connection sets ``standard_conforming_strings``): only ``'`` is doubled."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "'1'" if value else "'0'"
    if isinstance(value, int):
        return f"'{value}'"
    if isinstance(value, float):
        return f"'{value!r}'" if value == value and value not in (float("inf"), float("-inf")) else None
    if isinstance(value, str) and "\x00" not in value:
        return "'" + value.replace("'", "''") + "'"
    return None


class Cursor:
    def __init__(self, rows=(), rowcount=-1):
        self.rows = list(rows)
        self.rowcount = rowcount

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self):
        return list(self.rows)

    def __iter__(self):
        return iter(self.rows)


class Queued(Cursor):
    """The cursor of a queued write: asking its outcome sends it (and what was queued before it)."""

    def __init__(self, conn: PgSyncConn, item: list):
        self._conn, self._item = conn, item
        self._done: Cursor | None = None

    def _result(self) -> Cursor:
        if self._done is None:
            self._done = self._conn._send_now(self._item)
        return self._done

    @property
    def rows(self):
        return self._result().rows

    @property
    def rowcount(self):
        return self._result().rowcount


def _as_sqlite_error(err: BaseException) -> sqlite3.Error:
    """As sqlite3 would say it; the server's code kept as ``sqlstate``."""
    code = getattr(err, "sqlstate", "") or ""
    if isinstance(err, asyncpg.IntegrityConstraintViolationError):
        out: sqlite3.Error = sqlite3.IntegrityError(str(err))
    elif code.startswith("53"):
        out = sqlite3.OperationalError(f"database or disk is full ({err})")
    elif code == "25006":
        out = sqlite3.OperationalError(f"attempt to write a readonly database ({err})")
    elif code in ("55P03", "40P01", "40001", "57014") or isinstance(err, TimeoutError):  # or the client's limit
        out = sqlite3.OperationalError(f"database is locked ({err})")
    else:
        out = sqlite3.OperationalError(f"disk I/O error: {err}")
    out.sqlstate = code
    return out


class PgSyncConn:
    """Use it from ONE thread (the DbThread that created it)."""

    #: the statements it takes (:mod:`bot.store.statements`)
    dialect = "postgres"

    def __init__(self, url: str, durable: bool = False, settings: dict[str, str] | None = None,
                 timeout: float | None = None):
        """``settings``: more of the server's settings for the connection (the store's lock and
        statement timeouts); ``timeout``: seconds the client waits for one statement."""
        self.loop = asyncio.new_event_loop()
        self.in_transaction = False
        #: the connection keeps the server's synchronous_commit (see the module's notes)
        self.durable = durable
        self._statements: dict[str, tuple] = {}
        #: the queued writes' statements prepared on the server (text -> name), and those whose
        #: PREPARE is queued, not sent yet
        self._names: dict[str, str] = {}
        self._fresh: dict[str, str] = {}
        self._named = 0
        #: not sent yet: [script text, Statement (None: BEGIN, SET LOCAL, PREPARE), args] of each queued statement
        self._queue: list[list] = []
        #: the tables the queued writes change
        self._dirty: set[str] = set()
        #: the server is inside our transaction (its BEGIN went out)
        self._begun = False
        #: round trips made (for the benchmarks and tests)
        self.round_trips = 0
        # These rows (waits, clocks, reminders) are not the move log: the store writes the
        # moves durably, and a start re-derives the waits and reminders of every running table.
        # So a commit of them alone does not wait for the disk (the SQLite side had
        # synchronous=NORMAL for the same reason): a crash may lose the last fraction of a
        # second of them, never corrupt them. A durable connection (moves go through it too)
        # says so per transaction instead.
        server = {**(settings or {}), "application_name": "meeplecord-pbp", "standard_conforming_strings": "on"}
        if not durable:
            server["synchronous_commit"] = "off"
        try:
            self.con = self.loop.run_until_complete(asyncpg.connect(url, server_settings=server,
                                                                    command_timeout=timeout))
        except (OSError, asyncpg.PostgresError) as err:
            self.loop.close()
            raise sqlite3.OperationalError(f"disk I/O error: cannot reach PostgreSQL ({err})") from None

    def _run(self, coro):
        try:
            return self.loop.run_until_complete(coro)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as err:
            raise _as_sqlite_error(err) from None

    async def _prepared(self, sql: str):
        """The prepared statement, its parameters' type names and whether it returns rows
        (asked once per statement: asking asyncpg each time costs more than the rest)."""
        got = self._statements.get(sql)
        if got is None:
            stmt = await self.con.prepare(sql)
            got = self._statements[sql] = (stmt, [t.name for t in stmt.get_parameters()],
                                           bool(stmt.get_attributes()))
        return got

    async def _do(self, sql: str, args):
        stmt, types, returns = await self._prepared(sql)
        args = [float(a) if t in ("float8", "float4") and isinstance(a, int) else
                (str(a) if t == "text" and a is not None and not isinstance(a, str) else a)
                for a, t in zip(args, types)]
        if returns:
            rows = await stmt.fetch(*args)
            return rows, None
        await stmt.fetch(*args)
        status = stmt.get_statusmsg() or ""
        return [], status

    def _execute_text(self, st: Statement, values: list[str]) -> str:
        """The queued write as ``EXECUTE`` of its statement prepared on this connection; the first
        time, its ``PREPARE`` is queued before it (no round trip of its own). A name counts as
        prepared once a script with its PREPARE went through."""
        name = self._names.get(st.pg) or self._fresh.get(st.pg)
        if name is None:
            self._named += 1
            name = self._fresh[st.pg] = f"meeple_{self._named}"
            self._queue.append([f"PREPARE {name} AS {st.pg}", None, ("prepare", st.pg, name)])
        return f"EXECUTE {name}({', '.join(values)})" if values else f"EXECUTE {name}"

    def begin_durable(self) -> None:
        """BEGIN a transaction whose commit waits for the disk whatever the connection's own
        setting (it carries moves)."""
        self._begin(durable=True)

    def _begin(self, durable: bool) -> None:
        if self.in_transaction:
            raise sqlite3.OperationalError("cannot start a transaction within a transaction")
        self.in_transaction, self._begun = True, False
        self._queue = [["BEGIN", None, ()]]
        if self.durable and not durable:
            self._queue.append(["SET LOCAL synchronous_commit TO off", None, ()])
        elif durable and not self.durable:
            self._queue.append(["SET LOCAL synchronous_commit TO on", None, ()])

    def execute(self, sql: str, args=()) -> Cursor:
        head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        if head == "PRAGMA":
            return Cursor()
        if head == "BEGIN":
            self._begin(durable=False)
            return Cursor()
        if head == "COMMIT":
            self._flush(commit=True)
            return Cursor()
        if head == "ROLLBACK":
            self._queue, self._dirty, self._fresh = [], set(), {}
            if self._begun:
                self._begun = False
                self._run(self.con.execute("ROLLBACK"))
            self.in_transaction = False
            return Cursor()
        st = _statement(sql)
        args = tuple(args)
        if self.in_transaction and st.queued is not None:
            values = [literal(a) for a in args]
            if None not in values:
                item = [self._execute_text(st, values), st, args]
                self._queue.append(item)
                self._dirty.add(st.writes)
                return Queued(self, item)
        if self._queue and (not self._begun or st.writes or not self._dirty.isdisjoint(st.names)):
            self._flush()  # it reads what is queued (or writes, or needs the BEGIN): those go first
        return self._now(st, args)

    def fetchmany(self, sql: str, rows: list) -> list:
        """``sql`` once per row of arguments, all in one round trip (asyncpg's ``fetchmany``: the
        statements pipelined, one Sync at the end), after what is queued; each run's first row."""
        if self._queue:
            self._flush()
        got = self._statements.get(sql)
        stmt = (got or self._run(self._prepared(sql)))[0]
        got = self._run(stmt.fetchmany(rows))
        self.round_trips += 1
        return got

    def send_many(self, sql: str, rows: list) -> bool:
        """Inside a transaction: ``sql`` once per row of arguments, sent now with what is queued (the
        BEGIN) in ONE script, as ``EXECUTE`` of the statement prepared on this connection; what it
        returns is not read (a statement that must tell its outcome fails instead). False, and
        nothing queued or sent, when a value cannot be written in as a literal."""
        st = _statement(sql)
        values = [[literal(a) for a in args] for args in rows]
        if any(None in v for v in values):
            return False
        for v, args in zip(values, rows, strict=True):
            self._queue.append([self._execute_text(st, v), st, tuple(args)])
        self._flush()
        return True

    def _now(self, st: Statement, args: tuple) -> Cursor:
        """One statement, sent now (extended protocol, prepared)."""
        rows, status = self._run(self._do(st.pg, args))
        self.round_trips += 1
        if status is None:  # rows came back
            return Cursor(rows, rowcount=len(rows))
        tail = status.split()[-1] if status else ""
        return Cursor(rowcount=int(tail) if is_number(tail, 20) else -1)

    def _flush(self, commit: bool = False) -> None:
        """Send the queue as one script (with the COMMIT when ``commit``). If a statement of it
        fails, the transaction is aborted: the caller's ROLLBACK ends it."""
        script = [item[0] for item in self._queue] + (["COMMIT"] if commit else [])
        begins = bool(self._queue) and self._queue[0][0] == "BEGIN"
        nothing = not self._begun and all(item[1] is None for item in self._queue)
        self._queue, self._dirty = [], set()
        if commit and nothing:
            self.in_transaction = False  # nothing was read or written: nothing to send
            return
        self._begun = self._begun or begins
        fresh, self._fresh = self._fresh, {}
        self._run(self.con.execute("; ".join(script)))  # failing: its PREPAREs are not counted on
        self.round_trips += 1
        self._names.update(fresh)
        if commit:
            self.in_transaction = self._begun = False

    def _send_now(self, item: list) -> Cursor:
        """A queued write whose outcome is asked: what was queued before it goes first, then it
        alone (its row count or new id come back), the rest stays queued."""
        at = next((i for i, queued in enumerate(self._queue) if queued is item), None)
        if at is None:  # already sent in a script: its count is not known
            raise sqlite3.ProgrammingError("the outcome of a write already sent with others was asked")
        before, after = self._queue[:at], self._queue[at + 1:]
        if before and before[-1][1] is None and before[-1][2] and before[-1][2][1] == item[1].pg:
            after.insert(0, before.pop())  # its own PREPARE (it goes prepared by asyncpg): kept for the rest
        self._queue = before
        if before:
            self._flush()
        self._queue = after
        self._dirty = {i[1].writes for i in after if i[1] is not None}
        self._fresh = {i[2][1]: i[2][2] for i in after if i[1] is None and i[2]}
        return self._now(item[1], item[2])

    def close(self) -> None:
        try:
            self.loop.run_until_complete(self.con.close(timeout=5))
        except Exception:
            self.con.terminate()
        finally:
            self.loop.close()
