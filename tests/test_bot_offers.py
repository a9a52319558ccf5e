"""A room's bots do not flood a person with trade offers (monopoly.web.games.offers): at
most one offer to a person a turn, and no offer that person refused again within the
bot's next three turns; rooms of bots alone play exactly as before."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from monopoly.board import actions as A
from monopoly.board.testing import give, set_cash
from monopoly.bots import make_bot
from monopoly.web.games import Setup, adapter
from monopoly.web.games.board import BoardPlay
from monopoly.web.games.offers import COOLDOWN, OfferBook, courteous_choice, offer_key

BOT, PERSON, OTHER = 0, 1, 2


@dataclass
class Offers:
    """The bot's offers to the person: (the bot's turn, the game's turn, what changes hands)."""

    made: list[tuple[int, int, str]] = field(default_factory=list)

    def per_turn(self) -> int:
        return max(Counter(turn for _, turn, _ in self.made).values(), default=0)

    def repeats(self) -> list[tuple[str, int, int]]:
        """Offers made again within COOLDOWN of the bot's turns after being refused (the
        person refuses every offer)."""
        out = []
        for i, (own, _, key) in enumerate(self.made):
            for later, _, again in self.made[i + 1:]:
                if again == key and later - own <= COOLDOWN:
                    out.append((key, own, later))
        return out


def _play(level: str, seats: int, courteous: bool, actions: int = 1500) -> Offers:
    """A game of the server's board adapter: the bot of seat 0 (`level`) lacks one deed
    of each of three colour groups, all held by the person of seat 1 (who refuses every
    offer); the others are caretakers. `courteous`: the room knows seat 1 is a person."""
    names = tuple(f"P{n}" for n in range(seats))
    board = adapter("board")
    play = board.begin(Setup(names, 11, board.settings("classic", "standard", {}, seats), 0.0))
    assert isinstance(play, BoardPlay)
    game = play.game
    give(game, BOT, 1, 6, 8, 11, 13)  # brown, light blue, pink: all but one deed each
    give(game, PERSON, 3, 9, 14)
    set_cash(game, BOT, 4000)
    game.touch()
    if courteous:
        play.persons = lambda: (PERSON,)
    bot = play.bot(level, BOT, 5)
    others = {s: make_bot("caretaker", s) for s in range(1, seats)}
    offers = Offers()
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.pending_seats()[0]
        if seat == BOT:
            action = bot.move()
        else:
            action = others[seat].choose(game.seat_view(seat), game.legal_actions(seat))
        if isinstance(action, A.ProposeTrade) and seat == BOT and action.to == PERSON:
            offers.made.append((play.offers.turns[BOT], game.turn_number,
                                offer_key(action.give, action.take)))
        if seat == PERSON and game.offer is not None:
            assert action is A.REJECT_TRADE  # every offer is refused: Offers.repeats counts on it
        play.apply(seat, action)
    return offers


@pytest.mark.parametrize(("level", "seats"), [("hard", 2), ("hard", 3), ("medium", 2)])
def test_a_bot_offers_a_person_once_a_turn_and_not_again_what_was_refused(
    level: str, seats: int
) -> None:
    plain = _play(level, seats, courteous=False)
    # without the rule the bot floods the person (the scenario is one where it would)
    assert plain.per_turn() > 1 or plain.repeats(), plain.made
    kind = _play(level, seats, courteous=True)
    assert kind.made, "the bot still makes offers, only fewer"
    assert kind.per_turn() == 1
    assert kind.repeats() == []


def test_refusals_bar_the_same_deeds_whatever_the_price() -> None:
    book = OfferBook()
    cheap = A.ProposeTrade(PERSON, A.Bundle(cash=100), A.Bundle(squares=(3,)))
    dear = A.ProposeTrade(PERSON, A.Bundle(cash=300), A.Bundle(squares=(3,)))
    other = A.ProposeTrade(PERSON, A.Bundle(cash=100), A.Bundle(squares=(9,)))
    book.turns[BOT] = 4
    book.refused[(BOT, PERSON, offer_key(cheap.give, cheap.take))] = 4
    for turns, allowed in ((5, False), (7, False), (8, True)):
        book.turns[BOT] = turns
        assert book.may_offer(BOT, dear, 99) is allowed
        assert book.may_offer(BOT, other, 99)
    # the book survives a snapshot
    again = OfferBook.from_json(book.to_json())
    assert again.to_json() == book.to_json() and again.may_offer(BOT, dear, 99)
    assert OfferBook.from_json({"turns": "nonsense"}).to_json() == OfferBook().to_json()


def test_a_room_snapshot_carries_the_book_and_resumes_it() -> None:
    board = adapter("board")
    setup = Setup(("A", "B"), 3, board.settings("classic", "standard", {}, 2), 0.0)
    play = board.begin(setup)
    assert isinstance(play, BoardPlay)
    assert "room_offers" not in play.snapshot()  # nothing to keep: the game's own snapshot
    play.offers.refused[(0, 1, "-|3")] = 1
    resumed = board.resume(setup, play.snapshot())
    assert isinstance(resumed, BoardPlay)
    assert resumed.offers.to_json() == play.offers.to_json()
    assert resumed.snapshot() == play.snapshot()


def test_bots_alone_play_exactly_as_without_the_rule() -> None:
    """With no person in the room, the bots' moves are the bare bots' (a room of bots and
    the lab play the same games)."""
    board = adapter("board")
    setup = Setup(("A", "B", "C"), 21, board.settings("classic", "standard", {}, 3), 0.0)
    room, bare = board.begin(setup), board.begin(setup)
    bots = {s: room.bot("hard" if s else "medium", s, 100 + s) for s in range(3)}
    plain = {s: make_bot("hard" if s else "medium", 100 + s) for s in range(3)}
    for _ in range(600):
        if room.game.is_over:
            break
        seat = room.game.pending_seats()[0]
        mine = bots[seat].move()
        theirs = plain[seat].choose(bare.game.seat_view(seat),  # type: ignore[attr-defined]
                                    bare.game.legal_actions(seat))
        assert mine.text() == theirs.text()
        room.apply(seat, mine)
        bare.apply(seat, theirs)


def test_a_bot_that_ignores_the_template_gets_the_fallback_move() -> None:
    board = adapter("board")
    play = board.begin(Setup(("A", "B"), 4, board.settings("classic", "standard", {}, 2), 0.0))
    assert isinstance(play, BoardPlay)
    game = play.game
    seat = game.pending_seats()[0]
    person = 1 - seat
    give(game, person, 39)
    game.touch()
    stubborn = A.ProposeTrade(person, A.Bundle(cash=10), A.Bundle(squares=(39,)))
    shown: list[list[A.LegalEntry]] = []

    def choose(view: object, legal: list[A.LegalEntry]) -> A.Action:
        shown.append(legal)
        return stubborn

    play.offers.proposed[(seat, person)] = game.turn_number  # offered already this turn
    chosen = courteous_choice(choose, game.seat_view(seat), game.legal_actions(seat), game,
                              seat, play.offers, (person,),
                              lambda view, legal: legal[0])  # type: ignore[arg-type,return-value]
    assert chosen is A.ROLL
    # the bot was shown no one to offer to, and the fallback no trade template at all
    assert all(not isinstance(e, A.TradeTemplate) or person not in e.partners
               for legal in shown for e in legal)
