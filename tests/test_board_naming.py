"""The board's names (monopoly.board.naming; docs/protocol.md, "The board's names"): a
table plays with one set of street names for every seat, whatever each reader's
language."""

from __future__ import annotations

import re

import pytest

from monopoly.board.edition import load_edition
from monopoly.board.errors import EditionError
from monopoly.board.game import Game
from monopoly.board.naming import default_names, name_sets, named
from monopoly.narration.board.narrate import Narrator

LANGS = ("en", "cs", "ru")
EDITIONS = ("standard", "uk", "disney")
SETS = [(e, n) for e in EDITIONS for n in name_sets(load_edition(e))]


def test_every_edition_lists_its_sets_with_a_label_in_every_language() -> None:
    assert {e: sorted(name_sets(load_edition(e))) for e in EDITIONS} == {
        "standard": ["en", "ru"], "uk": ["en", "ru"], "disney": ["cs", "en", "ru"]}
    for edition, names in SETS:
        labels = name_sets(load_edition(edition))[names]
        assert all(labels[lang].strip() for lang in LANGS)
    assert default_names(load_edition("standard"), "ru") == "ru"
    assert default_names(load_edition("standard"), "cs") == "en"  # no Czech board: the US one


@pytest.mark.parametrize(("edition", "names"), SETS)
def test_properties_take_the_sets_names_in_every_language(edition: str, names: str) -> None:
    plain = load_edition(edition)
    board = named(plain, names)
    for sq, before in zip(board.squares, plain.squares, strict=True):
        if before.is_property:
            assert {sq.names[lang] for lang in LANGS} == {before.names[names]}
        else:  # Go, Jail, Chance, the taxes: the reader's words
            assert sq.names == before.names
    assert named(plain, names) is board  # made once


@pytest.mark.parametrize(("edition", "names"), SETS)
def test_a_card_names_the_property_it_sends_to_from_the_set(edition: str, names: str) -> None:
    plain = load_edition(edition)
    board = named(plain, names)
    moving = [c for deck in board.decks.values() for c in deck
              if 0 <= c.effect.square < 40 and board.squares[c.effect.square].is_property]
    assert moving
    for card in moving:
        name = board.squares[card.effect.square].names["en"]
        before = plain.card_by_key(card.key)
        for lang in LANGS:
            if lang == names:  # the set's own language: its text as written
                assert card.texts[lang] == before.texts[lang]
            else:
                assert name.casefold() in card.texts[lang].casefold(), (card.key, lang)
        for lang in LANGS:  # no other set's name of the square is left in a renamed text
            if lang == names:
                continue
            for other in plain.squares[card.effect.square].names.values():
                if other != name:
                    # as whole words: "Lady a Trampovi" inflects the name, keeps its words
                    word = rf"(?<!\w){re.escape(other)}(?!\w)"
                    assert not re.search(word, card.texts[lang], re.I), (card.key, lang)


def test_a_set_the_edition_lacks_is_refused() -> None:
    with pytest.raises(EditionError, match="no set of names 'cs'"):
        named(load_edition("standard"), "cs")


def test_the_narrator_of_a_named_board_speaks_of_its_streets_in_any_language() -> None:
    game = Game(["Ann", "Bob"], seed=3)
    moscow = named(game.edition, "ru")
    for lang in LANGS:
        narrator = Narrator(moscow, ["Ann", "Bob"], lang)
        assert narrator.square(39) == "Улица Арбат"
        assert narrator.square(0) == load_edition("standard").squares[0].names[lang]
