"""A season's draw: players into divisions, each division into tables, every seat order shuffled.

Pure and seeded (``random.Random(seed)``): the same sign-ups and seed give the same draw, so
a draw can be checked, and redone identically after a restart.

**Divisions.** The seeding order (best first) is cut into ``divisions`` consecutive groups,
the top one first. A division's size is kept a multiple of ``size / gcd(size, per_player)``
where the players allow it, so that its seats fill whole tables; the lowest division takes
what is left over.

**Tables.** In a division of ``n`` players where each plays ``per_player`` tables of ``size``
seats, there are ``ceil(n * per_player / size)`` tables. When the seats do not fill them all,
the last tables are a seat short (a game of ``size - 1``), and a table left with fewer
players than the game takes gets bot seats. Nobody sits twice at one table, and nobody meets
the same opponent more often than the numbers force: the draw minimises the sum over every
pair of players of (tables shared)², which spreads the meetings as evenly as they can be
(the site's four-player divisions of seven, each player at four tables, meet every opponent
exactly twice; nine players at four three-player tables meet every opponent exactly once).
It starts from a greedy draw (the players with the most tables still to seat first, then
whoever has met the table's players least) and improves it by swapping players between
tables while that lowers the sum; small divisions try several starts.

**Seats.** Each table's seat order (who goes first) is drawn so that nobody sits in the same
seat twice while they play no more tables than there are seats, and beyond that every seat
comes round as evenly as it can.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field

#: swaps tried per start, per table of the division (the improvement stops earlier at the bound)
SWAPS_PER_TABLE = 400
#: starts tried in a small division (a large one has room enough that one start reaches the bound)
STARTS_SMALL = 12
#: a division of at most this many players is "small"
SMALL = 40


@dataclass(frozen=True)
class DrawnTable:
    """One table of the season: its division (1 = the top), its number in the division (1, 2, ...),
    the players in seat order, and how many bot seats follow them."""

    division: int
    number: int
    seats: tuple[int, ...]
    bots: int = 0


@dataclass
class Draw:
    """A season's draw: the divisions (players in seeding order) and every table."""

    divisions: list[list[int]]
    tables: list[DrawnTable] = field(default_factory=list)

    def meetings(self, division: int | None = None) -> dict[tuple[int, int], int]:
        """How often each pair of players shares a table (pairs as (smaller id, larger id))."""
        out: dict[tuple[int, int], int] = {}
        for t in self.tables:
            if division is None or t.division == division:
                for a, b in itertools.combinations(sorted(t.seats), 2):
                    out[(a, b)] = out.get((a, b), 0) + 1
        return out


class DrawError(ValueError):
    """The players cannot be drawn into tables as asked (too few for one table)."""


def split(order: list[int], divisions: int, size: int, per_player: int) -> list[list[int]]:
    """The seeding order (best first) cut into at most ``divisions`` divisions, top first.

    Each division gets at least one table's worth of players; sizes are multiples of
    ``size / gcd(size, per_player)`` (whole tables) except the lowest, which takes the rest."""
    n = len(order)
    if n < size:
        raise DrawError(f"{n} players cannot fill a table of {size}")
    unit = size // math.gcd(size, per_player)
    count = max(1, min(divisions, n // size))
    while count > 1:
        units = n // unit
        base, more = divmod(units, count)
        sizes = [(base + (1 if d < more else 0)) * unit for d in range(count)]
        sizes[-1] += n - sum(sizes)
        if min(sizes) >= size:
            break
        count -= 1
    else:
        sizes = [n]
    out, start = [], 0
    for s in sizes:
        out.append(list(order[start:start + s]))
        start += s
    return out


def table_sizes(n: int, size: int, per_player: int, min_players: int) -> tuple[list[int], list[int]]:
    """The tables' player counts, full ones first, and the bot seats each needs: seats that do not
    fill whole tables leave the last ones short by a seat (as evenly as can be), and a table
    left with fewer players than the game takes gets bot seats up to that number."""
    seats = n * per_player
    tables = -(-seats // size)
    base, extra = divmod(seats, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    return sizes, [max(0, min_players - s) for s in sizes]


def bound(n: int, sizes: list[int]) -> int:
    """The least the sum of (tables shared)² over every pair can be: the meetings spread evenly."""
    meetings = sum(s * (s - 1) // 2 for s in sizes)
    pairs = n * (n - 1) // 2
    if pairs == 0:
        return 0
    q, rem = divmod(meetings, pairs)
    return rem * (q + 1) ** 2 + (pairs - rem) * q * q


def _seat_at(p: int, chosen: list[int], cost: list[int], met: list[int]) -> None:
    chosen.append(p)
    for q, m in enumerate(met):
        cost[q] += 2 * m + 1


def _greedy(n: int, sizes: list[int], per_player: int, rng: random.Random) -> list[list[int]]:
    """Tables of player indexes, each player at ``per_player`` of them, none twice at one table.

    A player who must sit at every table still to fill is seated first (so the draw always
    completes); then whoever adds the fewest repeated meetings, the one with more tables
    still to play first, ties at random."""
    rem = [per_player] * n
    meet = [[0] * n for _ in range(n)]
    noise = [rng.random() for _ in range(n)]
    tables: list[list[int]] = []
    for t, size in enumerate(sizes):
        left = len(sizes) - t
        cost = [0] * n  # what seating each player here would add to the sum of (tables shared)²
        chosen: list[int] = []
        for p in range(n):
            if rem[p] == left:
                _seat_at(p, chosen, cost, meet[p])
        while len(chosen) < size:
            best, key = -1, None
            for p in range(n):
                if rem[p] == 0 or p in chosen:
                    continue
                k = (cost[p], -rem[p], noise[p])
                if key is None or k < key:
                    best, key = p, k
            _seat_at(best, chosen, cost, meet[best])
        for a in chosen:
            rem[a] -= 1
            for b in chosen:
                if a != b:
                    meet[a][b] += 1
        for p in chosen:
            noise[p] = rng.random()
        tables.append(chosen)
    return tables


def _improve(n: int, tables: list[list[int]], rng: random.Random, target: int, tries: int) -> int:
    """Swap players between tables to lower the sum of (tables shared)² (simulated annealing: a
    swap that raises it is taken now and then while the temperature is high, so the search
    leaves a dead end); stops at ``target``. ``tables`` ends as the best draw seen. Returns its sum."""
    meet = [[0] * n for _ in range(n)]
    where = [0] * n  # bit i: the player sits at table i
    for i, t in enumerate(tables):
        for a in t:
            where[a] |= 1 << i
            for b in t:
                if a != b:
                    meet[a][b] += 1
    total = sum(meet[a][b] ** 2 for a in range(n) for b in range(a + 1, n))
    count = len(tables)
    best, best_tables = total, [list(t) for t in tables]
    if count < 2 or total <= target:
        return total
    heat, cool = 1.5, (0.02 / 1.5) ** (1.0 / max(1, tries))
    chance = rng.random
    pick = rng.randrange
    for _ in range(tries):
        heat *= cool
        ia, ib = pick(count), pick(count)
        if ia == ib:
            continue
        ta, tb = tables[ia], tables[ib]
        xa, xb = pick(len(ta)), pick(len(tb))
        a, b = ta[xa], tb[xb]
        if where[a] >> ib & 1 or where[b] >> ia & 1:
            continue
        ma, mb = meet[a], meet[b]
        # a leaves q (its count m: m^2 -> (m-1)^2, i.e. -2m+1), b joins q (+2m+1); and the other way
        delta = 0
        for q in ta:
            if q != a:
                delta += 2 * (mb[q] - ma[q]) + 2
        for q in tb:
            if q != b:
                delta += 2 * (ma[q] - mb[q]) + 2
                if where[q] >> ia & 1:  # q sits at both tables: its meetings with a and b stay
                    delta -= 4
        if delta > 0 and chance() >= math.exp(-delta / heat):
            continue
        for q in ta:
            if q != a:
                ma[q] -= 1
                meet[q][a] -= 1
                mb[q] += 1
                meet[q][b] += 1
        for q in tb:
            if q != b:
                mb[q] -= 1
                meet[q][b] -= 1
                ma[q] += 1
                meet[q][a] += 1
        ta[xa], tb[xb] = b, a
        where[a] ^= (1 << ia) | (1 << ib)
        where[b] ^= (1 << ia) | (1 << ib)
        total += delta
        if total < best:
            best, best_tables = total, [list(t) for t in tables]
            if best <= target:
                break
    tables[:] = best_tables
    return best


def _spread(tables: list[list[int]], n: int) -> int:
    meet: dict[tuple[int, int], int] = {}
    for t in tables:
        for a, b in itertools.combinations(sorted(t), 2):
            meet[(a, b)] = meet.get((a, b), 0) + 1
    return sum(v * v for v in meet.values())


def draw_division(players: list[int], size: int, per_player: int, min_players: int,
                  rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One division's tables (player ids, seat order not drawn yet) and the bot seats the last
    ones need. See the module's docstring."""
    n = len(players)
    if n < size:
        raise DrawError(f"{n} players cannot fill a table of {size}")
    sizes, bots = table_sizes(n, size, per_player, min_players)
    target = bound(n, sizes)
    starts = STARTS_SMALL if n <= SMALL else 1
    best: list[list[int]] | None = None
    best_sum = None
    for _ in range(starts):
        tables = _greedy(n, sizes, per_player, rng)
        reached = _improve(n, tables, rng, target, SWAPS_PER_TABLE * len(sizes))
        if best_sum is None or reached < best_sum:
            best, best_sum = tables, reached
        if reached <= target:
            break
    assert best is not None
    return [[players[i] for i in t] for t in best], bots


def seat(tables: list[list[int]], size: int, rng: random.Random) -> list[list[int]]:
    """Each table's seat order (seat 1 goes first), drawn so that nobody gets the same seat twice
    while they have fewer tables than there are seats, and after that every seat as often as
    any other, give or take one.

    Seats are the colours of an edge colouring of the bipartite graph players–tables (every
    table needs its seats all different; König: ``size`` colours are enough once each player
    is split into copies of at most ``size`` tables each), built edge by edge in a random
    order by swapping colours along an alternating path when the two ends have no free
    colour in common."""
    colours = max([size, *(len(t) for t in tables)])
    copies: dict[tuple[int, int], int] = {}   # (player, table index) -> node of the player's copy
    nodes = 0
    per_player: dict[int, list[int]] = {}
    for i, t in enumerate(tables):
        for p in t:
            per_player.setdefault(p, []).append(i)
    for p, ts in per_player.items():
        ts = list(ts)
        rng.shuffle(ts)
        for k, i in enumerate(ts):
            copies[(p, i)] = nodes + k // colours
        nodes += -(-len(ts) // colours)
    # nodes 0..nodes-1 are player copies, nodes+i is table i; at[node][c]: the other end of its c edge
    at: list[list[int | None]] = [[None] * colours for _ in range(nodes + len(tables))]
    edges = [(copies[(p, i)], nodes + i) for i, t in enumerate(tables) for p in t]
    rng.shuffle(edges)
    for u, v in edges:
        a = next(c for c in range(colours) if at[u][c] is None)
        b = next(c for c in range(colours) if at[v][c] is None)
        if at[v][a] is not None:
            # the path from v along a, b, a, ... swaps its two colours; it cannot reach u
            path, node, c = [], v, a
            while at[node][c] is not None:
                nxt = at[node][c]
                path.append((node, nxt, c))
                node, c = nxt, (b if c == a else a)
            for x, y, c in path:
                at[x][c] = at[y][c] = None
            for x, y, c in path:
                d = b if c == a else a
                at[x][d], at[y][d] = y, x
        at[u][a], at[v][a] = v, u
    order = list(range(colours))
    rng.shuffle(order)  # which colour is which seat
    out = []
    for i, t in enumerate(tables):
        by_copy = {copies[(p, i)]: p for p in t}
        held = [(order[c], by_copy[other]) for c, other in enumerate(at[nodes + i]) if other is not None]
        out.append([p for _, p in sorted(held)])
    return out


def draw_season(divisions: list[list[int]], size: int, per_player: int, min_players: int, seed: int) -> Draw:
    """Every division's tables, numbered 1, 2, ... in each division, seats in playing order."""
    rng = random.Random(seed)
    result = Draw([list(d) for d in divisions])
    for number, players in enumerate(divisions, start=1):
        tables, bots = draw_division(list(players), size, per_player, min_players, rng)
        for k, t in enumerate(seat(tables, size, rng)):
            result.tables.append(DrawnTable(number, k + 1, tuple(t), bots[k]))
    return result
