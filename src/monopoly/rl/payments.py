"""The Deal's payments card by card, for the environments (``payment="cards"``).

The core's table pays a debt with one of three policies (ids 3-5: bank first, most
valuable first, table first). With ``payment="cards"`` a payer chooses the cards
themselves, one action each: id ``num_actions + c`` gives card ``c`` (a card id of the
deck, 0-105 for the standard deck) towards the debt being answered. The environment
keeps the cards given so far; when they cover the debt it pays them with the core's own
``pay`` action (the core checks it, as it checks every action), and the game goes on.

While a debt of this seat waits:

- before the first card: the core's legal ids without the payment policies (Just Say No
  stays), and a give id for every card of the seat's table that can pay;
- after it: only the give ids of the cards not yet given (a payment once begun is
  finished);
- a house goes only with its hotel: its give id is masked out while the hotel stands on
  the table and has not been given;
- a payer whose table does not cover the debt has no choice to make (the rules take
  everything): the mask is the core's, with the first policy (id 3, everything) only.

The observation gets three blocks at its end (:data:`BLOCKS`): the observer's cards that
can pay, the cards given so far, and what is still owed; the observer's table is public,
so nothing hidden reaches them.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from monopoly.deal.action_ids import PAY_POLICIES, table_of
from monopoly.deal.actions import Pay
from monopoly.deal.decision import D_PAY, decision_kind
from monopoly.deal.errors import IllegalActionError
from monopoly.deal.position import NONE, P_HOUSE

__all__ = ["BLOCKS", "CardPayments"]

#: The observation's extra blocks: (name, meaning); sizes: the deck, the deck, 1.
BLOCKS: Final = (
    ("payment.payable", "per card id: 1 when the card is on the observer's table and can "
     "pay (money, properties, buildings)"),
    ("payment.given", "per card id: 1 when the observer has given it towards the debt it "
     "is paying card by card"),
    ("payment.owed", "what the observer still owes of that debt / 10M (0 when none)"),
)


class CardPayments:
    """The cards a seat has given so far towards the debt it answers, and the ids, masks
    and observation blocks of card-by-card payments for a Deal game's deck."""

    def __init__(self, core: Any) -> None:
        self.first = int(core.num_actions)  # the give id of card 0
        self.size = int(core.deck.size)
        self.value = list(core.deck.value)
        pay = table_of(core.deck).pay
        self.pay_ids = tuple(range(pay, pay + len(PAY_POLICIES)))
        self.given: list[int] = []

    @property
    def num_actions(self) -> int:
        return self.first + self.size

    @property
    def obs_size(self) -> int:
        return 2 * self.size + 1

    def reset(self) -> None:
        self.given = []

    # ------------------------------------------------------------------ the debt
    def _paying(self, core: Any, seat: int) -> bool:
        return bool(core.pending == seat and decision_kind(core) == D_PAY)

    def _short(self, core: Any, seat: int) -> bool:
        """Whether the seat's whole table does not exceed the debt (nothing to choose)."""
        value = self.value
        return bool(sum(value[c] for c in core.payable(seat)) <= core.request.amount)

    def _givable(self, core: Any, seat: int) -> list[int]:
        """The cards the seat may give next."""
        given = set(self.given)
        out = []
        for c in core.payable(seat):
            if c in given:
                continue
            if core.place[c] == P_HOUSE:
                hotel = core.hotel[seat][core.pile_colour[c]]
                if hotel != NONE and hotel not in given:
                    continue
            out.append(c)
        return out

    def ids(self, core: Any, seat: int, core_ids: list[int]) -> list[int]:
        """The legal ids of ``seat`` now, from the core's legal ids (ascending)."""
        if not self._paying(core, seat):
            return core_ids
        if self.given:
            return [self.first + c for c in self._givable(core, seat)]
        if self._short(core, seat):
            return [i for i in core_ids if i not in self.pay_ids[1:]]
        own = [i for i in core_ids if i not in self.pay_ids]
        return own + [self.first + c for c in self._givable(core, seat)]

    # ------------------------------------------------------------------ acting
    def act(self, core: Any, seat: int, action: int) -> None:
        """Apply id ``action`` for ``seat``: a give id adds its card (and pays once the
        cards cover the debt), any other id goes to the core. Raises the core's
        IllegalActionError, changing nothing, for an id out of the mask."""
        if self._paying(core, seat) and action < self.first:
            if self.given:
                raise IllegalActionError(
                    "the payment card by card has begun: give another card of your table "
                    f"(ids {self.first}-{self.num_actions - 1})")
            short = self._short(core, seat)
            if action in self.pay_ids[1:] or (action in self.pay_ids and not short):
                raise IllegalActionError(
                    "everything pays a debt the table does not exceed: id "
                    f"{self.pay_ids[0]}" if short else
                    "payments are card by card: give a card of your table (ids "
                    f"{self.first}-{self.num_actions - 1})")
        if action < self.first:
            core.apply(seat, core.action_from_id(action, seat))
            return
        card = action - self.first
        if not self._paying(core, seat):
            raise IllegalActionError(f"card {card}: there is no debt of seat {seat} to pay")
        if card not in self._givable(core, seat):
            raise IllegalActionError(
                f"card {card} cannot be given now: it is not on the table, cannot pay, is "
                "given already, or is a house whose hotel stands")
        given = [*self.given, card]
        if sum(self.value[c] for c in given) >= core.request.amount or \
                len(given) == len(core.payable(seat)):
            core.apply(seat, Pay(tuple(given)))
            self.given = []
        else:
            self.given = given

    # ------------------------------------------------------------------ seeing
    def observe(self, core: Any, seat: int) -> np.ndarray:
        """The three blocks of :data:`BLOCKS` for ``seat``."""
        out = np.zeros(self.obs_size, dtype=np.float32)
        for c in core.payable(seat):
            out[c] = 1.0
        if self._paying(core, seat):
            for c in self.given:
                out[self.size + c] = 1.0
            paid = sum(self.value[c] for c in self.given)
            out[2 * self.size] = (core.request.amount - paid) / 10.0
        return out
