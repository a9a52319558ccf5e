"""Languages: every text a player reads in en, cs and ru, through the catalogs.

The coverage test extracts the messages from the sources with Babel (the same extraction
as ``make i18n``), so a new ``_()``, ``N_()``, ``ngettext()`` or engine ``Text(...)``
without a translation in any language fails here until ``make i18n`` has been run and the
cs and ru entries are translated.
"""

from __future__ import annotations

import doctest
import pickle
import re
import string
from pathlib import Path

import pytest

from monopoly.board import Game, IllegalActionError, MalformedActionError, RecordError
from monopoly.board import events as E
from monopoly.board.actions import parse_action
from monopoly.board.edition import LANGUAGES as EDITION_LANGUAGES
from monopoly.board.edition import edition_names, load_edition
from monopoly.board.record import replay
from monopoly.core.text import Text
from monopoly.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    current_language,
    gettext,
    ngettext,
    translation,
    use_language,
)
from monopoly.i18n.catalogs import PACKAGE, extract, load, missing
from monopoly.narration.board.narrate import Narrator

GOLDEN = Path(__file__).parent / "golden"
NBSP = "\xa0"


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return extract()


# --------------------------------------------------------------------------- coverage


def test_the_sources_have_messages(template) -> None:  # type: ignore[no-untyped-def]
    ids = {m.id for m in template if m.id}
    # one of each kind of marker: _(), N_(), ngettext(), pgettext_noop(), Text()
    assert "Score sheet" in ids
    assert "{payer} pays {amount} tax." in ids
    assert ("{n} house", "{n} houses") in ids
    assert "not enough cash: the price is {price}" in ids
    assert any(m.context == "phase" for m in template)
    assert len(ids) > 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_has_a_translation(lang: str, template) -> None:  # type: ignore[no-untyped-def]
    """A message of the sources without a translation (every plural form), or a fuzzy one,
    fails: run ``make i18n`` and translate the new entries."""
    problems = missing(load(lang), template)
    assert not problems, f"{lang}: {len(problems)} message(s) to translate:\n" + "\n".join(
        problems
    )


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang: str) -> None:
    bad = []
    for msg in load(lang):
        if not msg.id or not msg.string:
            continue
        if msg.pluralizable:
            want = _fields(msg.id[1])
            forms = list(msg.string)
        else:
            want = _fields(msg.id)
            forms = [msg.string]
        for form in forms:
            if form and _fields(form) != want:
                bad.append(f"{msg.id!r}: {form!r}")
    assert not bad, "\n".join(bad)


def test_plural_forms_headers() -> None:
    assert load("en").num_plurals == 2
    assert load("cs").num_plurals == 3
    assert load("ru").num_plurals == 3


def test_no_fstring_as_a_message() -> None:
    """An f-string cannot be translated (Babel skips it): translate the template, then
    format it."""
    marker = re.compile(r"\b(_|N_|gettext|ngettext|pgettext|Text)\(\s*f[\"']")
    found = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if marker.search(line)
    ]
    assert not found


@pytest.mark.parametrize("name", edition_names())
def test_every_edition_name_exists_in_every_language(name: str) -> None:
    """Square, group, deck and card names are edition data: all of them in en, cs, ru."""
    ed = load_edition(name)
    holes: list[str] = []

    def check(where: str, names: object) -> None:
        assert isinstance(names, dict) or hasattr(names, "get")
        for lang in LANGUAGES:
            value = names.get(lang)  # type: ignore[attr-defined]
            if not (isinstance(value, str) and value.strip()):
                holes.append(f"{where} [{lang}]")

    check("edition", ed.names)
    for sq in ed.squares:
        check(f"square {sq.index} {sq.key}", sq.names)
    for group, names in ed.group_names.items():
        check(f"group {group}", names)
    for deck, cards in ed.decks.items():
        check(f"deck {deck}", ed.deck_names[deck])
        for card in cards:
            check(f"card {card.key}", card.texts)
    assert set(ed.group_names) == set(ed.groups)
    assert not holes, holes
    assert set(LANGUAGES) <= set(EDITION_LANGUAGES)


# --------------------------------------------------------------------------- plural forms


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["1 house", "2 houses", "5 houses", "21 houses"]),
        ("cs", ["1 dům", "2 domy", "5 domů", "21 domů"]),
        ("ru", ["1 дом", "2 дома", "5 домов", "21 дом"]),
    ],
)
def test_plural_forms_for_1_2_5_21(lang: str, expected: list[str]) -> None:
    t = translation(lang)
    got = [t.ngettext("{n} house", "{n} houses", n).format(n=n) for n in (1, 2, 5, 21)]
    assert got == expected


def test_russian_plural_teens() -> None:
    t = translation("ru")
    got = [t.ngettext("{n} house", "{n} houses", n).format(n=n) for n in (11, 12, 14, 22, 25)]
    assert got == ["11 домов", "12 домов", "14 домов", "22 дома", "25 домов"]


# --------------------------------------------------------------------------- money


@pytest.mark.parametrize(
    ("lang", "amount", "currency", "expected"),
    [
        ("en", 1500, "$", "$1,500"),
        ("en", 50, "£", "£50"),
        ("en", -50, "$", "-$50"),
        ("en", 1_000_000, "$", "$1,000,000"),
        ("cs", 1500, "$", f"1{NBSP}500{NBSP}$"),
        ("cs", 50, "£", f"50{NBSP}£"),
        ("cs", -1500, "$", f"-1{NBSP}500{NBSP}$"),
        ("ru", 1500, "$", f"1{NBSP}500{NBSP}$"),
        ("ru", 12000, "M", f"12{NBSP}000{NBSP}M"),
    ],
)
def test_money_format_per_language(lang: str, amount: int, currency: str, expected: str) -> None:
    assert translation(lang).money(amount, currency) == expected


# --------------------------------------------------------------------------- the API


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match=r"'de'.*en, cs, ru"):
        translation("de")
    game = Game(["Ann", "Bob"], seed=1)
    with pytest.raises(UnknownLanguageError):
        Narrator.for_game(game, "xx")


def test_module_functions_follow_the_current_language() -> None:
    assert current_language() == "en"
    assert gettext("Score sheet") == "Score sheet"
    with use_language("cs") as t:
        assert t.lang == "cs"
        assert gettext("Score sheet") == "Hrací listina"
        assert ngettext("{n} house", "{n} houses", 3).format(n=3) == "3 domy"
    assert current_language() == "en"
    with use_language("ru"):
        assert gettext("Score sheet") == "Протокол игры"


def test_text_is_the_english_message_with_its_template() -> None:
    t = Text("you have {cash} but need {need}", cash=120, need=200)
    assert t == "you have 120 but need 200"
    assert t.template == "you have {cash} but need {need}"
    assert t.params == {"cash": 120, "need": 200}
    back = pickle.loads(pickle.dumps(t))
    assert back == t and back.template == t.template and back.params == t.params


# --------------------------------------------------------------------------- engine errors


def _illegal(game: Game, seat: int, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    return info.value


def test_engine_error_in_czech_and_russian() -> None:
    game = Game(["Ann", "Bob"], seed=1)
    seat = game.pending
    other = 1 - seat
    exc = _illegal(game, other, "roll")
    assert f"it is seat {seat}'s turn, not seat {other}'s" in str(exc)  # English unchanged
    cs = translation("cs").error(exc, game.edition)
    ru = translation("ru").error(exc, game.edition)
    assert f"hráč {other} nemůže provést 'roll'" in cs
    assert f"na tahu je hráč {seat}, ne hráč {other}" in cs
    assert "fáze „před hodem“" in cs
    assert f"игрок {other} не может выполнить 'roll'" in ru
    assert f"сейчас ход игрока {seat}, а не игрока {other}" in ru
    assert translation("en").error(exc, game.edition).endswith(
        f"it is seat {seat}'s turn, not seat {other}'s"
    )


def test_engine_error_names_squares_and_money_in_the_language() -> None:
    game = Game(["Ann", "Bob"], seed=1)
    why = game.why_illegal(game.pending, parse_action("mortgage 39"))
    assert isinstance(why, Text)
    assert why == f"seat {game.pending} does not own square 39"
    assert translation("cs").text(why, game.edition) == (
        f"hráč {game.pending} nevlastní pole 39 (Boardwalk)"
    )
    assert translation("ru").text(why, game.edition) == (
        f"игрок {game.pending} не владеет полем 39 (Улица Арбат)"
    )
    money = Text("not enough cash: the price is {price}", price=1200)
    assert translation("en").text(money, game.edition) == "not enough cash: the price is $1,200"
    assert translation("cs").text(money, game.edition) == (
        f"málo hotovosti: cena je 1{NBSP}200{NBSP}$"
    )
    assert translation("ru").text(money) == f"не хватает наличных: цена 1{NBSP}200"


def test_malformed_action_and_record_errors_translate() -> None:
    with pytest.raises(MalformedActionError) as info:
        parse_action("bid x")
    assert str(info.value) == "bid must be a whole number in digits, got 'x'"
    assert translation("cs").error(info.value) == (
        "nabídka: je třeba celé číslo zapsané číslicemi, zadáno 'x'"
    )
    assert translation("ru").error(info.value).startswith("ставка: нужно целое число")
    with pytest.raises(RecordError) as rec:
        replay(["{}"])
    assert "not a record header" in str(rec.value)
    assert translation("cs").error(rec.value).startswith("řádek 1: chybí hlavička záznamu")
    assert translation("ru").error(rec.value).startswith("строка 1: это не заголовок записи")


def test_a_plain_exception_is_shown_as_it_is() -> None:
    assert translation("cs").error(ValueError("boom")) == "boom"


# --------------------------------------------------------------------------- narration


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(["Ann", "Bob"], seed=1)


def test_narration_in_czech(game: Game) -> None:
    n = Narrator.for_game(game, "cs")
    assert n.sentence(E.Paid(1, 0, 1500, "rent")) == (
        f"Bob platí hráči Ann nájemné 1{NBSP}500{NBSP}$."
    )
    assert n.sentence(E.Moved(0, 0, 10)) == "Ann postupuje na pole Vězení."
    assert n.sentence(E.Built(0, 39, 3, 200)) == (
        f"Ann staví dům na poli Boardwalk za 200{NBSP}$ (nyní tam stojí 3 domy)."
    )
    assert n.sentence(E.Built(0, 39, 1, 200)).endswith("(nyní tam stojí 1 dům).")
    assert n.sentence(E.Built(0, 39, 5, 200)) == f"Ann staví hotel na poli Boardwalk za 200{NBSP}$."
    assert n.sentence(E.StayedInJail(1, 2)) == (
        "Bob zůstává ve vězení po 2 nezdařených pokusech."
    )
    assert n.sentence(E.CardDrawn(0, "chance", _jail_free_card(game))) == (
        "Ann bere kartu Šance: „Propustka z vězení.“"
    )


def test_narration_in_russian(game: Game) -> None:
    n = Narrator.for_game(game, "ru")
    assert n.sentence(E.Paid(1, 0, 50, "rent")) == f"Bob платит игроку Ann ренту 50{NBSP}$."
    assert n.sentence(E.Bought(0, 39, 400)) == f"Ann покупает «Улица Арбат» за 400{NBSP}$."
    assert n.sentence(E.Sold(0, 39, 2, 100)).endswith("там остаётся 2 дома.")
    assert n.sentence(E.Sold(0, 39, 0, 100)).endswith("там ничего не осталось.")
    assert n.sentence(E.StayedInJail(1, 1)) == "Bob остаётся в тюрьме после 1 неудачной попытки."
    assert n.sentence(E.GameOver("last_player", 0, (0, 1))) == (
        "Игра окончена: побеждает Ann. Места: Ann, Bob."
    )
    assert n.sentence(E.DebtIncurred(1, -1, 75)) == (
        f"За игроком Bob долг банку: 75{NBSP}$; нужно найти деньги."
    )


def _jail_free_card(game: Game) -> str:
    return next(c.key for c in game.edition.decks["chance"] if c.effect.kind == "jail_free")


def test_narration_follows_the_hotel_level_of_the_rules() -> None:
    """docs/rules.md §8: with houses_for_hotel 3 (short game) level 4 is a hotel."""
    from monopoly.board.options import RuleSet

    short = Game(["Ann", "Bob"], seed=1, rules=RuleSet(houses_for_hotel=3))
    assert "hotel" in Narrator.for_game(short).sentence(E.Built(0, 39, 4, 200))
    assert "4 houses" in Narrator.for_game(Game(["Ann", "Bob"], seed=1)).sentence(
        E.Built(0, 39, 4, 200)
    )


def test_every_event_kind_is_narrated(game: Game) -> None:
    """Each event class of the engine has a sentence (no "Event: ..." fallback)."""
    n = Narrator.for_game(game)
    kinds = [
        cls
        for cls in vars(E).values()
        if isinstance(cls, type) and issubclass(cls, E.Event) and cls is not E.Event
    ]
    unnarrated = [
        cls.__name__
        for cls in kinds
        if cls not in n._handlers and cls.kind not in n._by_kind
    ]
    assert not unnarrated


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_a_whole_game_narrates_in_the_language(lang: str) -> None:
    """The golden random game (trades, auctions, mortgages, jail, bankruptcy): every event
    has its own sentence, and no sentence is left in English."""
    lines = (GOLDEN / "random_seed2024.jsonl").read_text(encoding="utf-8").splitlines()
    played = replay(lines, events=True)
    events = played.events or []
    assert events
    en = Narrator.for_game(played, "en").sentences(events)
    other = Narrator.for_game(played, lang).sentences(events)
    assert not [s for s in en if s.startswith("Event:")]
    same = [(a, b) for a, b in zip(en, other, strict=True) if a == b]
    assert not same, same[:5]


def test_doctests_of_the_language_modules() -> None:
    import monopoly.core.text
    import monopoly.i18n
    import monopoly.narration.board.narrate
    import monopoly.narration.board.sheet

    modules = (
        monopoly.i18n,
        monopoly.narration.board.narrate,
        monopoly.narration.board.sheet,
        monopoly.core.text,
    )
    for module in modules:
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__


def test_a_name_ending_a_sentence_keeps_one_full_stop(game: Game) -> None:
    assert Narrator.for_game(game).sentence(E.Moved(0, 20, 25)) == "Ann moves to B. & O. Railroad."
    cs = Narrator.for_game(game, "cs").sentence(E.Moved(0, 20, 25))
    assert cs.endswith(".") and not cs.endswith("..")
