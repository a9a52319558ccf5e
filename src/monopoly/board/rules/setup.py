"""docs/rules.md §1 Setup: the title deeds dealt before the first turn, the salary on the
start square (CZ, §2), and who starts."""

from __future__ import annotations

from monopoly.board import events as E
from monopoly.board.position import BANK, Position
from monopoly.core.text import Text


def deal_properties(g: Position) -> None:
    """§1 `starting_properties`: the bank shuffles the title deeds and deals them one at a
    time round the table; with `starting_properties_paid` each player pays the printed
    price at once (short and timed games; the tournament deals them free)."""
    rules = g.rules
    count = rules.starting_properties
    n = len(g.players)
    deeds = list(g.t.properties)
    if count * n > len(deeds):
        raise ValueError(
            Text(
                "cannot deal {count} title deeds to each of {players} players: "
                "the bank has {deeds}",
                count=count,
                players=n,
                deeds=len(deeds),
            )
        )
    paid = rules.starting_properties_paid
    if paid:
        worst = sum(sorted((g.t.price[sq] for sq in deeds), reverse=True)[:count])
        if worst > rules.starting_cash:
            raise ValueError(
                Text(
                    "dealt deeds could cost {cost}, more than the starting cash {cash}",
                    cost=worst,
                    cash=rules.starting_cash,
                )
            )
    g.rng.shuffle(deeds)
    for i in range(count * n):
        seat = i % n
        sq = deeds[i]
        price = g.t.price[sq] if paid else 0
        if price:
            g.transfer(seat, BANK, price, "purchase")
        g.give_property(sq, BANK, seat)
        g.emit(E.PropertyDealt(seat, sq, price))


def pay_start_salary(g: Position) -> None:
    """§2 `go_salary_at_start` (CZ: "Na startovním poli před prvním tahem ... má hráč
    právo na dotaci ve výši $ 200"): every player gets the salary once before the first
    move, after any dealt deeds are paid; it is not a lap (the first-lap rule, §3)."""
    salary = g.go_salary
    if salary:
        for p in g.players:
            g.transfer(BANK, p.seat, salary, "start_salary")


def decide_order(g: Position) -> None:
    """§1: everyone throws both dice; the highest starts, then clockwise (a tie for the
    highest throws again); `first_player = fixed`: the seats' order as given."""
    n = len(g.players)
    if g.rules.first_player == "fixed":
        g.order = list(range(n))
    else:
        rng = g.rng.random
        contenders = list(range(n))
        throws = [0] * n
        rounds: list[tuple[int, ...]] = []
        while len(contenders) > 1:
            for s in contenders:
                throws[s] = int(rng() * 6) + int(rng() * 6) + 2
            rounds.append(tuple(throws[s] if s in contenders else 0 for s in range(n)))
            best = max(throws[s] for s in contenders)
            contenders = [s for s in contenders if throws[s] == best]
        first = contenders[0]
        g.order = list(range(first, n)) + list(range(first))
        g.emit(E.OrderDecided(tuple(g.order), tuple(rounds)))
    g.turn_player = g.order[0]
    g.emit(E.TurnStarted(g.turn_player, g.turn_number))
