"""The board game's rules core: one :class:`Game`, driven only through its protocol.

- ``legal_actions(seat)``: the single source of legality;
- ``is_legal(seat, action)``: decides a concrete action, with the same rules;
- ``apply(seat, action)``: the only way state changes; returns typed events;
- ``pending``: who must act now for the game to go on;
- ``view(seat)``: what that seat may see (never the order of the decks);
- ``outcome``: the result of a finished game;
- ``snapshot()`` / ``Game.from_snapshot()`` and the record in :mod:`monopoly.board.record`.

Money is integer; chance comes from the game's own seeded generator; the bank never runs
out of money; the bank holds ``rules.houses`` houses and ``rules.hotels`` hotels.

The sections of the rules live in the parts of this class named for them; each cites its
RULES.md section.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, cast

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.edition import Edition, load_edition
from monopoly.board.errors import IllegalActionError, MalformedActionError
from monopoly.board.options import RuleSet
from monopoly.board.tables import (
    E_ADVANCE_TO,
    E_BACK_TO,
    E_COLLECT,
    E_COLLECT_FROM_EACH,
    E_GO_TO_JAIL,
    E_JAIL_FREE,
    E_MOVE_BACK,
    E_NEAREST,
    E_PAY,
    E_PAY_EACH,
    E_PAY_OR_DRAW,
    E_REPAIRS,
    K_CHANCE,
    K_CHEST,
    K_FREE_PARKING,
    K_GO_TO_JAIL,
    K_RAILROAD,
    K_STREET,
    K_TAX,
    K_UTILITY,
    BoardTables,
    board_tables,
)
from monopoly.core.outcome import Outcome
from monopoly.core.text import Text

BANK: Final = -1  # the same as events.BANK
NOBODY: Final = -2
POT: Final = -3  # the Free Parking pot (house rule, RULES.md §6); the same as events.POT
TABLE: Final = -1  # the seat that applies the table's actions (clocks): CallTime, Timeout...
# RULES.md §6 house rule: these payments to the bank go into the Free Parking pot.
POT_REASONS: Final = frozenset({"tax", "income_tax", "jail_fine", "card", "repairs"})

# Pending choices (RULES.md §5, §6).
CHOICE_TAX: Final = 0  # income tax: flat or percent
CHOICE_CARD: Final = 1  # pay a fine or draw a card

# Phases of the turn of the player on turn.
PRE_ROLL: Final = 0  # must roll (in jail: pay the fine, use a card or try for doubles)
BUY: Final = 1  # stands on an unowned property: buy or decline
POST_ROLL: Final = 2  # may manage, then must end the turn
OVER: Final = 3
PHASE_NAMES = ("pre_roll", "buy", "post_roll", "over")

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

    def __init__(self, seat: int, name: str, cash: int) -> None:
        self.seat = seat
        self.name = name
        self.cash = cash
        self.position = 0
        self.in_jail = False
        self.jail_turns = 0  # failed tries for doubles during this stay
        self.jail_cards: list[tuple[int, int]] = []
        self.bankrupt = False
        self.lapped = False  # has passed GO once (RULES.md §3 house rule: no buying before)
        self.built = 0  # buildings bought since the start of this player's last turn (§8)
        self.fine_waived = False  # §7 two-player rule: jailed by a move, no fine this stay


class Auction:
    """An auction (RULES.md §3; the housing shortage, §8): open and ascending, or sealed.

    A sealed auction collects one hidden bid (or a pass) from every bidder, in any order;
    ``sealed`` maps the seats that are in to their bids (0: no bid)."""

    __slots__ = ("bidders", "high_bid", "high_bidder", "lot", "min_bid", "participants",
                 "round", "sealed", "square", "turn")

    def __init__(self, lot: str, square: int, bidders: list[int]) -> None:
        self.lot = lot
        self.square = square
        self.bidders = bidders  # still in the auction, in bidding order
        self.turn = 0  # index into bidders of who bids next
        self.high_bid = 0
        self.high_bidder = NOBODY
        self.sealed: dict[int, int] | None = None
        self.round = 1
        self.participants: list[int] = list(bidders)
        self.min_bid = 1


@dataclass(slots=True)
class Debt:
    debtor: int
    creditor: int  # a seat, or BANK
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class TradeOffer:
    proposer: int
    target: int
    give: A.Bundle  # from proposer to target
    take: A.Bundle  # from target to proposer


class Game:
    """A game of Monopoly: the state and its rules. See the module docstring."""

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
        self.rules = rules or RuleSet()
        # hot rule values as plain ints (the rule set is frozen)
        self._go_salary: int = self.rules.go_salary
        self._turn_limit: int = -1 if self.rules.turn_limit is None else self.rules.turn_limit
        self._pot_rule: bool = self.rules.free_parking_pot
        self._first_lap_rule: bool = self.rules.buy_after_first_lap
        self._jail_rent_rule: bool = self.rules.no_rent_in_jail
        self._tax_choice_rule: bool = self.rules.income_tax_choice
        self._target_end: bool = self.rules.end == "target_worth"
        self.edition = edition
        self.seed = seed
        self.t: BoardTables = board_tables(edition)
        self.rng = random.Random(seed)  # the game's own generator: every chance is drawn here
        self.players = [Player(i, str(n), self.rules.starting_cash) for i, n in enumerate(seats)]
        self.owner = [BANK] * 40
        self.level = [0] * 40  # 0..H houses, H+1 = hotel, H = rules.houses_for_hotel
        self.mortgaged = [False] * 40
        self.houses_left = self.rules.houses
        self.hotels_left = self.rules.hotels
        self.hotel_level = self.rules.houses_for_hotel + 1
        self.holdings: list[list[int]] = [[] for _ in seats]
        self.decks: list[deque[int]] = []
        for d in range(len(self.t.deck_keys)):
            order = list(range(len(self.t.cards[d])))
            self.rng.shuffle(order)  # RULES.md §1: both decks shuffled face down
            self.decks.append(deque(order))
        self.order: list[int] = list(range(len(seats)))
        self.turn_player = 0
        self.turn_number = 1
        self.phase = PRE_ROLL
        self.doubles = 0  # consecutive doubles in this turn
        self.extra_roll = False  # the last roll was doubles: roll again after resolving
        self.dice = (0, 0)
        self.buy_square = -1
        self.auction: Auction | None = None
        self.auction_queue: deque[int] = deque()
        self.debts: list[Debt] = []
        self.after_debt_move = 0  # a jail release waiting for its fine: move by this
        self.offer: TradeOffer | None = None
        self.receipts: list[tuple[int, int]] = []  # (seat, square) keep-or-lift decisions
        self.placement: tuple[int, str] | None = None  # (seat, lot) to place after a win
        self._placement_paid = 0
        self._auction_requester = NOBODY
        self.outcome: Outcome | None = None
        self.bankrupt_order: list[int] = []
        self.bank_in = 0
        self.bank_out = 0
        self.throws = 0
        # variants (RULES.md §3-§11 options)
        self.pot = 0  # the Free Parking pot (§6 house rule)
        self.loans: dict[tuple[int, int], int] = {}  # (borrower, lender) -> owed (§9)
        self.choice: tuple[int, int, int, int] | None = None  # (seat, kind, deck, amount)
        self.time_called = False  # §11: time is up; the turn in progress is finished
        self.rolled = False  # the player on turn has rolled in this turn
        self.landed_street = -1  # §8 build_only_on_landing: where the token landed
        r = self.rules
        self._build_rules = (
            r.build_only_on_landing or r.build_before_rolling or r.houses_per_turn is not None
        )
        self.history: list[tuple[int, A.Action]] = []
        self.events: list[E.Event] | None = [] if events else None
        self._mgmt_cache: list[
            tuple[int, list[A.LegalEntry], list[tuple[A.LegalEntry, int]]] | None
        ] = [None] * len(seats)
        self._version = 0
        if self.rules.starting_properties:
            self._deal_properties()
        self._decide_order()

    # ------------------------------------------------------------------ helpers

    @property
    def rng(self) -> ChanceSource:
        """The game's seeded generator (never the global ``random``)."""
        return self._rng

    @rng.setter
    def rng(self, source: ChanceSource) -> None:
        self._rng = source
        self._random: Callable[[], float] = source.random  # bound once: the hot path

    def _emit(self, event: E.Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def _touch(self) -> None:
        self._version += 1

    def active_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.bankrupt]

    def _after(self, seat: int, seats: Sequence[int]) -> list[int]:
        """`seats` in playing order, starting after `seat`."""
        order = self.order
        i = order.index(seat)
        rotated = order[i + 1 :] + order[: i + 1]
        wanted = set(seats)
        return [s for s in rotated if s in wanted]

    def _committed(self, seat: int) -> int:
        """Cash a seat may not spend: its standing high bid."""
        au = self.auction
        if au is not None and au.high_bidder == seat:
            return au.high_bid
        return 0

    # ------------------------------------------------------------------ §1 setup

    def _deal_properties(self) -> None:
        """RULES.md §1 `starting_properties`: the bank shuffles the title deeds and deals
        them one at a time round the table; with `starting_properties_paid` each player
        pays the printed price at once (short and timed games; TOUR deals them free)."""
        count = self.rules.starting_properties
        n = len(self.players)
        deeds = list(self.t.properties)
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
        paid = self.rules.starting_properties_paid
        if paid:
            worst = sum(sorted((self.t.price[sq] for sq in deeds), reverse=True)[:count])
            if worst > self.rules.starting_cash:
                raise ValueError(
                    Text(
                        "dealt deeds could cost {cost}, more than the starting cash {cash}",
                        cost=worst,
                        cash=self.rules.starting_cash,
                    )
                )
        self.rng.shuffle(deeds)
        for i in range(count * n):
            seat = i % n
            sq = deeds[i]
            price = self.t.price[sq] if paid else 0
            if price:
                self._transfer(seat, BANK, price, "purchase")
            self._give_property(sq, BANK, seat)
            self._emit(E.PropertyDealt(seat, sq, price))

    def _decide_order(self) -> None:
        """RULES.md §1: everyone throws both dice; the highest starts, then clockwise."""
        n = len(self.players)
        if self.rules.first_player == "fixed":
            self.order = list(range(n))
        else:
            rng = self.rng.random
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
            self.order = list(range(first, n)) + list(range(first))
            self._emit(E.OrderDecided(tuple(self.order), tuple(rounds)))
        self.turn_player = self.order[0]
        self._emit(E.TurnStarted(self.turn_player, self.turn_number))

    # ------------------------------------------------------------------ money

    def _transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
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

    def _charge(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Make `payer` pay now, or record a debt they must raise funds for (RULES.md §9)."""
        if amount <= 0:
            return
        if payee == BANK and self._pot_rule and reason in POT_REASONS:
            payee = POT  # RULES.md §6 house rule: taxes and fines go into the pot
        if not self.debts and self.players[payer].cash >= amount:
            self._transfer(payer, payee, amount, reason)
            return
        self.debts.append(Debt(payer, payee, amount, reason))
        self._touch()
        self._emit(E.DebtIncurred(payer, payee, amount))

    def _settle_debts(self) -> None:
        debts = self.debts
        while debts:
            d = debts[0]
            debtor = self.players[d.debtor]
            if debtor.bankrupt or (d.creditor >= 0 and self.players[d.creditor].bankrupt):
                debts.pop(0)
                continue
            if debtor.cash >= d.amount:
                debts.pop(0)
                self._touch()
                self._transfer(d.debtor, d.creditor, d.amount, d.reason)
                continue
            return
        if self.after_debt_move:
            steps, self.after_debt_move = self.after_debt_move, 0
            p = self.players[self.turn_player]
            if not p.bankrupt:
                self._move_by(p, steps)

    def net_worth(self, seat: int) -> int:
        """RULES.md §11: cash + printed price (half if mortgaged) + buildings at cost - debts."""
        p = self.players[seat]
        if p.bankrupt:
            return 0
        t = self.t
        worth = p.cash
        hl = self.hotel_level
        for sq in self.holdings[seat]:
            worth += t.price[sq] // 2 if self.mortgaged[sq] else t.price[sq]
            worth += self.level[sq] * t.house_cost[sq] if self.level[sq] <= hl else 0
        for d in self.debts:
            if d.debtor == seat:
                worth -= d.amount
            elif d.creditor == seat:
                worth += d.amount
        if self.loans:
            worth += self.loan_claims(seat) - self.loans_owed(seat)
        return worth

    def loans_owed(self, seat: int) -> int:
        """What `seat` owes other players on loans (RULES.md §9 house rule)."""
        return sum(v for (b, _), v in self.loans.items() if b == seat)

    def loan_claims(self, seat: int) -> int:
        """What other players owe `seat` on loans it made."""
        return sum(v for (_, lender), v in self.loans.items() if lender == seat)

    def percent_tax(self, seat: int) -> int:
        """RULES.md §6 (CZ): the income tax as `income_tax_percent` of total worth, rounded
        to the nearest."""
        return (self.total_worth(seat) * self.rules.income_tax_percent + 50) // 100

    def total_worth(self, seat: int) -> int:
        """RULES.md §6 income tax base: cash + printed price of every property (mortgaged
        or not) + buildings at cost."""
        p = self.players[seat]
        t = self.t
        worth = p.cash
        for sq in self.holdings[seat]:
            worth += t.price[sq] + self.level[sq] * t.house_cost[sq]
        return worth

    def liquidation_value(self, seat: int) -> int:
        """Cash the seat could raise from the bank: sell every building, mortgage everything."""
        p = self.players[seat]
        t = self.t
        pct = self.rules.building_sell_percent
        total = p.cash
        for sq in self.holdings[seat]:
            total += self.level[sq] * t.house_cost[sq] * pct // 100
            if not self.mortgaged[sq]:
                total += t.price[sq] // 2
        return total

    # ------------------------------------------------------------------ §2 moving

    def _roll_dice(self) -> tuple[int, int]:
        random_ = self._random
        d1 = int(random_() * 6) + 1
        d2 = int(random_() * 6) + 1
        self.throws += 1
        self.dice = (d1, d2)
        if self.events is not None:
            self.events.append(E.DiceRolled(self.turn_player, d1, d2))
        return d1, d2

    def _move_by(self, p: Player, steps: int) -> None:
        """Move forward by a throw and resolve the square (RULES.md §2)."""
        old = p.position
        new = old + steps
        if new >= 40:
            new -= 40
            self._pass_go(p)
        p.position = new
        if self.events is not None:
            self.events.append(E.Moved(p.seat, old, new))
        self._resolve(p, new, steps, 0)

    def _pass_go(self, p: Player) -> None:
        p.lapped = True
        salary = self._go_salary
        if salary:
            self._transfer(BANK, p.seat, salary, "go")
        if self.events is not None:
            self.events.append(E.PassedGo(p.seat, salary))

    def _advance_to(self, p: Player, target: int, mode: int) -> None:
        """A card moves the token forward to `target`; passing GO pays (RULES.md §5)."""
        old = p.position
        if target <= old:
            self._pass_go(p)
        p.position = target
        self._emit(E.Moved(p.seat, old, target))
        self._resolve(p, target, sum(self.dice), mode)

    def _move_back_to(self, p: Player, target: int) -> None:
        old = p.position
        p.position = target
        self._emit(E.Moved(p.seat, old, target))
        self._resolve(p, target, sum(self.dice), 0)

    def _resolve(self, p: Player, sq: int, throw: int, mode: int) -> None:
        """Resolve the square the token landed on. `mode`: 0 normal; 1 double railroad
        rent ("nearest railroad" card); 2 ten times a fresh throw ("nearest utility")."""
        k = self.t.kind[sq]
        if k in (K_STREET, K_RAILROAD, K_UTILITY):
            owner = self.owner[sq]
            if owner == BANK:
                if self._first_lap_rule and not p.lapped:
                    # RU house rule (§3): no buying before the first full lap; the bank
                    # auctions the property to those who have completed one.
                    self._auction_declined(p.seat, sq)
                else:
                    self.phase = BUY
                    self.buy_square = sq
            elif (
                owner != p.seat
                and not self.mortgaged[sq]
                and not (self._jail_rent_rule and self.players[owner].in_jail)
            ):
                self._charge(p.seat, owner, self._rent(sq, throw, mode), "rent")
            if self._build_rules and k == K_STREET:
                self.landed_street = sq
                self._touch()
        elif k in (K_CHANCE, K_CHEST):
            self._draw(p, self.t.deck_of_kind[k])
        elif k == K_TAX:
            if self._tax_choice_rule and self.t.is_income_tax[sq]:
                # CZ (§6): 200 or 10 % of total worth, chosen before the worth is counted.
                self.choice = (p.seat, CHOICE_TAX, -1, self._tax(sq))
                self._touch()
            else:
                self._charge(p.seat, BANK, self._tax(sq), "tax")
        elif k == K_GO_TO_JAIL:
            self._send_to_jail(p, "square")
        elif k == K_FREE_PARKING and self.pot:
            self._transfer(POT, p.seat, self.pot, "free_parking")  # §6 house rule

    # ------------------------------------------------------------------ §4 rent

    def _rent(self, sq: int, throw: int, mode: int) -> int:
        t = self.t
        owner = self.owner[sq]
        k = t.kind[sq]
        if k == K_STREET:
            lv = self.level[sq]
            if lv:
                return t.rents[sq][5 if lv == self.hotel_level else lv]
            base = t.rents[sq][0]
            group = t.groups[t.group_of[sq]]
            own = self.owner
            for s in group:
                if own[s] != owner:
                    return base
            if not self.rules.double_rent_with_mortgaged_in_group:
                for s in group:
                    if self.mortgaged[s]:
                        return base
            return base * 2
        count = 0
        for s in t.groups[t.group_of[sq]]:
            if self.owner[s] == owner:
                count += 1
        if k == K_RAILROAD:
            rent = t.rents[sq][count - 1]
            return rent * 2 if mode == 1 else rent
        if mode == 2:  # "nearest utility": ten times a fresh throw
            d1, d2 = self._roll_dice()
            return 10 * (d1 + d2)
        return t.multipliers[sq][count - 1] * throw

    def rent_of(self, sq: int, throw: int = 7) -> int:
        """The rent a visitor would owe on `sq` now (0 if unowned or mortgaged)."""
        if self.owner[sq] == BANK or self.mortgaged[sq]:
            return 0
        return self._rent(sq, throw, 0)

    # ------------------------------------------------------------------ §6 taxes

    def _tax(self, sq: int) -> int:
        t = self.t
        override = self.rules.income_tax if t.is_income_tax[sq] else self.rules.luxury_tax
        return t.tax[sq] if override is None else override

    # ------------------------------------------------------------------ §5 cards

    def _draw(self, p: Player, deck: int) -> None:
        t = self.t
        pile = self.decks[deck]
        idx = pile.popleft()
        card = t.cards[deck][idx]
        if self.events is not None:
            self.events.append(E.CardDrawn(p.seat, t.deck_keys[deck], t.card_keys[deck][idx]))
        effect = card[0]
        if effect == E_JAIL_FREE:
            p.jail_cards.append((deck, idx))  # kept until used or sold
            return
        pile.append(idx)  # obeyed, then put back at the bottom
        if effect == E_ADVANCE_TO:
            self._advance_to(p, card[1], 0)
        elif effect == E_NEAREST:
            if card[2] == K_RAILROAD:
                self._advance_to(p, t.nearest_railroad[p.position], 1 if card[3] == 2 else 0)
            else:
                self._advance_to(p, t.nearest_utility[p.position], 2 if card[4] else 0)
        elif effect == E_MOVE_BACK:
            self._move_back_to(p, (p.position - card[6]) % 40)
        elif effect == E_BACK_TO:
            self._move_back_to(p, card[1])
        elif effect == E_GO_TO_JAIL:
            self._send_to_jail(p, "card")
        elif effect == E_COLLECT:
            self._transfer(BANK, p.seat, card[5], "card")
        elif effect == E_PAY:
            self._charge(p.seat, BANK, card[5], "card")
        elif effect == E_COLLECT_FROM_EACH:
            for s in self._after(p.seat, self.active_seats()):
                if s != p.seat:
                    self._charge(s, p.seat, card[5], "card")
        elif effect == E_PAY_EACH:
            for s in self._after(p.seat, self.active_seats()):
                if s != p.seat:
                    self._charge(p.seat, s, card[5], "card")
        elif effect == E_REPAIRS:
            houses = hotels = 0
            for sq in self.holdings[p.seat]:
                lv = self.level[sq]
                if lv == self.hotel_level:
                    hotels += 1
                else:
                    houses += lv
            self._charge(p.seat, BANK, houses * card[7] + hotels * card[8], "repairs")
        elif effect == E_PAY_OR_DRAW:
            # "Pay a fine or take a Chance / Show Time card": the player chooses (§5, §10).
            self.choice = (p.seat, CHOICE_CARD, card[9], card[5])
            self._touch()
        else:  # future effects
            raise IllegalActionError(
                Text("card effect {value} is not supported by these rules", value=effect)
            )

    # ------------------------------------------------------------------ §7 jail

    def _send_to_jail(self, p: Player, reason: str) -> None:
        """RULES.md §7: straight to jail, no GO salary; the turn ends at once."""
        old = p.position
        p.position = self.t.jail
        p.in_jail = True
        p.jail_turns = 0
        # RU note (§7) for two players: jailed by a move rather than a card, no fine.
        p.fine_waived = (
            self.rules.two_player_no_fine_jail
            and reason != "card"
            and len(self.active_seats()) == 2
        )
        self.extra_roll = False
        self.doubles = 0
        self._emit(E.Moved(p.seat, old, p.position))
        self._emit(E.Jailed(p.seat, reason))

    def _jail_fine(self, p: Player) -> int:
        return 0 if p.fine_waived else self.rules.jail_fine

    def _release(self, p: Player, how: str) -> None:
        p.in_jail = False
        p.jail_turns = 0
        p.fine_waived = False
        self._emit(E.Released(p.seat, how))

    # ------------------------------------------------------------------ pending decision

    @property
    def pending(self) -> int | None:
        """The seat that must act now for the game to go on (None when the game is over)."""
        if (
            self.offer is None
            and self.choice is None
            and not self.debts
            and not self.receipts
            and self.placement is None
            and self.auction is None
        ):
            return None if self.phase == OVER else self.turn_player
        if self.phase == OVER:
            return None
        if self.offer is not None:
            return self.offer.target
        if self.choice is not None:
            return self.choice[0]
        if self.debts:
            return self.debts[0].debtor
        if self.receipts:
            return self.receipts[0][0]
        if self.placement is not None:
            return self.placement[0]
        au = self.auction
        assert au is not None
        if au.sealed is not None:
            for s in au.bidders:
                if s not in au.sealed:
                    return s
        return au.bidders[au.turn]

    def pending_seats(self) -> list[int]:
        """Every seat the game waits for: the pending seat, or in a sealed auction every
        bidder whose hidden bid is not in yet (they may bid in any order, RULES.md §3)."""
        pending = self.pending
        if pending is None:
            return []
        if self._sealed_open():
            au = self.auction
            assert au is not None and au.sealed is not None
            return [s for s in au.bidders if s not in au.sealed]
        return [pending]

    def _sealed_open(self) -> bool:
        """A sealed auction is the decision waiting (no higher-priority overlay)."""
        au = self.auction
        return (
            au is not None
            and au.sealed is not None
            and self.offer is None
            and self.choice is None
            and not self.debts
            and not self.receipts
            and self.placement is None
        )

    def _overlay(self) -> bool:
        """Some decision other than the turn's own is waiting."""
        return (
            self.offer is not None
            or self.choice is not None
            or bool(self.debts)
            or bool(self.receipts)
            or self.placement is not None
            or self.auction is not None
        )

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[A.LegalEntry]:
        """Every action `seat` may take now. Open-parameter actions appear as templates.

        The decision waiting for `seat` (if any) comes first, then the actions it may take
        at any time (build, sell, mortgage, lift, trade)."""
        if self.phase == OVER or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return []
        p = self.players[seat]
        if p.bankrupt:
            return []
        if (
            seat == self.turn_player
            and self.offer is None
            and self.choice is None
            and not self.debts
            and not self.receipts
            and self.placement is None
            and self.auction is None
        ):
            phase = self.phase
            if phase == POST_ROLL:
                out: list[A.LegalEntry] = [A.END_TURN]
            elif phase == PRE_ROLL and not p.in_jail:
                out = [A.ROLL]
            else:
                out = self._pending_actions(seat)
            out.extend(self._management(seat))
            return out
        if self.pending == seat or (self._sealed_open() and seat in self.pending_seats()):
            out = self._pending_actions(seat)
            out.extend(self._management(seat))
            return out
        return self._management(seat).copy()

    def _pending_actions(self, seat: int) -> list[A.LegalEntry]:
        p = self.players[seat]
        offer = self.offer
        if offer is not None:
            out: list[A.LegalEntry] = []
            if self._check_accept(seat, A.ACCEPT_TRADE) is None:
                out.append(A.ACCEPT_TRADE)
            out.append(A.REJECT_TRADE)
            out.append(A.TradeTemplate((offer.proposer,), counter=True))
            return out
        choice = self.choice
        if choice is not None:
            if choice[1] == CHOICE_TAX:
                return [A.TAX_FLAT, A.TAX_PERCENT]
            return [A.CHOOSE_PAY, A.CHOOSE_DRAW]
        if self.debts:
            if self.liquidation_value(seat) < self.debts[0].amount:
                return [A.DECLARE_BANKRUPTCY]
            return []
        if self.receipts:
            sq = self.receipts[0][1]
            out = [A.KEEP[sq]]
            if p.cash - self._committed(seat) >= self.t.price[sq] // 2:
                out.insert(0, A.LIFT[sq])
            return out
        if self.placement is not None:
            lot = self.placement[1]
            return [A.BUILD[sq] for sq in self._buildable(seat, lot, free=True)]
        au = self.auction
        if au is not None:
            out = [A.PASS_BID]
            if au.sealed is not None:
                # §3 sealed: one hidden bid, which may exceed the cash in hand (a winner
                # who cannot pay loses the lot to the next bidder who can).
                low, high = au.min_bid, self.liquidation_value(seat)
            else:
                low = au.high_bid + 1
                high = p.cash
            if high >= low:
                out.insert(0, A.BidRange(low, high))
            return out
        phase = self.phase
        if phase == PRE_ROLL:
            if p.in_jail:
                out = [A.ROLL]
                if p.jail_turns < self.rules.max_jail_turns - 1 and p.cash >= self._jail_fine(p):
                    out.append(A.PAY_JAIL_FINE)
                if p.jail_cards:
                    out.append(A.USE_JAIL_CARD)
                return out
            return [A.ROLL]
        if phase == BUY:
            if p.cash >= self.t.price[self.buy_square]:
                return [A.BUY, A.DECLINE]
            return [A.DECLINE]
        return [A.END_TURN]

    def _management(self, seat: int) -> list[A.LegalEntry]:
        """Build, sell, mortgage, lift mortgages, trade: any time the rules allow (§2).

        The cash-independent part is cached per seat until the position's structure
        changes; only building and lifting mortgages are then filtered by cash."""
        cached = self._mgmt_cache[seat]
        if cached is None or cached[0] != self._version:
            cached = self._management_candidates(seat)
            self._mgmt_cache[seat] = cached
        fixed, priced = cached[1], cached[2]
        repay = self._repay_ranges(seat) if self.loans else None
        if not priced and not repay:
            return fixed
        budget = self._budget(seat)
        out = [a for a, cost in priced if cost <= budget]
        out.extend(fixed)
        if repay:
            out.extend(repay)
        return out

    def _budget(self, seat: int) -> int:
        return self.players[seat].cash - self._committed(seat)

    def _repay_ranges(self, seat: int) -> list[A.LegalEntry]:
        """Repayments of loans `seat` owes (RULES.md §9 house rule)."""
        if self._in_debt(seat):
            return []
        budget = self._budget(seat)
        out: list[A.LegalEntry] = []
        for (borrower, lender), owed in sorted(self.loans.items()):
            if borrower == seat and budget >= 1 and not self.players[lender].bankrupt:
                out.append(A.RepayRange(lender, 1, min(owed, budget)))
        return out

    def _management_candidates(
        self, seat: int
    ) -> tuple[int, list[A.LegalEntry], list[tuple[A.LegalEntry, int]]]:
        fixed: list[A.LegalEntry] = []
        priced: list[tuple[A.LegalEntry, int]] = []
        in_debt = self._in_debt(seat)
        t = self.t
        level = self.level
        mortgaged = self.mortgaged
        has_sellable = False
        building_auction = self.auction is not None and self.auction.lot != LOT_PROPERTY
        if self.placement is None and not building_auction and not in_debt:
            for sq in self._buildable(seat, None, free=True):
                priced.append((A.BUILD[sq], t.house_cost[sq]))
        for sq in self.holdings[seat]:
            if level[sq]:
                has_sellable = True
                if self._check_sell(seat, sq) is None:
                    fixed.append(A.SELL[sq])
            elif mortgaged[sq]:
                if not in_debt:
                    priced.append((A.UNMORTGAGE[sq], t.price[sq] // 2 + self._interest(sq)))
            elif not self._group_built(sq):
                has_sellable = True
                fixed.append(A.MORTGAGE[sq])
        if has_sellable:
            fixed.append(A.RAISE_FUNDS_TEMPLATE)
        if self.offer is None:
            partners = tuple(s for s in self.active_seats() if s != seat)
            if partners:
                template = _TRADE_TEMPLATES.get(partners)
                if template is None:
                    template = _TRADE_TEMPLATES[partners] = A.TradeTemplate(partners)
                fixed.append(template)
        fixed.append(A.RESIGN)  # CZ: a player may leave the game at any time (last)
        return self._version, fixed, priced

    def is_legal(self, seat: object, action: object) -> bool:
        """Whether `seat` may take this concrete action now (the same rules as ``apply``)."""
        try:
            return self._check(seat, action) is None
        except (MalformedActionError, TypeError, AttributeError):
            return False

    def why_illegal(self, seat: object, action: object) -> str | None:
        """None if legal, else the reason in words."""
        return self._check(seat, action)

    # ------------------------------------------------------------------ checks

    def _check(self, seat: object, action: object) -> str | None:
        checker = _CHECKS.get(action.__class__)
        if checker is None:
            return Text("{value} is not an action", value=repr(action))
        square = getattr(action, "square", 0)
        if not isinstance(square, int) or not 0 <= square < len(self.owner):
            return Text("there is no square {value}", value=repr(square))
        if self.phase == OVER:
            return Text("the game is over")
        if action.__class__ in _TABLE_ACTIONS:
            if seat != TABLE or isinstance(seat, bool):
                return Text("only the table (seat -1) applies {action}", action=repr(action))
            return checker(self, TABLE, action)
        if not isinstance(seat, int) or isinstance(seat, bool):
            return Text("there is no seat {value}", value=repr(seat))
        if not 0 <= seat < len(self.players):
            return Text("there is no seat {value}", value=repr(seat))
        if self.players[seat].bankrupt:
            return Text("seat {seat} is bankrupt", seat=seat)
        return checker(self, seat, action)

    def _not_pending(self, seat: int) -> str | None:
        pending = self.pending
        if pending != seat:
            return Text(
                "it is seat {player}'s decision, not seat {seat}'s", player=pending, seat=seat
            )
        return None

    def _turn_decision(self, seat: int, phase: int) -> str | None:
        if (
            self.offer is not None
            or self.choice is not None
            or self.debts
            or self.receipts
            or self.placement is not None
            or self.auction is not None
        ):
            why = self._not_pending(seat)
            return why or Text("another decision must be made first")
        if seat != self.turn_player:
            return Text(
                "it is seat {player}'s turn, not seat {seat}'s", player=self.turn_player, seat=seat
            )
        if self.phase != phase:
            return Text("not possible in the {phase} phase", phase=self.phase_name)
        return None

    def _check_roll(self, seat: int, action: A.Action) -> str | None:
        return self._turn_decision(seat, PRE_ROLL)

    def _check_pay_fine(self, seat: int, action: A.Action) -> str | None:
        why = self._turn_decision(seat, PRE_ROLL)
        if why:
            return why
        p = self.players[seat]
        if not p.in_jail:
            return Text("not in jail")
        if p.jail_turns >= self.rules.max_jail_turns - 1:
            return Text("the fine can be paid before rolling only on the first or second turn")
        if p.cash < self._jail_fine(p):
            return Text("not enough cash for the fine of {fine}", fine=self._jail_fine(p))
        return None

    def _check_use_card(self, seat: int, action: A.Action) -> str | None:
        why = self._turn_decision(seat, PRE_ROLL)
        if why:
            return why
        p = self.players[seat]
        if not p.in_jail:
            return Text("not in jail")
        if not p.jail_cards:
            return Text("no Get Out of Jail Free card")
        return None

    def _check_buy(self, seat: int, action: A.Action) -> str | None:
        why = self._turn_decision(seat, BUY)
        if why:
            return why
        price = self.t.price[self.buy_square]
        if self.players[seat].cash < price:
            return Text("not enough cash: the price is {price}", price=price)
        return None

    def _check_decline(self, seat: int, action: A.Action) -> str | None:
        return self._turn_decision(seat, BUY)

    def _check_end(self, seat: int, action: A.Action) -> str | None:
        return self._turn_decision(seat, POST_ROLL)

    def _check_auction(self, seat: int) -> str | None:
        au = self.auction
        if self._sealed_open():
            assert au is not None and au.sealed is not None
            if seat not in au.bidders:
                return Text("seat {seat} is not bidding in this auction", seat=seat)
            if seat in au.sealed:
                return Text("seat {seat} has already handed in its sealed bid", seat=seat)
            return None
        why = self._not_pending(seat)
        if why:
            return why
        if (
            au is None
            or self.offer
            or self.choice is not None
            or self.debts
            or self.receipts
            or self.placement
        ):
            return Text("no auction is waiting for this seat")
        return None

    def _check_bid(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.Bid)
        why = self._check_auction(seat)
        if why:
            return why
        au = self.auction
        assert au is not None
        if au.sealed is not None:
            if not isinstance(action.amount, int) or action.amount < au.min_bid:
                return Text("a bid must be at least {bid}", bid=au.min_bid)
            limit = self.liquidation_value(seat)
            if action.amount > limit:
                return Text(
                    "a bid may not exceed what the seat could raise ({cash})", cash=limit
                )
            return None
        if not isinstance(action.amount, int) or action.amount <= au.high_bid:
            return Text("a bid must be more than {bid}", bid=au.high_bid)
        if action.amount > self.players[seat].cash:
            return Text(
                "a bid may not exceed the cash in hand ({cash})", cash=self.players[seat].cash
            )
        return None

    def _check_pass(self, seat: int, action: A.Action) -> str | None:
        return self._check_auction(seat)

    def _check_bankrupt(self, seat: int, action: A.Action) -> str | None:
        why = self._not_pending(seat)
        if why:
            return why
        if self.offer is not None or self.choice is not None or not self.debts:
            return Text("bankruptcy is only for a debtor who cannot pay")
        owed = self.debts[0].amount
        can = self.liquidation_value(seat)
        if can >= owed:
            return Text(
                "the debt of {owed} can still be raised (up to {available}): sell and mortgage",
                owed=owed,
                available=can,
            )
        return None

    def _check_accept(self, seat: int, action: A.Action) -> str | None:
        offer = self.offer
        if offer is None or offer.target != seat:
            return Text("no trade is offered to this seat")
        return self._check_trade(offer.proposer, offer.target, offer.give, offer.take, True)

    def _check_reject(self, seat: int, action: A.Action) -> str | None:
        offer = self.offer
        if offer is None or offer.target != seat:
            return Text("no trade is offered to this seat")
        return None

    def _check_receipt(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, (A.LiftReceived, A.KeepMortgaged))
        why = self._not_pending(seat)
        if why:
            return why
        if self.offer is not None or self.choice is not None or self.debts or not self.receipts:
            return Text("no received mortgaged property is waiting for a decision")
        if self.receipts[0] != (seat, action.square):
            return Text(
                "the decision waiting is about square {square}", square=self.receipts[0][1]
            )
        if isinstance(action, A.LiftReceived):
            cost = self.t.price[action.square] // 2
            if self.players[seat].cash - self._committed(seat) < cost:
                return Text("not enough cash to lift the mortgage ({cost})", cost=cost)
        return None

    # --- §8 buildings

    def _in_debt(self, seat: int) -> bool:
        return any(d.debtor == seat for d in self.debts)

    def _group_built(self, sq: int) -> bool:
        g = self.t.group_of[sq]
        level = self.level
        return any(level[s] for s in self.t.groups[g])

    def _interest(self, sq: int) -> int:
        """10 % of the mortgage value, rounded up (the printed unmortgage values)."""
        value = self.t.price[sq] // 2
        return -(-value * self.rules.mortgage_interest_percent // 100)

    def _buildable(self, seat: int, lot: str | None, *, free: bool) -> list[int]:
        """Streets where `seat` may build its next building now (`lot` restricts to house
        or hotel). Even building, complete unmortgaged groups, bank stock (RULES.md §8)."""
        t = self.t
        own = self.owner
        out: list[int] = []
        p = self.players[seat]
        budget = p.cash - self._committed(seat)
        hl = self.hotel_level
        for g in t.street_groups:
            group = t.groups[g]
            if own[group[0]] != seat:
                continue
            complete = True
            for s in group:
                if own[s] != seat or self.mortgaged[s]:
                    complete = False
                    break
            if not complete:
                continue
            low = min(self.level[s] for s in group)
            if low >= hl:
                continue
            is_hotel = low == hl - 1
            if is_hotel:
                if self.hotels_left <= 0 or lot == LOT_HOUSE:
                    continue
            elif self.houses_left <= 0 or lot == LOT_HOTEL:
                continue
            for s in group:
                if self.level[s] == low and (free or budget >= t.house_cost[s]):
                    if self._build_rules and self._build_restriction(seat, s) is not None:
                        continue
                    out.append(s)
        return out

    def _build_restriction(self, seat: int, sq: int) -> str | None:
        """The build options of RULES.md §8 that limit when and where one may build."""
        r = self.rules
        if r.build_before_rolling and (
            seat != self.turn_player or self.phase != PRE_ROLL or self.rolled
        ):
            return Text("buildings may be bought only on one's own turn, before rolling")
        limit = r.houses_per_turn
        if limit is not None and self.players[seat].built >= limit:
            return Text("at most {count} building(s) per turn", count=limit)
        if r.build_only_on_landing and (seat != self.turn_player or sq != self.landed_street):
            return Text("a building may be bought only for the street one's token has landed on")
        return None

    def _check_build(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.Build)
        sq = action.square
        t = self.t
        if self.placement is not None:
            if self.placement[0] != seat or self.pending != seat:
                return Text("a building won at auction is waiting to be placed")
            if sq not in self._buildable(seat, self.placement[1], free=True):
                return Text(
                    "the {lot} cannot be placed on square {square}",
                    lot=self.placement[1],
                    square=sq,
                )
            return None
        if self.auction is not None and self.auction.lot != LOT_PROPERTY:
            return Text("a building auction is running")
        if t.kind[sq] != K_STREET:
            return Text("square {square} is not a street", square=sq)
        if self.owner[sq] != seat:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
        if self._in_debt(seat):
            return Text("a debtor must pay the debt before building")
        if self._build_rules:
            why = self._build_restriction(seat, sq)
            if why is not None:
                return why
        if sq in self._buildable(seat, None, free=False):
            return None
        group = t.groups[t.group_of[sq]]
        if any(self.owner[s] != seat for s in group):
            return Text("houses need the complete colour group")
        if any(self.mortgaged[s] for s in group):
            return Text("no building on a group with a mortgaged street")
        if self.level[sq] >= self.hotel_level:
            return Text("the street already has a hotel")
        if self.level[sq] > min(self.level[s] for s in group):
            return Text("build evenly: other streets of the group need a house first")
        if self.level[sq] == self.hotel_level - 1:
            if self.hotels_left <= 0:
                return Text("the bank has no hotels left")
        elif self.houses_left <= 0:
            return Text("the bank has no houses left")
        return Text("not enough cash: a building costs {cost}", cost=t.house_cost[sq])

    def _check_sell(self, seat: int, action: A.Action | int) -> str | None:
        sq = action if isinstance(action, int) else action.square  # type: ignore[union-attr]
        if self.owner[sq] != seat:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
        lv = self.level[sq]
        if lv == 0:
            return Text("square {square} has no buildings", square=sq)
        group = self.t.groups[self.t.group_of[sq]]
        if lv < max(self.level[s] for s in group):
            return Text("sell evenly: sell from the most built street of the group first")
        if lv == self.hotel_level and self.houses_left < self.hotel_level - 1:
            return Text(
                "the bank has not enough houses to break the hotel down: "
                "sell it off whole with 'raise'"
            )
        return None

    def _check_mortgage(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.Mortgage)
        sq = action.square
        if self.owner[sq] != seat or not self.t.price[sq]:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
        if self.mortgaged[sq]:
            return Text("square {square} is already mortgaged", square=sq)
        if self._group_built(sq):
            return Text("sell the buildings of the group before mortgaging")
        return None

    def _check_unmortgage(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.Unmortgage)
        sq = action.square
        if self.owner[sq] != seat:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
        if not self.mortgaged[sq]:
            return Text("square {square} is not mortgaged", square=sq)
        if self._in_debt(seat):
            return Text("a debtor must pay the debt before lifting mortgages")
        cost = self.t.price[sq] // 2 + self._interest(sq)
        if self.players[seat].cash - self._committed(seat) < cost:
            return Text("not enough cash to lift the mortgage ({cost})", cost=cost)
        return None

    def _plan_raise(self, seat: int, action: A.RaiseFunds) -> tuple[str | None, int]:
        """Validate a batch of sales and mortgages; returns (reason or None, cash raised)."""
        t = self.t
        hl = self.hotel_level
        new_level = list(self.level)
        seen: set[int] = set()
        if not action.levels and not action.mortgages:
            return Text("nothing to sell or mortgage"), 0
        raised = 0
        pct = self.rules.building_sell_percent
        houses_back = 0
        groups: set[int] = set()
        for sq, lv in action.levels:
            if not (isinstance(sq, int) and 0 <= sq < 40 and isinstance(lv, int)):
                return Text("bad sale {value}", value=f"{sq!r}:{lv!r}"), 0
            if sq in seen:
                return Text("square {square} is listed twice", square=sq), 0
            seen.add(sq)
            if self.owner[sq] != seat or t.kind[sq] != K_STREET:
                return Text("seat {seat} does not own street {square}", seat=seat, square=sq), 0
            old = self.level[sq]
            if not 0 <= lv < old:
                return Text(
                    "square {square} has level {level}; a sale must lower it", square=sq, level=old
                ), 0
            new_level[sq] = lv
            raised += (old - lv) * t.house_cost[sq] * pct // 100
            houses_back += (old if old < hl else 0) - (lv if lv < hl else 0)
            groups.add(t.group_of[sq])
        for g in groups:
            levels = [new_level[s] for s in t.groups[g]]
            if max(levels) - min(levels) > 1:
                return Text("sales must leave the group evenly built"), 0
        if self.houses_left + houses_back < 0:
            return Text("the bank has not enough houses to break the hotels down that far"), 0
        seen.clear()
        for sq in action.mortgages:
            if not (isinstance(sq, int) and 0 <= sq < 40):
                return Text("there is no square {value}", value=repr(sq)), 0
            if sq in seen:
                return Text("square {square} is listed twice", square=sq), 0
            seen.add(sq)
            if self.owner[sq] != seat or not t.price[sq]:
                return Text("seat {seat} does not own square {square}", seat=seat, square=sq), 0
            if self.mortgaged[sq]:
                return Text("square {square} is already mortgaged", square=sq), 0
            if any(new_level[s] for s in t.groups[t.group_of[sq]]):
                return Text("square {square}'s group still has buildings", square=sq), 0
            raised += t.price[sq] // 2
        return None, raised

    def _check_raise(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.RaiseFunds)
        return self._plan_raise(seat, action)[0]

    # --- §9 trades

    def _check_bundle(self, seat: int, b: A.Bundle, spendable: int) -> str | None:
        if not isinstance(b, A.Bundle):
            return Text("a trade side must be a Bundle")
        if not isinstance(b.cash, int) or b.cash < 0:
            return Text("trade cash must be a non-negative integer")
        if b.cash > spendable:
            return Text("seat {seat} has only {cash} to give", seat=seat, cash=spendable)
        if len(set(b.squares)) != len(b.squares):
            return Text("a square is listed twice")
        if not isinstance(b.iou, int) or b.iou < 0:
            return Text("an IOU must be a non-negative integer")
        if b.iou and not self.rules.player_loans:
            return Text("these rules allow no loans between players")
        t = self.t
        for sq in b.squares:
            if not isinstance(sq, int) or not 0 <= sq < 40 or self.owner[sq] != seat:
                return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
            if self.mortgaged[sq] and not self.rules.trade_mortgaged:
                return Text(
                    "square {square} is mortgaged: these rules forbid selling it to a player",
                    square=sq,
                )
            if self._group_built(sq):
                group = t.group_keys[t.group_of[sq]]
                return Text(
                    "square {square}'s group ({group}) has buildings: sell them first",
                    square=sq,
                    group=group,
                )
        p = self.players[seat]
        held = [t.deck_keys[d] for d, _ in p.jail_cards]
        for deck in b.jail_cards:
            if deck in held:
                held.remove(deck)
            else:
                return Text(
                    "seat {seat} has no Get Out of Jail Free card from {value}",
                    seat=seat,
                    value=repr(deck),
                )
        return None

    def _check_trade(
        self, proposer: int, target: int, give: A.Bundle, take: A.Bundle, accepting: bool
    ) -> str | None:
        if not isinstance(target, int) or not 0 <= target < len(self.players):
            return Text("there is no seat {value}", value=repr(target))
        if target == proposer:
            return Text("a trade needs two different seats")
        if self.players[target].bankrupt:
            return Text("seat {seat} is bankrupt", seat=target)
        spend = self.players[proposer].cash - self._committed(proposer)
        why = self._check_bundle(proposer, give, spend)
        if why:
            return why
        spend = self.players[target].cash - self._committed(target)
        why = self._check_bundle(target, take, spend)
        if why:
            return why
        if give.is_empty() and take.is_empty():
            return Text("an empty trade")
        cap = self.rules.jail_card_max_price
        if cap is not None:
            # TOUR (§5): a Get Out of Jail Free card is sold for at most `cap` in cash.
            for cards, cash in ((give.jail_cards, take.cash), (take.jail_cards, give.cash)):
                if cards and cash > cap * len(cards):
                    return Text(
                        "a Get Out of Jail Free card may be sold for at most {price} in cash",
                        price=cap,
                    )
        if accepting:
            # RULES.md §9: who receives a mortgaged property pays the 10 % fee at once.
            for receiver, gets, pays_cash, gets_cash in (
                (proposer, take, give.cash, take.cash),
                (target, give, take.cash, give.cash),
            ):
                fees = sum(self._interest(sq) for sq in gets.squares if self.mortgaged[sq])
                after = self.players[receiver].cash - pays_cash + gets_cash
                if fees > after - self._committed(receiver):
                    return Text(
                        "seat {seat} cannot pay the 10 % fee ({fee}) on mortgaged deeds",
                        seat=receiver,
                        fee=fees,
                    )
        return None

    def _check_propose(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.ProposeTrade)
        if self.offer is not None:
            return Text("another trade offer is waiting for an answer")
        return self._check_trade(seat, action.to, action.give, action.take, False)

    def _check_counter(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.CounterTrade)
        offer = self.offer
        if offer is None or offer.target != seat:
            return Text("no trade is offered to this seat")
        return self._check_trade(seat, offer.proposer, action.give, action.take, False)

    # --- §5, §6 choices

    def _check_choose(self, seat: int, action: A.Action) -> str | None:
        why = self._not_pending(seat)
        if why:
            return why
        choice = self.choice
        if choice is None or self.offer is not None:
            return Text("no choice is waiting for this seat")
        want = CHOICE_TAX if isinstance(action, A.ChooseTax) else CHOICE_CARD
        if choice[1] != want:
            return Text(
                "the choice waiting is {kind}",
                kind="tax flat / tax percent" if choice[1] == CHOICE_TAX else "choose pay / draw",
            )
        return None

    # --- §9 loans between players (house rule)

    def _check_repay(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.RepayLoan)
        to, amount = action.to, action.amount
        if not isinstance(to, int) or not isinstance(amount, int) or amount <= 0:
            return Text("a repayment names a seat and a positive amount")
        owed = self.loans.get((seat, to), 0)
        if owed <= 0:
            return Text("seat {seat} owes nothing to seat {player}", seat=seat, player=to)
        if amount > owed:
            return Text("seat {seat} owes only {owed}", seat=seat, owed=owed)
        if self._in_debt(seat):
            return Text("a debtor must pay the debt first")
        if self._budget(seat) < amount:
            return Text("not enough cash: {cash} in hand", cash=self._budget(seat))
        return None

    # --- the table's actions (clocks, RULES.md §9, §11)

    def _check_call_time(self, seat: int, action: A.Action) -> str | None:
        if self.rules.time_limit_minutes is None:
            return Text("these rules have no time limit")
        if self.time_called:
            return Text("time has already been called")
        return None

    def _check_expire(self, seat: int, action: A.Action) -> str | None:
        if self.rules.negotiation_seconds is None:
            return Text("these rules have no negotiation limit")
        if self.offer is None:
            return Text("no trade offer is waiting")
        return None

    def _check_timeout(self, seat: int, action: A.Action) -> str | None:
        assert isinstance(action, A.Timeout)
        if self.rules.turn_clock_seconds is None:
            return Text("these rules have no turn clock")
        if action.seat not in self.pending_seats():
            return Text("the game is not waiting for seat {seat}", seat=action.seat)
        return None

    def _check_stop(self, seat: int, action: A.Action) -> str | None:
        return None

    def _check_resign(self, seat: int, action: A.Action) -> str | None:
        return None  # any seat still in the game, at any time (checked by _check)

    # ------------------------------------------------------------------ apply

    def apply(self, seat: object, action: object) -> list[E.Event]:
        """Apply `seat`'s action (an Action or its text). Raises :class:`IllegalActionError`
        (or :class:`MalformedActionError` for bad text) and then the state is unchanged."""
        if isinstance(action, str):
            action = A.parse_action(action)
        # The two commonest actions are checked and applied by direct calls (fast path).
        if action is A.ROLL and type(seat) is int and seat == self.turn_player:
            why = self._check(seat, action) if self.phase != PRE_ROLL else self._check_roll(
                self.turn_player, A.ROLL
            )
        elif action is A.END_TURN and type(seat) is int and seat == self.turn_player:
            why = self._check(seat, action) if self.phase != POST_ROLL else self._check_end(
                self.turn_player, A.END_TURN
            )
        else:
            why = self._check(seat, action)
        if why is not None:
            text = action.text() if hasattr(action, "text") else repr(action)
            raise IllegalActionError(
                Text(
                    "seat {seat} cannot {action} (turn {turn}, {phase}): {reason}",
                    seat=seat,
                    action=repr(text),
                    turn=self.turn_number,
                    phase=self.phase_name,
                    reason=why,
                )
            )
        assert isinstance(seat, int)
        act = cast(A.Action, action)  # _check found a handler for its class
        events = self.events
        start = len(events) if events is not None else 0
        self.history.append((seat, act))
        if act is A.ROLL:
            self._do_roll(seat, act)
        elif act is A.END_TURN:
            self._do_end(seat, act)
        else:
            _APPLY[act.__class__](self, seat, act)
        if self.debts:
            self._settle_debts()
        if self.auction is None and self.auction_queue and self.phase != OVER:
            self._start_next_bank_auction()
        if self.phase != OVER:
            if self.time_called and self.phase == PRE_ROLL and not self._overlay():
                # §11: the turn in progress is finished (doubles give no further roll)
                self._finish("time_limit")
            elif self._target_end:
                self._check_target()
        if events is not None:
            return events[start:]
        return _NO_EVENTS

    # --- the turn

    def _do_roll(self, seat: int, action: A.Action) -> None:
        p = self.players[seat]
        self.rolled = True
        if self._build_rules:
            self._touch()
        d1, d2 = self._roll_dice()
        if p.in_jail:
            self._jail_roll(p, d1, d2)
            return
        self.phase = POST_ROLL
        if d1 == d2:
            self.doubles += 1
            if self.doubles >= self.rules.max_doubles:
                # RULES.md §2: third doubles: to jail without moving for that roll.
                self._send_to_jail(p, "doubles")
                return
            self.extra_roll = True
        else:
            self.extra_roll = False
        self._move_by(p, d1 + d2)
        self._after_landing()

    def _after_landing(self) -> None:
        if self.time_called:
            self.extra_roll = False
        if self.phase != BUY:
            self.phase = PRE_ROLL if self.extra_roll else POST_ROLL

    def _jail_roll(self, p: Player, d1: int, d2: int) -> None:
        """RULES.md §7: doubles free the player, who moves but does not roll again; the
        third failed try costs the fine, and the player moves by that throw."""
        self.phase = POST_ROLL
        self.extra_roll = False
        if d1 == d2:
            self._release(p, "doubles")
            self._move_by(p, d1 + d2)
            self._after_landing()
            return
        p.jail_turns += 1
        if p.jail_turns < self.rules.max_jail_turns:
            self._emit(E.StayedInJail(p.seat, p.jail_turns))
            return
        fine = self._jail_fine(p)
        self._release(p, "third_roll")
        if p.cash >= fine and not self.debts:
            if fine:
                self._transfer(p.seat, self._fines_to(), fine, "jail_fine")
            self._move_by(p, d1 + d2)
            self._after_landing()
        else:
            self.after_debt_move = d1 + d2
            self._charge(p.seat, BANK, fine, "jail_fine")

    def _fines_to(self) -> int:
        """Where taxes and fines go: the bank, or the Free Parking pot (§6 house rule)."""
        return POT if self._pot_rule else BANK

    def _do_pay_fine(self, seat: int, action: A.Action) -> None:
        p = self.players[seat]
        fine = self._jail_fine(p)
        if fine:
            self._transfer(seat, self._fines_to(), fine, "jail_fine")
        self._release(p, "fine")

    def _do_use_card(self, seat: int, action: A.Action) -> None:
        p = self.players[seat]
        deck, idx = p.jail_cards.pop(0)
        self.decks[deck].append(idx)  # back to the bottom of its deck
        self._release(p, "card")

    def _do_buy(self, seat: int, action: A.Action) -> None:
        sq = self.buy_square
        price = self.t.price[sq]
        self._transfer(seat, BANK, price, "purchase")
        self._give_property(sq, BANK, seat)
        self._emit(E.Bought(seat, sq, price))
        self.buy_square = -1
        self.phase = PRE_ROLL if self.extra_roll else POST_ROLL

    def _do_decline(self, seat: int, action: A.Action) -> None:
        sq = self.buy_square
        self.buy_square = -1
        self.phase = PRE_ROLL if self.extra_roll else POST_ROLL
        self._auction_declined(seat, sq)

    def _auction_declined(self, seat: int, sq: int) -> None:
        """RULES.md §3: auctioned at once to every player, the decliner included (with the
        first-lap house rule: to those who have completed a lap); `auction = none`: the
        property stays with the bank."""
        if self.rules.auction == "none":
            return
        bidders = self._after(seat, self.active_seats())
        if self._first_lap_rule:
            bidders = [s for s in bidders if self.players[s].lapped]
        if bidders:
            self._start_auction(LOT_PROPERTY, sq, bidders)

    def _do_end(self, seat: int, action: A.Action) -> None:
        if self.events is not None:
            self.events.append(E.TurnEnded(seat))
        self._next_turn()

    def _next_turn(self) -> None:
        if self.time_called:
            self._finish("time_limit")
            return
        limit = self._turn_limit
        if limit >= 0 and self.turn_number >= limit:
            self._finish("turn_limit")
            return
        order = self.order
        i = order.index(self.turn_player)
        n = len(order)
        for step in range(1, n + 1):
            s = order[(i + step) % n]
            if not self.players[s].bankrupt:
                break
        self.turn_player = s
        self.turn_number += 1
        self.phase = PRE_ROLL
        self.doubles = 0
        self.extra_roll = False
        self.rolled = False
        if self._build_rules:
            self.landed_street = -1
            self.players[s].built = 0
            self._touch()
        if self.events is not None:
            self.events.append(E.TurnStarted(s, self.turn_number))

    # --- §3 auctions

    def _start_auction(self, lot: str, sq: int, bidders: list[int]) -> None:
        au = Auction(lot, sq, bidders)
        if self.rules.auction == "sealed":
            au.sealed = {}
            if lot != LOT_PROPERTY:
                au.min_bid = self.t.house_cost[sq]  # the bank sells a building at its cost
        self.auction = au
        self._emit(E.AuctionStarted(lot, sq, tuple(bidders)))
        self._touch()

    def _start_next_bank_auction(self) -> None:
        while self.auction_queue:
            sq = self.auction_queue.popleft()
            if self.owner[sq] != BANK:
                continue
            bidders = self._after(self.turn_player, self.active_seats())
            if self.players[self.turn_player].bankrupt:
                bidders = self.active_seats()
            if self._first_lap_rule:
                bidders = [s for s in bidders if self.players[s].lapped]
            if not bidders:
                continue
            self._start_auction(LOT_PROPERTY, sq, bidders)
            return

    def _do_bid(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.Bid)
        au = self.auction
        assert au is not None
        if au.sealed is not None:
            au.sealed[seat] = action.amount
            self._emit(E.SealedBidSubmitted(seat))
            self._sealed_progress()
            return
        au.high_bid = action.amount
        au.high_bidder = seat
        self._emit(E.BidPlaced(seat, action.amount))
        au.turn = (au.turn + 1) % len(au.bidders)
        self._auction_progress()

    def _do_pass(self, seat: int, action: A.Action) -> None:
        au = self.auction
        assert au is not None
        if au.sealed is not None:
            au.sealed[seat] = 0
            self._emit(E.SealedBidSubmitted(seat))
            self._sealed_progress()
            return
        del au.bidders[au.turn]
        self._emit(E.BidPassed(seat))
        if au.bidders:
            au.turn %= len(au.bidders)
        self._auction_progress()

    def _auction_progress(self) -> None:
        au = self.auction
        assert au is not None
        bidders = au.bidders
        if au.high_bidder != NOBODY and (len(bidders) == 1 and bidders[0] == au.high_bidder):
            self._award(au)
        elif not bidders:
            if au.high_bidder != NOBODY:
                self._award(au)
            else:
                self.auction = None
                self._emit(E.AuctionUnsold(au.square))
                self._touch()
        elif bidders[au.turn] == au.high_bidder and len(bidders) > 1:
            # everyone else had their say since the last bid: skip the high bidder
            au.turn = (au.turn + 1) % len(bidders)

    def _sealed_progress(self) -> None:
        """RULES.md §3 sealed (TOUR): when every bid is in, open them. The highest wins; a
        tie for the top repeats the auction among all who bid; a second tie goes to
        the tied players' dice, highest total first. A winner who cannot pay in cash loses
        the lot to the next-highest bidder who can, at that bidder's own bid."""
        au = self.auction
        assert au is not None and au.sealed is not None
        sealed = au.sealed
        if any(s not in sealed for s in au.bidders):
            return
        bids = [(s, sealed[s]) for s in au.bidders]
        self._emit(E.SealedBidsRevealed(tuple(bids), au.round))
        top = max((b for _, b in bids), default=0)
        tied = [s for s, b in bids if b == top]
        if top > 0 and len(tied) > 1:
            self._emit(E.SealedTie(tuple(tied), top, au.round))
            if au.round == 1:
                au.round = 2
                au.sealed = {}
                # TOUR: "for all participating players": those who bid, not only the tied
                au.participants = [s for s, b in bids if b > 0]
                au.bidders = list(au.participants)
                self._touch()
                return
        for s, b in self._rank_bids([(s, b) for s, b in bids if b > 0]):
            if self.players[s].cash >= b:
                au.high_bidder = s
                au.high_bid = b
                self._award(au)
                return
            self._emit(E.AuctionWinnerCannotPay(s, b))
        self.auction = None
        self._emit(E.AuctionUnsold(au.square))
        self._touch()

    def _rank_bids(self, bids: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        """Bids from the highest; equal bids ordered by the bidders' dice (re-thrown
        among those who throw the same total), thrown only when that rank is reached."""
        for amount in sorted({b for _, b in bids}, reverse=True):
            group = [s for s, b in bids if b == amount]
            for s in self._dice_order(group):
                yield s, amount

    def _dice_order(self, seats: list[int]) -> list[int]:
        if len(seats) <= 1:
            return list(seats)
        random_ = self._random
        throws: dict[int, int] = {}
        for s in seats:
            d1 = int(random_() * 6) + 1
            d2 = int(random_() * 6) + 1
            throws[s] = d1 + d2
            self._emit(E.TieRoll(s, d1, d2))
        out: list[int] = []
        for total in sorted(set(throws.values()), reverse=True):
            out.extend(self._dice_order([s for s in seats if throws[s] == total]))
        return out

    def _award(self, au: Auction) -> None:
        self.auction = None
        winner = au.high_bidder
        self._transfer(winner, BANK, au.high_bid, "auction")
        self._emit(E.AuctionWon(winner, au.lot, au.square, au.high_bid))
        if au.lot == LOT_PROPERTY:
            self._give_property(au.square, BANK, winner)
        else:
            # RULES.md §8: the housing shortage auction; the winner places the building.
            spots = self._buildable(winner, au.lot, free=True)
            if au.square in spots and winner == self._auction_requester:
                self._place_building(winner, au.square, au.high_bid)
            elif spots:
                self.placement = (winner, au.lot)
                self._placement_paid = au.high_bid
            else:  # nowhere to put it any more: the bank refunds the bid
                self._transfer(BANK, winner, au.high_bid, "auction_refund")
        self._touch()


    # --- §8 buildings

    def _others_wanting(self, seat: int, lot: str) -> list[int]:
        return [
            s
            for s in self._after(seat, self.active_seats())
            if s != seat and self._buildable(s, lot, free=False)
        ]

    def _do_build(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.Build)
        sq = action.square
        if self.placement is not None:
            self.placement = None
            self._place_building(seat, sq, self._placement_paid)
            return
        is_hotel = self.level[sq] == self.hotel_level - 1
        lot = LOT_HOTEL if is_hotel else LOT_HOUSE
        stock = self.hotels_left if is_hotel else self.houses_left
        others = self._others_wanting(seat, lot)
        if others and stock <= len(others):
            # RULES.md §8: the bank has fewer buildings than players who want them: auction.
            self._auction_requester = seat
            self._start_auction(lot, sq, [seat, *others])
            au = self.auction
            assert au is not None
            if au.sealed is not None:
                return
            au.high_bid = self.t.house_cost[sq]
            au.high_bidder = seat
            au.turn = 1
            self._emit(E.BidPlaced(seat, au.high_bid))
            return
        cost = self.t.house_cost[sq]
        self._transfer(seat, BANK, cost, "building")
        self._place_building(seat, sq, cost)

    def _set_level(self, sq: int, new: int) -> None:
        """Change a street's buildings, moving houses and hotels between it and the bank's
        stock (RULES.md §8): a hotel stands on its own, the houses it replaced are back in
        the bank; breaking it down takes houses from the bank."""
        hl = self.hotel_level
        old = self.level[sq]
        self.houses_left += (old if old < hl else 0) - (new if new < hl else 0)
        self.hotels_left += (1 if old == hl else 0) - (1 if new == hl else 0)
        self.level[sq] = new

    def _place_building(self, seat: int, sq: int, paid: int) -> None:
        new = self.level[sq] + 1
        self._set_level(sq, new)
        self.players[seat].built += 1
        if seat == self.turn_player and self.rules.build_only_on_landing:
            self.landed_street = -1  # CZ: one building per landing
        self._emit(E.Built(seat, sq, new, paid))
        self._touch()

    def _do_sell(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.SellBuilding)
        sq = action.square
        old = self.level[sq]
        self._set_level(sq, old - 1)
        refund = self.t.house_cost[sq] * self.rules.building_sell_percent // 100
        self._transfer(BANK, seat, refund, "building_sale")
        self._emit(E.Sold(seat, sq, old - 1, refund))
        self._touch()

    def _do_mortgage(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.Mortgage)
        self._mortgage(seat, action.square)

    def _mortgage(self, seat: int, sq: int) -> None:
        """RULES.md §9: the bank pays the mortgage value, half the printed price."""
        value = self.t.price[sq] // 2
        self.mortgaged[sq] = True
        self._transfer(BANK, seat, value, "mortgage")
        self._emit(E.Mortgaged(seat, sq, value))
        self._touch()

    def _do_unmortgage(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.Unmortgage)
        sq = action.square
        cost = self.t.price[sq] // 2 + self._interest(sq)
        self.mortgaged[sq] = False
        self._transfer(seat, BANK, cost, "unmortgage")
        self._emit(E.Unmortgaged(seat, sq, cost))
        self._touch()

    def _do_raise(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.RaiseFunds)
        t = self.t
        pct = self.rules.building_sell_percent
        for sq, lv in action.levels:
            old = self.level[sq]
            self._set_level(sq, lv)
            refund = (old - lv) * t.house_cost[sq] * pct // 100
            self._transfer(BANK, seat, refund, "building_sale")
            self._emit(E.Sold(seat, sq, lv, refund))
        for sq in action.mortgages:
            self._mortgage(seat, sq)
        self._touch()

    # --- §9 trades and receipts

    def _give_property(self, sq: int, src: int, dst: int) -> None:
        self.owner[sq] = dst
        if src != BANK:
            self.holdings[src].remove(sq)
        if dst != BANK:
            self.holdings[dst].append(sq)
            self.holdings[dst].sort()
        self._touch()

    def _do_propose(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.ProposeTrade)
        self.offer = TradeOffer(seat, action.to, action.give, action.take)
        self._emit(E.TradeProposed(seat, action.to, action.give.text(), action.take.text()))
        self._touch()

    def _do_counter(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.CounterTrade)
        offer = self.offer
        assert offer is not None
        self._emit(E.TradeRejected(offer.proposer, seat))
        self.offer = TradeOffer(seat, offer.proposer, action.give, action.take)
        self._emit(E.TradeProposed(seat, offer.proposer, action.give.text(), action.take.text()))
        self._touch()

    def _do_reject(self, seat: int, action: A.Action) -> None:
        offer = self.offer
        assert offer is not None
        self.offer = None
        self._emit(E.TradeRejected(offer.proposer, seat))
        self._touch()

    def _do_accept(self, seat: int, action: A.Action) -> None:
        offer = self.offer
        assert offer is not None
        self.offer = None
        self._emit(E.TradeAccepted(offer.proposer, offer.target))
        self._hand_over(offer.proposer, offer.target, offer.give)
        self._hand_over(offer.target, offer.proposer, offer.take)
        self._touch()

    def _hand_over(self, src: int, dst: int, b: A.Bundle) -> None:
        if b.cash:
            self._transfer(src, dst, b.cash, "trade")
        for sq in b.squares:
            self._receive(sq, src, dst)
        for deck_key in b.jail_cards:
            card = self._take_jail_card(src, deck_key)
            self.players[dst].jail_cards.append(card)
            self._emit(E.JailCardTransferred(src, dst, deck_key))
        if b.iou:
            # RULES.md §9 house rule: the giver of an IOU owes its amount to the receiver.
            key = (src, dst)
            self.loans[key] = self.loans.get(key, 0) + b.iou
            self._emit(E.LoanMade(dst, src, b.iou))

    def _take_jail_card(self, seat: int, deck_key: str) -> tuple[int, int]:
        cards = self.players[seat].jail_cards
        for i, (d, _) in enumerate(cards):
            if self.t.deck_keys[d] == deck_key:
                return cards.pop(i)
        raise IllegalActionError(
            Text("seat {seat} has no jail card from {value}", seat=seat, value=repr(deck_key))
        )

    def _receive(self, sq: int, src: int, dst: int) -> None:
        """A property changes hands; a mortgaged one costs the receiver 10 % (§9)."""
        self._give_property(sq, src, dst)
        mortgaged = self.mortgaged[sq]
        self._emit(E.PropertyTransferred(src, dst, sq, mortgaged))
        if mortgaged:
            self._charge(dst, BANK, self._interest(sq), "mortgage_fee")
            self.receipts.append((dst, sq))

    def _do_repay(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.RepayLoan)
        key = (seat, action.to)
        left = self.loans[key] - action.amount
        if left:
            self.loans[key] = left
        else:
            del self.loans[key]
        self._transfer(seat, action.to, action.amount, "loan")
        self._emit(E.LoanRepaid(seat, action.to, action.amount))
        self._touch()

    # --- §5, §6 choices

    def _do_choose_tax(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.ChooseTax) and self.choice is not None
        flat = self.choice[3]
        self.choice = None
        amount = self.percent_tax(seat) if action.percent else flat
        self._emit(E.TaxChosen(seat, "percent" if action.percent else "flat", amount))
        self._charge(seat, BANK, amount, "income_tax")  # TaxChosen tells the amount
        self._touch()

    def _do_choose_card(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.ChooseCard) and self.choice is not None
        _, _, deck, amount = self.choice
        self.choice = None
        self._emit(E.CardChoice(seat, "draw" if action.draw else "pay"))
        self._touch()
        if action.draw:
            self._draw(self.players[seat], deck)
        else:
            self._charge(seat, BANK, amount, "card")

    # --- the table's actions

    def _do_call_time(self, seat: int, action: A.Action) -> None:
        self.time_called = True
        self._emit(E.TimeCalled())
        if not self.rolled:
            self._finish("time_limit")
        else:
            self.extra_roll = False  # finish the turn in progress, no further roll

    def _do_expire(self, seat: int, action: A.Action) -> None:
        offer = self.offer
        assert offer is not None
        self.offer = None
        self._emit(E.OfferExpired(offer.proposer, offer.target))
        self._touch()

    def _do_resign(self, seat: int, action: A.Action) -> None:
        self._emit(E.Resigned(seat))
        self._forfeit(seat)

    def _do_timeout(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.Timeout)
        self._emit(E.TimedOut(action.seat))
        self._forfeit(action.seat)

    def _forfeit(self, who: int) -> None:
        """A seat leaves the game (resigns, or its turn clock ran out): bankrupt to the
        creditor of the debt it is raising, else to the bank (CZ), never staying in."""
        creditor, owed = BANK, 0
        for d in self.debts:
            if d.debtor == who:
                creditor, owed = d.creditor, d.amount
                break
        self._go_bankrupt(who, creditor, owed, forfeit=True)

    def _do_stop(self, seat: int, action: A.Action) -> None:
        self._emit(E.GameStopped())
        self._finish("stopped")

    def _check_target(self) -> None:
        """RU "Millionaire" (§11): the first to reach the target net worth wins."""
        target = self.rules.target_worth
        assert target is not None
        best, who = -1, NOBODY
        for s in self.active_seats():
            w = self.net_worth(s)
            if w >= target and w > best:
                best, who = w, s
        if who != NOBODY:
            self._finish("target_worth", who)

    def _do_lift(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.LiftReceived)
        self.receipts.pop(0)
        sq = action.square
        cost = self.t.price[sq] // 2  # the 10 % was paid on receipt
        self.mortgaged[sq] = False
        self._transfer(seat, BANK, cost, "unmortgage")
        self._emit(E.Unmortgaged(seat, sq, cost))
        self._touch()

    def _do_keep(self, seat: int, action: A.Action) -> None:
        assert isinstance(action, A.KeepMortgaged)
        self.receipts.pop(0)
        self._emit(E.KeptMortgaged(seat, action.square))
        self._touch()

    # --- §9 bankruptcy

    def _do_bankrupt(self, seat: int, action: A.Action) -> None:
        debt = self.debts[0]
        self._go_bankrupt(seat, debt.creditor, debt.amount)

    def _go_bankrupt(self, seat: int, creditor: int, owed: int, *, forfeit: bool = False) -> None:
        """RULES.md §9: bankrupt to a player or to the bank. Options: the short game's
        bankrupt hands buildings to the creditor; §9a: the estate goes to the bank even
        when the debt is to a player; house rules: lenders share the cash with the
        creditor, and the bankrupt may stay in the game (not after a forfeit)."""
        p = self.players[seat]
        t = self.t
        rules = self.rules
        pct = rules.building_sell_percent
        if creditor == POT or rules.bankrupt_estate_to_bank:
            creditor = BANK
        keep_buildings = rules.bankrupt_buildings_to_creditor and creditor != BANK
        # Buildings go back to the bank at half price; the cash goes to the creditor.
        for sq in self.holdings[seat]:
            lv = self.level[sq]
            if lv and not keep_buildings:
                self._set_level(sq, 0)
                self._transfer(BANK, seat, lv * t.house_cost[sq] * pct // 100, "building_sale")
        self.debts = [d for d in self.debts if d.debtor != seat and d.creditor != seat]
        self.receipts = [r for r in self.receipts if r[0] != seat]
        if self.offer is not None and seat in (self.offer.proposer, self.offer.target):
            self.offer = None
        if self.placement is not None and self.placement[0] == seat:
            self.placement = None
        if self.choice is not None and self.choice[0] == seat:
            self.choice = None
        if self.loans:
            self._settle_loans_of_bankrupt(seat, creditor, owed)
        if p.cash:
            self._transfer(seat, creditor, p.cash, "bankruptcy")
        if creditor == BANK:
            for deck, idx in p.jail_cards:
                self.decks[deck].append(idx)  # back under their decks
            p.jail_cards = []
            for sq in list(self.holdings[seat]):
                self._give_property(sq, seat, BANK)
                self.mortgaged[sq] = False
                self._emit(E.PropertyTransferred(seat, BANK, sq, False))
                self.auction_queue.append(sq)
        else:
            for card in p.jail_cards:
                self.players[creditor].jail_cards.append(card)
                self._emit(E.JailCardTransferred(seat, creditor, t.deck_keys[card[0]]))
            p.jail_cards = []
            for sq in list(self.holdings[seat]):
                self._receive(sq, seat, creditor)
        stays = rules.bankrupt_stays and not forfeit
        if not stays:
            p.bankrupt = True
        p.in_jail = False
        p.jail_turns = 0
        self.bankrupt_order.append(seat)
        self._emit(E.Bankrupt(seat, creditor))
        au = self.auction
        if stays:
            if au is not None and au.high_bidder == seat and au.sealed is None:
                au.high_bidder = NOBODY  # a bid it cannot pay any more
                au.high_bid = 0
        elif au is not None and au.sealed is not None and seat in au.bidders:
            au.bidders.remove(seat)
            au.sealed.pop(seat, None)
            self._sealed_progress()
        elif au is not None and seat in au.bidders:
            i = au.bidders.index(seat)
            del au.bidders[i]
            if i < au.turn:
                au.turn -= 1
            if au.high_bidder == seat:
                au.high_bidder = NOBODY
                au.high_bid = 0
            if au.bidders:
                au.turn %= len(au.bidders)
            self.auction = au
            if not au.bidders or (len(au.bidders) == 1 and au.high_bidder == au.bidders[0]):
                self._auction_progress()
        self._touch()
        if len(self.active_seats()) <= 1:
            self._finish("last_player")
            return
        if rules.end == "bankruptcies" and len(self.bankrupt_order) >= rules.end_bankruptcies:
            self._finish("bankruptcies")
            return
        if seat == self.turn_player:
            self.after_debt_move = 0
            if not stays:
                self._next_turn()

    def _settle_loans_of_bankrupt(self, seat: int, creditor: int, owed: int) -> None:
        """RULES.md §9 house rule: a bankrupt borrower's lenders are creditors too: they
        share its cash with the creditor in proportion to what each is owed. Loans the
        bankrupt made pass to a player creditor (with the rest of the estate) or lapse."""
        claims = [
            (lender, amount)
            for (borrower, lender), amount in sorted(self.loans.items())
            if borrower == seat and not self.players[lender].bankrupt
        ]
        cash = self.players[seat].cash
        total = owed + sum(a for _, a in claims)
        if cash > 0 and total > 0:
            for lender, amount in claims:
                share = cash * amount // total
                if share:
                    self._transfer(seat, lender, share, "bankruptcy")
        loans: dict[tuple[int, int], int] = {}
        for (borrower, lender), amount in self.loans.items():
            if borrower == seat:
                continue
            if lender == seat:
                if creditor < 0 or creditor == borrower:
                    continue
                lender = creditor
            loans[(borrower, lender)] = loans.get((borrower, lender), 0) + amount
        self.loans = loans

    # --- §11 the end

    def _finish(self, reason: str, winner: int | None = None) -> None:
        """RULES.md §11: the last player wins; at every other end the players count their
        net worth and the richest wins (no winner on a tie for the top, nor when the
        table stops the game or a simulation's turn cap cuts a last-player game)."""
        self.phase = OVER
        self.auction = None
        self.auction_queue.clear()
        self.offer = None
        self.choice = None
        worth = tuple(self.net_worth(s) for s in range(len(self.players)))
        survivors = sorted(self.active_seats(), key=lambda s: (-worth[s], self.order.index(s)))
        fallen: list[int] = []
        for s in reversed(self.bankrupt_order):
            if s not in survivors and s not in fallen:
                fallen.append(s)
        ranking = tuple(survivors + fallen)
        if winner is None and survivors:
            if reason == "last_player":
                winner = survivors[0] if len(survivors) == 1 else None
            elif (
                reason != "stopped"
                and (reason != "turn_limit" or self.rules.end == "turn_limit")
                and (len(survivors) == 1 or worth[survivors[0]] > worth[survivors[1]])
            ):
                winner = survivors[0]
        self.outcome = Outcome(reason, winner, ranking, worth, "net_worth")
        self._emit(E.GameOver(reason, winner, ranking))

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Never the order of the decks."""
        t = self.t
        au = self.auction
        offer = self.offer
        return {
            "seat": seat,
            "turn": self.turn_number,
            "turn_player": self.turn_player,
            "phase": self.phase_name,
            "pending": self.pending,
            "dice": list(self.dice),
            "players": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "cash": p.cash,
                    "position": p.position,
                    "in_jail": p.in_jail,
                    "jail_turns": p.jail_turns,
                    "jail_cards": [t.deck_keys[d] for d, _ in p.jail_cards],
                    "bankrupt": p.bankrupt,
                    "net_worth": self.net_worth(p.seat),
                }
                for p in self.players
            ],
            "order": list(self.order),
            "owner": list(self.owner),
            "level": list(self.level),
            "mortgaged": list(self.mortgaged),
            "houses_left": self.houses_left,
            "hotels_left": self.hotels_left,
            "decks": {t.deck_keys[d]: len(pile) for d, pile in enumerate(self.decks)},
            "buy_square": self.buy_square,
            "auction": None
            if au is None
            else {
                "lot": au.lot,
                "square": au.square,
                "bidders": list(au.bidders),
                "next": au.bidders[au.turn] if au.sealed is None else self.pending,
                "high_bid": au.high_bid,
                "high_bidder": au.high_bidder if au.high_bidder != NOBODY else None,
                "sealed": au.sealed is not None,
                # who has handed in a sealed bid; the amounts stay hidden until all are in
                "submitted": sorted(au.sealed) if au.sealed is not None else [],
                "round": au.round,
                "min_bid": au.min_bid,
            },
            "debts": [
                {"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount}
                for d in self.debts
            ],
            "offer": None
            if offer is None
            else {
                "proposer": offer.proposer,
                "target": offer.target,
                "give": offer.give.text(),
                "take": offer.take.text(),
            },
            "receipts": [list(r) for r in self.receipts],
            "placement": list(self.placement) if self.placement else None,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "pot": self.pot,
            "loans": [[b, lender, v] for (b, lender), v in sorted(self.loans.items())],
            "choice": None
            if self.choice is None
            else {
                "seat": self.choice[0],
                "kind": "tax" if self.choice[1] == CHOICE_TAX else "card",
                "amount": self.choice[3],
                "deck": t.deck_keys[self.choice[2]] if self.choice[2] >= 0 else None,
            },
            "time_called": self.time_called,
        }


_NO_EVENTS: list[E.Event] = []
# Trade templates by partner seats: immutable, so shared (building one is not free).
_TRADE_TEMPLATES: dict[tuple[int, ...], A.TradeTemplate] = {}

_CheckFn = Callable[[Game, int, Any], "str | None"]
_ApplyFn = Callable[[Game, int, Any], None]

_CHECKS: dict[type, _CheckFn] = {
    A.Roll: Game._check_roll,
    A.PayJailFine: Game._check_pay_fine,
    A.UseJailCard: Game._check_use_card,
    A.Buy: Game._check_buy,
    A.Decline: Game._check_decline,
    A.Bid: Game._check_bid,
    A.PassBid: Game._check_pass,
    A.EndTurn: Game._check_end,
    A.DeclareBankruptcy: Game._check_bankrupt,
    A.AcceptTrade: Game._check_accept,
    A.RejectTrade: Game._check_reject,
    A.Build: Game._check_build,
    A.SellBuilding: Game._check_sell,
    A.Mortgage: Game._check_mortgage,
    A.Unmortgage: Game._check_unmortgage,
    A.LiftReceived: Game._check_receipt,
    A.KeepMortgaged: Game._check_receipt,
    A.ProposeTrade: Game._check_propose,
    A.CounterTrade: Game._check_counter,
    A.RaiseFunds: Game._check_raise,
    A.ChooseTax: Game._check_choose,
    A.ChooseCard: Game._check_choose,
    A.RepayLoan: Game._check_repay,
    A.Resign: Game._check_resign,
    A.CallTime: Game._check_call_time,
    A.ExpireOffer: Game._check_expire,
    A.Timeout: Game._check_timeout,
    A.StopGame: Game._check_stop,
}
# The table's actions: applied by seat TABLE when a clock runs out or the table stops.
_TABLE_ACTIONS: frozenset[type] = frozenset({A.CallTime, A.ExpireOffer, A.Timeout, A.StopGame})

_APPLY: dict[type, _ApplyFn] = {
    A.Roll: Game._do_roll,
    A.PayJailFine: Game._do_pay_fine,
    A.UseJailCard: Game._do_use_card,
    A.Buy: Game._do_buy,
    A.Decline: Game._do_decline,
    A.Bid: Game._do_bid,
    A.PassBid: Game._do_pass,
    A.EndTurn: Game._do_end,
    A.DeclareBankruptcy: Game._do_bankrupt,
    A.AcceptTrade: Game._do_accept,
    A.RejectTrade: Game._do_reject,
    A.Build: Game._do_build,
    A.SellBuilding: Game._do_sell,
    A.Mortgage: Game._do_mortgage,
    A.Unmortgage: Game._do_unmortgage,
    A.LiftReceived: Game._do_lift,
    A.KeepMortgaged: Game._do_keep,
    A.ProposeTrade: Game._do_propose,
    A.CounterTrade: Game._do_counter,
    A.RaiseFunds: Game._do_raise,
    A.ChooseTax: Game._do_choose_tax,
    A.ChooseCard: Game._do_choose_card,
    A.RepayLoan: Game._do_repay,
    A.Resign: Game._do_resign,
    A.CallTime: Game._do_call_time,
    A.ExpireOffer: Game._do_expire,
    A.Timeout: Game._do_timeout,
    A.StopGame: Game._do_stop,
}
