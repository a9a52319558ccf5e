"""Seating a tournament's rounds (:mod:`monopoly.tournament.seating`).

The championship rules (seed 004): tables of 3-5 players, 4 preferred; several rounds in
which players should meet new opponents (a repeated meeting only where it cannot be
helped); seat 0, left of the banker, throws first and goes round the players fairly; a
Swiss round seats players close in the standings together, the leaders at table 1.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly.tournament.seating import (
    Round,
    SeatingError,
    first_seats,
    meetings,
    repeat_pairs,
    seat_round,
    seat_rounds,
    table_sizes,
)

# --- brute force -------------------------------------------------------------------------


def partitions(people: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every partition of `people` into tables of `sizes` (a multiset), each once: the
    first of the people left goes to a table of each size still wanted, with any others."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for more in partitions(remaining, left):
                yield [(first, *others), *more]


def added(history: Sequence[Round], tables: Sequence[Sequence[int]]) -> tuple[int, int]:
    """What a round adds: (pairs seated together that met before, times those met)."""
    met = meetings(history)
    pairs = [met.get(pair, 0) for t in tables for pair in itertools.combinations(sorted(t), 2)]
    return sum(1 for m in pairs if m), sum(pairs)


def fewest(history: Sequence[Round], people: Sequence[int], limit: int) -> int:
    """The fewest repeat pairs a round of tables of 4 can add (branch and bound), or
    ``limit + 1`` if every round adds more than `limit`."""
    met = meetings(history)
    best = [limit + 1]

    def search(rest: list[int], so_far: int) -> None:
        if so_far >= best[0]:
            return
        if not rest:
            best[0] = so_far
            return
        first = rest[0]
        for others in itertools.combinations(rest[1:], 3):
            table = (first, *others)
            cost = sum(1 for pair in itertools.combinations(sorted(table), 2) if pair in met)
            search([p for p in rest if p not in table], so_far + cost)

    search(list(people), 0)
    return best[0]


def spread(counts: dict[int, int], players: Sequence[int]) -> int:
    values = [counts[p] for p in players]
    return max(values) - min(values)


# --- table sizes -------------------------------------------------------------------------


def test_table_sizes_examples() -> None:
    """The championship rules (seed 004): tables of 3-5, as many of 4 as possible."""
    assert table_sizes(8) == (4, 4)
    assert table_sizes(9) == (5, 4)
    assert table_sizes(10) == (4, 3, 3)
    assert table_sizes(11) == (4, 4, 3)
    assert table_sizes(7) == (4, 3)
    assert table_sizes(6) == (3, 3)
    assert table_sizes(5) == (5,)
    assert table_sizes(3) == (3,)
    assert table_sizes(13) == (5, 4, 4)
    assert table_sizes(12, 3) == (3, 3, 3, 3)
    assert table_sizes(11, 5) == (5, 3, 3)


@pytest.mark.parametrize("n", range(3, 201))
def test_table_sizes_against_brute_force(n: int) -> None:
    """The championship rules (seed 004): tables of 3-5, the most tables of 4, then the
    fewest tables, the larger first (against every count of tables of 3, 4 and 5)."""
    sizes = table_sizes(n)
    assert sum(sizes) == n
    assert all(3 <= s <= 5 for s in sizes)
    assert list(sizes) == sorted(sizes, reverse=True)
    splits = [
        (a, b, c)
        for a in range(n // 3 + 1)
        for b in range(n // 4 + 1)
        for c in range(n // 5 + 1)
        if 3 * a + 4 * b + 5 * c == n
    ]
    most_fours = max(b for _, b, _ in splits)
    fewest_tables = min(a + b + c for a, b, c in splits if b == most_fours)
    assert sizes.count(4) == most_fours
    assert len(sizes) == fewest_tables


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((2,), {}, "too few"),
        ((0,), {}, "too few"),
        ((-5,), {}, "too few"),
        ((10, 6), {}, "outside"),
        ((10, 2), {}, "outside"),
        ((10,), {"smallest": 1}, "at least 2"),
        ((10,), {"smallest": 5, "largest": 4}, "smaller than"),
        ((7, 4), {"smallest": 4, "largest": 4}, "cannot be seated"),
        ((7.0,), {}, "whole number"),
    ],
)
def test_table_sizes_errors(args: tuple[object, ...], kwargs: dict[str, int], message: str) -> None:
    """The championship rules (seed 004): tables of 3-5; anything else is refused."""
    with pytest.raises(SeatingError, match=message):
        table_sizes(*args, **kwargs)  # type: ignore[arg-type]


# --- the measures ------------------------------------------------------------------------


def test_meetings_repeats_and_first_seats() -> None:
    """The championship rules (seed 004): seat 0 throws first; a pair's meetings count."""
    rounds: list[Round] = [((1, 2, 3, 4), (5, 6, 7)), ((2, 1, 5), (3, 4, 6, 7))]
    met = meetings(rounds)
    assert met[(1, 2)] == 2 and met[(3, 4)] == 2 and met[(6, 7)] == 2
    assert met[(1, 5)] == 1 and (1, 6) not in met
    assert repeat_pairs(rounds) == 3
    assert repeat_pairs([*rounds, ((2, 1, 3),)]) == 6  # (1, 2) twice more, (1, 3), (2, 3)
    assert first_seats(rounds) == {1: 1, 2: 1, 3: 1, 4: 0, 5: 1, 6: 0, 7: 0}
    with pytest.raises(SeatingError, match="twice"):
        meetings([((1, 2, 3), (3, 4, 5))])


# --- optimal rounds against brute force ---------------------------------------------------


@pytest.mark.parametrize("n", range(6, 13))
@pytest.mark.parametrize("seed", range(2))
def test_rounds_add_the_fewest_repeats_of_all_partitions(n: int, seed: int) -> None:
    """The championship rules (seed 004): tables of 3-5, 4 preferred; each round seats
    together as few pairs that met before as any partition into the same table sizes
    can, and among those the pairs that met least often (all partitions tried)."""
    players = list(range(n))
    sizes = table_sizes(n)
    history: list[Round] = [seat_round(players, seed=seed)]
    for r in (2, 3):
        best = min(added(history, p) for p in partitions(players, sizes))
        seated = seat_round(players, history=history, seed=1000 * seed + r)
        assert sorted(len(t) for t in seated) == sorted(sizes)
        assert added(history, seated) == best, (n, r)
        history.append(seated)


# --- no repeats where a design exists, the fewest otherwise ------------------------------

# Over 3 rounds. With g tables of 4 in round 1, every later table of 4 is drawn from g
# groups of players who met; for g >= 4 one per group is possible (16 players: the
# 4 x 4 grid's rows, columns and a Latin square, three parallel classes of the affine
# plane of order 4; 20..64: resolvable designs / social golfer schedules exist), so 0.
# For g < 4 the pigeonhole gives a floor per later round, reached, so it is the optimum:
# 8 (4, 4): a table of 4 from 2 groups holds >= 2 pairs of a group: >= 4 a round, 8 in all;
# 11 (4, 4, 3): each table of 4 from 3 groups >= 1 pair: >= 2 a round, 4 in all;
# 12 (4, 4, 4): >= 1 pair at each of the 3 tables: >= 3 a round, 6 in all;
# 13 (5, 4, 4): the 5 from 3 groups >= 2 pairs, each 4 >= 1: >= 4 a round, 8 in all.
FEWEST_OVER_THREE_ROUNDS = {8: 8, 11: 4, 12: 6, 13: 8, 16: 0, 20: 0, 24: 0, 32: 0, 48: 0, 64: 0}


@pytest.mark.parametrize(("n", "optimum"), sorted(FEWEST_OVER_THREE_ROUNDS.items()))
def test_three_rounds_reach_the_proven_optimum(n: int, optimum: int) -> None:
    """The championship rules (seed 004): tables of 3-5, 4 preferred; over the rounds
    nobody meets an opponent again while a seating without it exists."""
    for seed in range(3):
        rounds = seat_rounds(n, 3, seed=seed)
        assert repeat_pairs(rounds) == optimum, (n, seed)


def test_sixteen_players_over_four_rounds_the_fewest_given_the_rounds_before() -> None:
    """The championship rules (seed 004): tables of 4; round 4 of 16 players needs a
    Latin square orthogonal to round 3's, which most do not have: then the round adds
    the fewest repeats of all partitions (branch and bound), 0 where it can."""
    for seed in range(3):
        rounds = seat_rounds(16, 4, seed=seed)
        assert repeat_pairs(rounds[:3]) == 0
        count, _ = added(rounds[:3], rounds[3])
        assert count == fewest(rounds[:3], range(16), count), seed


# --- first seats -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(16, 4), (16, 5), (8, 4), (10, 5), (12, 4), (13, 3), (20, 5), (23, 6), (40, 6), (9, 6)],
)
def test_first_seats_are_balanced(n: int, rounds: int) -> None:
    """The championship rules (seed 004): seat 0 (left of the banker) throws first; over
    the rounds nobody sits first more than once more than anybody else."""
    for seed in range(2):
        schedule = seat_rounds(n, rounds, seed=seed)
        counts = first_seats(schedule)
        assert spread(counts, range(n)) <= 1, (n, rounds, seed)
        assert sum(counts.values()) == sum(len(r) for r in schedule)


def test_first_seat_goes_to_who_sat_first_least() -> None:
    """The championship rules (seed 004): seat 0 goes to the player at the table who sat
    first least often so far."""
    history = seat_rounds(12, 2, seed=5)
    counts = first_seats(history)
    for table in seat_round(range(12), history=history, seed=9):
        assert counts[table[0]] == min(counts[p] for p in table)


def test_first_seats_with_a_late_player() -> None:
    """The championship rules (seed 004): a player who joins late has sat first least."""
    history = seat_rounds(15, 3, seed=2)
    seated = seat_round(range(16), history=history, seed=2)
    assert any(table[0] == 15 for table in seated)


# --- Swiss -------------------------------------------------------------------------------


def standings_of(n: int, seed: int) -> list[int]:
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return order


def test_swiss_groups_by_standing_when_no_repeat_forces_otherwise() -> None:
    """The championship rules (seed 004): a Swiss round seats the top group at table 1,
    the next at table 2, ..."""
    for n in (9, 16, 40, 41):
        order = standings_of(n, n)
        sizes = table_sizes(n)
        blocks, start = [], 0
        for size in sizes:
            blocks.append(set(order[start : start + size]))
            start += size
        seated = seat_round(order, seed=1, standings=order)
        assert [set(t) for t in seated] == blocks
        # a round before in which the blocks' players sat apart forces no repeat; its
        # first seats do count: every table gets a player who has not sat first (the
        # rotation of first seats comes before the closeness to the standings): the top
        # ten sat first, so the top three tables take players from the next ones, and
        # the tables from the fifth on are the standings' blocks still
        spread_out = tuple(tuple(order[i::10]) for i in range(10)) if n >= 40 else None
        if spread_out is not None:
            assert all(len(set(t) & b) <= 1 for t in spread_out for b in blocks)
            again = seat_round(order, history=[spread_out], seed=3, standings=order)
            assert repeat_pairs([spread_out, again]) == 0
            sat_first = {t[0] for t in spread_out}
            assert all(set(t) - sat_first for t in again)
            assert all(t[0] not in sat_first for t in again)
            home = {p: k for k, block in enumerate(blocks) for p in block}
            assert [set(t) for t in again[4:]] == blocks[4:]
            assert all(home[p] <= 3 for t in again[:4] for p in t)


def test_swiss_avoids_repeats_first_then_stays_close_to_the_standings() -> None:
    """The championship rules (seed 004): a Swiss round avoids repeated meetings first
    (a player swapped with a neighbouring group's), the standings second."""
    for n in (16, 40, 63):
        order = standings_of(n, n + 1)
        rank = {p: i for i, p in enumerate(order)}
        history: list[Round] = [seat_round(order, seed=0, standings=order)]
        for r in range(1, 3):
            seated = seat_round(order, history=history, seed=r, standings=order)
            plain = seat_round(order, history=history, seed=r)
            assert added(history, seated)[0] == added(history, plain)[0] == 0
            # every table takes players of 4 different groups of the round before, so
            # each player is within a few tables of their own group's
            natural = 0
            for t, table in enumerate(seated):
                for p in table:
                    natural = max(natural, abs(t - rank[p] // 4))
            assert natural <= 4, (n, r)
            top = sorted(rank[p] for p in seated[0])  # one of the top four, none far below
            assert top[0] < 4 and top[-1] < 20, (n, r, top)
            history.append(seated)


def test_swiss_brute_force_small() -> None:
    """The championship rules (seed 004): tables of 3-5; a Swiss round of 9 players after
    a round at the standings' own tables adds no repeat where one is avoidable."""
    order = standings_of(9, 4)
    history: list[Round] = [seat_round(order, seed=0, standings=order)]
    seated = seat_round(order, history=history, seed=1, standings=order)
    best = min(added(history, p) for p in partitions(order, table_sizes(9)))
    assert added(history, seated) == best


# --- determinism -------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_rounds() -> None:
    """The championship rules (seed 004): the seating is reproducible from its seed."""
    assert seat_rounds(60, 4, seed=11) == seat_rounds(60, 4, seed=11)
    assert seat_rounds(60, 4, seed=11) != seat_rounds(60, 4, seed=12)
    history = seat_rounds(30, 2, seed=3)
    one = seat_round(range(30), history=history, seed=8)
    assert seat_round(list(reversed(range(30))), history=history, seed=8) == one
    assert seat_round(range(30), history=history, seed=9) != one


def test_the_global_generator_is_untouched() -> None:
    """The championship rules (seed 004): the seating draws only on its own generator."""
    random.seed(1234)
    state = random.getstate()
    seat_rounds(40, 3, seed=1)
    seat_round(range(20), seed=2, standings=list(range(20)))
    assert random.getstate() == state


# --- who is seated -----------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=3, max_value=60),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
    st.randoms(use_true_random=False),
)
def test_every_active_player_is_seated_once(
    n: int, rounds: int, seed: int, rnd: random.Random
) -> None:
    """The championship rules (seed 004): tables of 3-5; every active player at exactly
    one table; players who withdrew are not seated, players who joined late are."""
    everybody = list(range(n + 5))
    history = seat_rounds(n + 5, rounds, seed=seed)
    active = rnd.sample(everybody, n)
    active += [1000 + i for i in range(rnd.randrange(3))]  # late entrants
    rnd.shuffle(active)
    seated = seat_round(active, history=history, seed=seed)
    flat = [p for table in seated for p in table]
    assert sorted(flat) == sorted(active)
    assert tuple(len(t) for t in seated) == table_sizes(len(active))


def test_withdrawn_and_late_players() -> None:
    """The championship rules (seed 004): a withdrawn player is not seated again; a
    player entered late is seated like any other."""
    history = seat_rounds(20, 2, seed=6)
    active = [p for p in range(20) if p not in (3, 7)] + [20]
    seated = seat_round(active, history=history, seed=6)
    flat = [p for table in seated for p in table]
    assert sorted(flat) == sorted(active)
    assert 3 not in flat and 7 not in flat and 20 in flat
    assert added(history, seated)[0] == 0


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kwargs", "message"),
    [
        ([1, 2, 3, 3], {}, "player 3 is listed twice"),
        ([1, 2], {}, "too few"),
        ([], {}, "too few"),
        (list(range(12)), {"table_size": 6}, "table size 6"),
        (list(range(12)), {"standings": list(range(11))}, "missing"),
        (list(range(4)), {"standings": [0, 1, 2, 2]}, "twice"),
        (list(range(4)), {"history": [((0, 1), (1, 2))]}, "entrant 1 twice"),
        ([0, 1, "2"], {}, "whole number"),
    ],
)
def test_bad_input_is_refused(players: list[int], kwargs: dict[str, object], message: str) -> None:
    """The championship rules (seed 004): tables of 3-5, distinct players; what is wrong
    is said."""
    with pytest.raises(SeatingError, match=message):
        seat_round(players, seed=1, **kwargs)  # type: ignore[arg-type]
    assert issubclass(SeatingError, ValueError)


def test_seat_rounds_refuses_bad_counts() -> None:
    """The championship rules (seed 004): tables of 3-5."""
    with pytest.raises(SeatingError, match="too few"):
        seat_rounds(2, 1, seed=0)
    with pytest.raises(SeatingError, match="negative"):
        seat_rounds(10, -1, seed=0)
    assert seat_rounds(10, 0, seed=0) == []
