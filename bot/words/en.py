"""The bot's English catalog: every sentence of the Discord layer, the console
and the play-by-post layer, by key.

Keys are written here without their ``bot.`` prefix (``"move.illegal"``) and
registered as ``bot.move.illegal`` in the shared registry
(``games.core.messages``); ``bot.words.i18n.t("move.illegal")`` finds them either
way. The Traditional Chinese catalog (``zh_TW.py``) has the same keys.
Per-game button and menu texts live beside their UI (``bot/table/games/<game>.py``)
and register the same way.
"""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    # slash command descriptions (Discord limits them to 100 characters)
    "cmd.game": "Set up and run a board game in this channel",
    "cmd.game.new": "Open a table for a game in this channel (you take the first seat)",
    "cmd.game.join": "Take a seat at the table in this channel",
    "cmd.game.leave": "Give up your seat before the game starts",
    "cmd.game.start": "Start the game with the seated players",
    "cmd.game.status": "Who is seated, whose turn it is, and the board",
    "cmd.game.board": "Post the current board",
    "cmd.game.abort": "End the game here without a result (creator or Manage Server)",
    "cmd.move": "Play a move (autocomplete lists your legal moves)",
    "cmd.hand": "Your private view (cards, secret choices): only you see it",
    "cmd.help": "The games I run, or one game's rules summary and notation",
    "arg.game": "Which game",
    "arg.player": "Seat this player too",
    "arg.options": "Table options as name=value pairs (see /help game)",
    "arg.move": "Your move in the game's notation, e.g. 'sell tenerife'",
    "arg.thread": "Open a dedicated thread for this game",
    "arg.time": "Time limit: none (default), move:48 (hours per move) or chess:10+1 (days + days per turn)",
    "arg.board_move": "Show the board as it was after this move number (replayed from the log)",
    "arg.help_game": "A game id for its notation cheat sheet",
    "arg.my_language": "The language of my replies to you: auto (your Discord language), en or zh-TW",
    "arg.server_language": "This server's language for boards and announcements (Manage Server)",
    "language.mine": "From now on I answer you in {language}.",
    "language.server": "This server's announcements and boards are now in {language}.",
    "language.server_denied": "Only someone with Manage Server can set this server's language.",
    # generic
    "error.internal": "Something went wrong on my side; the game is unchanged. Please try again.",
    "restarting": "I am restarting right now, so I did nothing with that; the games are safe. "
                  "Please try again in a minute.",
    "error.cannot_post": "I may not post in this channel, so only you see this (the move counts). Give me "
                         "*Send Messages* and *Attach Files* here so the table sees the board.",
    "no_game": "There is no game in this channel. Start one with `/game new`.",
    "no_game_running": "The game here has not started yet. Seated players can start it with `/game start`.",
    "game_over_already": "This game is over. Start a new one with `/game new`.",
    "game.broken": "This game could not be reloaded after an update ({reason}). Ask the creator to `/game abort` it.",
    "unknown_game": "I don't know the game '{game}'. Games: {known}.",
    # /game new, join, leave, start, abort
    "new.busy": "This channel already has a game of {game} ({status}). Finish or `/game abort` it first, "
                "or play in a thread.",
    "new.bad_options": "Those options don't work: {reason}",
    "new.bad_option_syntax": "Write options as `name=value`, separated by spaces (got '{text}').",
    "new.too_many": "{game} is for {min}-{max} players; you named {count}.",
    "new.created": "{creator} set up a table for **{game}** ({min}-{max} players). Seated: {seated}.",
    "new.how_to_join": "Join with `/game join`; a seated player starts with `/game start`.",
    "join.done": "{name} joins the table for {game} (seat {seat}). Seated: {seated}.",
    "join.already": "You already have a seat at this table.",
    "join.full": "The table is full ({max} players).",
    "join.started": "This game has already started; seats can't change now.",
    "leave.done": "{name} leaves the table. Seated: {seated}.",
    "leave.closed": "{name} left and the table is empty, so it is closed.",
    "leave.not_seated": "You don't have a seat at this table.",
    "leave.started": "The game is running; you can't leave now. The creator (or a server manager) can "
                     "`/game abort` it.",
    "start.not_seated": "Only a seated player can start the game.",
    "start.count": "{game} needs {min}-{max} players; {count} seated. Others can `/game join`.",
    "start.already": "The game is already running.",
    "start.done": "**{game}** begins! Seats: {seating}.",
    "abort.denied": "Only the creator of this game or someone with Manage Server can abort it.",
    "abort.done": "{name} aborted the game of {game} after {moves} moves.",
    # moves
    "move.not_seated": "You don't have a seat in this game, so you can't move. Watch along with `/game board`.",
    "move.not_your_turn": "It isn't your turn: the table is waiting for {who}.",
    "move.illegal": "That move doesn't work: {reason}",
    "move.empty": "Type a move. For help: `/help {game}`.",
    "move.stale": "The table had moved on meanwhile; I caught up. Look at the board and send your move again.",
    "move.played": "{name}: `{move}`",
    "move.ready": "{name} is ready ({ready}/{total}).",
    "move.secret_ok": "Your secret choice is in: {detail}",
    "move.done_private": "Done: `{move}`.",
    "join.sentences": "{a} {b}",
    "join.stop": "{a}.",
    "wait.days": {"one": "{n} day", "other": "{n} days"},
    "wait.days_hours": {"one": "{n} day {h} h", "other": "{n} days {h} h"},
    "wait.hours": "{n} h",
    "wait.hours_minutes": "{n} h {m} min",
    "wait.minutes": "{n} min",
    "clock.move": "{h} h per move",
    "clock.chess": "chess clock {d} days + {inc} per turn",
    "clock.none": "no time limit",
    "join.lines": "{a}\n{b}",
    "join.concat": "{a}{b}",
    "result.part": "{label} {points}",
    "result.detail": " ({parts})",
    "help.bullet": "- {line}",
    "autocomplete.game": "{game} ({min}-{max} players)",
    "autocomplete.preset": "sets {n} options at once: {names}",
    "join.dot": "{a} · {b}",
    "month.1": "Jan",
    "month.2": "Feb",
    "month.3": "Mar",
    "month.4": "Apr",
    "month.5": "May",
    "month.6": "Jun",
    "month.7": "Jul",
    "month.8": "Aug",
    "month.9": "Sep",
    "month.10": "Oct",
    "month.11": "Nov",
    "month.12": "Dec",
    "history.when": "{day} {mon} {time} UTC",
    "up.now": "Up: {who}",
    "asks": "{who}: {what}",
    "autocomplete.no_match": "No legal move starts with '{prefix}'. Clear the field to see your moves.",
    "up.you": "Your turn.",
    # status, board, hand, results
    "status.open": "**{game}**: a table waiting to start. Seated ({count}): {seated}.",
    "status.running": "**{game}**, move {n}. Players: {seating}.",
    "status.last": "Last: {last}",
    "status.creator": "Created by {name}.",
    "hand.title": "Your private view of {game} (seat {seat}, {name}).",
    "hand.only_you": "Only you can see this: your cards, choices and supplies are in the image.",
    "hand.nothing": "Nothing is hidden from the others in this position.",
    "result.over": "**Game over!** {winners} {verb}.",
    "result.win": "wins",
    "result.share": "share the win",
    "result.line": "{place}. {name}: {score} points{detail}",
    "result.tiebreak": "Tie-break: {tiebreak}.",
    # help
    "help.list_title": "Games I can run:",
    "help.list_line": "**{name}** (`{id}`, {min}-{max} players): {summary}",
    "help.list_footer": "`/help game:<id>` shows a game's notation. `/game new` starts a table; `/move` plays "
                        "(autocomplete lists your legal moves); `/hand` shows your secrets privately.",
    "help.game_title": "**{name}** ({min}-{max} players)",
    "help.options": "Options: {options}",
    "help.option": "`{name}` (default {default}): {description}",
    "help.unverified": "Values we could not verify (designed for this bot; marked ◇ on the cards and tiles "
                       "that carry them):",
    "undo.nothing": "There is no move to take back.",
    "undo.done": "Took back move {n} ({name}: `{move}`).",
    "undo.done_secret": "Took back move {n} ({name}'s secret choice).",
    # the local console (python -m bot.console)
    "console.hint": "Type `SEAT MOVE` (e.g. `0 pass`), `moves SEAT` to list legal moves, `board`, `hand SEAT`, "
                    "`undo`, `help` or `quit`.",
    "console.image": "  [image: {path}]",
    "console.help": (
        "    2 sell tenerife     seat 2 plays \"sell tenerife\"\n"
        "    as 2                from now on, bare moves are played by seat 2\n"
        "    sell tenerife       a bare move: the current seat (or the only seat to move)\n"
        "    moves [SEAT] [PFX]  list the legal moves (next-token completions); \"2 moves\" too\n"
        "    menu [SEAT]         the Play menus, numbered: type a number to pick (0: back to the top)\n"
        "    board               status and the board PNG\n"
        "    hand 2              seat 2's private view (and hand_2.png)\n"
        "    undo                take back the last move\n"
        "    help                this text; `help game` for the game's notation\n"
        "    quit                leave (end of input does the same)"),
    "console.resume": "Resuming game {id} at move {n}.",
    "console.as": "Now playing as seat {seat}.",
    "console.which_seat": "Which seat? e.g. `{example}`.",
    "console.whose_move": "Whose move? Start the line with a seat number (waiting for: {waiting}) or use `as N`.",
    "console.no_moves": "Seat {seat} has no move now.",
    "console.no_seat": "There is no seat {seat}: the seats are 0 to {last}.",
    "console.bot_seat": "Seat {seat} is {name}: it moves on its own.",
    "console.error": "Error on this line: {error}",
    "console.bad_bots": "With {players} seats, --bots can be 0 to {players} minus one: at least one seat is yours.",
    "console.saved": "The game is saved in {db}; run the same command again to carry on.",
    # --- the play-by-post layer: reminders, time limits, polls, settings, listings
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
    "pbp.timeout": "⌛ {name} ran out of time in {game} ({control}). {who}, the other players, decide (majority): {choices!l}.",
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
    "pbp.undo.ask": "↩️ {name} asks to take back moves #{first}–#{last} ({reason}). Everyone else must agree: {who}.",
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
    "undo.over": "The game is over; its moves can no longer be taken back.",
    "undo.none": "You have no move to take back.",
    "undo.why.acted": "another player has acted since",
    "undo.why.hidden": "hidden information was revealed",
    "undo.why.random": "randomness was resolved",
    "undo.and": "{some} and {last}",
    "undo.nobody": "{why!c} and nobody can consent.",
    "clock.err.mode": "Time control must be one of {modes}.",
    "clock.err.move_hours": "A per-move limit is {lo} to {hi} hours.",
    "clock.err.chess_days": "A chess clock starts with {lo} to {hi} initial days and adds 0 to {inc} days a turn.",
    "clock.err.parse": "'{text}' is not a time control: use none, move:48 (hours) or chess:10+1 (days).",
    "clock.err.vacation": "A vacation lasts 1 to {days} days.",
    "tz.err.unknown": "Unknown time zone '{name}' (use a name like Europe/Berlin or Asia/Taipei).",
    "tz.err.hhmm": "'{text}' is not a time of day; use HH:MM such as 22:00.",
    "history.err.range": "There are {n} moves; pick a move number from 0 to {n}.",
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
    # bot seats (bot/table/bot_seats.py)
    "cmd.game.bot": "Seat a bot at this table (it moves on its own)",
    "arg.bots": "How many bot seats to add (practice alone, or fill the table)",
    "botseat.name": "Bot {n} 🤖",
    "botseat.add_not_seated": "Only a seated player can add a bot to this table.",
}

#: Discord command and option names (the English ones are the names themselves;
#: ``zh_TW.NAMES`` localizes them, the translator in ``bot.discord.glue`` reads both)
NAMES: dict[str, str] = {}


def _names() -> None:
    from .zh_TW import NAMES as ZH_NAMES

    for key in ZH_NAMES:
        NAMES[key] = key.rsplit(".", 1)[1]


_names()
EN.update(NAMES)

register("en", {f"bot.{key}": text for key, text in EN.items()})
