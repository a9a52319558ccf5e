"""The ``monopoly deal`` commands (Typer), registered by :mod:`monopoly.cli`.

Commands::

    monopoly deal deck [--lang L] [--json]
    monopoly deal check --games N [--seed S] [--players P] [--set NAME=VALUE ...] [--json]

Bad input is one line on stderr and exit code 2; a failed conformance check is exit
code 1 (as the board game's ``monopoly check``).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.cli.kit import (
    JsonOpt,
    check_count,
    fail,
    print_json,
    set_options,
    translation_error,
    use_language,
)
from monopoly.deal.deck import COLOUR_KEYS, KIND_KEYS, Deck, load_deck
from monopoly.deal.errors import DealError
from monopoly.deal.options import MAX_PLAYERS, MIN_PLAYERS, DealRules
from monopoly.i18n import gettext as _
from monopoly.i18n import pgettext, pgettext_noop

deal_app = typer.Typer(
    help="Monopoly Deal, the card game: its deck, its conformance harness, its strategy lab.",
    no_args_is_help=True,
)


# the kinds of card in the deck table, in the player's language
_KIND_WORDS: dict[str, str] = {
    "money": pgettext_noop("card kind", "money"),
    "action": pgettext_noop("card kind", "action"),
    "rent": pgettext_noop("card kind", "rent"),
    "property": pgettext_noop("card kind", "property"),
    "wild": pgettext_noop("card kind", "wildcard"),
}


def print_deal_json(data: dict[str, Any]) -> None:
    """JSON output with the card names in cs and ru as they are."""
    print_json(data, ensure_ascii=False)


def check_players(players: int) -> int:
    """--players of a Deal command: 2-5."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(_("--players must be between {low} and {high}, got {players}").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, players=players))
    return players


def deck_summary(deck: Deck) -> dict[str, Any]:
    """The deck as JSON-ready data: totals, counts per card and per kind, the colours."""
    kinds: dict[str, int] = dict.fromkeys(KIND_KEYS, 0)
    kind_values: dict[str, int] = dict.fromkeys(KIND_KEYS, 0)
    for c in range(deck.size):
        kinds[KIND_KEYS[deck.kind[c]]] += 1
        kind_values[KIND_KEYS[deck.kind[c]]] += deck.value[c]
    cards = []
    for t, key in enumerate(deck.type_keys):
        first = deck.type_of.index(t)
        cards.append({
            "key": key,
            "kind": KIND_KEYS[deck.kind[first]],
            "count": deck.type_count[t],
            "value": deck.value[first],
            "colours": "any" if deck.any_colour[first]
            else [deck.colour_keys[c] for c in deck.colours[first]],
            "ids": [c for c in range(deck.size) if deck.type_of[c] == t],
            "names": dict(deck.card_names[first]),
        })
    colours = [
        {"key": key, "set_size": deck.set_size[i], "rent": list(deck.ladder[i]),
         "buildings": deck.buildable[i], "names": dict(deck.colour_names[i])}
        for i, key in enumerate(deck.colour_keys)
    ]
    return {
        "deck": deck.key,
        "cards": deck.size,
        "bank_value": sum(deck.value),
        "kinds": kinds,
        "kind_values": kind_values,
        "counts": deck.counts(),
        "house_rent": deck.house_rent,
        "hotel_rent": deck.hotel_rent,
        "colours": colours,
        "card_types": cards,
    }


@deal_app.command("deck")
def deck_cmd(
    lang: Annotated[str, typer.Option(help="Language of the names: en, cs or ru.")] = "en",
    as_json: JsonOpt = False,
) -> None:
    """The 106 cards of the deck: counts, bank values, kinds, colours (docs/deal-rules.md §
    Deck)."""
    use_language(lang)  # the names' language and the table's
    try:
        deck = load_deck()
    except DealError as exc:
        fail(translation_error(exc))
    data = deck_summary(deck)
    if as_json:
        print_deal_json(data)
        return
    table = Table(title=_("{deck}: {cards} cards, {value}M").format(
        deck=deck.names[lang], cards=data["cards"], value=data["bank_value"]))
    table.add_column(pgettext("deck table", "card"))
    table.add_column(pgettext("deck table", "kind"))
    table.add_column(pgettext("deck table", "count"), justify="right")
    table.add_column(pgettext("deck table", "value"), justify="right")
    table.add_column(pgettext("deck table", "colours"))
    for t in data["card_types"]:
        cols = t["colours"]
        colours = pgettext("deck table", "any") if cols == "any" else " / ".join(
            deck.colour_name(COLOUR_KEYS.index(c), lang) for c in cols
        )
        kind = pgettext("card kind", _KIND_WORDS[t["kind"]])
        table.add_row(t["names"][lang], kind, str(t["count"]), f"{t['value']}M", colours)
    Console().print(table)


@deal_app.command("check")
def check_cmd(
    games: Annotated[int, typer.Option(help="Number of random games to check.")],
    seed: Annotated[int, typer.Option(help="Seed of the games.")] = 0,
    players: Annotated[
        int | None, typer.Option(help="Players per game, 2-5 (default: cycle 2-5).")
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option("--set", help="Play every game with this option: NAME=VALUE "
                     "(default: cycle over the harness's rule variants); repeatable."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the Deal conformance harness: random legal play, invariants after every action."""
    check_count("--games", games)
    if players is not None:
        check_players(players)
    options = set_options(settings) if settings else None
    if options is not None:
        try:
            DealRules.from_dict(options)
        except DealError as exc:
            fail(_("{option}: {error}").format(option="--set", error=translation_error(exc)))
    from monopoly.lab.deal.conformance import run_conformance

    result = run_conformance(games, seed=seed, players=players, options=options)
    violations, errors = int(result["violations"]), int(result["errors"])
    if as_json:
        print_deal_json(result)
    else:
        console = Console(highlight=False, soft_wrap=True)
        console.print(_("{games} Deal games checked: {violations} violations, {errors} errors "
                        "({actions} actions, {wins} won, {draws} drawn).").format(
            games=result["games"], violations=violations, errors=errors,
            actions=result["actions"], wins=result["wins"], draws=result["draws"]),
            markup=False)
        for line in result.get("details", []):
            console.print(line, markup=False)
    if violations or errors:
        raise typer.Exit(1)
import monopoly.cli.deal_lab as _lab_cli  # noqa: E402,F401  (registers simulate and bench)
