"""Every sentence of the play-by-post layer, by key (English), merged into ``bot.i18n``.

Kept apart from the core catalog so the two layers can grow independently;
a translation adds the same keys to its locale's catalog in ``bot.i18n``.
"""

from __future__ import annotations

from .i18n import EN, t

PBP_EN: dict[str, str] = {
    # reminders
    "pbp.remind": "⏰ <@{user}>, your move in **{game}** in {where}: the table has waited {waited}.",
    "pbp.remind.board": " Latest board: {link}",
    "pbp.remind.mute": "Mute reminders this turn",
    "pbp.stalled": "⏸️ This game of {game} is stalled: the table has waited {waited} for {name}, and reminders "
                   "did not help. Wait, ask them, or settle it: `/game abort`, or a time limit decides once one is set.",
    "pbp.mute.not_yours": "Only the reminded player can mute these reminders.",
    "pbp.mute.over": "That turn is over already; nothing to mute.",
    "pbp.mute.done": "Reminders for this turn are muted. They start again on your next turn.",
    # time limits
    "pbp.timeout": "⌛ {name} ran out of time in {game} ({control}). The other players decide (majority): {choices}.",
    "pbp.timeout.wait": "Wait longer",
    "pbp.timeout.skip": "Skip this turn",
    "pbp.timeout.drop": "Drop the player",
    "pbp.timeout.waits": "The table waits for {name}: {grace} more.",
    "pbp.timeout.skipped": "{name}'s turn is skipped (`{move}`).",
    "pbp.timeout.dropped": "{name} is dropped: their seat now plays the simplest legal move each turn so the game "
                           "can finish.",
    "pbp.timeout.decided": "Decided: {choice}.",
    "pbp.automatic": "(automatic for {name}) ",
    "pbp.up": "Up: {who}",
    # polls
    "pbp.poll.closed": "This question is closed already.",
    "pbp.poll.no_game": "That game is not running any more.",
    "pbp.poll.not_voter": "Only the other players at this table can decide.",
    "pbp.poll.counted": "Vote counted ({votes}/{voters}).",
    "pbp.poll.unknown": "Unknown question.",
    # vacation, settings
    "pbp.vacation.none": "You are not playing in any running game.",
    "pbp.vacation.done": "Enjoy your break: your clocks in {count} game(s) are paused until {until}.",
    "pbp.vacation.public": "🏖️ <@{user}> is on vacation until {until}; their clock is paused.",
    "pbp.settings.no_game": "There is no game in this channel.",
    "pbp.settings.not_seated": "Only a seated player can change this table's settings.",
    "pbp.settings.started": "The time control is chosen before the game starts.",
    "pbp.settings.hours": "Remind after 1 to 336 hours.",
    "pbp.settings.time": "time control: {control}",
    "pbp.settings.remind": "reminders after {hours} h",
    "pbp.settings.show": "This table: reminders after {hours} h, {control}.",
    "pbp.settings.changed": "Table settings: {what}.",
    "pbp.prefs.quiet_format": "Quiet hours look like 22:00-07:00.",
    "pbp.prefs.done": "Your reminders: after {every}, quiet hours {quiet} ({tz}), {how}.",
    "pbp.prefs.table_interval": "the table's interval",
    "pbp.prefs.none": "none",
    "pbp.prefs.dm": "by DM",
    "pbp.prefs.channel": "in the game channel",
    "pbp.limit": "You are already in {count} games (the limit is {limit}); finish one first.",
    # archive, listings
    "pbp.archived": "🗄️ This game of {game} had no move for {days} days, so it is ended and archived after "
                    "{moves} moves. Start a new one any time with `/game new`.",
    "pbp.list.open": "open, {count} seated",
    "pbp.list.waiting": "up: {who}, waiting {waited}",
    "pbp.list.stalled": " (stalled)",
    "pbp.list.line": "• **{game}** in <#{channel}> — {players} — {status}",
    "pbp.list.none": "No running games.",
    "pbp.list.none_mine": "You are not in any running game.",
    "pbp.list.title": "Games on this server:",
    "pbp.list.title_mine": "Your games, most urgent first:",
    # undo
    "pbp.undo.no_game": "There is no running game here.",
    "pbp.undo.not_seated": "Only a seated player can undo.",
    "pbp.undo.pending": "An undo is already waiting for consent here.",
    "pbp.undo.ask": "↩️ {name} asks to take back moves #{first}–#{last} ({reason}). Everyone else must agree.",
    "pbp.undo.asked": "Asked the table for consent.",
    "pbp.undo.allow": "Allow undo",
    "pbp.undo.refuse": "Refuse",
    "pbp.undo.not_voter": "Only the other players at this table can answer.",
    "pbp.undo.refused": "The undo {asker} asked for is refused by {name}.",
    "pbp.undo.refused_you": "Refused.",
    "pbp.undo.agreed_some": "Agreed ({votes}/{voters}).",
    "pbp.undo.stale": "Moves were played since the request; ask again.",
    "pbp.undo.agreed": "Agreed; the moves are taken back.",
    "pbp.undo.consent": " with everyone's consent",
    "pbp.undo.one": "move #{first}",
    "pbp.undo.many": "moves #{first}–#{last}",
    "pbp.undo.done": "↩️ Undo{how}: {name} took back {span}.",
    # history, board
    "pbp.history.none": "No game has been played in this channel yet.",
    "pbp.history.moved": "{name} moved",
    "pbp.history.title": "Moves, page {page}/{pages}:",
    "pbp.history.empty": "No moves yet.",
    "pbp.history.older": "◀ Older",
    "pbp.history.newer": "Newer ▶",
    "pbp.board.at": "The board after move {n} of {total}.",
    # the end
    "pbp.over.one": "🏁 **{game}** is over: {winners} wins. Score breakdown below.",
    "pbp.over.shared": "🏁 **{game}** is over: {winners} share the win. Score breakdown below.",
    "pbp.rematch": "Rematch",
    "pbp.rematch.gone": "That game is gone.",
    "pbp.rematch.not_player": "Only a player of that game can start the rematch.",
    "pbp.rematch.not_over": "That game is not finished.",
    "pbp.rematch.posted": "🔁 Rematch! ",
    "pbp.rematch.done": "Rematch started.",
    # commands
    "pbp.cmd.done": "Done.",
    "pbp.cmd.failed": "That did not work.",
    "pbp.cmd.broken_button": "This button is broken.",
    "pbp.cmd.unknown_button": "Unknown button.",
    "pbp.thread.cannot": "I can't open a thread here; use `/game new` without `thread`, or run it inside a text channel.",
    "pbp.thread.opened": "The table is open in <#{thread}>: moves in that thread go to this game.",
    # command and option descriptions (Discord shows them in the command picker)
    "pbp.cmd.game.settings": "Reminder interval, and (before the start) the time control",
    "pbp.arg.remind": "Hours before the waited-for player is reminded (default 12)",
    "pbp.arg.time": "none, move:48 (hours per move) or chess:10+1 (days + days per turn)",
    "pbp.cmd.game.vacation": "Pause your clock in all your games for some days",
    "pbp.arg.days": "How many days (1-30)",
    "pbp.cmd.game.history": "The move log: who played what, when",
    "pbp.arg.page": "Page number (default: the latest)",
    "pbp.cmd.undo": "Take back your last move(s); wider undos ask the table",
    "pbp.arg.undo_moves": "How many of your own moves (default 1)",
    "pbp.cmd.games": "Running games on this server, or yours everywhere",
    "pbp.arg.which": "server (default) or mine",
    "pbp.cmd.me": "Your own settings",
    "pbp.cmd.me.settings": "Your reminders: interval, quiet hours, time zone, DM",
    "pbp.arg.my_remind": "Your own reminder interval in hours (overrides the table's)",
    "pbp.arg.quiet": "Quiet hours in your time, e.g. 22:00-07:30, or off",
    "pbp.arg.timezone": "Your time zone, e.g. Europe/Berlin or Asia/Taipei",
    "pbp.arg.dm": "Remind me by direct message instead of a mention in the channel",
}

for _key, _text in PBP_EN.items():
    EN.setdefault(_key, _text)


def tr(key: str, locale: str | None = None, **kw) -> str:
    """``bot.i18n.t`` for the play-by-post keys (they are registered on import)."""
    return t(key, locale, **kw)
