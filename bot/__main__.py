"""``python -m bot``: run the bot. ``python -m bot --sync``: register the slash commands and exit."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys

import aiohttp
import discord

from . import observe
from .config import settings_or_exit
from .discord.app import MeepleBot, make_bot
from .store import DatabaseDamaged, StoreUnavailable, open_store
from .store.shards import Shards
from .table import bot_seats
from .table.sessions import SessionManager

NO_TOKEN = """\
meeplecord needs a Discord bot token to run, and none is set. Create an application at \
https://discord.com/developers/applications, open its "Bot" page, press "Reset Token" and put the \
token in a file named .env in this folder as DISCORD_TOKEN=your-token (see .env.example; keep it \
secret), then invite the bot to your server and run `python -m bot --sync` once so Discord learns \
the slash commands. No token at hand? Try a game locally without Discord: \
`make play GAME=west-of-africa PLAYERS=3`."""


async def _sync(bot: MeepleBot, token: str) -> None:
    async with bot:
        await bot.login(token)  # runs setup_hook, which syncs


async def _check(settings) -> int:
    """``--check``: open the database (migrating it), load this process's shards' games, print one
    JSON line of what was found and exit. Needs no token and no Discord: a deployment (``docker
    compose run shard0 python -m bot --check``) or CI checks its settings and database with it."""
    store = await open_store(settings.db_path, settings.database_url or None)
    try:
        sessions = SessionManager(store, render=False, shards=Shards.of(settings.shard_count, settings.shard_ids))
        await sessions.load_all()
        if (found := await store.check_pages()) is not None:  # every page, waited for here
            raise DatabaseDamaged(settings.db_path, f"is damaged ({found})")
        print(json.dumps({
            "backend": getattr(store, "kind", "sqlite"), "schema": await store.schema_version(),
            "shard_count": settings.shard_count, "shard_ids": list(settings.shard_ids or ()),
            "games": sorted(t.record.id for t in sessions.tables()),
        }), flush=True)
    finally:
        await store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the meeplecord Discord bot.")
    parser.add_argument("--sync", action="store_true",
                        help="register the slash commands with Discord (DEV_GUILD_ID: that guild only), then exit")
    parser.add_argument("--check", action="store_true",
                        help="open the database (migrating it) and load this process's shards' games, print what "
                             "was found as one JSON line, then exit (no token or Discord needed)")
    parser.add_argument("--env-file", default=".env", help="settings file read under the environment (default .env)")
    args = parser.parse_args(argv)
    settings = settings_or_exit(args.env_file)
    bot_seats.configure(settings)  # BOT_SECONDS, BOT_WORKERS, ... from .env too, not only the environment
    observe.setup_logging(settings.log_level, settings.log_format)  # LOG_FORMAT=json: one object per line
    if args.check:
        try:
            return asyncio.run(_check(settings))
        except (DatabaseDamaged, StoreUnavailable, ValueError, OSError) as err:
            print(f"meeplecord: {err}", file=sys.stderr)
            return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    bot = make_bot(settings, sync=args.sync)
    bot.start_render_pool = not args.sync
    bot.handle_signals = not args.sync  # SIGTERM / SIGINT: finish the moves in flight, close, exit 0
    try:
        endpoint = None if args.sync else observe.serve(settings.metrics_port, settings.metrics_host)
    except OSError as err:
        print(f"meeplecord: METRICS_PORT={settings.metrics_port} cannot be opened on {settings.metrics_host} "
              f"({err.strerror}): another process has it, or the address is not this machine's", file=sys.stderr)
        return 2
    if endpoint is not None:
        logging.getLogger("bot").info("metrics, /healthz and /readyz on http://%s:%d", settings.metrics_host,
                                      endpoint.port)
    try:
        if args.sync:
            asyncio.run(_sync(bot, settings.token))
        else:
            bot.run(settings.token, log_handler=None)
    except (DatabaseDamaged, StoreUnavailable) as err:  # one clear line, and exit (no traceback, no hang)
        print(f"meeplecord: {err}", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as err:  # no way to Discord (network, DNS): one line, not a traceback
        print(f"meeplecord: cannot reach Discord ({err}). Check this machine's network and DNS; "
              "a supervisor (systemd, docker compose's restart policy) will start the bot again.", file=sys.stderr)
        return 3
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: copy it again from the Bot page of your "
              "application (Reset Token) and try once more.", file=sys.stderr)
        return 1
    finally:
        if endpoint is not None:
            endpoint.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
