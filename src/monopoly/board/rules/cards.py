"""docs/rules.md §5 Cards: Chance and Community Chest.

The top card is drawn and obeyed, then put back at the bottom of its deck; a Get Out of
Jail Free card is kept until used (§7) or sold (§9), then goes back under its deck. A
card that moves the token resolves the square it reaches (passing GO forward pays).
"Pay a fine or take a card" (§5, §10) leaves the choice to the player.
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import W_CHOICE, not_pending, waiting
from monopoly.board.position import BANK, CHOICE_CARD, CHOICE_TAX, Player, Position
from monopoly.board.rules import debts, jail, moving
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
    K_RAILROAD,
    RENT_DOUBLE_RAILROAD,
    RENT_NORMAL,
    RENT_TEN_TIMES_THROW,
)
from monopoly.core.errors import IllegalActionError
from monopoly.core.ids import PlayerId
from monopoly.core.text import Text


def draw(g: Position, p: Player, deck: int) -> None:
    """`p` draws the top card of `deck` and obeys it."""
    t = g.t
    pile = g.decks[deck]
    idx = pile.popleft()
    card = t.cards[deck][idx]
    if g.events is not None:
        g.events.append(E.CardDrawn(p.seat, t.deck_keys[deck], t.card_keys[deck][idx]))
    effect = card.effect
    if effect == E_JAIL_FREE:
        p.jail_cards.append((deck, idx))  # kept until used or sold
        return
    pile.append(idx)  # obeyed, then put back at the bottom
    if effect == E_ADVANCE_TO:
        moving.advance_to(g, p, card.square, RENT_NORMAL)
    elif effect == E_NEAREST:
        if card.nearest == K_RAILROAD:
            mode = RENT_DOUBLE_RAILROAD if card.rent_multiplier == 2 else RENT_NORMAL
            moving.advance_to(g, p, t.nearest_railroad[p.position], mode)
        else:
            mode = RENT_TEN_TIMES_THROW if card.dice_multiplier else RENT_NORMAL
            moving.advance_to(g, p, t.nearest_utility[p.position], mode)
    elif effect == E_MOVE_BACK:
        moving.move_back_to(g, p, (p.position - card.spaces) % 40)
    elif effect == E_BACK_TO:
        moving.move_back_to(g, p, card.square)
    elif effect == E_GO_TO_JAIL:
        jail.send_to_jail(g, p, "card")
    elif effect == E_COLLECT:
        g.transfer(BANK, p.seat, card.amount, "card")
    elif effect == E_PAY:
        debts.charge(g, p.seat, BANK, card.amount, "card")
    elif effect == E_COLLECT_FROM_EACH:
        for s in g.after(p.seat, g.active_seats()):
            if s != p.seat:
                debts.charge(g, s, p.seat, card.amount, "card")
    elif effect == E_PAY_EACH:
        for s in g.after(p.seat, g.active_seats()):
            if s != p.seat:
                debts.charge(g, p.seat, s, card.amount, "card")
    elif effect == E_REPAIRS:
        houses = hotels = 0
        for sq in g.holdings[p.seat]:
            lv = g.level[sq]
            if lv == g.hotel_level:
                hotels += 1
            else:
                houses += lv
        debts.charge(g, p.seat, BANK, houses * card.per_house + hotels * card.per_hotel,
                     "repairs")
    elif effect == E_PAY_OR_DRAW:
        # "Pay a fine or take a Chance / Show Time card": the player chooses (§5, §10).
        g.choice = (p.seat, CHOICE_CARD, card.deck, card.amount)
        g.touch()
    else:  # future effects
        raise IllegalActionError(
            Text("card effect {value} is not supported by these rules", value=effect)
        )


def check_choose(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    """A choice is waiting for `seat`, of the kind of `action` (a tax or a card choice)."""
    why = not_pending(g, seat)
    if why:
        return why
    choice = g.choice
    if choice is None or waiting(g) != W_CHOICE:
        return Text("no choice is waiting for this seat")
    want = CHOICE_TAX if isinstance(action, A.ChooseTax) else CHOICE_CARD
    if choice[1] != want:
        return Text(
            "the choice waiting is {kind}",
            kind="tax flat / tax percent" if choice[1] == CHOICE_TAX else "choose pay / draw",
        )
    return None


def do_choose_card(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.ChooseCard) and g.choice is not None
    _, _, deck, amount = g.choice
    g.choice = None
    g.emit(E.CardChoice(seat, "draw" if action.draw else "pay"))
    g.touch()
    if action.draw:
        draw(g, g.players[seat], deck)
    else:
        debts.charge(g, seat, BANK, amount, "card")
