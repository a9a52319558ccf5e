"""What a legal action does in the Deal (docs/deal-rules.md § Turn, § Actions): :func:`do` changes
the position for one action already checked by :func:`monopoly.deal.legal.why_illegal`.

A play from the hand uses one of the turn's plays (a rent with Double The Rent, one per
card); money and action cards go to the bank, properties to their colour's pile, action
cards played for their effect to the discard pile, and an action aimed at other players
waits for their answers (:mod:`monopoly.deal.requests`).
"""

from __future__ import annotations

from monopoly.core.ids import CardId, PlayerId
from monopoly.deal import events as E
from monopoly.deal.actions import (
    NO_TARGET,
    Accept,
    Action,
    Discard,
    EndTurn,
    MoveWild,
    Pay,
    PlayBank,
    PlayBirthday,
    PlayBreaker,
    PlayDebt,
    PlayForced,
    PlayHotel,
    PlayHouse,
    PlayPassGo,
    PlayProperty,
    PlayRent,
    PlaySly,
    SayNo,
)
from monopoly.deal.payments import fix_buildings
from monopoly.deal.position import (
    BIRTHDAY_AMOUNT,
    DEBT_AMOUNT,
    R_BIRTHDAY,
    R_BREAKER,
    R_DEBT,
    R_FORCED,
    R_RENT,
    R_SLY,
    Position,
    Request,
)
from monopoly.deal.requests import accept, begin, pay_answer, say_no
from monopoly.deal.turns import discard, draw, end_turn

__all__ = ["do"]


def do(pos: Position, seat: PlayerId, action: Action) -> None:
    """Apply a legal action of ``seat`` (not the settling that follows every action)."""
    if isinstance(action, EndTurn):
        end_turn(pos, seat)
    elif isinstance(action, PlayBank):
        _play(pos, action.card)
        pos.to_bank(seat, action.card)
        if pos.events is not None:
            pos.events.append(E.Banked(seat, action.card))
    elif isinstance(action, PlayProperty):
        _play(pos, action.card)
        pos.to_pile(seat, action.card, action.colour)
        if pos.events is not None:
            pos.events.append(E.PropertyLaid(seat, action.card, action.colour))
    elif isinstance(action, MoveWild):
        _move_wild(pos, seat, action)
    elif isinstance(action, PlayRent):
        _play_rent(pos, seat, action)
    elif isinstance(action, (PlayHouse, PlayHotel)):
        _play(pos, action.card)
        pos.to_building(seat, action.card, action.colour)
        if pos.events is not None:
            pos.events.append(E.BuildingPlaced(seat, action.card, action.colour))
    elif isinstance(action, Discard):
        discard(pos, seat, action.cards)
    elif isinstance(action, SayNo):
        say_no(pos, seat, action.card)
    elif isinstance(action, Accept):
        accept(pos, seat)
    elif isinstance(action, Pay):
        pay_answer(pos, seat, action.cards)
    else:
        _play_action_card(pos, seat, action)


def _play(pos: Position, c: CardId) -> None:
    """A card leaves the hand as one of the turn's plays."""
    pos.lift(c)
    pos.plays_left -= 1


def _play_action_card(
    pos: Position, seat: PlayerId,
    action: PlayPassGo | PlayBirthday | PlayDebt | PlaySly | PlayForced | PlayBreaker,
) -> None:
    c = action.card
    _play(pos, c)
    pos.to_discard(c)
    others = list(pos.others[seat])
    if isinstance(action, PlayPassGo):
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "pass_go", ()))
        draw(pos, seat, pos.rules.pass_go_draw)
        return
    if isinstance(action, PlayBirthday):
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "birthday", tuple(others)))
        begin(pos, Request(R_BIRTHDAY, seat, c, others, amount=BIRTHDAY_AMOUNT))
    elif isinstance(action, PlayDebt):
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "debt_collector", (action.target,)))
        begin(pos, Request(R_DEBT, seat, c, [action.target], amount=DEBT_AMOUNT))
    elif isinstance(action, PlaySly):
        target = pos.owner[action.take]
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "sly_deal", (target,)))
        begin(pos, Request(R_SLY, seat, c, [target], take=action.take))
    elif isinstance(action, PlayForced):
        target = pos.owner[action.take]
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "forced_deal", (target,)))
        begin(pos, Request(R_FORCED, seat, c, [target], take=action.take, give=action.give))
    else:
        if pos.events is not None:
            pos.events.append(E.ActionPlayed(seat, c, "deal_breaker", (action.target,)))
        begin(pos, Request(R_BREAKER, seat, c, [action.target], colour=action.colour))


def _play_rent(pos: Position, seat: PlayerId, action: PlayRent) -> None:
    c = action.card
    _play(pos, c)
    pos.to_discard(c)
    for d in action.doubles:
        _play(pos, d)
        pos.to_discard(d)
    amount = pos.rent_of(seat, action.colour) << len(action.doubles)
    targets = [action.target] if action.target != NO_TARGET else list(pos.others[seat])
    if pos.events is not None:
        pos.events.append(E.RentCharged(seat, c, action.colour, amount,
                                        tuple(targets), action.doubles))
    begin(pos, Request(R_RENT, seat, c, targets, amount=amount))


def _move_wild(pos: Position, seat: PlayerId, action: MoveWild) -> None:
    c = action.card
    was = pos.pile_colour[c]
    pos.lift(c)
    pos.to_pile(seat, c, action.colour)
    if pos.events is not None:
        pos.events.append(E.WildMoved(seat, c, was, action.colour))
    fix_buildings(pos, seat)
