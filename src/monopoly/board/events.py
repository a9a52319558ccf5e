"""Typed events: what :meth:`Game.apply` reports, for the UI, the log and the store.

Seats are integers (``PlayerId``), squares are board indices, money is integer. The bank
is seat ``BANK`` (-1). Events are built only when the game was asked to (``events=True``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from monopoly.core.events import Event as Event  # the base of every event below

BANK = -1


@dataclass(frozen=True, slots=True)
class OrderDecided(Event):
    """Who starts (docs/rules.md §1): each round of throws by seat (0: not in that round)."""

    order: tuple[int, ...]
    throws: tuple[tuple[int, ...], ...]
    kind: ClassVar[str] = "order_decided"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    player: int
    die1: int
    die2: int
    kind: ClassVar[str] = "dice_rolled"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    player: int
    from_square: int
    to_square: int
    kind: ClassVar[str] = "moved"


@dataclass(frozen=True, slots=True)
class PassedGo(Event):
    player: int
    salary: int
    kind: ClassVar[str] = "passed_go"


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """Money changed hands: `payer` to `payee` (either may be the bank), with the reason."""

    payer: int
    payee: int
    amount: int
    reason: str
    kind: ClassVar[str] = "paid"


@dataclass(frozen=True, slots=True)
class Bought(Event):
    player: int
    square: int
    price: int
    kind: ClassVar[str] = "bought"


@dataclass(frozen=True, slots=True)
class AuctionStarted(Event):
    lot: str  # "property", "house" or "hotel"
    square: int
    bidders: tuple[int, ...]
    kind: ClassVar[str] = "auction_started"


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    player: int
    amount: int
    kind: ClassVar[str] = "bid_placed"


@dataclass(frozen=True, slots=True)
class BidPassed(Event):
    player: int
    kind: ClassVar[str] = "bid_passed"


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    player: int
    lot: str
    square: int
    amount: int
    kind: ClassVar[str] = "auction_won"


@dataclass(frozen=True, slots=True)
class AuctionUnsold(Event):
    square: int
    kind: ClassVar[str] = "auction_unsold"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    player: int
    deck: str
    card: str
    kind: ClassVar[str] = "card_drawn"


@dataclass(frozen=True, slots=True)
class Built(Event):
    player: int
    square: int
    level: int  # 1-4 houses, 5 = hotel
    cost: int
    kind: ClassVar[str] = "built"


@dataclass(frozen=True, slots=True)
class Sold(Event):
    player: int
    square: int
    level: int  # the level after the sale
    refund: int
    kind: ClassVar[str] = "sold"


@dataclass(frozen=True, slots=True)
class Mortgaged(Event):
    player: int
    square: int
    amount: int
    kind: ClassVar[str] = "mortgaged"


@dataclass(frozen=True, slots=True)
class Unmortgaged(Event):
    player: int
    square: int
    amount: int
    kind: ClassVar[str] = "unmortgaged"


@dataclass(frozen=True, slots=True)
class KeptMortgaged(Event):
    player: int
    square: int
    kind: ClassVar[str] = "kept_mortgaged"


@dataclass(frozen=True, slots=True)
class TradeProposed(Event):
    proposer: int
    target: int
    give: str
    take: str
    kind: ClassVar[str] = "trade_proposed"


@dataclass(frozen=True, slots=True)
class TradeAccepted(Event):
    proposer: int
    target: int
    kind: ClassVar[str] = "trade_accepted"


@dataclass(frozen=True, slots=True)
class TradeRejected(Event):
    proposer: int
    target: int
    kind: ClassVar[str] = "trade_rejected"


@dataclass(frozen=True, slots=True)
class PropertyTransferred(Event):
    from_player: int
    to_player: int
    square: int
    mortgaged: bool
    kind: ClassVar[str] = "property_transferred"


@dataclass(frozen=True, slots=True)
class JailCardTransferred(Event):
    from_player: int
    to_player: int
    deck: str
    kind: ClassVar[str] = "jail_card_transferred"


@dataclass(frozen=True, slots=True)
class Jailed(Event):
    player: int
    reason: str  # "square", "card", "doubles"
    kind: ClassVar[str] = "jailed"


@dataclass(frozen=True, slots=True)
class Released(Event):
    player: int
    how: str  # "doubles", "fine", "card", "third_roll"
    kind: ClassVar[str] = "released"


@dataclass(frozen=True, slots=True)
class StayedInJail(Event):
    player: int
    turns: int
    kind: ClassVar[str] = "stayed_in_jail"


@dataclass(frozen=True, slots=True)
class DebtIncurred(Event):
    debtor: int
    creditor: int
    amount: int
    kind: ClassVar[str] = "debt_incurred"


@dataclass(frozen=True, slots=True)
class Bankrupt(Event):
    player: int
    creditor: int
    kind: ClassVar[str] = "bankrupt"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: int
    kind: ClassVar[str] = "turn_ended"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    reason: str
    winner: int | None
    ranking: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


# --- variants (docs/rules.md §1, §3, §6, §9, §11 options) ------------------------------------

POT = -3  # the Free Parking pot (house rule, docs/rules.md §6) as a payer or payee


@dataclass(frozen=True, slots=True)
class PropertyDealt(Event):
    """A title deed dealt before the first turn (docs/rules.md §1 `starting_properties`)."""

    player: int
    square: int
    price_paid: int
    kind: ClassVar[str] = "property_dealt"


@dataclass(frozen=True, slots=True)
class SealedBidSubmitted(Event):
    """A hidden bid is in (its amount stays hidden until every bid is in, docs/rules.md §3)."""

    player: int
    kind: ClassVar[str] = "sealed_bid_submitted"


@dataclass(frozen=True, slots=True)
class SealedBidsRevealed(Event):
    """Every sealed bid of a round, opened together: ``(seat, amount)``, 0 for no bid."""

    bids: tuple[tuple[int, int], ...]
    round: int
    kind: ClassVar[str] = "sealed_bids_revealed"


@dataclass(frozen=True, slots=True)
class SealedTie(Event):
    """A tie for the top bid: round 1 repeats the auction; round 2 goes to the dice."""

    players: tuple[int, ...]
    amount: int
    round: int
    kind: ClassVar[str] = "sealed_tie"


@dataclass(frozen=True, slots=True)
class TieRoll(Event):
    """A tied bidder's throw that settles a second tie (docs/rules.md §3, TOUR)."""

    player: int
    die1: int
    die2: int
    kind: ClassVar[str] = "tie_roll"


@dataclass(frozen=True, slots=True)
class AuctionWinnerCannotPay(Event):
    """The top bidder cannot pay in cash: the lot goes to the next bidder who can."""

    player: int
    amount: int
    kind: ClassVar[str] = "auction_winner_cannot_pay"


@dataclass(frozen=True, slots=True)
class TaxChosen(Event):
    """Income tax: flat amount or a percentage of total worth, chosen first (§6, CZ)."""

    player: int
    choice: str  # "flat" or "percent"
    amount: int
    kind: ClassVar[str] = "tax_chosen"


@dataclass(frozen=True, slots=True)
class CardChoice(Event):
    """A "pay a fine or take a card" choice (docs/rules.md §5, §10)."""

    player: int
    choice: str  # "pay" or "draw"
    kind: ClassVar[str] = "card_choice"


@dataclass(frozen=True, slots=True)
class LoanMade(Event):
    """A loan between players (house rule, docs/rules.md §9): cash now, a recorded debt."""

    lender: int
    borrower: int
    amount: int
    kind: ClassVar[str] = "loan_made"


@dataclass(frozen=True, slots=True)
class LoanRepaid(Event):
    borrower: int
    lender: int
    amount: int
    kind: ClassVar[str] = "loan_repaid"


@dataclass(frozen=True, slots=True)
class TimeCalled(Event):
    """The time limit is reached (docs/rules.md §11): a player who has rolled finishes."""

    kind: ClassVar[str] = "time_called"


@dataclass(frozen=True, slots=True)
class OfferExpired(Event):
    """The negotiation limit ended a trade offer unanswered (docs/rules.md §9, TOUR)."""

    proposer: int
    target: int
    kind: ClassVar[str] = "offer_expired"


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """The turn clock ran out: the seat is forfeited (docs/rules.md §9, RU)."""

    player: int
    kind: ClassVar[str] = "timed_out"


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    """A player left the game (CZ): the estate goes to the bank or the creditor."""

    player: int
    kind: ClassVar[str] = "resigned"


@dataclass(frozen=True, slots=True)
class GameStopped(Event):
    """The table stopped the game before its end; assets are counted."""

    kind: ClassVar[str] = "game_stopped"
