"""``python -m bot``: run the bot. ``python -m bot --sync``: register the slash commands and exit."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import discord

from .app import MeepleBot, make_bot
from .config import load_settings
from .store import DatabaseDamaged, StoreUnavailable

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the meeplecord Discord bot.")
    parser.add_argument("--sync", action="store_true",
                        help="register the slash commands with Discord (DEV_GUILD_ID: that guild only), then exit")
    parser.add_argument("--env-file", default=".env", help="settings file read under the environment (default .env)")
    args = parser.parse_args(argv)
    settings = load_settings(env_file=args.env_file)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    bot = make_bot(settings, sync=args.sync)
    bot.start_render_pool = not args.sync
    try:
        if args.sync:
            asyncio.run(_sync(bot, settings.token))
        else:
            bot.run(settings.token, log_handler=None)
    except (DatabaseDamaged, StoreUnavailable) as err:  # one clear line, and exit (no traceback, no hang)
        print(f"meeplecord: {err}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: copy it again from the Bot page of your "
              "application (Reset Token) and try once more.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
