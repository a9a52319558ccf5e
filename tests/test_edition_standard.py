"""The standard edition's data file (docs/rules.md §10; facts from docs/rules.md §E1-§4)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from monopoly.board.edition import (
    LANGUAGES,
    Edition,
    EffectKind,
    SquareKind,
    load_edition,
    parse_edition,
)
from monopoly.board.errors import EditionError

# docs/rules.md §E1.1, typed in independently of the data file:
# index -> (price, house cost, rents [base, 1, 2, 3, 4 houses, hotel])
STREET_TABLE: dict[int, tuple[int, int, tuple[int, ...]]] = {
    1: (60, 50, (2, 10, 30, 90, 160, 250)),
    3: (60, 50, (4, 20, 60, 180, 320, 450)),
    6: (100, 50, (6, 30, 90, 270, 400, 550)),
    8: (100, 50, (6, 30, 90, 270, 400, 550)),
    9: (120, 50, (8, 40, 100, 300, 450, 600)),
    11: (140, 100, (10, 50, 150, 450, 625, 750)),
    13: (140, 100, (10, 50, 150, 450, 625, 750)),
    14: (160, 100, (12, 60, 180, 500, 700, 900)),
    16: (180, 100, (14, 70, 200, 550, 750, 950)),
    18: (180, 100, (14, 70, 200, 550, 750, 950)),
    19: (200, 100, (16, 80, 220, 600, 800, 1000)),
    21: (220, 150, (18, 90, 250, 700, 875, 1050)),
    23: (220, 150, (18, 90, 250, 700, 875, 1050)),
    24: (240, 150, (20, 100, 300, 750, 925, 1100)),
    26: (260, 150, (22, 110, 330, 800, 975, 1150)),
    27: (260, 150, (22, 110, 330, 800, 975, 1150)),
    29: (280, 150, (24, 120, 360, 850, 1025, 1200)),
    31: (300, 200, (26, 130, 390, 900, 1100, 1275)),
    32: (300, 200, (26, 130, 390, 900, 1100, 1275)),
    34: (320, 200, (28, 150, 450, 1000, 1200, 1400)),
    37: (350, 200, (35, 175, 500, 1100, 1300, 1500)),
    39: (400, 200, (50, 200, 600, 1400, 1700, 2000)),
}

GROUPS: dict[str, tuple[int, ...]] = {
    "brown": (1, 3),
    "light_blue": (6, 8, 9),
    "pink": (11, 13, 14),
    "orange": (16, 18, 19),
    "red": (21, 23, 24),
    "yellow": (26, 27, 29),
    "green": (31, 32, 34),
    "dark_blue": (37, 39),
    "railroad": (5, 15, 25, 35),
    "utility": (12, 28),
}

MOVING_KINDS = frozenset(
    {
        EffectKind.ADVANCE_TO,
        EffectKind.BACK_TO,
        EffectKind.ADVANCE_TO_NEAREST,
        EffectKind.MOVE_BACK,
        EffectKind.GO_TO_JAIL,
    }
)


def _raw() -> dict[str, Any]:
    text = resources.files("monopoly.editions").joinpath("standard.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture(scope="module")
def ed() -> Edition:
    return load_edition("standard")


def test_loads(ed: Edition) -> None:
    """docs/rules.md §10: `standard` is a bundled edition and loads through load_edition."""
    assert ed.key == "standard"
    assert ed.currency == "$"
    assert ed.names["en"] == "Standard (US)"
    assert ed.jail_square == 10
    assert ed.go_to_jail_square == 30
    assert ed.squares[0].kind == SquareKind.GO


def test_forty_squares_in_order(ed: Edition) -> None:
    """docs/rules.md §E1: 40 spaces, index = position, unique keys."""
    assert len(ed.squares) == 40
    assert [s.index for s in ed.squares] == list(range(40))
    keys = [s.key for s in ed.squares]
    assert len(set(keys)) == 40
    assert ed.square_by_key("boardwalk").index == 39
    assert ed.square_by_key("mediterranean_avenue").index == 1
    assert ed.square_by_key("reading_railroad").index == 5


def test_property_counts(ed: Edition) -> None:
    """docs/rules.md §E1.1: 22 streets, 4 railroads, 2 utilities (28 deeds)."""
    kinds = [s.kind for s in ed.squares]
    assert kinds.count(SquareKind.STREET) == 22
    assert kinds.count(SquareKind.RAILROAD) == 4
    assert kinds.count(SquareKind.UTILITY) == 2
    assert sum(1 for s in ed.squares if s.is_property) == 28


def test_total_price(ed: Edition) -> None:
    """docs/rules.md §E1.1: streets 4,590 + railroads 800 + utilities 300 = 5,690."""
    assert sum(STREET_TABLE[i][0] for i in STREET_TABLE) == 4590
    assert sum(s.price for s in ed.squares) == 5690


@pytest.mark.parametrize("index", sorted(STREET_TABLE))
def test_street_row(ed: Edition, index: int) -> None:
    """docs/rules.md §E1.1: price, house cost, six rents, mortgage = half the price."""
    price, house_cost, rents = STREET_TABLE[index]
    sq = ed.squares[index]
    assert sq.kind == SquareKind.STREET
    assert (sq.price, sq.house_cost, sq.rents) == (price, house_cost, rents)
    assert sq.mortgage_value == price // 2


def test_marvin_gardens_base_rent(ed: Edition) -> None:
    """docs/rules.md §E1.2: the one disagreement, resolved as 24 (not Ventnor's 22)."""
    assert ed.square_by_key("marvin_gardens").rents[0] == 24


def test_railroads_utilities_taxes(ed: Edition) -> None:
    """docs/rules.md §E1.1 and §1.3 (2008+): railroads, utilities, flat taxes."""
    for i in GROUPS["railroad"]:
        sq = ed.squares[i]
        assert (sq.kind, sq.price, sq.rents) == (SquareKind.RAILROAD, 200, (25, 50, 100, 200))
    for i in GROUPS["utility"]:
        sq = ed.squares[i]
        assert (sq.kind, sq.price, sq.utility_multipliers) == (SquareKind.UTILITY, 150, (4, 10))
    taxes = {s.index: (s.key, s.tax) for s in ed.squares if s.kind == SquareKind.TAX}
    assert taxes == {4: ("income_tax", 200), 38: ("luxury_tax", 100)}


def test_groups(ed: Edition) -> None:
    """docs/rules.md §E1.1: colour groups, railroads and utilities, in board order."""
    assert dict(ed.groups) == GROUPS
    assert set(ed.group_names) == set(GROUPS)


def test_card_and_corner_squares(ed: Edition) -> None:
    """docs/rules.md §E1.1: Chance at 7/22/36, Community Chest at 2/17/33, corners."""

    def by_kind(kind: SquareKind) -> list[int]:
        return [s.index for s in ed.squares if s.kind == kind]

    assert by_kind(SquareKind.CHANCE) == [7, 22, 36]
    assert by_kind(SquareKind.COMMUNITY_CHEST) == [2, 17, 33]
    assert by_kind(SquareKind.GO) == [0]
    assert by_kind(SquareKind.JAIL) == [10]
    assert by_kind(SquareKind.FREE_PARKING) == [20]
    assert by_kind(SquareKind.GO_TO_JAIL) == [30]


def test_decks_sizes_and_keys(ed: Edition) -> None:
    """docs/rules.md §E2: 16 Chance and 16 Community Chest cards, unique keys."""
    assert set(ed.decks) == {"chance", "community_chest"}
    for deck in ed.decks.values():
        assert len(deck) == 16
    keys = [c.key for deck in ed.decks.values() for c in deck]
    assert len(keys) == len(set(keys)) == 32
    assert all(c.deck == name for name, deck in ed.decks.items() for c in deck)


def test_moving_cards(ed: Edition) -> None:
    """docs/rules.md §E2.1/§2.2: 10 Chance cards move the token, 2 Community Chest do."""
    moving = {
        name: [c.effect.kind in MOVING_KINDS for c in deck] for name, deck in ed.decks.items()
    }
    assert sum(moving["chance"]) == 10
    # Chance cards 1-7, 10, 11, 14 (1-based, printed order)
    assert [i + 1 for i, m in enumerate(moving["chance"]) if m] == [1, 2, 3, 4, 5, 6, 7, 10, 11, 14]
    assert [i + 1 for i, m in enumerate(moving["community_chest"]) if m] == [1, 6]


def test_chance_effects(ed: Edition) -> None:
    """docs/rules.md §E2.1: effects in printed order."""
    e = [c.effect for c in ed.decks["chance"]]
    assert [x.square for x in e[:4]] == [39, 0, 24, 11]
    assert all(x.kind == EffectKind.ADVANCE_TO for x in e[:4])
    for x in e[4:6]:
        assert (x.kind, x.nearest, x.rent_multiplier) == (
            EffectKind.ADVANCE_TO_NEAREST,
            SquareKind.RAILROAD,
            2,
        )
    assert (e[6].kind, e[6].nearest, e[6].dice_multiplier) == (
        EffectKind.ADVANCE_TO_NEAREST,
        SquareKind.UTILITY,
        10,
    )
    assert (e[7].kind, e[7].amount) == (EffectKind.COLLECT, 50)
    assert e[8].kind == EffectKind.JAIL_FREE
    assert (e[9].kind, e[9].spaces) == (EffectKind.MOVE_BACK, 3)
    assert e[10].kind == EffectKind.GO_TO_JAIL
    assert (e[11].kind, e[11].per_house, e[11].per_hotel) == (EffectKind.REPAIRS, 25, 100)
    assert (e[12].kind, e[12].amount) == (EffectKind.PAY, 15)
    assert (e[13].kind, e[13].square) == (EffectKind.ADVANCE_TO, 5)
    assert (e[14].kind, e[14].amount) == (EffectKind.PAY_EACH, 50)
    assert (e[15].kind, e[15].amount) == (EffectKind.COLLECT, 150)


def test_community_chest_effects(ed: Edition) -> None:
    """docs/rules.md §E2.2: effects in printed order (birthday $10, school fees $50)."""
    e = [c.effect for c in ed.decks["community_chest"]]
    assert (e[0].kind, e[0].square) == (EffectKind.ADVANCE_TO, 0)
    assert e[4].kind == EffectKind.JAIL_FREE
    assert e[5].kind == EffectKind.GO_TO_JAIL
    assert (e[8].kind, e[8].amount) == (EffectKind.COLLECT_FROM_EACH, 10)
    assert (e[13].kind, e[13].per_house, e[13].per_hotel) == (EffectKind.REPAIRS, 40, 115)
    money = {
        i: (x.kind, x.amount)
        for i, x in enumerate(e)
        if x.kind in (EffectKind.COLLECT, EffectKind.PAY)
    }
    assert money == {
        1: (EffectKind.COLLECT, 200),
        2: (EffectKind.PAY, 50),
        3: (EffectKind.COLLECT, 50),
        6: (EffectKind.COLLECT, 100),
        7: (EffectKind.COLLECT, 20),
        9: (EffectKind.COLLECT, 100),
        10: (EffectKind.PAY, 100),
        11: (EffectKind.PAY, 50),
        12: (EffectKind.COLLECT, 25),
        14: (EffectKind.COLLECT, 10),
        15: (EffectKind.COLLECT, 100),
    }


def test_every_name_and_text_in_all_languages(ed: Edition) -> None:
    """docs/rules.md §10 / docs/rules.md §E4: every name and text exists in en, cs, ru."""
    mappings = [ed.names]
    mappings += [s.names for s in ed.squares]
    mappings += list(ed.group_names.values())
    mappings += list(ed.deck_names.values())
    mappings += [c.texts for deck in ed.decks.values() for c in deck]
    for m in mappings:
        for lang in LANGUAGES:
            assert isinstance(m.get(lang), str) and m[lang].strip(), (m, lang)


def test_localised_names(ed: Edition) -> None:
    """docs/rules.md §E3.2 and §4: Moscow board in Russian, Šance/Pokladna in Czech."""
    assert ed.deck_names["chance"] == {"en": "Chance", "cs": "Šance", "ru": "Шанс"}
    assert ed.deck_names["community_chest"]["cs"] == "Pokladna"
    assert ed.deck_names["community_chest"]["ru"] == "Общественная казна"
    assert ed.squares[39].names["ru"] == "Улица Арбат"
    assert ed.squares[1].names["ru"] == "Житная улица"
    assert ed.squares[0].names["ru"] == "Вперёд"
    # no Czech street list exists: US street names are kept
    for i in STREET_TABLE:
        assert ed.squares[i].names["cs"] == ed.squares[i].names["en"]


def test_sources_recorded(ed: Edition) -> None:
    """docs/rules.md §10: the data file says where its names come from."""
    assert ed.sources
    assert "our_translations" in ed.sources


def test_raw_file_parses_identically() -> None:
    """parse_edition on the raw JSON gives the same squares as load_edition."""
    assert parse_edition(_raw()).squares == load_edition("standard").squares


def test_rejects_wrong_square_count() -> None:
    """docs/rules.md §10: an edition must list exactly 40 squares."""
    data = _raw()
    data["squares"] = data["squares"][:39]
    with pytest.raises(EditionError):
        parse_edition(data)


def test_rejects_unknown_effect_kind() -> None:
    """docs/rules.md §10: card effects are typed; an unknown kind is an error."""
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][0]["effect"]["kind"] = "teleport"
    with pytest.raises(EditionError):
        parse_edition(data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rejects_missing_language(lang: str) -> None:
    """docs/rules.md §10: every name must exist in every supported language."""
    data = copy.deepcopy(_raw())
    del data["squares"][1]["names"][lang]
    with pytest.raises(EditionError):
        parse_edition(data)
    data = copy.deepcopy(_raw())
    data["decks"]["community_chest"]["cards"][3]["texts"][lang] = ""
    with pytest.raises(EditionError):
        parse_edition(data)


def test_card_texts_write_money_as_each_language_does() -> None:
    """Czech and Russian write the amount before the currency ("200 $", as the rest of the
    game does: monopoly.i18n's money format), English before it ("$200")."""
    import re

    from monopoly.board.edition import load_edition

    for key in ("standard", "uk"):
        ed = load_edition(key)
        for deck in ed.decks.values():
            for card in deck:
                for lang in ("cs", "ru"):
                    text = card.texts[lang]
                    assert not re.search(r"[$£]\d", text), (key, card.key, lang, text)
                assert not re.search(r"\d\s?[$£]", card.texts["en"]), (key, card.key)
