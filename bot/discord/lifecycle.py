"""Stopping the bot cleanly on SIGTERM (docker stop, systemd) or SIGINT (Ctrl-C).

``install(bot)`` hands both signals to ``bot.begin_shutdown``, which
1. stops taking interactions: readiness fails (``/readyz``) and every interaction arriving from
   now on is answered "restarting, try again in a moment" (the player is told, nothing is done);
2. waits, at most ``SHUTDOWN_GRACE`` seconds, for the interactions in flight: a move being played
   is committed and its post delivered (what the table is owed is in the database before anything
   is said, so even a move cut off here is not lost);
3. stops the timers, the bot-seat and board workers (waiting for them: no orphan survives), closes
   the database and the connection to Discord; ``python -m bot`` then exits 0.
A second signal while this runs stops waiting for the interactions in flight.
"""

from __future__ import annotations

import asyncio
import logging
import signal

import discord

from ..words.i18n import pick_locale, t

log = logging.getLogger(__name__)

#: the name of the task answering "restarting" to an interaction that came too late
REFUSING = "meeplecord-refuse-while-closing"
#: discord.py's names for the tasks that run an interaction's handler (commands, autocomplete,
#: buttons and selects of views, dynamic items, modals), and ours
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
                 "discord-ui-modal-dispatch-", REFUSING)


def install(loop: asyncio.AbstractEventLoop, on_signal) -> None:
    """``on_signal(name)`` on SIGTERM and SIGINT (instead of Python's KeyboardInterrupt)."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig.name)


def handlers_in_flight() -> list[asyncio.Task]:
    current = asyncio.current_task()
    return [t for t in asyncio.all_tasks() if t is not current and not t.done()
            and t.get_name().startswith(HANDLER_TASKS)]


async def drain(grace: float, hurry: asyncio.Event | None = None) -> tuple[int, int]:
    """Wait for the handlers in flight (at most ``grace`` seconds, or until ``hurry`` is set);
    (finished, still running)."""
    tasks = handlers_in_flight()
    if not tasks:
        return 0, 0
    waiters = [asyncio.ensure_future(asyncio.wait(tasks, timeout=grace))]
    if hurry is not None:
        waiters.append(asyncio.ensure_future(hurry.wait()))
    await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    for w in waiters:
        w.cancel()
    pending = [t for t in tasks if not t.done()]
    return len(tasks) - len(pending), len(pending)


def refuse_new_interactions(client: discord.Client) -> None:
    """From now on every interaction Discord sends is answered "restarting" (to its user alone) and
    not handled: the parser of INTERACTION_CREATE is swapped, so commands, buttons, menus,
    autocomplete and modals alike stop here."""
    state = client._connection

    def refuse(data: dict) -> None:
        interaction = discord.Interaction(data=data, state=state)
        asyncio.get_running_loop().create_task(_say_restarting(interaction), name=REFUSING)

    state.parsers["INTERACTION_CREATE"] = refuse


async def _say_restarting(interaction: discord.Interaction) -> None:
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            text = t("restarting", pick_locale(getattr(interaction, "locale", None)))
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as err:  # the token may be gone already: nothing more to say
        log.debug("could not say 'restarting': %s", err)
