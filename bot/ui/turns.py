"""How a session reply reaches Discord, as plain data (no Discord here).

The Discord layer (``bot.commands.deliver``) follows this plan literally and
the table-flow bench counts its requests from it, so the figures the bench
prints are the requests the bot makes:

1. the interaction is answered once, for the caller's eyes: what was done,
   what is left, secrets (a button or menu click edits its own ephemeral
   message instead);
2. the turn's public post, when the turn ends: one channel message with the
   summary, the board PNG and who is asked what (mentions ping);
3. a ``minor`` public line (one seat less in a simultaneous step) is added to
   the turn's post by an edit, when that post is known; else posted plainly.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import msg, render


@dataclass
class Plan:
    #: the caller's ephemeral answer (None: nothing but the public post to say; a short "Done" is sent)
    answer: list[str]
    #: a new public post (the turn's end): its message
    post: object | None = None
    #: a line to add to the latest turn post (or to post plainly when that post is unknown)
    append: object | None = None
    #: the private PNG (the /hand image) sent with the answer
    answer_png: bytes | None = None


def plan(reply, move: str | None = None, locale: str = "en") -> Plan:
    """What to send for ``reply`` (a session ``Reply``); ``move``: the move text, for the plain "Done"."""
    answer: list[str] = []
    png = None
    for part in (reply.step, reply.private):
        if part is not None:
            answer += list(part.lines)
            png = png or part.png
    out = Plan(answer=answer, answer_png=png)
    if reply.public is not None:
        if reply.public.minor:
            out.append = reply.public
        else:
            out.post = reply.public
    if not out.answer and move and reply.ok:
        out.answer = [render(msg("bot.turn.done", move=move), locale)]
    return out


def requests(p: Plan, known_post: bool = True) -> int:
    """Discord requests the plan costs: the answer, the post, the edit (or post) of a minor line."""
    n = 1  # the interaction's answer (a click's edit of its own menu is one too)
    if p.post is not None:
        n += 1
    if p.append is not None:
        n += 1  # an edit of the turn's post, or a plain post when it is unknown (after a restart)
    return n
