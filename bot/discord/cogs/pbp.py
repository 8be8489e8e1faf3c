"""Discord surface of the play-by-post features (the logic is in ``bot/table/pbp/service.py``).

- ``/game settings remind:<hours> time:<none|move:48|chess:10+1>``,
  ``/game vacation days:N``, ``/game history page:N`` (added to the bot's
  ``/game`` group when this module is imported),
- ``/games`` (this server) and ``/games which:mine`` (all yours, most urgent first),
- ``/me settings`` (own interval, quiet hours, time zone, DM),
- ``/undo moves:N``,
- persistent buttons (``pbp:mute:…``, ``pbp:vote:…``, ``pbp:rematch:…``) as
  ``DynamicItem``s: they keep working after a restart because the custom id
  carries everything needed,
- ``DiscordNotifier``: the service's posts handed to the one sender (``bot.discord.send``),
  and how a game thread is kept from auto-archiving.

The app calls :func:`setup_pbp_commands` with its command tree and
``await start_pbp(client)`` once the sessions are loaded.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands

from games.core.notation import is_number

from ...store import StoreUnavailable
from ...table import timers
from ...table.pbp.service import DEFAULT_GAME_LIMIT, Outcome, Pbp
from ...table.posts import Post
from ...table.records import board as records_board
from ...table.sessions import Reply
from ...words.i18n import LANGUAGE_NAMES, joined, t, title
from ...words.i18n import tr as tr_line
from ...words.languages import languages_of
from ...words.pbp_text import tr
from .. import limits, send
from ..glue import actor_of, clip, describe, place_locale, user_locale, worded
from . import away, planner
from .table import ANYWHERE, game_group

log = logging.getLogger(__name__)

#: Thread auto-archive after a week of silence (the longest Discord allows).
THREAD_ARCHIVE_MINUTES = 10080


def pbp_of(interaction: discord.Interaction) -> Pbp:
    return interaction.client.pbp


def _locale(interaction: discord.Interaction) -> str | None:
    sessions = getattr(interaction.client, "sessions", None)
    return getattr(sessions, "locale", None)


# --- sending (through ``bot.discord.send``, the one sender) ---------------------------------
class DiscordNotifier:
    """The service's way out: posts without an interaction (``send.send_post``), thread keep-alive."""

    def __init__(self, client: discord.Client):
        self.client = client

    def place(self, guild_id: int | None, channel_id: int) -> str:
        """"**Server** › <#channel>" (the mention renders as the channel's or thread's name)."""
        guild = self.client.get_guild(guild_id) if guild_id else None
        return (f"**{guild.name}** › " if guild is not None else "") + f"<#{channel_id}>"

    async def locale(self, guild_id: int | None, user_id: int | None = None) -> str:
        """The language of a post sent without an interaction (``send.place_of``)."""
        return await send.place_of(self.client, guild_id, user_id)

    async def send(self, post: Post) -> bool:
        return await send.send_post(self.client, post)

    async def dm(self, post: Post) -> str | None:
        return await send.send_dm(self.client, post)

    async def keep_thread_alive(self, thread_id: int) -> None:
        try:
            thread = await send.channel_of(self.client, thread_id)
        except discord.HTTPException:
            return
        if isinstance(thread, discord.Thread):
            await keep_open(thread)


async def keep_open(thread: discord.Thread) -> None:
    """Unarchive and stretch the idle timer to a week (not a thread a moderator locked: only
    Manage Threads reopens it, and a post there is refused and settled by the outbox)."""
    if thread.locked and not thread.permissions_for(thread.guild.me).manage_threads:
        return
    try:
        if thread.archived or thread.auto_archive_duration != THREAD_ARCHIVE_MINUTES:
            await thread.edit(archived=False, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.HTTPException:
        log.warning("could not keep thread %s open", thread.id, exc_info=True)


async def respond(interaction: discord.Interaction, call) -> None:
    """Defer privately, run the service call, then: the public post to the channel, the private
    answer to the caller (``deliver``). The timers wait meanwhile (``holding``): one the call made
    due (a reminder, a time-out) reaches the table after the reply."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with holding(interaction):
        outcome: Outcome = await call()
        await deliver(interaction, outcome)


def holding(interaction: discord.Interaction, game_id: int | None = None):
    """The timers of the command's game (``game_id``, else the table of the channel or thread;
    none: nothing) held back while it runs and its reply is posted (``timers.Dispatcher.holding``)."""
    if game_id is None:
        table = interaction.client.sessions.table(interaction.channel_id)
        game_id = table.record.id if table is not None else None
    return pbp_of(interaction).dispatcher.holding(game_id)


async def deliver(interaction: discord.Interaction, outcome: Outcome) -> None:
    """The public post to the channel, then the caller's private answer (with its buttons). Without
    the right to post in the channel, the post goes into the private answer (the change itself
    was made)."""
    text = outcome.private or tr("pbp.cmd.done" if outcome.ok else "pbp.cmd.failed")
    reply = Reply(ok=outcome.ok, private=Post([text], buttons=list(outcome.buttons), png=outcome.png,
                                              filename="recap.png", alt=list(outcome.alt)),
                  public=outcome.public)
    await send.deliver(interaction, reply, follow=False)


# --- /game settings, vacation, history ----------------------------------------------
@game_group.command(name="settings", description=describe("pbp.cmd.game.settings"))
@app_commands.describe(remind=describe("pbp.arg.remind"), time=describe("pbp.arg.time"),
                       language=describe("arg.server_language"), hints=describe("hints.arg"))
async def game_settings(interaction: discord.Interaction, remind: app_commands.Range[float, 1, 336] | None = None,
                        time: str | None = None, language: Literal["auto", "en", "zh-TW"] | None = None,
                        hints: bool | None = None) -> None:
    if hints is not None:  # hints for practice: the table's creator, never at a rated table
        table = interaction.client.sessions.table(interaction.channel_id)
        await respond(interaction, lambda: pbp_of(interaction).hints.switch(table, actor_of(interaction.user, interaction),
                                                                             hints))
        return
    if language is not None:
        mine = await user_locale(interaction)
        can = interaction.permissions is not None and interaction.permissions.manage_guild
        if interaction.guild_id is None or not can:
            await interaction.response.send_message(t("language.server_denied", mine), ephemeral=True)
            return
        await languages_of(interaction.client).set("guild", interaction.guild_id, language)
        if remind is None and time is None:
            ours = await place_locale(interaction)
            await interaction.response.send_message(
                t("language.server", mine, language=LANGUAGE_NAMES.get(ours, ours)), ephemeral=True)
            return
    await respond(interaction, lambda: pbp_of(interaction).set_game(
        interaction.channel_id, interaction.user.id, remind_hours=remind, time_control=time))


@game_group.command(name="vacation", description=describe("pbp.cmd.game.vacation"))
@app_commands.describe(days=describe("pbp.arg.days"))
async def game_vacation(interaction: discord.Interaction, days: app_commands.Range[int, 1, 30]) -> None:
    await respond(interaction, lambda: pbp_of(interaction).vacation(interaction.user.id, days))


# --- /game pause, /game resume ---------------------------------------------------------------------
@game_group.command(name="pause", description=describe("pause.cmd"))
@app_commands.describe(days=describe("pause.arg.days"))
async def game_pause(interaction: discord.Interaction, days: app_commands.Range[int, 1, 30] | None = None) -> None:
    """The creator (or Manage Server) pauses the table at once; another player asks the others."""
    table = interaction.client.sessions.table(interaction.channel_id)
    await respond(interaction, lambda: pbp_of(interaction).pause.request(table, actor_of(interaction.user, interaction), days))


@game_group.command(name="resume", description=describe("pause.cmd_resume"))
async def game_resume(interaction: discord.Interaction) -> None:
    table = interaction.client.sessions.table(interaction.channel_id)
    await respond(interaction, lambda: pbp_of(interaction).pause.request(table, actor_of(interaction.user, interaction), None,
                                                                          resume=True))


# --- /game replace ---------------------------------------------------------------------------------
async def seat_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The table's seats as /game status lists them ("1: Bob"), people only (a bot seat has nobody to replace)."""
    table = interaction.client.sessions.table(interaction.channel_id)
    if table is None:
        return []
    return [app_commands.Choice(name=clip(f"{i}: {s.name}", 100), value=i) for i, s in enumerate(table.seats)
            if not s.is_bot and current.strip().lower() in f"{i}: {s.name}".lower()][:25]


async def left_server(interaction: discord.Interaction, user_id: int) -> bool:
    """Whether ``user_id`` is no longer a member of the interaction's server (Discord says Unknown
    Member); False when it cannot tell (a DM, Discord failing)."""
    if interaction.guild is None or user_id < 0:
        return False
    try:  # asked of Discord each time: without the members intent no cache knows who left
        await interaction.guild.fetch_member(user_id)
    except discord.NotFound:
        return True
    except discord.HTTPException:
        log.warning("could not look up member %s", user_id, exc_info=True)
    return False


@game_group.command(name="replace", description=describe("replace.cmd"))
@app_commands.describe(seat=describe("replace.arg.seat"), user=describe("replace.arg.user"))
@app_commands.autocomplete(seat=seat_autocomplete)
async def game_replace(interaction: discord.Interaction, seat: app_commands.Range[int, 0, 7], user: discord.User) -> None:
    """The seat's holder hands it over; the new person asks the holder; a holder gone or silent is
    replaced by the table's vote or a server manager (``bot/table/pbp/handover.py``)."""
    table = interaction.client.sessions.table(interaction.channel_id)
    gone = False
    if table is not None and 0 <= seat < len(table.seats) and table.seat_of(interaction.user.id) != seat:
        await interaction.response.defer(ephemeral=True, thinking=True)
        gone = await left_server(interaction, table.seats[seat].user_id)
    call = functools.partial(pbp_of(interaction).handover.request, table, actor_of(interaction.user, interaction), seat,
                             actor_of(user), new_is_bot=user.bot, holder_gone=gone)
    if interaction.response.is_done():
        async with holding(interaction):
            await deliver(interaction, await call())
    else:
        await respond(interaction, call)


@game_group.command(name="recap", description=describe("recap.cmd"))
async def game_recap(interaction: discord.Interaction) -> None:
    """What happened since the caller's last move, for them alone, in their language."""
    mine = await user_locale(interaction)
    await respond(interaction, lambda: pbp_of(interaction).recap(interaction.channel_id, interaction.user.id, mine))


@game_group.command(name="history", description=describe("pbp.cmd.game.history"))
@app_commands.describe(page=describe("pbp.arg.page"), number=describe("records.arg.number_archived"))
async def game_history(interaction: discord.Interaction, page: int = 0,
                       number: app_commands.Range[int, 1] | None = None) -> None:
    await respond(interaction, lambda: pbp_of(interaction).history(interaction.channel_id, page, game_id=number,
                                                                   guild_id=interaction.guild_id))


async def board_at(interaction: discord.Interaction, move: int | None, number: int | None = None) -> None:
    """``/game board move:<n> [number:]``: the board as it was after move n (replayed), of the
    channel's game or of game ``number`` of this server (the last move when ``move`` is left out)."""
    ours = await place_locale(interaction)
    await respond(interaction, lambda: pbp_of(interaction).board_at(interaction.channel_id, move, ours, game_id=number,
                                                                    guild_id=interaction.guild_id))


# --- /undo, /games, /me -------------------------------------------------------------
@app_commands.command(name="undo", description=describe("pbp.cmd.undo"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(moves=describe("pbp.arg.undo_moves"))
async def undo_command(interaction: discord.Interaction, moves: app_commands.Range[int, 1, 20] = 1) -> None:
    await respond(interaction, lambda: pbp_of(interaction).request_undo(
        interaction.channel_id, interaction.user.id, moves))


@app_commands.command(name="games", description=describe("pbp.cmd.games"))
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.describe(which=describe("pbp.arg.which"))
async def games_command(interaction: discord.Interaction, which: Literal["server", "mine"] = "server") -> None:
    pbp = pbp_of(interaction)
    if which == "mine" or interaction.guild_id is None:  # in a DM there is no server: never list them all
        text = await pbp.listing(user_id=interaction.user.id)
    else:
        text = await pbp.listing(guild_id=interaction.guild_id, visible=functools.partial(_visible, interaction))
    await interaction.response.send_message(clip(tr_line(text, await user_locale(interaction))), ephemeral=True)


def _visible(interaction: discord.Interaction, record) -> bool:
    """Whether the caller may see the channel of a game (a thread: its parent channel): ``/games``
    lists no table of a channel hidden from them. A channel the bot does not know is not listed."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(record.channel_id)
    if channel is None and record.parent_id is not None:
        channel = guild.get_channel(record.parent_id)
    return channel is not None and channel.permissions_for(member).view_channel


me_group = app_commands.Group(name="me", description=describe("pbp.cmd.me"), allowed_contexts=ANYWHERE)


async def tz_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    needle = current.lower().replace(" ", "_")
    names = sorted(z for z in _zones() if needle in z.lower())
    return [app_commands.Choice(name=z, value=z) for z in names[:25]]


@functools.lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    try:
        return frozenset(available_timezones() | {"UTC"})
    except Exception:  # no tz database on this host
        return frozenset({"UTC"})


@me_group.command(name="settings", description=describe("pbp.cmd.me.settings"))
@app_commands.describe(remind=describe("pbp.arg.my_remind"), quiet=describe("pbp.arg.quiet"), timezone=describe("pbp.arg.timezone"), dm=describe("pbp.arg.dm"),
                       language=describe("arg.my_language"), stats=describe("records.arg.stats"),
                       digest=describe("digest.arg"))
@app_commands.autocomplete(timezone=tz_autocomplete)
async def me_settings(interaction: discord.Interaction, remind: app_commands.Range[float, 1, 336] | None = None,
                      quiet: str | None = None, timezone: str | None = None, dm: bool | None = None,
                      language: Literal["auto", "en", "zh-TW"] | None = None,
                      stats: Literal["shown", "hidden"] | None = None,
                      digest: app_commands.Range[str, 1, 10] | None = None) -> None:
    if stats is not None:  # the records' own setting (bot/table/records/board.py)
        said = await records_board.set_hidden(interaction.client.store, await user_locale(interaction),
                                              interaction.user.id, stats == "hidden")
        if remind is None and quiet is None and timezone is None and dm is None and language is None \
                and digest is None:
            await interaction.response.send_message(said.private.text, ephemeral=True)
            return
    if language is not None:
        await languages_of(interaction.client).set("user", interaction.user.id, language)
        if remind is None and quiet is None and timezone is None and dm is None and digest is None:
            mine = await user_locale(interaction)
            await interaction.response.send_message(
                t("language.mine", mine, language=LANGUAGE_NAMES.get(mine, mine)), ephemeral=True)
            return
    pbp, user_id = pbp_of(interaction), interaction.user.id
    if digest is None and timezone is None:
        await respond(interaction, lambda: pbp.set_prefs(user_id, interval_hours=remind, quiet=quiet, tz=timezone, dm=dm))
        return

    async def with_digest() -> Outcome:
        """The preferences first (a new time zone), then the digest, which follows the zone."""
        said = []
        if remind is not None or quiet is not None or timezone is not None or dm is not None:
            prefs = await pbp.set_prefs(user_id, interval_hours=remind, quiet=quiet, tz=timezone, dm=dm)
            if not prefs.ok:
                return prefs
            said.append(prefs)
        if digest is not None:
            said.append(await pbp.digest.set(user_id, digest))
        else:
            await pbp.digest.follow_zone(user_id)
        return Outcome(ok=all(o.ok for o in said), private=joined([o.private for o in said if o.private]))

    await respond(interaction, with_digest)


# --- /game new in a thread, the per-player game limit ------------------------------------
async def open_game_thread(interaction: discord.Interaction, title: str):
    """A public thread under the current channel for a new game (None if not possible here)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) or not hasattr(channel, "create_thread"):
        return None
    try:
        return await channel.create_thread(name=title[:100], type=discord.ChannelType.public_thread,
                                           auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.HTTPException:
        log.warning("could not open a thread in %s", interaction.channel_id, exc_info=True)
        return None


async def refuse_over_limit(interaction: discord.Interaction) -> bool:
    """Answer privately and return True when the caller already plays as many games as allowed."""
    pbp = getattr(interaction.client, "pbp", None)
    why = await pbp.over_limit(interaction.user.id) if pbp is not None else None
    if why:
        await interaction.response.send_message(tr_line(why, await user_locale(interaction)), ephemeral=True)
    return bool(why)


async def before_new(interaction: discord.Interaction, game: str, others: list, options: str | None,
                     thread: bool, time: str | None = None) -> bool:
    """Hook at the top of ``/game new``: True when it answered (bad time control, over the limit,
    or the table was opened in a new thread). Otherwise the chosen time control waits for the table."""
    pbp = getattr(interaction.client, "pbp", None)
    if pbp is not None and time is not None:
        why = pbp.preset_time(interaction.channel_id, time)
        pbp.preset_time(interaction.channel_id, None)
        if why:
            await interaction.response.send_message(tr_line(why, await user_locale(interaction)), ephemeral=True)
            return True
    if thread:
        await new_in_thread(interaction, game.strip().lower(), others, options, time)
        return True
    if await refuse_over_limit(interaction):
        return True
    if pbp is not None:
        pbp.preset_time(interaction.channel_id, time)
    return False


async def new_in_thread(interaction: discord.Interaction, game: str, others: list, options: str | None,
                        time: str | None = None) -> None:
    """``/game new thread:True``: open a thread, seat the table there, keep the thread alive while it runs."""
    if await refuse_over_limit(interaction):
        return
    sessions, pbp = interaction.client.sessions, getattr(interaction.client, "pbp", None)
    mine, ours = await user_locale(interaction), await place_locale(interaction)
    refused = sessions.check_new(actor_of(interaction.user, interaction), game, others, options)
    if refused is not None:  # no thread for a table that cannot be made (it would stay empty)
        said = [worded(m, mine) for m in (refused.step, refused.private, refused.public) if m]
        await interaction.response.send_message(clip("\n".join(said)), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    thread = await open_game_thread(interaction, f"{tr_line(title(game), ours)} · {interaction.user.display_name}")
    if thread is None:
        await send.followup(interaction, tr("pbp.thread.cannot", mine), ephemeral=True)
        return
    if pbp is not None:
        pbp.preset_time(thread.id, time)
    reply = await sessions.create(thread.id, actor_of(interaction.user, interaction), game, others, options,
                                  guild_id=interaction.guild_id, parent_id=interaction.channel_id)
    if not reply.ok:
        said = [worded(m, mine) for m in (reply.step, reply.private, reply.public) if m]
        await send.followup(interaction, clip("\n".join(said)), ephemeral=True)
        return
    if pbp is not None:
        await pbp.set_thread(reply.game_id, thread.id)
    if reply.public:
        await send.to_channel(thread, reply.public, ours)
    await send.followup(interaction, tr("pbp.thread.opened", mine, thread=thread.id), ephemeral=True)


# --- persistent buttons ------------------------------------------------------------------
class PbpButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"pbp:(?P<action>mute|vote|rematch|page):(?P<args>[0-9a-z:]+)"):
    """Every play-by-post button. The custom id holds the action and its arguments."""

    def __init__(self, custom_id: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))
        self.custom_id = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(item.custom_id, item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.custom_id)


async def press(interaction: discord.Interaction, custom_id: str) -> None:
    """Handle a button press (also the entry point for tests)."""
    pbp = pbp_of(interaction)
    _, action, *args = custom_id.split(":")
    if action in ("page", "rematch") and not await _here(interaction, action, args):
        # a forged or damaged id, or one naming another channel's game: that table may be private
        await interaction.response.send_message(t("component.elsewhere", await user_locale(interaction)),
                                                ephemeral=True)
        return
    if action == "page":  # history pages: acknowledge first (the log may be long), then turn the page in place
        wait = limits.wait(interaction.client, "history", limits.HISTORY, interaction.user.id)
        if wait is not None:  # a page replays the log: a few a minute per user
            await interaction.response.send_message(t("limit.cooldown", await user_locale(interaction), seconds=wait),
                                                    ephemeral=True)
            return
        await interaction.response.defer()
        outcome = await pbp.history(interaction.channel_id, int(args[1]), game_id=int(args[0]))
        mine = await user_locale(interaction)
        await interaction.edit_original_response(content=clip(tr_line(outcome.private or "", mine)),
                                                 view=send.view_of(outcome.buttons, mine))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    # a vote that resumes the table: its reminders after the reply
    async with holding(interaction, _game_named(action, args)):
        user = interaction.user.id
        try:
            if action == "mute":
                outcome = await pbp.mute(int(args[0]), int(args[1]), int(args[2]), user)
            elif action == "vote":
                outcome = await pbp.vote(int(args[0]), user, args[1])
            elif action == "rematch":
                outcome = await pbp.rematch(int(args[0]), user)
            else:
                outcome = Outcome(ok=False, private=tr("pbp.cmd.unknown_button", _locale(interaction)))
        except (ValueError, IndexError):
            outcome = Outcome(ok=False, private=tr("pbp.cmd.broken_button", _locale(interaction)))
        except StoreUnavailable as err:  # the database refused the write: say why (nothing changed)
            log.warning("button %s: the store refused (%s)", custom_id, err)
            outcome = Outcome(ok=False, private=t(f"store.{err.kind}", await user_locale(interaction)))
        except Exception:  # never leave the presser with an endless "thinking…"
            log.exception("button %s failed", custom_id)
            outcome = Outcome(ok=False, private=tr("error.internal", _locale(interaction)))
        if action in ("vote", "rematch") and outcome.ok and await _closed(pbp, action, args):
            try:
                await interaction.message.edit(view=None)  # the question is settled: no more buttons
            except (discord.HTTPException, AttributeError):
                pass
        await deliver(interaction, outcome)


def _game_named(action: str, args: list[str]) -> int | None:
    """The game a button names, if it is a DM's "mute" (the others are clicked in the game's channel)."""
    return int(args[0]) if action == "mute" and args and is_number(args[0], 19) else None


async def _here(interaction: discord.Interaction, action: str, args: list[str]) -> bool:
    """Whether a button's arguments are well formed and name a game of the channel it is clicked in
    (a history page: game and page number; a rematch: the game). A reminder's "mute" is clicked in
    a DM: its seat is checked against the clicker by the service."""
    if len(args) != {"page": 2, "rematch": 1}[action] or not all(is_number(a, 19) for a in args):
        return False
    record = await interaction.client.store.game(int(args[0]))
    return record is not None and record.channel_id == interaction.channel_id


async def _closed(pbp: Pbp, action: str, args: list[str]) -> bool:
    if action == "rematch":
        return True
    return not await pbp.poll_open(int(args[0]))


# --- wiring -------------------------------------------------------------------------------
COMMANDS = (undo_command, games_command, me_group)


def setup_pbp_commands(tree: app_commands.CommandTree) -> None:
    """Top-level commands; the ``/game`` subcommands joined the bot's group on import."""
    for command in (*COMMANDS, *away.COMMANDS, *planner.COMMANDS):
        if tree.get_command(command.name) is None:
            tree.add_command(command)


class _SleepingClock:
    """Gives a now()-only clock (the session manager's) the ``sleep`` the dispatcher needs."""

    def __init__(self, clock):
        self._clock = clock

    def now(self):
        return self._clock.now()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


#: Designed: a bot's (or a dropped seat's) move comes at least 3 s after the channel's last one,
#: at most 12 a minute per channel: a table of bots plays at reading speed
BOT_PACE = (3.0, 12)


async def start_pbp(client, run: bool = True) -> Pbp:
    """Create the service on the client's sessions, add the commands and buttons, start the dispatcher.

    Call it once the sessions are loaded and before syncing commands (``setup_hook``).
    """
    setup_pbp_commands(client.tree)
    clock = client.clock or timers.SystemClock()
    if not hasattr(clock, "sleep"):
        clock = _SleepingClock(clock)
    limit = client.settings.game_limit  # GAME_LIMIT (0 = no limit)
    notifier = DiscordNotifier(client)
    pbp = Pbp(client.sessions, client.settings.database_url or client.settings.db_path, notifier, clock,
              game_limit=DEFAULT_GAME_LIMIT if limit is None else limit, bot_pace=BOT_PACE)
    client.pbp = pbp
    # the checks the core commands ask the client for (``bot.discord.cogs.table`` does not import this module)
    client.before_new, client.before_join, client.board_at = before_new, refuse_over_limit, board_at
    # boards drawn without an interaction (a bot's or a timed-out move, the summary) in the channel's language
    client.sessions.place_locale = lambda record: notifier.locale(record.guild_id)
    if hasattr(client, "add_dynamic_items"):
        client.add_dynamic_items(PbpButton, *away.DYNAMIC_ITEMS, *planner.DYNAMIC_ITEMS)

    async def on_thread_update(before: discord.Thread, after: discord.Thread) -> None:
        if after.archived and await pbp.game_thread(after.id):
            await keep_open(after)

    client.on_thread_update = on_thread_update

    async def on_app_command_completion(interaction: discord.Interaction, _command) -> None:
        """After any command: the note owed to a player whose daily digest Discord refused (once)."""
        note = await pbp.digest.note(interaction.user.id)
        if note is not None:
            try:
                await interaction.followup.send(tr_line(note, await user_locale(interaction)), ephemeral=True)
            except discord.HTTPException:
                log.warning("could not tell %s their digest is off", interaction.user.id, exc_info=True)

    client.on_app_command_completion = on_app_command_completion
    await pbp.start(run=run)
    return pbp


async def setup(bot) -> None:
    """Extension entry point (``bot.discord.app.EXTENSIONS``): the play-by-post layer on a prepared bot."""
    await start_pbp(bot)
