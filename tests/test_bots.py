"""The bots: legal choices everywhere, the greedy bot's policy, determinism, the registry."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board.game import BANK, Game
from monopoly.board.options import RuleSet
from monopoly.board.record import record_lines
from monopoly.board.testing import give, new_game, rig_dice, set_levels
from monopoly.board.view import SeatView
from monopoly.bots.board.base import BOT_NAMES, Bot, make_bot
from monopoly.bots.board.driver import play_game
from monopoly.bots.board.greedy import GreedyBot
from monopoly.bots.board.random_bot import RandomBot, make_raise, make_trade

BROWN = (1, 3)
LIGHT_BLUE = (6, 8, 9)
DARK_BLUE = (37, 39)


def _play_checked(game: Game, bots: list[Bot], max_actions: int) -> int:
    """Play like the driver, asserting every choice is legal; returns the actions played."""
    views = [SeatView(game, s) for s in range(len(bots))]
    n = 0
    while not game.is_over and n < max_actions:
        seat = game.pending
        assert seat is not None
        legal = game.legal_actions(seat)
        assert legal
        action = bots[seat].choose(views[seat], legal)
        assert game.is_legal(seat, action), (action.text(), game.why_illegal(seat, action))
        game.apply(seat, action)
        n += 1
    return n


# ----------------------------------------------------------------------- the registry


def test_bot_names_are_registered() -> None:
    assert set(BOT_NAMES) == {
        "random", "greedy", "cautious", "railroads", "blocker", "builder", "strong"
    }
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)


def test_unknown_bot_name_is_a_value_error_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'") as info:
        make_bot("clever", 1)
    for name in BOT_NAMES:
        assert name in str(info.value)


# ----------------------------------------------------------------------- legal choices


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_bots_choose_legal_actions_in_many_positions(name: str, seed: int) -> None:
    n = 2 + seed % 5
    rules = RuleSet(houses=8, hotels=2) if seed % 2 else RuleSet()
    g = Game([f"p{i}" for i in range(n)], seed, rules, events=False)
    played = _play_checked(g, [make_bot(name, seed * 10 + s) for s in range(n)], 2500)
    assert played > 100


@pytest.mark.parametrize("seed", range(6))
def test_mixed_bots_choose_legal_actions(seed: int) -> None:
    """Greedy players face random ones: trade offers, counter-offers, received mortgages."""
    n = 3 + seed % 4
    g = Game([f"p{i}" for i in range(n)], seed, events=False)
    bots = [make_bot(("greedy", "random")[(s + seed) % 2], s) for s in range(n)]
    _play_checked(g, bots, 3000)


def test_random_bot_templates_become_legal_actions() -> None:
    """make_raise and make_trade build, from the view alone, actions the engine accepts."""
    rng = random.Random(5)
    raises = trades = 0
    for seed in range(8):
        g = Game([f"p{i}" for i in range(4)], seed, events=False)
        bots: list[Bot] = [RandomBot(seed * 10 + s) for s in range(4)]
        views = [SeatView(g, s) for s in range(4)]
        for _ in range(1500):
            if g.is_over:
                break
            seat = g.pending
            assert seat is not None
            legal = g.legal_actions(seat)
            for entry in legal:
                if isinstance(entry, A.RaiseFundsTemplate):
                    batch = make_raise(views[seat], rng)
                    assert batch is not None
                    assert g.is_legal(seat, batch), (batch.text(), g.why_illegal(seat, batch))
                    raises += 1
                elif isinstance(entry, A.TradeTemplate):
                    trade = make_trade(views[seat], entry, rng)
                    if trade is not None:
                        assert g.is_legal(seat, trade), g.why_illegal(seat, trade)
                        trades += 1
            g.apply(seat, bots[seat].choose(views[seat], legal))
    assert raises > 50 and trades > 50


def test_bots_only_use_their_own_generator() -> None:
    """Two runs from one seed give identical records, even if the global random is used."""

    def run() -> list[str]:
        g = Game(["a", "b", "c"], 42, events=False)
        pair = ("greedy", "random")
        play_game(g, [make_bot(pair[s % 2], 7 + s) for s in range(3)], max_actions=1500)
        random.random()  # the global generator must not matter
        return record_lines(g)

    random.seed(1)
    first = run()
    random.seed(2)
    for _ in range(17):
        random.random()
    assert run() == first


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_seed_decides_its_choices(name: str) -> None:
    def run(seed: int) -> list[str]:
        g = Game(["a", "b"], 3, events=False)
        play_game(g, [make_bot(name, seed), make_bot(name, seed + 1)], max_actions=800)
        return record_lines(g)

    assert run(1) == run(1)
    if name == "random":
        assert run(1) != run(2)


# ----------------------------------------------------------------------- the driver


def test_driver_stops_at_max_actions_and_at_the_end() -> None:
    g = Game(["a", "b"], 1, RuleSet(turn_limit=300), events=False)
    play_game(g, [make_bot("greedy", 1), make_bot("greedy", 2)], max_actions=37)
    assert len(g.history) == 37
    play_game(g, [make_bot("greedy", 1), make_bot("greedy", 2)])
    assert g.is_over and g.outcome is not None


def test_driver_needs_one_bot_per_seat() -> None:
    g = Game(["a", "b", "c"], 1)
    with pytest.raises(ValueError, match="3 seats"):
        play_game(g, [make_bot("greedy", 1)])


# ----------------------------------------------------------------------- greedy policy


def test_greedy_buys_what_it_lands_on() -> None:
    g = new_game(2)
    rig_dice(g, (1, 2))  # to Baltic Avenue (3)
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    g.apply(0, bot.choose(view, g.legal_actions(0)))  # roll
    assert bot.choose(view, g.legal_actions(0)) is A.BUY
    g.apply(0, A.BUY)
    assert g.owner[3] == 0


def test_greedy_bids_up_to_the_printed_price_then_passes() -> None:
    g = new_game(2)
    rig_dice(g, (1, 2))
    g.apply(0, A.ROLL)
    g.apply(0, A.DECLINE)  # Baltic Avenue (60) goes to auction
    bots = [GreedyBot(0), GreedyBot(1)]
    views = [SeatView(g, 0), SeatView(g, 1)]
    while g.auction is not None:
        seat = g.pending
        assert seat is not None
        action = bots[seat].choose(views[seat], g.legal_actions(seat))
        if isinstance(action, A.Bid):
            assert action.amount == 60  # its whole limit at once: the printed price
        else:
            assert action is A.PASS_BID
            assert g.auction.high_bid == 60  # passes only once the price is reached
        g.apply(seat, action)
    assert g.owner[3] == 1  # seat 1 bids first (after the decliner) and gets it at 60
    assert g.bank_in == 60


def test_greedy_builds_evenly_cheapest_first() -> None:
    g = new_game(2)
    give(g, 0, *BROWN, *DARK_BLUE)
    rig_dice(g, (4, 6))  # to Jail, just visiting
    g.apply(0, A.ROLL)
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    built: list[int] = []
    while True:
        action = bot.choose(view, g.legal_actions(0))
        if action is A.END_TURN:
            break
        assert isinstance(action, A.Build)
        g.apply(0, action)
        built.append(action.square)
        for group in (BROWN, DARK_BLUE):
            levels = [g.level[s] for s in group]
            assert max(levels) - min(levels) <= 1
    # brown (50 a building) is built up to hotels before dark blue (200) gets anything
    assert built[:10] and set(built[:10]) == set(BROWN)
    assert g.level[1] == g.level[3] == g.hotel_level
    assert all(sq in DARK_BLUE for sq in built[10:])
    assert g.players[0].cash < 200  # it stopped only when it could not pay for more


def test_greedy_raises_funds_before_bankruptcy() -> None:
    """In debt it sells buildings first, then mortgages the least valuable deed first."""
    g = new_game(2)
    give(g, 0, *BROWN, 5)  # brown (60 each) and Reading Railroad (200)
    set_levels(g, s1=2, s3=2)
    g.players[0].cash = 10
    rig_dice(g, (1, 3))  # Income Tax: 200; liquidation 10 + 4*25 + 30 + 30 + 100 = 270
    g.apply(0, A.ROLL)
    assert g.debts and g.pending == 0
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    chosen: list[A.Action] = []
    while g.debts:
        action = bot.choose(view, g.legal_actions(0))
        assert action is not A.DECLARE_BANKRUPTCY
        g.apply(0, action)
        chosen.append(action)
    kinds = [a.text().split()[0] for a in chosen]
    assert kinds == ["sell"] * 4 + ["mortgage"] * 3
    assert [a.square for a in chosen[4:] if isinstance(a, A.Mortgage)] == [1, 3, 5]
    assert not g.players[0].bankrupt
    assert g.players[0].cash == 270 - 200


def test_greedy_never_declares_bankruptcy_while_it_has_buildings() -> None:
    g = new_game(2)
    give(g, 0, *BROWN)
    set_levels(g, s1=2, s3=2)
    g.players[0].cash = 0
    rig_dice(g, (1, 3))  # Income Tax 200 > liquidation 0 + 100 + 60
    g.apply(0, A.ROLL)
    assert g.legal_actions(0)[0] is A.DECLARE_BANKRUPTCY
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    while not g.players[0].bankrupt:
        action = bot.choose(view, g.legal_actions(0))
        if action is A.DECLARE_BANKRUPTCY:
            assert not any(g.level[s] for s in g.holdings[0])
        g.apply(0, action)
    assert g.is_over and g.outcome is not None and g.outcome.winner == 1
    assert g.owner[1] == BANK and g.level[1] == 0


def test_greedy_declares_bankruptcy_only_when_it_is_the_only_way() -> None:
    """Over whole games: bankruptcy only with nothing left to sell, never with buildings."""
    declared = 0
    for seed in range(12):
        g = Game([f"p{i}" for i in range(4)], seed, RuleSet(turn_limit=1000), events=False)
        bots = [GreedyBot(s) for s in range(4)]
        views = [SeatView(g, s) for s in range(4)]
        while not g.is_over and len(g.history) < 20000:
            seat = g.pending
            assert seat is not None
            legal = g.legal_actions(seat)
            action = bots[seat].choose(views[seat], legal)
            if action is A.DECLARE_BANKRUPTCY:
                declared += 1
                assert not any(g.level[s] for s in g.holdings[seat])
                debt = views[seat].debt()
                assert debt is not None and g.liquidation_value(seat) < debt[2]
            g.apply(seat, action)
    assert declared > 0


def test_greedy_pays_the_jail_fine_early_and_waits_late() -> None:
    g = new_game(2)
    g.players[0].in_jail = True
    g.players[0].position = 10
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    assert bot.choose(view, g.legal_actions(0)) is A.PAY_JAIL_FINE  # all deeds for sale
    for sq in g.t.properties:
        give(g, 1, sq)
    assert bot.choose(view, g.legal_actions(0)) is A.ROLL  # nothing left to buy: stay


@pytest.mark.parametrize(
    ("give_", "take", "answer"),
    [
        (A.Bundle(401, (), ()), A.Bundle(0, (39,), ()), A.ACCEPT_TRADE),  # $401 for $400
        (A.Bundle(400, (), ()), A.Bundle(0, (39,), ()), A.REJECT_TRADE),  # no gain
        (A.Bundle(0, (37,), ()), A.Bundle(0, (39,), ()), A.REJECT_TRADE),  # 350 for 400
        (A.Bundle(0, (37, 1), ()), A.Bundle(0, (39,), ()), A.ACCEPT_TRADE),  # 410 for 400
        (A.Bundle(0, (), ()), A.Bundle(1, (), ()), A.REJECT_TRADE),  # a gift asked for
        (A.Bundle(1, (), ()), A.Bundle(0, (), ()), A.ACCEPT_TRADE),  # a gift
    ],
)
def test_greedy_takes_an_offer_that_gains_at_face_value(
    give_: A.Bundle, take: A.Bundle, answer: A.Action
) -> None:
    """docs/rules.md §9 trades: greedy judges an offer by the printed prices and cash alone."""
    g = new_game(2)
    give(g, 0, 39)
    give(g, 1, 37, 1)
    g.apply(1, A.ProposeTrade(0, give_, take))
    assert g.pending == 0
    assert GreedyBot(0).choose(SeatView(g, 0), g.legal_actions(0)) is answer


def test_greedy_counts_a_mortgaged_deed_at_half_less_the_fee() -> None:
    """docs/rules.md §9: a mortgaged deed received costs 10 % of its mortgage value at once."""
    g = new_game(2)
    give(g, 1, 39)
    g.mortgaged[39] = True  # worth 200 - 20 = 180 to greedy
    view = SeatView(g, 0)
    g.apply(1, A.ProposeTrade(0, A.Bundle(0, (39,), ()), A.Bundle(180, (), ())))
    assert GreedyBot(0).choose(view, g.legal_actions(0)) is A.REJECT_TRADE
    g.apply(0, A.REJECT_TRADE)
    g.apply(1, A.ProposeTrade(0, A.Bundle(0, (39,), ()), A.Bundle(179, (), ())))
    assert GreedyBot(0).choose(view, g.legal_actions(0)) is A.ACCEPT_TRADE


def test_greedy_lifts_a_received_mortgage_when_it_can() -> None:
    g = new_game(2)
    give(g, 1, 39)
    g.mortgaged[39] = True
    g.apply(1, A.ProposeTrade(0, A.Bundle(0, (39,), ()), A.Bundle(1, (), ())))
    bot = GreedyBot(0)
    view = SeatView(g, 0)
    g.apply(0, bot.choose(view, g.legal_actions(0)))  # 180 at face for $1: accepted
    assert g.owner[39] == 0
    assert g.pending == 0 and g.receipts
    assert bot.choose(view, g.legal_actions(0)) is A.LIFT[39]
    g.players[0].cash = 10
    assert bot.choose(view, g.legal_actions(0)) is A.KEEP[39]


def test_greedy_bids_no_more_than_its_cash() -> None:
    """docs/rules.md §3: a bid is paid in cash; greedy's limit is the price or its cash if less."""
    g = new_game(2)
    rig_dice(g, (3, 4))
    g.apply(0, A.ROLL)  # Chance 7
    g.players[0].position = 39
    g.phase = 1  # BUY, as if landed on Boardwalk (400)
    g.buy_square = 39
    g.players[1].cash = 250
    g.apply(0, A.DECLINE)
    assert g.pending == 1
    action = GreedyBot(1).choose(SeatView(g, 1), g.legal_actions(1))
    assert action == A.Bid(250)
