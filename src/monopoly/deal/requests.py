"""Action cards aimed at other players and their answers (docs/deal-rules.md § Actions): a
:class:`~monopoly.deal.position.Request` is answered target by target; each answer is a
payment (rent, birthday, debt) or an acceptance (Sly Deal, Forced Deal, Deal Breaker),
or a Just Say No, which the attacker may answer with another, and so on. An odd number
of Just Say No cards cancels the action against that target.

Example::

    >>> from monopoly.deal.actions import PlaySly
    >>> from monopoly.deal.testing import arrange, card
    >>> g = arrange(hands={0: ["sly_deal"], 1: ["just_say_no"]},
    ...             piles={1: {"brown": ["baltic_avenue"]}})
    >>> _ = g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "baltic_avenue")))
    >>> [a.text() for a in answers(g, 1, decision_kind(g))]
    ['accept', 'jsn 22']
"""

from __future__ import annotations

from monopoly.core.ids import CardId, ColourId, PlayerId
from monopoly.core.text import Text
from monopoly.deal import events as E
from monopoly.deal.actions import ACCEPT, Accept, LegalEntry, Pay, PayTemplate, SayNo
from monopoly.deal.decision import D_PAY, decision_kind, seat_of
from monopoly.deal.deck import HOTEL, HOUSE, JUST_SAY_NO, WILD
from monopoly.deal.payments import check_payment, fix_buildings, pay, receive_building
from monopoly.deal.position import (
    NONE,
    OVER,
    PLAY,
    R_BREAKER,
    R_FORCED,
    R_SLY,
    RESPOND,
    Position,
    Request,
)
from monopoly.deal.turns import check_win

__all__ = ["accept", "answers", "begin", "check_answer", "next_target", "pay_answer", "say_no",
           "settle"]


def begin(pos: Position, req: Request) -> None:
    """The action waits for its targets' answers."""
    pos.request = req
    pos.phase = RESPOND


def answers(pos: Position, seat: PlayerId, kind: int) -> list[LegalEntry]:
    """The legal answers of ``seat``, which must answer now a decision of ``kind``
    (:mod:`monopoly.deal.decision`): accept, or pay (a template, or every payable card
    when that does not cover the debt); and a Just Say No, the first in the hand, when
    the seat may play one."""
    req = pos.request
    if req is None:
        return []
    out: list[LegalEntry] = []
    if kind != D_PAY:
        out.append(ACCEPT)
    else:
        cards = pos.payable(seat)
        value = pos.deck.value
        if sum(value[c] for c in cards) <= req.amount:
            out.append(Pay(tuple(cards)))
        else:
            out.append(PayTemplate(req.amount, tuple(cards)))
    if pos.can_say_no(seat):
        action = pos.deck.action
        for c in pos.hands[seat]:
            if action[c] == JUST_SAY_NO:
                out.append(SayNo(c))
                break
    return out


def check_answer(pos: Position, seat: PlayerId, action: SayNo | Accept | Pay,
                 req: Request, kind: int) -> str | None:
    """Why an answer is not legal for ``seat`` (deciding a decision of ``kind``), or
    None."""
    if isinstance(action, SayNo):
        c = action.card
        if not pos.in_hand(seat, c) or pos.deck.action[c] != JUST_SAY_NO:
            return Text("card {card} is not a Just Say No in seat {seat}'s hand",
                        card=c, seat=seat)
        if pos.rules.jsn_uses_play and seat == pos.turn_seat and pos.plays_left <= 0:
            return Text("no plays left for a Just Say No")
        return None
    paying = kind == D_PAY
    if isinstance(action, Accept):
        if paying:
            return Text("seat {seat} must pay {amount}M (or say no)",
                        seat=seat, amount=req.amount)
        return None
    if not paying:
        return Text("nothing to pay now")
    return check_payment(pos, seat, action.cards, req.amount)


def say_no(pos: Position, seat: PlayerId, c: CardId) -> None:
    req = pos.request
    if req is None:  # pragma: no cover - the checks admit SayNo only with a request
        return
    pos.lift(c)
    pos.to_discard(c)
    if pos.rules.jsn_uses_play and seat == pos.turn_seat:
        pos.plays_left -= 1
    req.nos += 1
    if pos.events is not None:
        pos.events.append(E.SaidNo(seat, c, req.nos % 2 == 1))


def accept(pos: Position, seat: PlayerId) -> None:
    req = pos.request
    if req is None:  # pragma: no cover
        return
    if pos.events is not None:
        pos.events.append(E.Accepted(seat))
    if req.nos % 2 == 1:
        if pos.events is not None:
            pos.events.append(E.Cancelled(req.attacker, req.targets[0]))
    else:
        _resolve(pos, req)
    next_target(pos)


def pay_answer(pos: Position, seat: PlayerId, cards: tuple[CardId, ...]) -> None:
    """The target pays the request's amount with ``cards``."""
    req = pos.request
    if req is not None:
        pay(pos, seat, req.attacker, cards, req.amount)
        next_target(pos)


def _resolve(pos: Position, req: Request) -> None:
    """The action against ``targets[0]`` takes effect (a non-payment one)."""
    a, t = req.attacker, req.targets[0]
    if req.kind == R_SLY:
        c = req.take
        colour = pos.pile_colour[c]
        pos.lift(c)
        pos.to_pile(a, c, colour)
        if pos.events is not None:
            pos.events.append(E.PropertyTaken(a, t, c))
        fix_buildings(pos, t)
    elif req.kind == R_FORCED:
        give, take = req.give, req.take
        gc, tc = pos.pile_colour[give], pos.pile_colour[take]
        pos.lift(give)
        pos.lift(take)
        pos.to_pile(t, give, gc)
        pos.to_pile(a, take, tc)
        if pos.events is not None:
            pos.events.append(E.PropertiesSwapped(a, t, give, take))
        fix_buildings(pos, a)
        fix_buildings(pos, t)
    elif req.kind == R_BREAKER:
        _break_deal(pos, a, t, req.colour)


def _break_deal(pos: Position, a: PlayerId, t: PlayerId, colour: ColourId) -> None:
    """Deal Breaker: the whole pile with its buildings (docs/deal-rules.md § Actions, silent; option
    ``deal_breaker_takes_extras``: False takes just a full set, real properties first)."""
    pile = list(pos.piles[t][colour])
    if not pos.rules.deal_breaker_takes_extras:
        deck = pos.deck
        pile.sort(key=lambda c: (deck.kind[c] == WILD, deck.any_colour[c]))
        pile = pile[:deck.set_size[colour]]
    buildings = [b for b in (pos.house[t][colour], pos.hotel[t][colour]) if b != NONE]
    for c in pile:
        pos.lift(c)
        pos.to_pile(a, c, colour)
    house, hotel = pos.house[a], pos.hotel[a]
    for b in buildings:
        pos.lift(b)
        code = pos.deck.action[b]
        if ((code == HOUSE and house[colour] == NONE)
                or (code == HOTEL and hotel[colour] == NONE and house[colour] != NONE)):
            pos.to_building(a, b, colour)
        else:
            receive_building(pos, a, b)
    if pos.events is not None:
        pos.events.append(E.SetTaken(a, t, colour, tuple(pile)))
    fix_buildings(pos, t)
    fix_buildings(pos, a)


def next_target(pos: Position) -> None:
    """The current target has answered: the next one answers, or the turn goes on."""
    req = pos.request
    if req is None:  # pragma: no cover
        return
    req.targets.pop(0)
    req.nos = 0
    if not req.targets:
        pos.request = None
        if pos.phase != OVER:
            pos.phase = PLAY


def settle(pos: Position) -> None:
    """After every action: award a win at once (docs/deal-rules.md § End), then take the
    decisions that leave no choice when the rules say not to ask them (option
    ``ask_without_choice``)."""
    while True:
        if pos.phase == OVER or check_win(pos):
            return
        if pos.phase != RESPOND or pos.rules.ask_without_choice:
            return
        req = pos.request
        if req is None:  # pragma: no cover
            return
        kind = decision_kind(pos)
        seat = seat_of(pos, kind)
        if pos.can_say_no(seat):
            return
        if kind != D_PAY:
            accept(pos, seat)
            continue
        cards = pos.payable(seat)
        value = pos.deck.value
        if sum(value[c] for c in cards) > req.amount:
            return
        pay(pos, seat, req.attacker, tuple(cards), req.amount)
        next_target(pos)

