"""The Deal bots: legal choices only, decisions from the seat's view alone, and
the strong bot's judgement on payments, Just Say No and discards (docs/deal-rules.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from monopoly.bots.deal import (
    DEAL_BOT_NAMES,
    DealBot,
    GreedyBot,
    SeatView,
    StrongBot,
    best_payment,
    make_deal_bot,
)
from monopoly.deal import Game
from monopoly.deal.actions import (
    END,
    Accept,
    Discard,
    DiscardTemplate,
    Pay,
    PayTemplate,
    PlayBirthday,
    PlayBreaker,
    PlayProperty,
    PlayRent,
    PlaySly,
    SayNo,
)
from monopoly.deal.options import DealRules, deal_preset
from monopoly.deal.position import DISCARD, P_DRAW, P_HAND, RESPOND
from monopoly.deal.record import locate, restore, snapshot
from monopoly.deal.testing import arrange, card, held


def _play(game: Game, bots: Sequence[DealBot], max_actions: int = 20_000) -> int:
    """Play to the end, checking that every chosen action is legal; returns the actions."""
    views = [SeatView(game, s) for s in range(game.n)]
    count = 0
    while not game.is_over and count < max_actions:
        seat = game.pending
        assert seat is not None
        legal = game.legal_actions(seat)
        action = bots[seat].choose(views[seat], legal)
        why = game.why_illegal(seat, action)
        assert why is None, f"{type(bots[seat]).__name__} chose {action.text()}: {why}"
        game.apply(seat, action)
        count += 1
    return count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_and_greedy_choose_only_legal_actions(players: int) -> None:
    """docs/architecture.md: bots choose among ``legal_actions`` only; seeded games of every player
    count, official rules (every decision asked, docs/deal-rules.md § Actions) and simulation
    rules."""
    for seed in range(6):
        rules = DealRules() if seed % 2 else deal_preset("simulation")
        game = Game(players, seed, rules, events=False)
        bots = [make_deal_bot(("random", "greedy")[(seed + s) % 2], seed * 16 + s)
                for s in range(players)]
        _play(game, bots)
        assert game.is_over


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_strong_chooses_only_legal_actions(players: int) -> None:
    """The strong bot, search included, against random and greedy seats."""
    rules = DealRules(turn_cap=120)
    game = Game(players, 100 + players, rules, events=False)
    bots: list[DealBot] = [StrongBot(7, budget=6)]
    bots += [make_deal_bot(("greedy", "random")[s % 2], s) for s in range(1, players)]
    _play(game, bots)
    assert game.is_over


def _scrambled(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game with everything ``seat`` cannot see dealt anew: the other hands
    (same sizes) and the draw pile (docs/deal-rules.md § Players and hidden information)."""
    copy = restore(snapshot(game), events=False)
    hidden = [c for s in range(copy.n) if s != seat for c in copy.hands[s]] + copy.draw
    rng.shuffle(hidden)
    pos = 0
    for s in range(copy.n):
        if s != seat:
            k = len(copy.hands[s])
            copy.hands[s] = hidden[pos:pos + k]
            pos += k
    copy.draw = hidden[pos:]
    locate(copy)
    return copy


def test_strong_decides_from_the_seat_view_only() -> None:
    """docs/deal-rules.md § Players and hidden information: the strong bot's decision (searching
    over sampled worlds) is the same when the cards it cannot see are dealt differently;
    the copies do differ where it cannot look."""
    rng = random.Random(5)
    checked = changed = 0
    for seed in range(3):
        game = Game(3, seed, deal_preset("simulation"), events=False)
        others = [GreedyBot(1), GreedyBot(2), GreedyBot(3)]
        views = [SeatView(game, s) for s in range(3)]
        while not game.is_over and game.turn_number < 40:
            seat = game.pending
            assert seat is not None
            if seat == 0:
                copy = _scrambled(game, 0, rng)
                changed += copy.hands[1] != game.hands[1] or copy.draw != game.draw
                assert copy.hands[0] == game.hands[0] and copy.banks == game.banks
                a = StrongBot(seed, budget=6).choose(views[0], game.legal_actions(0))
                b = StrongBot(seed, budget=6).choose(SeatView(copy, 0), copy.legal_actions(0))
                assert a == b, f"seed {seed}, turn {game.turn_number}: {a.text()} != {b.text()}"
                checked += 1
                action = a
            else:
                action = others[seat].choose(views[seat], game.legal_actions(seat))
            game.apply(seat, action)
    assert checked > 30 and changed > 30


def test_seat_view_shows_no_hidden_cards() -> None:
    """A seat view exposes its own hand and only the sizes of the others."""
    game = Game(3, 4, DealRules(), events=False)
    view = SeatView(game, 1)
    assert list(view.hand) == game.hands[1]
    assert [view.hand_size(s) for s in range(3)] == [len(h) for h in game.hands]
    assert view.draw_size == len(game.draw)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not public & {"hands", "draw", "place", "owner", "game", "rng"}


def test_best_payment_pays_money_before_properties() -> None:
    """docs/deal-rules.md § Paying: the payer chooses; strong pays with money first, then with a
    property of a set far from full, never breaking its full set, and overpays little."""
    g = arrange(
        hands={0: ["birthday"]},
        banks={1: ["money_1", "money_2", "money_5"]},
        piles={1: {"dark_blue": ["boardwalk", "park_place"], "brown": ["baltic_avenue"],
                   "green": ["pacific_avenue"]}},
    )
    view = SeatView(g, 1)
    cards, _ = best_payment(view, 3, view.payable(1))
    assert sorted(cards) == sorted([card(g, "money_1"), card(g, "money_2")])
    cards, _ = best_payment(view, 9, view.payable(1))
    assert card(g, "boardwalk") not in cards and card(g, "park_place") not in cards
    assert sum(g.deck.value[c] for c in cards) >= 9
    cards, _ = best_payment(view, 40, view.payable(1))
    assert sorted(cards) == sorted(g.payable(1))  # short: everything on the table


def test_strong_pays_a_birthday_and_keeps_just_say_no() -> None:
    """docs/deal-rules.md § Actions: Just Say No is kept for what matters; a 2M birthday paid from
    the
    bank is not worth it."""
    g = arrange(rules=DealRules(), hands={0: ["birthday"], 1: ["just_say_no"]},
                banks={1: ["money_2", "money_1"]})
    g.apply(0, PlayBirthday(held(g, 0, "birthday")))
    assert g.phase == RESPOND and g.pending == 1
    action = StrongBot(1).choose(SeatView(g, 1), g.legal_actions(1))
    assert isinstance(action, Pay) and action.cards == (card(g, "money_2"),)
    greedy = GreedyBot(1).choose(SeatView(g, 1), g.legal_actions(1))
    assert isinstance(greedy, SayNo)  # greedy says no to everything


def test_strong_answers_a_deal_breaker_with_just_say_no() -> None:
    """docs/deal-rules.md § Actions: a Deal Breaker takes a full set; strong says no to it."""
    g = arrange(rules=DealRules(), hands={0: ["deal_breaker"], 1: ["just_say_no"]},
                piles={1: {"dark_blue": ["boardwalk", "park_place"]}})
    dark_blue = g.deck.colour_index("dark_blue")
    g.apply(0, PlayBreaker(held(g, 0, "deal_breaker"), 1, dark_blue))
    action = StrongBot(1).choose(SeatView(g, 1), g.legal_actions(1))
    assert isinstance(action, SayNo)


def test_strong_says_no_to_a_sly_deal_of_a_set_completing_card() -> None:
    """A Sly Deal that would complete the attacker's winning third set is refused; one of
    a lone cheap property is accepted."""
    g = arrange(rules=DealRules(), hands={0: ["sly_deal", "sly_deal"], 1: ["just_say_no"]},
                piles={0: {"dark_blue": ["boardwalk"], "brown": ["baltic_avenue",
                                                                  "mediterranean_avenue"],
                           "utility": ["water_works", "electric_company"]},
                       1: {"dark_blue": ["park_place"], "light_blue": ["oriental_avenue"]}})
    view = SeatView(g, 1)
    g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "park_place")))
    assert isinstance(StrongBot(1).choose(view, g.legal_actions(1)), SayNo)
    g2 = arrange(rules=DealRules(), hands={0: ["sly_deal"], 1: ["just_say_no"]},
                 piles={1: {"light_blue": ["oriental_avenue"]}})
    g2.apply(0, PlaySly(card(g2, "sly_deal"), card(g2, "oriental_avenue")))
    assert isinstance(StrongBot(1).choose(SeatView(g2, 1), g2.legal_actions(1)), Accept)


def test_strong_lays_the_winning_property() -> None:
    """docs/deal-rules.md § End: the third full set wins at once; strong takes it."""
    g = arrange(hands={0: ["park_place", "money_10", "pass_go"]},
                piles={0: {"dark_blue": ["boardwalk"], "brown": ["baltic_avenue",
                                                                  "mediterranean_avenue"],
                           "utility": ["water_works", "electric_company"]}})
    action = StrongBot(1).choose(SeatView(g, 0), g.legal_actions(0))
    assert action == PlayProperty(card(g, "park_place"), g.deck.colour_index("dark_blue"))


def test_strong_charges_the_colour_that_charges_most() -> None:
    """docs/deal-rules.md § Actions: a two-colour rent charges one colour; strong picks the
    dearer."""
    g = arrange(hands={0: ["rent_dark_blue_green"]},
                piles={0: {"dark_blue": ["boardwalk", "park_place"],
                           "green": ["pacific_avenue"]}},
                banks={1: ["money_10"]})
    bot = StrongBot(1, budget=0)
    action = bot.choose(SeatView(g, 0), g.legal_actions(0))
    assert isinstance(action, PlayRent) and action.colour == g.deck.colour_index("dark_blue")


def test_strong_discards_the_cheapest_and_keeps_just_say_no() -> None:
    """docs/deal-rules.md § Turn 4: down to 7; the discarded cards are lost, so keep the best."""
    keys = ["just_say_no", "deal_breaker", "money_5", "money_4", "money_3", "money_1",
            "money_2", "money_1", "birthday"]
    g = arrange(rules=DealRules(), hands={0: keys})
    g.plays_left = 0
    g.apply(0, END)
    assert g.phase == DISCARD
    legal = g.legal_actions(0)
    assert isinstance(legal[0], DiscardTemplate)
    action = StrongBot(1).choose(SeatView(g, 0), legal)
    assert isinstance(action, Discard) and len(action.cards) == 2
    keys_out = sorted(g.deck.card_keys[c] for c in action.cards)
    assert keys_out == ["money_1", "money_1"]


def test_greedy_lays_properties_first_and_pays_with_the_bank() -> None:
    """The greedy bot: properties and money first; it pays with the bank first."""
    g = arrange(hands={0: ["sly_deal", "money_3", "boardwalk", "rent_any"]},
                piles={1: {"brown": ["baltic_avenue"]}})
    action = GreedyBot(0).choose(SeatView(g, 0), g.legal_actions(0))
    assert action == PlayProperty(card(g, "boardwalk"), g.deck.colour_index("dark_blue"))
    g = arrange(rules=DealRules(), hands={0: ["debt_collector"]}, banks={1: ["money_5"]},
                piles={1: {"brown": ["baltic_avenue"]}})
    from monopoly.deal.actions import PlayDebt

    g.apply(0, PlayDebt(held(g, 0, "debt_collector"), 1))
    legal = g.legal_actions(1)
    assert any(isinstance(a, PayTemplate) for a in legal)
    action = GreedyBot(0).choose(SeatView(g, 1), legal)
    assert action == Pay((card(g, "money_5"),))


def test_make_deal_bot_names() -> None:
    assert DEAL_BOT_NAMES == ("random", "greedy", "strong")
    for name in DEAL_BOT_NAMES:
        assert make_deal_bot(name, 1).name == name
    with pytest.raises(ValueError, match="unknown Deal bot"):
        make_deal_bot("clever", 1)


def test_unseen_cards_are_the_other_hands_and_the_draw_pile() -> None:
    """The cards a seat samples from are exactly those it cannot see."""
    from monopoly.deal.worlds import unseen as _unseen

    game = Game(3, 2, DealRules(), events=False)
    unseen = _unseen(SeatView(game, 0))
    expected = sorted(c for c in range(game.deck.size)
                      if game.place[c] == P_DRAW or (game.place[c] == P_HAND
                                                     and game.owner[c] != 0))
    assert unseen == expected


def test_best_payment_is_legal_for_every_amount_with_buildings() -> None:
    """docs/deal-rules.md § Paying: a house cannot go while its hotel stands; the strong bot's
    payment
    is legal for every debt, covering it or handing over everything when short."""
    from monopoly.deal.position import R_DEBT, Request

    g = arrange(rules=DealRules(),
                banks={1: ["money_1", "money_2"]},
                piles={1: {"dark_blue": ["boardwalk", "park_place"],
                           "green": ["pacific_avenue", "north_carolina_avenue"],
                           "brown": ["baltic_avenue", "mediterranean_avenue"]}},
                buildings={1: {"dark_blue": ["house", "hotel"], "brown": ["house"]}})
    view = SeatView(g, 1)
    total = sum(g.deck.value[c] for c in g.payable(1))
    g.phase = RESPOND
    for amount in range(1, total + 3):
        g.request = Request(R_DEBT, 0, card(g, "debt_collector"), [1], amount=amount)
        cards, _ = best_payment(view, amount, g.payable(1), 0)
        assert g.why_illegal(1, Pay(cards)) is None, (amount, cards)
        if amount <= 3:
            assert all(g.deck.kind[c] == 0 for c in cards)  # money first
