"""Playing: the caller's legal moves (autocomplete), a move (checked, played off the loop,
written, then announced), the announcement a turn gets, the result, undo. Part of
:class:`bot.table.sessions.SessionManager`."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from games.core import Event, Game, Result, RuleError
from games.core.messages import Msg, msg
from games.core.notation import excerpt, safe_prefix
from renderers.score_words import term as score_term

from .. import observe
from ..store import Conflict, StoreUnavailable
from ..store.records import iso
from ..words.i18n import joined, said, sentences, tr
from . import extras as game_ui  # per-game extras; importing it pulls in no Discord
from . import history, prompts, turns
from .games import plug
from .posts import TURN_PNG, Post, to_json
from .records import results as records
from .records.ending import finish_of
from .tables import (
    Actor,
    Reply,
    Since,
    Table,
    TurnSteps,
    refusal,
    snapshot_text,
    steps_json,
    with_buttons,
)

log = logging.getLogger(__name__)

#: a move writes the snapshot with it every this many moves (and the game's last move); in between
#: only the move row is written, and a restart replays at most this many moves of a game
SNAPSHOT_EVERY = 16
#: a table takes a new undo token (``Since``) before a move once this many moves were committed
#: since the last: putting a state back replays at most this many (bench/PERF.md: the cost of the
#: worst gap, per title)
SINCE_MOST = 16

AUTOCOMPLETE_LIMIT = 25
CHOICE_MAX = 100  # Discord's limit for a choice name/value
#: Seconds of autocomplete time spent on cost hints; later entries go without (autocomplete stays snappy).
HINT_BUDGET = 0.010


def one_seat_less(engine: Game, old: Any, new: Any, seat: int, before: set[int], events: list[Event],
                  after: set[int] | None = None, over: bool | None = None) -> bool:
    """Whether the move only took its seat out of a simultaneous step (a power offer answered,
    a seat ready): the seats still waited for are waited for the same things as before. Then the
    table reads a line, without board or ping. When a seat left waiting has something new to do
    (the turn of the player who was also answering an offer has come), it is a turn's end: a
    post, its board and the pings. ``old``: the state before the move, or a function that builds
    it again (a move played in place: ``Game.undone`` of its undo token, called here only, seldom).
    ``after`` and ``over``: the seats ``new`` waits for and whether its game is over, when known."""
    if any(e.kind == "secret" for e in events) or (engine.result(new) is not None if over is None else over):
        return False
    after = set(engine.to_move(new)) if after is None else after
    if seat in after or not after < before:
        return False
    was = old() if callable(old) else old
    return all(prompts.verbs(engine, was, s) == prompts.verbs(engine, new, s) for s in after)


def _undo(table: Table, engine: Game, state: Any, since: Since) -> Exception | None:
    """Put the table's state back as it was before the move played on it in place (refused, or
    not written): the table's undo token and the moves since (:class:`Since`), on the very state
    object. The error (logged) if that failed: the state can no longer be trusted then, and the
    caller reads it again from the log (``_restore``)."""
    table._live = None  # forget the seats the move's ``_live`` named
    try:
        since.put_back(engine, state)
    except Exception as err:  # an engine that no longer replays its own moves: a bug
        log.exception("game %s: the state before a move could not be built again", table.record.id)
        table.since = None
        return err
    return None


def _asked(game_id: str, engine: Game, state: Any, seat: int, before: set[int], events: list[Event],
           minor: bool = False, after: set[int] | None = None) -> dict[int, Msg]:
    """The prompts the move's announcement will word (``SessionManager._compose``): the
    mover's alone while its turn or secret step goes on, nobody's when one seat less waits
    in a simultaneous step (``minor``: :func:`one_seat_less`), else every waited-for seat's.
    Worked out with the move; a prompt missing here is worked out when asked. ``after``: the seats
    ``state`` waits for, when known (its game goes on)."""
    if after is None:
        if engine.result(state) is not None:
            return {}
        after = set(engine.to_move(state))
    secret = any(e.kind == "secret" for e in events)
    public = any(e.kind != "secret" for e in events)
    if (secret and not public) or (not secret and seat in after and after == before):
        seats = {seat} & after
    elif minor:
        seats = set()
    else:
        seats = after
    view = prompts.PublicView(engine, state)
    return {s: prompts.prompt(game_id, engine, state, s, view) for s in sorted(seats)}


def _fold_stems(moves: list[str], limit: int) -> tuple[list[str], set[str]]:
    """Past Discord's choice limit, show "x" and its stem "x " as one entry.

    The complete move stays (it plays as is, and the player can go on
    typing); the returned set names the moves that can also be continued.
    """
    if len(moves) <= limit:
        return moves, set()
    complete = {m for m in moves if not m.endswith(" ")}
    more = {m.rstrip() for m in moves if m.endswith(" ") and m.rstrip() in complete}
    return [m for m in moves if not (m.endswith(" ") and m.rstrip() in more)], more


class Playing:
    """Moves at a table (a mixin of ``SessionManager``)."""

    def legal_moves(self, channel_id: int, user_id: int, prefix: str = "",
                    limit: int = AUTOCOMPLETE_LIMIT, locale: str | None = None) -> list[tuple[str, str]]:
        """(label, value) pairs for autocomplete: the caller's legal moves from ``prefix``.

        Empty when the caller is not to move. Labels carry the engine's hint (worded in
        ``locale``, the caller's, when the engine gives it as a message).
        Read-only and synchronous: moves run on the loop, so the state seen
        here is always a whole one.
        """
        table = self._tables.get(channel_id)
        if table is None or table.state is None or table.broken or table.record.status != "running":
            return []
        seat = table.seat_of(user_id)
        if seat is None or seat not in table.engine.to_move(table.state):
            return []
        engine = table.engine
        prefix = safe_prefix(prefix or "")
        if prefix is None:  # not notation (other scripts, control characters, far too long): nothing starts so
            return []
        try:  # a game may give (move, note) pairs in one pass when its per-move hint is costly
            quick = game_ui.autocomplete(table.record.game, engine, table.state, seat, prefix.lower(), limit)
            moves = [m for m, _ in quick] if quick is not None else engine.legal_moves(table.state, seat, prefix.lower())
        except Exception:
            log.exception("legal_moves failed")
            return []
        out = []
        deadline = time.perf_counter() + HINT_BUDGET
        notes = dict(quick or ())
        moves, more = _fold_stems(moves, limit)
        for move in moves[:limit]:
            hint = notes.get(move, "")
            if quick is None and not move.endswith(" ") and time.perf_counter() < deadline:
                try:
                    hint = engine.hint(table.state, seat, move)
                except Exception:
                    hint = ""
            label = move.rstrip() + (" …" if move.endswith(" ") or move in more else "")
            if hint:
                label = f"{label} — {tr(hint, locale or self.locale)}"
            out.append((label[:CHOICE_MAX], move[:CHOICE_MAX]))
        return out

    def autocomplete_note(self, channel_id: int, user_id: int, prefix: str = "") -> str | None:
        """Why autocomplete is empty for this caller: a line to show instead of nothing."""
        table, why = self._running(channel_id)
        if why:
            return why
        seat = table.seat_of(user_id)
        if seat is None:
            return self.t("move.not_seated")
        if seat not in table.to_move():
            return self._not_now(table, seat)
        starts = prompts.verbs(table.engine, table.state, seat)
        if starts and prefix.strip():
            return self.word(msg("bot.turn.no_prefix", prefix=excerpt(prefix.strip()), starts=list(starts)))
        return self.t("autocomplete.no_match", prefix=excerpt(prefix.strip()))

    async def move(self, channel_id: int, actor: Actor, text: str, lazy: bool = False,
                   interaction_id: int | None = None) -> Reply:
        """Play ``text`` for the caller's seat: persisted, then announced.

        ``lazy``: leave the board PNG to ``reply.public.render()`` (the caller answers first).
        ``interaction_id``: the interaction that asked, written with the move (played once)."""
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                return refusal(self.t("move.not_seated"))
            return await self._move(table, seat, text, lazy, interaction_id=interaction_id)

    async def move_as(self, channel_id: int, seat: int, text: str, lazy: bool = False, prefix: str = "") -> Reply:
        """Play for a seat directly (the local console, tests, bot seats); ``prefix`` opens the
        table's post ("automatic for Bo: ...")."""
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            return await self._move(table, seat, text, lazy, prefix=prefix)

    def _not_now(self, table: Table, seat: int) -> str:
        """Why ``seat`` may not move now, in its terms."""
        waiting = table.to_move()
        if seat in table.pending_secret:  # its secret choice is in; the others are still choosing
            return self.word(msg("bot.turn.you_chose", who=[table.names[s] for s in waiting] or ["-"]))
        return self.word(msg("bot.turn.not_yours", who=[table.names[s] for s in waiting] or ["-"]))

    def _no_such_move(self, table: Table, seat: int, text: str) -> str | None:
        """"no move starts with 'xyz'; your moves start with: ..." when the first word matches nothing."""
        head = text.split(" ", 1)[0].lower()
        try:
            starts = prompts.verbs(table.engine, table.state, seat)
            if not starts or table.engine.legal_moves(table.state, seat, head):
                return None
        except Exception:
            return None
        if any(v.lower().startswith(head) for v in starts):
            return None
        return self.word(msg("bot.turn.no_prefix", prefix=excerpt(head), starts=list(starts)))

    async def _move(self, table: Table, seat: int, text: str, lazy: bool = False, prefix: str = "",
                    interaction_id: int | None = None) -> Reply:
        engine = table.engine
        names = table.names
        waiting = table.to_move()
        if seat not in waiting:
            return refusal(self._not_now(table, seat))
        text = " ".join(str(text or "").split())
        if not text:
            return refusal(self.t("move.empty", game=table.record.game))
        game_id, waited = table.record.game, set(waiting)
        started = time.perf_counter()
        # The move is played on the table's own state, in place, with no backup of its own: a
        # refused or unwritten move (seldom) is undone from the table's undo token and the moves
        # committed since (``Since``: a token every SINCE_MOST moves), and the state before the
        # move is built the same way only if asked (``one_seat_less``). Rules, and what the table
        # is asked next, on the loop: a fraction of a millisecond, less than handing it to a thread.
        work = table.state
        since = table.since
        if since is None or len(since.moves) >= SINCE_MOST:
            since = table.since = Since(engine.snapshot(work))
        table._live = tuple(waiting)  # the database thread's ``to_move`` reads this meanwhile
        try:
            events = engine.play(work, seat, text, atomic=False)
            result = engine.result(work)
            after = set(engine.to_move(work))
            minor = one_seat_less(engine, lambda: since.state(engine, work), work, seat, waited, events,
                                  after, result is not None)
            asked = _asked(game_id, engine, work, seat, waited, events, minor, after) if result is None else {}
        except RuleError as err:
            if _undo(table, engine, work, since) is not None:
                await self._restore(table)
            observe.REFUSALS.labels(game_id).inc()
            observe.event(log, "move refused", game=game_id, channel=table.record.channel_id, seat=seat,
                          move=text[:80], reason=str(err)[:120])
            lines = [self.t("move.illegal", reason=said(getattr(err, "msg", None), str(err), names, self.locale))]
            nothing = self._no_such_move(table, seat, text)
            return Reply(ok=False, private=Post([nothing, *lines] if nothing else lines))
        except BaseException:
            self._undo_or_break(table, engine, work, since)
            raise
        secret = [e for e in events if e.kind == "secret"]
        public = [e for e in events if e.kind != "secret"]
        kind = ("reveal" if public else "secret") if secret else "public"
        summary = "\n".join(e.text for e in (secret + public) if e.text)
        n = table.n + 1
        status = "finished" if result is not None else "running"
        # the snapshot rides with every SNAPSHOT_EVERY-th move and the last one (the move row is the truth)
        snapshot = (snapshot_text(engine, work) if result is not None or n - table.snapshot_n >= SNAPSHOT_EVERY
                    else None)
        now = self._done_lines(table, seat, text, public) if kind == "public" else []
        if kind == "secret":
            steps = table.turn_lines
        elif result is None and seat in after and after == set(waiting):  # the seat's turn goes on
            steps = table.turn_lines + now
        else:
            steps = []
        if steps and table.steps_written is None:
            table.steps_written = TurnSteps()
        elif not steps:
            table.steps_written = None
        turn_steps = steps_json(steps, table.steps_written)
        # The announcement is composed on the new state BEFORE anything is written: the post the
        # move owes its table goes into the move's own transaction (the outbox), delivered after.
        kept = (table.n, table.asked, table.turn_lines, list(table.pending_secret))
        table._live = tuple(sorted(after))
        table.n, table.asked = n, (work, n, asked)
        reply, what, image = self._compose(table, seat, text, events, secret, public, kind, result, set(waiting),
                                           now=now, prefix=prefix, minor=minor)
        post = reply.public if reply.public is not None and not reply.public.minor else None
        at = self.clock.now()
        # the play-by-post step after the move, in the move's own write when the store can (one commit)
        then = self.with_move(table, "moved") if self.with_move is not None and result is None else None
        try:
            finish = await finish_of(self.store, table, work, records.FINISHED, at, (seat, at)) if result is not None else None
            table.record.rev = await self.store.append_move(
                table.record.id, n, seat, text, kind, summary, any(e.barrier for e in events),
                snapshot, engine.version, at, status=status, rev=table.record.rev,
                turn_steps=turn_steps, owed=to_json(post, image) if post is not None and self.owe else None,
                interaction_id=interaction_id, finish=finish, then=then,
            )
        except StoreUnavailable as err:  # disk full, read-only, locked: nothing was written
            observe.DATABASE_ERRORS.labels(err.kind).inc()
            table.n, table.asked, table.turn_lines, table.pending_secret = kept
            if _undo(table, engine, work, since) is not None:
                await self._restore(table)
            return refusal(self.t(f"store.{err.kind}"))
        except Conflict:
            # The log already holds move n (a commit whose caller never returned), or another
            # process changed the game meanwhile (its revision moved on).
            # The log is the truth: catch up from it instead of refusing every move from now on.
            table.n, table.asked, table.turn_lines, table.pending_secret = kept
            _undo(table, engine, work, since)  # and reloaded from the log below
            log.warning("game %s: move %d already logged; reloading the table", table.record.id, n)
            await self._restore(table)
            return refusal(self.t("move.stale"))
        except BaseException:  # not written (a bug, a cancelled task): the table stays as it was
            table.n, table.asked, table.turn_lines, table.pending_secret = kept
            self._undo_or_break(table, engine, work, since)
            raise
        # Committed: the new state is the table's.
        seconds = time.perf_counter() - started
        observe.moved(game_id, seconds)
        observe.event(log, "move", game=game_id, channel=table.record.channel_id, n=n, seat=seat,
                      ms=round(seconds * 1000, 1), status=status)
        table.moved_at = time.monotonic()
        since.moves.append((seat, text))  # the state's history since its undo token
        if snapshot is not None:
            table.snapshot_n = n
        if post is not None and self.owe:
            post.owed, post.owed_at = (table.record.id, n), iso(at)
        table.last_said = (n, [e for e in events if e.text])  # /game status words these in any language
        table.record.status = status
        if status == "finished":
            self._tables.pop(table.record.channel_id, None)
        if not lazy and reply.public is not None:
            await reply.public.render()
        await self._notify(table, what)
        return reply

    def _undo_or_break(self, table: Table, engine: Game, state: Any, since: Since) -> None:
        """``_undo`` where the log cannot be read at once (a cancelled move): a state that could
        not be built again marks the table broken (a restart reads it from the log)."""
        err = _undo(table, engine, state, since)
        if err is not None:
            table.broken = self.t("store.broken_move", n=table.n, reason=str(err) or type(err).__name__)

    def _done_lines(self, table: Table, seat: int, text: str, public: list[Event]) -> list[str]:
        """What a public move did, one line per event (each remembering its message)."""
        names = table.names
        now = [said(e.msg, e.text, names, self.locale) for e in public if e.text]
        return now or [self.t("move.played", name=names[seat], move=text)]

    def _compose(self, table: Table, seat: int, text: str, events: list[Event], secret: list[Event],
                 public: list[Event], kind: str, result: Result | None, before: set[int] | None = None,
                 now: list[str] | None = None, prefix: str = "", minor: bool | None = None
                 ) -> tuple[Reply, str, dict | None]:
        """Tell the table as little as it needs: a turn is everything one seat does until the
        table waits on someone else. Steps inside a turn are answered to the player alone
        (what was done, what is left); the turn's end is ONE public post with what happened,
        the board, and who is asked what. A seat leaving a simultaneous step (ready, a power
        offer answered) is a ``minor`` line, without board or ping.

        Returns the reply, what the observers are told ("moved", "finished") and how the outbox
        draws the post's image again (``_board``). Synchronous: the caller writes the move with
        its post, then notifies."""
        names = table.names
        name = names[seat]
        # ``private`` is for the acting seat only: a line meant for another seat is never shown to this one.
        private_lines = [said(e.private_msg, e.private, names, self.locale) for e in events
                         if e.private and e.seat in (None, seat)]
        reply = Reply(game_id=table.record.id, result=result, n=table.n)
        waiting = table.to_move()
        before = set(waiting) if before is None else before
        if secret:
            table.pending_secret.append(seat)
            # A secret step may take several moves (Altiplano planning): a seat
            # counts as ready once it is no longer waited for.
            if kind == "secret":
                done = {s for s in table.pending_secret if s not in waiting}
                total = len(done) + len(waiting)
            else:  # the reveal: to_move already names the next phase's seats
                done = set(table.pending_secret)
                total = len(done)
            ready = len(done)
            reply.ready = (ready, total)
            detail = sentences(private_lines, self.locale) or f"`{text}`"
            private_lines = []
            if kind != "secret" or seat not in waiting:  # a seat still planning hears what it noted instead
                reply.private = Post([self.t("move.secret_ok", detail=detail)])
            if kind == "secret":
                if seat in waiting:  # still planning: the table hears nothing yet; the seat hears
                    # what this step did, what it planned so far and what is left (not "your secret
                    # choice is in" at every click)
                    reply.private = Post([self.t("bot.turn.noted", detail=detail)])
                    progress = getattr(plug(table.record.game), "progress", None)
                    so_far = progress(table.engine, table.state, seat) if progress is not None else None
                    if so_far is not None:
                        reply.private.lines.append(self.word(so_far))
                    reply.private.lines.append(self._still(table, seat))
                else:
                    reply.public = Post([self.t("move.ready", name=name, ready=ready, total=total)], minor=True)
                return self._prefixed(reply, prefix), "moved", None
            table.pending_secret = []
            lines = table.turn_lines + [self.t("move.ready", name=name, ready=ready, total=total)]
            lines += [said(e.msg, e.text, names, self.locale) for e in public if e.text]
        else:
            table.pending_secret = []
            now = now if now is not None else self._done_lines(table, seat, text, public)
            if result is None and seat in waiting and set(waiting) == before:
                # the seat's turn goes on: only the player hears of this step
                table.turn_lines.extend(now)
                reply.step = Post([self.t("bot.turn.step", done=sentences(now, self.locale)),
                                      self._still(table, seat)])
                if private_lines:
                    reply.private = Post(private_lines)
                return self._prefixed(reply, prefix), "moved", None
            lines = table.turn_lines + now
            if minor is None:
                minor = result is None and seat not in waiting and set(waiting) < before
            if minor:
                # one seat less in a simultaneous step: a line for the table, nobody new to ask
                table.turn_lines = []
                reply.public = Post(turns.condense(lines, self.locale, table.names), minor=True)
                if private_lines:
                    reply.private = Post(private_lines)
                return self._prefixed(reply, prefix), "moved", None
        table.turn_lines = []
        if private_lines:
            reply.private = Post(private_lines)
        steps = list(lines)
        lines = turns.condense(lines, self.locale, table.names)  # the turn in one or two lines
        turn = list(lines)
        if result is not None:
            lines += self.result_lines(table, result)
        reply.public = Post(lines, up=table.up(), asks=self.asks(table))
        image = self._board(table, reply.public, turn, steps)
        with_buttons(reply, self.locale)
        return self._prefixed(reply, prefix), "finished" if result is not None else "moved", image

    @staticmethod
    def _prefixed(reply: Reply, prefix: str) -> Reply:
        """``prefix`` opens the table's post (an automatic move: "automatic for Bo: ...")."""
        post = reply.public
        if prefix and post is not None:
            post.lines[0:1] = [joined([prefix, post.lines[0]], "join.concat") if post.lines else prefix]
        return reply

    def result_lines(self, table: Table, result: Result) -> list[str]:
        names = table.names
        game = getattr(getattr(table, "record", None), "game", "")  # score labels are worded per game
        winners = [names[s] for s in result.winners]
        verb = self.t("result.win" if len(result.winners) == 1 else "result.share")
        lines = [self.t("result.over", winners=winners, verb=verb)]
        places = result.places()  # equal scores share a place unless the game names a tie-break
        for s in result.ranking:
            place = places[s]
            parts = result.breakdown[s] if s < len(result.breakdown) else {}
            detail = [self.t("result.part", label=score_term(game, k), points=v)
                      for k, v in parts.items() if v]
            lines.append(self.t("result.line", place=place, name=names[s], score=result.scores[s],
                                detail=self.t("result.detail", parts=detail) if detail else ""))
        if result.tiebreak and len(set(result.scores)) < len(result.scores):
            lines.append(self.t("result.tiebreak", tiebreak=score_term(game, result.tiebreak)))
        return lines

    async def undo(self, channel_id: int) -> Reply:
        """Take back the last move by replaying the log without it.

        No permission checks here: the console uses it as is; the Discord
        ``/undo`` (consent, barriers) is meant to be built on top.
        """
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            moves = await self.store.moves(table.record.id)
            if not moves:
                return refusal(self.t("undo.nothing"))
            engine = table.engine
            last = moves[-1]
            state = await asyncio.to_thread(history.state_at, engine, len(table.seats), table.record.seed,
                                            engine.log_options(table.record.options, table.record.engine_version),
                                            [(m.seat, m.text) for m in moves], len(moves) - 1)
            try:
                table.record.rev = await self.store.drop_last_move(
                    table.record.id, last.n, snapshot_text(engine, state), engine.version, self.clock.now(),
                    rev=table.record.rev)
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            except Conflict:  # another process moved or undid meanwhile: catch up from the log
                await self._restore(table)
                return refusal(self.t("move.stale"))
            table.state, table.n, table.snapshot_n = state, last.n - 1, last.n - 1
            pending: list[int] = []
            for m in reversed(moves[:-1]):
                if m.kind != "secret":
                    break
                pending.insert(0, m.seat)
            table.pending_secret = pending
            table.turn_lines = []
            png = await self._png(table, None)
        await self._notify(table, "undone")
        # A secret move's text is the secret itself (the cards chosen, the plan): never echo it.
        if last.kind == "public":
            line = self.t("undo.done", n=last.n, name=table.names[last.seat], move=last.text)
        else:
            line = self.t("undo.done_secret", n=last.n, name=table.names[last.seat])
        post = Post([line], png=png, filename=TURN_PNG, up=table.up(), asks=self.asks(table))
        post.alt = self._alt(table, "turn", post, said=[line])
        return with_buttons(Reply(public=post, game_id=table.record.id, n=table.n), self.locale)
