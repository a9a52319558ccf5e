"""The Disney edition's White Rabbit Cottages and Sleeping Beauty Castles in what players
read: the narration of building events and the prompts and labels of building actions, in
en, cs and ru, through the catalogs' "disney" message contexts (the standard edition keeps
its houses and hotels)."""

from __future__ import annotations

import pytest

from monopoly.board import Game
from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.options import RuleSet
from monopoly.board.testing import give, new_game, set_levels
from monopoly.i18n import LANGUAGES
from monopoly.i18n.catalogs import extract, load
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.prompts import labels, prompt

LION_KING, DALMATIANS = 37, 39  # the dark blue group of the Disney board
TARZAN, WHITECHAPEL = 1, 3  # the brown group
NBSP = "\xa0"

# language -> (a house word, a hotel word) of the Disney edition, and the generic words
# that must not appear (Russian: "дом" is also the cottage's word, so only the hotel's)
COTTAGE = {"en": "White Rabbit Cottage", "cs": "Bílého králíka", "ru": "Белого кролика"}
CASTLE = {"en": "Sleeping Beauty Castle", "cs": "Šípkové Růženky", "ru": "Спящей красавицы"}
GENERIC_HOUSE = {"en": ("house",), "cs": ("dům", "domy", "domů"), "ru": ()}
GENERIC_HOTEL = {"en": ("hotel",), "cs": ("hotel",), "ru": ("отель",)}


def _disney() -> Game:
    return Game(["a", "b", "c"], 1, RuleSet(first_player="fixed"), "disney")


def _no_generic(text: str, lang: str) -> None:
    low = text.lower()
    for word in GENERIC_HOUSE[lang] + GENERIC_HOTEL[lang]:
        assert word not in low, (lang, word, text)


# --------------------------------------------------------------------------- narration


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["1 White Rabbit Cottage", "2 White Rabbit Cottages", "5 White Rabbit Cottages"]),
        (
            "cs",
            [
                "1 chaloupka Bílého králíka",
                "2 chaloupky Bílého králíka",
                "5 chaloupek Bílého králíka",
            ],
        ),
        ("ru", ["1 дом Белого кролика", "2 дома Белого кролика", "5 домов Белого кролика"]),
    ],
)
def test_plural_counts_1_2_5(lang: str, expected: list[str]) -> None:
    n = Narrator.for_game(_disney(), lang)
    assert [n.houses(k) for k in (1, 2, 5)] == expected


def test_build_sentences_in_english() -> None:
    n = Narrator.for_game(_disney())
    assert n.sentence(E.Built(0, DALMATIANS, 1, 200)) == (
        "a builds a White Rabbit Cottage on 101 Dalmatians for £200 (1 cottage there now)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 2, 200)) == (
        "a builds a White Rabbit Cottage on 101 Dalmatians for £200 (2 cottages there now)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 5, 200)) == (
        "a builds a Sleeping Beauty Castle on 101 Dalmatians for £200."
    )
    assert n.sentence(E.Sold(0, DALMATIANS, 1, 100)) == (
        "a sells buildings on 101 Dalmatians for £100; 1 White Rabbit Cottage is left there."
    )
    assert n.sentence(E.Sold(0, DALMATIANS, 4, 100)) == (
        "a sells buildings on 101 Dalmatians for £100; 4 White Rabbit Cottages are left there."
    )


def test_build_sentences_in_czech() -> None:
    n = Narrator.for_game(_disney(), "cs")
    head = f"a staví chaloupku Bílého králíka na poli 101 dalmatinů za 200{NBSP}£"
    assert n.sentence(E.Built(0, DALMATIANS, 1, 200)) == (
        head + " (nyní tam stojí 1 chaloupka)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 2, 200)) == (
        head + " (nyní tam stojí 2 chaloupky)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 5, 200)) == (
        f"a staví zámek Šípkové Růženky na poli 101 dalmatinů za 200{NBSP}£."
    )
    sold = f"a prodává budovy na poli 101 dalmatinů za 100{NBSP}£; "
    assert n.sentence(E.Sold(0, DALMATIANS, 1, 100)) == (
        sold + "zůstává tam 1 chaloupka Bílého králíka."
    )
    assert n.sentence(E.Sold(0, DALMATIANS, 3, 100)) == (
        sold + "zůstávají tam 3 chaloupky Bílého králíka."
    )


def test_build_sentences_in_russian() -> None:
    n = Narrator.for_game(_disney(), "ru")
    head = f"a строит дом Белого кролика на поле «101 Далматинец» за 200{NBSP}£"
    assert n.sentence(E.Built(0, DALMATIANS, 1, 200)) == (
        head + " (теперь там 1 дом Белого кролика)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 2, 200)) == (
        head + " (теперь там 2 дома Белого кролика)."
    )
    assert n.sentence(E.Built(0, DALMATIANS, 5, 200)) == (
        f"a строит замок Спящей красавицы на поле «101 Далматинец» за 200{NBSP}£."
    )
    assert n.sentence(E.Sold(0, DALMATIANS, 4, 100)).endswith(
        "там остаётся 4 дома Белого кролика."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_building_events_name_cottages_and_castles(lang: str) -> None:
    n = Narrator.for_game(_disney(), lang)
    houses = [
        E.Built(0, LION_KING, 1, 200),
        E.Built(0, LION_KING, 4, 200),
        E.Sold(0, LION_KING, 2, 100),
        E.AuctionStarted("house", LION_KING, (0, 1)),
        E.AuctionWon(1, "house", LION_KING, 210),
    ]
    hotels = [
        E.Built(0, LION_KING, 5, 200),
        E.AuctionStarted("hotel", LION_KING, (0, 1)),
        E.AuctionWon(1, "hotel", LION_KING, 210),
    ]
    for e in houses:
        text = n.sentence(e)
        assert COTTAGE[lang] in text, text
        _no_generic(text, lang)
    for e in hotels:
        text = n.sentence(e)
        assert CASTLE[lang] in text, text
        _no_generic(text, lang)


def test_the_auction_lot_in_every_language() -> None:
    game = _disney()
    lot = E.AuctionStarted("house", LION_KING, (0, 1))
    assert Narrator.for_game(game).sentence(lot) == (
        "a White Rabbit Cottage for The Lion King goes to auction."
    )
    assert Narrator.for_game(game, "cs").sentence(lot) == (
        "Do dražby jde: chaloupka Bílého králíka na pole Lví král."
    )
    won = E.AuctionWon(1, "hotel", LION_KING, 210)
    assert Narrator.for_game(game, "ru").sentence(won) == (
        f"b выигрывает на аукционе за 210{NBSP}£: "
        "замок Спящей красавицы для поля «Король Лев»."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standard_edition_keeps_houses_and_hotels(lang: str) -> None:
    n = Narrator.for_game(new_game(3), lang)
    house = {"en": "house", "cs": "dům", "ru": "дом"}[lang]
    hotel = {"en": "hotel", "cs": "hotel", "ru": "отель"}[lang]
    assert house in n.sentence(E.Built(0, 39, 1, 200))
    assert hotel in n.sentence(E.Built(0, 39, 5, 200))
    assert house in n.sentence(E.AuctionStarted("house", 39, (0, 1)))
    for text in (n.sentence(E.Built(0, 39, 2, 200)), n.houses(2), n.houses(5)):
        assert COTTAGE[lang] not in text and "Castle" not in text
    assert n.edition_context is None


def test_an_edition_variant_missing_from_the_catalog_falls_back() -> None:
    n = Narrator.for_game(_disney(), "cs")
    assert n.edition_gettext("Score sheet") == "Hrací listina"
    assert n.edition_ngettext("{n} house", "{n} houses", 2) == "{n} chaloupky Bílého králíka"
    assert n.edition_pgettext("owed to", "to the bank") == "bance"


# --------------------------------------------------------------------------- prompts, labels


def _texts(g: Game, seat: int, lang: str) -> list[str]:
    return [text for _, text in labels(g.seat_view(seat), lang)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_build_and_sell_labels(lang: str) -> None:
    g = _disney()
    give(g, 0, LION_KING, DALMATIANS)
    build = [t for t in _texts(g, 0, lang) if COTTAGE[lang] in t]
    assert len(build) == 2, build
    for text in build:
        _no_generic(text, lang)
    set_levels(g, s37=4, s39=4)
    got = _texts(g, 0, lang)
    castles = [t for t in got if CASTLE[lang] in t]
    cottages = [t for t in got if COTTAGE[lang] in t]
    assert len(castles) == 2 and len(cottages) == 2, got  # build a castle, sell a cottage
    for text in castles + cottages:
        _no_generic(text, lang)
    set_levels(g, s37=5, s39=5)
    sell = [t for t in _texts(g, 0, lang) if CASTLE[lang] in t]
    assert len(sell) == 2, sell
    for text in sell:
        _no_generic(text, lang)


def test_labels_in_english() -> None:
    g = _disney()
    give(g, 0, LION_KING, DALMATIANS)
    assert "Build a White Rabbit Cottage on 101 Dalmatians (£200)" in _texts(g, 0, "en")
    set_levels(g, s37=4, s39=4)
    got = _texts(g, 0, "en")
    assert "Build a Sleeping Beauty Castle on 101 Dalmatians (£200)" in got
    assert "Sell a White Rabbit Cottage on 101 Dalmatians (+£100)" in got
    set_levels(g, s37=5, s39=5)
    assert "Sell the Sleeping Beauty Castle on 101 Dalmatians (+£100)" in _texts(g, 0, "en")
    assert f"Prodat zámek Šípkové Růženky na poli 101 dalmatinů (+100{NBSP}£)" in _texts(
        g, 0, "cs"
    )


@pytest.mark.parametrize("level", [0, 4])
def test_a_shortage_auction_and_the_placement(level: int) -> None:
    """The bank's last cottage (castle) goes to auction; the winner places it."""
    g = _disney()
    give(g, 0, LION_KING, DALMATIANS)
    give(g, 1, TARZAN, WHITECHAPEL)
    if level:
        set_levels(g, s37=level, s39=level, s1=level, s3=level)
        g.hotels_left = 1
    else:
        g.houses_left = 1
    word = CASTLE if level else COTTAGE
    g.apply(0, A.BUILD[LION_KING])
    assert g.auction is not None
    for lang in LANGUAGES:
        text = prompt(g.seat_view(1), lang)
        assert text is not None and word[lang] in text, text
        _no_generic(text, lang)
    expected = {
        0: {
            "en": "Auction of a White Rabbit Cottage: the high bid is £200 (a). Your bid?",
            "cs": "Dražba chaloupky Bílého králíka",
            "ru": "Аукцион дома Белого кролика",
        },
        4: {
            "en": "Auction of a Sleeping Beauty Castle: the high bid is £200 (a). Your bid?",
            "cs": "Dražba zámku Šípkové Růženky",
            "ru": "Аукцион замка Спящей красавицы",
        },
    }[level]
    for lang, start in expected.items():
        assert (prompt(g.seat_view(1), lang) or "").startswith(start)
    g.apply(1, A.Bid(210))
    g.apply(0, A.PASS_BID)
    assert g.placement is not None and g.placement[0] == 1
    for lang in LANGUAGES:
        text = prompt(g.seat_view(1), lang)
        assert text is not None and word[lang] in text, text
        _no_generic(text, lang)
        place = [t for t in _texts(g, 1, lang) if word[lang] in t][:2]
        assert len(place) == 2, place
        for t in place:
            _no_generic(t, lang)
    view = g.seat_view(1)
    if level:
        assert prompt(view, "en") == "Place the Sleeping Beauty Castle you won at auction."
        assert _texts(g, 1, "en")[0] == "Place the Sleeping Beauty Castle on Tarzan"
        assert prompt(g.seat_view(1), "cs") == "Umísti vydražený zámek Šípkové Růženky."
    else:
        assert prompt(g.seat_view(1), "en") == "Place the White Rabbit Cottage you won at auction."
        assert _texts(g, 1, "en")[0] == "Place the White Rabbit Cottage on Tarzan"
        assert prompt(g.seat_view(1), "cs") == "Umísti vydraženou chaloupku Bílého králíka."
        assert prompt(view, "ru") == "Поставьте выигранный на аукционе дом Белого кролика."


def test_the_standard_edition_keeps_its_building_labels() -> None:
    g = new_game(3)
    give(g, 0, 37, 39)
    assert "Build a house on Boardwalk ($200)" in _texts(g, 0, "en")
    assert f"Postavit dům na poli Boardwalk (200{NBSP}$)" in _texts(g, 0, "cs")


# --------------------------------------------------------------------------- the catalogs


def test_every_disney_variant_has_a_common_message() -> None:
    """Each message of a "disney" context is a variant of a context-free message (or of
    one in the same context: "disney|auction of" of "auction of") read by other editions."""
    template = extract()
    keys = {(m.context, m.id) for m in template if m.id}
    variants = [(c, i) for c, i in keys if c is not None and c.split("|")[0] == "disney"]
    assert len(variants) >= 16
    for context, msgid in variants:
        common = context.partition("|")[2] or None
        assert (common, msgid) in keys, (context, msgid)


def test_the_english_disney_entries_say_cottage_and_castle() -> None:
    for msg in load("en"):
        if not msg.id or msg.context is None or not msg.context.startswith("disney"):
            continue
        forms = list(msg.string) if msg.pluralizable else [msg.string]
        for form in forms:
            assert "Cottage" in form or "Castle" in form or "cottage" in form, form
            assert "house" not in form and "hotel" not in form, form
