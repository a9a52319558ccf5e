"""A tournament's scoring: placement points per table, standings over the rounds, the final.

A Monopoly tournament plays several rounds of tables of 3 to 5 players. The Czech
championship (seed 004) plays 45-minute games; at the end the banker counts every player's
assets and writes them on the score sheet ("hrací listina"), and "the tournament's scoring
is made to support" the object of the game, "to become the richest player" ("Skórování na
turnaji je vytvořeno právě pro podporu této myšlenky. Předmětem hry je stát se nejbohatším
hráčem"). The rules print no table of points: the ``championship`` scheme here gives
4/3/2/1/0 for the places, with the total assets counted as the first tie-break.

A table's result (:class:`TableResult`) is the score sheet's last lines: each player's
assets and, for those who went bankrupt, the order they fell in. From it come the places
(:func:`placements`: the players still in the game by assets, then the bankrupt ones, the
last to fall first, as the engine ranks a finished game, docs/rules.md §11.6) and a
scheme's points (:func:`table_points`); the players' totals over the rounds give the
standings (:func:`standings`: points, then assets, then head-to-head, then a last resort),
and :func:`final_standings` puts the top players' final table above the rest. Everything
here is pure arithmetic on exact numbers (:class:`~fractions.Fraction`: a tie for 2nd shares
the points of places 2 and 3), with no I/O, so that the same sheets always give the same
standings::

    >>> table = TableResult(round=1, table=1, seats=(
    ...     Seat(player=1, assets=4200), Seat(player=2, assets=1800),
    ...     Seat(player=3, assets=1800), Seat(player=4, assets=0, bankrupt_order=1)))
    >>> {p: str(place) for p, place in placements(table).items()}
    {1: '1', 2: '5/2', 3: '5/2', 4: '4'}
    >>> {p: str(pts) for p, pts in table_points(table, scoring("championship")).items()}
    {1: '4', 2: '5/2', 3: '5/2', 4: '1'}
    >>> [(s.rank, s.player, s.tiebreak) for s in standings([table], SCHEMES["championship"],
    ...                                                  ratings={2: 1500, 3: 1650},
    ...                                                  last_resort="rating")]
    [(1, 1, None), (2, 3, None), (3, 2, 'rating'), (4, 4, None)]
"""

from __future__ import annotations

import random
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, pairwise
from types import MappingProxyType
from typing import Final

__all__ = [
    "LAST_RESORTS",
    "SCHEMES",
    "Scoring",
    "ScoringError",
    "Seat",
    "Standing",
    "TableResult",
    "as_number",
    "final_standings",
    "placements",
    "scoring",
    "standings",
    "table_points",
    "validate",
]


class ScoringError(ValueError):
    """A scoring scheme, a table's result or a standings request that cannot be scored; the
    message says what was wrong."""


Points = tuple[Fraction | int, ...]


def _check_points(points: Points, what: str) -> None:
    for value in points:
        if isinstance(value, bool) or not isinstance(value, int | Fraction):
            raise ScoringError(f"{what}: {value!r} is not a whole number or a fraction")
        if value < 0:
            raise ScoringError(f"{what}: points must not be negative, got {value}")
    for i, (a, b) in enumerate(pairwise(points), start=1):
        if b > a:
            raise ScoringError(
                f"{what}: points must not increase with the place, "
                f"place {i} has {a} and place {i + 1} has {b}"
            )


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scheme of placement points.

    ``points`` are the points of the 1st, 2nd, ... place; the places beyond it score 0.
    ``by_size`` replaces them for a table of that many players. The points never increase
    with the place and are never negative, so more assets never score fewer points.
    """

    name: str
    points: Points
    by_size: Mapping[int, Points] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        _check_points(self.points, f"scheme {self.name!r}")
        for size, points in (self.by_size or {}).items():
            if isinstance(size, bool) or not isinstance(size, int) or size < 1:
                raise ScoringError(f"scheme {self.name!r}: table size {size!r} is not 1 or more")
            _check_points(points, f"scheme {self.name!r} at tables of {size}")

    def place_points(self, place: int, table_size: int) -> Fraction:
        """The points of ``place`` (1 is the best) at a table of ``table_size`` players.

        >>> SCHEMES["5321"].place_points(1, 4), SCHEMES["5321"].place_points(5, 5)
        (Fraction(5, 1), Fraction(0, 1))
        """
        if table_size < 1:
            raise ScoringError(f"a table has at least 1 player, not {table_size}")
        if not 1 <= place <= table_size:
            raise ScoringError(f"place {place} is not 1 to {table_size} at a table of {table_size}")
        points = self.points
        if self.by_size is not None and table_size in self.by_size:
            points = self.by_size[table_size]
        return Fraction(points[place - 1]) if place <= len(points) else Fraction(0)


SCHEMES: Final[Mapping[str, Scoring]] = MappingProxyType({
    # The Czech championship (seed 004): places score 4/3/2/1/0, total assets break ties.
    "championship": Scoring("championship", (4, 3, 2, 1, 0)),
    # Hasbro-style tournament play: a game won is 1 point (a shared win shares it).
    "hasbro": Scoring("hasbro", (1,)),
    "5321": Scoring("5321", (5, 3, 2, 1)),
})


def scoring(spec: str) -> Scoring:
    """The scheme ``spec`` names, or custom points such as ``"6,4,2,1"``.

    >>> scoring("6, 4, 2, 1")
    Scoring(name='6,4,2,1', points=(6, 4, 2, 1), by_size=None)
    >>> scoring("hasbro").points
    (1,)
    """
    known = ", ".join(SCHEMES)
    text = spec.strip()
    if text.lower() in SCHEMES:
        return SCHEMES[text.lower()]
    if not text:
        raise ScoringError(
            f"no scoring given: name a scheme ({known}) or list the points, such as 6,4,2,1"
        )
    points: list[int] = []
    for item in text.split(","):
        item = item.strip()
        try:
            value = int(item)
        except ValueError:
            hint = f"{item!r} is not a whole number" if item else "a place has no points"
            raise ScoringError(
                f"unknown scoring {spec!r}: not a scheme ({known}) and not a list of points "
                f"such as 6,4,2,1 ({hint})"
            ) from None
        points.append(value)
    try:
        return Scoring(",".join(str(p) for p in points), tuple(points))
    except ScoringError as error:
        raise ScoringError(f"bad scoring {spec!r}: {error} (the schemes: {known})") from None


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's line of a table's result.

    ``assets`` are the final assets as the banker counted them (net worth; a bankrupt
    player's are 0); ``bankrupt_order`` is None for a player still in the game at the end,
    1 for the first to go bankrupt, 2 for the second...
    """

    player: int
    assets: int
    bankrupt_order: int | None = None


@dataclass(frozen=True, slots=True)
class TableResult:
    """The result of one table of one round (both numbered from 1), its seats in seat order."""

    round: int
    table: int
    seats: tuple[Seat, ...]


def _where(result: TableResult) -> str:
    return f"round {result.round} table {result.table}"


def _check_sheet(result: TableResult) -> None:
    """What every result must satisfy to be scored at all (any table size)."""
    where = _where(result)
    if result.round < 1:
        raise ScoringError(f"{where}: rounds are numbered from 1")
    if result.table < 1:
        raise ScoringError(f"{where}: tables are numbered from 1")
    if not result.seats:
        raise ScoringError(f"{where}: the table has no players")
    seen: set[int] = set()
    for seat in result.seats:
        if seat.player in seen:
            raise ScoringError(f"{where}: player {seat.player} is seated twice")
        seen.add(seat.player)
        if seat.assets < 0:
            raise ScoringError(
                f"{where}: player {seat.player} has negative assets ({seat.assets})"
            )
        if seat.bankrupt_order is not None and seat.assets > 0:
            raise ScoringError(
                f"{where}: player {seat.player} went bankrupt but has assets {seat.assets} "
                f"(a bankrupt player's assets are 0)"
            )
    orders = sorted(s.bankrupt_order for s in result.seats if s.bankrupt_order is not None)
    if orders != list(range(1, len(orders) + 1)):
        raise ScoringError(
            f"{where}: the bankruptcies are numbered {orders}, not 1 to {len(orders)} "
            f"in the order the players went bankrupt"
        )


def validate(result: TableResult, *, sizes: tuple[int, int] = (3, 5)) -> None:
    """Raise :class:`ScoringError` unless ``result`` is a possible table's result.

    The table has ``sizes[0]`` to ``sizes[1]`` players, each seated once, none with
    negative assets; the bankrupt have no assets and went bankrupt in the order 1, 2, ...;
    one player at least is still in the game (the game ends when one is left); the round
    and the table are numbered from 1.
    """
    low, high = sizes
    if not 1 <= low <= high:
        raise ScoringError(f"table sizes {low} to {high} are not a range of 1 or more players")
    size = len(result.seats)
    if not low <= size <= high:
        raise ScoringError(
            f"{_where(result)}: a table has {low} to {high} players, this one has {size}"
        )
    _check_sheet(result)
    if all(seat.bankrupt_order is not None for seat in result.seats):
        raise ScoringError(
            f"{_where(result)}: every player went bankrupt; the game ends when one is left"
        )


def _place_groups(result: TableResult) -> list[list[int]]:
    """The players best first, in groups that share their places (seat order within)."""
    def key(seat: Seat) -> tuple[int, int]:
        if seat.bankrupt_order is None:
            return (0, -seat.assets)
        return (1, -seat.bankrupt_order)

    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for seat in result.seats:
        groups[key(seat)].append(seat.player)
    return [groups[k] for k in sorted(groups)]


def _group_places(result: TableResult) -> Iterable[tuple[list[int], int, int]]:
    """Each group of :func:`_place_groups` with the first and last places it covers."""
    first = 1
    for group in _place_groups(result):
        last = first + len(group) - 1
        yield group, first, last
        first = last + 1


def placements(result: TableResult) -> dict[int, Fraction]:
    """Each player's place at the table (1 is the best), in seat order.

    The players still in the game rank above every bankrupt one, by assets, higher first;
    the bankrupt ones by when they went bankrupt, the later one higher. Players still in
    the game with equal assets share the places they cover: two tied for 2nd are each
    placed 5/2 (the mean of places 2 and 3).
    """
    _check_sheet(result)
    place: dict[int, Fraction] = {}
    for group, first, last in _group_places(result):
        for player in group:
            place[player] = Fraction(first + last, 2)
    return {seat.player: place[seat.player] for seat in result.seats}


def table_points(result: TableResult, scheme: Scoring) -> dict[int, Fraction]:
    """Each player's points at the table under ``scheme``, in seat order.

    Players who share places get the mean of those places' points, so the table's points
    add up to the points of places 1 to its size.
    """
    _check_sheet(result)
    size = len(result.seats)
    points: dict[int, Fraction] = {}
    for group, first, last in _group_places(result):
        total = sum((scheme.place_points(p, size) for p in range(first, last + 1)), Fraction(0))
        for player in group:
            points[player] = total / len(group)
    return {seat.player: points[seat.player] for seat in result.seats}


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the standings.

    ``points``, ``assets`` (total assets), ``games`` and ``wins`` (games won outright: a
    shared first place is no win) are over the rounds counted. ``rank`` is the competition
    ranking (1, 2, 2, 4): players equal on every tie-break share it. ``tiebreak`` names the
    tie-break that put this player below the one above (``"assets"``, ``"head_to_head"``,
    the last resort's name, or ``"preliminary"`` between finalists tied at the final), and
    is None when the points separate them, when they share a rank, and for the first.
    """

    player: int
    points: Fraction
    assets: int
    games: int
    wins: int
    rank: int
    tiebreak: str | None


LAST_RESORTS: Final = ("rating", "draw", "name")


@dataclass(slots=True)
class _Totals:
    points: Fraction = field(default_factory=Fraction)
    assets: int = 0
    games: int = 0
    wins: int = 0


# A block of players equal on every tie-break, with the tie-break that put it below the
# block before it (None: the points, or the first block).
_Block = tuple[str | None, list[int]]


def _name_key(name: str) -> tuple[str, str, str]:
    """Alphabetical order that puts accented letters with their base letter (Č with C)."""
    folded = name.casefold()
    plain = "".join(c for c in unicodedata.normalize("NFD", folded)
                    if not unicodedata.combining(c))
    return (plain, folded, name)


def _split(group: list[int], key: Mapping[int, int], label: str) -> list[_Block]:
    """``group`` (in order) cut into blocks of equal ``key``, the lowest key first."""
    values: dict[int, list[int]] = defaultdict(list)
    for player in group:
        values[key[player]].append(player)
    return [(label, values[k]) for k in sorted(values)]


class _Ranker:
    """Orders the players tied on points and assets: head-to-head, then the last resort."""

    def __init__(self, places: list[dict[int, Fraction]], last_resort: str,
                 last_key: Mapping[int, int]) -> None:
        self.places = places
        self.last_resort = last_resort
        self.last_key = last_key

    def head_to_head_wins(self, group: list[int]) -> dict[int, int]:
        """For each pair of ``group`` who met: the one placed ahead at more of their shared
        tables scores a head-to-head win (the same number: neither does)."""
        members = set(group)
        ahead: dict[tuple[int, int], int] = defaultdict(int)
        for place in self.places:
            here = sorted(p for p in place if p in members)
            for a, b in combinations(here, 2):
                if place[a] < place[b]:
                    ahead[a, b] += 1
                elif place[b] < place[a]:
                    ahead[b, a] += 1
        wins = dict.fromkeys(group, 0)
        for a, b in combinations(sorted(group), 2):
            if ahead[a, b] > ahead[b, a]:
                wins[a] += 1
            elif ahead[b, a] > ahead[a, b]:
                wins[b] += 1
        return wins

    def order(self, group: list[int]) -> list[_Block]:
        """``group`` (tied on points and assets) in blocks; the first block's label is the
        caller's to set. Head-to-head among exactly the group, when it separates them at
        all, and again among each part still tied; then the last resort."""
        if len(group) == 1:
            return [(None, group)]
        wins = self.head_to_head_wins(group)
        parts = _split(group, {p: -w for p, w in wins.items()}, "head_to_head")
        if len(parts) == 1:
            return _split(group, self.last_key, self.last_resort)
        blocks: list[_Block] = []
        for label, part in parts:
            sub = self.order(part)
            blocks.append((label, sub[0][1]))
            blocks.extend(sub[1:])
        return blocks


def _last_key(last_resort: str, everyone: list[int], ratings: Mapping[int, int] | None,
              names: Mapping[int, str] | None, seed: int) -> dict[int, int]:
    """Each player's position by the last resort alone (lowest first; equal: still tied)."""
    if last_resort == "draw":
        # Every entrant draws a lot once, from a seeded shuffle of the entrant numbers: the
        # same players and seed always give the same lots, whatever the results.
        lots = sorted(everyone)
        random.Random(seed).shuffle(lots)
        return {p: i for i, p in enumerate(lots)}
    keys: dict[int, tuple[int, int, tuple[str, str, str]]] = {}
    for p in everyone:
        if last_resort == "rating":
            rated = ratings or {}
            keys[p] = (0, -rated[p], ("", "", "")) if p in rated else (1, 0, ("", "", ""))
        else:
            named = names or {}
            keys[p] = (0, 0, _name_key(named[p])) if p in named else (1, 0, ("", "", ""))
    dense = {k: i for i, k in enumerate(sorted(set(keys.values())))}
    return {p: dense[k] for p, k in keys.items()}


def _check_rounds(results: Sequence[TableResult]) -> None:
    tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, int], int] = {}
    for result in results:
        _check_sheet(result)
        if (result.round, result.table) in tables:
            raise ScoringError(f"{_where(result)} is given twice")
        tables.add((result.round, result.table))
        for seat in result.seats:
            other = seated.setdefault((result.round, seat.player), result.table)
            if other != result.table:
                raise ScoringError(
                    f"player {seat.player} plays at two tables of round {result.round} "
                    f"({min(other, result.table)} and {max(other, result.table)})"
                )


def _ranked(blocks: list[_Block], totals: Mapping[int, _Totals]) -> list[Standing]:
    out: list[Standing] = []
    for label, members in blocks:
        rank = len(out) + 1
        for i, player in enumerate(sorted(members)):
            t = totals[player]
            out.append(Standing(player, t.points, t.assets, t.games, t.wins, rank,
                                label if i == 0 and out else None))
    return out


def standings(results: Sequence[TableResult], scheme: Scoring, *,
              players: Sequence[int] | None = None,
              ratings: Mapping[int, int] | None = None,
              names: Mapping[int, str] | None = None,
              last_resort: str = "draw", seed: int = 0) -> list[Standing]:
    """The standings over ``results``, best first.

    The order: points, higher first; then total assets, higher first; then head-to-head
    among exactly the players still tied: for each pair of them who met, the one placed
    ahead at more of their shared tables scores a head-to-head win, and the group is
    ordered by those wins when that separates it at all (a part still tied is ordered by
    head-to-head among itself again); then ``last_resort``: ``"rating"`` (the higher
    ``ratings`` seed rating first, a player without one below those with one), ``"name"``
    (alphabetical by ``names``, a player without one last) or ``"draw"`` (lots drawn once
    for every player with ``random.Random(seed)``: the same seed, the same order). Players
    still equal share a rank, listed by entrant number.

    ``players`` lists everyone to rank (those without a game have 0 points and 0 assets);
    by default, everyone in the results. A player in the results who is not in ``players``,
    a player at two tables of one round, or one round's table given twice is an error.
    The order of ``results`` does not matter.
    """
    if last_resort not in LAST_RESORTS:
        raise ScoringError(
            f"unknown last resort {last_resort!r}: one of {', '.join(LAST_RESORTS)}"
        )
    _check_rounds(results)
    if players is None:
        everyone = sorted({seat.player for result in results for seat in result.seats})
    else:
        everyone = list(players)
        if len(set(everyone)) != len(everyone):
            twice = sorted({p for p in everyone if everyone.count(p) > 1})
            raise ScoringError(f"players listed twice: {', '.join(map(str, twice))}")
        listed = set(everyone)
        missing = sorted({s.player for r in results for s in r.seats} - listed)
        if missing:
            raise ScoringError(
                f"players in the results but not among the players: "
                f"{', '.join(map(str, missing))}"
            )
    totals = {p: _Totals() for p in everyone}
    places: list[dict[int, Fraction]] = []
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        place = placements(result)
        places.append(place)
        for player, points in table_points(result, scheme).items():
            t = totals[player]
            t.points += points
            t.games += 1
            t.wins += int(place[player] == 1)
        for seat in result.seats:
            totals[seat.player].assets += seat.assets
    ranker = _Ranker(places, last_resort, _last_key(last_resort, everyone, ratings, names, seed))
    groups: dict[tuple[Fraction, int], list[int]] = defaultdict(list)
    for player in sorted(everyone):
        groups[totals[player].points, totals[player].assets].append(player)
    blocks: list[_Block] = []
    previous: Fraction | None = None
    for points, assets in sorted(groups, reverse=True):
        sub = ranker.order(groups[points, assets])
        blocks.append(("assets" if points == previous else None, sub[0][1]))
        blocks.extend(sub[1:])
        previous = points
    return _ranked(blocks, totals)


def final_standings(preliminary: list[Standing], final: TableResult | None,
                    final_size: int) -> list[Standing]:
    """The standings after the final table of the preliminary top ``final_size``.

    The finalists come first in the order of their places at the final (players tied there
    in their preliminary order, with the tie-break ``"preliminary"``; still tied if they
    shared a preliminary rank); everyone else follows in the preliminary order; the ranks
    are counted again from 1. The lines keep their preliminary points, assets, games and
    wins. With no ``final``, the preliminary standings unchanged. The final's players must
    be exactly the first ``final_size`` of ``preliminary``, with no tie across that cut.
    """
    if final is None:
        return list(preliminary)
    if not 1 <= final_size <= len(preliminary):
        raise ScoringError(
            f"a final of {final_size} players from standings of {len(preliminary)}"
        )
    if final_size < len(preliminary) and \
            preliminary[final_size - 1].rank == preliminary[final_size].rank:
        raise ScoringError(
            f"players {preliminary[final_size - 1].player} and "
            f"{preliminary[final_size].player} share rank {preliminary[final_size].rank} "
            f"across the cut for a final of {final_size}; break the tie first"
        )
    top = preliminary[:final_size]
    seated = [seat.player for seat in final.seats]
    expected = {s.player for s in top}
    if len(set(seated)) != len(seated) or set(seated) != expected:
        extra = sorted(set(seated) - expected)
        absent = sorted(expected - set(seated))
        raise ScoringError(
            f"the final's players must be the top {final_size} of the preliminary standings "
            f"({', '.join(str(s.player) for s in top)}); "
            f"not in the top: {extra or 'none'}, missing: {absent or 'none'}"
        )
    place = placements(final)
    position = {s.player: i for i, s in enumerate(preliminary)}
    by_place = sorted(top, key=lambda s: (place[s.player], position[s.player]))
    out: list[Standing] = []
    for i, line in enumerate(by_place):
        above = by_place[i - 1] if i else None
        if above is None:
            rank, tiebreak = 1, None
        elif place[line.player] != place[above.player]:
            rank, tiebreak = i + 1, None
        elif line.rank == above.rank:
            rank, tiebreak = out[-1].rank, None
        else:
            rank, tiebreak = i + 1, "preliminary"
        out.append(_restate(line, rank, tiebreak))
    for i, line in enumerate(preliminary[final_size:], start=final_size):
        if i == final_size:
            out.append(_restate(line, i + 1, None))
        elif line.rank == preliminary[i - 1].rank:
            out.append(_restate(line, out[-1].rank, None))
        else:
            out.append(_restate(line, i + 1, line.tiebreak))
    return out


def _restate(line: Standing, rank: int, tiebreak: str | None) -> Standing:
    return Standing(line.player, line.points, line.assets, line.games, line.wins, rank, tiebreak)


def as_number(x: Fraction | int) -> int | float:
    """Points for JSON and print: a whole number as an int, a shared place's part as a
    float of 4 decimals (``Fraction(5, 2)`` -> ``2.5``)."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else round(float(x), 4)
