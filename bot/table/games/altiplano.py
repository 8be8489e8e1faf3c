"""Altiplano's plug file (see ``bot.table.games``): its prompt and menus. Planning (tile to action
space) and actions are whole moves from ``legal_moves``; the menus only name them the way the
board does, in the reader's words."""

from __future__ import annotations

from games.core.messages import Msg, msg


def progress(engine, state, seat: int):
    """The seat's planning so far, for its eyes only: each tile it planned this round and where,
    and the tiles still in its planning row (``None`` outside the planning phase)."""
    from games.altiplano import messages as M

    if state.get("phase") != "plan":
        return None
    p = state["seats"][seat]
    planned = [msg("bot.alt.pair", good=M.good(good), space=M.space(space)) for space, good in p.get("added") or []]
    left = [M.good(good) for good in p.get("slots") or [] if good]
    return msg("bot.alt.progress", planned=planned or msg("core.none"), left=left or msg("core.none"))


def label(engine, state, seat: int, move: str, locale: str = "en"):
    from games.altiplano import messages as M

    from ...words.i18n import tr

    words = move.split()
    if len(words) == 3 and words[0] in ("plan", "unplan"):
        arrow = "→" if words[0] == "plan" else "←"
        return f"{tr(M.good(words[1]), locale)} {arrow} {tr(M.space(words[2]), locale)}", ""
    return None


# --- what the table asks -------------------------------------------------------------------
def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    phase = view.get("phase")
    if phase == "plan":
        if "draw" in vs:
            return msg("bot.ask.altiplano.draw")
        return msg("bot.ask.altiplano.plan")
    if phase == "act":
        if vs == ["pass"]:
            return msg("bot.ask.altiplano.pass_only")
        if "move" in vs or "step" in vs:
            return msg("bot.ask.altiplano.act_move")
        return msg("bot.ask.altiplano.act")
    if "final" in vs:
        return msg("bot.ask.altiplano.final")
    if "corn" in vs:
        return msg("bot.ask.altiplano.corn")
    if any(v in vs for v in ("pick", "keep", "choose")):
        return msg("bot.ask.altiplano.setup")
    return None
