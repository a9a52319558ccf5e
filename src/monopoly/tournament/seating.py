"""Seating a tournament's rounds: tables of 3-5, no two players meeting twice where possible.

A Monopoly tournament (the Czech championship) seats its 8..200 players at tables of four,
with a few tables of three or five where the numbers do not divide, for several rounds. A
good seating lets everybody meet new opponents: the round is seated given the rounds
before it, so that as few pairs as possible sit at one table again (and a pair that met
twice is kept apart before one that met once). A Swiss round (``standings`` given) seats
players close in the standings together, the top group at the first table, as far as the
repeats allow. Seat 0 of a table is the player left of the banker, who throws first: it
goes to the player who sat first least often so far, and the tables are formed so that,
where they can be, nobody has sat first more than once more than anybody else.

The objective of a round, in order of importance: the number of pairs seated together that
met before (what the round adds to :func:`repeat_pairs`); the times those pairs met; the
distance in the standings (a Swiss round); the balance of the first seats. A round of at
most a few thousand possible seatings is solved exactly; a larger one by a greedy seating
improved by a tabu search over swaps of two players at different tables (restarted from a
perturbed best when it stalls), which stops at a proven lower bound (no repeats, or the
pigeonhole bound of a past round) or after a work limit. Everything is deterministic: the
randomness comes from ``random.Random`` generators seeded from ``seed``.

    >>> table_sizes(11)
    (4, 4, 3)
    >>> rounds = seat_rounds(16, 3, seed=7)
    >>> [len(table) for table in rounds[0]]
    [4, 4, 4, 4]
    >>> repeat_pairs(rounds)
    0
    >>> sorted(first_seats(rounds).values()) == [0] * 4 + [1] * 12
    True
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations

__all__ = [
    "Round",
    "SeatingError",
    "Table",
    "first_seats",
    "meetings",
    "repeat_pairs",
    "seat_round",
    "seat_rounds",
    "table_sizes",
]

Table = tuple[int, ...]
"""Entrant numbers in seat order; seat 0 throws first (left of the banker)."""
Round = tuple[Table, ...]
"""The tables of one round."""

EXACT_LIMIT = 5000
"""A round with at most this many seatings (slot fillings) is solved by trying them all."""
WORK_LIMIT = 400_000
"""The tabu search's work limit per round: evaluated swaps."""


class SeatingError(ValueError):
    """A seating that cannot be made from the arguments given; the message says why."""


def _check_int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError(f"{name} must be a whole number, not {value!r}")
    return value


def table_sizes(
    players: int, table_size: int = 4, *, smallest: int = 3, largest: int = 5
) -> tuple[int, ...]:
    """Sizes of the tables for `players`, larger tables first.

    As many tables of `table_size` as possible, the rest of sizes in `smallest..largest`:
    the fewest such tables, then those closest to `table_size`. SeatingError if it cannot
    be done.

    >>> [table_sizes(n) for n in (3, 5, 6, 7, 8, 9, 10)]
    [(3,), (5,), (3, 3), (4, 3), (4, 4), (5, 4), (4, 3, 3)]
    """
    players = _check_int(players, "the number of players")
    table_size = _check_int(table_size, "the table size")
    smallest = _check_int(smallest, "the smallest table")
    largest = _check_int(largest, "the largest table")
    if smallest < 2:
        raise SeatingError(f"the smallest table must seat at least 2 players, not {smallest}")
    if largest < smallest:
        raise SeatingError(
            f"the largest table ({largest}) is smaller than the smallest ({smallest})"
        )
    if not smallest <= table_size <= largest:
        raise SeatingError(
            f"the table size {table_size} is outside the allowed {smallest}..{largest}"
        )
    if players < smallest:
        raise SeatingError(f"{players} players are too few: a table needs at least {smallest}")
    others = [s for s in range(largest, smallest - 1, -1) if s != table_size]
    # best[x]: (tables, spread) of the best split of x players into the other sizes, and
    # the sizes; (fewest tables, then the least sum of squared differences to table_size)
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (players + 1)
    best[0] = (0, 0, ())
    for x in range(1, players + 1):
        for s in others:
            prev = best[x - s] if x >= s else None
            if prev is None:
                continue
            cand = (prev[0] + 1, prev[1] + (s - table_size) ** 2, (*prev[2], s))
            old = best[x]
            if old is None or cand[:2] < old[:2]:
                best[x] = cand
    for k in range(players // table_size, -1, -1):
        split = best[players - k * table_size]
        if split is not None:
            return tuple(sorted((table_size,) * k + split[2], reverse=True))
    raise SeatingError(f"{players} players cannot be seated at tables of {smallest}..{largest}")


def _check_rounds(rounds: Sequence[Round]) -> None:
    for r, rnd in enumerate(rounds, start=1):
        seen: set[int] = set()
        for table in rnd:
            for entrant in table:
                _check_int(entrant, f"an entrant of round {r}")
                if entrant in seen:
                    raise SeatingError(f"round {r} seats entrant {entrant} twice")
                seen.add(entrant)


def meetings(rounds: Sequence[Round]) -> dict[tuple[int, int], int]:
    """How many times each pair ``(a, b)``, ``a < b``, sat at one table (pairs that met).

    >>> meetings([((1, 2, 3),), ((3, 1, 4),)])
    {(1, 2): 1, (1, 3): 2, (2, 3): 1, (1, 4): 1, (3, 4): 1}
    """
    _check_rounds(rounds)
    counts: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd:
            for pair in combinations(sorted(table), 2):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def repeat_pairs(rounds: Sequence[Round]) -> int:
    """The repeated meetings: the sum over the pairs of ``max(0, times met - 1)``."""
    return sum(times - 1 for times in meetings(rounds).values())


def first_seats(rounds: Sequence[Round]) -> dict[int, int]:
    """How many times each entrant of `rounds` sat in seat 0 (0 for those who never did)."""
    _check_rounds(rounds)
    counts: dict[int, int] = {}
    for rnd in rounds:
        for table in rnd:
            for seat, entrant in enumerate(table):
                counts[entrant] = counts.get(entrant, 0) + (seat == 0)
    return counts


def _derive(seed: int, *parts: object) -> int:
    """A generator seed from `seed` and `parts` (stable across runs and platforms)."""
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _pigeonhole(size: int, groups: int) -> int:
    """The fewest pairs of one group at a table of `size` drawn from `groups` groups."""
    q, r = divmod(size, groups)
    return r * (q + 1) * q // 2 + (groups - r) * q * (q - 1) // 2


class _Problem:
    """One round to seat: the active players 0..n-1 (internal indices; in a Swiss round
    their ranks, best first), the table slots of `sizes`, and the costs.

    The cost of a seating is one integer whose weights make the objectives lexicographic:
    the pairs that met before (``a_weight`` each), the times they met (``b_weight``), the
    first-seat penalty (``e_weight``), the squared distance of each player's rank to the
    ranks of the table (a Swiss round; ``c_weight``), and last, in a Swiss round, the
    better players at the lower tables (a player's rank times the table's number).
    """

    def __init__(
        self, sizes: tuple[int, ...], met: list[list[int]], firsts: list[int], swiss: bool
    ) -> None:
        n = len(met)
        self.n = n
        self.sizes = sizes
        t_count = len(sizes)
        # first seats: the T first seats should go to the T lowest counts; theta is the
        # T-th lowest count: every table needs a player at most theta, and the players
        # below theta (all of whom must sit first) must be at different tables
        theta = sorted(firsts)[t_count - 1]
        self.low = [int(c < theta) for c in firsts]
        self.elig = [int(c <= theta) for c in firsts]
        # weights, smallest first: the Swiss table order (at most t_count * n * n), the
        # Swiss standing distance (c, at most c * n**3 in all), the first-seat penalty
        # (e, at most 6 per table: the rotation of first seats matters more than how
        # close a Swiss table is to the standings), the repeats (b, then a)
        self.c_weight = t_count * n * n + 1 if swiss else 1
        self.e_weight = self.c_weight * (n**3 + 1) if swiss else 1
        self.stand: list[list[int]] | None = None
        stand_max = 0
        self.order_min = 0
        if swiss:
            lo_hi = []
            start = 0
            for t, size in enumerate(sizes):
                lo_hi.append((start, start + size - 1))
                self.order_min += t * sum(range(start, start + size))
                start += size
            c = self.c_weight
            self.stand = [
                [c * max(0, lo - r, r - hi) ** 2 + t * r for t, (lo, hi) in enumerate(lo_hi)]
                for r in range(n)
            ]
            stand_max = n**3
        max_met = max((max(row) for row in met), default=0)
        pairs = sum(size * (size - 1) // 2 for size in sizes)
        self.b_weight = self.e_weight * (6 * t_count + 1) if swiss else \
            self.c_weight * (stand_max + 1) * (6 * t_count + 1)
        self.a_weight = self.b_weight * (pairs * max_met + 1)
        a, b = self.a_weight, self.b_weight
        self.w = [[a + b * m if m else 0 for m in row] for row in met]
        self.nbr = [[(j, wij) for j, wij in enumerate(row) if wij] for row in self.w]
        self.lower = self.order_min

    def bound(self, history_groups: list[list[int]]) -> None:
        """Set the proven lower bound of the cost from the past rounds' groups: a table of
        s drawn from g groups holds at least the pairs of one group of an even split."""
        most = 0
        for groups in history_groups:
            count = len(set(groups))
            most = max(most, sum(_pigeonhole(size, count) for size in self.sizes))
        self.lower = self.order_min + most * (self.a_weight + self.b_weight)

    def table_cost(self, slot: int, members: Sequence[int]) -> int:
        w = self.w
        cost = sum(w[i][j] for i, j in combinations(members, 2))
        if self.stand is not None:
            cost += sum(self.stand[i][slot] for i in members)
        low = sum(self.low[i] for i in members)
        elig = sum(self.elig[i] for i in members)
        return cost + self.e_weight * ((elig == 0) + max(0, low - 1))

    def cost(self, tables: Sequence[Sequence[int]]) -> int:
        return sum(self.table_cost(t, members) for t, members in enumerate(tables))


def _fillings(people: list[int], sizes: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every filling of the slots of `sizes` (in order) with `people`."""
    if not sizes:
        yield []
        return
    for chosen in combinations(people, sizes[0]):
        rest = [p for p in people if p not in chosen]
        for more in _fillings(rest, sizes[1:]):
            yield [chosen, *more]


def _exact(problem: _Problem, rng: random.Random) -> list[list[int]]:
    """The best filling of all (ties: one of them chosen by `rng`)."""
    best_cost = -1
    best: list[tuple[int, ...]] = []
    ties = 0
    for filling in _fillings(list(range(problem.n)), problem.sizes):
        cost = problem.cost(filling)
        if best_cost < 0 or cost < best_cost:
            best_cost, best, ties = cost, filling, 1
        elif cost == best_cost:
            ties += 1
            if rng.randrange(ties) == 0:
                best = filling
    return [list(table) for table in best]


class _Search:
    """The tabu search over swaps of two players at different tables."""

    def __init__(self, problem: _Problem, slot: list[int], rng: random.Random) -> None:
        self.p = problem
        self.rng = rng
        t_count = len(problem.sizes)
        n = problem.n
        self.slot = slot
        self.conf = [[0] * t_count for _ in range(n)]
        for i in range(n):
            ci = self.conf[i]
            for j, wij in problem.nbr[i]:
                ci[slot[j]] += wij
        self.lowc = [0] * t_count
        self.eligc = [0] * t_count
        for i in range(n):
            self.lowc[slot[i]] += problem.low[i]
            self.eligc[slot[i]] += problem.elig[i]
        members: list[list[int]] = [[] for _ in range(t_count)]
        for i in range(n):
            members[slot[i]].append(i)
        self.cost = problem.cost(members)

    def move(self, i: int, b: int) -> None:
        a = self.slot[i]
        self.slot[i] = b
        conf = self.conf
        for j, wij in self.p.nbr[i]:
            cj = conf[j]
            cj[a] -= wij
            cj[b] += wij
        self.lowc[a] -= self.p.low[i]
        self.lowc[b] += self.p.low[i]
        self.eligc[a] -= self.p.elig[i]
        self.eligc[b] += self.p.elig[i]

    def seat_delta(self, i: int, j: int) -> int:
        """The change of the first-seat penalty when `i` and `j` swap tables."""
        low, elig = self.p.low, self.p.elig
        a, b = self.slot[i], self.slot[j]
        la, lb, ea, eb = self.lowc[a], self.lowc[b], self.eligc[a], self.eligc[b]
        before = (ea == 0) + max(0, la - 1) + (eb == 0) + max(0, lb - 1)
        dl, de = low[j] - low[i], elig[j] - elig[i]
        la, lb, ea, eb = la + dl, lb - dl, ea + de, eb - de
        return (ea == 0) + max(0, la - 1) + (eb == 0) + max(0, lb - 1) - before

    def candidate(self) -> int:
        """A player whose seat costs something, chosen at random: at a repeat if there is
        one, else away from their standing or at a table short of a player due to sit
        first; -1 if there is none."""
        slot, conf, stand, rng = self.slot, self.conf, self.p.stand, self.rng
        away = self.p.c_weight
        clash = [i for i in range(self.p.n) if conf[i][slot[i]]]
        if clash:
            return clash[rng.randrange(len(clash))]
        bad = {t for t in range(len(self.p.sizes)) if self.eligc[t] == 0 or self.lowc[t] > 1}
        other = [
            i
            for i in range(self.p.n)
            if slot[i] in bad or (stand is not None and stand[i][slot[i]] >= away)
        ]
        return other[rng.randrange(len(other))] if other else -1

    def run(self, budget: int) -> list[int]:
        """Search until the cost reaches the lower bound or `budget` swaps were tried;
        returns the best assignment found (player -> slot)."""
        p, rng, n = self.p, self.rng, self.p.n
        slot, conf, stand, elig, low = self.slot, self.conf, p.stand, p.elig, p.low
        w, e_weight = p.w, p.e_weight
        best_cost, best = self.cost, slot[:]
        tabu = [0] * n
        it = stall = work = 0
        stall_limit = 100 + 8 * n
        tenure = 3 + n // 8
        while best_cost > p.lower and work < budget:
            it += 1
            i = self.candidate()
            if i < 0:  # nothing costs anything but the cost is above the bound: cannot be
                break
            choice = -1
            choice_delta = 0
            ties = 0
            a = slot[i]
            ci = conf[i]
            cia = ci[a]
            wi = w[i]
            si = stand[i] if stand is not None else None
            i_tabu = tabu[i] > it
            cost = self.cost
            for j in range(n):
                b = slot[j]
                if b == a:
                    continue
                cj = conf[j]
                d = ci[b] - cia + cj[a] - cj[b] - 2 * wi[j]
                if si is not None and stand is not None:
                    sj = stand[j]
                    d += si[b] + sj[a] - si[a] - sj[b]
                if elig[i] != elig[j] or low[i] != low[j]:
                    d += e_weight * self.seat_delta(i, j)
                if (i_tabu or tabu[j] > it) and cost + d >= best_cost:
                    continue
                if choice < 0 or d < choice_delta:
                    choice, choice_delta, ties = j, d, 1
                elif d == choice_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        choice = j
            work += n
            if choice >= 0:
                j = choice
                b = slot[j]
                self.move(i, b)
                self.move(j, a)
                self.cost += choice_delta
                tabu[i] = it + tenure + rng.randrange(tenure)
                tabu[j] = it + tenure + rng.randrange(tenure)
            if self.cost < best_cost:
                best_cost, best, stall = self.cost, slot[:], 0
            else:
                stall += 1
                if stall >= stall_limit:
                    self.restart(best)
                    stall = 0
        return best

    def restart(self, best: list[int]) -> None:
        """Back to the best assignment, then a few random swaps."""
        rng, slot = self.rng, self.slot
        for i in range(self.p.n):
            if slot[i] != best[i]:
                self.move(i, best[i])
        for _ in range(max(2, self.p.n // 8)):
            i, j = rng.randrange(self.p.n), rng.randrange(self.p.n)
            a, b = slot[i], slot[j]
            if a != b:
                self.move(i, b)
                self.move(j, a)
        members: list[list[int]] = [[] for _ in self.p.sizes]
        for i in range(self.p.n):
            members[slot[i]].append(i)
        self.cost = self.p.cost(members)


def _greedy(problem: _Problem, order: list[int], rng: random.Random) -> list[int]:
    """The players in `order`, each to the open table where it costs least."""
    n, sizes, stand = problem.n, problem.sizes, problem.stand
    room = list(sizes)
    conf = [[0] * len(sizes) for _ in range(n)]
    slot = [-1] * n
    for i in order:
        ci = conf[i]
        si = stand[i] if stand is not None else None
        least = -1
        options: list[int] = []
        for t in range(len(sizes)):
            if room[t]:
                c = ci[t] if si is None else ci[t] + si[t]
                if least < 0 or c < least:
                    least, options = c, [t]
                elif c == least:
                    options.append(t)
        t = options[0] if len(options) == 1 else rng.choice(options)
        slot[i] = t
        room[t] -= 1
        for j, wij in problem.nbr[i]:
            conf[j][t] += wij
    return slot


def _solve(problem: _Problem, rng: random.Random) -> list[list[int]]:
    sizes = problem.sizes
    fillings = math.factorial(problem.n)
    for s in sizes:
        fillings //= math.factorial(s)
    if len(sizes) == 1:
        return [list(range(problem.n))]
    if fillings <= EXACT_LIMIT:
        return _exact(problem, rng)
    order = list(range(problem.n))  # Swiss: best first, near their standing
    if problem.stand is None:
        rng.shuffle(order)
    slot = _greedy(problem, order, rng)
    search = _Search(problem, slot, rng)
    best = search.run(WORK_LIMIT)
    tables: list[list[int]] = [[] for _ in sizes]
    for i, t in enumerate(best):
        tables[t].append(i)
    return tables


def seat_round(
    players: Sequence[int],
    *,
    history: Sequence[Round] = (),
    seed: int,
    table_size: int = 4,
    standings: Sequence[int] | None = None,
) -> Round:
    """One round for the active `players` (distinct entrant numbers, any order).

    `history` is the rounds played so far (it may name players who have since withdrawn;
    active players may be new). The tables have the sizes of :func:`table_sizes`, the
    larger first; the round seats together as few pairs that met before as it can, a pair
    that met more often kept apart first. With `standings` (the active players, best
    first) it is a Swiss round: table 1 holds the top group, table 2 the next, ..., as far
    as avoiding the repeats allows (that comes first). Seat 0 of each table goes to its
    player who sat first least often so far (ties by the seeded generator), the other
    seats are shuffled; the tables are formed so that the first seats stay balanced where
    they can (after the repeats and, in a Swiss round, the standings). The same arguments
    give the same round, whatever the order of `players`; SeatingError for bad input.
    """
    active = [_check_int(p, "a player") for p in players]
    seen: set[int] = set()
    for p in active:
        if p in seen:
            raise SeatingError(f"player {p} is listed twice")
        seen.add(p)
    _check_int(seed, "the seed")
    sizes = table_sizes(len(active), table_size)
    _check_rounds(history)
    if standings is not None:
        order = [_check_int(p, "a player of the standings") for p in standings]
        if len(order) != len(set(order)):
            raise SeatingError("the standings list a player twice")
        if set(order) != seen:
            missing = sorted(seen - set(order))
            extra = sorted(set(order) - seen)
            raise SeatingError(
                f"the standings must list exactly the players "
                f"(missing {missing}, not playing {extra})"
            )
    else:
        order = sorted(active)
    n = len(order)
    index = {p: i for i, p in enumerate(order)}
    met = [[0] * n for _ in range(n)]
    for (x, y), times in meetings(history).items():
        if x in index and y in index:
            met[index[x]][index[y]] = met[index[y]][index[x]] = times
    firsts_by_player = first_seats(history)
    firsts = [firsts_by_player.get(p, 0) for p in order]
    problem = _Problem(sizes, met, firsts, standings is not None)
    groups = []
    for rnd in history:
        group = [-1 - i for i in range(n)]  # absent: a group of one's own
        for t, table in enumerate(rnd):
            for entrant in table:
                if entrant in index:
                    group[index[entrant]] = t
        groups.append(group)
    problem.bound(groups)
    rng = random.Random(_derive(seed, "seat_round"))
    tables = _solve(problem, rng)
    chosen = _first_sitters(tables, firsts, met, rng)
    out = []
    for members, first in zip(tables, chosen, strict=True):
        rest = [order[i] for i in members if i != first]
        rng.shuffle(rest)
        out.append((order[first], *rest))
    return tuple(out)


def _first_sitters(
    tables: list[list[int]], firsts: list[int], met: list[list[int]], rng: random.Random
) -> list[int]:
    """Seat 0 of each table: one of its players who sat first least often.

    Among those, the choice looks ahead: the players left at a count are the ones the
    next rounds must put at different tables, which a round without repeats does by
    itself for players who have met. So the choice keeps the players left at each count
    as much met among themselves as it can: it minimises, over the tables, the chosen
    player's meetings (this round included) with the others at the same count, less the
    meetings among the chosen (a greedy start, then passes of one table at a time).
    """
    slot = {i: t for t, members in enumerate(tables) for i in members}
    cands: list[list[int]] = []
    degree: dict[int, int] = {}
    for members in tables:
        least = min(firsts[i] for i in members)
        cand = [i for i in members if firsts[i] == least]
        cands.append(cand)
        for x in cand:
            mx = met[x]
            degree[x] = sum(
                1
                for y in range(len(met))
                if y != x and firsts[y] == least and (mx[y] or slot[y] == slot[x])
            )
    chosen = []
    for cand in cands:
        low = min(degree[x] for x in cand)
        best = [x for x in cand if degree[x] == low]
        chosen.append(best[0] if len(best) == 1 else rng.choice(best))

    def links(x: int, t: int) -> int:
        return sum(
            1 for u, y in enumerate(chosen) if u != t and firsts[y] == firsts[x] and met[x][y]
        )

    for _ in range(4):
        changed = False
        for t, cand in enumerate(cands):
            if len(cand) == 1:
                continue
            x = chosen[t]
            now = links(x, t) - degree[x]
            for y in cand:
                gain = links(y, t) - degree[y]
                if gain > now:
                    x, now, changed = y, gain, True
            chosen[t] = x
        if not changed:
            break
    return chosen


def seat_rounds(players: int, rounds: int, *, seed: int, table_size: int = 4) -> list[Round]:
    """All `rounds` rounds for the entrants ``0..players-1`` (not Swiss), each seated given
    the ones before; round ``r`` uses a seed derived from `seed` and ``r``."""
    players = _check_int(players, "the number of players")
    rounds = _check_int(rounds, "the number of rounds")
    _check_int(seed, "the seed")
    if rounds < 0:
        raise SeatingError(f"the number of rounds must not be negative, not {rounds}")
    out: list[Round] = []
    for r in range(rounds):
        out.append(
            seat_round(
                range(players),
                history=out,
                seed=_derive(seed, "round", r),
                table_size=table_size,
            )
        )
    return out
