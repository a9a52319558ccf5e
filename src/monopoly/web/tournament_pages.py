"""The browser pages of a tournament and its printouts (HTML, pure functions).

The routes (:mod:`monopoly.web.routes.tournament`) call these; nothing here does I/O but
reading the templates (``templates/tournament/``).

- :func:`render_page`: the page a personal link opens, ``/tournament/{tid}?token=T``: the
  chief referee's console (role ``chief``), a table referee's page (``table:N``), a
  player's page (``player:N``) or the public page (no role: standings and tables, read
  only; ``?table=N`` shows one table). The page is a shell: the labels in its language
  and the initial parameters are embedded as JSON (``<script type="application/json"
  id="tournament-boot">``); ``/tournament.js`` polls ``GET /api/tournaments/{tid}`` every
  2 s and renders.
- :func:`render_projector`: the hall's projector (the round clock, the tables, the top 10).
- :func:`render_new`: the form that creates a tournament.
- :func:`render_print`: the printouts (A4) from the status JSON: table cards, score
  sheets, standings, certificates and the slips of the personal links, with QR codes
  (:func:`qr_svg`).

Every text is a msgid of :data:`LABELS` (``N_``, extracted into the catalogs by
``make i18n``); :func:`labels` translates them. Money is written as
:meth:`~monopoly.i18n.Translator.money` writes it, with the tournament's currency::

    >>> labels("en")["btn_call_time"]
    'Call time'
    >>> money_format("cs")["suffix"]
    '\\xa0¤'
    >>> qr_svg("http://example.org/tournament/cup/table/1").startswith("<svg")
    True
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any, Final
from urllib.parse import urlencode

import segno
from babel.dates import format_date
from babel.numbers import format_decimal
from markupsafe import Markup

from monopoly.i18n import LANGUAGES, Translator, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.templates import environment

__all__ = [
    "LABELS",
    "PRINTOUTS",
    "labels",
    "money_format",
    "qr_svg",
    "render_new",
    "render_page",
    "render_print",
    "render_projector",
]

#: The printouts of :func:`render_print`.
PRINTOUTS: Final = ("cards", "sheets", "standings", "certificates", "links")

# key -> English msgid; placeholders in braces are filled by the page (tournament-lib.js t()).
LABELS: Final[Mapping[str, str]] = {
    # the pages
    "title_chief": N_("Chief referee's console"),
    "title_table": N_("Table {table}: the referee's page"),
    "title_player": N_("Player's page"),
    "title_public": N_("Standings and tables"),
    "title_projector": N_("Projector"),
    "title_new": N_("New tournament"),
    "loading": N_("Loading…"),
    "language": N_("Language"),
    "noscript": N_("This page needs JavaScript."),
    "dismiss": N_("Close"),
    "tournament": N_("Tournament"),
    "date": N_("Date"),
    "finished": N_("The tournament is over."),
    # errors
    "error_network": N_("Cannot reach the server: trying again…"),
    "error_generic": N_("Something went wrong: {message}"),
    "error_deeds": N_("The title deeds could not be loaded."),
    "error_equipment": N_("Tick every item of the equipment first."),
    "error_reason": N_("Say what is wrong."),
    "error_file": N_("The file could not be read."),
    "error_bankrupt_order": N_("Give the order of bankruptcy of every bankrupt player."),
    # roles
    "role_chief": N_("Chief referee"),
    "role_table": N_("Referee of table {table}"),
    "role_server": N_("Server"),
    # statuses of a table
    # TRANSLATORS: the status of a tournament table: its players are seated, not yet playing
    "status_seated": N_("seated"),
    "status_counted": N_("equipment counted"),
    "status_playing": N_("playing"),
    "status_paused": N_("paused"),
    "status_time_called": N_("time called"),
    # TRANSLATORS: time is called at a real table; its banker counts every player's assets
    "status_counting": N_("counting the assets"),
    # TRANSLATORS: the players are signing the table's score sheet
    "status_signing": N_("signing the sheet"),
    "status_disputed": N_("disputed"),
    "status_signed": N_("signed"),
    "status_accepted": N_("accepted"),
    # the equipment counted before the start
    "equipment_dice": N_("Dice"),
    "equipment_banknotes": N_("Banknotes"),
    "equipment_houses": N_("Houses"),
    "equipment_hotels": N_("Hotels"),
    "equipment_title_deeds": N_("Title deeds"),
    "equipment_chance": N_("Chance cards"),
    "equipment_community_chest": N_("Community Chest cards"),
    "equipment_tokens": N_("Tokens"),
    # rounds and the clock
    "round_n": N_("Round {n}"),
    "final": N_("Final"),
    "no_round": N_("No round is seated yet."),
    "clock": N_("Playing time left"),
    "clock_not_started": N_("not started"),
    "clock_running": N_("running"),
    "clock_paused": N_("paused"),
    # TRANSLATORS: under the round clock: the chief referee called time; the turn is finished
    "clock_time_called": N_("time is called: finish the turn"),
    "clock_time_up": N_("the game time is up: call time"),
    "clock_closed": N_("the round is over: the players may leave"),
    "round_controls": N_("Round controls"),
    "btn_seat_next": N_("Seat the next round"),
    "btn_seat_final": N_("Seat the final"),
    "btn_cancel_seating": N_("Cancel the seating"),
    "btn_start_round": N_("Start all tables"),
    "btn_pause_round": N_("Pause the round"),
    "btn_resume_round": N_("Resume the round"),
    "btn_call_time": N_("Call time"),
    "btn_close_round": N_("Close the round: the players may leave"),
    "confirm_call_time": N_("Call time on every table?"),
    "confirm_close_round": N_("Close round {n}? The players may leave."),
    "confirm_cancel_seating": N_("Cancel the seating of round {n}?"),
    "confirm_withdraw": N_("Withdraw {name} from the tournament?"),
    "confirm_replace": N_("Replace {name} at table {table}?"),
    "seated_round": N_("Round {n} is seated."),
    # tables
    "tables": N_("Tables"),
    "table_n": N_("Table {n}"),
    "seat_n": N_("Seat {n}"),
    "first_seat": N_("first seat"),
    "replaced_bot": N_("a bot plays"),
    "replaced_absent": N_("absent"),
    "btn_pause_table": N_("Pause the table"),
    "btn_resume_table": N_("Resume the table"),
    "btn_accept": N_("Accept the result"),
    "btn_resolve": N_("Resolve the dispute"),
    "btn_details": N_("Details"),
    "btn_hide": N_("Hide"),
    "btn_enter_sheet": N_("Enter the score sheet"),
    "btn_correct_sheet": N_("Correct the score sheet"),
    "signed_count": N_("signed: {done} of {all}"),
    "table_idle": N_("Table {n} has no game in this round."),
    "room_link": N_("Watch the game"),
    # replacing a player
    "replace": N_("Replace a player"),
    "field_player": N_("Player"),
    "field_by": N_("Replace by"),
    "by_bot": N_("a bot"),
    "by_absent": N_("nobody: mark them absent"),
    "btn_replace": N_("Replace"),
    # registration
    "registration": N_("Registration"),
    "add_player": N_("Add a player"),
    "field_name": N_("Name"),
    "field_club": N_("Club"),
    "field_city": N_("City"),
    "field_rating": N_("Rating"),
    "field_bot": N_("Who plays"),
    "bot_person": N_("a person"),
    "bot_easy": N_("a bot (easy)"),
    "bot_medium": N_("a bot (medium)"),
    "bot_hard": N_("a bot (hard)"),
    "btn_add_player": N_("Add the player"),
    "edit_player": N_("Correct a registration"),
    "btn_edit_player": N_("Save the changes"),
    "player_saved": N_("{name}: the changes are saved."),
    "added": N_("{name} is registered."),
    "import": N_("Import players (CSV)"),
    "import_help": N_("The first row names the columns: name, club, city, rating."),
    "field_csv": N_("CSV text"),
    "field_file": N_("or a CSV file"),
    "btn_import": N_("Import"),
    "imported": N_("{count} players added."),
    "players": N_("Players"),
    "no_players": N_("No players yet."),
    "withdrawn": N_("withdrawn"),
    "joined_round": N_("from round {n}"),
    "btn_withdraw": N_("Withdraw"),
    "btn_return": N_("Return"),
    # swapping two players
    "swap": N_("Swap two players"),
    "swap_help": N_("Before the round starts: the two players change seats."),
    "field_a": N_("First player"),
    "field_b": N_("Second player"),
    "btn_swap": N_("Swap"),
    # settings
    "settings": N_("Settings"),
    "btn_save_settings": N_("Save the settings"),
    "settings_saved": N_("The settings are saved."),
    # links and printouts
    "links": N_("Links"),
    "link_chief": N_("Chief referee (keep it secret)"),
    "link_projector": N_("Projector"),
    "link_public": N_("Public page"),
    "link_tables": N_("Table referees"),
    "link_players": N_("Players"),
    "printouts": N_("Printouts"),
    "print_cards": N_("Table cards"),
    "print_sheets": N_("Score sheets"),
    "print_standings": N_("Standings"),
    "print_certificates": N_("Certificates"),
    "print_links": N_("Slips with the personal links"),
    # standings
    "standings": N_("Standings"),
    "standings_top": N_("Standings: the top 10"),
    "no_standings": N_("No results yet."),
    "col_rank": N_("Rank"),
    "col_number": N_("No."),
    "col_player": N_("Player"),
    "col_club": N_("Club"),
    "col_points": N_("Points"),
    "col_assets": N_("Assets"),
    "col_games": N_("Games"),
    "col_wins": N_("Wins"),
    "col_tiebreak": N_("Tie-break"),
    "col_round": N_("Round"),
    "col_table": N_("Table"),
    "col_place": N_("Place"),
    "col_signature": N_("Signature"),
    "tiebreak_assets": N_("assets"),
    "tiebreak_head_to_head": N_("head to head"),
    "tiebreak_rating": N_("rating"),
    "tiebreak_draw": N_("draw"),
    "tiebreak_name": N_("name"),
    "tiebreak_preliminary": N_("preliminary rounds"),
    # the audit log
    "log": N_("Audit log"),
    "log_empty": N_("No operations yet."),
    "col_time": N_("Time"),
    "col_actor": N_("Who"),
    "col_operation": N_("Operation"),
    "col_details": N_("Details"),
    "kind_created": N_("tournament created"),
    "kind_settings_changed": N_("settings changed"),
    "kind_player_added": N_("player registered"),
    "kind_player_edited": N_("player edited"),
    "kind_player_withdrawn": N_("player withdrawn"),
    "kind_player_returned": N_("player returned"),
    "kind_round_seated": N_("round seated"),
    "kind_seating_cancelled": N_("seating cancelled"),
    "kind_players_swapped": N_("players swapped"),
    "kind_equipment_counted": N_("equipment counted"),
    "kind_round_started": N_("round started"),
    "kind_round_paused": N_("round paused"),
    "kind_round_resumed": N_("round resumed"),
    "kind_table_paused": N_("table paused"),
    "kind_table_resumed": N_("table resumed"),
    "kind_time_called": N_("time called"),
    "kind_seat_replaced": N_("seat replaced"),
    "kind_table_room": N_("online table opened"),
    "kind_result_entered": N_("score sheet entered"),
    "kind_result_corrected": N_("score sheet corrected"),
    "kind_sheet_confirmed": N_("sheet confirmed"),
    "kind_sheet_disputed": N_("sheet disputed"),
    "kind_dispute_resolved": N_("dispute resolved"),
    "kind_result_accepted": N_("result accepted"),
    "kind_round_closed": N_("round closed"),
    # the score sheet
    "score_sheet": N_("Score sheet"),
    "equipment": N_("Equipment count"),
    "equipment_help": N_("Before the start: count every item and tick it."),
    "btn_equipment": N_("The equipment is counted"),
    "counted": N_("The equipment is counted."),
    "cash": N_("Cash"),
    "properties": N_("Properties"),
    "buildings": N_("Buildings"),
    "other": N_("Other"),
    "total": N_("Total"),
    "place": N_("Place"),
    "points": N_("Points"),
    "bankrupt": N_("Bankrupt"),
    "bankrupt_order": N_("Order of bankruptcy"),
    "deeds": N_("Title deeds"),
    "deed": N_("Title deed"),
    "owned": N_("Owned"),
    "mortgaged": N_("Mortgaged"),
    "houses": N_("Houses"),
    # TRANSLATORS: a choice of the buildings on a street (0, 1, 2, 3, 4 houses or a hotel)
    "hotel": N_("Hotel"),
    "only_owned": N_("Show only the owned deeds"),
    "valuation": N_("Properties at the printed price, mortgaged ones at half; buildings at "
                    "cost."),
    "reason": N_("Reason for the correction"),
    "btn_save_sheet": N_("Save the score sheet"),
    "sheet_saved": N_("The score sheet is saved."),
    "online_result": N_("The result of the online game"),
    "waiting_result": N_("The game is not over yet."),
    "signed": N_("signed"),
    "not_signed": N_("not signed"),
    "disputed_because": N_("disputed: {reason}"),
    "btn_confirm_for": N_("Confirm for {name}"),
    "stuck_seats": N_("A stuck seat"),
    "btn_bot_for": N_("{name}: a bot plays on"),
    "btn_absent_for": N_("{name}: absent"),
    "source_online": N_("counted by the server"),
    "source_sheet": N_("entered by the banker"),
    # the player's page
    "your_table": N_("Your table"),
    # TRANSLATORS: {round} is a number or the word "Final"
    "your_seat": N_("Round {round}, table {table}, seat {seat}"),
    "not_seated": N_("You have no seat in the current round."),
    "btn_go_table": N_("Go to your table"),
    "your_line": N_("Your line of the score sheet"),
    "btn_confirm": N_("Confirm"),
    "btn_dispute": N_("Dispute"),
    "dispute_reason": N_("What is wrong?"),
    "you_confirmed": N_("You have confirmed the sheet."),
    "you_disputed": N_("You have disputed the sheet: {reason}"),
    "your_results": N_("Your results"),
    "no_results": N_("No results yet."),
    # the form of a new tournament
    "new_help": N_("The settings can be changed until the first round is seated."),
    "field_tname": N_("Name of the tournament"),
    "field_date": N_("Date"),
    "field_rounds": N_("Preliminary rounds"),
    "field_table_size": N_("Players at a table"),
    "field_format": N_("Seating"),
    "format_random": N_("at random, avoiding repeats"),
    "format_swiss": N_("by the standings (Swiss)"),
    "field_scoring": N_("Scoring"),
    "scoring_championship": N_("championship: 4, 3, 2, 1, 0"),
    "scoring_hasbro": N_("Hasbro: a point for the winner"),
    "scoring_5321": N_("5, 3, 2, 1"),
    "field_final_size": N_("Final table"),
    "final_none": N_("no final"),
    "final_top": N_("the top {n}"),
    "field_preset": N_("Rules"),
    "field_game_minutes": N_("Minutes of a game"),
    "field_edition": N_("Board"),
    "field_language": N_("Language of the printouts"),
    "field_currency": N_("Currency"),
    "field_play": N_("Play"),
    "play_online": N_("online, in the browser"),
    "play_real": N_("on real boards, with a banker-referee"),
    "btn_create": N_("Create the tournament"),
    # the printouts
    "print": N_("Print"),
    "banker_signature": N_("Banker-referee's signature"),
    "assistant_signature": N_("Assistant's signature"),
    "player_signature": N_("Player's signature"),
    "standings_after": N_("Standings after round {n}"),
    "final_standings": N_("Final standings"),
    "certificate": N_("Certificate"),
    "place_1": N_("1st place"),
    "place_2": N_("2nd place"),
    "place_3": N_("3rd place"),
    "link_slip": N_("Your personal link"),
    "link_slip_help": N_("Scan it with your phone: your table, your seat, your score sheet. "
                         "Keep it to yourself."),
    "table_slip": N_("The referee's link of table {n}"),
    "scan_table": N_("Scan: this table's game and score sheet"),
}


def labels(lang: str) -> dict[str, str]:
    """Every label of the pages in `lang` (en, cs or ru), by key.

    Raises :class:`~monopoly.i18n.UnknownLanguageError` for another language."""
    t = translation(lang)
    return {key: t.gettext(msgid) for key, msgid in LABELS.items()}


def money_format(lang: str) -> dict[str, str]:
    """How `lang` writes money, for the page's script: the affixes of a positive and of a
    negative amount (``¤`` standing for the currency) and the digit group separator, so
    that the page writes amounts as :meth:`~monopoly.i18n.Translator.money` does."""
    t = translation(lang)
    pos, neg = t.money(1, "¤"), t.money(-1, "¤")
    return {"prefix": pos[: pos.index("1")], "suffix": pos[pos.index("1") + 1:],
            "neg_prefix": neg[: neg.index("1")], "neg_suffix": neg[neg.index("1") + 1:],
            "group": t.number(1000)[1:-3]}


def qr_svg(url: str, *, scale: int = 4) -> Markup:
    """The QR code of `url` as an inline SVG element (error correction level M)."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, svgclass="qr", lineclass=None)
    return Markup(svg)  # segno's own markup; the URL is encoded as modules


# --------------------------------------------------------------------------- the pages


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def _lang_links(base: str, params: Mapping[str, str | None], lang: str) -> list[dict[str, Any]]:
    out = []
    for code in LANGUAGES:
        query = {k: v for k, v in params.items() if v is not None} | {"lang": code}
        out.append({"code": code, "href": f"{base}?{urlencode(query)}", "active": code == lang})
    return out


def _shell(page: str, *, lang: str, name: str, title: str, boot: dict[str, Any],
           lang_links: list[dict[str, Any]]) -> str:
    return environment().get_template("tournament/page.html").render(
        page=page, lang=lang, name=name, title=title, boot=boot, langs=lang_links,
        labels=boot["labels"])


def _houses_for_hotel() -> dict[str, int]:
    from monopoly.board.options import PRESETS, preset

    return {key: preset(key).houses_for_hotel for key in PRESETS}


def render_page(role: str | None, *, tid: str, token: str | None, lang: str, name: str,
                table: int | None = None) -> str:
    """The page a personal link opens (see the module docstring); `name` is the
    tournament's; `table` (the public page only) shows that table of the current round."""
    lang = _lang(lang)
    text = labels(lang)
    page = "public"
    if role == "chief":
        page, title = "chief", text["title_chief"]
    elif role is not None and role.startswith("table:"):
        page, title = "table", text["title_table"].format(table=role.split(":", 1)[1])
    elif role is not None and role.startswith("player:"):
        page, title = "player", text["title_player"]
    else:
        role, title = None, text["title_public"]
    boot = {"page": page, "tid": tid, "token": token, "lang": lang, "role": role,
            "name": name, "table": table, "labels": text, "money": money_format(lang),
            "houses_for_hotel": _houses_for_hotel(), "poll_ms": 2000}
    links = _lang_links(f"/tournament/{tid}", {"token": token,
                                               "table": None if table is None else str(table)},
                        lang)
    return _shell(page, lang=lang, name=name, title=title, boot=boot, lang_links=links)


def render_projector(*, tid: str, lang: str, name: str) -> str:
    """The hall's projector ``/tournament/{tid}/projector``: the round clock, every
    table's status, the top 10; read only, dark, large."""
    lang = _lang(lang)
    text = labels(lang)
    boot = {"page": "projector", "tid": tid, "token": None, "lang": lang, "role": None,
            "name": name, "table": None, "labels": text, "money": money_format(lang),
            "houses_for_hotel": {}, "poll_ms": 2000}
    links = _lang_links(f"/tournament/{tid}/projector", {}, lang)
    return _shell("projector", lang=lang, name=name, title=text["title_projector"],
                  boot=boot, lang_links=links)


def render_new(lang: str) -> str:
    """The form ``/tournament/new`` that creates a tournament (``POST /api/tournaments``)
    and then opens the chief referee's console."""
    from monopoly.board.edition import edition_names, load_edition
    from monopoly.board.options import PRESETS
    from monopoly.narration.board.rules_text import PRESET_TITLES
    from monopoly.tournament.scoring import SCHEMES
    from monopoly.tournament.settings import FORMATS, PLAY_MODES, Settings
    from monopoly.tournament.settings import LANGUAGES as PRINT_LANGUAGES

    lang = _lang(lang)
    t = translation(lang)
    text = labels(lang)
    editions = []
    for key in edition_names():
        names = load_edition(key).names
        editions.append({"key": key, "name": names.get(lang) or names.get("en") or key})
    defaults = Settings(name="", date=datetime.date.today().isoformat()).to_dict()
    boot = {
        "page": "new", "tid": None, "token": None, "lang": lang, "role": None, "name": "",
        "table": None, "labels": text, "money": money_format(lang), "houses_for_hotel": {},
        "poll_ms": 0,
        "choices": {
            "preset": [{"key": k, "name": t.gettext(PRESET_TITLES[k]) if k in PRESET_TITLES
                        else k} for k in PRESETS],
            "edition": editions,
            "format": list(FORMATS), "play": list(PLAY_MODES),
            "scoring": list(SCHEMES), "language": list(PRINT_LANGUAGES),
        },
        "defaults": defaults,
    }
    return _shell("new", lang=lang, name=text["title_new"], title=text["title_new"], boot=boot,
                  lang_links=_lang_links("/tournament/new", {}, lang))


# --------------------------------------------------------------------------- printouts


def render_print(what: str, status: Mapping[str, Any], *, lang: str, base_url: str) -> str:
    """A printout (A4, self-contained HTML) from the status JSON of
    ``GET /api/tournaments/{tid}``: ``cards`` (a card per table of the current round, with
    the QR code of the table's public page), ``sheets`` (the score sheets of the current
    round, in the tournament's language), ``standings``, ``certificates`` (the top 3),
    ``links`` (a slip per player with their personal link: the chief's status only).
    Raises ValueError for another `what` (and for ``links`` without the links)."""
    if what not in PRINTOUTS:
        raise ValueError(f"unknown printout {what!r}: the printouts are {', '.join(PRINTOUTS)}")
    settings = status.get("settings") or {}
    if what == "sheets":
        lang = str(settings.get("language") or lang)
    lang = _lang(lang)
    t = translation(lang)
    ctx = _PrintContext(status, t, base_url.rstrip("/"))
    body: dict[str, Any]
    if what == "cards":
        body = {"cards": ctx.cards()}
    elif what == "sheets":
        body = {"sheets": ctx.sheets()}
    elif what == "standings":
        body = ctx.standings()
    elif what == "certificates":
        body = {"certificates": ctx.certificates()}
    else:
        if not isinstance(status.get("links"), Mapping):
            raise ValueError("the slips of the links need the chief referee's status")
        body = ctx.slips()
    return environment().get_template(f"tournament/print_{what}.html").render(
        lang=lang, labels=labels(lang), what=what, name=str(settings.get("name", "")),
        date=_date(settings.get("date"), lang), **body)


def _date(value: object, lang: str) -> str:
    try:
        return str(format_date(datetime.date.fromisoformat(str(value)), format="long",
                               locale=lang))
    except ValueError:
        return str(value or "")


class _PrintContext:
    """The status JSON made ready for the print templates (formatted numbers, names)."""

    def __init__(self, status: Mapping[str, Any], t: Translator, base_url: str) -> None:
        self.status = status
        self.t = t
        self.text = labels(t.lang)
        settings = status.get("settings") or {}
        self.currency = str(settings.get("currency") or "M")
        self.tid = str(status.get("id", ""))
        self.base = base_url
        self.players: dict[int, Mapping[str, Any]] = {
            int(p["number"]): p for p in status.get("players") or []}
        rounds: Sequence[Mapping[str, Any]] = status.get("rounds") or []
        self.round: Mapping[str, Any] | None = rounds[-1] if rounds else None
        self.closed = sum(1 for r in rounds if r.get("closed"))

    def money(self, amount: object) -> str:
        return self.t.money(int(amount), self.currency) if isinstance(amount, int) else ""

    def points(self, value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "" if value is None else str(value)
        if isinstance(value, int) or value.is_integer():
            return self.t.number(int(value))
        return str(format_decimal(value, format="#,##0.##", locale=self.t.locale))

    def name(self, number: object) -> str:
        p = self.players.get(int(number)) if isinstance(number, int) else None
        return str(p.get("name", "")) if p else f"#{number}"

    def club(self, number: object) -> str:
        p = self.players.get(int(number)) if isinstance(number, int) else None
        return str(p.get("club", "") or "") if p else ""

    def round_title(self) -> str:
        r = self.round
        if r is None:
            return ""
        return self.text["final"] if r.get("final") else self.text["round_n"].format(
            n=r.get("round"))

    def link(self, url: object) -> str:
        text = str(url or "")
        return self.base + text if text.startswith("/") else text

    def tables(self) -> list[Mapping[str, Any]]:
        return list(self.round.get("tables") or []) if self.round else []

    def cards(self) -> list[dict[str, Any]]:
        out = []
        for x in self.tables():
            url = f"{self.base}/tournament/{self.tid}/table/{x['table']}"
            out.append({
                "number": x["table"], "round": self.round_title(), "url": url,
                "qr": qr_svg(url, scale=5),
                "players": [{"seat": k + 1, "name": self.name(p), "club": self.club(p),
                             "first": k == 0} for k, p in enumerate(x.get("players") or [])],
            })
        return out

    def sheets(self) -> list[dict[str, Any]]:
        equipment = list(self.status.get("equipment") or ())
        out = []
        for x in self.tables():
            lines = {int(ln["player"]): ln for ln in x.get("lines") or []}
            confirmed = set(x.get("confirmed") or [])
            columns = []
            for k, p in enumerate(x.get("players") or []):
                ln = lines.get(p)
                columns.append({
                    "seat": k + 1, "name": self.name(p), "first": k == 0,
                    "cash": self.money(ln["cash"]) if ln else "",
                    "properties": self.money(ln["properties"]) if ln else "",
                    "buildings": self.money(ln["buildings"]) if ln else "",
                    "other": self.money(ln["other"]) if ln and ln.get("other") else "",
                    "total": self.money(ln["total"]) if ln else "",
                    "place": self.points(ln.get("place")) if ln else "",
                    "points": self.points(ln.get("points")) if ln else "",
                    "bankrupt": ln.get("bankrupt_order") if ln else None,
                    "signed": p in confirmed,
                })
            out.append({
                "number": x["table"], "round": self.round_title(), "players": columns,
                "counted": bool(x.get("counted")),
                "equipment": [self.text.get(f"equipment_{item}", item) for item in equipment],
                "filled": bool(lines), "has_other": any(c["other"] for c in columns),
            })
        return out

    def standings(self) -> dict[str, Any]:
        rows = [{
            "rank": s.get("rank"), "name": s.get("name") or self.name(s.get("player")),
            "club": self.club(s.get("player")), "points": self.points(s.get("points")),
            "assets": self.money(s.get("assets")), "games": s.get("games"),
            "wins": s.get("wins"),
            "tiebreak": self.text.get(f"tiebreak_{s.get('tiebreak')}", "")
            if s.get("tiebreak") else "",
        } for s in self.status.get("standings") or []]
        if self.status.get("finished"):
            heading = self.text["final_standings"]
        elif self.closed:
            heading = self.text["standings_after"].format(n=self.closed)
        else:
            heading = self.text["standings"]
        return {"rows": rows, "heading": heading}

    def certificates(self) -> list[dict[str, Any]]:
        out = []
        for s in self.status.get("standings") or []:
            rank = s.get("rank")
            if isinstance(rank, int) and 1 <= rank <= 3:
                out.append({"place": self.text[f"place_{rank}"],
                            "name": s.get("name") or self.name(s.get("player")),
                            "club": self.club(s.get("player")),
                            "points": self.points(s.get("points")),
                            "assets": self.money(s.get("assets"))})
        return out

    def slips(self) -> dict[str, Any]:
        links: Mapping[str, Any] = self.status["links"]
        players = []
        for key, url in (links.get("players") or {}).items():
            number = int(key)
            p = self.players.get(number)
            if p is not None and p.get("withdrawn"):
                continue
            full = self.link(url)
            players.append({"number": number, "name": self.name(number),
                            "club": self.club(number), "url": full, "qr": qr_svg(full)})
        tables = []
        for key, url in (links.get("tables") or {}).items():
            full = self.link(url)
            tables.append({"number": key, "url": full, "qr": qr_svg(full),
                           "title": self.text["table_slip"].format(n=key)})
        return {"players": sorted(players, key=lambda x: x["name"].casefold()),
                "tables": tables}


def render_pdf(html: str) -> bytes:
    """A printout as PDF (WeasyPrint: the same page and its print stylesheet, A4).
    Raises RuntimeError when WeasyPrint or its system libraries (Pango) are missing: the
    HTML printout, printed from any browser, is the same page."""
    try:
        import weasyprint  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:  # OSError: Pango is not installed
        raise RuntimeError(f"PDF printouts need WeasyPrint and Pango: {exc}") from None
    pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf
