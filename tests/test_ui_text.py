"""The browser page's texts (monopoly.web.ui_text): every key the page asks for exists, in
every language, with the placeholders the page fills in."""

from __future__ import annotations

import doctest
import json
import re
import string
from dataclasses import fields
from importlib import resources

import pytest

import monopoly.web.ui_text
from monopoly.board.options import PRESETS, RuleSet
from monopoly.bots.board.base import LEVELS
from monopoly.i18n import LANGUAGES, UnknownLanguageError
from monopoly.web.ui_text import TEXTS, ui_texts

APP_JS = resources.files("monopoly.web").joinpath("static", "app.js").read_text("utf-8")


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_the_page_uses_is_defined() -> None:
    used = set(re.findall(r"""\bt\("([a-z_]+)"\s*[,)]""", APP_JS))
    choice = r"""\bt\([^()]*?\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"\)"""  # t(cond ? "a" : "b")
    for either, other in re.findall(choice, APP_JS):
        used |= {either, other}
    assert used, "no t(...) calls found in app.js"
    missing = sorted(used - set(ui_texts("en")))
    assert not missing, missing


def test_the_families_of_keys_the_page_builds() -> None:
    texts = ui_texts("en")
    families = (
        [f"conn_{s}" for s in ("online", "offline", "connecting")]
        + [f"level_{level}" for level in LEVELS]
        + [f"lot_{lot}" for lot in ("house", "hotel", "property")]
        + [f"preset_{p}" for p in PRESETS]
        + [f"option_{f.name}" for f in fields(RuleSet)]
        + [f"choice_{c}" for f in fields(RuleSet) for c in f.metadata.get("choices", ())]
    )
    for edition in ("standard", "uk", "disney"):
        data = json.loads(
            resources.files("monopoly.editions").joinpath(f"{edition}.json").read_text("utf-8")
        )
        families += [f"deck_{deck}" for deck in data["decks"]]
    missing = sorted(set(families) - set(texts))
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key_with_its_placeholders(lang: str) -> None:
    english, texts = ui_texts("en"), ui_texts(lang)
    assert set(texts) == set(english)
    for key, text in texts.items():
        assert text, key
        assert _placeholders(text) == _placeholders(english[key]), (lang, key, text)


def test_the_english_texts_are_the_msgids() -> None:
    texts = ui_texts("en")
    for key, msgid in TEXTS.items():
        assert texts[key] == msgid


def test_an_unknown_language_is_an_error() -> None:
    with pytest.raises(UnknownLanguageError):
        ui_texts("de")


def test_a_caller_cannot_change_the_cached_texts() -> None:
    ui_texts("en")["title"] = "changed"
    assert ui_texts("en")["title"] == TEXTS["title"]


def test_doctests() -> None:
    assert doctest.testmod(monopoly.web.ui_text).failed == 0


def test_the_deals_game_over_speaks_of_a_shuffle_not_of_dice() -> None:
    """Monopoly Deal has no dice: its revealed seed is the deck's shuffle."""
    static = resources.files("monopoly.web").joinpath("static")
    deal = static.joinpath("deal.js").read_text(encoding="utf-8")
    assert 't("seed_revealed_deal"' in deal and 't("seed_revealed"' not in deal
    app = static.joinpath("app.js").read_text(encoding="utf-8")
    assert '"seed_ok_deal"' in app
    for lang in ("en", "cs", "ru"):
        texts = monopoly.web.ui_text.ui_texts(lang)
        assert texts["seed_revealed_deal"] != texts["seed_revealed"], lang


def test_the_hotel_mark_is_each_languages_letter() -> None:
    """A player's card marks a deed with a hotel by the language's letter (ru: О, отель),
    not a Latin H written into the page."""
    app = resources.files("monopoly.web").joinpath("static", "app.js").read_text(encoding="utf-8")
    assert '? "H" :' not in app and 't("hotel_mark")' in app
    marks = {lang: monopoly.web.ui_text.ui_texts(lang)["hotel_mark"] for lang in LANGUAGES}
    assert marks == {"en": "H", "cs": "H", "ru": "О"}
