"""Prompts and action labels (every text a player reads, in en, cs and ru): for
each kind of decision, the pending seat's prompt and a label for every legal entry, in
the three languages, with the edition's names and money; and a sweep of random play."""

from __future__ import annotations

import pytest

from monopoly.board import actions as A
from monopoly.board.game import TABLE, Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.testing import give, new_game, set_levels, stack_deck
from monopoly.board.testing import roll_from as _roll_to
from monopoly.board.testing import set_cash as _set_cash
from monopoly.board.view import SeatView
from monopoly.bots.board.random_bot import RandomBot
from monopoly.i18n import LANGUAGES, UnknownLanguageError, translation
from monopoly.narration.board import prompts
from monopoly.narration.board.prompts import label, labels, prompt

BOARDWALK = 39
PARK_PLACE = 37
CONNECTICUT = 9
MEDITERRANEAN = 1
BALTIC = 3
NBSP = "\xa0"






def _money(amount: int, lang: str, currency: str = "$") -> str:
    return translation(lang).money(amount, currency)


def _labels(g: Game, seat: int) -> dict[str, list[str]]:
    """The labels of every legal entry of `seat` in en, cs, ru, checked: none empty,
    distinct within a language, and different between the languages."""
    out = {lang: [text for _, text in labels(g.seat_view(seat), lang)] for lang in LANGUAGES}
    entries = g.legal_actions(seat)
    for lang, texts in out.items():
        assert len(texts) == len(entries)
        assert all(t.strip() for t in texts), (lang, texts)
        assert len(set(texts)) == len(texts), (lang, texts)
        assert texts == [label(g.seat_view(seat), e, lang) for e in entries]
    for en, cs, ru in zip(out["en"], out["cs"], out["ru"], strict=True):
        assert len({en, cs, ru}) == 3, (en, cs, ru)
    return out


def _prompts(g: Game, seat: int) -> dict[str, str]:
    """The prompt for `seat` in en, cs, ru: present, non-empty, different per language."""
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        text = prompt(g.seat_view(seat), lang)
        assert text is not None and text.strip(), lang
        out[lang] = text
    assert len(set(out.values())) == 3, out
    return out


def _no_prompt(g: Game, *seats: int) -> None:
    for seat in seats:
        for lang in LANGUAGES:
            assert prompt(g.seat_view(seat), lang) is None, (seat, lang)


# --------------------------------------------------------------------------- the turn


def test_turn_start() -> None:
    g = new_game(3)
    assert _prompts(g, 0)["en"] == "Your turn: roll the dice."
    got = _labels(g, 0)
    assert got["en"] == [
        "Roll the dice",
        "Propose a trade",
        "Leave the game: everything goes to the bank",
    ]
    assert got["cs"][0] == "Hodit kostkami"
    assert got["ru"][0] == "Бросить кубики"
    _no_prompt(g, 1, 2)


def test_rolled_doubles_roll_again() -> None:
    g = new_game(3)
    _roll_to(g, 0, 0, 2, 2)  # income tax (flat 200), then another roll
    assert _prompts(g, 0)["en"] == "You rolled doubles: roll again."
    assert _labels(g, 0)["en"][0] == "Roll again"


def test_after_the_roll_end_the_turn() -> None:
    g = new_game(3)
    _roll_to(g, 0, 0, 1, 3)  # income tax, paid at once
    assert "end the turn" in _prompts(g, 0)["en"]
    got = _labels(g, 0)
    assert got["en"][0] == "End the turn"
    assert got["cs"][0] == "Ukončit tah"
    assert got["ru"][0] == "Завершить ход"


def test_time_called_after_the_roll() -> None:
    g = new_game(3, end="time_limit", time_limit_minutes=45)
    _roll_to(g, 0, 0, 1, 3)
    g.apply(TABLE, "time")
    assert _prompts(g, 0)["en"] == "Time is called: end the turn to finish the game."


# --------------------------------------------------------------------------- buying


def _on_boardwalk(players: int = 3, **rules: object) -> Game:
    g = new_game(players, **rules)
    _roll_to(g, 0, 35, 1, 3)
    assert g.buy_square == BOARDWALK
    return g


def test_buy_or_decline_names_the_square_and_price() -> None:
    g = _on_boardwalk()
    got = _labels(g, 0)
    ru_name = g.edition.squares[BOARDWALK].names["ru"]
    assert got["en"][:2] == ["Buy Boardwalk for $400", "Decline: the bank auctions it"]
    assert got["cs"][0] == f"Koupit pole Boardwalk za 400{NBSP}$"
    assert ru_name in got["ru"][0] and _money(400, "ru") in got["ru"][0]
    texts = _prompts(g, 0)
    assert texts["en"] == "Buy Boardwalk for $400 or decline it?"
    assert ru_name in texts["ru"]
    _no_prompt(g, 1, 2)


def test_decline_without_auctions_keeps_it_with_the_bank() -> None:
    g = _on_boardwalk(auction="none")
    assert _labels(g, 0)["en"][1] == "Decline: it stays with the bank"


def test_cannot_afford_the_property() -> None:
    g = new_game(3)
    _set_cash(g, 0, 100)
    _roll_to(g, 0, 35, 1, 3)
    got = _labels(g, 0)
    assert got["en"][0] == "Decline: the bank auctions it"
    assert not any(t.startswith("Buy") for t in got["en"])
    assert _prompts(g, 0)["en"] == (
        "Boardwalk costs $400, more than your cash: raise the money or decline it."
    )


# --------------------------------------------------------------------------- auctions


def test_open_auction() -> None:
    g = _on_boardwalk()
    g.apply(0, "decline")
    assert g.pending == 1
    assert _prompts(g, 1)["en"] == "Auction of Boardwalk: no bids yet. Your bid?"
    assert _labels(g, 1)["en"][:2] == ["Bid $1–$1,500", "Pass"]
    g.apply(1, "bid 120")
    texts = _prompts(g, 2)
    assert texts["en"] == "Auction of Boardwalk: the high bid is $120 (p1). Your bid?"
    assert _money(120, "cs") in texts["cs"] and "p1" in texts["ru"]
    got = _labels(g, 2)
    assert got["en"][:2] == ["Bid $121–$1,500", "Pass"]
    assert got["cs"][:2] == [f"Přihodit 121{NBSP}$ až 1{NBSP}500{NBSP}$", "Pas"]
    assert got["ru"][1] == "Пас"
    _no_prompt(g, 0, 1)


def test_open_auction_cannot_outbid() -> None:
    g = _on_boardwalk()
    _set_cash(g, 2, 100)
    g.apply(0, "decline")
    g.apply(1, "bid 120")
    assert _prompts(g, 2)["en"] == (
        "Auction of Boardwalk: the high bid is $120 (p1), more than you can pay: pass."
    )
    assert _labels(g, 2)["en"][0] == "Pass"


def _sealed_on_connecticut(players: int = 3) -> Game:
    g = new_game(players, auction="sealed")
    _roll_to(g, 0, 0, 4, 5)
    assert g.buy_square == CONNECTICUT
    g.apply(0, "decline")
    return g


def test_sealed_auction_never_tells_another_seat_s_bid() -> None:
    g = _sealed_on_connecticut()
    g.apply(1, "bid 117")
    for seat in (0, 2):
        texts = _prompts(g, seat)
        assert texts["en"] == "Sealed auction of Connecticut Avenue: hand in your hidden bid."
        for lang, text in texts.items():
            assert "117" not in text and _money(117, lang) not in text
        got = _labels(g, seat)
        for lang, texts_ in got.items():
            assert not any("117" in t for t in texts_), lang
        assert got["en"][:2] == ["Hand in a sealed bid ($1–$1,500)", "Pass: no bid"]
    _no_prompt(g, 1)  # its bid is in: nothing is asked of it


def test_sealed_auction_repeated_after_a_tie() -> None:
    g = _sealed_on_connecticut()
    g.apply(0, "bid 80")
    g.apply(1, "bid 80")
    g.apply(2, "bid 10")
    for seat in g.pending_seats():
        text = _prompts(g, seat)["en"]
        assert "repeated after a tie" in text and "80" not in text


# --------------------------------------------------------------------------- jail


def _jail(g: Game, seat: int) -> None:
    g.players[seat].position = g.t.jail
    g.players[seat].in_jail = True


def _with_jail_card(g: Game, seat: int) -> None:
    d = g.t.deck_keys.index("chance")
    idx = g.t.card_keys[d].index("chance_get_out_of_jail_free")
    g.decks[d].remove(idx)
    g.players[seat].jail_cards.append((d, idx))


def test_in_jail_with_fine_and_card() -> None:
    g = new_game(3)
    _jail(g, 0)
    _with_jail_card(g, 0)
    texts = _prompts(g, 0)
    assert texts["en"] == "You are in jail: pay the fine, use a card or try for doubles."
    got = _labels(g, 0)
    assert got["en"][:3] == ["Try for doubles", "Pay the fine ($50)",
                             "Use a Get Out of Jail Free card"]
    assert "Propustka z vězení" in got["cs"][2] or "Propustku z vězení" in got["cs"][2]
    assert "тюрьм" in got["ru"][2]


def test_in_jail_last_try() -> None:
    g = new_game(3)
    _jail(g, 0)
    g.players[0].jail_turns = 2
    text = _prompts(g, 0)["en"]
    assert text == (
        "You are in jail: try for doubles. This is your last try: if it fails, you pay the fine."
    )
    assert A.PAY_JAIL_FINE not in g.legal_actions(0)
    _labels(g, 0)


def test_in_jail_without_a_fine() -> None:
    """docs/rules.md §7 two-player rule: jailed by a move, no fine for this stay."""
    g = new_game(2)
    _jail(g, 0)
    g.players[0].fine_waived = True
    assert _labels(g, 0)["en"][1] == "Leave jail without a fine"


# --------------------------------------------------------------------------- buildings


def test_build_sell_and_mortgage_labels() -> None:
    g = new_game(3)
    give(g, 0, PARK_PLACE, BOARDWALK)
    en = _labels(g, 0)["en"]
    assert "Build a house on Boardwalk ($200)" in en
    assert "Build a house on Park Place ($200)" in en
    assert "Mortgage Boardwalk (+$200)" in en
    assert "Mortgage Park Place (+$175)" in en
    assert "Sell and mortgage to raise funds" in en
    set_levels(g, s37=4, s39=4)
    got = _labels(g, 0)
    assert "Build a hotel on Boardwalk ($200)" in got["en"]
    assert f"Postavit hotel na poli Boardwalk (200{NBSP}$)" in got["cs"]
    assert "Sell a house on Boardwalk (+$100)" in got["en"]
    set_levels(g, s37=5, s39=5)
    got = _labels(g, 0)
    assert "Sell the hotel on Boardwalk (+$100)" in got["en"]
    ru_name = g.edition.squares[BOARDWALK].names["ru"]
    assert any(t.startswith("Продать отель") and ru_name in t for t in got["ru"])


def test_hotel_after_three_houses_in_the_short_game() -> None:
    g = Game(["a", "b"], 1, preset("short", first_player="fixed"))
    for seat in range(2):
        for sq in list(g.holdings[seat]):
            g.give_property(sq, seat, -1)
    give(g, 0, PARK_PLACE, BOARDWALK)
    set_levels(g, s37=3, s39=3)
    assert "Build a hotel on Boardwalk ($200)" in _labels(g, 0)["en"]


def test_lift_a_mortgage() -> None:
    g = new_game(3)
    give(g, 0, BOARDWALK)
    g.apply(0, "mortgage 39")
    got = _labels(g, 0)
    assert "Lift the mortgage on Boardwalk ($220)" in got["en"]
    assert f"Vyplatit zástavu pole Boardwalk (220{NBSP}$)" in got["cs"]


def test_place_a_house_won_at_auction() -> None:
    g = new_game(3)
    give(g, 0, PARK_PLACE, BOARDWALK)
    give(g, 1, MEDITERRANEAN, BALTIC)
    g.houses_left = 1
    g.apply(0, A.BUILD[PARK_PLACE])
    assert _prompts(g, 1)["en"] == "Auction of a house: the high bid is $200 (p0). Your bid?"
    _labels(g, 1)
    g.apply(1, A.Bid(210))
    g.apply(0, A.PASS_BID)
    assert g.placement == (1, "house")
    texts = _prompts(g, 1)
    assert texts["en"] == "Place the house you won at auction."
    got = _labels(g, 1)
    assert got["en"][:2] == [
        "Place the house on Mediterranean Avenue",
        "Place the house on Baltic Avenue",
    ]
    _no_prompt(g, 0, 2)


# --------------------------------------------------------------------------- trades


def test_trade_offer() -> None:
    g = new_game(3)
    give(g, 1, BOARDWALK)
    g.apply(0, "propose 1 give=$100 take=39")
    texts = _prompts(g, 1)
    assert texts["en"] == (
        "p0 offers you a trade: you get $100; you give Boardwalk. "
        "Accept, reject or make a counter-offer?"
    )
    assert g.edition.squares[BOARDWALK].names["ru"] in texts["ru"]
    got = _labels(g, 1)
    assert got["en"][:3] == ["Accept the trade", "Reject the trade", "Counter-offer"]
    _no_prompt(g, 0, 2)


def test_trade_offer_that_cannot_be_accepted() -> None:
    g = new_game(3)
    give(g, 1, BOARDWALK)
    g.apply(0, "propose 1 give=$100 take=39")
    g.give_property(BOARDWALK, 1, 2)  # the deed is gone: accepting is not legal now
    assert A.ACCEPT_TRADE not in g.legal_actions(1)
    assert "You cannot accept it now" in _prompts(g, 1)["en"]
    assert _labels(g, 1)["en"][:2] == ["Reject the trade", "Counter-offer"]


def test_received_mortgaged_deed() -> None:
    g = new_game(3)
    give(g, 1, BOARDWALK)
    g.apply(1, "mortgage 39")
    g.apply(0, "propose 1 give=$1 take=39")
    g.apply(1, "accept")
    assert g.receipts == [(0, BOARDWALK)]
    texts = _prompts(g, 0)
    assert texts["en"] == (
        "You received mortgaged Boardwalk: lift the mortgage now ($200) or keep it?"
    )
    assert _labels(g, 0)["en"][:2] == ["Lift the mortgage now ($200)", "Keep it mortgaged"]
    _no_prompt(g, 1, 2)


def test_received_mortgaged_deed_without_the_cash_to_lift_it() -> None:
    g = new_game(3)
    give(g, 1, BOARDWALK)
    g.apply(1, "mortgage 39")
    _set_cash(g, 0, 150)
    g.apply(0, "propose 1 give=$1 take=39")
    g.apply(1, "accept")
    assert "cannot lift the mortgage now ($200)" in _prompts(g, 0)["en"]
    assert _labels(g, 0)["en"][0] == "Keep it mortgaged"


def test_loans_repay_label() -> None:
    g = new_game(3, player_loans=True)
    g.apply(0, "propose 1 give=$200 take=iou:220")
    g.apply(1, "accept")
    assert A.RepayRange(0, 1, 220) in g.legal_actions(1)
    got = _labels(g, 1)
    assert "Repay p0 up to $220" in got["en"]
    assert f"Splatit hráči p0 až 220{NBSP}$" in got["cs"]
    assert f"Вернуть игроку p0 до 220{NBSP}$" in got["ru"]


# --------------------------------------------------------------------------- debts


def test_debt_to_a_player() -> None:
    g = new_game(3)
    give(g, 1, PARK_PLACE, BOARDWALK)  # the group: rent 100 on Boardwalk
    give(g, 0, MEDITERRANEAN, BALTIC)  # 50 + 30 + 30 may be raised
    _set_cash(g, 0, 50)
    _roll_to(g, 0, 35, 1, 3)
    assert g.debts and g.pending == 0
    texts = _prompts(g, 0)
    assert texts["en"] == (
        "You owe $100 to p1 and have $50: sell, mortgage or trade to raise it."
    )
    assert "hráči p1" in texts["cs"] and "игроку p1" in texts["ru"]
    got = _labels(g, 0)
    assert "Mortgage Mediterranean Avenue (+$30)" in got["en"]
    assert "Declare bankruptcy" not in got["en"]


def test_debt_beyond_what_can_be_raised() -> None:
    g = new_game(3)
    give(g, 1, PARK_PLACE, BOARDWALK)
    _set_cash(g, 0, 50)
    _roll_to(g, 0, 35, 1, 3)
    texts = _prompts(g, 0)
    assert texts["en"] == (
        "You owe $100 to p1, more than you can raise: declare bankruptcy or trade for the money."
    )
    assert _labels(g, 0)["en"][0] == "Declare bankruptcy"


def test_debt_to_the_bank() -> None:
    g = new_game(3)
    _set_cash(g, 0, 50)
    _roll_to(g, 0, 0, 1, 3)  # income tax 200
    texts = _prompts(g, 0)
    assert texts["en"].startswith("You owe $200 to the bank")
    assert "bance" in texts["cs"] and "банку" in texts["ru"]


# --------------------------------------------------------------------------- choices


def test_income_tax_choice() -> None:
    g = new_game(3, income_tax_choice=True)
    give(g, 0, PARK_PLACE, BOARDWALK)
    set_levels(g, s37=1, s39=1)
    _roll_to(g, 0, 0, 1, 3)
    texts = _prompts(g, 0)
    assert texts["en"] == (
        "Income tax: pay $200 or 10 % of your total worth? Choose before counting."
    )
    got = _labels(g, 0)
    assert got["en"][:2] == [
        "Pay the flat income tax ($200)",
        "Pay 10 % of your total worth",
    ]
    # docs/rules.md §6: chosen before the worth is counted: no label shows the amount (265)
    for lang in ("en", "cs", "ru"):
        assert not any(_money(265, lang) in text for text in got[lang])
    _no_prompt(g, 1, 2)


def _uk_on_chest() -> Game:
    g = Game(["a", "b", "c"], 1, RuleSet.from_dict({"first_player": "fixed"}), "uk")
    stack_deck(g, "community_chest", "community_chest_fine_or_chance")
    _roll_to(g, 0, 39, 1, 2)
    return g


def test_pay_a_fine_or_take_a_chance() -> None:
    g = _uk_on_chest()
    texts = _prompts(g, 0)
    assert texts["en"] == "Pay a fine of £10 or take a Chance card?"
    assert "Šance" in texts["cs"] and "Шанс" in texts["ru"]
    got = _labels(g, 0)
    assert got["en"][:2] == ["Pay the fine (£10)", "Take a Chance card"]
    assert got["cs"][1] == "Vzít kartu Šance"
    assert got["ru"][1] == "Взять карточку «Шанс»"


def test_disney_take_a_show_time_card() -> None:
    g = Game(["a", "b"], 2, RuleSet(first_player="fixed"), "disney")
    card = next(c for c in g.edition.decks["community_chest"]
                if c.effect.kind.value == "pay_or_draw")
    stack_deck(g, "community_chest", card.key)
    _roll_to(g, 0, 39, 1, 2)
    got = _labels(g, 0)
    assert got["en"][1] == "Take a Show Time card"
    assert "Show Time" in _prompts(g, 0)["en"]


# --------------------------------------------------------------------------- the end


def test_game_over() -> None:
    g = new_game(2)
    _set_cash(g, 0, 50)
    give(g, 1, PARK_PLACE, BOARDWALK)
    _roll_to(g, 0, 35, 1, 3)
    g.apply(0, "bankrupt")
    assert g.is_over
    for seat in (0, 1):
        assert _prompts(g, seat)["en"] == "The game is over: p1 wins."
    stopped = new_game(3)
    stopped.apply(TABLE, "stop")
    assert _prompts(stopped, 1)["en"] == "The game is over."


# --------------------------------------------------------------------------- concrete actions


def test_concrete_and_table_actions_have_labels() -> None:
    g = _on_boardwalk()
    g.apply(0, "decline")
    actions: list[A.LegalEntry] = [
        A.Bid(120),
        A.parse_action("propose 2 give=$100,39 take=card:chance"),
        A.parse_action("counter give=$50 take=-"),
        A.parse_action("raise sell=39:3 mortgage=5,6"),
        A.RepayLoan(2, 100),
        A.CALL_TIME,
        A.EXPIRE_OFFER,
        A.Timeout(2),
        A.STOP_GAME,
    ]
    for action in actions:
        texts = {lang: label(g.seat_view(1), action, lang) for lang in LANGUAGES}
        assert all(t.strip() for t in texts.values())
        assert len(set(texts.values())) == 3, texts
    assert label(g.seat_view(1), A.Bid(120), "en") == "Bid $120"
    assert label(g.seat_view(1), actions[1], "en") == (
        "Propose to p2: you give $100, Boardwalk; you get a Get Out of Jail Free card (Chance)"
    )


def test_doctests() -> None:
    """The module's examples run from its source (tests/test_doctests.py): compiled with
    mypyc, it keeps no docstrings of its functions for ``doctest.testmod``."""
    from test_doctests import MODULES, test_docstring_examples

    assert prompts.__name__ in MODULES
    test_docstring_examples(prompts.__name__)


def test_unknown_language() -> None:
    g = new_game(2)
    with pytest.raises(UnknownLanguageError):
        prompt(g.seat_view(0), "de")
    with pytest.raises(UnknownLanguageError):
        label(g.seat_view(0), A.ROLL, "de")


# --------------------------------------------------------------------------- the sweep


@pytest.mark.parametrize("name", ["classic", "tournament", "house"])
def test_random_play_sweep(name: str) -> None:
    """300 actions of random play: every legal entry of every seat the game waits for
    gets a label, and every seat a prompt exactly when the game waits for it, in en, cs
    and ru, without an exception or an empty text."""
    g = Game([f"s{i}" for i in range(4)], 11, preset(name))
    bots = [RandomBot(100 + i) for i in range(4)]
    views = [SeatView(g, s) for s in range(4)]
    kinds: set[str] = set()
    for _ in range(300):
        if g.is_over:
            break
        waiting = set(g.pending_seats())
        for seat in range(4):
            for lang in LANGUAGES:
                text = prompt(g.seat_view(seat), lang)
                if seat in waiting:
                    assert text is not None and text.strip(), (seat, lang)
                else:
                    assert text is None, (seat, lang, text)
        for seat in waiting:
            got = _labels(g, seat)
            assert got["en"]
            kinds.update(type(e).__name__ for e in g.legal_actions(seat))
        seat = g.pending
        assert seat is not None
        g.apply(seat, bots[seat].choose(views[seat], g.legal_actions(seat)))
    assert {"Roll", "EndTurn", "TradeTemplate"} <= kinds
    if g.is_over:
        assert all(prompt(g.seat_view(s), lang) for s in range(4) for lang in LANGUAGES)
