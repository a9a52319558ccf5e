"""The Monopoly Deal deck as data: 106 cards, loaded from ``editions/deal/<key>.json``
(a folder of its own: the board game lists every ``editions/*.json`` as a board).

Cards are integer ids ``0..105`` into flat tables (``kind``, ``value``, ``action``,
``colours``...) so that the engine's hot paths index lists instead of walking objects.
Colours are integer ids ``0..9`` in the data file's order (brown ... utility).
The loader checks the file against docs/deal-rules.md § Deck: 106 cards, bank value 252M, every
colour's ladder as long as its set, every colour a card names known.

Example::

    >>> deck = load_deck()
    >>> len(deck.kind), sum(deck.value)
    (106, 252)
    >>> deck.colour_keys[deck.colours[deck.card_index("boardwalk")][0]]
    'dark_blue'
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from monopoly.deal.errors import DeckError

# card kinds
MONEY = 0
ACTION = 1
RENT = 2
PROPERTY = 3
WILD = 4  # a property wildcard
KIND_KEYS: tuple[str, ...] = ("money", "action", "rent", "property", "wild")

# action card codes (docs/deal-rules.md § Deck, action cards)
NO_ACTION = -1
DEAL_BREAKER = 0
JUST_SAY_NO = 1
SLY_DEAL = 2
FORCED_DEAL = 3
DEBT_COLLECTOR = 4
BIRTHDAY = 5
PASS_GO = 6
HOUSE = 7
HOTEL = 8
DOUBLE_RENT = 9
ACTION_KEYS: tuple[str, ...] = (
    "deal_breaker", "just_say_no", "sly_deal", "forced_deal", "debt_collector",
    "birthday", "pass_go", "house", "hotel", "double_rent",
)
LANGUAGES: tuple[str, ...] = ("en", "cs", "ru")
# docs/deal-rules.md § Deck, properties: the ten colours, in this order (colour id = index)
COLOUR_KEYS: tuple[str, ...] = (
    "brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue",
    "railroad", "utility",
)

EXPECTED_CARDS = 106
EXPECTED_VALUE = 252


class Deck:
    """The card and colour tables of one deck (read-only by convention)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.key: str = ""
        self.names: dict[str, str] = {}
        self.colour_keys: list[str] = []
        self.colour_names: list[dict[str, str]] = []
        self.set_size: list[int] = []
        self.ladder: list[list[int]] = []
        self.buildable: list[bool] = []
        self.colour_value: list[int] = []
        self.house_rent: int = 0
        self.hotel_rent: int = 0
        # per card id
        self.card_keys: list[str] = []
        self.card_names: list[dict[str, str]] = []
        self.kind: list[int] = []
        self.value: list[int] = []
        self.action: list[int] = []
        self.colours: list[tuple[int, ...]] = []
        self.any_colour: list[bool] = []
        # per card type (one JSON entry): its key, its count and its first id
        self.type_keys: list[str] = []
        self.type_of: list[int] = []
        self.type_count: list[int] = []
        self._read(data)
        #: the number of cards and of colours (read on the hot paths: plain attributes)
        self.size: int = len(self.kind)
        self.n_colours: int = len(self.colour_keys)

    def colour_index(self, key: str) -> int:
        """The id of a colour key; :class:`DeckError` for an unknown one."""
        try:
            return self.colour_keys.index(key)
        except ValueError:
            raise DeckError(f"unknown colour {key!r}") from None

    def card_index(self, key: str) -> int:
        """The first card id of a card key (``'boardwalk'``, ``'just_say_no'``)."""
        try:
            return self.card_keys.index(key)
        except ValueError:
            raise DeckError(f"unknown card {key!r}") from None

    def name(self, card: int, lang: str = "en") -> str:
        return self.card_names[card].get(lang, self.card_names[card]["en"])

    def colour_name(self, colour: int, lang: str = "en") -> str:
        return self.colour_names[colour].get(lang, self.colour_names[colour]["en"])

    # ------------------------------------------------------------------ reading the file

    def _read(self, data: dict[str, Any]) -> None:
        if not isinstance(data, dict):
            raise DeckError("a deck file must hold one JSON object")
        try:
            self.key = str(data["key"])
            self.names = _names(data.get("names", {"en": self.key}), "the deck")
            self.house_rent = _int(data["house_rent"], "house_rent")
            self.hotel_rent = _int(data["hotel_rent"], "hotel_rent")
            for col in data["colours"]:
                self._read_colour(col)
            for entry in data["cards"]:
                self._read_card(entry)
        except KeyError as exc:
            raise DeckError(f"deck {data.get('key')!r}: missing field {exc.args[0]!r}") from None
        except (TypeError, AttributeError) as exc:
            raise DeckError(f"deck {data.get('key')!r}: malformed ({exc})") from None
        if tuple(self.colour_keys) != COLOUR_KEYS:
            raise DeckError(f"deck colours must be {', '.join(COLOUR_KEYS)} in this order")
        self._validate(data)

    def _read_colour(self, col: dict[str, Any]) -> None:
        key = str(col["key"])
        if key in self.colour_keys:
            raise DeckError(f"colour {key!r} is listed twice")
        size = _int(col["set_size"], f"{key}.set_size")
        ladder = [_int(v, f"{key}.rent") for v in col["rent"]]
        if size < 1 or len(ladder) != size:
            raise DeckError(
                f"colour {key!r}: the rent ladder has {len(ladder)} steps for a set of {size}"
            )
        self.colour_keys.append(key)
        self.colour_names.append(_names(col["names"], key))
        self.set_size.append(size)
        self.ladder.append(ladder)
        self.buildable.append(bool(col["buildings"]))
        self.colour_value.append(_int(col["property_value"], f"{key}.property_value"))

    def _read_card(self, entry: dict[str, Any]) -> None:
        key = str(entry["key"])
        if key in self.type_keys:
            raise DeckError(f"card {key!r} is listed twice")
        kind_key = entry["kind"]
        if kind_key not in KIND_KEYS:
            raise DeckError(f"card {key!r}: unknown kind {kind_key!r}")
        kind = KIND_KEYS.index(kind_key)
        count = _int(entry["count"], f"{key}.count")
        value = _int(entry["value"], f"{key}.value")
        if count < 1 or value < 0:
            raise DeckError(f"card {key!r}: count must be at least 1 and value at least 0")
        action = NO_ACTION
        if kind == ACTION:
            if entry["action"] not in ACTION_KEYS:
                raise DeckError(f"card {key!r}: unknown action {entry['action']!r}")
            action = ACTION_KEYS.index(entry["action"])
        colours: tuple[int, ...] = ()
        any_colour = False
        if kind in (RENT, PROPERTY, WILD):
            raw = entry["colours"]
            if raw == "any" and kind != PROPERTY:
                any_colour = True
                colours = tuple(range(len(self.colour_keys)))
            else:
                colours = tuple(self.colour_index(c) for c in raw)
                want = 1 if kind == PROPERTY else 2
                if len(colours) != want or len(set(colours)) != want:
                    raise DeckError(f"card {key!r}: needs {want} different colour(s)")
        names = _names(entry["names"], key)
        type_id = len(self.type_keys)
        self.type_keys.append(key)
        self.type_count.append(count)
        for _ in range(count):
            self.card_keys.append(key)
            self.card_names.append(names)
            self.kind.append(kind)
            self.value.append(value)
            self.action.append(action)
            self.colours.append(colours)
            self.any_colour.append(any_colour)
            self.type_of.append(type_id)

    def _validate(self, data: dict[str, Any]) -> None:
        cards = len(self.kind)
        total = sum(self.value)
        want_cards = data.get("cards_total", EXPECTED_CARDS)
        want_value = data.get("bank_value_total", EXPECTED_VALUE)
        if cards != want_cards or cards != EXPECTED_CARDS:
            raise DeckError(f"deck {self.key!r} has {cards} cards, expected {EXPECTED_CARDS}")
        if total != want_value or total != EXPECTED_VALUE:
            raise DeckError(
                f"deck {self.key!r} has a bank value of {total}M, expected {EXPECTED_VALUE}M"
            )
        for code, name in enumerate(ACTION_KEYS):
            if code not in self.action:
                raise DeckError(f"deck {self.key!r} has no {name} card")
        for colour, key in enumerate(self.colour_keys):
            held = sum(1 for c in range(cards) if self.kind[c] == PROPERTY
                       and self.colours[c][0] == colour)
            if held < 1:
                raise DeckError(f"deck {self.key!r} has no property of colour {key!r}")

    def counts(self) -> dict[str, int]:
        """Cards per card key, in the file's order."""
        return dict(zip(self.type_keys, self.type_count, strict=True))


def _int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DeckError(f"{what} must be an integer, got {value!r}")
    return value


def _names(raw: object, what: str) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(raw.get(lang), str) for lang in LANGUAGES):
        raise DeckError(f"{what}: names must give en, cs and ru")
    return {lang: str(raw[lang]) for lang in LANGUAGES}


def parse_deck(text: str) -> Deck:
    """A deck from the text of a deck file; :class:`DeckError` when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(f"a deck file must be JSON: {exc}") from None
    return Deck(data)


@lru_cache(maxsize=8)
def load_deck(key: str = "standard") -> Deck:
    """The deck ``editions/deal/<key>.json`` (read once, then cached)."""
    if not key.replace("_", "").isalnum():
        raise DeckError(f"unknown deck {key!r}")
    try:
        path = resources.files("monopoly.editions").joinpath("deal", f"{key}.json")
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        raise DeckError(f"unknown deck {key!r}") from None
    return parse_deck(text)
