"""Languages: every text a player reads, in English, Czech and Russian (gettext catalogs).

The catalogs are ``locale/<lang>/LC_MESSAGES/monopoly.po`` beside this module; they are read
with Babel at run time (once per language) and compiled in memory, so no build step is
needed. :func:`translation` gives a :class:`Translator` for one language::

    >>> cs = translation("cs")
    >>> cs.ngettext("{n} house", "{n} houses", 3).format(n=3)
    '3 domy'
    >>> cs.money(1500, "$")
    '1\\xa0500\\xa0$'
    >>> translation("en").money(1500, "£")
    '£1,500'

The module-level :func:`gettext`, :func:`ngettext`, :func:`pgettext` and
:func:`npgettext` translate into the *current* language (a context variable:
:func:`set_language`, :func:`use_language`; English by default). Convention in callers::

    from monopoly.i18n import gettext as _

    _("{player} rolls {d1} + {d2}").format(player="Ann", d1=3, d2=4)

Translate the template first, then format it, so that translators see the placeholders.
Mark texts kept in tables with :func:`gettext_noop` (``N_``), :func:`pgettext_noop` or
:func:`npgettext_noop` and translate them where they are used. Engine errors are
:class:`~monopoly.core.text.Text` values; :meth:`Translator.text` and
:meth:`Translator.error` render them.

After adding or changing a text, ``make i18n`` extracts the messages into the catalogs
(``python -m monopoly.i18n.catalogs``); then translate the new entries of ``cs`` and ``ru``
(``tests/test_i18n.py`` fails while any is missing).
"""

from __future__ import annotations

import gettext as _gettext
import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Final

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from monopoly.core.text import MONEY_PARAMS, Text

if TYPE_CHECKING:
    from monopoly.board.edition import Edition

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "Translator",
    "UnknownLanguageError",
    "current_language",
    "gettext",
    "gettext_noop",
    "ngettext",
    "npgettext",
    "npgettext_noop",
    "pgettext",
    "pgettext_noop",
    "reset_language",
    "set_language",
    "translation",
    "use_language",
]

#: The languages with a catalog; English is the source language of every msgid.
LANGUAGES: Final = ("en", "cs", "ru")
DOMAIN: Final = "monopoly"


class UnknownLanguageError(ValueError):
    """A language without a catalog was asked for."""

    def __init__(self, lang: object) -> None:
        super().__init__(
            f"unknown language {lang!r}: supported languages are {', '.join(LANGUAGES)}"
        )
        self.lang = lang


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (templates kept in tables,
    translated with :func:`gettext` where they are used)."""
    return message


def pgettext_noop(context: str, message: str) -> str:
    """Like :func:`gettext_noop`, for a message with a context (translated by pgettext)."""
    return message


def npgettext_noop(context: str, singular: str, plural: str) -> tuple[str, str]:
    """Like :func:`pgettext_noop`, for a message with plural forms (translated by
    npgettext); gives the pair of msgids back."""
    return singular, plural


# Engine words that appear as params of Text messages (see monopoly.core.text): the value
# the engine passes -> its msgid, translated with the param name as context.
_ENGINE_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "phase": {
        "pre_roll": pgettext_noop("phase", "pre-roll"),
        "buy": pgettext_noop("phase", "buy"),
        "post_roll": pgettext_noop("phase", "post-roll"),
        "over": pgettext_noop("phase", "game over"),
    },
    "lot": {
        "house": pgettext_noop("lot", "house"),
        "hotel": pgettext_noop("lot", "hotel"),
        "property": pgettext_noop("lot", "property"),
    },
    "what": {
        "cash": pgettext_noop("what", "cash"),
        "square": pgettext_noop("what", "square"),
        "bid": pgettext_noop("what", "bid"),
        "level": pgettext_noop("what", "level"),
        "seat": pgettext_noop("what", "seat"),
    },
}


#: Params that name a seat (an index from 0): with the seats' names, written from 1 with
#: the name.
SEAT_PARAMS: Final = frozenset({"seat", "player", "pending"})

NUMBERS_KEPT: Final = 1 << 16  # numbers written kept per language (Translator.number)


class Translator:
    """Texts, plural forms and money formats of one language.

    ``gettext`` / ``ngettext`` / ``pgettext`` work like the standard library's; a msgid
    without a translation comes back as it is (English)."""

    def __init__(self, lang: str, catalog: _gettext.NullTranslations) -> None:
        self.lang = lang
        self.locale = Locale.parse(lang)
        self._catalog = catalog
        pattern = self.locale.currency_formats["standard"]
        # (prefix, suffix) of positive and negative amounts, "¤" standing for the symbol
        self._money_affixes: tuple[tuple[str, str], tuple[str, str]] = (
            (str(pattern.prefix[0]), str(pattern.suffix[0])),
            (str(pattern.prefix[1]), str(pattern.suffix[1])),
        )
        self._numbers: dict[int, str] = {}  # number() written so far (Babel's is slow)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    # --- messages

    def gettext(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for count ``n`` in this language's plural rule (cs, ru: three forms)."""
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The form for count ``n`` of a message with a context."""
        return self._catalog.npgettext(context, singular, plural, n)

    # --- numbers and money

    def number(self, n: int) -> str:
        """An integer with the locale's grouping: ``1,500`` (en), ``1 500`` (cs, ru).

        Kept once written: a server narrates the same amounts over and over, and Babel
        takes tens of microseconds for each (8 % of the server's time, profiled under load)."""
        done = self._numbers.get(n)
        if done is None:
            if len(self._numbers) >= NUMBERS_KEPT:
                self._numbers.clear()
            done = self._numbers[n] = format_decimal(n, format="#,##0", locale=self.locale)
        return done

    def money(self, amount: int, currency: str) -> str:
        """An amount with the edition's currency symbol, placed and grouped as the locale
        writes money: ``$1,500`` / ``-$50`` (en), ``1 500 $`` (cs, ru; no-break spaces)."""
        prefix, suffix = self._money_affixes[amount < 0]
        digits = self.number(abs(amount))
        return prefix.replace("¤", currency) + digits + suffix.replace("¤", currency)

    # --- engine texts

    def text(
        self, text: str, edition: Edition | None = None, currency: str | None = None,
        seats: Sequence[str] | None = None,
    ) -> str:
        """A :class:`~monopoly.core.text.Text` in this language; any other str as it is.

        With an ``edition``, ``square`` params read ``5 (Reading Railroad)`` in this
        language and ``group`` params the group's name; money params take the currency
        (``currency``, else the edition's), else they are plain grouped numbers."""
        if not isinstance(text, Text):
            return str(text)
        if currency is None and edition is not None:
            currency = edition.currency
        params = {
            name: self._param(name, value, edition, currency, seats)
            for name, value in text.params.items()
        }
        return self.gettext(text.template).format(**params)

    def error(
        self, exc: BaseException, edition: Edition | None = None, currency: str | None = None
    ) -> str:
        """The message of an exception in this language (engine errors carry a Text)."""
        if len(exc.args) == 1 and isinstance(exc.args[0], Text):
            return self.text(exc.args[0], edition, currency)
        return str(exc)

    def _param(
        self, name: str, value: object, edition: Edition | None, currency: str | None,
        seats: Sequence[str] | None = None,
    ) -> str:
        if isinstance(value, Text):
            return self.text(value, edition, currency, seats)
        is_int = isinstance(value, int) and not isinstance(value, bool)
        if seats is not None and name in SEAT_PARAMS and is_int:
            assert isinstance(value, int)
            if 0 <= value < len(seats):  # a player reads "seat 2 (Bob)", never the index 1
                return f"{value + 1} ({seats[value]})"
        if name in MONEY_PARAMS and is_int:
            assert isinstance(value, int)
            return self.money(value, currency) if currency else self.number(value)
        if edition is not None:
            if name == "square" and is_int:
                assert isinstance(value, int)
                if 0 <= value < len(edition.squares):
                    names = edition.squares[value].names
                    return f"{value} ({names.get(self.lang) or names['en']})"
            elif name == "group" and isinstance(value, str) and value in edition.group_names:
                names = edition.group_names[value]
                return names.get(self.lang) or names["en"]
        words = _ENGINE_WORDS.get(name)
        if words is not None and isinstance(value, str) and value in words:
            return self.pgettext(name, words[value])
        return str(value)


def _catalog_path(lang: str) -> resources.abc.Traversable:
    return resources.files("monopoly.i18n").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def translation(lang: str) -> Translator:
    """The :class:`Translator` for ``lang`` (en, cs or ru); loaded once, then cached.

    Raises :class:`UnknownLanguageError` for any other language."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(lang)
    with _catalog_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # fuzzy entries are left out, as gettext does
    buf.seek(0)
    return Translator(lang, _gettext.GNUTranslations(buf))


# --- the current language (module-level functions)

_current: ContextVar[str] = ContextVar("monopoly_language", default="en")


def current_language() -> str:
    return _current.get()


def set_language(lang: str) -> Token[str]:
    """Make ``lang`` the current language (of this context); returns the token to reset."""
    translation(lang)  # fail early on an unknown language
    return _current.set(lang)


def reset_language(token: Token[str]) -> None:
    """Undo :func:`set_language` (the language before it is current again)."""
    _current.reset(token)


@contextmanager
def use_language(lang: str) -> Iterator[Translator]:
    """``with use_language("cs"):`` the module-level functions speak Czech."""
    token = set_language(lang)
    try:
        yield translation(lang)
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return translation(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for count ``n`` in the current language."""
    return translation(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The translation of ``message`` in ``context``, in the current language."""
    return translation(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form for count ``n`` of a message with a context, in the current language."""
    return translation(_current.get()).npgettext(context, singular, plural, n)
