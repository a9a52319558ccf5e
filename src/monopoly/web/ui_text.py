"""The texts of the browser page itself: captions, headings, lobby labels, client errors.

The page (``web/static/app.js``) never writes a player-visible word of its own: it asks
``GET /api/ui?lang=L`` for :func:`ui_texts` and shows ``texts[key]``, filling ``{name}``
placeholders itself. Prompts, action labels and the event log are narrated by the server
(:mod:`monopoly.narration.board.prompts`, :mod:`monopoly.narration.board.narrate`); square
names come from ``/api/board``.

Every message is marked with ``N_`` for ``make i18n``; the rule options' labels, their
choice words and the presets' titles are the ones of
:mod:`monopoly.narration.board.rules_text` (keys
``option_<name>``, ``choice_<value>``, ``preset_<name>``), so they are translated once.

Example::

    >>> texts = ui_texts("en")
    >>> texts["create_room"]
    'Create a room'
    >>> texts["preset_short"]
    'Short game'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final

from monopoly.i18n import LANGUAGES, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.board.rules_text import CHOICES as RULE_CHOICES
from monopoly.narration.board.rules_text import LABELS as OPTION_LABELS
from monopoly.narration.board.rules_text import PRESET_TITLES
from monopoly.web.help_text import help_texts

__all__ = ["TEXTS", "ui_texts"]

# key -> English msgid. Placeholders in braces are filled by the page.
TEXTS: Final[Mapping[str, str]] = {
    "title": N_("Monopoly"),
    "loading": N_("Loading…"),
    # a tournament's table
    "tournament_table": N_("Tournament: round {round}, table {table}"),
    "tournament_left": N_("playing time left {time}"),
    "tournament_called": N_("time is called: finish the turn"),
    "tournament_paused": N_("the referee has paused the table"),
    "tournament_page": N_("Tournament page"),
    # connection
    "conn_online": N_("online"),
    "conn_offline": N_("offline: reconnecting…"),
    "conn_connecting": N_("connecting…"),
    # the room's chat and its quick reactions (static/chat.js)
    "chat": N_("Chat"),
    "chat_message": N_("Chat message"),
    "chat_placeholder": N_("Write to the table…"),
    "chat_send": N_("Send"),
    "chat_left": N_("{n} characters left"),
    "chat_too_long": N_("A chat message has at most {n} characters."),
    "chat_empty": N_("Nothing said yet."),
    "chat_spectator": N_("Spectators can read the chat but not write in it."),
    "chat_reactions": N_("Quick reactions"),
    "chat_reacts": N_("{player} reacts: {reaction}"),
    "reaction_thumbs_up": N_("Thumbs up"),
    "reaction_laugh": N_("Laughing"),
    "reaction_wow": N_("Surprised"),
    "reaction_sad": N_("Sad"),
    "reaction_angry": N_("Angry"),
    "reaction_party": N_("Celebration"),
    # lobby
    "create_room": N_("Create a room"),
    "nickname": N_("Your nickname"),
    "nickname_placeholder": N_("e.g. Ann"),
    "preset": N_("Rules"),
    "edition": N_("Board"),
    "seats": N_("Seats"),
    "seat_players": N_("Who plays in each seat"),
    "seat_n": N_("Seat {n}"),
    "seat_you": N_("You"),
    "seat_human": N_("A friend (invite link)"),
    "seat_free": N_("free seat"),
    # a seat played by a program over the protocol (docs/agents.md)
    "seat_agent": N_("agent"),
    "bot_level": N_("Bot ({level})"),
    # a bot's default name (the server's monopoly.web.games.BOT_NAME: the same text)
    "bot_name": N_("Bot {number} ({level})"),
    "street_names": N_("Street names"),
    "street_names_hint": N_("Every player sees these names, whatever their language."),
    "level_easy": N_("easy"),
    "level_medium": N_("medium"),
    "level_hard": N_("hard"),
    "turn_clock": N_("Turn clock"),
    "clock_off": N_("no clock"),
    "seconds": N_("{n} s"),
    "timeout_policy": N_("After three time-outs"),
    "timeout_bot": N_("a bot takes the seat"),
    "timeout_forfeit": N_("the seat forfeits"),
    "rule_options": N_("Rule options"),
    "turn_limit": N_("Turn limit (the richest wins)"),
    "option_default": N_("default"),
    "yes": N_("yes"),
    "no": N_("no"),
    "create": N_("Create the room"),
    "open_rooms": N_("Open rooms"),
    "playing_rooms": N_("Games in progress"),
    "finished_rooms": N_("Finished games"),
    "no_rooms": N_("None yet."),
    "join": N_("Join"),
    "watch": N_("Watch"),
    "score_sheet": N_("Score sheet"),
    "record": N_("Game record"),
    # waiting room
    "room": N_("Room"),
    "room_not_found": N_("This room does not exist."),
    "back_to_lobby": N_("Back to the lobby"),
    "waiting_for_start": N_("Waiting for the host to start the game."),
    "connecting_game": N_("Connecting to the game…"),
    "invite_link": N_("Invite link: send it to your friends"),
    "copy": N_("Copy"),
    "copied": N_("The link is copied."),
    "connected": N_("connected"),
    "kick": N_("Remove"),
    "confirm_kick": N_("Remove {player} from the game? A bot takes the seat."),
    "start_game": N_("Start the game"),
    "free_seats_note": N_("Seats still free when the game starts are taken by bots."),
    "spectator_note": N_("Without a seat you watch the game as a spectator."),
    "you": N_("you"),
    "seat_lost": N_("You no longer have a seat in this room: you are watching."),
    # the seat link: the player's own seat, taken up again on another device
    "seat_link": N_("Your seat link (to play on another device)"),
    "seat_link_note": N_("Open this link on your phone or another computer to go on playing "
                         "your seat there."),
    "seat_link_warning": N_("Whoever has this link plays your seat: send it to nobody else."),
    "copy_seat_link": N_("Copy my seat link"),
    "seat_link_select": N_("The link is selected: copy it with Ctrl+C (on a phone: hold it, "
                           "then Copy)."),
    "room_expired": N_("This room was closed: nobody had been in it for too long."),
    # the game
    "log": N_("What happened"),
    "log_empty": N_("Nothing yet."),
    "turn_n": N_("Turn {n}"),
    "pot": N_("Free Parking pot: {amount}"),
    "bank_buildings": N_("In the bank: houses {houses}, hotels {hotels}"),
    "spectating": N_("You are watching. "),
    "waiting_for": N_("Waiting for {player}."),
    "waiting_sealed": N_("Waiting for the sealed bids."),
    "clock_left": N_("{player}: {seconds} s left"),
    "clock_left_you": N_("Your time: {seconds} s left"),
    "price": N_("Price"),
    "house_cost": N_("House cost"),
    "owner": N_("Owner"),
    "rent_base": N_("Rent"),
    "rent_houses": N_("Rent with houses: {n}"),
    "rent_hotel": N_("Rent with a hotel"),
    "rent_railroads": N_("Railroads owned: {n}"),
    "mortgaged": N_("mortgaged"),
    "hotel": N_("hotel"),
    # TRANSLATORS: the one-letter mark of a hotel on a player's card (a deed with a hotel)
    "hotel_mark": N_("H"),
    "houses_n": N_("houses: {n}"),
    "in_jail": N_("in jail"),
    "bankrupt": N_("bankrupt"),
    "offline": N_("offline"),
    "net_worth": N_("Net worth {amount}"),
    "owes": N_("owes {amount}"),
    "on_square": N_("on {square}"),
    "loan_owed": N_("owes {player} a loan of {amount}"),
    "cash": N_("Cash"),
    "nothing": N_("nothing"),
    "nobody": N_("nobody yet"),
    "jail_card_from": N_("Get Out of Jail Free ({deck})"),
    "iou": N_("an IOU for {amount}"),
    "deck_chance": N_("Chance"),
    "deck_community_chest": N_("Community Chest"),
    # auctions
    "auction_of": N_("Auction: {lot}"),
    "lot_house": N_("a house"),
    "lot_hotel": N_("a hotel"),
    "lot_property": N_("a property"),
    "high_bid": N_("High bid: {amount} ({player})"),
    "no_bids": N_("No bids yet."),
    "bidders": N_("Still bidding: {players}"),
    "sealed_auction": N_("Sealed bids: nobody sees the others' bids until all are in."),
    "sealed_submitted": N_("Bids handed in: {players}"),
    "bid": N_("Bid"),
    "hand_in_bid": N_("Hand in my bid"),
    "bid_bounds": N_("from {low} to {high}"),
    # trades
    "trade_offer": N_("Trade offer: {from} → {to}"),
    "offer_gives": N_("{player} gives"),
    "tool_trade": N_("Propose a trade"),
    "counter_offer": N_("Counter-offer"),
    "trade_with": N_("Trade with"),
    "you_give": N_("You give"),
    "you_get": N_("You get from {player}"),
    "trade_has_cash": N_("has {amount}"),
    "strip_label": N_("The squares around your token"),
    # the top bar's switches
    "motion_on": N_("Animations are on (click to turn them off)"),
    "motion_off": N_("Animations are off (click to turn them on)"),
    "sound_on": N_("Sounds are on (click to mute)"),
    "sound_off": N_("Sounds are off (click to turn them on)"),
    "trade_cash_over": N_("{player} has only {amount}."),
    "trade_cash_over_you": N_("You have only {amount}."),
    "trade_cash_whole": N_("Enter a whole amount, 0 or more."),
    "trade_completes_group": N_("This trade completes the {group} group for {player}."),
    "group_complete": N_("complete group"),
    "offer_rejected": N_("{player} rejected your offer."),
    "offer_accepted": N_("{player} accepted your offer."),
    "offer_countered": N_("{player} answered your offer with a counter-offer."),
    "no_properties": N_("no properties"),
    "send_offer": N_("Send the offer"),
    "send_counter": N_("Send the counter-offer"),
    # buildings, mortgages, debts, loans
    "tool_build": N_("Houses and hotels"),
    "tool_build_note": N_("Only what the rules allow now is offered (even building)."),
    "tool_mortgage": N_("Mortgages"),
    "tool_mortgage_note": N_("Mortgage a property for half its price; lifting costs 10 % more."),
    "tool_raise": N_("Raise funds"),
    "tool_raise_note": N_("Choose what to sell and mortgage at once."),
    "mortgage_square": N_("Mortgage {square}"),
    "raise_submit": N_("Sell and mortgage"),
    "tool_loans": N_("Loans"),
    "repay": N_("Repay"),
    "resign": N_("Leave the game"),
    "confirm_resign": N_("Really leave the game? Everything you own goes away."),
    # game over
    "game_over": N_("Game over"),
    "winner_is": N_("{player} wins!"),
    "seed_revealed": N_("Dice seed, revealed: {seed}"),
    # Monopoly Deal: the seed shuffles the deck (there are no dice)
    "seed_revealed_deal": N_("Shuffle seed, revealed: {seed}"),
    "seed_ok_deal": N_("✓ It matches the hash published at the start: the shuffle was fair."),
    "seed_hash": N_("Fair dice: the hash of the secret seed, revealed at the end: {hash}"),
    "seed_ok": N_("✓ It matches the hash published at the start: the dice were fair."),
    "seed_bad": N_("✗ It does not match the hash published at the start!"),
    # the replay viewer of a finished game
    "replay": N_("Replay"),
    "replay_first": N_("To the start"),
    "replay_prev_turn": N_("One turn back"),
    "replay_prev": N_("One action back"),
    "replay_next": N_("Next action"),
    "replay_next_turn": N_("Next turn"),
    "replay_last": N_("To the end"),
    "replay_step": N_("Action {n} of {total}"),
    "replay_start": N_("The start of the game, before the first action."),
    # the post-game summary of a finished board game (static/postgame.js)
    "postgame_title": N_("How the game went"),
    "postgame_chart": N_("Net worth after each turn"),
    "postgame_turn": N_("Turn"),
    "postgame_player": N_("Player"),
    "postgame_rents": N_("Rent"),
    "postgame_rent_received": N_("Received"),
    "postgame_rent_paid": N_("Paid"),
    "postgame_dice": N_("Dice"),
    "postgame_throws": N_("Throws"),
    "postgame_doubles": N_("Doubles (expected)"),
    "postgame_of_expected": N_("{n} ({expected})"),
    "postgame_mean_throw": N_("Average throw (expected)"),
    "postgame_rent_luck": N_("Rent luck"),
    "postgame_lucky": N_("lucky by {amount}"),
    "postgame_unlucky": N_("unlucky by {amount}"),
    "postgame_even": N_("as expected"),
    "postgame_luck_note": N_(
        "Rent luck: the rent each player's throws were expected to cost, from the exact odds"
        " of the dice and the cards on the squares they stood on and who owned what at the"
        " time, less the rent they really owed."
    ),
    "postgame_error": N_("The summary of the game could not be loaded: {message}"),
    # errors shown by the page
    "error_offline": N_("Not connected to the server: wait a moment."),
    "error_load": N_("Could not load the list."),
    "error_create": N_("The room could not be created: {message}"),
    "error_join": N_("Could not join: {message}"),
    "error_start": N_("Could not start: {message}"),
    "error_bid_range": N_("A bid must be from {low} to {high}."),
    "error_empty_trade": N_("Put something on at least one side of the trade."),
    # Monopoly Deal rooms
    "game": N_("Game"),
    "game_board": N_("Monopoly (the board game)"),
    "game_deal": N_("Monopoly Deal (the card game)"),
    "deal_preset_official": N_("Official rules"),
    "deal_preset_quick": N_("Quick game: one full set wins"),
    "deal_preset_simulation": N_("Simulation rules"),
    "deal_hand": N_("Your hand"),
    "deal_hand_of": N_("{n} cards in hand"),
    "deal_replay_hand": N_("In hand"),  # the replay of a finished game: every seat's hand
    "deal_bank": N_("Bank: {amount}"),
    "deal_sets": N_("Full sets: {n} of {goal}"),
    "deal_worth": N_("On the table: {amount}"),
    "deal_draw_pile": N_("Draw pile: {n} cards"),
    "deal_discard_pile": N_("Discard pile"),
    "deal_discard_empty": N_("The discard pile is empty."),
    "deal_rent": N_("rent {amount}"),
    "deal_full": N_("full set"),
    "deal_choose_card": N_("Choose a card of your hand to play it."),
    "deal_card_plays": N_("Play {card}"),
    "deal_move_wilds": N_("Move your wildcards"),
    "deal_pay_title": N_("Pay {amount}: choose the cards from your table"),
    "deal_pay_total": N_("Chosen: {amount}"),
    "deal_pay_submit": N_("Pay with these cards"),
    "deal_pay_short": N_("Choose cards worth at least {amount}, or all of them."),
    "deal_discard_title": N_("Discard {n} cards"),
    "deal_discard_submit": N_("Discard these cards"),
    "deal_discard_count": N_("Choose exactly {n} cards."),
    "deal_results": N_("Results: the winner, then by the value of bank and properties"),
    "deal_no_cards": N_("no cards"),
    "deal_millions": N_("{n}M"),
    "deal_on_turn": N_("On turn"),  # the mark of the table whose turn it is
    "deal_answering": N_("Answering"),  # the mark of a table answering an action
    "deal_cancel_card": N_("Choose another card"),  # puts the chosen card back in the hand
}

@cache
def _texts(lang: str) -> Mapping[str, str]:
    t = translation(lang)
    out = {key: t.gettext(msgid) for key, msgid in TEXTS.items()}
    out.update({f"option_{name}": t.gettext(msgid) for name, msgid in OPTION_LABELS.items()})
    out.update({f"choice_{value}": t.gettext(msgid) for value, msgid in RULE_CHOICES.items()})
    out.update({f"preset_{name}": t.gettext(msgid) for name, msgid in PRESET_TITLES.items()})
    out.update(help_texts(t))  # the help dialog's texts, the presets' descriptions
    return out


def ui_texts(lang: str) -> dict[str, str]:
    """Every text of the page in ``lang`` (en, cs or ru), by key.

    Raises :class:`~monopoly.i18n.UnknownLanguageError` for another language."""
    if lang not in LANGUAGES:
        translation(lang)  # raises UnknownLanguageError
    return dict(_texts(lang))
