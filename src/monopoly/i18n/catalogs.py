"""Keeping the catalogs: extract every message from the sources and update en, cs, ru.

``make i18n`` runs ``python -m monopoly.i18n.catalogs``, which

1. extracts the messages of ``src/monopoly`` (Babel's Python extractor) with the keywords
   of :data:`KEYWORDS`: ``_``/``gettext``, ``N_``/``gettext_noop``, ``ngettext``,
   ``pgettext``/``pgettext_noop``, ``npgettext``/``npgettext_noop`` and the template of
   the engine's ``Text(...)``;
2. writes the template ``locale/monopoly.pot``;
3. updates ``locale/<lang>/LC_MESSAGES/monopoly.po`` for every language (new messages
   come in untranslated, vanished ones are dropped; no fuzzy guessing);
4. fills the English catalog's empty entries with their msgids (English is the source
   language; an English entry may still be edited to read better).

The Czech and Russian entries are then translated by hand; ``tests/test_i18n.py`` uses
:func:`extract` and :func:`missing` to fail while any message lacks a translation.
"""

from __future__ import annotations

import contextlib
import copy
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from monopoly.i18n import DOMAIN, LANGUAGES

PACKAGE: Final = Path(__file__).resolve().parent.parent  # src/monopoly
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"

KEYWORDS: Final = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "gettext_noop": None,
    "pgettext_noop": ((1, "c"), 2),
    "npgettext_noop": ((1, "c"), 2, 3),
    # monopoly.narration.board.narrate.Narrator's texts in an edition's words: the common
    # message is the
    # msgid (its edition variants are marked with pgettext_noop / npgettext_noop)
    "edition_gettext": None,
    "edition_ngettext": (1, 2),
    "edition_pgettext": ((1, "c"), 2),
    "Text": None,  # the engine's Text(template, **params)
    "TournamentError": (2,),  # TournamentError(code, template, **params)
}
_METHODS: Final = [("**.py", "python")]
_HEADER: Final = "Translations of the monopoly platform (board game, narration, score sheet)."


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(source: Path = PACKAGE) -> Catalog:
    """Every translatable message in the sources under ``source``, as a template catalog."""
    template = Catalog(project="monopoly", domain=DOMAIN, header_comment=f"# {_HEADER}")
    noise = io.StringIO()
    with contextlib.redirect_stderr(noise):
        found = list(
            extract_from_dir(
                str(source),
                method_map=_METHODS,
                keywords=KEYWORDS,
                comment_tags=("TRANSLATORS:",),
            )
        )
    # Babel warns about every f-string inside a keyword call, also about an f-string given
    # as a param (``Text("bad sale {value}", value=f"{sq}:{lv}")``), which is fine; an
    # f-string as the message itself is caught by tests/test_i18n.py.
    for line in noise.getvalue().splitlines():
        if "Skipping f-string" not in line:
            print(line, file=sys.stderr)
    for filename, lineno, message, comments, context in found:
        path = (source / filename).relative_to(source.parent).as_posix()
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return template


def load(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _texts(message: Message) -> tuple[str, ...]:
    s = message.string
    texts = tuple(s) if isinstance(s, (tuple, list)) else (s,)
    return tuple(t or "" for t in texts)


def missing(catalog: Catalog, template: Catalog) -> list[str]:
    """Messages of ``template`` that ``catalog`` lacks, leaves fuzzy or leaves without
    every plural form; each named with the problem."""
    out: list[str] = []
    for msg in template:
        if not msg.id:
            continue
        got = catalog.get(msg.id, msg.context)
        name = repr(msg.id if isinstance(msg.id, str) else msg.id[0])
        if got is None:
            out.append(f"{name}: not in the catalog")
        elif got.fuzzy:
            out.append(f"{name}: fuzzy")
        elif msg.pluralizable != got.pluralizable:
            out.append(f"{name}: plural forms do not match the source")
        else:
            texts = _texts(got)
            need = catalog.num_plurals if got.pluralizable else 1
            if len(texts) < need or not all(t.strip() for t in texts[:need]):
                out.append(f"{name}: untranslated")
    return out


def _fill_english(catalog: Catalog) -> None:
    for msg in catalog:
        if not msg.id:
            continue
        if msg.pluralizable:
            texts = _texts(msg)
            if not all(texts) or len(texts) < 2:
                msg.string = (msg.id[0], msg.id[1])
        elif not msg.string:
            msg.string = msg.id


def _write(catalog: Catalog, path: Path, *, template: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(
            f,
            catalog,
            width=100,
            include_lineno=False,
            ignore_obsolete=True,
            omit_header=False,
            sort_output=False,
        )


def update(langs: Iterable[str] = LANGUAGES) -> dict[str, int]:
    """Extract, write the .pot, update each language's .po. Returns the untranslated count
    per language."""
    template = extract()
    _write(template, LOCALE_DIR / f"{DOMAIN}.pot", template=True)
    counts: dict[str, int] = {}
    for lang in langs:
        path = po_path(lang)
        if path.exists():
            catalog = load(lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="monopoly")
        # a copy each time: Catalog.update shares the template's Message objects
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: the catalogs are reviewed by hand
        catalog.project, catalog.version = "monopoly", "0.1"
        catalog.copyright_holder = "the monopoly authors"
        language = {"en": "English", "cs": "Czech", "ru": "Russian"}.get(lang, lang)
        catalog.language_team = language
        catalog.last_translator = "the monopoly authors"
        catalog.msgid_bugs_address = ""
        catalog.header_comment = (
            f"# {language} texts of the monopoly platform (board game, narration, score "
            "sheet).\n# Distributed under the same license as the monopoly project (MIT).\n"
            "# Updated by `make i18n`; translated by hand."
        )
        if lang == "en":
            _fill_english(catalog)
        _write(catalog, path)
        counts[lang] = len(missing(catalog, template))
    return counts


def main(argv: list[str] | None = None) -> int:
    counts = update()
    for lang, n in counts.items():
        print(f"{lang}: {n} message(s) to translate in {po_path(lang)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
