"""The board game: one :class:`Game`, driven only through the core protocol
(:class:`monopoly.core.protocol.GameCore`).

- ``legal_actions(seat)``: the single source of legality; ``is_legal`` /
  ``why_illegal`` decide a concrete action with the same rules;
- ``apply(seat, action)``: the only way the state changes; returns typed events;
- ``decision()``, ``pending_seats()``, ``pending``: who must act now;
- ``view(seat)``: a frozen view of what that seat may see (never the order of the
  decks); ``seat_view(seat)``: the same as a live read-only window, for bots;
- ``outcome``: the result of a finished game;
- ``snapshot()`` / ``Game.from_snapshot()``, ``state_hash()``, ``record_lines()``;
- the integer action table: ``num_actions``, ``action_id``, ``action_from_id``,
  ``legal_action_mask``, ``legal_action_ids`` (:mod:`monopoly.board.action_ids`).

The state is a :class:`~monopoly.board.position.Position`; the rules are functions over
it, one module per section of ``docs/rules.md`` (:mod:`monopoly.board.rules`), wired by
:mod:`monopoly.board.engine`; this class only holds them together. Money is integer;
chance comes from the game's own seeded generator; the bank never runs out of money; the
bank holds ``rules.houses`` houses and ``rules.hotels`` hotels.

Example::

    >>> g = Game(["Ann", "Bob"], seed=1)
    >>> g.decision().kind, g.pending_seats()
    ('roll', [1])
    >>> [e.kind for e in g.apply(1, "roll")][:2]
    ['dice_rolled', 'moved']
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from monopoly.board import action_ids, engine
from monopoly.board import actions as A
from monopoly.board import decision as D
from monopoly.board import events as E
from monopoly.board.edition import Edition, load_edition
from monopoly.board.options import RuleSet
from monopoly.board.position import (
    BANK,
    BUY,
    LOT_HOTEL,
    LOT_HOUSE,
    LOT_PROPERTY,
    NOBODY,
    OVER,
    POST_ROLL,
    POT,
    PRE_ROLL,
    TABLE,
    Auction,
    Debt,
    Player,
    Position,
    TradeOffer,
)
from monopoly.board.rules import debts, ending, rent, setup, taxes
from monopoly.board.view import BoardView, SeatView, board_view, view_dict
from monopoly.core.decision import Decision
from monopoly.core.ids import ActionId, Money, PlayerId, SquareIndex
from monopoly.core.text import Text

if TYPE_CHECKING:
    from monopoly.core.protocol import GameCore

__all__ = [
    "BANK",
    "BUY",
    "LOT_HOTEL",
    "LOT_HOUSE",
    "LOT_PROPERTY",
    "NOBODY",
    "OVER",
    "POST_ROLL",
    "POT",
    "PRE_ROLL",
    "TABLE",
    "Auction",
    "Debt",
    "Game",
    "Player",
    "TradeOffer",
]


class Game(Position):
    """A game of Monopoly: its position and the protocol. See the module docstring."""

    def __init__(
        self,
        seats: Sequence[str],
        seed: int,
        rules: RuleSet | None = None,
        edition: Edition | str = "standard",
        *,
        events: bool = True,
    ) -> None:
        if isinstance(edition, str):
            edition = load_edition(edition)
        if not 2 <= len(seats) <= 8:
            raise ValueError(Text("a game needs 2 to 8 seats, got {count}", count=len(seats)))
        if len(set(seats)) != len(seats) or any(not str(s).strip() for s in seats):
            raise ValueError(Text("seat names must be distinct and non-empty"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(Text("the seed must be an integer, got {value}", value=repr(seed)))
        super().__init__(seats, seed, rules or RuleSet(), edition, events)
        if self.rules.starting_properties:
            setup.deal_properties(self)
        if self.rules.go_salary_at_start:
            setup.pay_start_salary(self)
        setup.decide_order(self)

    # ------------------------------------------------------------------ the protocol

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def pending(self) -> PlayerId | None:
        """The first seat the game waits for (None when the game is over)."""
        return D.pending(self)

    def pending_seats(self) -> list[PlayerId]:
        """Every seat the game waits for (several in a sealed auction, §3)."""
        return D.pending_seats(self)

    def decision(self) -> Decision:
        """The decision waiting (:mod:`monopoly.board.decision`)."""
        return D.decision(self)

    def legal_actions(self, seat: PlayerId) -> list[A.LegalEntry]:
        """Every action `seat` may take now; open-parameter actions as templates. The
        decision waiting for `seat` comes first, then what it may do at any time."""
        return engine.legal_actions(self, seat)

    def is_legal(self, seat: object, action: object) -> bool:
        """Whether `seat` may take this concrete action now (the same rules as ``apply``)."""
        return engine.is_legal(self, seat, action)

    def why_illegal(self, seat: object, action: object) -> str | None:
        """None if legal, else the reason in words."""
        return engine.check(self, seat, action)

    def apply(self, seat: object, action: object) -> list[E.Event]:
        """Apply `seat`'s action (an Action or its text); returns its events. Raises
        :class:`~monopoly.core.errors.IllegalActionError` and then nothing changed."""
        return engine.apply(self, seat, action)

    def view(self, seat: PlayerId | None) -> BoardView:
        """What `seat` may see, frozen (None: a spectator). Never the order of the decks."""
        return board_view(self, seat)

    def view_dict(self, seat: PlayerId | None) -> dict[str, Any]:
        """``view(seat).to_dict()`` (the web protocol's ``view``), built faster."""
        return view_dict(self, seat)

    def seat_view(self, seat: PlayerId | None) -> SeatView:
        """What `seat` may see, as a live read-only window (for bots and adapters)."""
        return SeatView(self, seat)

    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-ready data (:func:`monopoly.board.record.snapshot`)."""
        from monopoly.board.record import snapshot

        return snapshot(self)

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], *, events: bool = True) -> Game:
        """A game from :meth:`snapshot` data (:func:`monopoly.board.record.restore`)."""
        from monopoly.board.record import restore

        return restore(data, events=events)

    def state_hash(self) -> str:
        """A SHA-256 of the canonical snapshot: equal hashes mean equal positions."""
        from monopoly.board.record import state_hash

        return state_hash(self)

    def record_lines(self) -> list[str]:
        """The game's record: a header, then one line per action."""
        from monopoly.board.record import record_lines

        return record_lines(self)

    # the integer action table (docs/architecture.md, monopoly.board.action_ids)

    @property
    def num_actions(self) -> int:
        return action_ids.NUM_ACTIONS

    def action_id(self, action: object, seat: PlayerId | None = None) -> ActionId:
        """The id of `action` (taken by `seat`, by default the seat waited for)."""
        return action_ids.action_id(self, action, seat)

    def action_from_id(self, action_id: ActionId, seat: PlayerId | None = None) -> A.Action:
        """The action of id `action_id` for `seat` now (it may be illegal)."""
        return action_ids.action_from_id(self, action_id, seat)

    def legal_action_mask(self, seat: PlayerId) -> list[bool]:
        return action_ids.legal_action_mask(self, seat)

    def legal_action_ids(self, seat: PlayerId) -> list[ActionId]:
        """The ids legal for `seat` now, ascending (where the mask is True)."""
        return action_ids.legal_action_ids(self, seat)

    def legal_action_bytes(self, seat: PlayerId) -> bytearray:
        """The mask as ``num_actions`` bytes: 1 where it is True, else 0."""
        return action_ids.legal_action_bytes(self, seat)

    # ------------------------------------------------------------------ the position in numbers

    def net_worth(self, seat: PlayerId) -> Money:
        """§11: cash + printed price (half if mortgaged) + buildings at cost - debts."""
        return ending.net_worth(self, seat)

    def total_worth(self, seat: PlayerId) -> Money:
        """§6 income tax base: cash + printed prices + buildings at cost."""
        return taxes.total_worth(self, seat)

    def percent_tax(self, seat: PlayerId) -> Money:
        """§6 (CZ): what `seat` pays choosing the percentage income tax."""
        return taxes.percent_tax(self, seat)

    def liquidation_value(self, seat: PlayerId) -> Money:
        """Cash the seat could raise from the bank: sell every building, mortgage all."""
        return debts.liquidation_value(self, seat)

    def loans_owed(self, seat: PlayerId) -> Money:
        """What `seat` owes other players on loans (§9 house rule)."""
        return debts.loans_owed(self, seat)

    def loan_claims(self, seat: PlayerId) -> Money:
        """What other players owe `seat` on loans it made."""
        return debts.loan_claims(self, seat)

    def rent_of(self, sq: SquareIndex, throw: int = 7) -> Money:
        """The rent a visitor would owe on `sq` now (0 if unowned or mortgaged)."""
        return rent.rent_of(self, sq, throw)

    def interest(self, sq: SquareIndex) -> Money:
        """§9: the interest on deed `sq`'s mortgage (10 % rounded up by default)."""
        return debts.interest(self, sq)


def _bind_the_engine() -> None:
    """Pure Python: the facade's hottest members are the engine's own functions, one call
    frame less on every action (``monopoly bench`` plays about two actions a throw).
    Compiled with mypyc the methods above stay: a method's call to a function is then a
    C call, and a native class's members cannot be replaced."""
    if not isinstance(engine.apply, types.FunctionType):
        return  # compiled
    for name, function in (
        ("apply", engine.apply),
        ("legal_actions", engine.legal_actions),
        ("is_legal", engine.is_legal),
        ("why_illegal", engine.check),
        ("pending_seats", D.pending_seats),
        ("decision", D.decision),
    ):
        setattr(Game, name, function)
    pending = property(D.pending, doc="The first seat the game waits for.")
    setattr(Game, "pending", pending)  # noqa: B010 (setattr: a native class refuses it)


_bind_the_engine()


if TYPE_CHECKING:

    def _follows_the_protocol(game: Game) -> GameCore:
        """mypy checks here that Game satisfies the core protocol."""
        return game
