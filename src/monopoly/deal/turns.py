"""The Deal's turns: the deal, drawing, ending a turn, discarding down to the hand limit,
the win and the end of the game (docs/deal-rules.md § Setup, § Turn, § End).

Example::

    >>> from monopoly.deal.deck import load_deck
    >>> from monopoly.deal.options import DealRules
    >>> p = Position(["Ann", "Bob"], 7, DealRules(), load_deck(), events=False)
    >>> setup(p)
    >>> p.turn_number, p.turn_seat, len(p.hands[0]), len(p.hands[1])
    (1, 0, 7, 5)
"""

from __future__ import annotations

from monopoly.core.ids import CardId, PlayerId
from monopoly.core.outcome import Outcome
from monopoly.deal import events as E
from monopoly.deal.position import DISCARD, OVER, P_DRAW, PLAY, Position

__all__ = ["check_win", "discard", "draw", "end_turn", "finish", "next_turn", "setup",
           "start_turn"]


def setup(pos: Position) -> None:
    """Shuffle, deal 5 each one card at a time, and start the first turn (seed: Setup)."""
    cards = list(range(pos.deck.size))
    pos.rng.shuffle(cards)
    pos.draw = cards
    for _ in range(pos.rules.deal_size):
        for seat in range(pos.n):
            pos.draw_one(seat)
    first = 0 if pos.rules.first_player == "first_seat" else pos.rng.randrange(pos.n)
    start_turn(pos, first)


def draw(pos: Position, seat: PlayerId, count: int) -> None:
    """``count`` cards into the seat's hand (fewer when the piles run out)."""
    got = 0
    for _ in range(count):
        if not pos.draw_one(seat):
            break
        got += 1
    if pos.events is not None:
        pos.events.append(E.Drew(seat, got))


def end_turn(pos: Position, seat: PlayerId) -> None:
    """The player ends the turn: a discard first when above the hand limit."""
    if len(pos.hands[seat]) > pos.rules.hand_limit:
        pos.phase = DISCARD
        return
    next_turn(pos, seat)


def discard(pos: Position, seat: PlayerId, cards: tuple[CardId, ...]) -> None:
    """The cards go under the draw pile (option ``discard_to``: or onto the discard pile);
    then the next turn."""
    under = pos.rules.discard_to == "draw_bottom"
    for c in cards:
        pos.lift(c)
        if under:
            pos.draw.insert(0, c)
            pos.place[c] = P_DRAW
        else:
            pos.to_discard(c)
    if pos.events is not None:
        pos.events.append(E.Discarded(seat, len(cards), () if under else cards))
    next_turn(pos, seat)


def next_turn(pos: Position, seat: PlayerId) -> None:
    if pos.events is not None:
        pos.events.append(E.TurnEnded(seat))
    start_turn(pos, (seat + 1) % pos.n)


def start_turn(pos: Position, seat: PlayerId) -> None:
    """The turn of ``seat`` begins with its draw (5 cards from an empty hand); past the
    turn cap the game ends as a draw."""
    cap = pos.rules.turn_cap
    if cap and pos.turn_number >= cap:
        finish(pos, None, "turn_cap")
        return
    pos.turn_number += 1
    pos.turn_seat = seat
    pos.plays_left = pos.rules.plays_per_turn
    pos.phase = PLAY
    if pos.events is not None:
        pos.events.append(E.TurnStarted(seat, pos.turn_number))
    rules = pos.rules
    draw(pos, seat, rules.draw_per_turn if pos.hands[seat] else rules.draw_when_empty)


def check_win(pos: Position) -> bool:
    """docs/deal-rules.md § End: checked after every action (option: only the owner's turn); a
    seat that gained no property since the last check cannot have won since."""
    need = pos.rules.sets_to_win
    turn = pos.turn_seat
    if pos.rules.win_on_owner_turn_only:
        pos.gained = 0
        if pos.full_sets(turn) >= need:
            finish(pos, turn, "win")
            return True
        return False
    gained = pos.gained
    if not gained:
        return False
    pos.gained = 0
    n = pos.n
    for i in range(n):
        s = (turn + i) % n
        if gained >> s & 1 and pos.full_sets(s) >= need:
            finish(pos, s, "win")
            return True
    return False


def finish(pos: Position, winner: PlayerId | None, reason: str) -> None:
    """The game ends: every seat ranked, the winner first, then by bank and property
    value (docs/deal-rules.md § End, the results table)."""
    worth = [pos.worth(s) for s in range(pos.n)]
    others = sorted((s for s in range(pos.n) if s != winner), key=lambda s: (-worth[s], s))
    ranking = others if winner is None else [winner, *others]
    pos.outcome = Outcome(reason, winner, tuple(ranking), tuple(worth), measure="worth")
    pos.phase = OVER
    pos.request = None
    if pos.events is not None:
        pos.events.append(E.GameOver(reason, winner, tuple(ranking)))
