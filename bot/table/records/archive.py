"""The archive (issue 35 item 5): a server's ended games, newest first, and a game's result card.

``/game archive [game] [player]`` lists ten games a page from the ``results`` table (its
``results_guild*`` and ``results_user`` indexes), with a menu to pick one: the pick opens the
game's replay at its last move, under its result card (``replay.py``).
"""

from __future__ import annotations

import games
from games.core import Game

from ...store.records import GameRecord
from ...words.i18n import joined, t, title
from .. import holders
from ..posts import Button, Menu, Post
from ..sessions import Reply, refusal
from .board import hidden
from .roles import role_word

#: games per archive page
PAGE = 10
#: an archive page's filter argument standing for "every game" (custom ids hold no empty part)
ANY = "-"


async def listing(store, locale: str, guild_id: int, viewer_id: int, game: str | None = None,
                  player: tuple[int, str] | None = None, page: int = 0) -> Reply:
    """A page of the server's ended games (one title, one player's), newest first, and a menu to
    pick one. A player who hides their statistics is not listed by name to others."""
    if game is not None and game not in games.ENGINES:
        return refusal(t("unknown_game", locale, game=game, known=", ".join(games.game_ids())))
    if player is not None and player[0] != viewer_id and await hidden(store, player[0]):
        return refusal(t("records.stats.hidden", locale, name=player[1]))
    page = max(0, page)
    entries, more = await store.archive(guild_id, game, player[0] if player else None, page * PAGE, PAGE)
    head = [t("records.archive.title", locale, page=page + 1)]
    if game is not None:
        head.append(title(game))
    if player is not None:
        head.append(t("records.archive.of", locale, name=player[1]))
    lines = [joined(head, "join.dot", locale)]
    options = []
    for game_id, title_id, ended_at, ended, players, moves in entries:
        name = title(title_id)
        winners = await _winners(store, game_id) if ended == "finished" else []
        how = (t("records.archive.won", locale, names=winners) if winners
               else t(f"records.how.{ended}", locale))
        lines.append(t("records.archive.line", locale, id=game_id, game=name, day=ended_at[:10], players=players,
                       moves=moves, how=how))
        options.append((t("records.archive.option", locale, id=game_id, game=name, day=ended_at[:10]), str(game_id)))
    if not entries:
        lines.append(t("records.archive.empty", locale))
    else:
        lines.append(t("records.archive.hint", locale))
    args = (game or ANY, player[0] if player else 0)
    buttons = []
    if page > 0:
        buttons.append(Button("archive_page", (page - 1, *args), t("records.archive.newer", locale)))
    if more:
        buttons.append(Button("archive_page", (page + 1, *args), t("records.archive.older", locale)))
    menu = Menu("archive_pick", (), t("records.archive.pick", locale), tuple(options)) if options else None
    return Reply(private=Post(lines, buttons=buttons, menu=menu))


async def _winners(store, game_id: int) -> list[str]:
    return [r.display_name for r in await store.results(game_id) if r.rank == 1]


async def card_lines(store, locale: str, record: GameRecord, engine: Game) -> list[str]:
    """The result card of an ended game: how and when it ended, then each seat by place (role,
    score). Empty when the game has no results rows (it ended before records were kept and its
    log no longer replays)."""
    rows = await store.results(record.id)
    if not rows:
        return []
    first = rows[0]
    lines = [t("records.card.title", locale, how=t(f"records.how.{first.ended}", locale), day=first.ended_at[:10],
               players=first.players, moves=first.moves)]
    for r in sorted(rows, key=lambda r: (r.rank is None, r.rank or 0, r.seat)):
        role = t("records.card.role", locale, role=role_word(record.game, r.role)) if r.role else ""
        if r.rank is not None:
            lines.append(t("records.card.row", locale, place=r.rank, name=r.display_name, role=role, score=r.score))
        else:
            lines.append(t("records.card.seat", locale, name=r.display_name, role=role))
    return lines + holders.lines(await holders.read(store, record.id), lambda key, **kw: t(key, locale, **kw))
