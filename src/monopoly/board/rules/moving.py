"""docs/rules.md §2 A turn: the dice, moving, passing GO, what the square landed on does,
doubles, and the end of the turn.

A square's effect (:func:`resolve`) hands over to the section it belongs to: an unowned
property to buying (§3), rent (§4), a card (§5), a tax (§6), Go To Jail (§7). `mode`
carries what a card asked for: :data:`~.RENT_NORMAL`,
:data:`~.RENT_DOUBLE_RAILROAD` ("nearest railroad": twice the rent) or
:data:`~.RENT_TEN_TIMES_THROW` ("nearest utility": ten times a fresh throw).
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import turn_decision
from monopoly.board.position import BANK, BUY, POST_ROLL, POT, PRE_ROLL, Player, Position
from monopoly.board.rules import buying, cards, debts, ending, jail, rent, taxes
from monopoly.board.tables import (
    K_CHANCE,
    K_CHEST,
    K_FREE_PARKING,
    K_GO_TO_JAIL,
    K_RAILROAD,
    K_STREET,
    K_TAX,
    K_UTILITY,
    RENT_NORMAL,
)
from monopoly.core.ids import PlayerId, SquareIndex


def roll_dice(g: Position) -> tuple[int, int]:
    """Throw both dice with the game's generator."""
    random_ = g.random
    d1 = int(random_() * 6) + 1
    d2 = int(random_() * 6) + 1
    g.throws += 1
    g.dice = (d1, d2)
    if g.events is not None:
        g.events.append(E.DiceRolled(g.turn_player, d1, d2))
    return d1, d2


def move_by(g: Position, p: Player, steps: int) -> None:
    """Move forward by a throw and resolve the square."""
    old = p.position
    new = old + steps
    if new >= 40:
        new -= 40
        pass_go(g, p)
    p.position = new
    if g.events is not None:
        g.events.append(E.Moved(p.seat, old, new))
    resolve(g, p, new, steps, RENT_NORMAL)


def pass_go(g: Position, p: Player) -> None:
    """Passing (or landing on) GO pays the salary."""
    p.lapped = True
    salary = g.go_salary
    if salary:
        g.transfer(BANK, p.seat, salary, "go")
    if g.events is not None:
        g.events.append(E.PassedGo(p.seat, salary))


def advance_to(g: Position, p: Player, target: SquareIndex, mode: int) -> None:
    """A card moves the token forward to `target`; passing GO pays (§5)."""
    old = p.position
    if target <= old:
        pass_go(g, p)
    p.position = target
    g.emit(E.Moved(p.seat, old, target))
    resolve(g, p, target, sum(g.dice), mode)


def move_back_to(g: Position, p: Player, target: SquareIndex) -> None:
    """A card moves the token back to `target` (never past GO, so no salary)."""
    old = p.position
    p.position = target
    g.emit(E.Moved(p.seat, old, target))
    resolve(g, p, target, sum(g.dice), RENT_NORMAL)


def resolve(g: Position, p: Player, sq: SquareIndex, throw: int, mode: int) -> None:
    """What the square the token landed on does (see the module docstring)."""
    k = g.t.kind[sq]
    if k in (K_STREET, K_RAILROAD, K_UTILITY):
        owner = g.owner[sq]
        if owner == BANK:
            buying.landed_on_unowned(g, p, sq)
        elif (
            owner != p.seat
            and not g.mortgaged[sq]
            and not (g.jail_rent_rule and g.players[owner].in_jail)
        ):
            debts.charge(g, p.seat, owner, rent.rent(g, sq, throw, mode), "rent")
        if g.build_rules and k == K_STREET:
            g.landed_street = sq
            g.touch()
    elif k in (K_CHANCE, K_CHEST):
        cards.draw(g, p, g.t.deck_of_kind[k])
    elif k == K_TAX:
        taxes.landed_on_tax(g, p, sq)
    elif k == K_GO_TO_JAIL:
        jail.send_to_jail(g, p, "square")
    elif k == K_FREE_PARKING and g.pot:
        g.transfer(POT, p.seat, g.pot, "free_parking")  # §6 house rule


def check_roll(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return turn_decision(g, seat, PRE_ROLL)


def do_roll(g: Position, seat: PlayerId, action: A.Action) -> None:
    """The turn's throw (in jail: a try for doubles, §7). Doubles roll again; the third
    doubles in a turn go to jail without moving for that throw."""
    p = g.players[seat]
    g.rolled = True
    if g.build_rules:
        g.touch()
    d1, d2 = roll_dice(g)
    if p.in_jail:
        jail.jail_roll(g, p, d1, d2)
        return
    g.phase = POST_ROLL
    if d1 == d2:
        g.doubles += 1
        if g.doubles >= g.rules.max_doubles:
            jail.send_to_jail(g, p, "doubles")
            return
        g.extra_roll = True
    else:
        g.extra_roll = False
    move_by(g, p, d1 + d2)
    after_landing(g)


def after_landing(g: Position) -> None:
    """Once the square is resolved: roll again after doubles (not once time is called,
    §11), else the turn goes on to its end."""
    if g.time_called:
        g.extra_roll = False
    if g.phase != BUY:
        g.phase = PRE_ROLL if g.extra_roll else POST_ROLL


def check_end(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return turn_decision(g, seat, POST_ROLL)


def do_end(g: Position, seat: PlayerId, action: A.Action) -> None:
    if g.events is not None:
        g.events.append(E.TurnEnded(seat))
    next_turn(g)


def next_turn(g: Position) -> None:
    """The next player still in the game is on turn (or the game ends: time called, the
    turn limit, §11)."""
    if g.time_called:
        ending.finish(g, "time_limit")
        return
    limit = g.turn_limit
    if limit >= 0 and g.turn_number >= limit:
        ending.finish(g, "turn_limit")
        return
    order = g.order
    i = order.index(g.turn_player)
    n = len(order)
    s = g.turn_player
    for step in range(1, n + 1):
        s = order[(i + step) % n]
        if not g.players[s].bankrupt:
            break
    g.turn_player = s
    g.turn_number += 1
    g.phase = PRE_ROLL
    g.doubles = 0
    g.extra_roll = False
    g.rolled = False
    if g.build_rules:
        g.landed_street = -1
        g.players[s].built = 0
        g.touch()
    if g.events is not None:
        g.events.append(E.TurnStarted(s, g.turn_number))
