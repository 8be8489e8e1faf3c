"""One log line, a count and the acknowledgement time of every interaction (``bot.observe``).

``trace_interactions(bot)`` wraps the parser of INTERACTION_CREATE: it notes when each interaction
arrived and what it is (command, component, autocomplete, modal; its name; the channel and the game
played there), and runs discord.py's own parser with a webhook adapter of ours in the context: the
tasks discord.py starts for the interaction inherit it, so its first response is timed where
discord.py sends it (``create_interaction_response``), whichever command or button answers.
"""

from __future__ import annotations

import logging
import time

from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from .. import observe

log = logging.getLogger(__name__)

KINDS = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}
#: an interaction's token lives 15 minutes: a record older than that is dropped unanswered
FORGET_AFTER = 900.0
#: interaction id -> (arrival, kind, name, guild, channel, game)
_arrived: dict[int, tuple[float, str, str, int | None, int | None, str | None]] = {}


def _name(kind: str, data: dict) -> str:
    inner = data.get("data") or {}
    if kind in ("command", "autocomplete"):
        parts, options = [inner.get("name", "?")], inner.get("options") or []
        while options and options[0].get("type") in (1, 2):  # subcommand (group)
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return "/" + " ".join(parts)
    return str(inner.get("custom_id", "?")).split(":", 1)[0]


def _arrive(bot, data: dict) -> None:
    now = time.monotonic()
    for iid in [i for i, rec in _arrived.items() if now - rec[0] > FORGET_AFTER]:
        rec = _arrived.pop(iid)
        log.warning("interaction never answered: %s %s in channel %s", rec[1], rec[2], rec[4])
    kind = KINDS.get(data.get("type"), "other")
    channel = int(data["channel_id"]) if data.get("channel_id") else None
    table = bot.sessions.table(channel) if (bot.sessions is not None and channel) else None
    game = table.record.game if table is not None else None
    guild = int(data["guild_id"]) if data.get("guild_id") else None
    _arrived[int(data["id"])] = (now, kind, _name(kind, data), guild, channel, game)
    observe.INTERACTIONS.labels(kind).inc()


def arrival(interaction_id: int) -> float | None:
    """When the interaction arrived (``time.monotonic()``), until its first response is sent."""
    rec = _arrived.get(int(interaction_id))
    return None if rec is None else rec[0]


def acknowledged(interaction_id: int) -> None:
    rec = _arrived.pop(int(interaction_id), None)
    if rec is None:  # a follow-up of one already answered, or one from before a restart
        return
    arrived, kind, name, guild, channel, game = rec
    seconds = time.monotonic() - arrived
    observe.ACK_SECONDS.labels(kind).observe(seconds)
    observe.event(log, "interaction", kind=kind, name=name, game=game or "-", channel=channel, guild=guild,
                  ack_ms=round(seconds * 1000, 1))


class TimedAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, noting when an interaction gets its first response."""

    async def _timed(self, interaction_id, request):
        try:
            return await request
        finally:
            acknowledged(interaction_id)

    def create_interaction_response(self, interaction_id, token, **kwargs):
        return self._timed(interaction_id, super().create_interaction_response(interaction_id, token, **kwargs))


ADAPTER = TimedAdapter()


def trace_interactions(bot) -> None:
    state = bot._connection
    parse = state.parsers["INTERACTION_CREATE"]
    if getattr(parse, "traced", False):
        return

    def traced(data: dict) -> None:
        try:
            _arrive(bot, data)
        except Exception:  # noqa: BLE001 - watching must never stop an interaction
            log.exception("could not note an interaction")
        token = async_context.set(ADAPTER)  # the tasks started below answer through it
        try:
            parse(data)
        finally:
            async_context.reset(token)

    traced.traced = True
    state.parsers["INTERACTION_CREATE"] = traced
