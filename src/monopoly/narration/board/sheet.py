"""The score sheet (the tournament's "hrací listina"): a game's events and final assets.

The Czech tournament rules (TOUR) keep one sheet per table: every event of the game is
written on it, and when the game ends (one player left, or the time is called) the banker
counts each player's assets, the player signs them, and the ranking follows. docs/rules.md §11
values the assets (net worth):

- cash;
- each property at its printed price, a mortgaged one at half;
- buildings at cost: a house at the street's house cost, a hotel at its own price plus the
  houses it replaced (``house_cost * (houses_for_hotel + 1)``);
- minus debts (pending payments and loans between players), plus what others owe.

A game that was stopped before its end gets a sheet too (ranked by net worth, reason
``stopped``). :func:`score_sheet` builds a JSON-serialisable dict in one language,
:func:`render_sheet_html` a printable, self-contained HTML page of it::

    >>> from monopoly.board import Game
    >>> game = Game(["Ann", "Bob"], seed=1)
    >>> sheet = score_sheet(game, lang="cs")
    >>> sheet["status"], [p["total"] for p in sheet["players"]]
    ('stopped', [1500, 1500])
    >>> "Hrací listina" in render_sheet_html(sheet)
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from monopoly.board import events as E
from monopoly.board.game import Game
from monopoly.board.view import SeatView
from monopoly.i18n import Translator, pgettext_noop, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.rules_text import describe
from monopoly.templates import environment

__all__ = ["SHEET_FORMAT", "render_sheet_html", "score_sheet"]

SHEET_FORMAT: Final = "monopoly-score-sheet/1"

# Every label of the page, translated when the page is rendered.
_LABELS: Final[Mapping[str, str]] = {
    "title": N_("Score sheet"),
    "edition": N_("Edition"),
    "rules": N_("Rules"),
    "classic_rules": N_("classic rules, no changes"),
    "seed": N_("Seed"),
    "turns": N_("Turns played"),
    "actions": N_("Actions"),
    "result": N_("Result"),
    "winner": N_("Winner"),
    "no_winner": N_("no single winner"),
    "seats": N_("Players"),
    "assets": N_("Final assets"),
    "player": N_("Player"),
    "cash": N_("Cash"),
    "properties": N_("Properties (printed price)"),
    "buildings": N_("Buildings (at cost)"),
    "claims": N_("Owed to the player"),
    "debts": N_("Debts"),
    "total": N_("Total"),
    "property": N_("Property"),
    "price": N_("Printed price"),
    "value": N_("Value"),
    "mortgaged": N_("mortgaged: half the price"),
    "bankrupt": N_("bankrupt"),
    "ranking": N_("Ranking"),
    "rank": N_("Rank"),
    "events": N_("Events of the game"),
    "no_events": N_("No events were recorded."),
    "signature": N_("Player's signature"),
    "valuation": N_(
        "Assets are valued by the rules of the game: cash, each property at its printed price "
        "(a mortgaged one at half), buildings at cost (a hotel with the houses it "
        "replaced), minus debts."
    ),
}

# docs/rules.md §11: the end of the game, in words.
_REASONS: Final[Mapping[str, str]] = {
    "last_player": N_("the last player who is not bankrupt wins"),
    "turn_limit": N_("the turn limit ended the game; ranked by net worth"),
    "bankruptcies": N_("the game ended with the bankruptcies; ranked by net worth"),
    "time_limit": N_("the time ran out; ranked by net worth"),
    "target_worth": N_("a player reached the target worth"),
    "stopped": N_("the game was stopped; ranked by net worth"),
}


# The edition's own words for a hotel (the disney edition: a castle), as the narration.
EDITION_TEXTS: Final = (pgettext_noop("disney", "hotel"),)


def _player_assets(
    view: SeatView, seat: int, t: Translator, lang: str, narrator: Narrator
) -> dict[str, Any]:
    edition = view.edition
    hotel = view.hotel_level
    properties: list[dict[str, Any]] = []
    property_total = buildings_total = 0
    for sq in sorted(view.holdings(seat)):
        square = edition.squares[sq]
        price = square.price
        mortgaged = bool(view.is_mortgaged(sq))
        value = price // 2 if mortgaged else price
        level = view.level(sq)
        houses = 0 if level >= hotel else level
        hotels = 1 if level >= hotel else 0
        # a hotel: its own price plus the houses it replaced, all at the house cost
        building_value = level * square.house_cost
        if hotels:
            building_text = narrator.edition_gettext("hotel")
        elif houses:
            building_text = narrator.houses(houses)
        else:
            building_text = ""
        group = square.group or ""
        group_names = edition.group_names.get(group, {})
        properties.append(
            {
                "square": sq,
                "name": square.names.get(lang) or square.names["en"],
                "group": group,
                "group_name": group_names.get(lang) or group_names.get("en") or group,
                "price": price,
                "mortgaged": mortgaged,
                "value": value,
                "houses": houses,
                "hotels": hotels,
                "buildings": building_text,
                "buildings_value": building_value,
            }
        )
        property_total += value
        buildings_total += building_value
    # pending payments of the position (docs/rules.md §9), then loans between players (the
    # RU house rule, `player_loans`)
    waiting = view.debts()
    pending_debts = sum(amount for debtor, _, amount in waiting if debtor == seat)
    pending_claims = sum(amount for _, creditor, amount in waiting if creditor == seat)
    loans_owed = view.loans_owed(seat)
    loan_claims = view.loan_claims(seat)
    debts = pending_debts + loans_owed
    claims = pending_claims + loan_claims
    cash = view.cash(seat)
    bankrupt = view.is_bankrupt(seat)
    total = cash + property_total + buildings_total + claims - debts
    if bankrupt:
        total = 0  # docs/rules.md §11: a bankrupt player is worth nothing
    return {
        "seat": seat,
        "name": narrator.who(seat),
        "bankrupt": bool(bankrupt),
        "cash": cash,
        "properties": properties,
        "property_total": property_total,
        "buildings_total": buildings_total,
        "claims": claims,
        "debts": debts,
        "loans_owed": loans_owed,
        "loan_claims": loan_claims,
        "total": total,
        "net_worth": view.net_worth(seat),
    }


def _ranking(view: SeatView, totals: list[int]) -> tuple[str, int | None, list[int]]:
    """(reason, winner, ranking): the engine's outcome, or for a stopped game the
    survivors by total (ties by playing order), then the bankrupt, last fallen first."""
    if view.outcome is not None:
        o = view.outcome
        return o.reason, o.winner, list(o.ranking)
    seats = range(view.seats)
    survivors = [s for s in seats if not view.is_bankrupt(s)]
    order = view.order
    survivors.sort(key=lambda s: (-totals[s], order.index(s) if s in order else s))
    fallen = [s for s in reversed(view.bankrupt_order) if s not in survivors]
    rest = [s for s in seats if s not in survivors and s not in fallen]
    return "stopped", None, survivors + fallen + rest


def score_sheet(
    game: Game | SeatView, events: Iterable[E.Event] | None = None, lang: str = "en",
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The score sheet of a game (read through its public view: a spectator's
    :class:`~monopoly.board.view.SeatView`, or the game's) in ``lang`` (en, cs, ru),
    JSON-serialisable.

    ``events``: the table's events (default: the game's own), narrated in ``lang``;
    ``names``: the seats' names as the reader reads them (default: the game's). Money is
    in integers of the edition's ``currency``."""
    view = game if isinstance(game, SeatView) else game.seat_view(None)
    t = translation(lang)
    edition = view.edition
    seat_names = list(names) if names is not None else [view.name(s) for s in range(view.seats)]
    narrator = Narrator(edition, seat_names, lang, view.hotel_level)
    if events is None:
        events = view.events()
    lines = narrator.story(events)
    players = [_player_assets(view, s, t, lang, narrator) for s in range(view.seats)]
    reason, winner, ranking = _ranking(view, [p["total"] for p in players])
    for rank, seat in enumerate(ranking, start=1):
        players[seat]["rank"] = rank
    reason_text = t.gettext(_REASONS[reason]) if reason in _REASONS else reason
    return {
        "format": SHEET_FORMAT,
        "lang": lang,
        "edition": {
            "key": edition.key,
            "name": edition.names.get(lang) or edition.names["en"],
            "currency": edition.currency,
        },
        "rules": view.rules.to_dict(),
        "rules_changed": view.rules.changed(),
        # the changed options in words (the classic rules need none)
        "rules_text": [
            line["text"]
            for line in describe(view.rules, lang, edition.currency)
            if line["changed"]
        ],
        "seed": view.seed,
        "turns": view.turn_number,
        "actions": view.actions_played,
        "status": "over" if view.is_over else "stopped",
        "outcome": {
            "reason": reason,
            "reason_text": reason_text,
            "winner": winner,
            "winner_name": None if winner is None else seat_names[winner],
        },
        "seats": [{"seat": s, "name": seat_names[s]} for s in range(view.seats)],
        "events": lines,
        "players": players,
        "ranking": [
            {
                "rank": rank,
                "seat": seat,
                "name": seat_names[seat],
                "total": players[seat]["total"],
                "bankrupt": players[seat]["bankrupt"],
            }
            for rank, seat in enumerate(ranking, start=1)
        ],
    }




def render_sheet_html(sheet: Mapping[str, Any], lang: str | None = None) -> str:
    """A printable, self-contained HTML page of ``sheet`` (inline CSS with a print
    stylesheet; every text escaped). Labels are in ``lang``, by default the sheet's own
    language (the events were narrated in that one)."""
    lang = lang or str(sheet.get("lang", "en"))
    t = translation(lang)
    currency = str(sheet["edition"]["currency"])
    labels = {key: t.gettext(msg) for key, msg in _LABELS.items()}
    template = environment().get_template("sheet.html")
    return template.render(
        sheet=sheet,
        lang=lang,
        labels=labels,
        money=lambda amount: t.money(int(amount), currency),
        number=t.number,
    )
