"""The strategy bots of the Russian seed: legal in every preset and edition, fast,
reproducible, and each one plays its strategy."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.options import PRESETS, preset
from monopoly.board.record import record_lines
from monopoly.board.testing import give, new_game, roll_from, set_cash, set_levels
from monopoly.board.view import SeatView
from monopoly.bots.board.base import Bot, make_bot
from monopoly.bots.board.blocker import BlockerBot
from monopoly.bots.board.builder import BuilderBot
from monopoly.bots.board.cautious import BASE_RESERVE, CautiousBot
from monopoly.bots.board.common import StrategyBot
from monopoly.bots.board.greedy import GreedyBot
from monopoly.bots.board.railroads import RailroadsBot

STRATEGIES = ("cautious", "railroads", "blocker", "builder")
ORANGE = (16, 18, 19)
BROWN = (1, 3)
DARK_BLUE = (37, 39)


def _rules(name: str, **options: object) -> object:
    rules = preset(name, **options)
    if rules.turn_limit is None and rules.end != "turn_limit":
        rules = rules.with_options(turn_limit=150)
    return rules


def _play_checked(
    game: Game, bots: list[Bot], max_actions: int, lots: set[str] | None = None
) -> int:
    """Play like the driver, asserting every choice is legal and every bid within the
    cash in hand; returns the actions played (`lots`: collects the auctioned lots)."""
    views = [SeatView(game, s) for s in range(len(bots))]
    n = 0
    while not game.is_over and n < max_actions:
        seat = game.pending
        assert seat is not None
        legal = game.legal_actions(seat)
        action = bots[seat].choose(views[seat], legal)
        assert action is not A.RESIGN
        assert game.is_legal(seat, action), (action.text(), game.why_illegal(seat, action))
        if isinstance(action, A.Bid):
            assert action.amount <= game.players[seat].cash
            if lots is not None:
                lots.add(views[seat].auction_lot())
        if lots is not None and isinstance(action, A.Build) and game.placement is not None:
            lots.add("placed")
        game.apply(seat, action)
        n += 1
    return n


def _game(name: str, seed: int, players: int = 4, edition: str = "standard") -> Game:
    return Game(
        [f"p{i}" for i in range(players)], seed, _rules(name), load_edition(edition), events=False
    )


# ------------------------------------------------------------------ legal everywhere


@pytest.mark.parametrize("preset_name", PRESETS)
@pytest.mark.parametrize("bot", STRATEGIES)
def test_each_bot_plays_whole_games_in_every_preset(bot: str, preset_name: str) -> None:
    for seed in range(2):
        g = _game(preset_name, seed)
        names = [bot if s % 2 == 0 else "greedy" for s in range(4)]
        bots: list[Bot] = [make_bot(n, seed * 10 + s) for s, n in enumerate(names)]
        _play_checked(g, bots, 6000)


@pytest.mark.parametrize("edition", ["uk", "disney"])
def test_the_bots_play_the_uk_and_disney_editions(edition: str) -> None:
    for seed, name in enumerate(PRESETS):
        g = Game(["a", "b", "c", "d"], seed, _rules(name), load_edition(edition), events=False)
        bots = [make_bot(STRATEGIES[(s + seed) % 4], seed * 10 + s) for s in range(4)]
        _play_checked(g, bots, 6000)


@pytest.mark.parametrize("preset_name", ["classic", "tournament"])
def test_the_bots_play_housing_shortage_auctions_open_and_sealed(preset_name: str) -> None:
    lots: set[str] = set()
    for seed in range(8):
        g = Game(
            [f"p{i}" for i in range(4)],
            seed,
            preset(preset_name, houses=4, hotels=1, turn_limit=200),
            events=False,
        )
        bots = [make_bot(STRATEGIES[s], seed + s) for s in range(4)]
        _play_checked(g, bots, 6000, lots)
    assert {"house", "placed"} <= lots


def test_four_strategy_bots_finish_their_games() -> None:
    """Six classic games of the four strategies end (a winner or the turn limit) well
    within 20,000 actions; their speed is ``monopoly bench``'s and the lab's, not a
    test's."""
    for seed in range(6):
        g = _game("classic", seed)
        n = _play_checked(g, [make_bot(STRATEGIES[s], seed * 4 + s) for s in range(4)], 20000)
        assert g.is_over and n < 20000


def test_games_are_reproducible_from_the_seeds_and_ignore_the_global_random() -> None:
    def record(seed: int) -> list[str]:
        g = _game("classic", seed)
        bots = [make_bot(STRATEGIES[s], seed + s) for s in range(4)]
        _play_checked(g, bots, 3000)
        return record_lines(g)

    first = record(5)
    random.seed(123)
    random.random()
    assert record(5) == first


# ------------------------------------------------------------------ cautious


def test_cautious_keeps_its_reserve_when_declining_an_expensive_buy() -> None:
    g = new_game(2)
    set_cash(g, 0, 550)  # Boardwalk costs 400: only 150 would be left, under the reserve
    roll_from(g, 0, 32, 3, 4)
    assert g.buy_square == 39
    view, legal = SeatView(g, 0), g.legal_actions(0)
    assert A.BUY in legal
    assert GreedyBot(1).choose(view, legal) is A.BUY  # a buyer of everything would buy
    assert CautiousBot(1).choose(view, legal) is A.DECLINE
    assert g.players[0].cash >= BASE_RESERVE
    # at the auction that follows it bids only what leaves the reserve in hand
    g.apply(0, A.DECLINE)
    if g.pending == 1:
        g.apply(1, A.PASS_BID)
    assert g.pending == 0
    bid = CautiousBot(1).choose(SeatView(g, 0), g.legal_actions(0))
    assert bid is A.PASS_BID or (
        isinstance(bid, A.Bid) and g.players[0].cash - bid.amount >= BASE_RESERVE
    )
    # with the reserve left after buying, it buys
    g2 = new_game(2)
    set_cash(g2, 0, 700)
    roll_from(g2, 0, 32, 3, 4)
    assert CautiousBot(1).choose(SeatView(g2, 0), g2.legal_actions(0)) is A.BUY


def test_cautious_raises_its_reserve_to_the_dearest_rent_it_faces() -> None:
    g = new_game(2)
    give(g, 1, *DARK_BLUE)
    set_levels(g, s37=3, s39=3)
    assert CautiousBot(1).reserve(SeatView(g, 0)) == 500  # capped


# ------------------------------------------------------------------ railroads


def test_railroads_buys_a_railroad_it_would_otherwise_not() -> None:
    g = new_game(2)
    set_cash(g, 0, 250)  # 50 left after a railroad: under the shared reserve of 100
    roll_from(g, 0, 0, 2, 3)
    assert g.buy_square == 5
    view, legal = SeatView(g, 0), g.legal_actions(0)
    assert StrategyBot(1).choose(view, legal) is A.DECLINE
    assert CautiousBot(1).choose(view, legal) is A.DECLINE
    assert RailroadsBot(1).choose(view, legal) is A.BUY
    # a street of about the same price it declines, as the shared strategy does
    g2 = new_game(2)
    set_cash(g2, 0, 250)
    roll_from(g2, 0, 16, 3, 4)
    assert g2.buy_square == 23
    assert RailroadsBot(1).choose(SeatView(g2, 0), g2.legal_actions(0)) is A.DECLINE


def test_railroads_bids_above_the_price_for_a_railroad_and_offers_to_buy_one() -> None:
    g = new_game(2)
    roll_from(g, 0, 0, 2, 3)
    g.apply(0, A.DECLINE)  # the railroad goes to auction
    assert g.pending == 1
    g.apply(1, A.Bid(g.t.price[5]))  # the other seat bids the printed price
    bid = RailroadsBot(1).choose(SeatView(g, 0), g.legal_actions(0))
    assert isinstance(bid, A.Bid) and bid.amount > g.t.price[5]
    assert StrategyBot(1).choose(SeatView(g, 0), g.legal_actions(0)) is A.PASS_BID
    g2 = new_game(2)
    give(g2, 1, 15)
    proposals = RailroadsBot(1).trade_proposals(SeatView(g2, 0), (1,))
    assert proposals and proposals[0].take.squares == (15,)
    assert proposals[0].give.cash > g2.t.price[15]
    assert SeatView(g2, 0).is_legal(proposals[0])


# ------------------------------------------------------------------ blocker


def test_blocker_buys_a_deed_an_opponent_needs_and_later_trades_it() -> None:
    g = new_game(2, seed=3)
    give(g, 1, 37)  # seat 1 needs Boardwalk for the dark blue group
    set_cash(g, 0, 450)  # 50 left after buying: under its reserve, yet it buys
    roll_from(g, 0, 32, 3, 4)
    assert g.buy_square == 39
    view, legal = SeatView(g, 0), g.legal_actions(0)
    assert StrategyBot(1).choose(view, legal) is A.DECLINE
    bots: list[Bot] = [BlockerBot(1), BuilderBot(2)]
    assert bots[0].choose(view, legal) is A.BUY
    g.apply(0, A.BUY)
    assert g.owner[39] == 0
    cash_before = g.players[0].cash
    views = [SeatView(g, 0), SeatView(g, 1)]
    proposals: list[A.ProposeTrade] = []
    for _ in range(400):
        seat = g.pending
        assert seat is not None
        action = bots[seat].choose(views[seat], g.legal_actions(seat))
        if seat == 0 and isinstance(action, A.ProposeTrade):
            proposals.append(action)
        g.apply(seat, action)
        if g.owner[39] == 1:
            break
    assert proposals and proposals[0].give.squares == (39,)
    assert g.owner[39] == 1  # the trade was made...
    assert g.players[0].cash - cash_before >= g.t.price[39] * 3 // 2  # ...for value


def test_blocker_bids_up_for_a_blocking_deed() -> None:
    g = new_game(2)
    give(g, 1, 37)
    roll_from(g, 0, 32, 3, 4)
    g.apply(0, A.DECLINE)
    assert g.pending == 1
    g.apply(1, A.Bid(g.t.price[39]))  # the seat that needs it bids the printed price
    bid = BlockerBot(1).choose(SeatView(g, 0), g.legal_actions(0))
    assert isinstance(bid, A.Bid) and bid.amount > g.t.price[39]


# ------------------------------------------------------------------ builder


def _builds_of(g: Game, seat: int) -> list[int]:
    return [a.square for s, a in g.history if s == seat and isinstance(a, A.Build)]


def test_builder_builds_three_houses_on_its_best_group_before_anything_else() -> None:
    def play(seed: int) -> list[int]:
        g = new_game(2, seed=seed)
        give(g, 0, *ORANGE, *BROWN)
        set_cash(g, 0, 3000)
        bots: list[Bot] = [BuilderBot(seed), GreedyBot(seed)]
        _play_checked(g, bots, 300)
        return _builds_of(g, 0)

    builds = play(4)
    assert len(builds) >= 9
    assert all(sq in ORANGE for sq in builds[:9])  # orange, not the cheaper brown
    assert play(4) == builds  # reproducible from the seeds
    # a greedy builder goes for the cheapest houses first
    g = new_game(2, seed=4)
    give(g, 0, *ORANGE, *BROWN)
    set_cash(g, 0, 3000)
    _play_checked(g, [GreedyBot(4), GreedyBot(5)], 300)
    assert _builds_of(g, 0)[0] in BROWN


def test_builder_offers_to_complete_its_group() -> None:
    g = new_game(2)
    give(g, 0, 16, 18)
    give(g, 1, 19)
    bot = BuilderBot(1)
    proposals = bot.trade_proposals(SeatView(g, 0), (1,))
    assert proposals and proposals[0].take.squares == (19,)
    assert proposals[0].give.cash >= g.t.price[19]
    assert SeatView(g, 0).is_legal(proposals[0])


# ------------------------------------------------------------------ shared behaviour


def test_a_debtor_mortgages_loose_deeds_before_selling_houses() -> None:
    g = new_game(2)
    give(g, 0, *ORANGE, 5, 12)
    set_levels(g, s16=1, s18=1, s19=1)
    set_cash(g, 0, 0)
    roll_from(g, 0, 0, 1, 3)  # income tax: a debt the seat can raise
    view = SeatView(g, 0)
    assert view.debt() is not None
    for name in STRATEGIES:
        action = make_bot(name, 1).choose(view, g.legal_actions(0))
        assert action == A.MORTGAGE[12]  # the utility: earns least, in no group


def test_the_bots_choose_the_cheaper_income_tax_and_answer_every_choice() -> None:
    g = new_game(2, income_tax_choice=True)
    roll_from(g, 0, 0, 1, 3)
    assert SeatView(g, 0).choice() is not None
    for name in STRATEGIES:
        # the seat holds only its 1500: 10 % (150) is less than the flat 200
        assert make_bot(name, 1).choose(SeatView(g, 0), g.legal_actions(0)) is A.TAX_PERCENT


def test_builder_mortgages_loose_deeds_to_fund_its_three_houses() -> None:
    g = new_game(2)
    give(g, 0, *ORANGE, 5, 12, 28)
    give(g, 1, 9)
    set_cash(g, 0, 60)
    roll_from(g, 0, 0, 3, 6)  # rent on square 9, then the turn may end
    legal = g.legal_actions(0)
    assert legal[0] is A.END_TURN
    view = SeatView(g, 0)
    assert BuilderBot(1).choose(view, legal) == A.MORTGAGE[12]  # a utility, not the railroad
    assert CautiousBot(1).choose(view, legal) is A.END_TURN
    # with the cash back in hand it builds on orange
    g.apply(0, A.MORTGAGE[12])
    assert BuilderBot(1).choose(view, g.legal_actions(0)) == A.MORTGAGE[28]
    g.apply(0, A.MORTGAGE[28])
    action = BuilderBot(1).choose(view, g.legal_actions(0))
    assert isinstance(action, A.Build) and action.square in ORANGE
