"""The `uk` edition's data file (docs/rules.md §10; facts from docs/rules.md §E5), and the
loader's validation of malformed edition data (docs/rules.md §10: editions are typed data)."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from typing import Any

import pytest

from monopoly.board import Game
from monopoly.board.edition import (
    LANGUAGES,
    Edition,
    EffectKind,
    SquareKind,
    edition_names,
    load_edition,
    parse_edition,
    parse_edition_text,
)
from monopoly.board.errors import EditionError, IllegalActionError
from monopoly.board.events import CardDrawn
from monopoly.board.options import RuleSet
from monopoly.bots.board.base import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.lab.board import conformance as C
from test_edition_standard import GROUPS, STREET_TABLE

# docs/rules.md §E5, typed in independently of the data file: index -> English name.
LONDON: dict[int, str] = {
    0: "GO",
    1: "Old Kent Road",
    2: "Community Chest",
    3: "Whitechapel Road",
    4: "Income Tax",
    5: "King's Cross Station",
    6: "The Angel Islington",
    7: "Chance",
    8: "Euston Road",
    9: "Pentonville Road",
    10: "Jail",
    11: "Pall Mall",
    12: "Electric Company",
    13: "Whitehall",
    14: "Northumberland Avenue",
    15: "Marylebone Station",
    16: "Bow Street",
    17: "Community Chest",
    18: "Marlborough Street",
    19: "Vine Street",
    20: "Free Parking",
    21: "Strand",
    22: "Chance",
    23: "Fleet Street",
    24: "Trafalgar Square",
    25: "Fenchurch Street Station",
    26: "Leicester Square",
    27: "Coventry Street",
    28: "Water Works",
    29: "Piccadilly",
    30: "Go To Jail",
    31: "Regent Street",
    32: "Oxford Street",
    33: "Community Chest",
    34: "Bond Street",
    35: "Liverpool Street Station",
    36: "Chance",
    37: "Park Lane",
    38: "Super Tax",
    39: "Mayfair",
}

# docs/rules.md §E5 "same prices, rents, house costs as the standard edition" (§E1.1):
# the independently typed tables of test_edition_standard.py.
STREETS = STREET_TABLE

# docs/rules.md §E5, the classic UK decks, in the order listed there:
# (English text, effect kind, effect parameters)
UK_CHANCE: list[tuple[str, EffectKind, dict[str, int | str]]] = [
    ("Advance to Go.", EffectKind.ADVANCE_TO, {"square": 0}),
    (
        "Go to jail. Move directly to jail. Do not pass Go. Do not collect £200.",
        EffectKind.GO_TO_JAIL,
        {},
    ),
    ("Advance to Pall Mall. If you pass Go collect £200.", EffectKind.ADVANCE_TO, {"square": 11}),
    (
        "Take a trip to Marylebone Station and if you pass Go collect £200.",
        EffectKind.ADVANCE_TO,
        {"square": 15},
    ),
    (
        "Advance to Trafalgar Square. If you pass Go collect £200.",
        EffectKind.ADVANCE_TO,
        {"square": 24},
    ),
    ("Advance to Mayfair.", EffectKind.ADVANCE_TO, {"square": 39}),
    ("Go back three spaces.", EffectKind.MOVE_BACK, {"spaces": 3}),
    (
        "Make general repairs on all of your houses. For each house pay £25. "
        "For each hotel pay £100.",
        EffectKind.REPAIRS,
        {"per_house": 25, "per_hotel": 100},
    ),
    (
        "You are assessed for street repairs: £40 per house, £115 per hotel.",
        EffectKind.REPAIRS,
        {"per_house": 40, "per_hotel": 115},
    ),
    ("Pay school fees of £150.", EffectKind.PAY, {"amount": 150}),
    ('"Drunk in charge" fine £20.', EffectKind.PAY, {"amount": 20}),
    ("Speeding fine £15.", EffectKind.PAY, {"amount": 15}),
    ("Your building loan matures. Receive £150.", EffectKind.COLLECT, {"amount": 150}),
    ("You have won a crossword competition. Collect £100.", EffectKind.COLLECT, {"amount": 100}),
    ("Bank pays you dividend of £50.", EffectKind.COLLECT, {"amount": 50}),
    ("Get out of jail free. This card may be kept until needed or sold.", EffectKind.JAIL_FREE, {}),
]
UK_CHEST: list[tuple[str, EffectKind, dict[str, int | str]]] = [
    ("Advance to Go.", EffectKind.ADVANCE_TO, {"square": 0}),
    ("Go back to Old Kent Road.", EffectKind.BACK_TO, {"square": 1}),
    (
        "Go to jail. Move directly to jail. Do not pass Go. Do not collect £200.",
        EffectKind.GO_TO_JAIL,
        {},
    ),
    ("Pay hospital £100.", EffectKind.PAY, {"amount": 100}),
    ("Doctor's fee. Pay £50.", EffectKind.PAY, {"amount": 50}),
    ("Pay your insurance premium £50.", EffectKind.PAY, {"amount": 50}),
    ("Bank error in your favour. Collect £200.", EffectKind.COLLECT, {"amount": 200}),
    ("Annuity matures. Collect £100.", EffectKind.COLLECT, {"amount": 100}),
    ("You inherit £100.", EffectKind.COLLECT, {"amount": 100}),
    ("From sale of stock you get £50.", EffectKind.COLLECT, {"amount": 50}),
    ("Receive interest on 7% preference shares: £25.", EffectKind.COLLECT, {"amount": 25}),
    ("Income tax refund. Collect £20.", EffectKind.COLLECT, {"amount": 20}),
    (
        "You have won second prize in a beauty contest. Collect £10.",
        EffectKind.COLLECT,
        {"amount": 10},
    ),
    (
        "It is your birthday. Collect £10 from each player.",
        EffectKind.COLLECT_FROM_EACH,
        {"amount": 10},
    ),
    ("Get out of jail free. This card may be kept until needed or sold.", EffectKind.JAIL_FREE, {}),
    ("Pay a £10 fine or take a Chance.", EffectKind.PAY_OR_DRAW, {"amount": 10, "deck": "chance"}),
]


def _raw(name: str = "uk") -> dict[str, Any]:
    text = resources.files("monopoly.editions").joinpath(f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture(scope="module")
def ed() -> Edition:
    return load_edition("uk")


# ------------------------------------------------------------------------------ the board


def test_loads(ed: Edition) -> None:
    """docs/rules.md §10: `uk` is a bundled edition (a data file), in pounds."""
    assert ed.key == "uk"
    assert ed.currency == "£"
    assert "uk" in edition_names()
    assert {"standard", "uk", "disney"} <= set(edition_names())
    assert ed.jail_square == 10
    assert ed.go_to_jail_square == 30


def test_london_board_square_by_square(ed: Edition) -> None:
    """docs/rules.md §E5: the London board's 40 names, in board order."""
    assert {s.index: s.names["en"] for s in ed.squares} == LONDON
    assert len({s.key for s in ed.squares}) == 40


@pytest.mark.parametrize("index", sorted(STREETS))
def test_street_row(ed: Edition, index: int) -> None:
    """docs/rules.md §E5: same prices, rents and house costs as the standard edition."""
    price, house_cost, rents = STREETS[index]
    sq = ed.squares[index]
    assert sq.kind == SquareKind.STREET
    assert (sq.price, sq.house_cost, sq.rents) == (price, house_cost, rents)
    assert sq.mortgage_value == price // 2


def test_same_economics_as_standard(ed: Edition) -> None:
    """docs/rules.md §E5: every price, rent, group and kind equals the standard edition's."""
    std = load_edition("standard")
    for a, b in zip(ed.squares, std.squares, strict=True):
        assert (a.kind, a.group, a.price, a.house_cost, a.rents, a.utility_multipliers) == (
            b.kind,
            b.group,
            b.price,
            b.house_cost,
            b.rents,
            b.utility_multipliers,
        ), a.index


def test_stations_utilities_taxes(ed: Edition) -> None:
    """docs/rules.md §E5: four stations, two utilities, Income Tax £200, Super Tax £100."""
    for i in GROUPS["railroad"]:
        sq = ed.squares[i]
        assert (sq.kind, sq.price, sq.rents) == (SquareKind.RAILROAD, 200, (25, 50, 100, 200))
    for i in GROUPS["utility"]:
        sq = ed.squares[i]
        assert (sq.kind, sq.price, sq.utility_multipliers) == (SquareKind.UTILITY, 150, (4, 10))
    taxes = {s.index: (s.key, s.tax) for s in ed.squares if s.kind == SquareKind.TAX}
    # the engine tells income tax by its key ("income" in it): docs/rules.md §6 options
    assert taxes == {4: ("income_tax", 200), 38: ("super_tax", 100)}


def test_groups_and_card_squares(ed: Edition) -> None:
    """docs/rules.md §E5: colour groups; Chance 7/22/36, Community Chest 2/17/33."""
    assert dict(ed.groups) == GROUPS
    assert [s.index for s in ed.squares if s.kind == SquareKind.CHANCE] == [7, 22, 36]
    assert [s.index for s in ed.squares if s.kind == SquareKind.COMMUNITY_CHEST] == [2, 17, 33]
    assert ed.group_names["railroad"]["en"] == "Stations"


# ------------------------------------------------------------------------------ the decks


@pytest.mark.parametrize(
    ("deck", "expected"), [("chance", UK_CHANCE), ("community_chest", UK_CHEST)]
)
def test_deck_exactly_as_listed(
    ed: Edition, deck: str, expected: list[tuple[str, EffectKind, dict[str, int | str]]]
) -> None:
    """docs/rules.md §E5: the classic UK decks, 16 + 16 cards, texts and typed effects."""
    cards = ed.decks[deck]
    assert len(cards) == 16
    for card, (text, kind, params) in zip(cards, expected, strict=True):
        assert card.texts["en"] == text
        assert card.effect.kind == kind, card.key
        for name, value in params.items():
            assert getattr(card.effect, name) == value, (card.key, name)
        # the amounts in the text are the effect's (the £ figures, in printed order)
        figures = [int(x) for x in re.findall(r"£(\d+)", text)]
        typed = [v for k, v in params.items() if k in ("amount", "per_house", "per_hotel")]
        if kind not in (EffectKind.GO_TO_JAIL, EffectKind.ADVANCE_TO):
            assert figures == typed, card.key


def test_fine_or_chance_is_a_choice(ed: Edition) -> None:
    """docs/rules.md §E5 / docs/rules.md §10: 'Pay a £10 fine or take a Chance' is typed
    data for a player's choice, naming the Chance deck."""
    card = ed.card_by_key("community_chest_fine_or_chance")
    assert (card.effect.kind, card.effect.amount, card.effect.deck) == (
        EffectKind.PAY_OR_DRAW,
        10,
        "chance",
    )
    assert card.effect.deck in ed.decks


def test_card_keys_unique_and_decks_named(ed: Edition) -> None:
    """docs/rules.md §10: cards have stable unique keys; deck names in every language."""
    keys = [c.key for deck in ed.decks.values() for c in deck]
    assert len(keys) == len(set(keys)) == 32
    assert ed.deck_names["chance"] == {"en": "Chance", "cs": "Šance", "ru": "Шанс"}
    assert ed.deck_names["community_chest"]["cs"] == "Pokladna"


# ------------------------------------------------------------------------------ the names


def test_every_name_and_text_in_all_languages(ed: Edition) -> None:
    """docs/rules.md §10: every name and card text exists in en, cs and ru."""
    mappings = [ed.names]
    mappings += [s.names for s in ed.squares]
    mappings += list(ed.group_names.values())
    mappings += list(ed.deck_names.values())
    mappings += [c.texts for deck in ed.decks.values() for c in deck]
    for m in mappings:
        for lang in LANGUAGES:
            assert isinstance(m.get(lang), str) and m[lang].strip(), (m, lang)


def test_localised_names(ed: Edition) -> None:
    """docs/rules.md §E4/§5: no source gives Czech London names, so the English street
    names are kept in Czech; Russian ones are transliterated (Cyrillic); the corners, card
    squares and taxes use the standard edition's Czech and Russian names."""
    std = load_edition("standard")
    for i in STREETS:
        assert ed.squares[i].names["cs"] == ed.squares[i].names["en"]
        assert re.search("[а-яА-Я]", ed.squares[i].names["ru"]), i
    for i in (0, 2, 7, 10, 20, 30, 12, 28, 4):
        assert ed.squares[i].names["cs"] == std.squares[i].names["cs"], i
    assert ed.squares[39].names["ru"] == "Мейфэр"
    assert ed.squares[38].names["ru"] == "Суперналог"  # seed 001's name for Super Tax


def test_sources_say_what_is_sourced_and_what_is_kept(ed: Edition) -> None:
    """docs/rules.md §10: the file says which names are sourced and which are kept from English."""
    assert {"board", "decks", "names_en", "names_cs", "names_ru", "our_translations"} <= set(
        ed.sources
    )
    assert "kept" in ed.sources["names_cs"]
    assert "transliteration" in ed.sources["names_ru"]


# ------------------------------------------------------------------------------ playing


def _play_or_xfail(game: Game, bots: list[Any], max_actions: int) -> Game:
    try:
        return play_game(game, bots, max_actions)
    except IllegalActionError as exc:  # an engine without pay_or_draw yet
        if "not supported" in str(exc):
            pytest.xfail(f"the engine does not play this card effect yet: {exc}")
        raise


def test_whole_games_play_on_uk() -> None:
    """docs/rules.md §10: whole games play on the uk edition (greedy bots, 2-5 seats, a turn
    limit for the stalemates), and the 'fine or take a Chance' card comes up in them."""
    drawn: set[str] = set()
    for seed in range(8):
        n = 2 + seed % 4
        g = Game([f"p{i}" for i in range(n)], seed, RuleSet(turn_limit=400), load_edition("uk"))
        _play_or_xfail(g, [make_bot("greedy", seed * 10 + s) for s in range(n)], 60000)
        assert g.is_over
        assert g.outcome is not None
        assert g.events is not None
        drawn.update(e.card for e in g.events if isinstance(e, CardDrawn))
    assert "community_chest_fine_or_chance" in drawn


@pytest.mark.parametrize("index", range(3))
def test_random_play_on_uk_keeps_every_invariant(index: int) -> None:
    """docs/rules.md §10 with the conformance checks: random legal play on the uk board keeps
    money, buildings, ownership, groups and decks consistent, and the record replays."""
    assert C.run_game(100, index, 4, 1500, None, "uk") == (0, 0, [])


# ------------------------------------------------------------------------ loader errors


def _fails(data: dict[str, Any], match: str) -> None:
    with pytest.raises(EditionError, match=match):
        parse_edition(data)


def test_raw_file_parses_identically() -> None:
    """parse_edition on the raw JSON gives the same squares and cards as load_edition."""
    again = parse_edition(_raw())
    assert again.squares == load_edition("uk").squares
    assert dict(again.decks) == dict(load_edition("uk").decks)


def test_rejects_card_square_off_the_board() -> None:
    """docs/rules.md §10: a card's target square must be on the board (0-39)."""
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][0]["effect"]["square"] = 40
    _fails(data, r"deck 'chance' card 0: square 40 is off the board")
    data = copy.deepcopy(_raw())
    data["decks"]["community_chest"]["cards"][1]["effect"]["square"] = -1
    _fails(data, r"deck 'community_chest' card 1: square -1 is off the board")


def test_rejects_pay_or_draw_naming_a_missing_deck() -> None:
    """docs/rules.md §10: 'pay or take a Chance' must name another deck of the edition."""
    data = copy.deepcopy(_raw())
    data["decks"]["community_chest"]["cards"][15]["effect"]["deck"] = "show_time"
    _fails(data, r"card 15 \(community_chest_fine_or_chance\): pay_or_draw names deck 'show_time'")
    data["decks"]["community_chest"]["cards"][15]["effect"]["deck"] = "community_chest"
    _fails(data, r"pay_or_draw names deck 'community_chest'")
    del data["decks"]["community_chest"]["cards"][15]["effect"]["deck"]
    _fails(data, r"pay_or_draw needs \['deck'\]")


def test_rejects_fields_that_do_not_apply() -> None:
    """docs/rules.md §10: effects are typed; a field a kind does not use is an error."""
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][0]["effect"]["amount"] = 200
    _fails(data, r"fields \['amount'\] do not apply to advance_to")
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][9]["effect"]["amount"] = 0
    _fails(data, "amount must be positive")
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][9]["effect"]["amount"] = "150"
    _fails(data, "amount must be an integer")


def test_rejects_duplicate_keys() -> None:
    """docs/rules.md §10: square, card and JSON keys are unique."""
    data = copy.deepcopy(_raw())
    data["squares"][3]["key"] = "old_kent_road"
    _fails(data, "duplicate square key 'old_kent_road'")
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][1]["key"] = "community_chest_go_to_jail"
    _fails(data, "duplicate card key 'community_chest_go_to_jail'")
    text = json.dumps(_raw(), ensure_ascii=False)
    text = text.replace('"key": "uk",', '"key": "uk", "key": "uk2",', 1)
    with pytest.raises(EditionError, match="duplicate JSON key 'key'"):
        parse_edition_text(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rejects_card_without_a_text(lang: str) -> None:
    """docs/rules.md §10: every card has its text in en, cs and ru."""
    data = copy.deepcopy(_raw())
    del data["decks"]["chance"]["cards"][4]["texts"][lang]
    _fails(data, rf"deck 'chance' card 4: missing names in {lang}")


def test_a_deck_of_another_size_is_allowed_but_not_an_empty_one() -> None:
    """docs/rules.md §10: decks are per edition; 16 cards is the classic size, not a rule."""
    data = copy.deepcopy(_raw())
    del data["decks"]["chance"]["cards"][3]
    assert len(parse_edition(data).decks["chance"]) == 15
    data["decks"]["chance"]["cards"] = []
    _fails(data, "deck 'chance': 'cards' must be a non-empty list")


def test_rejects_malformed_squares() -> None:
    """docs/rules.md §10: squares are typed; errors say which square and what."""
    data = copy.deepcopy(_raw())
    data["squares"][1]["prcie"] = 60
    _fails(data, r"square 1: unknown fields \['prcie'\]")
    data = copy.deepcopy(_raw())
    data["squares"][1]["price"] = "60"
    _fails(data, "square 1: price must be an integer")
    data = copy.deepcopy(_raw())
    data["squares"][5]["group"] = "brown"
    _fails(data, "group 'brown' mixes square kinds")
    data = copy.deepcopy(_raw())
    data["squares"][4]["tax"] = 0
    _fails(data, "square 4: a tax square needs a positive tax")
    data = copy.deepcopy(_raw())
    data["squares"][7]["price"] = 100
    _fails(data, "square 7: a chance square has no price")


def test_rejects_bad_nearest_and_spaces() -> None:
    """docs/rules.md §5: 'nearest' cards go to a railroad or utility; 'back N' moves 1-39."""
    data = copy.deepcopy(_raw())
    data["decks"]["chance"]["cards"][6]["effect"]["spaces"] = 0
    _fails(data, "spaces must be 1-39")
    data = copy.deepcopy(_raw("standard"))
    data["decks"]["chance"]["cards"][4]["effect"]["nearest"] = "tax"
    _fails(data, "nearest must be railroad or utility")


def test_unknown_edition_and_mismatched_key() -> None:
    """docs/rules.md §10: editions are loaded by name; unknown names are an EditionError."""
    with pytest.raises(EditionError, match="unknown edition 'narnia'"):
        load_edition("narnia")
    with pytest.raises(EditionError, match="unknown edition"):
        load_edition("../standard")
