"""Every Monopoly Deal card's name in English, Czech and Russian, as the deck's data gives
it (src/monopoly/editions/deal/standard.json): the whole list, checked name by name, and
the rules the names follow (the official English card names, a rent card or a wildcard
named by its colours, money as the cards print it, properties as on the standard board)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from monopoly.deal.deck import ACTION, MONEY, PROPERTY, RENT, WILD, load_deck

NBSP = "\u00a0"

# card key -> (count, en, cs, ru), in the data file's order
EXPECTED: dict[str, tuple[int, str, str, str]] = {
    "money_1": (6, "1M", f"1{NBSP}M", f"1{NBSP}М"),
    "money_2": (5, "2M", f"2{NBSP}M", f"2{NBSP}М"),
    "money_3": (3, "3M", f"3{NBSP}M", f"3{NBSP}М"),
    "money_4": (3, "4M", f"4{NBSP}M", f"4{NBSP}М"),
    "money_5": (2, "5M", f"5{NBSP}M", f"5{NBSP}М"),
    "money_10": (1, "10M", f"10{NBSP}M", f"10{NBSP}М"),
    "deal_breaker": (2, "Deal Breaker", "Zmařený obchod", "Срыв сделки"),
    "just_say_no": (3, "Just Say No", "Prostě řekni ne!", "Просто скажи «нет»!"),
    "sly_deal": (3, "Sly Deal", "Lstivý obchod", "Хитрая сделка"),
    "forced_deal": (3, "Forced Deal", "Vynucený obchod", "Вынужденная сделка"),
    "debt_collector": (3, "Debt Collector", "Vymahač dluhů", "Сборщик долгов"),
    "birthday": (3, "It's My Birthday", "Mám narozeniny", "У меня день рождения"),
    "pass_go": (10, "Pass Go", "Projdi Startem", "Пройди «Вперёд»"),
    "house": (3, "House", "Dům", "Дом"),
    "hotel": (2, "Hotel", "Hotel", "Отель"),
    "double_rent": (2, "Double The Rent", "Dvojnásobné nájemné", "Двойная рента"),
    "rent_dark_blue_green": (2, "Rent: Dark Blue/Green", "Nájemné: Tmavě modrá/Zelená",
                             "Рента: Синяя/Зелёная"),
    "rent_red_yellow": (2, "Rent: Red/Yellow", "Nájemné: Červená/Žlutá", "Рента: Красная/Жёлтая"),
    "rent_pink_orange": (2, "Rent: Pink/Orange", "Nájemné: Růžová/Oranžová",
                         "Рента: Розовая/Оранжевая"),
    "rent_light_blue_brown": (2, "Rent: Light Blue/Brown", "Nájemné: Světle modrá/Hnědá",
                              "Рента: Голубая/Коричневая"),
    "rent_railroad_utility": (2, "Rent: Railroads/Utilities",
                              "Nájemné: Železnice/Podniky veřejných služeb",
                              "Рента: Железные дороги/Коммунальные предприятия"),
    "rent_any": (3, "Rent: any colour", "Nájemné: libovolná barva", "Рента: любой цвет"),
    "mediterranean_avenue": (1, "Mediterranean Avenue", "Mediterranean Avenue", "Житная улица"),
    "baltic_avenue": (1, "Baltic Avenue", "Baltic Avenue", "Нагатинская улица"),
    "oriental_avenue": (1, "Oriental Avenue", "Oriental Avenue", "Варшавское шоссе"),
    "vermont_avenue": (1, "Vermont Avenue", "Vermont Avenue", "Улица Огарёва"),
    "connecticut_avenue": (1, "Connecticut Avenue", "Connecticut Avenue", "Первая Парковая улица"),
    "st_charles_place": (1, "St. Charles Place", "St. Charles Place", "Улица Полянка"),
    "states_avenue": (1, "States Avenue", "States Avenue", "Улица Сретенка"),
    "virginia_avenue": (1, "Virginia Avenue", "Virginia Avenue", "Ростовская набережная"),
    "st_james_place": (1, "St. James Place", "St. James Place", "Рязанский проспект"),
    "tennessee_avenue": (1, "Tennessee Avenue", "Tennessee Avenue", "Улица Вавилова"),
    "new_york_avenue": (1, "New York Avenue", "New York Avenue", "Рублёвское шоссе"),
    "kentucky_avenue": (1, "Kentucky Avenue", "Kentucky Avenue", "Улица Тверская"),
    "indiana_avenue": (1, "Indiana Avenue", "Indiana Avenue", "Пушкинская улица"),
    "illinois_avenue": (1, "Illinois Avenue", "Illinois Avenue", "Площадь Маяковского"),
    "atlantic_avenue": (1, "Atlantic Avenue", "Atlantic Avenue", "Улица Грузинский вал"),
    "ventnor_avenue": (1, "Ventnor Avenue", "Ventnor Avenue", "Новинский бульвар"),
    "marvin_gardens": (1, "Marvin Gardens", "Marvin Gardens", "Смоленская площадь"),
    "pacific_avenue": (1, "Pacific Avenue", "Pacific Avenue", "Улица Щусева"),
    "north_carolina_avenue": (1, "North Carolina Avenue", "North Carolina Avenue",
                              "Гоголевский бульвар"),
    "pennsylvania_avenue": (1, "Pennsylvania Avenue", "Pennsylvania Avenue",
                            "Кутузовский проспект"),
    "park_place": (1, "Park Place", "Park Place", "Улица Малая Бронная"),
    "boardwalk": (1, "Boardwalk", "Boardwalk", "Улица Арбат"),
    "reading_railroad": (1, "Reading Railroad", "Železnice Reading", "Рижская железная дорога"),
    "pennsylvania_railroad": (1, "Pennsylvania Railroad", "Železnice Pennsylvania",
                              "Курская железная дорога"),
    "b_and_o_railroad": (1, "B. & O. Railroad", "Železnice B. & O.", "Казанская железная дорога"),
    "short_line": (1, "Short Line", "Železnice Short Line", "Ленинградская железная дорога"),
    "electric_company": (1, "Electric Company", "Elektrárna", "Электростанция"),
    "water_works": (1, "Water Works", "Vodárna", "Водопровод"),
    "wild_dark_blue_green": (1, "Property wildcard: Dark Blue/Green",
                             "Žolík nemovitosti: Tmavě modrá/Zelená",
                             "Джокер собственности: Синяя/Зелёная"),
    "wild_green_railroad": (1, "Property wildcard: Green/Railroads",
                            "Žolík nemovitosti: Zelená/Železnice",
                            "Джокер собственности: Зелёная/Железные дороги"),
    "wild_light_blue_railroad": (1, "Property wildcard: Light Blue/Railroads",
                                 "Žolík nemovitosti: Světle modrá/Železnice",
                                 "Джокер собственности: Голубая/Железные дороги"),
    "wild_railroad_utility": (1, "Property wildcard: Railroads/Utilities",
                              "Žolík nemovitosti: Železnice/Podniky veřejných služeb",
                              "Джокер собственности: Железные дороги/Коммунальные предприятия"),
    "wild_light_blue_brown": (1, "Property wildcard: Light Blue/Brown",
                              "Žolík nemovitosti: Světle modrá/Hnědá",
                              "Джокер собственности: Голубая/Коричневая"),
    "wild_pink_orange": (2, "Property wildcard: Pink/Orange", "Žolík nemovitosti: Růžová/Oranžová",
                         "Джокер собственности: Розовая/Оранжевая"),
    "wild_red_yellow": (2, "Property wildcard: Red/Yellow", "Žolík nemovitosti: Červená/Žlutá",
                        "Джокер собственности: Красная/Жёлтая"),
    "wild_any": (2, "Property wildcard: any colour", "Žolík nemovitosti: libovolná barva",
                 "Джокер собственности: любой цвет"),
}
LANGS = ("en", "cs", "ru")
# docs/deal-rules.md § Deck: the action cards' official English names
OFFICIAL_ACTIONS = ("Deal Breaker", "Just Say No", "Sly Deal", "Forced Deal", "Debt Collector",
                    "It's My Birthday", "Pass Go", "House", "Hotel", "Double The Rent")
RENT_WORD = {"en": "Rent", "cs": "Nájemné", "ru": "Рента"}
WILD_WORD = {"en": "Property wildcard", "cs": "Žolík nemovitosti", "ru": "Джокер собственности"}
ANY_COLOUR = {"en": "any colour", "cs": "libovolná barva", "ru": "любой цвет"}
MILLION = {"en": "M", "cs": f"{NBSP}M", "ru": f"{NBSP}М"}


def test_every_card_has_the_expected_name_in_each_language() -> None:
    deck = load_deck()
    assert deck.type_keys == list(EXPECTED), "the deck's cards, in the file's order"
    assert sum(n for n, *_ in EXPECTED.values()) == deck.size == 106
    for key, (count, *names) in EXPECTED.items():
        card = deck.card_index(key)
        assert deck.counts()[key] == count, key
        for lang, want in zip(LANGS, names, strict=True):
            assert deck.name(card, lang) == want, (key, lang)


def test_the_action_cards_carry_their_official_english_names() -> None:
    deck = load_deck()
    actions = [deck.name(deck.card_index(k), "en") for k in deck.type_keys
               if deck.kind[deck.card_index(k)] == ACTION]
    assert tuple(actions) == OFFICIAL_ACTIONS


def test_names_are_whole_and_follow_the_deck() -> None:
    """No name cut or padded; a rent card and a wildcard are named by their colours, money
    as printed (a no-break space before M in Czech and Russian: never split on a card)."""
    deck = load_deck()
    for key in deck.type_keys:
        card = deck.card_index(key)
        colours = deck.colours[card]
        for lang in LANGS:
            name = deck.name(card, lang)
            assert name == name.strip() and "  " not in name and name[-1] not in ",:/", (key, lang)
            assert "…" not in name and "..." not in name, (key, lang)
            named = "/".join(deck.colour_name(c, lang) for c in colours)
            if deck.kind[card] == MONEY:
                assert name == f"{deck.value[card]}{MILLION[lang]}", (key, lang)
            elif deck.kind[card] == RENT:
                tail = ANY_COLOUR[lang] if deck.any_colour[card] else named
                assert name == f"{RENT_WORD[lang]}: {tail}", (key, lang)
            elif deck.kind[card] == WILD:
                tail = ANY_COLOUR[lang] if deck.any_colour[card] else named
                assert name == f"{WILD_WORD[lang]}: {tail}", (key, lang)


def test_properties_are_named_as_on_the_standard_board() -> None:
    text = resources.files("monopoly.editions").joinpath("standard.json").read_text("utf-8")
    board: dict[str, Any] = {sq["key"]: sq for sq in json.loads(text)["squares"]}
    deck = load_deck()
    properties = [k for k in deck.type_keys if deck.kind[deck.card_index(k)] == PROPERTY]
    assert len(properties) == 28
    for key in properties:
        for lang in LANGS:
            assert deck.name(deck.card_index(key), lang) == board[key]["names"][lang], (key, lang)
