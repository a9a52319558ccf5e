"""Monopoly Deal's rule set in words: every option of a preset, readable, in the player's
language (the Deal's side of :mod:`monopoly.narration.board.rules_text`).

The option names and sections come from :class:`~monopoly.deal.options.DealRules`
(docs/deal-rules.md); the labels and the words for values go through the catalogs. The
page's help shows them (``GET /api/rules?game=deal``).

Example::

    >>> lines = describe(deal_preset("quick"), "en")
    >>> [line["text"] for line in lines if line["option"] == "sets_to_win"]
    ['Full sets of different colours that win: 1']
    >>> preset_rules("quick", deal_preset("quick"), "en")["title"]
    'Quick game: one full set wins'
"""

from __future__ import annotations

from typing import Any, Final

from monopoly.deal.options import (
    PRESET_OPTIONS,
    DealRules,
    deal_preset,
    option_names,
    option_section,
)
from monopoly.i18n import Translator, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.rules_lines import option_lines

__all__ = [
    "CHOICES", "LABELS", "PRESET_ABOUT", "PRESET_TITLES", "SECTION_TITLES", "deal_preset",
    "describe", "preset_rules", "preset_title",
]

# One label per option, in the order of the rule set.
LABELS: Final[dict[str, str]] = {
    "deal_size": N_("Cards dealt to each player at the start"),
    "draw_per_turn": N_("Cards drawn at the start of a turn"),
    "draw_when_empty": N_("Cards drawn at the start of a turn with an empty hand"),
    "plays_per_turn": N_("Most cards played in a turn"),
    "hand_limit": N_("Most cards in hand at the end of a turn"),
    "pass_go_draw": N_("Cards drawn with Pass Go"),
    "discard_to": N_("Cards over the hand limit go"),
    "first_player": N_("Who starts"),
    "received_buildings": N_("A house or hotel received in a payment"),
    "buildings_on_broken_set": N_("The house and hotel of a set that is no longer full"),
    "jsn_uses_play": N_("A Just Say No played by the player on turn uses one of their plays"),
    "stack_double_rent": N_("Several Double The Rent cards on one rent card, each doubling"),
    "deal_breaker_takes_extras": N_("A Deal Breaker also takes the cards beyond the full set"),
    "ask_without_choice": N_("A player is asked even with no choice (the pause hides the hand)"),
    "sets_to_win": N_("Full sets of different colours that win"),
    "win_on_owner_turn_only": N_("A player wins only on their own turn"),
    "reshuffle_discard": N_("An empty draw pile is refilled from the shuffled discard pile"),
    "turn_cap": N_("Turns before the game ends as a draw"),
}

# the words for the values of the options that are choices
CHOICES: Final[dict[str, str]] = {
    "draw_bottom": N_("under the draw pile"),
    "discard_pile": N_("onto the discard pile"),
    "first_seat": N_("the first seat"),
    "random": N_("drawn at random"),
    "place": N_("onto a full set that can hold it, else into the bank"),
    "bank": N_("into the bank as money"),
    "to_bank": N_("into the owner's bank as money"),
    "discard": N_("onto the discard pile"),
}

# the same messages as the lobby's keys deal_preset_<name> (monopoly.web.ui_text)
PRESET_TITLES: Final[dict[str, str]] = {
    "official": N_("Official rules"),
    "quick": N_("Quick game: one full set wins"),
    "simulation": N_("Simulation rules"),
}

# one line about each preset, for the lobby and the page's help
PRESET_ABOUT: Final[dict[str, str]] = {
    "official": N_("The rules as printed: the first to hold 3 full sets of different "
                   "colours wins."),
    "quick": N_("A short game: the first full set wins."),
    "simulation": N_("For trials of bots: nobody is asked without a choice, and after 400 "
                     "turns the game ends as a draw."),
}

# the sections of docs/deal-rules.md the options come from
SECTION_TITLES: Final[dict[str, str]] = {
    "Turn": N_("A turn"),
    "Deck": N_("The deck"),
    "Paying": N_("Paying"),
    "Actions": N_("Action cards"),
    "End": N_("End of the game"),
}


def _value(t: Translator, name: str, value: Any) -> str:
    if isinstance(value, bool):
        return t.gettext("yes") if value else t.gettext("no")
    if isinstance(value, str):
        return t.gettext(CHOICES.get(value, value))
    if name == "turn_cap" and value == 0:
        return t.gettext("none")
    return t.number(int(value))


def describe(rules: DealRules, lang: str = "en") -> list[dict[str, Any]]:
    """One line per option: section, option, label, value, whether it differs from the
    official rules, and the whole line as text in `lang`."""
    t = translation(lang)
    base = DealRules()
    return option_lines(t, rules, base, option_names(), LABELS, option_section,
                        lambda name, value: _value(t, name, value))


def preset_title(name: str, lang: str = "en") -> str:
    if name not in PRESET_OPTIONS:
        deal_preset(name)  # raises the error naming it
    return translation(lang).gettext(PRESET_TITLES[name])


def preset_rules(name: str, rules: DealRules, lang: str = "en") -> dict[str, Any]:
    """The rules of the preset `name` in words: its title and :func:`describe`'s lines of
    `rules` (the preset, perhaps with options set on top)."""
    return {"preset": name, "title": preset_title(name, lang), "lang": lang,
            "rules": describe(rules, lang)}
