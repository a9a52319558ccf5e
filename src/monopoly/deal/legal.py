"""Legality in the Deal: the single source of what a seat may do (:func:`legal_actions`)
and why a concrete action is not legal (:func:`why_illegal`), with the same rules.

``legal_actions`` lists every action of the deciding seat; equivalent cards (two 1M
notes, two Sly Deals) are listed once, by their first id in the hand, and payments and
discards, which have open parameters, as templates (:class:`PayTemplate`,
:class:`DiscardTemplate`). ``why_illegal`` accepts any copy of a card.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> [a.text() for a in legal_actions(g, 0)][:3]
    ['end', 'play 41 bank', 'play 41 passgo']
    >>> why_illegal(g, 1, END)
    "it is seat 0's decision, not seat 1's"
"""

from __future__ import annotations

from typing import Any

from monopoly.core.ids import CardId, ColourId, PlayerId
from monopoly.core.text import Text
from monopoly.deal.actions import (
    BANK,
    END,
    MOVE,
    NO_TARGET,
    Accept,
    Discard,
    DiscardTemplate,
    EndTurn,
    LegalEntry,
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
from monopoly.deal.actions import PROPERTY as PROPERTY_PLAYS
from monopoly.deal.decision import (
    D_ANSWER_NO,
    D_DISCARD,
    D_OVER,
    D_PAY,
    D_PLAY,
    D_RESPOND,
    decision_kind,
    seat_of,
)
from monopoly.deal.deck import (
    ACTION,
    ACTION_KEYS,
    BIRTHDAY,
    DEAL_BREAKER,
    DEBT_COLLECTOR,
    DOUBLE_RENT,
    FORCED_DEAL,
    HOTEL,
    HOUSE,
    PASS_GO,
    PROPERTY,
    RENT,
    SLY_DEAL,
    WILD,
    Deck,
)
from monopoly.deal.position import NONE, P_PILE, Position
from monopoly.deal.requests import answers, check_answer

__all__ = ["building_reason", "legal_actions", "why_illegal"]


def legal_actions(pos: Position, seat: PlayerId) -> list[LegalEntry]:
    """Everything ``seat`` may do now (empty when it is not this seat's decision)."""
    kind = decision_kind(pos)
    if kind <= D_DISCARD:  # seat_of's first case, inline on the hot path
        if seat != pos.turn_seat:
            return []
    elif kind == D_OVER or seat != seat_of(pos, kind):
        return []
    if kind == D_PLAY:
        return _play_actions(pos, seat)
    if kind == D_DISCARD:
        hand = pos.hands[seat]
        return [DiscardTemplate(len(hand) - pos.rules.hand_limit, tuple(hand))]
    return answers(pos, seat, kind)


def _play_actions(pos: Position, seat: PlayerId) -> list[LegalEntry]:
    deck = pos.deck
    out: list[LegalEntry] = [END]
    for colour, pile in enumerate(pos.piles[seat]):
        for c in pile:
            if deck.kind[c] == WILD:
                moves = MOVE[c]
                for to in deck.colours[c]:
                    if to != colour:
                        out.append(moves[to])
    if pos.plays_left <= 0:
        return out
    seen: set[int] = set()
    kind, action, type_of = deck.kind, deck.action, deck.type_of
    hand = pos.hands[seat]
    for c in hand:
        t = type_of[c]
        if t in seen:
            continue
        seen.add(t)
        k = kind[c]
        if k in (PROPERTY, WILD):
            lay = PROPERTY_PLAYS[c]
            for colour in deck.colours[c]:
                out.append(lay[colour])
            continue
        out.append(BANK[c])
        if k == RENT:
            _rent_actions(pos, seat, c, out)
        elif k == ACTION:
            _action_card_actions(pos, seat, c, action[c], out)
    return out


def _action_card_actions(pos: Position, seat: PlayerId, c: CardId, code: int,
                         out: list[LegalEntry]) -> None:
    if code == PASS_GO:
        out.append(PlayPassGo(c))
    elif code == BIRTHDAY:
        out.append(PlayBirthday(c))
    elif code == DEBT_COLLECTOR:
        for t in pos.others[seat]:
            out.append(PlayDebt(c, t))
    elif code == SLY_DEAL:
        for t in pos.others[seat]:
            for x in pos.loose(t):
                out.append(PlaySly(c, x))
    elif code == FORCED_DEAL:
        mine = pos.loose(seat)
        if mine:
            for t in pos.others[seat]:
                for x in pos.loose(t):
                    for g in mine:
                        out.append(PlayForced(c, g, x))
    elif code == DEAL_BREAKER:
        for t in pos.others[seat]:
            for colour in range(pos.deck.n_colours):
                if pos.is_full(t, colour):
                    out.append(PlayBreaker(c, t, colour))
    elif code in (HOUSE, HOTEL):
        for colour in range(pos.deck.n_colours):
            if pos.can_build(seat, code, colour):
                out.append(PlayHouse(c, colour) if code == HOUSE else PlayHotel(c, colour))


def _rent_actions(pos: Position, seat: PlayerId, c: CardId, out: list[LegalEntry]) -> None:
    deck = pos.deck
    doubles = [d for d in pos.hands[seat] if deck.action[d] == DOUBLE_RENT]
    most = min(len(doubles), pos.plays_left - 1)
    if not pos.rules.stack_double_rent:
        most = min(most, 1)
    targets = pos.others[seat] if deck.any_colour[c] else [NO_TARGET]
    for colour in deck.colours[c]:
        if pos.rent_of(seat, colour) <= 0:
            continue
        for t in targets:
            for k in range(most + 1):
                out.append(PlayRent(c, colour, t, tuple(doubles[:k])))


# ---------------------------------------------------------------------- legality

_ACTION_OF: dict[type, int] = {
    PlayPassGo: PASS_GO, PlayBirthday: BIRTHDAY, PlayDebt: DEBT_COLLECTOR,
    PlaySly: SLY_DEAL, PlayForced: FORCED_DEAL, PlayBreaker: DEAL_BREAKER,
    PlayHouse: HOUSE, PlayHotel: HOTEL,
}
_PLAYS: tuple[type, ...] = (PlayBank, PlayProperty, PlayRent, *_ACTION_OF)


def is_play(action: object) -> bool:
    """A play from the hand (one of the turn's plays)."""
    return isinstance(action, _PLAYS)


def why_illegal(pos: Position, seat: object, action: object) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, or None when it is."""
    try:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < pos.n:
            return Text("no seat {seat} in this game of {players}", seat=repr(seat),
                        players=pos.n)
        return _check_action(pos, seat, action)
    except (TypeError, IndexError):
        # a hand-built action with parameters of the wrong type ("3" for a card...)
        return Text("malformed action {action}", action=repr(action))


def _check_action(pos: Position, seat: PlayerId, action: object) -> str | None:
    kind = decision_kind(pos)
    if kind == D_OVER:
        return Text("the game is over")
    # seat_of's first case inline on the hot path
    pending = pos.turn_seat if kind <= D_DISCARD else seat_of(pos, kind)
    if seat != pending:
        return Text("it is seat {pending}'s decision, not seat {seat}'s",
                    pending=pending, seat=seat)
    if isinstance(action, (EndTurn, MoveWild)) or is_play(action):
        if kind != D_PLAY:
            return Text("seat {seat} must {what} first", seat=seat, what=_what_now(kind))
        if isinstance(action, EndTurn):
            return None
        if isinstance(action, MoveWild):
            return _check_move(pos, seat, action)
        return _check_play(pos, seat, action)
    if isinstance(action, Discard):
        if kind != D_DISCARD:
            return Text("nothing to discard now")
        return _check_discard(pos, seat, action)
    if isinstance(action, (SayNo, Accept, Pay)):
        req = pos.request
        if kind not in (D_PAY, D_RESPOND, D_ANSWER_NO) or req is None:
            return Text("no action to answer now")
        return check_answer(pos, seat, action, req, kind)
    return Text("not an action: {action}", action=repr(action))


def _what_now(kind: int) -> str:
    if kind == D_DISCARD:
        return Text("discard down to the hand limit")
    return Text("answer the action")


def _check_play(pos: Position, seat: PlayerId, action: Any) -> str | None:
    c = action.card
    if not isinstance(c, int) or not pos.in_hand(seat, c):
        return Text("card {card} is not in seat {seat}'s hand", card=c, seat=seat)
    if pos.plays_left <= 0:
        return Text("no plays left this turn ({plays} used)", plays=pos.rules.plays_per_turn)
    deck = pos.deck
    kind, code = deck.kind[c], deck.action[c]
    if isinstance(action, PlayBank):
        if kind in (PROPERTY, WILD):
            return Text("properties never go into the bank")
        return None
    if isinstance(action, PlayProperty):
        if kind != PROPERTY and kind != WILD:
            return Text("card {card} is not a property", card=c)
        if action.colour not in deck.colours[c]:
            return Text("card {card} cannot be laid as {colour}",
                        card=c, colour=colour_key(deck, action.colour))
        return None
    if isinstance(action, PlayRent):
        return _check_rent(pos, seat, action)
    wanted = _ACTION_OF[type(action)]
    if kind != ACTION or code != wanted:
        return Text("card {card} is not a {kind} card", card=c, kind=ACTION_KEYS[wanted])
    if isinstance(action, (PlayPassGo, PlayBirthday)):
        return None
    if isinstance(action, PlayDebt):
        return _check_target(pos, seat, action.target)
    if isinstance(action, PlaySly):
        return _check_loose(pos, seat, action.take, mine=False)
    if isinstance(action, PlayForced):
        return (_check_loose(pos, seat, action.give, mine=True)
                or _check_loose(pos, seat, action.take, mine=False))
    if isinstance(action, PlayBreaker):
        why = _check_target(pos, seat, action.target)
        if why is not None:
            return why
        if not 0 <= action.colour < deck.n_colours:
            return Text("no colour {colour}", colour=action.colour)
        if not pos.is_full(action.target, action.colour):
            return Text("seat {seat} has no full {colour} set", seat=action.target,
                        colour=colour_key(deck, action.colour))
        return None
    colour = action.colour
    if not 0 <= colour < deck.n_colours:
        return Text("no colour {colour}", colour=colour)
    return building_reason(pos, seat, code, colour)


def _check_target(pos: Position, seat: PlayerId, target: object) -> str | None:
    if not isinstance(target, int) or not 0 <= target < pos.n:
        return Text("no seat {target} in this game", target=repr(target))
    if target == seat:
        return Text("an action cannot target its own player")
    return None


def _check_loose(pos: Position, seat: PlayerId, c: object, *, mine: bool) -> str | None:
    if not isinstance(c, int) or not 0 <= c < pos.deck.size or pos.place[c] != P_PILE:
        return Text("card {card} is not a property on the table", card=c)
    owner = pos.owner[c]
    if mine and owner != seat:
        return Text("card {card} is not seat {seat}'s property", card=c, seat=seat)
    if not mine and owner == seat:
        return Text("card {card} is seat {seat}'s own property", card=c, seat=seat)
    if pos.is_full(owner, pos.pile_colour[c]):
        return Text("card {card} is in a full set", card=c)
    return None


def building_reason(pos: Position, seat: PlayerId, code: int, colour: ColourId) -> str | None:
    """Why a house (``code`` HOUSE) or hotel may not go on the seat's ``colour`` set."""
    deck = pos.deck
    if not deck.buildable[colour]:
        return Text("no buildings on {colour}", colour=deck.colour_keys[colour])
    if not pos.is_full(seat, colour):
        return Text("seat {seat} has no full {colour} set",
                    seat=seat, colour=deck.colour_keys[colour])
    if code == HOUSE:
        if pos.house[seat][colour] != NONE:
            return Text("the {colour} set already has a house", colour=deck.colour_keys[colour])
        return None
    if pos.house[seat][colour] == NONE:
        return Text("a hotel needs a house on the {colour} set first",
                    colour=deck.colour_keys[colour])
    if pos.hotel[seat][colour] != NONE:
        return Text("the {colour} set already has a hotel", colour=deck.colour_keys[colour])
    return None


def _check_rent(pos: Position, seat: PlayerId, action: PlayRent) -> str | None:
    deck = pos.deck
    c = action.card
    if deck.kind[c] != RENT:
        return Text("card {card} is not a rent card", card=c)
    if action.colour not in deck.colours[c]:
        return Text("card {card} charges no {colour} rent",
                    card=c, colour=colour_key(deck, action.colour))
    if pos.rent_of(seat, action.colour) <= 0:
        return Text("seat {seat} has no {colour} property to charge for",
                    seat=seat, colour=colour_key(deck, action.colour))
    if deck.any_colour[c]:
        why = _check_target(pos, seat, action.target)
        if why is not None:
            return Text("a wild rent charges one player: {reason}", reason=why)
    elif action.target != NO_TARGET:
        return Text("a two-colour rent charges every other player, not one")
    doubles = action.doubles
    if len(set(doubles)) != len(doubles):
        return Text("a Double The Rent card is listed twice")
    if len(doubles) > 1 and not pos.rules.stack_double_rent:
        return Text("one Double The Rent per rent card")
    if 1 + len(doubles) > pos.plays_left:
        return Text("rent with {n} Double The Rent needs {plays} plays",
                    n=len(doubles), plays=1 + len(doubles))
    for d in doubles:
        if not pos.in_hand(seat, d) or deck.action[d] != DOUBLE_RENT:
            return Text("card {card} is not a Double The Rent card in the hand", card=d)
    return None


def _check_move(pos: Position, seat: PlayerId, action: MoveWild) -> str | None:
    c = action.card
    deck = pos.deck
    if not 0 <= c < deck.size or pos.place[c] != P_PILE or pos.owner[c] != seat:
        return Text("card {card} is not on seat {seat}'s table", card=c, seat=seat)
    if deck.kind[c] != WILD:
        return Text("card {card} is not a wildcard", card=c)
    if action.colour not in deck.colours[c]:
        return Text("card {card} has no colour {colour}",
                    card=c, colour=colour_key(deck, action.colour))
    if action.colour == pos.pile_colour[c]:
        return Text("card {card} is already {colour}",
                    card=c, colour=colour_key(deck, action.colour))
    return None


def _check_discard(pos: Position, seat: PlayerId, action: Discard) -> str | None:
    need = len(pos.hands[seat]) - pos.rules.hand_limit
    cards = action.cards
    if len(cards) != need:
        return Text("discard exactly {n} card(s), down to {limit}",
                    n=need, limit=pos.rules.hand_limit)
    if len(set(cards)) != len(cards):
        return Text("a card is listed twice")
    for c in cards:
        if not pos.in_hand(seat, c):
            return Text("card {card} is not in seat {seat}'s hand", card=c, seat=seat)
    return None


def colour_key(deck: Deck, colour: ColourId) -> str:
    """A colour's key, or the number when it is no colour (for messages)."""
    return deck.colour_keys[colour] if 0 <= colour < deck.n_colours else str(colour)
