"""The texts of the page's help (``web/static/help.js``) and the one-line descriptions of the
presets the lobby shows under its choice of rules.

They are keys of the page's texts (:func:`monopoly.web.ui_text.ui_texts`, ``GET /api/ui``):
``help_*`` and ``key_*`` for the help dialog, ``preset_about_<name>`` and
``deal_preset_about_<name>`` for the presets of the board game and of Monopoly Deal (the
descriptions themselves live beside the presets' titles, in
:mod:`monopoly.narration.board.rules_text` and :mod:`monopoly.narration.deal.rules_text`).

Example::

    >>> from monopoly.i18n import translation
    >>> texts = help_texts(translation("en"))
    >>> texts["help"]
    'Help'
    >>> texts["deal_preset_about_quick"]
    'A short game: the first full set wins.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from monopoly.i18n import Translator
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.board.rules_text import PRESET_ABOUT
from monopoly.narration.deal.rules_text import PRESET_ABOUT as DEAL_PRESET_ABOUT

__all__ = ["HELP_TEXTS", "help_texts"]

# key -> English msgid
HELP_TEXTS: Final[Mapping[str, str]] = {
    "help": N_("Help"),
    "help_button": N_("Help: the rules, the keys and the controls (key ?)"),
    "help_close": N_("Close the help"),
    "help_rules": N_("The rules of this room"),
    "help_rules_error": N_("The rules could not be loaded: {message}"),
    "help_changed_board": N_("What differs from the classic rules"),
    "help_changed_deal": N_("What differs from the official rules"),
    "help_changed": N_("changed"),
    "help_all_rules": N_("All the rules ({n})"),
    "help_presets": N_("The rule presets"),
    "help_presets_note": N_("A room is created with a preset; its rule options change single "
                            "rules of it. In a room, this help shows the room's own rules."),
    # the keys of the page
    "help_keys": N_("Keys"),
    "help_key_help": N_("Open this help (not while typing in a field)"),
    # TRANSLATORS: the names of keys on the keyboard, as printed on them where they are
    "key_esc": N_("Esc"),
    "help_key_esc": N_("Close this help"),
    "key_tab": N_("Tab, Shift+Tab"),
    "help_key_tab": N_("Go to the next or the previous control"),
    "key_enter": N_("Enter, Space"),
    "help_key_enter": N_("Press the control in focus; Enter also sends a chat message"),
    "help_key_arrows": N_("The replay of a game: one action back or on"),
    "key_pages": N_("PageUp, PageDown"),
    "help_key_pages": N_("The replay of a game: one turn back or on"),
    "key_home_end": N_("Home, End"),
    "help_key_home_end": N_("The replay of a game: to the start or to the end"),
    # what the controls mean
    "help_controls": N_("The controls"),
    "help_langs": N_("The language of the page; a game goes on in the new language."),
    "help_conn": N_("The connection to the server; when it drops, the page connects again "
                    "by itself."),
    "help_create": N_("Choose the game, its rules and who plays in each seat; then send the "
                      "invite link to your friends."),
    "help_preset": N_("A preset: a whole set of rules at once, described under the choice."),
    "help_rule_options": N_("Single rules changed on top of the preset; folded away until "
                            "you open them."),
    "help_turn_clock": N_("Seconds for each decision; after three time-outs a bot takes the "
                          "seat or the seat forfeits."),
    "help_join": N_("Join takes a free seat of an open room; Watch shows a game without a "
                    "seat."),
    "help_prompt_term": N_("The question and its buttons"),
    "help_prompt": N_("What the game asks now: the buttons are exactly what the rules allow "
                      "at this moment."),
    "help_trade": N_("Offer money, properties and cards to another player, who accepts, "
                     "rejects or makes a counter-offer."),
    "help_loans": N_("Money lent between players (house rules): who owes whom, and "
                     "repaying it."),
    "help_square_term": N_("A square of the board"),
    "help_square": N_("Click it to see its price, rents and owner."),
    "help_log": N_("Everything that has happened in the game, the newest last."),
    "help_chat": N_("Messages and quick reactions to the table; spectators only read."),
    "help_resign": N_("Give up the game: everything you own goes away."),
    "help_deal_hand": N_("Choose a card to see how it can be played: into the bank, as a "
                         "property or for its action."),
    "help_deal_wilds": N_("Turn a wildcard on your table to another of its colours; it uses "
                          "none of your plays."),
    "help_deal_pay": N_("When you owe, choose cards from your table worth the debt; no "
                        "change is given."),
    "help_deal_discard": N_("Over the hand limit at the end of your turn, you discard down "
                            "to it."),
}


def help_texts(t: Translator) -> dict[str, str]:
    """The help's texts and the presets' descriptions in the language of `t`, by key."""
    out = {key: t.gettext(msgid) for key, msgid in HELP_TEXTS.items()}
    out.update({f"preset_about_{name}": t.gettext(msgid) for name, msgid in PRESET_ABOUT.items()})
    out.update({f"deal_preset_about_{name}": t.gettext(msgid)
                for name, msgid in DEAL_PRESET_ABOUT.items()})
    return out
