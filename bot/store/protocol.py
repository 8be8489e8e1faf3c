"""What the rest of the bot may ask of a store: the :class:`Store` protocol.

Two backends satisfy it, :class:`bot.store.sqlite.SqliteStore` (the file, the default) and
:class:`bot.store.postgres.PgStore` (``DATABASE_URL``). The table layer types its store as
``Store`` and never learns which one it holds; ``tests/store/test_store_protocol.py`` checks
that both classes have every method below with the same parameters, and runs each one against
a SQLite file and the real PostgreSQL server the tests start.

The play-by-post rows and the timers are not here: their small synchronous statements run
on the database thread (``bot/store/pbp.py``, ``bot/store/timers.py``), one class for both
backends with each statement written for each (``bot/store/statements.py``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .leagues import League, LeaguePlayer, LeagueResult, LeagueTable, NewLeague, Owed, OwedBy, OwedLeaguePost
from .records import (
    Finish,
    GameRecord,
    MoveRecord,
    OwedPost,
    Rating,
    RatingPoint,
    ResultRow,
    SeatRecord,
    Snapshot,
)
from .resume import Resumed
from .shards import Shards


@runtime_checkable
class SyncReader(Protocol):
    """What ``Store.sync_reader`` gives: a game's snapshot and log, read without a coroutine."""

    def snapshot(self, game_id: int) -> Snapshot | None: ...

    def moves(self, game_id: int) -> list[MoveRecord]: ...


@runtime_checkable
class Store(Protocol):
    """Every game, seat, move, snapshot and setting the bot keeps.

    Writes are all or nothing and durable when they return. A constraint that refuses a write
    (move n already logged, the channel already has a game, a stale revision) raises
    :class:`bot.store.Conflict`; a database that cannot write (full, read-only, locked, gone)
    raises :class:`bot.store.StoreUnavailable` and nothing was written. Times are aware UTC
    datetimes in, ISO 8601 text (milliseconds) out.
    """

    #: ``"sqlite"`` or ``"postgresql"``
    kind: str
    #: writes committed so far (the load bench prints it)
    commits: int

    async def close(self) -> None: ...

    # --- schema -------------------------------------------------------------------------
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def migrate(self) -> int:
        """Apply every migration newer than the schema (``open`` does); returns the version."""

    async def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the live database (SQLite); PostgreSQL refuses (use pg_dump)."""

    # --- games and seats --------------------------------------------------------------------
    async def create_game(self, game: str, engine_version: int, options: dict, seed: int, guild_id: int | None,
                          channel_id: int, creator_id: int, seats: list[tuple[int, str]], at: datetime,
                          parent_id: int | None = None, rated: bool = True) -> int:
        """An open game and its first seats; its id. Conflict if the channel already has one.
        ``rated`` False: the table option rated:false (its results move no rating)."""

    async def set_seats(self, game_id: int, seats: list[tuple[int, str]], at: datetime) -> None:
        """The open game's seats, (user id, display name) in seat order."""

    async def hand_over_seat(self, game_id: int, seat: int, user_id: int, display_name: str, holders: list,
                             at: datetime) -> None:
        """A running game's seat changes hands (``/game replace``): the seat's row now names the
        new holder and the game's list of holders (settings ``holders``, the game's id, ``seats``)
        becomes ``holders``, together. Conflict if the new holder already holds a seat there."""

    async def start_game(self, game_id: int, seats: list[tuple[int, str]], snapshot: str,
                         engine_version: int, at: datetime, owed: str | None = None) -> None:
        """The final seats, status running and the move-0 snapshot, together (and the post the
        start owes its table, ``owed``: the outbox)."""

    async def set_status(self, game_id: int, status: str, at: datetime, finish: Finish | None = None) -> None:
        """A game's status; a game no longer open or running loses its timers. ``finish``: the
        results rows of a game aborted after its start, in the same transaction."""

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """The message holding the game's latest board (reminders link to it)."""

    async def set_paused(self, game_id: int, reason: str | None, channel_id: int | None = None,
                         parent_id: int | None = None) -> None:
        """A game leaves its table (``reason`` "orphaned": its channel is gone; it is no longer loaded,
        listed or counted) or comes back (None), moved to ``channel_id`` (a thread's ``parent_id``)."""

    async def paused_games(self, user_id: int | None = None) -> list[GameRecord]:
        """Open and running games away from their table (only those ``user_id`` sits in, when given)."""

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's open or running game."""

    async def latest_played(self, channel_id: int) -> GameRecord | None:
        """The channel's newest game past its opening (running, finished or aborted)."""

    async def active_games(self, shards: Shards | None = None) -> list[GameRecord]:
        """Open and running games, oldest first (only ``shards``' guilds when given)."""

    async def seats(self, game_id: int) -> list[SeatRecord]: ...

    # --- the move log -----------------------------------------------------------------------
    async def append_move(self, game_id: int, n: int, seat: int, text: str, kind: str, summary: str,
                          barrier: bool, snapshot: str | None, engine_version: int, at: datetime,
                          status: str = "running", rev: int | None = None, turn_steps: str | None = None,
                          owed: str | None = None, interaction_id: int | None = None,
                          finish: Finish | None = None, then: Callable[[Any], object] | None = None) -> int:
        """Move n and (unless ``snapshot`` is None: it rides with every few moves) the snapshot
        after it in one transaction; the game's new revision.
        Conflict if move n is logged or ``rev`` is not the game's revision. In the same
        transaction: ``owed``, the post the move owes its table (the outbox), ``interaction_id``,
        the interaction that made it (Conflict if it made one already), and ``finish`` (the move
        ends the game): its results rows and the ratings they move.

        ``then``: the step that follows the move (the play-by-post layer's bookkeeping), a
        synchronous ``then(conn)`` run last inside the move's transaction, on the thread and
        connection the play-by-post statements use (``bot.store.threads``). It commits with the
        move or not at all; a failure of its own (a bug, a refused constraint) is rolled back
        alone and logged, and the move still commits (the step then runs again after the
        commit). Only given when the play-by-post layer's database thread says ``joins_moves``
        (SQLite's :class:`bot.store.threads.StoreThread`, PostgreSQL's
        :class:`bot.store.postgres.PgStepThread`); a backend whose thread does not runs the step
        after the move's commit, as before. ``then.together(conn, thens)``, when the step has it:
        several moves' steps run as one (the same outcome, their reads once), for a backend that
        commits a batch of moves in one transaction (both: SQLite through
        ``threads.joined_steps`` after the batch's moves); raising, none of them stands."""

    async def drop_last_move(self, game_id: int, n: int, snapshot: str, engine_version: int, at: datetime,
                             rev: int | None = None) -> int:
        """Undo: delete move n (the last) and store the snapshot before it; the new revision."""

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The log, move 1 first."""

    async def snapshot(self, game_id: int) -> Snapshot | None: ...

    async def move_times(self, game_id: int) -> list[tuple[int, str]]:
        """(seat, at) of every logged move, in order."""

    async def pbp_marks(self, game_id: int) -> tuple[set[int], bool]:
        """Play-by-post's marks on a game: the seats handed to a bot, and whether it was archived."""

    async def save_snapshot(self, game_id: int, n: int, engine_version: int, state: str, at: datetime,
                            rev: int | None = None, waiting: list[int] | None = None) -> bool:
        """A snapshot rebuilt from the log; with ``rev``, only while the game is still at it;
        ``waiting``: the seats the state waits for (a restart then needs not decode it)."""

    def sync_reader(self) -> SyncReader | None:
        """Synchronous reads of one game's stored snapshot and log (from any thread), or None when
        the backend has none (then a restart keeps the snapshots in memory, compressed)."""

    async def resume_rows(self, shards: Shards | None = None) -> list[Resumed]:
        """Every open or running game with its seats, move count and snapshot's number and waited-for
        seats (not its text), in a few statements for all: what a restart reads."""

    def resume_pages(self, shards: Shards | None = None) -> AsyncIterator[list[Resumed]]:
        """:meth:`resume_rows` a page of games at a time."""

    async def check_pages(self) -> str | None:
        """Every page of the database checked, at low priority, after a restart is ready (the start
        checks only what does not grow with the file): None when sound; else what was found, logged
        as an error, and every later write refused (SQLite; PostgreSQL checks its own pages)."""

    # --- what the table is owed (the outbox), the interactions applied ----------------------
    async def owed_posts(self, shards: Shards | None = None) -> list[OwedPost]:
        """Posts moves owe their tables, not delivered yet nor given up, oldest first (games at
        their table only; ``shards``' guilds only when given)."""

    async def post_owed_at(self, game_id: int, n: int) -> str | None:
        """When move n's post was made (its row's ``created_at``) if it is still owed: None once it was
        delivered or given up, or its move undone."""

    async def post_delivered(self, game_id: int, n: int, message_id: int, board: bool = False,
                             made: str | None = None) -> bool:
        """Move n's post was delivered as Discord's message ``message_id`` (``board``: it carries the
        game's latest board, which reminders link to). The row keeps the message id, not the post's
        JSON (an empty text: only an owed post is read). ``made``: the row's ``created_at`` the post
        was owed with; a row written since (the move made again after an undo) is left owed.
        False when no row owed it any more: its move was undone while it was on its way (nothing
        changes then; the caller takes the message back)."""

    async def post_failed(self, game_id: int, n: int, reason: str) -> None:
        """Move n's post can never be delivered (``reason``: the channel is gone, no right to post)."""

    async def recent_interactions(self, since: datetime) -> list[int]:
        """The ids of the interactions that made a move since ``since`` (older ones are forgotten),
        and of those a closing bot kept (``keep_interactions``)."""

    async def keep_interactions(self, handled: list[tuple[int, datetime]]) -> None:
        """(interaction id, when it came) of the interactions a closing bot handled without a move:
        Discord may deliver one again to the next start within its token's 15 minutes. An id
        already kept (a move's) stays as it is."""

    # --- settings -----------------------------------------------------------------------------
    async def get_setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any: ...

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...

    async def scope_ids(self, scope: str, key: str) -> list[int]:
        """Every ``scope_id`` that has the setting ``key`` in ``scope``, in one read (a start asks
        which games have standing orders instead of reading each game's)."""

    # --- records (bot/store/results.py) -------------------------------------------------------
    async def results(self, game_id: int) -> list[ResultRow]:
        """A game's results rows by seat ([] while it runs, or if it never started)."""

    async def games_to_backfill(self) -> list[int]:
        """Ended games (past their start) without results rows, oldest first."""

    async def add_results(self, rows: list[ResultRow]) -> bool:
        """A game's rows written after the fact, unless it has some; whether they were written."""

    async def recompute_ratings(self, rate_all: Any) -> tuple[int, int]:
        """Every rating and its history again from the rated results; (ratings, games rated)."""

    async def ratings(self) -> list[Rating]: ...

    async def rating_points(self) -> list[RatingPoint]: ...

    async def leaderboard(self, game: str, scope: int, offset: int, limit: int) -> tuple[list[tuple[int, Rating]], int]:
        """A page of (place, rating) in the leaderboard's order, and how many are rated."""

    async def leaderboard_row(self, game: str, scope: int, user_id: int) -> tuple[int, Rating, int] | None:
        """A player's (place, rating, position in the list), or None if unrated there."""

    async def player_stats(self, user_id: int, guild_id: int, game: str | None, since: str = "") -> dict:
        """A player's finished games on a server after ``since``: per title, and for ``game`` in full."""

    async def role_stats(self, guild_id: int, game: str, since: str = "") -> list[tuple]:
        """Per role of a title on a server: games, wins, scores, places."""

    async def archive(self, guild_id: int, game: str | None, user_id: int | None, offset: int, limit: int
                      ) -> tuple[list[tuple], bool]:
        """A server's ended games, newest first, and whether more follow."""

    async def server_results(self, guild_id: int, since: str = "") -> list[ResultRow]:
        """Every results row of a server after ``since`` (the CSV export)."""

    async def reset_records(self, guild_id: int, since: str) -> None:
        """A server's records start afresh at ``since``."""

    async def hidden_users(self) -> set[int]:
        """The players who hide their statistics from others."""

    async def records_since(self, guild_id: int) -> str:
        """When a server's records were last reset ('' if never)."""

    # --- leagues (bot/store/leagues.py) ---------------------------------------------------------
    async def create_league(self, league: NewLeague, at: datetime, owed_by: OwedBy | None = None) -> int:
        """A season taking sign-ups until its deadline, with ``league.players`` signed up; its id
        (with ``owed_by``: its sign-up post, ``owed_by(league id)``, in the same transaction)."""

    async def league(self, league_id: int) -> League | None: ...

    async def guild_leagues(self, guild_id: int, limit: int = 25) -> list[League]:
        """A server's last ``limit`` leagues (every status), newest first."""

    async def active_leagues(self, shards: Shards | None = None) -> list[League]:
        """Leagues signing up or playing, oldest first (only ``shards``' servers when given)."""

    async def next_season(self, league_id: int) -> League | None:
        """The season seeded from this one, if there is one."""

    async def set_league_message(self, league_id: int, message_id: int | None) -> None:
        """The sign-up post (edited as players come and go)."""

    async def move_league_deadline(self, league_id: int, deadline: datetime, owed: Owed = (),
                                   at: datetime | None = None) -> None:
        """A later end of sign-up (while it is still open), and the posts saying so (``owed``:
        (channel, post JSON) rows of ``league_posts``, written in the same transaction)."""

    async def sign_up(self, league_id: int, user_id: int, name: str, at: datetime) -> str:
        """'joined', 'already', 'closed' (sign-up is over) or 'missing'."""

    async def withdraw(self, league_id: int, user_id: int) -> str:
        """'left', 'not_in', 'closed' or 'missing'."""

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        """Who signed up, in sign-up order (with seed and division once drawn)."""

    async def start_league(self, league_id: int, places: list[tuple[int, int, int]],
                           tables: list[tuple[int, int, list[int], int]], at: datetime, owed: Owed = ()) -> bool:
        """The draw (players' (user, seed, division), tables' (division, number, seats, bots)),
        the season running and the posts telling it, together; False (nothing written) when it
        no longer took sign-ups."""

    async def finish_league(self, league_id: int, at: datetime, owed: Owed = ()) -> bool:
        """The season is over (it was running), with the posts saying so; whether this call ended it."""

    async def cancel_league(self, league_id: int, at: datetime) -> bool:
        """The league is called off (it was signing up); whether this call did it."""

    async def league_tables(self, league_id: int) -> list[LeagueTable]:
        """The season's tables, by division and number."""

    async def league_table_of_game(self, game_id: int) -> LeagueTable | None: ...

    async def set_league_thread(self, league_id: int, division: int, number: int, thread_id: int) -> None: ...

    async def set_league_game(self, league_id: int, division: int, number: int, game_id: int, owed: Owed = (),
                              at: datetime | None = None) -> bool:
        """The table's game, once, with the posts telling it: False when the table has one already."""

    async def end_league_table(self, game_id: int, status: str, owed_by: OwedBy | None = None,
                               at: datetime | None = None) -> LeagueTable | None:
        """The table of ``game_id`` ended; the table, or None if it is none or ended before. With
        ``owed_by``: its posts (``owed_by(tables left)``) and, with none left, the season
        finished, in the same transaction."""

    async def league_reminded(self, game_id: int, league_id: int | None = None, owed_by: OwedBy | None = None,
                              at: datetime | None = None) -> int:
        """One more stall reminder for the table of ``game_id``; how many it has had (with
        ``owed_by``: the posts it owes, ``owed_by(count)``, in the same transaction)."""

    async def owed_league_posts(self, league_id: int | None = None, shards: Shards | None = None
                                ) -> list[OwedLeaguePost]:
        """The league posts not delivered yet, oldest first (one league's, or ``shards``')."""

    async def league_post_delivered(self, post_id: int, message_id: int) -> None:
        """A league post reached Discord as ``message_id``: never sent again."""

    async def league_post_failed(self, post_id: int, reason: str) -> None:
        """A league post Discord will never take (``gone``, ``denied``, ``dead``)."""

    async def league_results(self, league_id: int) -> list[LeagueResult]:
        """Every results row of the season's games, by table and seat."""

    async def game_activity(self, game_id: int) -> tuple[str, str] | None:
        """A game's status and when it was last written (ISO 8601)."""

    async def league_ratings(self, game: str, scope: int, users: list[int]) -> dict[int, float]:
        """The shown ratings of ``users`` in ``game`` and ``scope`` (the unrated are absent)."""
