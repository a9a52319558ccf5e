"""The board's names: which set of street names a table plays with.

An edition's squares carry their names in every language, and for some editions those
are different boards, not translations: the standard edition's English names are the US
board's (Atlantic City), its Russian names the Moscow board's. A table plays with one set
for every seat, chosen when the room is made, so that a Czech and a Russian player at one
table speak of the same street; only the interface follows each player's language.

:func:`name_sets` lists an edition's sets (its ``name_sets`` data: the language of the
names, with a label in every language); :func:`named` is the edition with its property
squares named from one set in every language, and its cards that send a player to a
property saying that square's name from the set.

Only properties (streets, railroads, utilities) take the set's names: Go, Jail, Chance
and the taxes are words of the interface, in each reader's language.

Example::

    >>> from monopoly.board.edition import load_edition
    >>> standard = load_edition("standard")
    >>> sorted(name_sets(standard))
    ['en', 'ru']
    >>> moscow = named(standard, "ru")
    >>> moscow.squares[39].names["cs"], moscow.squares[0].names["cs"]
    ('Улица Арбат', 'Start')
    >>> moscow.card_by_key("chance_advance_to_boardwalk").texts["en"]
    'Advance to Улица Арбат.'
    >>> named(standard, "cs")
    Traceback (most recent call last):
    ...
    monopoly.board.errors.EditionError: edition 'standard' has no set of names 'cs' (en, ru)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

from monopoly.board.edition import Card, Edition, Square
from monopoly.board.errors import EditionError

__all__ = ["DEFAULT_NAMES", "default_names", "name_sets", "named"]

#: the set of names of an edition that lists none: its English names
DEFAULT_NAMES: Final = "en"

_named: dict[tuple[int, str], tuple[Edition, Edition]] = {}


def name_sets(edition: Edition) -> Mapping[str, Mapping[str, str]]:
    """The edition's sets of street names: the language of each set's names -> its label
    by language."""
    return edition.name_sets or {DEFAULT_NAMES: edition.names}


def default_names(edition: Edition, lang: str) -> str:
    """The set a room made by a reader of `lang` plays with unless its host chooses:
    the names of `lang` where the edition has such a set, else its English names."""
    sets = name_sets(edition)
    return lang if lang in sets else DEFAULT_NAMES if DEFAULT_NAMES in sets else next(iter(sets))


def named(edition: Edition, names: str) -> Edition:
    """`edition` with its properties named from the set `names` in every language (the
    same edition where every language already has those names); made once per edition.

    Raises :class:`EditionError` where the edition has no such set."""
    sets = name_sets(edition)
    if names not in sets:
        raise EditionError(
            f"edition {edition.key!r} has no set of names {names!r} ({', '.join(sets)})")
    key = (id(edition), names)
    kept = _named.get(key)
    if kept is not None and kept[0] is edition:
        return kept[1]
    squares = tuple(_square(sq, names) for sq in edition.squares)
    decks = {deck: tuple(_card(card, edition, names) for card in cards)
             for deck, cards in edition.decks.items()}
    out = dataclasses.replace(edition, squares=squares, decks=decks)
    _named[key] = (edition, out)
    return out


def _square(sq: Square, names: str) -> Square:
    if not sq.is_property:
        return sq
    name = sq.names.get(names) or sq.names["en"]
    return dataclasses.replace(sq, names={lang: name for lang in sq.names})


def _card(card: Card, edition: Edition, names: str) -> Card:
    """The card with the property it sends a player to named from the set: in each
    language's text, that square's name in any language is replaced by the set's (the
    texts write it in the nominative); a text that inflects the name ("Navštiv Dumba")
    keeps its words and adds the set's name after them."""
    target = card.effect.square
    if not 0 <= target < len(edition.squares) or not edition.squares[target].is_property:
        return card
    sq = edition.squares[target]
    name = sq.names.get(names) or sq.names["en"]
    written = sorted({n for n in sq.names.values() if n != name}, key=len, reverse=True)
    texts = {lang: text if lang == names else _renamed(text, written, name)
             for lang, text in card.texts.items()}
    return dataclasses.replace(card, texts=texts)


def _renamed(text: str, others: list[str], name: str) -> str:
    """`text` naming `name` wherever it names one of `others` (whole words, in any case);
    `name` in brackets after it where it names it nowhere."""
    for other in others:
        at = _find(text, other)
        while at >= 0:
            text = text[:at] + name + text[at + len(other):]
            at = _find(text, other)
    return text if _find(text, name) >= 0 else f"{text} ({name})"


def _find(text: str, name: str) -> int:
    """Where `text` names `name` as whole words (ignoring case), or -1."""
    folded, wanted = text.casefold(), name.casefold()
    at = folded.find(wanted)
    while at >= 0:
        end = at + len(wanted)
        if (at == 0 or not folded[at - 1].isalnum()) and (
                end == len(folded) or not folded[end].isalnum()):
            return at
        at = folded.find(wanted, at + 1)
    return -1
