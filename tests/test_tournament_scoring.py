"""The tournament's scoring: placement points, places at a table, standings, the final."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly.tournament.scoring import (
    LAST_RESORTS,
    SCHEMES,
    Scoring,
    ScoringError,
    Seat,
    Standing,
    TableResult,
    final_standings,
    placements,
    scoring,
    standings,
    table_points,
    validate,
)

F = Fraction


def table(round_: int, table_: int, *seats: tuple[int, int] | tuple[int, int, int]) -> TableResult:
    """A result from (player, assets) or (player, 0, bankrupt order) in seat order."""
    return TableResult(round_, table_, tuple(Seat(*s) for s in seats))


def order(lines: list[Standing]) -> list[int]:
    return [s.player for s in lines]


def labels(lines: list[Standing]) -> dict[int, str | None]:
    return {s.player: s.tiebreak for s in lines}


def points_at(scheme: Scoring, size: int) -> list[Fraction]:
    return [scheme.place_points(p, size) for p in range(1, size + 1)]


# --- the schemes ---------------------------------------------------------------------


def test_the_championship_scores_four_three_two_one_nothing() -> None:
    """The championship rules (seed 004): the scoring supports becoming the richest
    player; places score 4/3/2/1/0 at every table size."""
    scheme = scoring("championship")
    assert scheme is SCHEMES["championship"]
    assert points_at(scheme, 3) == [4, 3, 2]
    assert points_at(scheme, 4) == [4, 3, 2, 1]
    assert points_at(scheme, 5) == [4, 3, 2, 1, 0]


def test_hasbro_scores_only_the_win() -> None:
    """Hasbro-style tournament play: a game won is 1 point, every other place 0."""
    scheme = scoring("hasbro")
    assert points_at(scheme, 3) == [1, 0, 0]
    assert points_at(scheme, 4) == [1, 0, 0, 0]
    assert points_at(scheme, 5) == [1, 0, 0, 0, 0]


def test_5321() -> None:
    scheme = scoring("5321")
    assert points_at(scheme, 3) == [5, 3, 2]
    assert points_at(scheme, 4) == [5, 3, 2, 1]
    assert points_at(scheme, 5) == [5, 3, 2, 1, 0]


def test_custom_points_and_names_are_forgiving_of_spaces_and_case() -> None:
    custom = scoring(" 6, 4,2 ,1 ")
    assert custom.name == "6,4,2,1" and custom.points == (6, 4, 2, 1)
    assert points_at(custom, 3) == [6, 4, 2]
    assert points_at(custom, 5) == [6, 4, 2, 1, 0]
    assert scoring("Championship") is SCHEMES["championship"]
    assert scoring("10,10,0").points == (10, 10, 0)  # equal points are allowed


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("", "no scoring given"),
        ("   ", "no scoring given"),
        ("a,b", "'a' is not a whole number"),
        ("tournament", "'tournament' is not a whole number"),
        ("6,,2", "a place has no points"),
        ("1,2", "must not increase"),
        ("-1", "must not be negative"),
        ("3,-1", "must not be negative"),
        ("2.5,1", "'2.5' is not a whole number"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, problem: str) -> None:
    with pytest.raises(ScoringError, match=problem) as caught:
        scoring(spec)
    assert "championship, hasbro, 5321" in str(caught.value)  # the known schemes


def test_place_points_by_size_and_bad_places() -> None:
    scheme = Scoring("small tables", (4, 3, 2, 1, 0), by_size={3: (4, 2, 0)})
    assert points_at(scheme, 3) == [4, 2, 0]
    assert points_at(scheme, 4) == [4, 3, 2, 1]
    with pytest.raises(ScoringError, match="place 0"):
        scheme.place_points(0, 4)
    with pytest.raises(ScoringError, match="place 5"):
        scheme.place_points(5, 4)
    with pytest.raises(ScoringError, match="must not increase"):
        Scoring("bad", (1, 2))
    with pytest.raises(ScoringError, match="tables of 3"):
        Scoring("bad", (2, 1), by_size={3: (0, 1)})
    with pytest.raises(ScoringError, match="table size"):
        Scoring("bad", (2, 1), by_size={0: (1,)})
    assert hash(scheme) == hash(Scoring("small tables", (4, 3, 2, 1, 0), by_size={3: (4, 2, 0)}))


# --- places at a table ---------------------------------------------------------------


def test_the_richest_is_first_and_the_bankrupt_are_last() -> None:
    """The championship rules (seed 004): the banker counts assets at the end; a player
    who went bankrupt has left the game, below everyone still in it, even one with 0."""
    result = table(1, 1, (1, 0, 1), (2, 2500), (3, 0), (4, 0, 2), (5, 7300))
    assert placements(result) == {1: 5, 2: 2, 3: 3, 4: 4, 5: 1}
    assert list(placements(result)) == [1, 2, 3, 4, 5]  # seat order
    assert table_points(result, SCHEMES["championship"]) == {1: 0, 2: 3, 3: 2, 4: 1, 5: 4}


def test_the_later_bankruptcy_ranks_higher() -> None:
    """The engine's ranking (docs/rules.md §11.6): the bankrupt, the last to fall first."""
    result = table(1, 1, (1, 0, 3), (2, 0, 1), (3, 0, 2), (4, 4100))
    assert placements(result) == {4: 1, 1: 2, 3: 3, 2: 4}


def test_ties_share_the_places_they_cover() -> None:
    """Equal assets share places: a tie for 2nd places both at 5/2 and gives each the
    mean of 2nd's and 3rd's points."""
    result = table(1, 1, (1, 3000), (2, 1800), (3, 1800), (4, 900))
    places = placements(result)
    assert places == {1: 1, 2: F(5, 2), 3: F(5, 2), 4: 4}
    assert isinstance(places[2], Fraction)
    assert table_points(result, SCHEMES["championship"]) == {1: 4, 2: F(5, 2), 3: F(5, 2), 4: 1}
    assert table_points(result, SCHEMES["5321"]) == {1: 5, 2: F(5, 2), 3: F(5, 2), 4: 1}


def test_a_shared_win_shares_the_point() -> None:
    """Hasbro-style play: two players tied for the most assets each get half the win."""
    result = table(1, 1, (1, 3000), (2, 3000), (3, 100))
    assert placements(result) == {1: F(3, 2), 2: F(3, 2), 3: 3}
    assert table_points(result, SCHEMES["hasbro"]) == {1: F(1, 2), 2: F(1, 2), 3: 0}
    three = table(1, 1, (1, 50), (2, 50), (3, 50), (4, 0, 1), (5, 0, 2))
    assert placements(three) == {1: 2, 2: 2, 3: 2, 4: 5, 5: 4}
    assert table_points(three, SCHEMES["championship"]) == {1: 3, 2: 3, 3: 3, 4: 0, 5: 1}


# --- property tests ------------------------------------------------------------------


def draw_seats(draw: st.DrawFn, players: list[int]) -> tuple[Seat, ...]:
    """The players' lines: some bankrupt (never all), the assets of the rest often equal."""
    size = len(players)
    bankrupt = draw(st.permutations(range(size)))[: draw(st.integers(0, size - 1))]
    return tuple(
        Seat(player, 0, bankrupt.index(i) + 1) if i in bankrupt
        else Seat(player, draw(st.integers(0, 12)) * 250)
        for i, player in enumerate(players)
    )


@st.composite
def tables(draw: st.DrawFn) -> TableResult:
    """A valid table of 3 to 5 players."""
    size = draw(st.integers(3, 5))
    players = draw(st.lists(st.integers(1, 40), min_size=size, max_size=size, unique=True))
    return TableResult(1, 1, draw_seats(draw, players))


@st.composite
def schemes(draw: st.DrawFn) -> Scoring:
    named = draw(st.sampled_from(sorted(SCHEMES)))
    custom = sorted(draw(st.lists(st.integers(0, 9), min_size=1, max_size=6)), reverse=True)
    return draw(st.sampled_from([SCHEMES[named], scoring(",".join(map(str, custom)))]))


@st.composite
def tournaments(draw: st.DrawFn) -> list[TableResult]:
    """Rounds of tables: each round seats the players afresh, a few may sit out."""
    entrants = list(range(1, draw(st.integers(3, 14)) + 1))
    results = []
    for round_ in range(1, draw(st.integers(1, 4)) + 1):
        left = draw(st.permutations(entrants))
        number = 1
        while len(left) >= 3:
            size = draw(st.integers(3, min(5, len(left))))
            seated, left = left[:size], left[size:]
            results.append(TableResult(round_, number, draw_seats(draw, seated)))
            number += 1
    return results


@settings(max_examples=150, deadline=None)
@given(tables(), schemes())
def test_a_table_gives_out_the_points_of_its_places(result: TableResult, scheme: Scoring) -> None:
    validate(result)
    size = len(result.seats)
    points = table_points(result, scheme)
    assert sum(points.values()) == sum(points_at(scheme, size))
    assert sum(placements(result).values()) == size * (size + 1) // 2


@settings(max_examples=150, deadline=None)
@given(tables(), schemes())
def test_more_assets_never_score_fewer_points(result: TableResult, scheme: Scoring) -> None:
    points = table_points(result, scheme)
    places = placements(result)
    alive = [s for s in result.seats if s.bankrupt_order is None]
    for a in alive:
        for b in alive:
            if a.assets > b.assets:
                assert points[a.player] >= points[b.player]
                assert places[a.player] < places[b.player]
        for b in result.seats:
            if b.bankrupt_order is not None:
                assert points[a.player] >= points[b.player]
                assert places[a.player] < places[b.player]


@settings(max_examples=150, deadline=None)
@given(tables())
def test_without_ties_the_places_are_a_permutation(result: TableResult) -> None:
    alive = [s.assets for s in result.seats if s.bankrupt_order is None]
    places = placements(result)
    if len(set(alive)) == len(alive):
        assert sorted(places.values()) == list(range(1, len(result.seats) + 1))
    else:
        assert len(set(places.values())) < len(places)  # the tied share a place


def _check_ranking(lines: list[Standing]) -> None:
    keys = [(s.points, s.assets) for s in lines]
    assert keys == sorted(keys, reverse=True)
    assert lines[0].rank == 1 and lines[0].tiebreak is None
    for i in range(1, len(lines)):
        above, line = lines[i - 1], lines[i]
        assert line.rank in (above.rank, i + 1)
        if line.rank == above.rank:
            assert (line.points, line.assets) == (above.points, above.assets)
            assert line.tiebreak is None
        elif line.points != above.points:
            assert line.tiebreak is None
        elif line.assets != above.assets:
            assert line.tiebreak == "assets"
        else:
            assert line.tiebreak in ("head_to_head", *LAST_RESORTS)


@settings(max_examples=100, deadline=None)
@given(tournaments(), schemes(), st.sampled_from(LAST_RESORTS), st.integers(0, 3), st.data())
def test_standings_are_ranked_whatever_the_order_of_the_results(
    results: list[TableResult], scheme: Scoring, last_resort: str, seed: int, data: st.DataObject
) -> None:
    everyone = sorted({s.player for r in results for s in r.seats})
    ratings = {p: p * 7 % 5 for p in everyone if p % 3}
    names = {p: f"Hráč {p % 4}" for p in everyone if p % 5}

    def rank(given: list[TableResult]) -> list[Standing]:
        return standings(given, scheme, ratings=ratings, names=names, last_resort=last_resort,
                         seed=seed)

    lines = rank(results)
    assert sorted(order(lines)) == everyone  # every player once
    _check_ranking(lines)
    shuffled = data.draw(st.permutations(results))
    assert rank(shuffled) == lines
    if last_resort == "draw":
        assert [s.rank for s in lines] == list(range(1, len(lines) + 1))  # the draw decides
    for line in lines:
        mine = [r for r in results if any(s.player == line.player for s in r.seats)]
        assert line.games == len(mine)
        assert line.points == sum(table_points(r, scheme)[line.player] for r in mine)
        assert line.assets == sum(s.assets for r in mine for s in r.seats
                                  if s.player == line.player)
        assert line.wins == sum(placements(r)[line.player] == 1 for r in mine)


# --- tie-breaks ----------------------------------------------------------------------


def test_total_assets_break_a_tie_on_points() -> None:
    """The championship rules (seed 004): the object is to be the richest, so the total
    assets the banker counted decide between players with equal points."""
    results = [
        table(1, 1, (1, 3000), (2, 2000), (3, 1000)),
        table(2, 1, (2, 6000), (1, 500), (3, 100)),
    ]
    lines = standings(results, SCHEMES["championship"])
    assert order(lines) == [2, 1, 3]  # 7 points each for 1 and 2: 8000 against 3500
    assert [s.points for s in lines] == [7, 7, 4]
    assert labels(lines) == {2: None, 1: "assets", 3: None}
    assert [(s.games, s.wins) for s in lines] == [(2, 1), (2, 1), (2, 0)]


def test_head_to_head_breaks_a_tie_on_points_and_assets() -> None:
    results = [
        table(1, 1, (1, 3000), (2, 2000), (3, 1000)),
        table(2, 1, (2, 2500), (6, 1000), (7, 500)),
        table(2, 2, (8, 4000), (1, 1500), (9, 500)),
    ]
    lines = standings(results, SCHEMES["championship"], last_resort="name",
                      names={1: "Zdeněk", 2: "Adam"})
    first, second = lines[0], lines[1]
    assert (first.player, first.points, first.assets) == (1, F(7), 4500)
    assert (second.player, second.points, second.assets) == (2, F(7), 4500)
    assert second.tiebreak == "head_to_head" and second.rank == 2  # 1 beat 2 in round 1


def _hasbro_group() -> list[TableResult]:
    """A, B, C (1, 2, 3) never win and end on 5000 each; A was ahead of B and of C, who
    never met; X and Y (10, 11) win every game, never meet and have the same assets."""
    return [
        table(1, 1, (10, 9000), (1, 3000), (2, 1000)),
        table(1, 2, (11, 9000), (3, 4000), (20, 100)),
        table(2, 1, (10, 9000), (1, 2000), (3, 1000)),
        table(2, 2, (11, 9000), (2, 4000), (20, 100)),
    ]


def test_head_to_head_then_the_rating() -> None:
    """Head-to-head separates A from B and C; B and C never met: the seed rating decides."""
    ratings = {10: 2000, 11: 1900, 1: 1000, 2: 1700, 3: 1800, 20: 0}
    lines = standings(_hasbro_group(), SCHEMES["hasbro"], ratings=ratings, last_resort="rating")
    assert order(lines) == [10, 11, 1, 3, 2, 20]
    assert labels(lines) == {10: None, 11: "rating", 1: None, 3: "head_to_head", 2: "rating",
                             20: "assets"}
    assert [s.rank for s in lines] == [1, 2, 3, 4, 5, 6]


def test_players_equal_on_every_tie_break_share_a_rank() -> None:
    """Competition ranking (1, 2, 2, 4): without ratings nothing separates X from Y, nor
    B from C."""
    lines = standings(_hasbro_group(), SCHEMES["hasbro"], last_resort="rating")
    assert order(lines) == [10, 11, 1, 2, 3, 20]
    assert [s.rank for s in lines] == [1, 1, 3, 4, 4, 6]
    assert labels(lines) == {10: None, 11: None, 1: None, 2: "head_to_head", 3: None,
                             20: "assets"}
    rated = standings(_hasbro_group(), SCHEMES["hasbro"], ratings={2: 1500},
                      last_resort="rating")
    assert order(rated)[3:5] == [2, 3]  # a rated player above an unrated one
    assert [s.rank for s in rated] == [1, 1, 3, 4, 5, 6]


def test_head_to_head_is_counted_again_among_the_players_still_tied() -> None:
    """A beat B, B beat C, C beat D: A, B and C have one win each in the group of four; among
    the three, A and B one each; between those two, A."""
    results = [
        table(1, 1, (10, 9000), (1, 3000), (2, 1000)),
        table(1, 2, (11, 9000), (4, 2000), (20, 0)),
        table(2, 1, (10, 9000), (2, 2000), (3, 1000)),
        table(3, 1, (10, 9000), (3, 2000), (4, 1000)),
    ]
    for last_resort in LAST_RESORTS:
        lines = standings(results, SCHEMES["hasbro"], last_resort=last_resort,
                          ratings={4: 3000}, names={4: "Adam", 1: "Zora"})
        assert order(lines)[2:6] == [1, 2, 3, 4]
        assert all(labels(lines)[p] == "head_to_head" for p in (2, 3, 4))


def _never_met() -> list[TableResult]:
    """Players 1 and 2 win at different tables of round 1 with the same assets."""
    return [
        table(1, 1, (1, 3000), (3, 2000), (4, 1000)),
        table(1, 2, (2, 3000), (5, 1500), (6, 1000)),
    ]


def test_the_last_resort_rating() -> None:
    lines = standings(_never_met(), SCHEMES["championship"], ratings={1: 1500, 2: 1600},
                      last_resort="rating")
    assert order(lines)[:2] == [2, 1] and lines[1].tiebreak == "rating"


def test_the_last_resort_name() -> None:
    """Alphabetical, accented letters with their base letter (Č with C, before D)."""
    names = {1: "Novák", 2: "Dvořák"}
    lines = standings(_never_met(), SCHEMES["championship"], names=names, last_resort="name")
    assert order(lines)[:2] == [2, 1] and lines[1].tiebreak == "name"
    names = {1: "Čermák", 2: "Dvořák"}
    lines = standings(_never_met(), SCHEMES["championship"], names=names, last_resort="name")
    assert order(lines)[:2] == [1, 2]


def test_the_last_resort_draw_is_seeded_and_reproducible() -> None:
    firsts = set()
    for seed in range(20):
        lines = standings(_never_met(), SCHEMES["championship"], seed=seed)
        assert lines == standings(list(reversed(_never_met())), SCHEMES["championship"],
                                  seed=seed)
        assert lines[1].tiebreak == "draw" and [s.rank for s in lines[:2]] == [1, 2]
        firsts.add(lines[0].player)
    assert firsts == {1, 2}  # the draw, not the entrant number, decides
    assert order(standings(_never_met(), SCHEMES["championship"], seed=7)) == \
        order(standings(_never_met(), SCHEMES["championship"], seed=7))


def test_the_players_to_list() -> None:
    lines = standings(_never_met(), SCHEMES["championship"], players=[1, 2, 3, 4, 5, 6, 99],
                      last_resort="rating", ratings={1: 2, 2: 1})
    assert order(lines)[-1] == 99
    assert (lines[-1].points, lines[-1].assets, lines[-1].games, lines[-1].rank) == (F(0), 0, 0, 7)
    assert standings([], SCHEMES["hasbro"], players=[3, 1]) != []
    with pytest.raises(ScoringError, match="not among the players: 5, 6"):
        standings(_never_met(), SCHEMES["championship"], players=[1, 2, 3, 4])
    with pytest.raises(ScoringError, match="listed twice: 1"):
        standings(_never_met(), SCHEMES["championship"], players=[1, 1, 2, 3, 4, 5, 6])


def test_bad_standings_requests() -> None:
    with pytest.raises(ScoringError, match="unknown last resort 'coin'"):
        standings(_never_met(), SCHEMES["championship"], last_resort="coin")
    with pytest.raises(ScoringError, match="round 1 table 2 is given twice"):
        standings([*_never_met(), _never_met()[1]], SCHEMES["championship"])
    with pytest.raises(ScoringError, match="player 3 plays at two tables of round 1"):
        standings([*_never_met(), table(1, 3, (3, 1), (7, 2), (8, 3))], SCHEMES["hasbro"])


# --- the final -----------------------------------------------------------------------


def _preliminary() -> list[Standing]:
    results = [
        table(1, 1, (1, 5000), (2, 4000), (3, 3000), (4, 2000)),
        table(1, 2, (5, 5500), (6, 3600), (7, 2500), (8, 1500)),
        table(2, 1, (1, 5000), (5, 4000), (2, 3000), (6, 2000)),
        table(2, 2, (3, 5500), (4, 3500), (7, 2500), (8, 1500)),
    ]
    return standings(results, SCHEMES["championship"])


def test_the_final_decides_the_top() -> None:
    """The top three play a final table: its winner is the champion though third in the
    preliminary rounds; the others keep their preliminary order below the finalists."""
    pre = _preliminary()
    assert order(pre) == [1, 5, 3, 2, 6, 4, 7, 8]
    final = table(3, 1, (1, 2000), (5, 0, 1), (3, 6000))
    out = final_standings(pre, final, 3)
    assert order(out) == [3, 1, 5, 2, 6, 4, 7, 8]
    assert [s.rank for s in out] == list(range(1, 9))
    assert out[0].points == pre[2].points  # the lines keep their preliminary totals
    assert final_standings(pre, None, 3) == pre


def test_a_tie_at_the_final_keeps_the_preliminary_order() -> None:
    pre = _preliminary()
    out = final_standings(pre, table(3, 1, (3, 4000), (5, 4000), (1, 100)), 3)
    assert order(out)[:3] == [5, 3, 1]
    assert labels(out)[3] == "preliminary" and [s.rank for s in out[:3]] == [1, 2, 3]


def test_bad_finals() -> None:
    pre = _preliminary()
    with pytest.raises(ScoringError, match="top 3"):
        final_standings(pre, table(3, 1, (1, 1), (5, 2), (2, 3)), 3)
    with pytest.raises(ScoringError, match="top 3"):
        final_standings(pre, table(3, 1, (1, 1), (5, 2), (3, 3), (2, 4)), 3)
    with pytest.raises(ScoringError, match="top 3"):
        final_standings(pre, table(3, 1, (1, 1), (5, 2)), 3)
    with pytest.raises(ScoringError, match="a final of 9"):
        final_standings(pre, table(3, 1, (1, 1), (5, 2), (3, 3)), 9)
    tied = standings(_hasbro_group(), SCHEMES["hasbro"], last_resort="rating")
    with pytest.raises(ScoringError, match="across the cut"):
        final_standings(tied, table(3, 1, (10, 1), (11, 2), (1, 3), (2, 4)), 4)


# --- validate ------------------------------------------------------------------------


def test_a_valid_table() -> None:
    validate(table(1, 1, (1, 0, 1), (2, 0), (3, 2500)))
    validate(table(4, 7, (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)), sizes=(3, 6))


@pytest.mark.parametrize(
    ("result", "problem"),
    [
        (table(1, 1, (1, 1), (2, 2)), "3 to 5 players, this one has 2"),
        (table(1, 1, *((p, p) for p in range(1, 7))), "3 to 5 players, this one has 6"),
        (table(1, 1, (1, 1), (2, 2), (1, 3)), "player 1 is seated twice"),
        (table(1, 1, (1, 1), (2, -5), (3, 3)), "player 2 has negative assets"),
        (table(1, 1, (1, 1), (2, 300, 1), (3, 3)), "player 2 went bankrupt but has assets"),
        (table(1, 1, (1, 1), (2, 0, 2), (3, 3)), r"numbered \[2\], not 1 to 1"),
        (table(1, 1, (1, 0, 1), (2, 0, 1), (3, 3)), r"numbered \[1, 1\]"),
        (table(1, 1, (1, 0, 0), (2, 5), (3, 3)), r"numbered \[0\]"),
        (table(1, 1, (1, 0, 1), (2, 0, 2), (3, 0, 3)), "every player went bankrupt"),
        (table(0, 1, (1, 1), (2, 2), (3, 3)), "rounds are numbered from 1"),
        (table(1, 0, (1, 1), (2, 2), (3, 3)), "tables are numbered from 1"),
    ],
)
def test_validate_refuses(result: TableResult, problem: str) -> None:
    with pytest.raises(ScoringError, match=problem):
        validate(result)


def test_validate_with_other_sizes() -> None:
    with pytest.raises(ScoringError, match="4 to 4 players, this one has 3"):
        validate(table(1, 1, (1, 1), (2, 2), (3, 3)), sizes=(4, 4))
    with pytest.raises(ScoringError, match="not a range"):
        validate(table(1, 1, (1, 1), (2, 2), (3, 3)), sizes=(5, 3))


def test_a_bad_sheet_cannot_be_scored() -> None:
    """Placements and points refuse what no table can give, whatever its size."""
    with pytest.raises(ScoringError, match="seated twice"):
        placements(table(1, 1, (1, 1), (1, 2), (3, 3)))
    with pytest.raises(ScoringError, match="negative"):
        table_points(table(1, 1, (1, -1), (2, 2), (3, 3)), SCHEMES["hasbro"])
    with pytest.raises(ScoringError, match="no players"):
        placements(TableResult(1, 1, ()))
    assert placements(table(1, 1, (1, 5), (2, 9))) == {2: 1, 1: 2}  # two players: scored
