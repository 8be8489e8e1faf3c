"""Who may take back which moves: a pure policy over the move log.

The move log is the truth, so an undo is "keep the first ``keep`` moves and
replay them". What may be taken back without asking anyone:

- only the caller's own moves, made since their turn began (in this
  contract a seat only moves while the table waits for it, so an unbroken
  run of the caller's moves at the end of the log lies within their turn),
- none of them revealed hidden information (an event with ``barrier=True``),
- none resolved randomness (``game.rng_draws(state)`` changed),
- no other player acted since.

Anything wider needs the consent of every other seated player (buttons).
Nothing can be undone in a finished game or by someone without a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import Game

from ...words.i18n import t

FREE, CONSENT, REFUSED = "free", "consent", "refused"


@dataclass
class MoveInfo:
    """One logged move, as the undo policy sees it (found by replaying)."""

    n: int  # 1-based move number
    seat: int
    text: str
    barrier: bool = False
    random: bool = False
    to_move_after: frozenset = frozenset()
    events: list = field(default_factory=list)


@dataclass
class UndoPlan:
    verdict: str
    keep: int = 0
    undone: list[MoveInfo] = field(default_factory=list)
    reason: str = ""  # a worded sentence (``bot.words.i18n.Text``: each reader gets it in their language)
    consent_from: list[int] = field(default_factory=list)

    @property
    def allowed(self) -> bool:
        return self.verdict != REFUSED


def analyse(game: Game, players: int, seed: int, options: dict | None, moves) -> tuple[list[MoveInfo], object]:
    """Replay ``(seat, text)`` moves, noting barriers, draws and whose turn followed.

    Returns the infos and the final state. A move the engine refuses raises
    RuleError (a log that does not replay is a bug worth seeing).
    """
    state = game.setup(players, seed, options)
    infos = []
    for n, (seat, text) in enumerate(moves, start=1):
        draws = game.rng_draws(state)
        events = game.play(state, int(seat), text)
        infos.append(MoveInfo(
            n=n, seat=int(seat), text=text,
            barrier=any(e.barrier for e in events),
            random=game.rng_draws(state) != draws,
            to_move_after=frozenset(game.to_move(state)),
            events=events,
        ))
    return infos, state


def plan_undo(infos: list[MoveInfo], seat: int, seats: list[int], over: bool = False,
              count: int = 1) -> UndoPlan:
    """Plan taking back the caller's last ``count`` moves (and all moves after them).

    ``seats`` are the seated human players (dropped seats excluded): they
    are the ones whose consent a wider undo needs.
    """
    if over:
        return UndoPlan(REFUSED, reason=t("undo.over"))
    own = [i for i, m in enumerate(infos) if m.seat == seat]
    if not own:
        return UndoPlan(REFUSED, reason=t("undo.none"))
    count = max(1, min(count, len(own)))
    keep = own[-count]
    undone = infos[keep:]
    others = sorted(s for s in seats if s != seat)

    reasons = []
    if any(m.seat != seat for m in undone):
        reasons.append(t("undo.why.acted"))
    if any(m.barrier for m in undone):
        reasons.append(t("undo.why.hidden"))
    if any(m.random for m in undone):
        reasons.append(t("undo.why.random"))
    if not reasons:
        return UndoPlan(FREE, keep=keep, undone=undone)
    if not others:
        return UndoPlan(REFUSED, keep=keep, undone=undone, reason=t("undo.nobody", why=_sentence(reasons)))
    return UndoPlan(CONSENT, keep=keep, undone=undone, reason=_sentence(reasons), consent_from=others)


def _sentence(reasons: list[str]) -> str:
    """"a, b and c" (lower case: the sentence it goes into decides)."""
    return reasons[0] if len(reasons) == 1 else t("undo.and", some=reasons[:-1], last=reasons[-1])
