"""The random bot: uniform over the legal entries, templates concretised at random.

Deviations from a plain uniform choice, so that random games progress and end:

- a trade (proposal or counter-offer) is attempted only with probability
  :data:`TRADE_PROBABILITY` when a ``TradeTemplate`` is listed; otherwise the choice is
  uniform over the other entries;
- a bid that would raise someone else's standing bid is turned into a pass with
  probability 1/2 (an opening bid is always a bid).

A template that cannot be turned into a legal action (no trade can be built) is dropped
and another entry chosen.
"""

from __future__ import annotations

import random

from monopoly.board import actions as A
from monopoly.board.view import SeatView

TRADE_PROBABILITY = 0.02


class RandomBot:
    """Chooses uniformly among the legal entries (see the module docstring)."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        rng = self.rng
        entries = [e for e in legal if e is not A.RESIGN]  # leaving is not a random move
        trades = [e for e in entries if isinstance(e, A.TradeTemplate)]
        if trades:
            entries = [e for e in entries if not isinstance(e, A.TradeTemplate)]
            if rng.random() < TRADE_PROBABILITY:
                trade = make_trade(view, rng.choice(trades), rng)
                if trade is not None:
                    return trade
        while entries:
            i = rng.randrange(len(entries))
            entry = entries[i]
            action = self._concretise(view, entry)
            if action is not None:
                return action
            entries.pop(i)
        raise RuntimeError(f"seat {view.seat}: no legal entry could be made concrete")

    def _concretise(self, view: SeatView, entry: A.LegalEntry) -> A.Action | None:
        rng = self.rng
        if isinstance(entry, A.BidRange):
            au = view.auction()
            if au is not None and au["high_bidder"] is not None and rng.random() < 0.5:
                return A.PASS_BID
            return A.Bid(rng.randint(entry.low, entry.high))
        if isinstance(entry, A.RepayRange):
            return A.RepayLoan(entry.to, rng.randint(entry.low, entry.high))
        if isinstance(entry, A.RaiseFundsTemplate):
            return make_raise(view, rng)
        if isinstance(entry, A.TradeTemplate):
            return make_trade(view, entry, rng)
        return entry


def _spendable(view: SeatView, seat: int) -> int:
    """Cash `seat` may give away: all but a standing high bid."""
    cash = view.cash(seat)
    au = view.auction()
    if au is not None and au["high_bidder"] == seat:
        cash -= au["high_bid"]
    return max(cash, 0)


def _tradeable(view: SeatView, seat: int) -> list[int]:
    """The seat's properties that may change hands: no buildings in their group (§9)."""
    t = view.tables
    out = []
    for sq in view.holdings(seat):
        if not any(view.level(s) for s in t.groups[t.group_of[sq]]):
            out.append(sq)
    return out


def _bundle(view: SeatView, seat: int, rng: random.Random) -> A.Bundle:
    """A small random bundle of what `seat` holds: at most 2 deeds, some cash, a card."""
    squares = _tradeable(view, seat)
    if not view.rules.trade_mortgaged:
        squares = [sq for sq in squares if not view.is_mortgaged(sq)]
    k = rng.randint(0, min(2, len(squares)))
    chosen = tuple(sorted(rng.sample(squares, k)))
    spendable = _spendable(view, seat)
    cash = rng.randint(1, spendable) if spendable > 0 and rng.random() < 0.5 else 0
    held = view.jail_cards(seat)
    cards = (rng.choice(held),) if held and rng.random() < 0.3 else ()
    iou = rng.randint(1, 300) if view.rules.player_loans and rng.random() < 0.2 else 0
    return A.Bundle(cash, chosen, cards, iou)


def make_trade(
    view: SeatView, template: A.TradeTemplate, rng: random.Random
) -> A.ProposeTrade | A.CounterTrade | None:
    """A small random trade with one of the template's partners, or None if none is legal.

    Built from the view with the rules of §9 the engine checks for a proposal: each
    side gives only what it holds, cash within what it may spend, no deed of a group
    with buildings, and the trade is not empty.
    """
    me = view.seat
    if me is None or not template.partners:
        return None
    partner = rng.choice(template.partners)
    for _ in range(4):
        give = _bundle(view, me, rng)
        take = _bundle(view, partner, rng)
        if give.is_empty() and take.is_empty():
            continue
        trade: A.ProposeTrade | A.CounterTrade = (
            A.CounterTrade(give, take) if template.counter else A.ProposeTrade(partner, give, take)
        )
        if view.is_legal(trade):
            return trade
    return None


def make_raise(view: SeatView, rng: random.Random) -> A.RaiseFunds | None:
    """A random legal batch of building sales and mortgages (§8, §9), or None.

    Each built group may be sold down to a random level (evenly: every street capped at
    that level); hotels come down to nothing when the bank lacks the houses to break
    them down. Then a random subset of the unmortgaged deeds whose group is left
    without buildings is mortgaged. The batch is never empty when anything can be sold.
    """
    me = view.seat
    if me is None:
        return None
    t = view.tables
    hl = view.hotel_level
    holdings = view.holdings(me)
    new_level = {sq: view.level(sq) for sq in holdings}
    built_groups = sorted({t.group_of[sq] for sq in holdings if new_level[sq]})
    chosen_groups = [g for g in built_groups if rng.random() < 0.5]
    if not chosen_groups and built_groups and rng.random() < 0.5:
        chosen_groups = [rng.choice(built_groups)]
    houses_back = 0
    for g in chosen_groups:
        top = max(new_level[s] for s in t.groups[g])
        cap = rng.randrange(top)
        for s in t.groups[g]:
            if new_level[s] > cap:
                old = new_level[s]
                houses_back += (old if old < hl else 0) - (cap if cap < hl else 0)
                new_level[s] = cap
    if view.houses_left + houses_back < 0:
        # Not enough houses in the bank to break hotels down: sell those groups off whole.
        for g in chosen_groups:
            for s in t.groups[g]:
                new_level[s] = 0
    levels = tuple((sq, new_level[sq]) for sq in holdings if new_level[sq] < view.level(sq))
    candidates = [
        sq
        for sq in holdings
        if not view.is_mortgaged(sq)
        and not any(new_level.get(s, view.level(s)) for s in t.groups[t.group_of[sq]])
    ]
    mortgages = tuple(sq for sq in candidates if rng.random() < 0.5)
    if not levels and not mortgages:
        if candidates:
            mortgages = (rng.choice(candidates),)
        elif built_groups:
            g = rng.choice(built_groups)
            levels = tuple((s, 0) for s in t.groups[g] if view.level(s))
        else:
            return None
    return A.RaiseFunds(levels, mortgages)
