"""What the records commands say: the leaderboard, a player's statistics, a title's roles.

Each function reads the store and returns a :class:`bot.table.sessions.Reply` whose posts are
worded in the bot's language and worded again in the reader's by the sender. The commands
(``bot/discord/cogs/records.py``) only pass the caller, the place and the options in.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

import games
from renderers import rating_chart

from ...store.records import GLOBAL, Rating
from ...words.i18n import t
from ..pbp.reminders import format_wait
from ..posts import Button, Post
from ..sessions import Reply, refusal
from . import ratings
from .roles import role_word

#: leaderboard rows per page
PAGE = 10
#: the setting that hides a player's statistics from others (``/me settings stats:hidden``)
HIDDEN = "stats_hidden"


def scope_of(guild_id: int | None, scope: str) -> int:
    return GLOBAL if scope == "global" or not guild_id else guild_id


def _rating_line(place: int, r: Rating, locale: str) -> str:
    key = "records.board.row" if r.established else "records.board.row_provisional"
    return t(key, locale, place=place, name=r.display_name, rating=f"{r.rating:.1f}", n=r.games, wins=r.wins)


def _title(game: str) -> str:
    return games.get(game).name


async def leaderboard(store, locale: str, guild_id: int | None, user_id: int, game: str, scope: str = "server",
                      page: int = 0) -> Reply:
    """A page of the title's leaderboard (this server's, or ``scope`` "global"), the caller's own
    row under it when it is not on the page, and buttons to the pages beside it."""
    if game not in games.ENGINES:
        return refusal(t("unknown_game", locale, game=game, known=", ".join(games.game_ids())))
    where = scope_of(guild_id, scope)
    rows, total = await store.leaderboard(game, where, max(0, page) * PAGE, PAGE)
    pages = max(1, -(-total // PAGE))
    page = min(max(0, page), pages - 1)
    if page * PAGE >= total > 0 and not rows:
        rows, _ = await store.leaderboard(game, where, page * PAGE, PAGE)
    head = "records.board.title_global" if where == GLOBAL else "records.board.title"
    lines = [t(head, locale, game=_title(game), page=page + 1, pages=pages)]
    if not rows:
        lines.append(t("records.board.empty", locale))
    lines += [_rating_line(place, r, locale) for place, r in rows]
    mine = await store.leaderboard_row(game, where, user_id)
    if mine is not None and all(r.user_id != user_id for _, r in rows):
        place, r, _position = mine
        lines.append(t("records.board.you", locale, row=_rating_line(place, r, locale)))
    elif mine is None:
        lines.append(t("records.board.you_unrated", locale))
    lines.append(t("records.board.note", locale, n=ratings.PROVISIONAL_GAMES))
    buttons = []
    if page > 0:
        buttons.append(Button("board_page", (game, scope, page - 1), t("records.board.newer", locale)))
    if page + 1 < pages:
        buttons.append(Button("board_page", (game, scope, page + 1), t("records.board.older", locale)))
    if mine is not None and mine[2] // PAGE not in (page - 1, page, page + 1):  # else a button above leads there
        buttons.append(Button("board_page", (game, scope, mine[2] // PAGE), t("records.board.mine", locale)))
    return Reply(private=Post(lines, buttons=buttons))


def _tally(locale: str, games_: int, wins: int, score_sum, score_n: int, rank_sum) -> str:
    return t("records.stats.tally", locale, n=games_, wins=wins, share=round(100 * wins / games_) if games_ else 0,
             score=f"{score_sum / score_n:.1f}" if score_n else "-",
             place=f"{rank_sum / games_:.2f}" if games_ and rank_sum is not None else "-")


def _unfinished(locale: str, counts: dict[str, int]) -> list[str]:
    """The line of the games that ended without an end (aborted, abandoned), if any: they have
    no score or place, so the tally leaves them out, but they were played."""
    parts = [t(f"records.stats.unfinished.{how}", locale, n=counts[how]) for how in ("aborted", "abandoned")
             if counts.get(how)]
    return [t("records.stats.unfinished", locale, parts=parts)] if parts else []


async def hidden(store, user_id: int) -> bool:
    return bool(await store.get_setting("user", user_id, HIDDEN, False))


async def stats(store, locale: str, guild_id: int, viewer_id: int, player_id: int, player_name: str,
                game: str | None) -> Reply:
    """A player's statistics in this server: per title played, or one title in full (best game,
    rating here and across servers with its history as a chart, time per move, roles)."""
    if game is not None and game not in games.ENGINES:
        return refusal(t("unknown_game", locale, game=game, known=", ".join(games.game_ids())))
    if player_id != viewer_id and await hidden(store, player_id):
        return refusal(t("records.stats.hidden", locale, name=player_name))
    since = await store.records_since(guild_id)
    data = await store.player_stats(player_id, guild_id, game, since)
    titles, unfinished = data["titles"], _unfinished(locale, data["unfinished"])
    if not titles and not unfinished:
        return Reply(private=Post([t("records.stats.none", locale, name=player_name)]))
    if game is None and len(titles) == 1 and not unfinished:  # one title played: show it in full
        return await stats(store, locale, guild_id, viewer_id, player_id, player_name, titles[0][0])
    if game is None or not titles:
        lines = [t("records.stats.title_all", locale, name=player_name) if game is None
                 else t("records.stats.title", locale, name=player_name, game=_title(game))]
        for title, n, wins, ssum, scount, rsum, _secs, _moves in titles:
            rating = await store.leaderboard_row(title, guild_id, player_id)
            shown = t("records.stats.rating_short", locale, rating=f"{rating[1].rating:.1f}") if rating else ""
            lines.append(t("records.stats.title_line", locale, game=_title(title),
                           tally=_tally(locale, n, wins, ssum, scount, rsum), rating=shown))
        lines += unfinished
        if game is None:
            lines.append(t("records.stats.more", locale))
        return Reply(private=Post(lines))
    _title_id, n, wins, ssum, scount, rsum, seconds, moves = titles[0]
    lines = [t("records.stats.title", locale, name=player_name, game=_title(game)),
             _tally(locale, n, wins, ssum, scount, rsum), *unfinished]
    best = data["best"]
    if best is not None:
        game_id, score, rank, players, ended_at, _role = best
        lines.append(t("records.stats.best", locale, score=score, place=rank, players=players, id=game_id,
                       day=ended_at[:10]))
    for scope, key in ((guild_id, "records.stats.rating_here"), (GLOBAL, "records.stats.rating_global")):
        row = await store.leaderboard_row(game, scope, player_id)
        if row is not None:
            place, r, _ = row
            state = t("records.stats.provisional" if not r.established else "records.stats.established", locale)
            lines.append(t(key, locale, rating=f"{r.rating:.1f}", place=place, games=r.games, state=state))
    if moves:
        each = seconds / moves
        lines.append(t("records.stats.per_move", locale,
                       time=format_wait(each) if each >= 60 else t("records.seconds", locale, n=round(each))))
    if data["roles"]:
        parts = [t("records.stats.role", locale, role=role_word(game, role), n=count, wins=won,
                   share=round(100 * won / count)) for role, count, won in data["roles"]]
        lines.append(t("records.stats.roles", locale, roles=parts))
    history = data["history"].get(guild_id) or data["history"].get(GLOBAL) or []
    post = Post(lines, filename="rating.png")
    if history:  # drawn in the reader's language: this answer is theirs alone
        values = [p.rating for p in history]
        post.png = await asyncio.to_thread(
            rating_chart.render, values, t("records.chart.title", locale, name=player_name, game=_title(game)),
            t("records.chart.game", locale, n=1), t("records.chart.game", locale, n=len(values)))
    return Reply(private=post)


async def roles(store, locale: str, guild_id: int, game: str) -> Reply:
    """``/stats game``: a title's factions (colours, roles) in this server: games, wins, averages."""
    if game not in games.ENGINES:
        return refusal(t("unknown_game", locale, game=game, known=", ".join(games.game_ids())))
    rows = await store.role_stats(guild_id, game, await store.records_since(guild_id))
    lines = [t("records.roles.title", locale, game=_title(game))]
    if not rows:
        lines.append(t("records.roles.none", locale))
    for role, n, wins, ssum, scount, rsum, _secs, _moves in rows:
        lines.append(t("records.roles.line", locale, role=role_word(game, role),
                       tally=_tally(locale, n, wins, ssum, scount, rsum)))
    return Reply(private=Post(lines))


async def set_hidden(store, locale: str, user_id: int, hide: bool) -> Reply:
    await store.set_setting("user", user_id, HIDDEN, hide)
    return Reply(private=Post([t("records.stats.now_hidden" if hide else "records.stats.now_shown", locale)]))


async def reset(store, locale: str, guild_id: int, can_manage: bool, at: datetime) -> Reply:
    """Manage Server: the server's records start afresh (its ratings and statistics)."""
    if not can_manage:
        return refusal(t("records.reset.denied", locale))
    await store.reset_records(guild_id, at.isoformat(timespec="milliseconds"))
    return Reply(public=Post([t("records.reset.done", locale)]))
