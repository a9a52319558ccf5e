"""The rules of a room in words (docs/protocol.md, "HTTP"): ``GET /api/rules``, what the
page's help shows.

The settings are checked as a room's are (its game's adapter, :mod:`monopoly.web.games`:
the same presets, options and editions, refused with the same reasons); the words are the
ones ``monopoly rules`` writes (:func:`monopoly.narration.board.rules_text.preset_rules`,
and the Deal's :mod:`monopoly.narration.deal.rules_text`), grouped by the section of the
rules each option comes from. ``format=html`` answers the same as a fragment of HTML in
which every text is escaped.

Example::

    >>> data = rules_in_words("deal", "quick", {}, None, "en")
    >>> data["title"], data["sections"][-1]["title"]
    ('Quick game: one full set wins', 'End of the game')
    >>> "<" in rules_html({**data, "title": "<b>"}).split("</h3>")[0].split("<h3>")[1]
    False
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Final

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, JSONResponse, Response

from monopoly.board.edition import load_edition
from monopoly.board.options import preset as preset_rules
from monopoly.deal.options import deal_preset
from monopoly.i18n import LANGUAGES, translation
from monopoly.narration.board import rules_text as board_words
from monopoly.narration.deal import rules_text as deal_words
from monopoly.web.games import Settings, adapter
from monopoly.web.protocol import ProtocolError

__all__ = ["MAX_OPTIONS", "rules_html", "rules_in_words", "rules_router"]

MAX_OPTIONS: Final = 4096  # characters of the options' JSON in the query


def _board(settings: Settings, lang: str) -> dict[str, Any]:
    currency = settings.currency or load_edition(settings.edition).currency
    rules = preset_rules(settings.preset, **settings.options)
    return board_words.preset_rules(settings.preset, rules, lang, currency)


def _deal(settings: Settings, lang: str) -> dict[str, Any]:
    rules = deal_preset(settings.preset, **settings.options)
    return deal_words.preset_rules(settings.preset, rules, lang)


# each game: its rules in words, the sections' titles and the presets' descriptions
_WORDS: Final[dict[str, tuple[Callable[[Settings, str], dict[str, Any]],
                              Mapping[str, str], Mapping[str, str]]]] = {
    "board": (_board, board_words.SECTION_TITLES, board_words.PRESET_ABOUT),
    "deal": (_deal, deal_words.SECTION_TITLES, deal_words.PRESET_ABOUT),
}


def parse_options(text: str | None) -> dict[str, object]:
    """The options of the query: a JSON object (none: no options); ``invalid`` else."""
    if text is None or not text.strip():
        return {}
    if len(text) > MAX_OPTIONS:
        raise ProtocolError("invalid", 400, reason="options")
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise ProtocolError("invalid", 400, reason="options") from exc
    if not isinstance(value, dict):
        raise ProtocolError("invalid", 400, reason="options")
    return value


def rules_in_words(game: str, preset: str | None, options: Mapping[str, object],
                   edition: str | None, lang: str) -> dict[str, Any]:
    """The rules of a room of `game` with these settings, in `lang`: the preset's title and
    description, every option's line (``monopoly rules --json``'s ``rules``) and the same
    lines grouped by section. Settings a room would refuse are ``invalid`` (400), with the
    same reason."""
    if lang not in LANGUAGES:
        raise ProtocolError("invalid", 400, reason="lang")
    found = adapter(game)
    if found.name not in _WORDS:
        raise ProtocolError("invalid", 400, reason=f"game {game!r}")
    settings = found.settings(preset, edition, options, found.seats[0])
    words, titles, about = _WORDS[found.name]
    out = words(settings, lang)
    t = translation(lang)
    sections: dict[str, dict[str, Any]] = {}
    for line in out["rules"]:
        title = t.gettext(titles[line["section"]])
        sections.setdefault(title, {"title": title, "rules": []})["rules"].append(line)
    out.update(game=found.name, edition=settings.edition, options=dict(settings.options),
               about=t.gettext(about[settings.preset]), sections=list(sections.values()))
    return out


def rules_html(data: Mapping[str, Any]) -> str:
    """The rules of :func:`rules_in_words` as a fragment of HTML, every text escaped."""
    parts = [f'<section class="rules" lang="{escape(str(data["lang"]))}">',
             f"<h3>{escape(str(data['title']))}</h3>",
             f'<p class="rules-about">{escape(str(data["about"]))}</p>']
    for section in data["sections"]:
        parts.append(f"<h4>{escape(str(section['title']))}</h4><ul>")
        for line in section["rules"]:
            mark = ' class="changed"' if line["changed"] else ""
            parts.append(f"<li{mark}>{escape(str(line['text']))}</li>")
        parts.append("</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def rules_router() -> APIRouter:
    router = APIRouter()

    @router.get("/api/rules", response_class=JSONResponse)
    async def rules(
        game: str = Query("board", description="board or deal"),
        preset: str | None = Query(None, description="the game's preset; none: its default"),
        options: str | None = Query(
            None, description="the room's options as a JSON object; none: the preset's"),
        edition: str | None = Query(
            None, description="the board's edition (its money), or the Deal's deck"),
        lang: str = Query("en", description="en, cs or ru"),
        format: str = Query("json", description="json, or html: an escaped HTML fragment"),
    ) -> Response:
        """A room's rules in words, in `lang` (what the page's help shows)."""
        if format not in ("json", "html"):
            raise ProtocolError("invalid", 400, reason=f"format {format!r}")
        data = rules_in_words(game, preset, parse_options(options), edition, lang)
        if format == "html":
            return HTMLResponse(rules_html(data))
        return JSONResponse(data)

    return router
