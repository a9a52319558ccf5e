"""The position of a board game: all of its state, and the primitives every rule uses.

:class:`Position` holds the state as plain typed fields (compiled by mypyc to a C struct):
the players, who owns each square and what stands on it, the bank's buildings, the decks,
the turn and its phase, and the decisions waiting (an auction, a trade offer, debts,
received mortgaged deeds, a building to place, a choice). The rules of each section
(:mod:`monopoly.board.rules`) are functions over a position; :class:`~monopoly.board.game.
Game` is the facade that drives them through the protocol.

The primitives here are the ones every section needs: :meth:`Position.transfer` (money
changes hands; the bank never runs out), :meth:`Position.emit` (an event, when events
are on), :meth:`Position.touch` (the structure changed: cached legal management actions
are stale), :meth:`Position.give_property`, and the seat helpers.

Money is integer; the board has 40 squares; seats are ``0..n-1``; the bank is ``BANK``.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.edition import Edition
from monopoly.board.options import RuleSet
from monopoly.board.tables import BoardTables, board_tables
from monopoly.core.ids import Money, PlayerId, SquareIndex
from monopoly.core.outcome import Outcome

__all__ = [
    "BANK",
    "BUY",
    "CHOICE_CARD",
    "CHOICE_TAX",
    "LOT_HOTEL",
    "LOT_HOUSE",
    "LOT_PROPERTY",
    "NOBODY",
    "OVER",
    "PHASE_NAMES",
    "POST_ROLL",
    "POT",
    "POT_REASONS",
    "PRE_ROLL",
    "TABLE",
    "Auction",
    "ChanceSource",
    "Debt",
    "Player",
    "Position",
    "TradeOffer",
]

BANK: Final = -1  # the same as events.BANK
NOBODY: Final = -2
POT: Final = -3  # the Free Parking pot (house rule, docs/rules.md §6); the same as events.POT
TABLE: Final = -1  # the seat that applies the table's actions (clocks): CallTime, Timeout...
# docs/rules.md §6 house rule: these payments to the bank go into the Free Parking pot.
POT_REASONS: Final = frozenset({"tax", "income_tax", "jail_fine", "card", "repairs"})

# Pending choices (docs/rules.md §5, §6).
CHOICE_TAX: Final = 0  # income tax: flat or percent
CHOICE_CARD: Final = 1  # pay a fine or draw a card

# Phases of the turn of the player on turn.
PRE_ROLL: Final = 0  # must roll (in jail: pay the fine, use a card or try for doubles)
BUY: Final = 1  # stands on an unowned property: buy or decline
POST_ROLL: Final = 2  # may manage, then must end the turn
OVER: Final = 3
PHASE_NAMES: Final = ("pre_roll", "buy", "post_roll", "over")

LOT_PROPERTY: Final = "property"
LOT_HOUSE: Final = "house"
LOT_HOTEL: Final = "hotel"


class ChanceSource(Protocol):
    """What the game needs of its generator (``random.Random``; tests may rig it)."""

    def random(self) -> float: ...

    def shuffle(self, x: list[int]) -> None: ...

    def getstate(self) -> Any: ...

    def setstate(self, state: Any) -> None: ...


class Player:
    """One seat's state. Jail cards are held as ``(deck index, card index)``."""

    __slots__ = ("bankrupt", "built", "cash", "fine_waived", "in_jail", "jail_cards",
                 "jail_turns", "lapped", "name", "position", "seat")

    def __init__(self, seat: PlayerId, name: str, cash: Money) -> None:
        self.seat = seat
        self.name = name
        self.cash = cash
        self.position: SquareIndex = 0
        self.in_jail = False
        self.jail_turns = 0  # failed tries for doubles during this stay
        self.jail_cards: list[tuple[int, int]] = []
        self.bankrupt = False
        self.lapped = False  # has passed GO once (§3 house rule: no buying before)
        self.built = 0  # buildings bought since the start of this player's last turn (§8)
        self.fine_waived = False  # §7 two-player rule: jailed by a move, no fine this stay


class Auction:
    """An auction (docs/rules.md §3; the housing shortage, §8): open and ascending, or
    sealed. A sealed auction collects one hidden bid (or a pass) from every bidder, in
    any order; ``sealed`` maps the seats that are in to their bids (0: no bid)."""

    __slots__ = ("bidders", "high_bid", "high_bidder", "lot", "min_bid", "participants",
                 "round", "sealed", "square", "turn")

    def __init__(self, lot: str, square: SquareIndex, bidders: list[PlayerId]) -> None:
        self.lot = lot
        self.square = square
        self.bidders = bidders  # still in the auction, in bidding order
        self.turn = 0  # index into bidders of who bids next
        self.high_bid: Money = 0
        self.high_bidder: PlayerId = NOBODY
        self.sealed: dict[PlayerId, Money] | None = None
        self.round = 1
        self.participants: list[PlayerId] = list(bidders)
        self.min_bid: Money = 1


@dataclass(slots=True)
class Debt:
    """Money a seat must pay and cannot yet (docs/rules.md §9): it raises funds first."""

    debtor: PlayerId
    creditor: PlayerId  # a seat, BANK or POT
    amount: Money
    reason: str


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """A trade waiting for its target's answer (docs/rules.md §9)."""

    proposer: PlayerId
    target: PlayerId
    give: A.Bundle  # from proposer to target
    take: A.Bundle  # from target to proposer


class Position:
    """Every piece of a board game's state (see the module docstring)."""

    def __init__(
        self,
        seats: Sequence[str],
        seed: int,
        rules: RuleSet,
        edition: Edition,
        events: bool,
    ) -> None:
        self.rules = rules
        # hot rule values as plain ints (the rule set is frozen)
        self.go_salary: Money = rules.go_salary
        self.turn_limit: int = -1 if rules.turn_limit is None else rules.turn_limit
        self.pot_rule: bool = rules.free_parking_pot
        self.first_lap_rule: bool = rules.buy_after_first_lap
        self.jail_rent_rule: bool = rules.no_rent_in_jail
        self.tax_choice_rule: bool = rules.income_tax_choice
        self.target_end: bool = rules.end == "target_worth"
        self.build_rules: bool = (
            rules.build_only_on_landing
            or rules.build_before_rolling
            or rules.houses_per_turn is not None
        )
        self.edition = edition
        self.seed = seed
        self.t: BoardTables = board_tables(edition)
        self.rng = random.Random(seed)  # the game's own generator: every chance is drawn here
        self.players = [Player(i, str(n), rules.starting_cash) for i, n in enumerate(seats)]
        self.owner: list[PlayerId] = [BANK] * 40
        self.level: list[int] = [0] * 40  # 0..H houses, H+1 = hotel, H = rules.houses_for_hotel
        self.mortgaged: list[bool] = [False] * 40
        self.houses_left = rules.houses
        self.hotels_left = rules.hotels
        self.hotel_level = rules.houses_for_hotel + 1
        self.holdings: list[list[SquareIndex]] = [[] for _ in seats]
        self.decks: list[deque[int]] = []
        for d in range(len(self.t.deck_keys)):
            order = list(range(len(self.t.cards[d])))
            self.rng.shuffle(order)  # docs/rules.md §1: both decks shuffled face down
            self.decks.append(deque(order))
        self.order: list[PlayerId] = list(range(len(seats)))
        self.turn_player: PlayerId = 0
        self.turn_number = 1
        self.phase = PRE_ROLL
        self.doubles = 0  # consecutive doubles in this turn
        self.extra_roll = False  # the last roll was doubles: roll again after resolving
        self.dice = (0, 0)
        self.buy_square: SquareIndex = -1
        # the decisions that may be waiting, besides the turn's own (docs/architecture.md:
        # their priority is written once, in monopoly.board.decision)
        self.auction: Auction | None = None
        self.auction_queue: deque[SquareIndex] = deque()
        self.debts: list[Debt] = []
        self.after_debt_move = 0  # a jail release waiting for its fine: move by this
        self.offer: TradeOffer | None = None
        self.receipts: list[tuple[PlayerId, SquareIndex]] = []  # keep-or-lift decisions
        self.placement: tuple[PlayerId, str] | None = None  # (seat, lot) to place after a win
        self.choice: tuple[PlayerId, int, int, Money] | None = None  # (seat, kind, deck, amount)
        self.placement_paid: Money = 0
        self.auction_requester: PlayerId = NOBODY
        self.outcome: Outcome | None = None
        self.bankrupt_order: list[PlayerId] = []
        self.bank_in: Money = 0
        self.bank_out: Money = 0
        self.throws = 0
        # variants (docs/rules.md §3-§11 options)
        self.pot: Money = 0  # the Free Parking pot (§6 house rule)
        self.loans: dict[tuple[PlayerId, PlayerId], Money] = {}  # (borrower, lender) -> owed
        self.time_called = False  # §11: time is up; the turn in progress is finished
        self.rolled = False  # the player on turn has rolled in this turn
        self.landed_street: SquareIndex = -1  # §8 build_only_on_landing: the token's street
        self.history: list[tuple[PlayerId, A.Action]] = []
        self.events: list[E.Event] | None = [] if events else None
        # the cash-independent management actions per seat, valid while `version` holds
        self.management_cache: list[
            tuple[int, list[A.LegalEntry], list[tuple[A.LegalEntry, int]]] | None
        ] = [None] * len(seats)
        self.version = 0

    @property
    def rng(self) -> ChanceSource:
        """The game's seeded generator (never the global ``random``)."""
        return self._rng

    @rng.setter
    def rng(self, source: ChanceSource) -> None:
        self._rng = source
        self.random: Callable[[], float] = source.random  # bound once: the hot path

    def emit(self, event: E.Event) -> None:
        """Record an event (when the game was asked for events)."""
        if self.events is not None:
            self.events.append(event)

    def touch(self) -> None:
        """The structure of the position changed (owners, buildings, mortgages, a
        decision): the cached management actions are stale."""
        self.version += 1

    def active_seats(self) -> list[PlayerId]:
        """The seats still in the game."""
        return [p.seat for p in self.players if not p.bankrupt]

    def after(self, seat: PlayerId, seats: Sequence[PlayerId]) -> list[PlayerId]:
        """`seats` in playing order, starting after `seat`."""
        order = self.order
        i = order.index(seat)
        rotated = order[i + 1 :] + order[: i + 1]
        wanted = set(seats)
        return [s for s in rotated if s in wanted]

    def committed(self, seat: PlayerId) -> Money:
        """Cash a seat may not spend: its standing high bid."""
        au = self.auction
        if au is not None and au.high_bidder == seat:
            return au.high_bid
        return 0

    def budget(self, seat: PlayerId) -> Money:
        """Cash a seat may spend now."""
        return self.players[seat].cash - self.committed(seat)

    def in_debt(self, seat: PlayerId) -> bool:
        return any(d.debtor == seat for d in self.debts)

    def transfer(self, payer: PlayerId, payee: PlayerId, amount: Money, reason: str) -> None:
        """Money changes hands (either side may be the bank or the pot)."""
        if payer >= 0:
            self.players[payer].cash -= amount
        elif payer == BANK:
            self.bank_out += amount
        else:
            self.pot -= amount
        if payee >= 0:
            self.players[payee].cash += amount
        elif payee == BANK:
            self.bank_in += amount
        else:
            self.pot += amount
        if self.events is not None:
            self.events.append(E.Paid(payer, payee, amount, reason))

    def give_property(self, sq: SquareIndex, src: PlayerId, dst: PlayerId) -> None:
        """A deed changes hands (either side may be the bank); holdings stay sorted."""
        self.owner[sq] = dst
        if src != BANK:
            self.holdings[src].remove(sq)
        if dst != BANK:
            self.holdings[dst].append(sq)
            self.holdings[dst].sort()
        self.touch()

    def group_built(self, sq: SquareIndex) -> bool:
        """Whether any street of `sq`'s group has a building."""
        t = self.t
        level = self.level
        for s in t.groups[t.group_of[sq]]:  # noqa: SIM110 (a loop: no generator frame)
            if level[s]:
                return True
        return False

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER
