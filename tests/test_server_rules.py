"""The rules of a room in words (GET /api/rules, monopoly.web.routes.rules) against a real
`monopoly serve`: every preset of both games answers in every language with the words of
`monopoly rules`, settings a room would refuse are refused with a reason, and the HTML
answer escapes every text."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from monopoly.board.options import PRESETS, RuleSet, preset
from monopoly.cli import app
from monopoly.deal.options import PRESETS as DEAL_PRESETS
from monopoly.deal.options import DealRules, deal_preset
from monopoly.i18n import LANGUAGES, translation
from monopoly.narration.board.rules_text import PRESET_ABOUT, PRESET_TITLES
from monopoly.narration.deal.rules_text import PRESET_ABOUT as DEAL_ABOUT
from monopoly.narration.deal.rules_text import PRESET_TITLES as DEAL_TITLES
from monopoly.web.routes.rules import MAX_OPTIONS, rules_html

GAMES = [("board", p) for p in PRESETS] + [("deal", p) for p in DEAL_PRESETS]


def _rules(http: httpx.Client, **params: Any) -> httpx.Response:
    if "options" in params and not isinstance(params["options"], str):
        params["options"] = json.dumps(params["options"])
    return http.get("/api/rules", params=params)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "name"), GAMES)
def test_every_preset_answers_in_every_language(http: httpx.Client, game: str, name: str,
                                                lang: str) -> None:
    r = _rules(http, game=game, preset=name, lang=lang)
    assert r.status_code == 200, r.text
    data = r.json()
    titles, about = (PRESET_TITLES, PRESET_ABOUT) if game == "board" else (DEAL_TITLES, DEAL_ABOUT)
    t = translation(lang)
    assert (data["game"], data["preset"], data["lang"]) == (game, name, lang)
    assert data["title"] == t.gettext(titles[name])
    assert data["about"] == t.gettext(about[name])
    rules = preset(name) if game == "board" else deal_preset(name)
    base = RuleSet() if game == "board" else DealRules()
    assert [line["option"] for line in data["rules"]] == list(rules.option_names())
    changed = {line["option"] for line in data["rules"] if line["changed"]}
    assert changed == {o for o in rules.option_names() if getattr(rules, o) != getattr(base, o)}
    # the sections hold every line once, in the order of the rule set
    grouped = [line for section in data["sections"] for line in section["rules"]]
    assert sorted(line["option"] for line in grouped) == sorted(rules.option_names())
    assert all(section["title"] and section["rules"] for section in data["sections"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PRESETS)
def test_the_words_are_those_of_monopoly_rules(http: httpx.Client, name: str,
                                               lang: str) -> None:
    """The page's help and `monopoly rules --json` say the same, line by line."""
    cli = CliRunner().invoke(app, ["rules", "--preset", name, "--lang", lang, "--json",
                                   "--set", "turn_limit=30"])
    assert cli.exit_code == 0, cli.output
    r = _rules(http, game="board", preset=name, lang=lang, options={"turn_limit": 30})
    assert r.status_code == 200, r.text
    written = json.loads(cli.output)
    assert r.json()["rules"] == written["rules"]
    assert r.json()["title"] == written["title"]


def test_the_rooms_options_and_edition_are_in_the_words(http: httpx.Client) -> None:
    options = {"end": "turn_limit", "turn_limit": 12, "starting_cash": 2000}
    r = _rules(http, game="board", preset="short", options=options, edition="uk", lang="en")
    assert r.status_code == 200, r.text
    data = r.json()
    lines = {line["option"]: line for line in data["rules"]}
    assert lines["turn_limit"]["text"] == "Turn limit: 12" and lines["turn_limit"]["changed"]
    assert lines["starting_cash"]["value"] == "£2,000"  # the edition's money
    assert data["options"] == options and data["edition"] == "uk"
    deal = _rules(http, game="deal", preset="official", options={"sets_to_win": 2}, lang="cs")
    assert deal.status_code == 200, deal.text
    line = next(x for x in deal.json()["rules"] if x["option"] == "sets_to_win")
    assert line["changed"] and line["value"] == "2"


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"game": "board", "preset": "bogus"}, "preset 'bogus'"),
        ({"game": "deal", "preset": "classic"}, "preset 'classic'"),
        ({"game": "chess"}, "game 'chess'"),
        ({"options": "{not json"}, "JSON object"),
        ({"options": "[1, 2]"}, "JSON object"),
        ({"options": json.dumps({"starting_cash": "lots"})}, "starting_cash"),
        ({"options": json.dumps({"no_such_rule": 1})}, "no_such_rule"),
        ({"options": json.dumps({"houses_for_hotel": 99})}, "houses_for_hotel"),
        ({"options": " " * (MAX_OPTIONS + 1) + "{}"}, "JSON object"),
        ({"game": "deal", "options": json.dumps({"sets_to_win": 0})}, "sets_to_win"),
        ({"edition": "monaco"}, "unknown edition"),
        ({"game": "deal", "edition": "uk"}, "unknown edition"),
        ({"lang": "de"}, "unknown language"),
        ({"format": "xml"}, "format 'xml'"),
    ],
)
def test_bad_settings_answer_400_with_the_reason(http: httpx.Client, params: dict[str, str],
                                                 reason: str) -> None:
    r = _rules(http, **params)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid"
    assert reason in error["message"], error


def test_a_reason_comes_in_the_language_asked(http: httpx.Client) -> None:
    r = _rules(http, options="[]", lang="cs")
    assert r.status_code == 400
    assert r.json()["error"]["message"] == translation("cs").gettext(
        "Invalid request: {reason}").format(
        reason=translation("cs").gettext("the options are a JSON object of rule options"))


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())


@pytest.mark.parametrize(("game", "name"), [("board", "tournament"), ("deal", "quick")])
def test_the_html_answer_is_the_same_words_escaped(http: httpx.Client, game: str,
                                                   name: str) -> None:
    data = _rules(http, game=game, preset=name, lang="ru").json()
    r = _rules(http, game=game, preset=name, lang="ru", format="html")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    parsed = _Tags()
    parsed.feed(r.text)
    assert set(parsed.tags) <= {"section", "h3", "h4", "p", "ul", "li"}
    lines = [line["text"] for s in data["sections"] for line in s["rules"]]
    titles = [s["title"] for s in data["sections"]]
    assert parsed.text == [data["title"], data["about"]] + [
        x for s, title in zip(data["sections"], titles, strict=True)
        for x in [title] + [line["text"] for line in s["rules"]]]
    assert len(lines) == r.text.count("<li")


def test_html_in_the_words_is_escaped() -> None:
    evil = '<script>alert("x")</script> & <b onclick=\'y\'>'
    data = {"lang": 'cs" onload="x', "title": evil, "about": evil,
            "sections": [{"title": evil, "rules": [{"text": evil, "changed": True}]}]}
    html = rules_html(data)
    assert "<script" not in html and "<b " not in html and 'onload="x' not in html
    parsed = _Tags()
    parsed.feed(html)
    assert set(parsed.tags) <= {"section", "h3", "h4", "p", "ul", "li"}
    assert parsed.text == [evil] * 4
    assert re.search(r"&lt;script&gt;alert\(&quot;x&quot;\)&lt;/script&gt; &amp; ", html)


@pytest.mark.parametrize(("game", "name"), GAMES)
def test_a_presets_description_speaks_of_its_own_numbers(game: str, name: str) -> None:
    """Every number the English description of a preset names is a value of its rules
    (the 60 minutes of "timed" are its time limit...): a preset changed without its
    description fails here."""
    about = (PRESET_ABOUT if game == "board" else DEAL_ABOUT)[name]
    rules = preset(name) if game == "board" else deal_preset(name)
    values = {v for v in rules.to_dict().values() if isinstance(v, int) and not isinstance(v, bool)}
    ordinals = {"2nd": 2}
    for word in re.findall(r"\d+(?:st|nd|rd|th)?", about):
        number = ordinals.get(word, int(re.sub(r"\D", "", word)))
        assert number in values, (name, word)
