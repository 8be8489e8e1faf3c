"""Looking at games: ``/games`` and ``/games mine``, a game's history in pages, and the board
after move n. Read only. Part of :class:`bot.table.pbp.service.Pbp`.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import renderers
from renderers import changes

from ...words.i18n import joined, reason, said
from ...words.names import plain
from .. import alt, history, holders, render_pool
from ..posts import Button, notice
from ..tables import Seat, Table, fill
from .outcome import Outcome, denied
from .reminders import format_wait

log = logging.getLogger(__name__)

#: characters of turns a recap lists at most (the reply holds 2,000 with the title and the prompt)
RECAP_CHARS = 1500


class Looking:
    """Listings, history and boards of the past (a mixin of ``Pbp``)."""

    async def listing(self, guild_id: int | None = None, user_id: int | None = None, visible=None) -> str:
        """``/games`` (a server's running games: all on this shard) or ``/games mine`` (the user's
        games on every shard, most urgent first). ``visible(record)``: whether the caller may see
        the game's channel (a server's listing names no game of a channel hidden from them)."""
        if user_id is None:
            tables = [t for t in self.sessions.tables() if (guild_id is None or t.record.guild_id == guild_id)
                      and (visible is None or visible(t.record))]
        else:
            tables = []
            for gid, _seat in await self._io(self._seats_of, user_id):
                table = await self.sessions.load_game(gid, hold=False)
                if table is not None and (guild_id is None or table.record.guild_id == guild_id):
                    tables.append(table)
        return await self._io(self._listing, tables, user_id)

    def _listing(self, tables: list[Table], user_id: int | None) -> str:
        now = self.now()
        rows = []
        for table in tables:
            rec = table.record
            seat = table.seat_of(user_id) if user_id is not None else None
            if user_id is not None and seat is None:
                continue
            waiting = table.to_move()
            since = self.rows.waits_since(rec.id)
            waited = now - min(since) if since else 0.0
            if rec.status == "open":
                status, urgency = self._t("pbp.list.open", count=len(table.seats)), (2, 0.0)
            else:
                who = [table.seats[s].name for s in waiting] or ["-"]
                status = self._t("pbp.list.waiting", who=who, waited=format_wait(waited))
                if self._game_row(rec.id)["stalled"]:
                    status = joined([status, self._t("pbp.list.stalled")], "join.concat")
                mine = seat is not None and seat in waiting
                urgency = (0 if mine else 1, -waited)
            players = [s.name for s in table.seats]
            rows.append((urgency, self._t("pbp.list.line", game=table.engine.name, channel=rec.channel_id, players=players,
                                           status=status)))
        if not rows:
            return self._t("pbp.list.none" if user_id is None else "pbp.list.none_mine")
        rows.sort(key=lambda r: r[0] if user_id is not None else (0,))
        title = self._t("pbp.list.title_mine" if user_id is not None else "pbp.list.title")
        return joined([title] + [text for _, text in rows])  # worded again in the reader's language

    async def _played(self, channel_id: int, game_id: int | None = None, guild_id: int | None = None) -> Table | None:
        """The game whose log to show: the channel's running one, else its last played one
        (a finished game's history and boards stay readable); or game ``game_id``, which must be
        one of ``guild_id``'s when that is given (``number:`` of /game history and /game board)."""
        table = self.sessions.table(channel_id) if game_id is None else self.table_of(game_id)
        if table is not None and table.record.status == "running":
            return table
        store = self.sessions.store
        record = await (store.game(game_id) if game_id is not None else store.latest_played(channel_id))
        if record is None or record.status == "open" or (guild_id is not None and record.guild_id != guild_id):
            return None
        return Table(record, [Seat(s.user_id, s.display_name) for s in await store.seats(record.id)])

    async def history(self, channel_id: int, page_no: int = 0, game_id: int | None = None,
                      guild_id: int | None = None) -> Outcome:
        table = await self._played(channel_id, game_id, guild_id)
        if table is None:
            return denied(self._t("records.archive.gone", id=game_id) if game_id is not None and guild_id is not None
                          else self._t("pbp.history.none"))
        moves = await self.sessions.store.moves(table.record.id)
        lines = await self._history_lines(table, moves, public_numbers=True)
        chunk, number, pages = history.page(lines, page_no)
        if chunk:  # each line keeps its messages: the reader gets it in their language
            names = history.names_map(table.names, len(table.seats))
            text = joined([self._t("pbp.history.title", page=number, pages=pages)]
                          + [joined([history.row_head(line, names), line.text], "join.concat") for line in chunk])
        else:
            text = self._t("pbp.history.empty")
        gid = table.record.id
        buttons = [Button("page", (gid, number - 1), self._t("pbp.history.older"))] if number > 1 else []
        if number < pages:
            buttons.append(Button("page", (gid, number + 1), self._t("pbp.history.newer")))
        return Outcome(private=text, buttons=buttons)

    async def _history_lines(self, table: Table, moves, public_numbers: bool = False) -> list[history.HistoryLine]:
        """The log as the table's history lists it: public summaries only, as messages (a secret
        move is its "ready" line; a run of secret moves only each seat's latest). With
        ``public_numbers`` rows carry the numbers the table may read (an unrevealed secret step
        hides its count); otherwise each row keeps its move's own number."""
        listed = history.shown([(m.seat, m.kind) for m in moves])
        numbers = (history.row_numbers(m.kind for m in moves) if public_numbers else [m.n for m in moves])
        held = await holders.read(self.sessions.store, table.record.id)
        said = await asyncio.to_thread(self._said, table, moves, held)  # the summaries again, as messages
        out = []
        for m, show, number in zip(moves, listed, numbers, strict=True):
            if not show:
                continue
            names = holders.names_at(held, table.names, m.n)
            for h in held:  # a seat changed hands from this move on: said where it happened
                if h["from"] == m.n and h["from"] > 1:
                    out.append(self._handed_line(held, h))
            out.append(history.HistoryLine(number, m.seat, datetime.fromisoformat(m.at).timestamp(),
                                           said.get(m.n) or fill(m.summary.replace("\n", " · "), names)
                                           or self._t("pbp.history.moved", name=names[m.seat]),
                                           name=names[m.seat] if held else None))
        last = moves[-1].n if moves else 0
        out += [self._handed_line(held, h) for h in held if h["from"] > max(1, last)]  # no move since
        return out

    def _handed_line(self, held: list[dict], h: dict) -> history.HistoryLine:
        before = holders.holder_at(held, h["seat"], h["from"] - 1)
        return history.HistoryLine(h["from"], h["seat"], None, self._t(
            "replace.history", seat=h["seat"], name=h["name"], old=before["name"] if before else "-", n=h["from"]),
            name=h["name"])

    # --- catch-up: what happened since your last move ----------------------------------------------
    async def recap_lines(self, table: Table, seat: int, limit: int = RECAP_CHARS, moves=None) -> list[str]:
        """What happened at ``table`` since ``seat``'s last move, turn by turn (a run of moves of
        one seat is one turn, as its turn post told it), in the history's words; the oldest
        turns left out past ``limit`` characters (``/game history`` has them); ending with what
        is asked of the seat now. ``moves``: the game's log when the caller has read it already."""
        moves = moves if moves is not None else await self.sessions.store.moves(table.record.id)
        mine = max((m.n for m in moves if m.seat == seat), default=0)
        lines = [line for line in await self._history_lines(table, moves) if line.n > mine]
        turns: list[list[history.HistoryLine]] = []
        for line in lines:
            if turns and turns[-1][-1].seat == line.seat:
                turns[-1].append(line)
            else:
                turns.append([line])
        names = table.names
        rows = [self._t("recap.turn", first=turn[0].n, last=turn[-1].n, name=turn[0].name or names[turn[0].seat],
                        said=joined([x.text for x in turn], "join.dot")) if len(turn) > 1 else
                self._t("recap.move", n=turn[0].n, name=turn[0].name or names[turn[0].seat], said=turn[0].text)
                for turn in turns]
        kept, size = [], 0
        for row in reversed(rows):
            size += len(str(row)) + 1
            if size > limit and kept:
                break
            kept.insert(0, row)
        out = [self._t("recap.title", n=mine, turns=len(rows)) if mine else self._t("recap.title_start", turns=len(rows))]
        if not rows:
            out = [self._t("recap.nothing", n=mine) if mine else self._t("recap.nothing_start")]
        if len(kept) < len(rows):
            out.append(self._t("recap.earlier", count=len(rows) - len(kept)))
        out += kept
        if table.state is not None and seat in table.to_move():
            out.append(self._t("recap.asked", what=self.sessions.prompt(table, seat)))
        elif table.state is not None and table.to_move():
            out.append(self.sessions.waiting_line(table))
        return out

    async def recap(self, channel_id: int, user_id: int, locale: str | None = None) -> Outcome:
        """``/game recap``: the caller's catch-up, for them alone, with the board as it is now."""
        table = self.sessions.table(channel_id)
        if table is None or table.record.status != "running" or table.state is None:
            return denied(self._t("recap.no_game"))
        seat = table.seat_of(user_id)
        if seat is None:
            return denied(self._t("recap.not_seated"))
        moves = await self.sessions.store.moves(table.record.id)  # read once: the lines and the frames
        lines = await self.recap_lines(table, seat, moves=moves)
        view = table.engine.view(table.state, None)
        png, framed, mine = None, 0, 0
        if self.sessions.render and table.record.game in renderers.RENDERERS:
            locale = locale or self.sessions.locale
            png = await render_pool.draw(table.record.game, view, table.names, locale=locale)
            png, framed, mine = await self._outlined(table, seat, moves, png, locale)
        said_ = lines[1:-1] if len(lines) > 2 else []
        if framed:
            said_ = [self._t("recap.outlined", n=mine), *said_]
        described = alt.lines("recap", table.engine.name, n=table.n, view=view, names=table.names, said=said_ or None)
        return Outcome(private=joined(lines), png=png, alt=described)

    async def _outlined(self, table: Table, seat: int, moves, png: bytes | None, locale: str) -> tuple:
        """The board now with what changed since ``seat``'s last move framed (renderers.changes):
        (png, frames, that move's number). The board at that move is replayed from the log and
        drawn publicly like the board now; without a move of the seat's, or when the log no
        longer replays, the board now is shown as it is."""
        k = max((i for i, m in enumerate(moves, start=1) if m.seat == seat), default=0)
        if png is None or not k or k == len(moves):
            return png, 0, 0
        engine, rec = table.engine, table.record
        try:
            before = await asyncio.to_thread(
                self.checkpoints.state_at, engine, len(table.seats), rec.seed,
                engine.log_options(rec.options, rec.engine_version), [(m.seat, m.text) for m in moves], k)
            then = await render_pool.draw(rec.game, engine.view(before, None), table.names, locale=locale)
            if then is None:
                return png, 0, 0
            marked, framed = await asyncio.to_thread(changes.outlined, then, png)
        except Exception:  # the recap still goes out with the board now
            log.warning("game %s: the recap's changes could not be drawn", rec.id, exc_info=True)
            return png, 0, 0
        return marked, framed, moves[k - 1].n

    def _said(self, table: Table, moves, held: list[dict] | None = None) -> dict:
        """Move number -> its public summary as messages (a replay of the log: the store keeps
        only the English). Empty when the log no longer replays: the stored text is shown then."""
        engine, out = table.engine, {}
        try:
            state = engine.setup(len(table.seats), table.record.seed, table.record.options)
            for m in moves:
                events = engine.play(state, m.seat, m.text)
                said_ = [e for e in events if e.kind == "secret" and e.text] + \
                    [e for e in events if e.kind != "secret" and e.text]
                if said_:
                    names = holders.names_at(held or [], table.names, m.n)  # who held each seat then
                    out[m.n] = joined([said(e.msg, e.text, names) for e in said_], "join.dot")
        except Exception:
            log.warning("game %s: history replay failed; showing the stored summaries", table.record.id)
            return {}
        return out

    async def board_at(self, channel_id: int, n: int | None, locale: str | None = None, game_id: int | None = None,
                       guild_id: int | None = None) -> Outcome:
        """``/game board move:n [number:]``: the board after move n (None: the last), drawn in
        ``locale`` (the place's)."""
        table = await self._played(channel_id, game_id, guild_id if game_id is not None else None)
        if table is None:
            return denied(self._t("records.archive.gone" if game_id is not None else "pbp.history.none", id=game_id))
        moves = await self.sessions.store.moves(table.record.id)
        n = len(moves) if n is None else n
        engine, rec = table.engine, table.record
        locale = locale or await self.sessions.table_locale(rec)  # the post is the table's: in its language
        total = history.public_count(m.kind for m in moves)  # a secret step's moves are not counted
        if n > total:
            return denied(self._t("history.err.range", n=total))

        def draw():
            state = self.checkpoints.state_at(engine, len(table.seats), rec.seed,
                                              engine.log_options(rec.options, rec.engine_version),
                                              [(m.seat, m.text) for m in moves], n)
            view = engine.view(state, None)
            if rec.game not in renderers.RENDERERS:
                return None, view
            return renderers.render(rec.game, view, [plain(n) for n in table.names], locale=locale or self.sessions.locale), view

        try:
            png, view = await asyncio.to_thread(draw)
        except ValueError as err:
            return denied(reason(err))
        said_ = [fill(moves[n - 1].summary.replace("\n", " "), table.names)] if 0 < n <= len(moves) else None
        return Outcome(public=notice(self._t("pbp.board.at", n=n, total=total), channel_id=channel_id,
                                     png=png, filename=f"board-{n}.png",
                                     alt=alt.lines("at", engine.name, n=n, said=said_, view=view,
                                                   names=table.names)))
