"""One PostgreSQL statement from synchronous test code, on a thread and event loop of its own
(the caller may be inside a running loop: a fixture, or the harness reading the bot's tables)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import asyncpg

from bot.store.pg_sync import translate


def pg_rows(url: str, sql: str, args=()) -> list[tuple]:
    """The rows of ``sql`` (written for SQLite: ``?`` marks are translated) as tuples."""
    async def run() -> list[tuple]:
        con = await asyncpg.connect(url)
        try:
            if not args and not sql.lstrip().upper().startswith("SELECT"):  # CREATE/DROP DATABASE: simple protocol
                await con.execute(sql)
                return []
            return [tuple(r) for r in await con.fetch(translate(sql), *args)]
        finally:
            await con.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()
