"""The rule set in words: every option of a preset, readable, in the player's language.

Used by ``monopoly rules --preset NAME --lang cs|ru|en`` and the score sheet. The option
names and sections come from :class:`~monopoly.board.options.RuleSet`; the labels and the
words for values go through the catalogs.

Example::

    >>> lines = describe(preset("short"), "en")
    >>> [line["text"] for line in lines if line["option"] == "houses_for_hotel"]
    ['Houses on every street of a group before a hotel: 3']
"""

from __future__ import annotations

from typing import Any, Final

from monopoly.board.options import PRESET_OPTIONS, RuleSet, option_names, option_section, preset
from monopoly.i18n import Translator, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.rules_lines import option_lines

__all__ = [
    "LABELS", "PRESET_ABOUT", "PRESET_TITLES", "SECTION_TITLES", "describe", "preset",
    "preset_rules", "preset_title",
]

# One label per option, in the order of the rule set.
LABELS: Final[dict[str, str]] = {
    "starting_cash": N_("Starting cash"),
    "first_player": N_("Who starts"),
    "starting_properties": N_("Title deeds dealt to each player before the first turn"),
    "starting_properties_paid": N_("Dealt deeds are paid for at the printed price"),
    "go_salary": N_("Salary for passing GO"),
    "go_salary_at_start": N_("Salary on the start square before the first move"),
    "max_doubles": N_("Doubles in a row that send a player to jail"),
    "auction": N_("Auctions"),
    "buy_after_first_lap": N_("No buying before the first full lap"),
    "double_rent_with_mortgaged_in_group": N_(
        "Double rent on a whole group even with a mortgaged street"
    ),
    "no_rent_in_jail": N_("An owner in jail collects no rent"),
    "jail_card_max_price": N_("Highest cash price of a Get Out of Jail Free card"),
    "income_tax": N_("Income tax"),
    "luxury_tax": N_("Luxury tax"),
    "income_tax_choice": N_("Income tax: flat amount or a percentage of total worth"),
    "income_tax_percent": N_("Income tax percentage of total worth"),
    "free_parking_pot": N_("Taxes and fines go to a pot on Free Parking"),
    "jail_fine": N_("Jail fine"),
    "max_jail_turns": N_("Turns in jail before the fine must be paid"),
    "two_player_no_fine_jail": N_("Two players: no fine when jailed by a move"),
    "houses": N_("Houses in the bank"),
    "hotels": N_("Hotels in the bank"),
    "houses_for_hotel": N_("Houses on every street of a group before a hotel"),
    "build_only_on_landing": N_("Build only on the street one's token lands on"),
    "houses_per_turn": N_("Most buildings bought per turn"),
    "build_before_rolling": N_("Build only on one's own turn, before rolling"),
    "mortgage_interest_percent": N_("Mortgage interest (percent)"),
    "building_sell_percent": N_("Buildings sell back to the bank at (percent of cost)"),
    "player_loans": N_("Players may lend each other money"),
    "trade_mortgaged": N_("Mortgaged property may be sold to another player"),
    "trading": N_("Players may trade with each other"),
    "bankrupt_stays": N_("A bankrupt player stays in the game"),
    "bankrupt_buildings_to_creditor": N_("A bankrupt player's buildings go to the creditor"),
    "bankrupt_estate_to_bank": N_("A bankrupt player's estate always goes to the bank"),
    "negotiation_seconds": N_("Time limit of a negotiation (seconds)"),
    "turn_clock_seconds": N_("Turn clock: seconds for a decision before the seat is forfeited"),
    "time_limit_minutes": N_("Time limit of the game (minutes)"),
    "end": N_("End of the game"),
    "end_bankruptcies": N_("Bankruptcies that end the game"),
    "turn_limit": N_("Turn limit"),
    "target_worth": N_("Net worth that wins"),
}

# the words for the values of the rule options that are choices (also the page's, in
# monopoly.web.ui_text)
CHOICES: Final[dict[str, str]] = {
    "roll": N_("highest throw of the dice"),
    "fixed": N_("seat order"),
    "open": N_("open, ascending bids"),
    "sealed": N_("sealed bids"),
    "none": N_("none: the property stays with the bank"),
    "last_player": N_("the last player not bankrupt wins"),
    "bankruptcies": N_("at the n-th bankruptcy; the richest wins"),
    "time_limit": N_("when time is called; the richest wins"),
    "turn_limit": N_("after a number of turns; the richest wins"),
    "target_worth": N_("the first to reach a net worth wins"),
}

PRESET_TITLES: Final[dict[str, str]] = {
    "classic": N_("Classic rules"),
    "czech": N_("Older Czech rules"),
    "short": N_("Short game"),
    "timed": N_("Time-limited game"),
    "tournament": N_("Czech championship tournament rules"),
    "house": N_("House rules"),
}

# one line about each preset: what it changes, for the lobby and the page's help
PRESET_ABOUT: Final[dict[str, str]] = {
    "classic": N_("The rules as printed: unsold property is auctioned; the last player "
                  "not bankrupt wins."),
    "czech": N_("Salary already on the start square, income tax a flat sum or 10 %, building "
                "only where you land; ends at the 2nd bankruptcy."),
    "short": N_("Two paid title deeds dealt at the start, a hotel after 3 houses; ends at "
                "the 2nd bankruptcy, the richest wins."),
    "timed": N_("Two paid title deeds dealt at the start; when the 60 minutes are up, the "
                "richest wins."),
    "tournament": N_("Three free title deeds, sealed bids, 30-second negotiations; after 45 "
                     "minutes the richest wins."),
    "house": N_("Popular house rules: a Free Parking pot, loans between players, no rent "
                "for an owner in jail, no buying on the first lap."),
}

# the sections of docs/rules.md the options come from, by the number option_section gives
SECTION_TITLES: Final[dict[str, str]] = {
    "1": N_("Setup"),
    "2": N_("A turn"),
    "3": N_("Buying and auctions"),
    "4": N_("Rent"),
    "5": N_("Cards"),
    "6": N_("Taxes"),
    "7": N_("Jail"),
    "8": N_("Buildings"),
    "9": N_("Money trouble, trades, bankruptcy"),
    "9a": N_("Money trouble, trades, bankruptcy"),
    "11": N_("End of the game"),
}

_MONEY_OPTIONS: Final = frozenset(
    {"starting_cash", "go_salary", "jail_card_max_price", "income_tax", "luxury_tax",
     "jail_fine", "target_worth"}
)


def _value(t: Translator, name: str, value: Any, currency: str) -> str:
    if isinstance(value, bool):
        return t.gettext("yes") if value else t.gettext("no")
    if value is None:
        if name in ("income_tax", "luxury_tax"):
            return t.gettext("as printed on the board")
        return t.gettext("none")
    if isinstance(value, str):
        return t.gettext(CHOICES.get(value, value))
    if name in _MONEY_OPTIONS:
        return t.money(int(value), currency)
    return t.number(int(value))


def describe(rules: RuleSet, lang: str = "en", currency: str = "$") -> list[dict[str, Any]]:
    """One line per option: section, option, label, value, whether it differs from the
    classic rules, and the whole line as text in `lang`."""
    t = translation(lang)
    base = RuleSet()
    return option_lines(t, rules, base, option_names(), LABELS, option_section,
                        lambda name, value: _value(t, name, value, currency))


def preset_title(name: str, lang: str = "en") -> str:
    if name not in PRESET_OPTIONS:
        preset(name)  # raises the error naming it
    return translation(lang).gettext(PRESET_TITLES[name])


def preset_rules(name: str, rules: RuleSet, lang: str = "en",
                 currency: str = "$") -> dict[str, Any]:
    """The rules of the preset `name` in words: its title and :func:`describe`'s lines of
    `rules` (the preset, perhaps with options set on top); what ``monopoly rules --json``
    writes and the page's help shows (``GET /api/rules``)."""
    return {"preset": name, "title": preset_title(name, lang), "lang": lang,
            "rules": describe(rules, lang, currency)}
