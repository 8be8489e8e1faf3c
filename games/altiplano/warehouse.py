"""The warehouse: where a stored tile may go.

A warehouse is a list of rows in filling order (left warehouse bottom to top,
then the right one); a row is ``{"good": g, "tiles": [...]}`` once opened.
Rules (seed): the first tile of a row fixes its good; corn may join any row,
but a row opened by corn holds corn only; a tile of good g must go into the
open, unfilled row of g if there is one, otherwise it opens the next row;
a new row of g cannot be opened while one is unfilled; food is never stored.
"""

from __future__ import annotations

from games.core.messages import msg

from . import messages as M
from .data import WAREHOUSE


class NeedRow(ValueError):
    """Corn could go to several rows: the player must say which."""


def reason(err: ValueError):
    """Why a tile cannot be stored, as a message (``str(err)`` is the English)."""
    return err.args[0] if err.args else str(err)


def new_warehouse() -> list:
    return []


def length(row_index: int) -> int:
    return WAREHOUSE[row_index][1]


def is_full(wh: list, i: int) -> bool:
    return len(wh[i]["tiles"]) >= length(i)


def targets(wh: list, good: str, allow_new: bool = True) -> list[int]:
    """Row indexes (0-based) where one tile of ``good`` may be put now."""
    if good == "food":
        return []
    open_rows = [i for i in range(len(wh)) if not is_full(wh, i)]
    if good == "corn":
        out = list(open_rows)
        corn_open = any(wh[i]["good"] == "corn" for i in open_rows)
        if allow_new and not corn_open and len(wh) < len(WAREHOUSE):
            out.append(len(wh))
        return out
    same = [i for i in open_rows if wh[i]["good"] == good]
    if same:
        return same[:1]
    if allow_new and len(wh) < len(WAREHOUSE):
        return [len(wh)]
    return []


def put(wh: list, good: str, row: int | None = None, allow_new: bool = True) -> int:
    """Store one tile; ``row`` is needed for corn when it has a choice.
    Returns the row index used; ValueError when the tile cannot go there."""
    options = targets(wh, good, allow_new)
    if not options:
        raise ValueError(msg("alt.wh.no_row", good=M.good(good)))
    if row is None:
        if len(options) > 1:
            rows = [f"{good}@{i + 1}" for i in options]
            raise NeedRow(msg("alt.wh.which_row", good=M.good(good), rows=rows))
        row = options[0]
    if row not in options:
        raise ValueError(msg("alt.wh.not_row", good=M.good(good), rows=[str(i + 1) for i in options], row=row + 1))
    if row == len(wh):
        wh.append({"good": good, "tiles": []})
    wh[row]["tiles"].append(good)
    return row


def complete_rows(wh: list) -> list[int]:
    return [i for i in range(len(wh)) if is_full(wh, i)]


def row_points(wh: list) -> int:
    return sum(WAREHOUSE[i][2] for i in complete_rows(wh))


def stored(wh: list) -> list[str]:
    return [t for row in wh for t in row["tiles"]]
