"""The Monopoly Deal deck as data (docs/deal-rules.md § Deck) and its loader."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from monopoly.deal.deck import (
    ACTION,
    COLOUR_KEYS,
    MONEY,
    PROPERTY,
    RENT,
    WILD,
    load_deck,
    parse_deck,
)
from monopoly.deal.errors import DeckError


def _data() -> dict[str, Any]:
    text = resources.files("monopoly.editions").joinpath("deal", "standard.json").read_text(
        encoding="utf-8"
    )
    data: dict[str, Any] = json.loads(text)
    return data


def _count(key: str) -> int:
    return load_deck().counts()[key]


def test_deck_has_106_cards_worth_252() -> None:
    """docs/deal-rules.md § Deck: 106 playable cards, total bank value 252M."""
    deck = load_deck()
    assert deck.size == 106
    assert sum(deck.value) == 252


def test_deck_kinds_counts() -> None:
    """docs/deal-rules.md § Deck: 20 money, 34 action, 13 rent, 28 properties, 11 wildcards."""
    deck = load_deck()
    by_kind = [deck.kind.count(k) for k in (MONEY, ACTION, RENT, PROPERTY, WILD)]
    assert by_kind == [20, 34, 13, 28, 11]


def test_money_cards() -> None:
    """docs/deal-rules.md § Deck: 1M x6, 2M x5, 3M x3, 4M x3, 5M x2, 10M x1 = 57M."""
    deck = load_deck()
    counts = {v: sum(1 for c in range(106) if deck.kind[c] == MONEY and deck.value[c] == v)
              for v in (1, 2, 3, 4, 5, 10)}
    assert counts == {1: 6, 2: 5, 3: 3, 4: 3, 5: 2, 10: 1}
    assert sum(deck.value[c] for c in range(106) if deck.kind[c] == MONEY) == 57


@pytest.mark.parametrize(("key", "count", "value"), [
    ("deal_breaker", 2, 5), ("just_say_no", 3, 4), ("sly_deal", 3, 3), ("forced_deal", 3, 3),
    ("debt_collector", 3, 3), ("birthday", 3, 2), ("pass_go", 10, 1), ("house", 3, 3),
    ("hotel", 2, 4), ("double_rent", 2, 1),
])
def test_action_cards(key: str, count: int, value: int) -> None:
    """docs/deal-rules.md § Deck, action cards: counts and values (3 Forced Deal, 2 Hotels)."""
    deck = load_deck()
    assert _count(key) == count
    assert deck.value[deck.card_index(key)] == value


def test_rent_cards() -> None:
    """docs/deal-rules.md § Deck: five two-colour rent pairs x2 at 1M, wild rent x3 at 3M."""
    deck = load_deck()
    pairs = {
        tuple(sorted(deck.colour_keys[c] for c in deck.colours[i]))
        for i in range(106) if deck.kind[i] == RENT and not deck.any_colour[i]
    }
    assert pairs == {("dark_blue", "green"), ("red", "yellow"), ("orange", "pink"),
                     ("brown", "light_blue"), ("railroad", "utility")}
    assert all(_count(f"rent_{a}_{b}") == 2 for a, b in [
        ("dark_blue", "green"), ("red", "yellow"), ("pink", "orange"),
        ("light_blue", "brown"), ("railroad", "utility")])
    assert _count("rent_any") == 3
    assert deck.value[deck.card_index("rent_any")] == 3
    assert deck.any_colour[deck.card_index("rent_any")]


@pytest.mark.parametrize(("colour", "size", "value", "ladder"), [
    ("brown", 2, 1, [1, 2]), ("light_blue", 3, 1, [1, 2, 3]), ("pink", 3, 2, [1, 2, 4]),
    ("orange", 3, 2, [1, 3, 5]), ("red", 3, 3, [2, 3, 6]), ("yellow", 3, 3, [2, 4, 6]),
    ("green", 3, 4, [2, 4, 7]), ("dark_blue", 2, 4, [3, 8]),
    ("railroad", 4, 2, [1, 2, 3, 4]), ("utility", 2, 2, [1, 2]),
])
def test_property_colours(colour: str, size: int, value: int, ladder: list[int]) -> None:
    """docs/deal-rules.md § Deck, properties: set size, card value and rent ladder per colour."""
    deck = load_deck()
    i = deck.colour_index(colour)
    assert deck.set_size[i] == size
    assert deck.ladder[i] == ladder
    props = [c for c in range(106) if deck.kind[c] == PROPERTY and deck.colours[c] == (i,)]
    assert len(props) == size
    assert {deck.value[c] for c in props} == {value}


def test_no_buildings_on_railroads_and_utilities() -> None:
    """docs/deal-rules.md § Deck: houses and hotels not on railroads or utilities."""
    deck = load_deck()
    assert [k for i, k in enumerate(COLOUR_KEYS) if not deck.buildable[i]] == [
        "railroad", "utility"]


def test_property_wildcards() -> None:
    """docs/deal-rules.md § Deck: the 11 wildcards, their colour pairs and values."""
    deck = load_deck()
    wilds = sorted(
        ("any" if deck.any_colour[c] else "/".join(deck.colour_keys[x] for x in deck.colours[c]),
         deck.value[c]) for c in range(106) if deck.kind[c] == WILD)
    assert wilds == sorted([
        ("dark_blue/green", 4), ("green/railroad", 4), ("light_blue/railroad", 4),
        ("railroad/utility", 2), ("light_blue/brown", 1), ("pink/orange", 2),
        ("pink/orange", 2), ("red/yellow", 3), ("red/yellow", 3), ("any", 0), ("any", 0)])


def test_names_in_three_languages() -> None:
    """Names are data: every card and colour in English, Czech and Russian."""
    deck = load_deck()
    for c in range(106):
        assert all(deck.name(c, lang) for lang in ("en", "cs", "ru"))
    assert deck.name(deck.card_index("just_say_no"), "cs") == "Prostě řekni ne!"
    assert deck.colour_name(deck.colour_index("green"), "ru") == "Зелёная"
    assert deck.name(deck.card_index("boardwalk"), "ru") == "Улица Арбат"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["cards"][0].update(count=7), "107 cards"),
    (lambda d: d["cards"][0].update(value=2), "bank value of 258M"),
    (lambda d: d["cards"][0].pop("value"), "missing field 'value'"),
    (lambda d: d["cards"][0].update(kind="coin"), "unknown kind"),
    (lambda d: d["colours"][0].update(rent=[1]), "ladder has 1 steps"),
    (lambda d: d["cards"][6].update(action="steal"), "unknown action"),
    (lambda d: d["cards"][0]["names"].pop("cs"), "names must give en, cs and ru"),
])
def test_bad_deck_file_is_a_clear_error(change: Any, message: str) -> None:
    """The loader validates counts and total value (docs/deal-rules.md § Deck) with a clear
    error."""
    data = _data()
    change(data)
    with pytest.raises(DeckError, match=message):
        parse_deck(json.dumps(data))


def test_unknown_deck_and_bad_json() -> None:
    """A missing deck or a file that is not JSON is a DeckError."""
    with pytest.raises(DeckError, match="unknown deck"):
        load_deck("nonesuch")
    with pytest.raises(DeckError, match="must be JSON"):
        parse_deck("{oops")
