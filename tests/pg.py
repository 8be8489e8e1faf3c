"""One PostgreSQL statement from synchronous test code, on a thread and event loop of its own
(the caller may be inside a running loop: a fixture, or the harness reading the bot's tables)."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import asyncpg


def numbered(sql: str) -> str:
    """A test's query written with ``?`` marks, numbered for PostgreSQL (``$1, $2, ...``): the
    tests read both backends' tables with one text (the bot's own statements have a text for each)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def pg_rows(url: str, sql: str, args=()) -> list[tuple]:
    """The rows of ``sql`` (``?`` marks, as for SQLite: :func:`numbered`) as tuples."""
    async def run() -> list[tuple]:
        con = await asyncpg.connect(url)
        try:
            if not args and not sql.lstrip().upper().startswith("SELECT"):  # CREATE/DROP DATABASE: simple protocol
                await con.execute(sql)
                return []
            return [tuple(r) for r in await con.fetch(numbered(sql), *args)]
        finally:
            await con.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()
