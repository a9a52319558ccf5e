"""docs/rules.md §7 Jail: going to jail, the stay, and the three ways out.

A player goes straight to jail (no GO salary) from the Go To Jail square, a card, or a
third doubles in one turn; the turn ends at once. In jail, before rolling, the player
may pay the fine (on the first or second turn), use a Get Out of Jail Free card, or try
for doubles: doubles free the player, who moves by that throw but does not roll again;
the third failed try costs the fine, and the player moves by that throw. RU note for two
players (`two_player_no_fine_jail`): jailed by a move rather than a card, no fine.
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import turn_decision
from monopoly.board.position import BANK, POST_ROLL, POT, PRE_ROLL, Player, Position
from monopoly.board.rules import debts, moving
from monopoly.core.ids import Money, PlayerId
from monopoly.core.text import Text


def send_to_jail(g: Position, p: Player, reason: str) -> None:
    """Straight to jail, no GO salary; the turn ends at once (no further roll)."""
    old = p.position
    p.position = g.t.jail
    p.in_jail = True
    p.jail_turns = 0
    p.fine_waived = (
        g.rules.two_player_no_fine_jail and reason != "card" and len(g.active_seats()) == 2
    )
    g.extra_roll = False
    g.doubles = 0
    g.emit(E.Moved(p.seat, old, p.position))
    g.emit(E.Jailed(p.seat, reason))


def jail_fine(g: Position, p: Player) -> Money:
    """The fine `p` pays to leave jail."""
    return 0 if p.fine_waived else g.rules.jail_fine


def fines_to(g: Position) -> PlayerId:
    """Where taxes and fines go: the bank, or the Free Parking pot (§6 house rule)."""
    return POT if g.pot_rule else BANK


def release(g: Position, p: Player, how: str) -> None:
    p.in_jail = False
    p.jail_turns = 0
    p.fine_waived = False
    g.emit(E.Released(p.seat, how))


def jail_roll(g: Position, p: Player, d1: int, d2: int) -> None:
    """A try for doubles in jail (see the module docstring)."""
    g.phase = POST_ROLL
    g.extra_roll = False
    if d1 == d2:
        release(g, p, "doubles")
        moving.move_by(g, p, d1 + d2)
        moving.after_landing(g)
        return
    p.jail_turns += 1
    if p.jail_turns < g.rules.max_jail_turns:
        g.emit(E.StayedInJail(p.seat, p.jail_turns))
        return
    fine = jail_fine(g, p)
    release(g, p, "third_roll")
    if p.cash >= fine and not g.debts:
        if fine:
            g.transfer(p.seat, fines_to(g), fine, "jail_fine")
        moving.move_by(g, p, d1 + d2)
        moving.after_landing(g)
    else:
        g.after_debt_move = d1 + d2
        debts.charge(g, p.seat, BANK, fine, "jail_fine")


def check_pay_fine(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    why = turn_decision(g, seat, PRE_ROLL)
    if why:
        return why
    p = g.players[seat]
    if not p.in_jail:
        return Text("not in jail")
    if p.jail_turns >= g.rules.max_jail_turns - 1:
        return Text("the fine can be paid before rolling only on the first or second turn")
    if p.cash < jail_fine(g, p):
        return Text("not enough cash for the fine of {fine}", fine=jail_fine(g, p))
    return None


def check_use_card(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    why = turn_decision(g, seat, PRE_ROLL)
    if why:
        return why
    p = g.players[seat]
    if not p.in_jail:
        return Text("not in jail")
    if not p.jail_cards:
        return Text("no Get Out of Jail Free card")
    return None


def do_pay_fine(g: Position, seat: PlayerId, action: A.Action) -> None:
    p = g.players[seat]
    fine = jail_fine(g, p)
    if fine:
        g.transfer(seat, fines_to(g), fine, "jail_fine")
    release(g, p, "fine")


def do_use_card(g: Position, seat: PlayerId, action: A.Action) -> None:
    p = g.players[seat]
    deck, idx = p.jail_cards.pop(0)
    g.decks[deck].append(idx)  # back to the bottom of its deck
    release(g, p, "card")


def choices(g: Position, p: Player) -> list[A.LegalEntry]:
    """The ways a player in jail may begin the turn."""
    out: list[A.LegalEntry] = [A.ROLL]
    if p.jail_turns < g.rules.max_jail_turns - 1 and p.cash >= jail_fine(g, p):
        out.append(A.PAY_JAIL_FINE)
    if p.jail_cards:
        out.append(A.USE_JAIL_CARD)
    return out
