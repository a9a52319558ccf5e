"""docs/rules.md §11 The end of the game.

The classic game ends when one player is left, who wins. Other ends (`end`): the second
bankruptcy (CZ, the short game), time called (RU timed game, the tournament: a player
who has thrown finishes the turn), a turn limit (simulations), a target net worth (RU
"Millionaire"). At every end but the last player the players count their net worth
(cash, printed prices, half for mortgaged deeds, buildings at cost, less debts) and the
richest wins; a tie for the top has no winner, nor has a game the table stops.
"""

from __future__ import annotations

from monopoly.board import events as E
from monopoly.board.position import NOBODY, OVER, Position
from monopoly.board.rules import debts
from monopoly.core.ids import Money, PlayerId
from monopoly.core.outcome import Outcome


def net_worth(g: Position, seat: PlayerId) -> Money:
    """Cash + printed price (half if mortgaged) + buildings at cost - debts."""
    p = g.players[seat]
    if p.bankrupt:
        return 0
    t = g.t
    worth = p.cash
    hl = g.hotel_level
    for sq in g.holdings[seat]:
        worth += t.price[sq] // 2 if g.mortgaged[sq] else t.price[sq]
        worth += g.level[sq] * t.house_cost[sq] if g.level[sq] <= hl else 0
    for d in g.debts:
        if d.debtor == seat:
            worth -= d.amount
        elif d.creditor == seat:
            worth += d.amount
    if g.loans:
        worth += debts.loan_claims(g, seat) - debts.loans_owed(g, seat)
    return worth


def check_target(g: Position) -> None:
    """RU "Millionaire": the first to reach the target net worth wins."""
    target = g.rules.target_worth
    assert target is not None
    best, who = -1, NOBODY
    for s in g.active_seats():
        w = net_worth(g, s)
        if w >= target and w > best:
            best, who = w, s
    if who != NOBODY:
        finish(g, "target_worth", who)


def finish(g: Position, reason: str, winner: PlayerId | None = None) -> None:
    """The game is over: the outcome (see the module docstring; no winner either when a
    simulation's turn cap cuts a last-player game)."""
    g.phase = OVER
    g.auction = None
    g.auction_queue.clear()
    g.offer = None
    g.choice = None
    worth = tuple(net_worth(g, s) for s in range(len(g.players)))
    survivors = sorted(g.active_seats(), key=lambda s: (-worth[s], g.order.index(s)))
    fallen: list[PlayerId] = []
    for s in reversed(g.bankrupt_order):
        if s not in survivors and s not in fallen:
            fallen.append(s)
    ranking = tuple(survivors + fallen)
    if winner is None and survivors:
        if reason == "last_player":
            winner = survivors[0] if len(survivors) == 1 else None
        elif (
            reason != "stopped"
            and (reason != "turn_limit" or g.rules.end == "turn_limit")
            and (len(survivors) == 1 or worth[survivors[0]] > worth[survivors[1]])
        ):
            winner = survivors[0]
    g.outcome = Outcome(reason, winner, ranking, worth, "net_worth")
    g.emit(E.GameOver(reason, winner, ranking))
