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

from monopoly.cli.kit import JsonOpt, print_json
from monopoly.cli.kit import fail as _fail
from monopoly.cli.kit import set_options as _options
from monopoly.deal.deck import COLOUR_KEYS, KIND_KEYS, LANGUAGES, Deck, load_deck
from monopoly.deal.errors import DealError
from monopoly.deal.options import MAX_PLAYERS, MIN_PLAYERS, DealRules

deal_app = typer.Typer(
    help="Monopoly Deal, the card game: its deck and its conformance harness.",
    no_args_is_help=True,
)


def _print_json(data: dict[str, Any]) -> None:
    print_json(data, ensure_ascii=False)  # card names in cs and ru as they are


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
    if lang not in LANGUAGES:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    try:
        deck = load_deck()
    except DealError as exc:
        _fail(str(exc))
    data = deck_summary(deck)
    if as_json:
        _print_json(data)
        return
    table = Table(title=f"{deck.names[lang]}: {data['cards']} cards, {data['bank_value']}M")
    for column, justify in (("card", "left"), ("kind", "left"), ("count", "right"),
                            ("value", "right"), ("colours", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for t in data["card_types"]:
        cols = t["colours"]
        colours = "any" if cols == "any" else " / ".join(
            deck.colour_name(COLOUR_KEYS.index(c), lang) for c in cols
        )
        table.add_row(t["names"][lang], t["kind"], str(t["count"]), f"{t['value']}M", colours)
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
    if games < 0:
        _fail(f"--games must be at least 0, got {games}")
    if players is not None and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        _fail(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {players}")
    options = _options(settings) if settings else None
    if options is not None:
        try:
            DealRules.from_dict(options)
        except DealError as exc:
            _fail(f"--set: {exc}")
    from monopoly.lab.deal.conformance import run_conformance

    result = run_conformance(games, seed=seed, players=players, options=options)
    violations, errors = int(result["violations"]), int(result["errors"])
    if as_json:
        _print_json(result)
    else:
        console = Console(highlight=False, soft_wrap=True)
        console.print(f"{result['games']} Deal games checked: {violations} violations, "
                      f"{errors} errors ({result['actions']} actions, {result['wins']} won, "
                      f"{result['draws']} drawn).")
        for line in result.get("details", []):
            console.print(line, markup=False)
    if violations or errors:
        raise typer.Exit(1)
import monopoly.cli.deal_lab as _lab_cli  # noqa: E402,F401  (registers simulate and bench)
