"""What one seat may see: a read-only window on a game, without the order of the decks.

Bots take a :class:`SeatView` and the legal actions, nothing else. The view reads the live
game (no copying, so it is cheap to hand out on every decision) but exposes only public
information: every seat's cash, position, properties and buildings are public in
Monopoly; the order of the Chance and Community Chest piles is not.
"""

from __future__ import annotations

from typing import Any

from monopoly.board.edition import Edition
from monopoly.board.game import BANK, NOBODY, Game
from monopoly.board.tables import BoardTables


class SeatView:
    __slots__ = ("_g", "seat")

    def __init__(self, game: Game, seat: int | None) -> None:
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
    def rules(self) -> Any:
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
        return self._g.pending

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
        return self._g.net_worth(seat)

    def liquidation_value(self, seat: int) -> int:
        return self._g.liquidation_value(seat)

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
        return self._g.rent_of(sq, throw)

    def interest(self, sq: int) -> int:
        """§9: the interest on deed `sq`'s mortgage (10 % rounded up by default), paid to
        lift it and, at once, by whoever receives it mortgaged."""
        return self._g._interest(sq)

    @property
    def houses_left(self) -> int:
        return self._g.houses_left

    @property
    def hotels_left(self) -> int:
        return self._g.hotels_left

    def deck_size(self, deck: str) -> int:
        return len(self._g.decks[self._g.t.deck_keys.index(deck)])

    # --- overlays
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

    def choice(self) -> tuple[int, str, int] | None:
        """(seat, "tax" or "card", amount) of a choice waiting (RULES.md §5, §6)."""
        ch = self._g.choice
        if ch is None:
            return None
        return ch[0], "tax" if ch[1] == 0 else "card", ch[3]

    def total_worth(self, seat: int) -> int:
        """The income tax base (RULES.md §6): cash + printed prices + buildings at cost."""
        return self._g.total_worth(seat)

    def percent_tax(self) -> int:
        """What this seat would pay choosing the percentage income tax (RULES.md §6)."""
        return self._g.percent_tax(self.seat) if self.seat is not None else 0

    def pot(self) -> int:
        """The Free Parking pot (RULES.md §6 house rule)."""
        return self._g.pot

    def loans_owed(self, seat: int) -> int:
        return self._g.loans_owed(seat)

    def loan_claims(self, seat: int) -> int:
        return self._g.loan_claims(seat)

    def is_legal(self, action: object) -> bool:
        """Whether this seat may take `action` now (the engine's own check)."""
        return self.seat is not None and self._g.is_legal(self.seat, action)

    def offer(self) -> dict[str, Any] | None:
        o = self._g.offer
        if o is None:
            return None
        return {"proposer": o.proposer, "target": o.target, "give": o.give, "take": o.take}

    def to_dict(self) -> dict[str, Any]:
        """The full view as JSON-ready data (for the web and logs)."""
        return self._g.view(self.seat)


__all__ = ["BANK", "SeatView"]
