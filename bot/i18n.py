"""Every sentence the bot says, by key, so other languages can be added as data.

``t("move.illegal", reason=...)`` looks the key up in the active locale's
catalog, falls back to English, then to the key itself. Add a language by
adding a dict to ``CATALOGS`` (Traditional Chinese, ``zh-TW``, is next).
"""

from __future__ import annotations

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
    # generic
    "error.internal": "Something went wrong on my side; the game is unchanged. Please try again.",
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
    "up.now": "Up: {who}",
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
    "undo.nothing": "There is no move to take back.",
    "undo.done": "Took back move {n} ({name}: `{move}`).",
    "undo.done_secret": "Took back move {n} ({name}'s secret choice).",
    # the local console (python -m bot.console)
    "console.hint": "Type `SEAT MOVE` (e.g. `0 pass`), `moves SEAT` to list legal moves, `board`, `hand SEAT`, "
                    "`undo`, `help` or `quit`.",
    "console.image": "  [image: {path}]",
    "console.resume": "Resuming game {id} at move {n}.",
    "console.as": "Now playing as seat {seat}.",
    "console.which_seat": "Which seat? e.g. `{example}`.",
    "console.whose_move": "Whose move? Start the line with a seat number (waiting for: {waiting}) or use `as N`.",
    "console.no_moves": "Seat {seat} has no move now.",
    "console.error": "Error on this line: {error}",
    "console.saved": "The game is saved in {db}; run the same command again to carry on.",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}
DEFAULT_LOCALE = "en"


def t(key: str, locale: str | None = None, **kw) -> str:
    """The sentence for ``key`` in ``locale`` (fallback English), filled with ``kw``."""
    template = CATALOGS.get(locale or DEFAULT_LOCALE, EN).get(key) or EN.get(key) or key
    try:
        return template.format(**kw)
    except (KeyError, IndexError, ValueError):
        return template
