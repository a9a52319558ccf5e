"""Actions: every decision a player makes is one of these small frozen values.

Each action has a canonical text form that parses back (``Action.text()`` and
:func:`parse_action`), like a chess move in UCI notation. Actions never carry the acting
player: the game applies them on behalf of a seat (``game.apply(seat, action)``).

Actions without parameters are singletons (``ROLL``, ``END_TURN``...), actions on one
square come from pre-built tables (``BUILD[39]``), so the hot path allocates nothing.
Open-parameter actions (a bid, a trade, a batch of sales) are built by the caller;
``legal_actions`` lists their *templates* (:class:`BidRange`, :class:`TradeTemplate`,
:class:`RaiseFundsTemplate`) with the bounds that apply, and ``is_legal`` decides a
concrete one.

Text forms::

    roll  pay-fine  use-card  buy  decline  pass  end  bankrupt  accept  reject  resign
    tax flat  tax percent  choose pay  choose draw  repay 2 100
    time  expire  timeout 2  stop            (the table's actions, when a clock runs out)
    bid 120  build 39  sell 39  mortgage 5  unmortgage 5  lift 5  keep 5
    propose 2 give=$100,1,3 take=39,card:chance
    counter give=$50 take=-
    raise sell=39:3,37:3 mortgage=5,6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from monopoly.board.errors import MalformedActionError
from monopoly.core.text import Text

N_SQUARES = 40


@dataclass(frozen=True, slots=True)
class Roll:
    """Throw the dice: the turn's roll, or a try for doubles while in jail (docs/rules.md §2,
    §7)."""


    def text(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class PayJailFine:
    """Pay the fine before rolling, on the first or second turn in jail (docs/rules.md §7)."""


    def text(self) -> str:
        return "pay-fine"


@dataclass(frozen=True, slots=True)
class UseJailCard:
    """Use a Get Out of Jail Free card (docs/rules.md §7)."""


    def text(self) -> str:
        return "use-card"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the unowned property the token stands on at its printed price (docs/rules.md §3)."""


    def text(self) -> str:
        return "buy"


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline to buy: the bank auctions the property at once (docs/rules.md §3)."""


    def text(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid an amount in the running auction (docs/rules.md §3, §8 housing shortage)."""

    amount: int

    def text(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class PassBid:
    """Leave the running auction (docs/rules.md §3)."""


    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn; the next player is on turn (docs/rules.md §2)."""


    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy:
    """Give up: only legal for a debtor who cannot pay even after selling everything (§9)."""


    def text(self) -> str:
        return "bankrupt"


@dataclass(frozen=True, slots=True)
class AcceptTrade:
    """Accept the trade offered to this seat (docs/rules.md §9)."""


    def text(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class RejectTrade:
    """Reject the trade offered to this seat (docs/rules.md §9)."""


    def text(self) -> str:
        return "reject"


@dataclass(frozen=True, slots=True)
class Build:
    """Buy one house (or the hotel) for a street (docs/rules.md §8)."""

    square: int

    def text(self) -> str:
        return f"build {self.square}"


@dataclass(frozen=True, slots=True)
class SellBuilding:
    """Sell one house, or break a hotel down to 4 houses, back to the bank (docs/rules.md §8)."""

    square: int

    def text(self) -> str:
        return f"sell {self.square}"


@dataclass(frozen=True, slots=True)
class Mortgage:
    """Mortgage an undeveloped property for half its price (docs/rules.md §9)."""

    square: int

    def text(self) -> str:
        return f"mortgage {self.square}"


@dataclass(frozen=True, slots=True)
class Unmortgage:
    """Lift a mortgage: the mortgage value plus 10 % interest (docs/rules.md §9)."""

    square: int

    def text(self) -> str:
        return f"unmortgage {self.square}"


@dataclass(frozen=True, slots=True)
class LiftReceived:
    """Lift at once a mortgaged property just received (the 10 % fee is already paid, §9)."""

    square: int

    def text(self) -> str:
        return f"lift {self.square}"


@dataclass(frozen=True, slots=True)
class KeepMortgaged:
    """Keep a received mortgaged property mortgaged (docs/rules.md §9)."""

    square: int

    def text(self) -> str:
        return f"keep {self.square}"


@dataclass(frozen=True, slots=True)
class Bundle:
    """One side of a trade: cash, property squares, Get Out of Jail Free cards (by deck)
    and, where loans between players are allowed (docs/rules.md §9 house rule), an IOU: the
    giver of this side promises to pay `iou` later (a loan is cash now against an IOU)."""

    cash: int = 0
    squares: tuple[int, ...] = ()
    jail_cards: tuple[str, ...] = ()
    iou: int = 0

    def is_empty(self) -> bool:
        return self.cash == 0 and not self.squares and not self.jail_cards and not self.iou

    def text(self) -> str:
        items: list[str] = []
        if self.cash:
            items.append(f"${self.cash}")
        items.extend(str(s) for s in self.squares)
        items.extend(f"card:{d}" for d in self.jail_cards)
        if self.iou:
            items.append(f"iou:{self.iou}")
        return ",".join(items) if items else "-"

    @staticmethod
    def parse(text: str) -> Bundle:
        if text == "-":
            return Bundle()
        cash = 0
        iou = 0
        squares: list[int] = []
        cards: list[str] = []
        for item in text.split(","):
            if item.startswith("$"):
                cash += _int(item[1:], "cash")
            elif item.startswith("card:"):
                if not item[5:]:
                    raise MalformedActionError(Text("'card:' needs a deck name, e.g. card:chance"))
                cards.append(item[5:])
            elif item.startswith("iou:"):
                iou += _int(item[4:], "iou")
            else:
                squares.append(_square(item))
        return Bundle(cash, tuple(squares), tuple(cards), iou)


@dataclass(frozen=True, slots=True)
class ProposeTrade:
    """Offer a trade to another seat: this seat gives `give` and receives `take` (§9)."""

    to: int
    give: Bundle
    take: Bundle

    def text(self) -> str:
        return f"propose {self.to} give={self.give.text()} take={self.take.text()}"


@dataclass(frozen=True, slots=True)
class CounterTrade:
    """Answer the offer made to this seat with another offer to the proposer (§9)."""

    give: Bundle
    take: Bundle

    def text(self) -> str:
        return f"counter give={self.give.text()} take={self.take.text()}"


@dataclass(frozen=True, slots=True)
class RaiseFunds:
    """Sell buildings down to the given levels and mortgage the given properties, at once.

    ``levels`` maps squares to their new building level (0-4 houses, 5 = hotel). This is
    also how a hotel is sold off whole when the bank has no houses to break it down (§8).
    """

    levels: tuple[tuple[int, int], ...] = ()
    mortgages: tuple[int, ...] = ()

    def text(self) -> str:
        sell = ",".join(f"{s}:{lv}" for s, lv in self.levels) or "-"
        mort = ",".join(str(s) for s in self.mortgages) or "-"
        return f"raise sell={sell} mortgage={mort}"


@dataclass(frozen=True, slots=True)
class ChooseTax:
    """Income tax (docs/rules.md §6, CZ option): the flat amount or a percentage of total
    worth, chosen before the worth is counted."""

    percent: bool

    def text(self) -> str:
        return "tax percent" if self.percent else "tax flat"


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """"Pay a fine or take a card" (docs/rules.md §5, §10): pay, or draw from the named deck."""

    draw: bool

    def text(self) -> str:
        return "choose draw" if self.draw else "choose pay"


@dataclass(frozen=True, slots=True)
class RepayLoan:
    """Pay back (part of) a loan from another player (docs/rules.md §9 house rule)."""

    to: int
    amount: int

    def text(self) -> str:
        return f"repay {self.to} {self.amount}"


@dataclass(frozen=True, slots=True)
class Resign:
    """Leave the game: everything goes to the bank (CZ: "Hráč, který odchází ze hry, musí
    odevzdat veškerý svůj majetek bankéři"), or to the creditor of a debt being raised."""

    def text(self) -> str:
        return "resign"


# --- the table's actions: applied by seat TABLE (-1) when a clock runs out -------------


@dataclass(frozen=True, slots=True)
class CallTime:
    """The time limit is reached (docs/rules.md §11): a player who has rolled finishes."""

    def text(self) -> str:
        return "time"


@dataclass(frozen=True, slots=True)
class ExpireOffer:
    """The negotiation limit ends the trade offer waiting for an answer (§9, TOUR)."""

    def text(self) -> str:
        return "expire"


@dataclass(frozen=True, slots=True)
class Timeout:
    """The turn clock ran out for `seat`, which is forfeited (docs/rules.md §9, RU)."""

    seat: int

    def text(self) -> str:
        return f"timeout {self.seat}"


@dataclass(frozen=True, slots=True)
class StopGame:
    """The table stops the game; the assets are counted (a stopped game's score sheet)."""

    def text(self) -> str:
        return "stop"


Action = (
    Roll
    | PayJailFine
    | UseJailCard
    | Buy
    | Decline
    | Bid
    | PassBid
    | EndTurn
    | DeclareBankruptcy
    | AcceptTrade
    | RejectTrade
    | Build
    | SellBuilding
    | Mortgage
    | Unmortgage
    | LiftReceived
    | KeepMortgaged
    | ProposeTrade
    | CounterTrade
    | RaiseFunds
    | ChooseTax
    | ChooseCard
    | RepayLoan
    | Resign
    | CallTime
    | ExpireOffer
    | Timeout
    | StopGame
)


# --- templates: the open-parameter actions as legal_actions lists them -----------------


@dataclass(frozen=True, slots=True)
class BidRange:
    """A bid of any amount from `low` to `high` (inclusive) is legal."""

    low: int
    high: int

    def text(self) -> str:
        return f"bid {self.low}..{self.high}"


@dataclass(frozen=True, slots=True)
class TradeTemplate:
    """A trade may be proposed (or, with `counter`, countered) to these seats."""

    partners: tuple[int, ...]
    counter: bool = False

    @property
    def name(self) -> str:
        return "counter" if self.counter else "propose"

    def text(self) -> str:
        return f"{self.name} to={','.join(map(str, self.partners))}"


@dataclass(frozen=True, slots=True)
class RaiseFundsTemplate:
    """Buildings may be sold and properties mortgaged in one batch (:class:`RaiseFunds`)."""


    def text(self) -> str:
        return "raise ..."


@dataclass(frozen=True, slots=True)
class RepayRange:
    """A repayment of `low`..`high` to seat `to` is legal."""

    to: int
    low: int
    high: int

    def text(self) -> str:
        return f"repay {self.to} {self.low}..{self.high}"


Template = (
    BidRange
    | RepayRange
    | TradeTemplate
    | RaiseFundsTemplate
)
LegalEntry = (
    Action
    | Template
)

# --- singletons and per-square tables -------------------------------------------------

ROLL: Final = Roll()
PAY_JAIL_FINE: Final = PayJailFine()
USE_JAIL_CARD: Final = UseJailCard()
BUY: Final = Buy()
DECLINE: Final = Decline()
PASS_BID: Final = PassBid()
END_TURN: Final = EndTurn()
DECLARE_BANKRUPTCY: Final = DeclareBankruptcy()
ACCEPT_TRADE: Final = AcceptTrade()
REJECT_TRADE: Final = RejectTrade()
RAISE_FUNDS_TEMPLATE: Final = RaiseFundsTemplate()
TAX_FLAT: Final = ChooseTax(False)
TAX_PERCENT: Final = ChooseTax(True)
CHOOSE_PAY: Final = ChooseCard(False)
CHOOSE_DRAW: Final = ChooseCard(True)
CALL_TIME: Final = CallTime()
EXPIRE_OFFER: Final = ExpireOffer()
STOP_GAME: Final = StopGame()
RESIGN: Final = Resign()

BUILD: Final = tuple(Build(i) for i in range(N_SQUARES))
SELL: Final = tuple(SellBuilding(i) for i in range(N_SQUARES))
MORTGAGE: Final = tuple(Mortgage(i) for i in range(N_SQUARES))
UNMORTGAGE: Final = tuple(Unmortgage(i) for i in range(N_SQUARES))
LIFT: Final = tuple(LiftReceived(i) for i in range(N_SQUARES))
KEEP: Final = tuple(KeepMortgaged(i) for i in range(N_SQUARES))

_SINGLETONS: dict[str, Action] = {
    a.text(): a
    for a in (
        ROLL,
        PAY_JAIL_FINE,
        USE_JAIL_CARD,
        BUY,
        DECLINE,
        PASS_BID,
        END_TURN,
        DECLARE_BANKRUPTCY,
        ACCEPT_TRADE,
        REJECT_TRADE,
    )
}
_SQUARE_TABLES: dict[str, tuple[Action, ...]] = {
    "build": BUILD,
    "sell": SELL,
    "mortgage": MORTGAGE,
    "unmortgage": UNMORTGAGE,
    "lift": LIFT,
    "keep": KEEP,
}

# Stable integer ids for the finite actions (an RL action space): singletons first, then
# the per-square tables in the order above. Open-parameter actions have no id.
ACTION_IDS: dict[Action, int] = {}
for _a in _SINGLETONS.values():
    ACTION_IDS[_a] = len(ACTION_IDS)
for _table in _SQUARE_TABLES.values():
    for _a in _table:
        ACTION_IDS[_a] = len(ACTION_IDS)
# Added with the variants (after the tables, so that earlier ids stay as they were).
_PHRASES: dict[str, Action] = {
    a.text(): a for a in (TAX_FLAT, TAX_PERCENT, CHOOSE_PAY, CHOOSE_DRAW, RESIGN)
}
for _a in _PHRASES.values():
    ACTION_IDS[_a] = len(ACTION_IDS)
# The table's actions (clocks) have no id: they are not a player's decisions.
_TABLE_SINGLETONS: dict[str, Action] = {a.text(): a for a in (CALL_TIME, EXPIRE_OFFER, STOP_GAME)}
ACTIONS_BY_ID: tuple[Action, ...] = tuple(ACTION_IDS)


def _int(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise MalformedActionError(
            Text(
                "{what} must be a whole number in digits, got {value}", what=what, value=repr(text)
            )
        )
    return int(text)


def _square(text: str) -> int:
    value = _int(text, "square")
    if value >= N_SQUARES:
        raise MalformedActionError(
            Text("square must be 0-{last}, got {value}", last=N_SQUARES - 1, value=value)
        )
    return value


def _keyvals(parts: list[str], keys: tuple[str, ...], verb: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in keys or key in out:
            raise MalformedActionError(
                Text("{verb}: expected {keys}", verb=verb, keys=" ".join(k + "=" for k in keys))
            )
        out[key] = value
    if set(out) != set(keys):
        raise MalformedActionError(
            Text("{verb}: expected {keys}", verb=verb, keys=" ".join(k + "=..." for k in keys))
        )
    return out


def parse_action(text: object) -> Action:
    """Parse the canonical text form of an action. Raises :class:`MalformedActionError`."""
    if not isinstance(text, str):
        raise MalformedActionError(
            Text("an action must be text, got {value}", value=type(text).__name__)
        )
    words = text.strip().split()
    if not words:
        raise MalformedActionError(Text("empty action"))
    verb, args = words[0], words[1:]
    phrase = _PHRASES.get(" ".join(words))
    if phrase is not None:
        return phrase
    if verb in ("tax", "choose"):
        raise MalformedActionError(
            Text("{verb} takes one of: {choices}", verb=repr(verb),
                 choices="flat, percent" if verb == "tax" else "pay, draw")
        )
    single = _SINGLETONS.get(verb) or _TABLE_SINGLETONS.get(verb)
    if single is not None:
        if args:
            raise MalformedActionError(Text("{verb} takes no arguments", verb=repr(verb)))
        return single
    table = _SQUARE_TABLES.get(verb)
    if table is not None:
        if len(args) != 1:
            raise MalformedActionError(
                Text(
                    "{verb} takes one square, e.g. {example}",
                    verb=repr(verb),
                    example=f"'{verb} 39'",
                )
            )
        return table[_square(args[0])]
    if verb == "bid":
        if len(args) != 1:
            raise MalformedActionError(Text("'bid' takes one amount, e.g. 'bid 120'"))
        amount = _int(args[0], "bid")
        if amount <= 0:
            raise MalformedActionError(Text("a bid must be at least 1"))
        return Bid(amount)
    if verb == "repay":
        if len(args) != 2:
            raise MalformedActionError(Text("'repay' is 'repay SEAT AMOUNT', e.g. 'repay 2 100'"))
        amount = _int(args[1], "amount")
        if amount <= 0:
            raise MalformedActionError(Text("a repayment must be at least 1"))
        return RepayLoan(_int(args[0], "seat"), amount)
    if verb == "timeout":
        if len(args) != 1:
            raise MalformedActionError(Text("'timeout' takes one seat, e.g. 'timeout 2'"))
        return Timeout(_int(args[0], "seat"))
    if verb == "propose":
        if len(args) != 3:
            raise MalformedActionError(Text("'propose' is 'propose SEAT give=... take=...'"))
        kv = _keyvals(args[1:], ("give", "take"), verb)
        return ProposeTrade(
            _int(args[0], "seat"), Bundle.parse(kv["give"]), Bundle.parse(kv["take"])
        )
    if verb == "counter":
        kv = _keyvals(args, ("give", "take"), verb)
        return CounterTrade(Bundle.parse(kv["give"]), Bundle.parse(kv["take"]))
    if verb == "raise":
        kv = _keyvals(args, ("sell", "mortgage"), verb)
        levels: list[tuple[int, int]] = []
        if kv["sell"] != "-":
            for item in kv["sell"].split(","):
                sq, sep, lv = item.partition(":")
                if not sep:
                    raise MalformedActionError(Text("'raise sell=' items are SQUARE:LEVEL"))
                level = _int(lv, "level")
                if level > 5:
                    raise MalformedActionError(Text("a building level is 0-5"))
                levels.append((_square(sq), level))
        morts = (
            tuple(_square(s) for s in kv["mortgage"].split(",")) if kv["mortgage"] != "-" else ()
        )
        return RaiseFunds(tuple(levels), morts)
    raise MalformedActionError(Text("unknown action {verb}", verb=repr(verb)))
