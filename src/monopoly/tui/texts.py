"""Every text of the terminal game that is its own (the game's texts, labels and prompts
come with the state messages, already in the player's language), marked for the
catalogs: ``tr(lang, "key", **params)``."""

from __future__ import annotations

from typing import Final

from monopoly.i18n import gettext_noop as N_
from monopoly.i18n import translation

__all__ = ["TEXTS", "tr"]

TEXTS: Final[dict[str, str]] = {
    # the panels
    "you": N_("You"),
    "players": N_("Players"),
    "choices": N_("Your choices"),
    "hand": N_("Your hand"),
    "log": N_("What happened"),
    "turn": N_("Turn {turn}: {player}"),
    "dice": N_("Dice: {d1} + {d2}"),
    "houses_left": N_("Bank: {houses} houses, {hotels} hotels"),
    "waiting_for": N_("Waiting for {names}…"),
    "watching": N_("You are watching this game."),
    "in_jail": N_("in jail"),
    "out": N_("out"),
    "deal_table": N_("hand {hand} · bank {bank} ({cards}) · full sets {sets}/{need}"),
    "house": N_("house"),
    "hotel": N_("hotel"),
    "draw_pile": N_("Draw pile: {n} · plays left: {plays}"),
    "game_over": N_("The game is over."),
    "winner": N_("{name} wins."),
    "no_winner": N_("The game ended without a winner."),
    "ranking": N_("{place}. {name}: {worth}"),
    # the keys (the footer and the help)
    "key_choose": N_("Choose"),
    "key_help": N_("Help"),
    "key_log": N_("Log"),
    "key_save": N_("Save"),
    "key_quit": N_("Quit"),
    "key_next": N_("Next"),
    "key_back": N_("Back"),
    "key_next_turn": N_("Next turn"),
    "key_back_turn": N_("Previous turn"),
    "key_first": N_("First action"),
    "key_last": N_("Last action"),
    "key_close": N_("Close"),
    "key_submit": N_("Send"),
    "key_cancel": N_("Cancel"),
    "help_title": N_("Help: the keys and the rules"),
    "help_keys": N_(
        "1-9: take that choice · arrows and Enter: take the highlighted one · "
        "?: this help · l: the whole log · s: save the game · q: quit (a game at this "
        "keyboard is saved first) · Esc: close a window"),
    "help_replay": N_(
        "Right or n: the next action · Left or p: the one before · Page Down / Page Up: "
        "the next or previous turn · Home / End: the start and the end · q: quit"),
    "unknown_key": N_("The key “{key}” does nothing here: press ? for the keys."),
    "too_small": N_(
        "The terminal is {width}×{height}; the game needs at least {min_width}×"
        "{min_height}. Make the window larger: nothing is lost meanwhile."),
    "saved": N_("Saved to {path}."),
    "save_failed": N_("Could not save to {path}: {reason}"),
    "not_saved_remote": N_("A game of the server is kept by the server: nothing to save."),
    "resumed": N_("The game is resumed where it was saved ({n} actions)."),
    "pass_to": N_("Pass the keyboard to {name}. Press Enter when {name} is ready."),
    "refused": N_("Refused: {reason}"),
    "clock_left": N_("Time left for {name}: {seconds} s"),
    # forms
    "amount_range": N_("An amount from {low} to {high}."),
    "amount_bad": N_("Write a whole number from {low} to {high}."),
    "trade_with": N_("Trade with"),
    "you_give": N_("You give"),
    "you_get": N_("You get"),
    "cash": N_("Cash"),
    "jail_card": N_("Get Out of Jail Free card ({deck})"),
    "trade_empty": N_("A trade needs something on at least one side."),
    "cash_bad": N_("Cash is a whole number of 0 or more."),
    "raise_title": N_("Sell and mortgage to raise funds"),
    "sell_group": N_("Sell every building of {group}"),
    "mortgage": N_("Mortgage {name}"),
    "raise_empty": N_("Choose at least one sale or mortgage."),
    "cards_pay": N_("Pay {amount}: choose the cards (chosen: {total})"),
    "cards_discard": N_("Discard {count}: choose the cards (chosen: {chosen})"),
    "cards_count": N_("Choose exactly {count} cards."),
    "replay_title": N_("Replay: action {step} of {steps}"),
    "replay_start": N_("The board before the first action."),
    # the connection to a server
    "connecting": N_("Connecting to {url}…"),
    "connection_lost": N_("The connection to the server was lost; trying again…"),
    "connection_back": N_("Connected again."),
    "connection_failed": N_("Cannot reach the server at {url}: {reason}"),
}


def tr(lang: str, key: str, /, **params: object) -> str:
    """The text `key` in `lang`, its placeholders filled in."""
    text = translation(lang).gettext(TEXTS[key])
    return text.format(**params) if params else text
