"""Who must act now: the one place where the priority of the waiting decisions is written.

Besides the turn's own decision (roll, buy or decline, end the turn), a position may have
decisions waiting, each in its own slot of the :class:`~monopoly.board.position.Position`.
They are answered in this order, the first one present first:

1. a trade offer: its target answers (docs/rules.md §9);
2. a choice: the income tax's flat amount or percentage (§6), pay a fine or draw (§5);
3. a debt: the debtor raises funds, or declares bankruptcy when nothing can pay it (§9);
4. a mortgaged deed just received: keep it mortgaged or lift the mortgage (§9);
5. a building won at a housing-shortage auction: where to put it (§8);
6. an auction: the next bidder (open), or every bidder whose sealed bid is not in (§3);
7. the turn: the player on turn (§2), in the phase of the turn.

:func:`waiting` names the decision waiting as a small int (the hot path dispatches on
it); :func:`decision` gives it as the shared :class:`~monopoly.core.decision.Decision`
value that the clocks, the prompts and the web server read. Its kinds:

``roll`` (before the roll; in jail too: pay, use a card or try for doubles), ``buy``
(``subject``: the square, ``low``: its price), ``end_turn``, ``trade_answer``
(``subject``: the proposer), ``tax_choice`` and ``card_choice`` (``low``: the flat
amount), ``raise_funds`` (``subject``: the creditor, ``low``: the amount owed, ``step``:
the debts waiting), ``mortgaged_deed`` (``subject``: the square, ``step``: the deeds
waiting), ``place_house`` and ``place_hotel``, ``bid`` (an open auction: ``subject``: the
square, ``low``: the least bid), ``sealed_bid`` (``seats``: every bidder still to bid,
``low``: the least bid, ``step``: the round), ``over``.
"""

from __future__ import annotations

from typing import Final

from monopoly.board.position import BUY, CHOICE_TAX, LOT_HOUSE, OVER, PRE_ROLL, Position
from monopoly.core.decision import OVER as OVER_KIND
from monopoly.core.decision import Decision
from monopoly.core.ids import PlayerId
from monopoly.core.text import Text

__all__ = [
    "W_AUCTION",
    "W_CHOICE",
    "W_DEBT",
    "W_OFFER",
    "W_OVER",
    "W_PLACEMENT",
    "W_RECEIPT",
    "W_TURN",
    "decision",
    "not_pending",
    "pending",
    "pending_seats",
    "sealed_open",
    "turn_decision",
    "waiting",
]

W_OFFER: Final = 0
W_CHOICE: Final = 1
W_DEBT: Final = 2
W_RECEIPT: Final = 3
W_PLACEMENT: Final = 4
W_AUCTION: Final = 5
W_TURN: Final = 6
W_OVER: Final = 7


def waiting(g: Position) -> int:
    """The decision waiting, by the priority of the module docstring."""
    if g.phase == OVER:
        return W_OVER
    if g.offer is not None:
        return W_OFFER
    if g.choice is not None:
        return W_CHOICE
    if g.debts:
        return W_DEBT
    if g.receipts:
        return W_RECEIPT
    if g.placement is not None:
        return W_PLACEMENT
    if g.auction is not None:
        return W_AUCTION
    return W_TURN


def pending(g: Position) -> PlayerId | None:
    """The seat that must act now for the game to go on (None when the game is over)."""
    w = waiting(g)
    if w == W_TURN:
        return g.turn_player
    if w == W_OVER:
        return None
    if w == W_OFFER:
        assert g.offer is not None
        return g.offer.target
    if w == W_CHOICE:
        assert g.choice is not None
        return g.choice[0]
    if w == W_DEBT:
        return g.debts[0].debtor
    if w == W_RECEIPT:
        return g.receipts[0][0]
    if w == W_PLACEMENT:
        assert g.placement is not None
        return g.placement[0]
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        for s in au.bidders:
            if s not in au.sealed:
                return s
    return au.bidders[au.turn]


def sealed_open(g: Position) -> bool:
    """A sealed auction is the decision waiting."""
    return waiting(g) == W_AUCTION and g.auction is not None and g.auction.sealed is not None


def pending_seats(g: Position) -> list[PlayerId]:
    """Every seat the game waits for: the pending seat, or in a sealed auction every
    bidder whose hidden bid is not in yet (they may bid in any order, §3)."""
    seat = pending(g)
    if seat is None:
        return []
    if sealed_open(g):
        au = g.auction
        assert au is not None and au.sealed is not None
        return [s for s in au.bidders if s not in au.sealed]
    return [seat]


def decision(g: Position) -> Decision:
    """The decision waiting, as the shared value (see the module docstring)."""
    w = waiting(g)
    turn = g.turn_number
    if w == W_OVER:
        return Decision(OVER_KIND, (), turn)
    seats = tuple(pending_seats(g))
    if w == W_TURN:
        if g.phase == PRE_ROLL:
            return Decision("roll", seats, turn)
        if g.phase == BUY:
            sq = g.buy_square
            return Decision("buy", seats, turn, subject=sq, low=g.t.price[sq])
        return Decision("end_turn", seats, turn)
    if w == W_OFFER:
        assert g.offer is not None
        return Decision("trade_answer", seats, turn, subject=g.offer.proposer)
    if w == W_CHOICE:
        assert g.choice is not None
        kind = "tax_choice" if g.choice[1] == CHOICE_TAX else "card_choice"
        return Decision(kind, seats, turn, low=g.choice[3])
    if w == W_DEBT:
        debt = g.debts[0]
        return Decision("raise_funds", seats, turn, subject=debt.creditor, low=debt.amount,
                        step=len(g.debts))
    if w == W_RECEIPT:
        return Decision("mortgaged_deed", seats, turn, subject=g.receipts[0][1],
                        step=len(g.receipts))
    if w == W_PLACEMENT:
        assert g.placement is not None
        kind = "place_house" if g.placement[1] == LOT_HOUSE else "place_hotel"
        return Decision(kind, seats, turn)
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        return Decision("sealed_bid", seats, turn, subject=au.square, low=au.min_bid,
                        step=au.round)
    return Decision("bid", seats, turn, subject=au.square, low=au.high_bid + 1)


def not_pending(g: Position, seat: PlayerId) -> str | None:
    """Why `seat` may not answer the decision waiting (None: it is its decision)."""
    seat_pending = pending(g)
    if seat_pending != seat:
        return Text(
            "it is seat {player}'s decision, not seat {seat}'s", player=seat_pending, seat=seat
        )
    return None


def turn_decision(g: Position, seat: PlayerId, phase: int) -> str | None:
    """Why `seat` may not take a turn action of `phase` now (None: it may)."""
    if waiting(g) != W_TURN:
        why = not_pending(g, seat)
        return why or Text("another decision must be made first")
    if seat != g.turn_player:
        return Text(
            "it is seat {player}'s turn, not seat {seat}'s", player=g.turn_player, seat=seat
        )
    if g.phase != phase:
        return Text("not possible in the {phase} phase", phase=g.phase_name)
    return None
