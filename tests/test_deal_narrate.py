"""Monopoly Deal in words: every event has a sentence, every
legal entry a button text and every decision a question, in English, Czech and Russian,
from what the seat may see (docs/deal-rules.md § Players and hidden information)."""

from __future__ import annotations

import random

import pytest

from monopoly.deal import actions as A
from monopoly.deal import events as E
from monopoly.deal.deck import load_deck
from monopoly.deal.game import Game
from monopoly.deal.players import random_action
from monopoly.deal.testing import arrange
from monopoly.deal.view import deal_view
from monopoly.i18n import LANGUAGES
from monopoly.narration.deal.narrate import DealNarrator

EVENT_TYPES = [t for t in vars(E).values()
               if isinstance(t, type) and issubclass(t, E.Event) and t is not E.Event]


def _games(seeds: range) -> list[tuple[Game, list[tuple[int, list[E.Event]]]]]:
    """Random games of 2 to 5 players, with the events of every action."""
    out = []
    for seed in seeds:
        game = Game(seats=[f"P{i}" for i in range(2 + seed % 4)], seed=seed)
        rng = random.Random(seed)
        steps = []
        while not game.is_over and len(steps) < 3000:
            seat = game.pending
            assert seat is not None
            steps.append((seat, game.apply(seat, random_action(game, seat, rng))))
        out.append((game, steps))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_kind_has_a_sentence(lang: str) -> None:
    """Each event of random games is told in a full sentence: no placeholder left, no
    event only named by its kind; every kind of event turns up."""
    seen: set[type] = set()
    for game, steps in _games(range(12)):
        n = DealNarrator(game.deck, game.seat_names, lang)
        for _seat, events in steps:
            for event in events:
                seen.add(type(event))
                text = n.sentence(event)
                assert text and "{" not in text and "Event:" not in text, (event, text)
            for text in n.sentences(events):
                assert "{" not in text
    assert set(EVENT_TYPES) <= seen, set(EVENT_TYPES) - seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_legal_entry_has_a_label_and_every_decision_a_question(lang: str) -> None:
    """docs/deal-rules.md § Turn, § Paying, § Actions: each entry the pending seat is offered has a
    button text of its own (not its canonical text), and the seat is asked what to do;
    the other seats are asked nothing."""
    rng = random.Random(7)
    for seed in range(6):
        game = Game(seats=["Ann", "Bob", "Cid"], seed=seed)
        n = DealNarrator(game.deck, game.seat_names, lang)
        for _ in range(400):
            if game.is_over:
                break
            seat = game.pending
            assert seat is not None
            view = deal_view(game, seat)
            question = n.prompt(view)
            assert question and "{" not in question
            for other in range(game.n):
                if other != seat:
                    assert n.prompt(deal_view(game, other)) is None
            for entry in game.legal_actions(seat):
                label = n.label(view, entry)
                assert label and "{" not in label and label != entry.text(), entry
            game.apply(seat, random_action(game, seat, rng))
        over = deal_view(game, 0)
        if over.outcome is not None:
            assert n.prompt(over) == n.results(over.outcome)


def test_sentences_in_czech_and_russian_use_their_plural_forms() -> None:
    deck = load_deck()
    cs = DealNarrator(deck, ["Ann", "Bob"], "cs")
    ru = DealNarrator(deck, ["Ann", "Bob"], "ru")
    assert cs.sentence(E.Drew(1, 2)) != cs.sentence(E.Drew(1, 5)).replace("5", "2")
    assert ru.sentence(E.Drew(1, 2)) != ru.sentence(E.Drew(1, 5)).replace("5", "2")
    assert "Bob" in cs.sentence(E.Drew(1, 5)) and "5" in ru.sentence(E.Drew(1, 5))


def test_an_accepted_just_say_no_is_told_with_its_cancellation() -> None:
    """docs/deal-rules.md § Actions: the attacker accepting a Just Say No cancels the action against
    that target: one sentence, not "accepts" alone."""
    n = DealNarrator(load_deck(), ["Ann", "Bob"])
    told = n.sentences([E.Accepted(0), E.Cancelled(1, 1)])
    assert told == ["Ann accepts the no: the action against Bob is cancelled."]
    assert n.sentences([E.Accepted(1)]) == ["Bob accepts."]


def test_rent_labels_say_the_amount_and_who_pays() -> None:
    """docs/deal-rules.md § Actions: a two-colour rent charges every other player, the wild rent one
    player; Double The Rent doubles the amount."""
    game = arrange(players=3, hands={0: ["rent_dark_blue_green", "rent_any", "double_rent"]},
                   piles={0: {"dark_blue": ["boardwalk", "park_place"]}})
    n = DealNarrator(game.deck, game.seat_names)
    seat = 0
    view = deal_view(game, seat)
    rents = [e for e in game.legal_actions(seat) if isinstance(e, A.PlayRent)]
    assert {(e.target, len(e.doubles)) for e in rents} >= {(A.NO_TARGET, 0), (A.NO_TARGET, 1),
                                                           (1, 0), (2, 1)}
    assert "16" in n.label(view, next(e for e in rents if e.doubles))  # 8M doubled
    for entry in rents:
        label = n.label(view, entry)
        base = next(p.rent for p in view.tables[seat].piles if p.colour == entry.colour)
        assert n.money(base * 2 ** len(entry.doubles)) in label
        assert ("everyone" in label) == (entry.target == A.NO_TARGET)


def test_labels_and_prompts_read_only_the_seats_view() -> None:
    """docs/deal-rules.md § Players and hidden information: a spectator's view has no hand and is
    asked nothing; the words come from the view, never from the game."""
    game = Game(seats=["Ann", "Bob"], seed=3)
    n = DealNarrator(game.deck, game.seat_names)
    spectator = deal_view(game, None)
    assert spectator.hand is None
    assert n.prompt(spectator) is None


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_the_engines_errors_are_read_in_the_players_language(lang: str) -> None:
    """A refused action's reason reaches a player in their language (the core's errors are
    translatable texts, monopoly.core.text.Text): an out-of-turn action, a malformed one."""
    from monopoly.deal.errors import DealError, IllegalActionError
    from monopoly.i18n import translation

    game = Game(seats=["Ann", "Bob"], seed=1)
    other = 1 - (game.pending or 0)
    t = translation(lang)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(other, A.EndTurn())
    with pytest.raises(DealError) as unreadable:
        A.parse_action("play x bank")
    for exc in (refused.value, unreadable.value):
        english = str(exc)
        read = t.error(exc)
        assert read and read != english and "{" not in read, (english, read)
