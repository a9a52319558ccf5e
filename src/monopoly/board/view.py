"""What one seat may see: never the order of the decks (nor, before they are opened, the
sealed bids), everything else: every seat's cash, position, deeds and buildings are
public in Monopoly.

Two forms of the same information:

- :class:`BoardView` (``Game.view(seat)``): a frozen value, for the web, the store, the
  narration and reinforcement learning; ``to_dict()`` is its JSON form;
- :class:`SeatView` (``Game.seat_view(seat)``): a live read-only window on the game, for
  bots and adapters that read many facts many times a turn (no copying, so it is cheap to
  hand out on every decision).

Example::

    >>> from monopoly.board.game import Game
    >>> g = Game(["Ann", "Bob"], seed=1)
    >>> v = g.view(0)
    >>> v.players[0].cash, dict(v.decks)["chance"], v.to_dict()["phase"]
    (1500, 16, 'pre_roll')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly.board import actions as A
from monopoly.board import decision as D
from monopoly.board import engine
from monopoly.board import events as E
from monopoly.board.edition import Edition
from monopoly.board.options import RuleSet
from monopoly.board.position import BANK, CHOICE_TAX, NOBODY, Position
from monopoly.board.rules import debts, ending, jail, rent, taxes
from monopoly.board.tables import BoardTables
from monopoly.core.decision import Decision
from monopoly.core.ids import Money, PlayerId, SquareIndex
from monopoly.core.outcome import Outcome

__all__ = [
    "BANK",
    "AuctionView",
    "BoardView",
    "ChoiceView",
    "DebtView",
    "OfferView",
    "PlayerView",
    "SeatView",
    "board_view",
    "view_dict",
]


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: PlayerId
    name: str
    cash: Money
    position: SquareIndex
    in_jail: bool
    jail_turns: int
    jail_cards: tuple[str, ...]  # the decks they come from
    bankrupt: bool
    net_worth: Money

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "cash": self.cash,
            "position": self.position,
            "in_jail": self.in_jail,
            "jail_turns": self.jail_turns,
            "jail_cards": list(self.jail_cards),
            "bankrupt": self.bankrupt,
            "net_worth": self.net_worth,
        }


@dataclass(frozen=True, slots=True)
class AuctionView:
    lot: str  # "property", "house" or "hotel"
    square: SquareIndex
    bidders: tuple[PlayerId, ...]
    next: PlayerId | None  # who bids next (the first still to bid, sealed)
    high_bid: Money
    high_bidder: PlayerId | None
    sealed: bool
    submitted: tuple[PlayerId, ...]  # who has handed in a sealed bid; never the amounts
    round: int
    min_bid: Money

    def to_dict(self) -> dict[str, Any]:
        return {
            "lot": self.lot,
            "square": self.square,
            "bidders": list(self.bidders),
            "next": self.next,
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "sealed": self.sealed,
            "submitted": list(self.submitted),
            "round": self.round,
            "min_bid": self.min_bid,
        }


@dataclass(frozen=True, slots=True)
class DebtView:
    debtor: PlayerId
    creditor: PlayerId
    amount: Money

    def to_dict(self) -> dict[str, Any]:
        return {"debtor": self.debtor, "creditor": self.creditor, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class OfferView:
    proposer: PlayerId
    target: PlayerId
    give: str  # the proposer's side, in the action notation
    take: str

    def to_dict(self) -> dict[str, Any]:
        return {"proposer": self.proposer, "target": self.target, "give": self.give,
                "take": self.take}


@dataclass(frozen=True, slots=True)
class ChoiceView:
    seat: PlayerId
    kind: str  # "tax" or "card"
    amount: Money
    deck: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "amount": self.amount, "deck": self.deck}


@dataclass(frozen=True, slots=True)
class BoardView:
    """What `seat` may see, frozen (None: a spectator)."""

    seat: PlayerId | None
    turn: int
    turn_player: PlayerId
    phase: str
    pending: PlayerId | None
    decision: Decision
    dice: tuple[int, int]
    players: tuple[PlayerView, ...]
    order: tuple[PlayerId, ...]
    owner: tuple[PlayerId, ...]
    level: tuple[int, ...]
    mortgaged: tuple[bool, ...]
    houses_left: int
    hotels_left: int
    decks: tuple[tuple[str, int], ...]  # (deck key, cards in it): never their order
    buy_square: SquareIndex
    auction: AuctionView | None
    debts: tuple[DebtView, ...]
    offer: OfferView | None
    receipts: tuple[tuple[PlayerId, SquareIndex], ...]
    placement: tuple[PlayerId, str] | None
    outcome: Outcome | None
    pot: Money
    loans: tuple[tuple[PlayerId, PlayerId, Money], ...]  # (borrower, lender, owed)
    choice: ChoiceView | None
    time_called: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the web protocol's ``view``)."""
        return {
            "seat": self.seat,
            "turn": self.turn,
            "turn_player": self.turn_player,
            "phase": self.phase,
            "pending": self.pending,
            "dice": list(self.dice),
            "players": [p.to_dict() for p in self.players],
            "order": list(self.order),
            "owner": list(self.owner),
            "level": list(self.level),
            "mortgaged": list(self.mortgaged),
            "houses_left": self.houses_left,
            "hotels_left": self.hotels_left,
            "decks": dict(self.decks),
            "buy_square": self.buy_square,
            "auction": None if self.auction is None else self.auction.to_dict(),
            "debts": [d.to_dict() for d in self.debts],
            "offer": None if self.offer is None else self.offer.to_dict(),
            "receipts": [list(r) for r in self.receipts],
            "placement": list(self.placement) if self.placement else None,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "pot": self.pot,
            "loans": [list(loan) for loan in self.loans],
            "choice": None if self.choice is None else self.choice.to_dict(),
            "time_called": self.time_called,
        }


def board_view(g: Position, seat: PlayerId | None) -> BoardView:
    """What `seat` may see of `g`, frozen (None: a spectator)."""
    t = g.t
    au = g.auction
    offer = g.offer
    pending = D.pending(g)
    choice = g.choice
    return BoardView(
        seat=seat,
        turn=g.turn_number,
        turn_player=g.turn_player,
        phase=g.phase_name,
        pending=pending,
        decision=D.decision(g),
        dice=g.dice,
        players=tuple(
            PlayerView(
                p.seat,
                p.name,
                p.cash,
                p.position,
                p.in_jail,
                p.jail_turns,
                tuple(t.deck_keys[d] for d, _ in p.jail_cards),
                p.bankrupt,
                ending.net_worth(g, p.seat),
            )
            for p in g.players
        ),
        order=tuple(g.order),
        owner=tuple(g.owner),
        level=tuple(g.level),
        mortgaged=tuple(g.mortgaged),
        houses_left=g.houses_left,
        hotels_left=g.hotels_left,
        decks=tuple((t.deck_keys[d], len(pile)) for d, pile in enumerate(g.decks)),
        buy_square=g.buy_square,
        auction=None
        if au is None
        else AuctionView(
            au.lot,
            au.square,
            tuple(au.bidders),
            au.bidders[au.turn] if au.sealed is None else pending,
            au.high_bid,
            au.high_bidder if au.high_bidder != NOBODY else None,
            au.sealed is not None,
            tuple(sorted(au.sealed)) if au.sealed is not None else (),
            au.round,
            au.min_bid,
        ),
        debts=tuple(DebtView(d.debtor, d.creditor, d.amount) for d in g.debts),
        offer=None
        if offer is None
        else OfferView(offer.proposer, offer.target, offer.give.text(), offer.take.text()),
        receipts=tuple(g.receipts),
        placement=g.placement,
        outcome=g.outcome,
        pot=g.pot,
        loans=tuple((b, lender, v) for (b, lender), v in sorted(g.loans.items())),
        choice=None
        if choice is None
        else ChoiceView(
            choice[0],
            "tax" if choice[1] == CHOICE_TAX else "card",
            choice[3],
            t.deck_keys[choice[2]] if choice[2] >= 0 else None,
        ),
        time_called=g.time_called,
    )



def view_dict(g: Position, seat: PlayerId | None) -> dict[str, Any]:
    """``board_view(g, seat).to_dict()``, written straight from the position: a server
    writes one for every action, and the frozen views' constructors cost more than the
    dict they become."""
    t = g.t
    au = g.auction
    offer = g.offer
    pending = D.pending(g)
    choice = g.choice
    placement = g.placement
    outcome = g.outcome
    deck_keys = t.deck_keys
    return {
        "seat": seat,
        "turn": g.turn_number,
        "turn_player": g.turn_player,
        "phase": g.phase_name,
        "pending": pending,
        "dice": list(g.dice),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "cash": p.cash,
                "position": p.position,
                "in_jail": p.in_jail,
                "jail_turns": p.jail_turns,
                "jail_cards": [deck_keys[d] for d, _ in p.jail_cards],
                "bankrupt": p.bankrupt,
                "net_worth": ending.net_worth(g, p.seat),
            }
            for p in g.players
        ],
        "order": list(g.order),
        "owner": list(g.owner),
        "level": list(g.level),
        "mortgaged": list(g.mortgaged),
        "houses_left": g.houses_left,
        "hotels_left": g.hotels_left,
        "decks": {deck_keys[d]: len(pile) for d, pile in enumerate(g.decks)},
        "buy_square": g.buy_square,
        "auction": None
        if au is None
        else {
            "lot": au.lot,
            "square": au.square,
            "bidders": list(au.bidders),
            "next": au.bidders[au.turn] if au.sealed is None else pending,
            "high_bid": au.high_bid,
            "high_bidder": au.high_bidder if au.high_bidder != NOBODY else None,
            "sealed": au.sealed is not None,
            "submitted": sorted(au.sealed) if au.sealed is not None else [],
            "round": au.round,
            "min_bid": au.min_bid,
        },
        "debts": [{"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount}
                  for d in g.debts],
        "offer": None
        if offer is None
        else {"proposer": offer.proposer, "target": offer.target,
              "give": offer.give.text(), "take": offer.take.text()},
        "receipts": [list(r) for r in g.receipts],
        "placement": list(placement) if placement else None,
        "outcome": outcome.to_dict() if outcome else None,
        "pot": g.pot,
        "loans": [[b, lender, v] for (b, lender), v in sorted(g.loans.items())],
        "choice": None
        if choice is None
        else {
            "seat": choice[0],
            "kind": "tax" if choice[1] == CHOICE_TAX else "card",
            "amount": choice[3],
            "deck": deck_keys[choice[2]] if choice[2] >= 0 else None,
        },
        "time_called": g.time_called,
    }

class SeatView:
    """A seat's live read-only window on a game (see the module docstring); ``seat``
    None is a spectator's."""

    __slots__ = ("_g", "seat")

    def __init__(self, game: Position, seat: PlayerId | None) -> None:
        self._g = game
        self.seat = seat

    # --- static data
    @property
    def edition(self) -> Edition:
        return self._g.edition

    @property
    def tables(self) -> BoardTables:
        return self._g.t

    @property
    def rules(self) -> RuleSet:
        return self._g.rules

    # --- the turn
    @property
    def turn_player(self) -> int:
        return self._g.turn_player

    @property
    def turn_number(self) -> int:
        return self._g.turn_number

    @property
    def phase(self) -> str:
        return self._g.phase_name

    @property
    def pending(self) -> int | None:
        return D.pending(self._g)

    def decision(self) -> Decision:
        """The decision the game waits for (the same for every seat)."""
        return D.decision(self._g)

    def pending_seats(self) -> list[int]:
        return D.pending_seats(self._g)

    def legal_actions(self) -> list[A.LegalEntry]:
        """This seat's legal actions (none for a spectator)."""
        return [] if self.seat is None else engine.legal_actions(self._g, self.seat)

    @property
    def rolled(self) -> bool:
        """The player on turn has thrown the dice this turn."""
        return self._g.rolled

    @property
    def extra_roll(self) -> bool:
        """The last throw was doubles: the player on turn throws again."""
        return self._g.extra_roll

    @property
    def time_called(self) -> bool:
        return self._g.time_called

    @property
    def outcome(self) -> Outcome | None:
        return self._g.outcome

    @property
    def dice(self) -> tuple[int, int]:
        return self._g.dice

    def name(self, seat: int) -> str:
        return self._g.players[seat].name

    @property
    def seed(self) -> int:
        """The game's seed (public: the record names it; the server publishes its hash
        until the end)."""
        return self._g.seed

    @property
    def order(self) -> list[int]:
        """The seats in playing order (§1)."""
        return list(self._g.order)

    @property
    def bankrupt_order(self) -> list[int]:
        """The seats that went bankrupt, in the order they fell."""
        return list(self._g.bankrupt_order)

    @property
    def actions_played(self) -> int:
        return len(self._g.history)

    def events(self) -> list[E.Event]:
        """Every event of the game so far (none is secret: a draw names the card drawn,
        a sealed bid handed in is not told); empty when the game keeps no events."""
        return list(self._g.events or ())

    @property
    def is_over(self) -> bool:
        return self._g.is_over

    @property
    def seats(self) -> int:
        return len(self._g.players)

    @property
    def buy_square(self) -> int:
        return self._g.buy_square

    # --- players
    def cash(self, seat: int) -> int:
        return self._g.players[seat].cash

    def position(self, seat: int) -> int:
        return self._g.players[seat].position

    def in_jail(self, seat: int) -> bool:
        return self._g.players[seat].in_jail

    def jail_turns(self, seat: int) -> int:
        return self._g.players[seat].jail_turns

    def jail_cards(self, seat: int) -> tuple[str, ...]:
        keys = self._g.t.deck_keys
        return tuple(keys[d] for d, _ in self._g.players[seat].jail_cards)

    def is_bankrupt(self, seat: int) -> bool:
        return self._g.players[seat].bankrupt

    def active_seats(self) -> list[int]:
        return self._g.active_seats()

    def net_worth(self, seat: int) -> int:
        return ending.net_worth(self._g, seat)

    def liquidation_value(self, seat: int) -> int:
        return debts.liquidation_value(self._g, seat)

    def jail_fine(self, seat: int) -> int:
        """The fine `seat` would pay to leave jail (§7: waived in some stays)."""
        return jail.jail_fine(self._g, self._g.players[seat])

    # --- the board
    def owner(self, sq: int) -> int:
        """The owning seat, or BANK (-1)."""
        return self._g.owner[sq]

    def level(self, sq: int) -> int:
        """Buildings on a street: 0-4 houses; ``hotel_level`` is a hotel."""
        return self._g.level[sq]

    @property
    def hotel_level(self) -> int:
        return self._g.hotel_level

    def is_mortgaged(self, sq: int) -> bool:
        return self._g.mortgaged[sq]

    def holdings(self, seat: int) -> list[int]:
        return list(self._g.holdings[seat])

    def rent_of(self, sq: int, throw: int = 7) -> int:
        return rent.rent_of(self._g, sq, throw)

    def interest(self, sq: int) -> int:
        """§9: the interest on deed `sq`'s mortgage (10 % rounded up by default), paid to
        lift it and, at once, by whoever receives it mortgaged."""
        return debts.interest(self._g, sq)

    @property
    def houses_left(self) -> int:
        return self._g.houses_left

    @property
    def hotels_left(self) -> int:
        return self._g.hotels_left

    def deck_size(self, deck: str) -> int:
        return len(self._g.decks[self._g.t.deck_keys.index(deck)])

    # --- overlays
    def debts(self) -> list[tuple[int, int, int]]:
        """(debtor, creditor, amount) of every debt waiting, in order."""
        return [(d.debtor, d.creditor, d.amount) for d in self._g.debts]

    def receipt(self) -> tuple[int, int] | None:
        """(seat, square) of the received mortgaged deed waiting for its decision."""
        return self._g.receipts[0] if self._g.receipts else None

    def placement(self) -> tuple[int, str] | None:
        """(seat, lot) of a building won at auction waiting to be placed (§8)."""
        return self._g.placement

    def debt(self) -> tuple[int, int, int] | None:
        """(debtor, creditor, amount) of the debt waiting to be paid, if any."""
        if not self._g.debts:
            return None
        d = self._g.debts[0]
        return d.debtor, d.creditor, d.amount

    def auction_square(self) -> int:
        """The square of the lot being auctioned, or -1 when no auction runs."""
        au = self._g.auction
        return -1 if au is None else au.square

    def auction_lot(self) -> str:
        """"property", "house" or "hotel"; "" when no auction runs."""
        au = self._g.auction
        return "" if au is None else au.lot

    def auction(self) -> dict[str, Any] | None:
        au = self._g.auction
        if au is None:
            return None
        return {
            "lot": au.lot,
            "square": au.square,
            "bidders": list(au.bidders),
            "high_bid": au.high_bid,
            "high_bidder": None if au.high_bidder == NOBODY else au.high_bidder,
            "sealed": au.sealed is not None,
            # who has handed in a sealed bid: never the amounts before all are in
            "submitted": sorted(au.sealed) if au.sealed is not None else [],
            "round": au.round,
        }

    def choice_deck(self) -> str | None:
        """The deck of a "pay a fine or take a card" choice waiting (§5), if any."""
        ch = self._g.choice
        if ch is None or ch[2] < 0:
            return None
        return self._g.t.deck_keys[ch[2]]

    def choice(self) -> tuple[int, str, int] | None:
        """(seat, "tax" or "card", amount) of a choice waiting (docs/rules.md §5, §6)."""
        ch = self._g.choice
        if ch is None:
            return None
        return ch[0], "tax" if ch[1] == 0 else "card", ch[3]

    def total_worth(self, seat: int) -> int:
        """The income tax base (docs/rules.md §6): cash + printed prices + buildings at cost."""
        return taxes.total_worth(self._g, seat)

    def percent_tax(self) -> int:
        """What this seat would pay choosing the percentage income tax (docs/rules.md §6)."""
        return taxes.percent_tax(self._g, self.seat) if self.seat is not None else 0

    def pot(self) -> int:
        """The Free Parking pot (docs/rules.md §6 house rule)."""
        return self._g.pot

    def loans_owed(self, seat: int) -> int:
        return debts.loans_owed(self._g, seat)

    def loan_claims(self, seat: int) -> int:
        return debts.loan_claims(self._g, seat)

    def is_legal(self, action: object) -> bool:
        """Whether this seat may take `action` now (the engine's own check)."""
        return self.seat is not None and engine.is_legal(self._g, self.seat, action)

    def offer(self) -> dict[str, Any] | None:
        o = self._g.offer
        if o is None:
            return None
        return {"proposer": o.proposer, "target": o.target, "give": o.give, "take": o.take}

    def frozen(self) -> BoardView:
        """The same information, frozen (:func:`board_view`)."""
        return board_view(self._g, self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The full view as JSON-ready data (for the web and logs)."""
        return board_view(self._g, self.seat).to_dict()
