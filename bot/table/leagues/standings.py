"""A season's standings and the next season's seeding. Pure: results in, ordered rows out.

**League points.** At each finished table a player scores one point for every opponent who
finished below them and half a point for every opponent who finished level (the ranks the
game's own tie-break gave). At a table short of players (the seats did not fill whole
tables) the points are scaled to a full table's, ``(size - 1) / (players - 1)``, so every
table is worth the same. A bot seat is an opponent like any other but earns nobody points.
An unfinished table (aborted, or closed by the bot after it stalled) scores nothing. A seat
scores for whoever the game's results name at its end, if they are in the division: a seat
handed to a bot or to someone outside the division scores for nobody.

**Tie-breaks**, in this order (published in ``/help leagues``):

1. league points, more first;
2. tables won (first places, shared ones included);
3. head to head: the league points counted only against the other players still tied
   (tables shared with them), more first;
4. total score (the games' victory points added up), more first;
5. the seed: last season's place, or for a first season the rating (then sign-up order).

**Promotion and relegation.** Between two neighbouring divisions a quarter of the smaller
one's players (at least one) move: the top of the lower division goes up, the bottom of the
upper one goes down. The next season's seeding order is the divisions' new line-ups one
after the other (in each: the players who came down first, then those who stayed in their
order, then those who came up), leaving out whoever did not sign up again; newcomers follow
at the end, by rating then sign-up order. That order is then cut into divisions as for any
season (``draw.split``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Seat:
    """One seat of one league table as the game's results left it."""

    table: int                  # the table (any key, one per league table)
    user_id: int                # whoever the results name for the seat (a bot seat: negative)
    rank: int | None            # 1 = won; equal ranks share; None: the table did not finish
    score: int | None = None


@dataclass
class Standing:
    """One player's line in a division's standings."""

    user_id: int
    name: str
    division: int
    seed: int
    played: int = 0
    points: Fraction = Fraction(0)
    wins: int = 0
    score: int = 0
    #: head-to-head points against the others tied with them (tie-break 3; 0 when not tied)
    head_to_head: Fraction = Fraction(0)
    place: int = 0

    def key(self) -> tuple:
        return (-self.points, -self.wins, -self.head_to_head, -self.score, self.seed)


def table_points(ranks: list[int], size: int) -> list[Fraction]:
    """Each seat's league points at a finished table (see the module's docstring)."""
    m = len(ranks)
    if m < 2:
        return [Fraction(0)] * m
    scale = Fraction(max(size, m) - 1, m - 1)
    out = []
    for i, r in enumerate(ranks):
        beaten = sum(1 for j, o in enumerate(ranks) if j != i and o > r)
        level = sum(1 for j, o in enumerate(ranks) if j != i and o == r)
        out.append((beaten + Fraction(level, 2)) * scale)
    return out


def _pairwise(a: int, b: int) -> Fraction:
    """What finishing at rank ``a`` against rank ``b`` is worth: 1, a half, or 0."""
    return Fraction(1) if a < b else Fraction(1, 2) if a == b else Fraction(0)


@dataclass
class Division:
    """Who plays in one division and what they have done: the input to :func:`standings`."""

    number: int
    players: list[tuple[int, str, int]]      # (user id, name, seed) in seeding order
    seats: list[Seat] = field(default_factory=list)
    #: seats per table (the league's table size): short tables are scaled to it
    size: int = 0


def standings(division: Division) -> list[Standing]:
    """The division's standings, ordered by the published tie-breaks, places 1, 2, ...
    (players level on every tie-break but the seed still get distinct places: the seed decides)."""
    rows = {uid: Standing(uid, name, division.number, seed) for uid, name, seed in division.players}
    tables: dict[int, list[Seat]] = {}
    for s in division.seats:
        tables.setdefault(s.table, []).append(s)
    finished: list[list[Seat]] = []
    for seats in tables.values():
        if any(s.rank is None for s in seats):
            continue
        finished.append(seats)
        points = table_points([s.rank for s in seats], division.size or len(seats))
        for s, p in zip(seats, points, strict=True):
            row = rows.get(s.user_id)
            if row is None:
                continue
            row.played += 1
            row.points += p
            row.wins += 1 if s.rank == 1 else 0
            row.score += s.score or 0
    # tie-break 3: head to head inside each group level on points and wins
    groups: dict[tuple, list[Standing]] = {}
    for row in rows.values():
        groups.setdefault((row.points, row.wins), []).append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        ids = {r.user_id for r in group}
        for seats in finished:
            here = [s for s in seats if s.user_id in ids]
            for s in here:
                rows[s.user_id].head_to_head += sum((_pairwise(s.rank, o.rank) for o in here if o is not s),
                                                    Fraction(0))
    ordered = sorted(rows.values(), key=Standing.key)
    for place, row in enumerate(ordered, start=1):
        row.place = place
    return ordered


def movers(upper: int, lower: int) -> int:
    """How many players change places between two neighbouring divisions of these sizes."""
    return max(1, min(upper, lower) // 4)


def next_order(divisions: list[list[int]], returning: Iterable[int], newcomers: list[int]) -> list[int]:
    """The next season's seeding order (see the module's docstring): ``divisions`` are the last
    season's standings, each best first, the top division first; ``returning``: who signed up
    again; ``newcomers``: the others, already in their order."""
    back = set(returning)
    count = len(divisions)
    up: list[list[int]] = [[] for _ in range(count)]     # up[d]: who leaves division d upwards
    down: list[list[int]] = [[] for _ in range(count)]   # down[d]: who leaves division d downwards
    for d in range(count - 1):
        m = movers(len(divisions[d]), len(divisions[d + 1]))
        down[d] = divisions[d][len(divisions[d]) - m:]
        up[d + 1] = divisions[d + 1][:m]
    order: list[int] = []
    for d in range(count):
        moving = set(up[d]) | set(down[d])
        line = (down[d - 1] if d > 0 else []) + [u for u in divisions[d] if u not in moving] \
            + (up[d + 1] if d + 1 < count else [])
        order += [u for u in line if u in back]
    seen = set(order)
    return order + [u for u in newcomers if u not in seen]


def seed_order(signed: list[int], ratings: dict[int, float]) -> list[int]:
    """A first season's seeding: rated players by rating (higher first), then the others, each
    in sign-up order (``signed`` is in sign-up order)."""
    place = {u: i for i, u in enumerate(signed)}
    return sorted(signed, key=lambda u: (u not in ratings, -ratings.get(u, 0.0), place[u]))


def shown(points: Fraction) -> str:
    """League points as players read them: 3, 2.5, 0.75."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0").rstrip(".")
