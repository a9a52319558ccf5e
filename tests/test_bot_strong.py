"""The strong bot: legal everywhere, trades that never hand over a complete group
for nothing, debts raised in the cheapest order, bids by value, jail by the stage of the
game, the housing shortage, determinism from its seed and the seat's view only."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board.game import Game
from monopoly.board.options import PRESETS, RuleSet, preset
from monopoly.board.testing import give, new_game, roll_from, set_cash, set_levels
from monopoly.board.view import SeatView
from monopoly.bots.board.base import Bot, make_bot
from monopoly.bots.board.driver import play_game
from monopoly.bots.board.strong import StrongBot
from monopoly.bots.board.valuation import TRADE_RETRY

ORANGE = (16, 18, 19)
LIGHT_BLUE = (6, 8, 9)
RED = (21, 23, 24)
RAILROADS = (5, 15, 25, 35)


def _complete_groups(game: Game, seat: int) -> set[int]:
    t = game.t
    return {g for g in t.street_groups if all(game.owner[s] == seat for s in t.groups[g])}


def _play_checked(
    game: Game, bots: list[Bot], max_actions: int, strong: set[int]
) -> list[tuple[int, A.Action]]:
    """Play like the driver, asserting every choice is legal and, for the strong seats,
    that no accepted trade hands the proposer a complete group unless it completes one of
    ours (docs/rules.md §9.1), and that no bankruptcy is declared with buildings
    standing."""
    views = [SeatView(game, s) for s in range(len(bots))]
    n = 0
    while not game.is_over and n < max_actions:
        seat = game.pending
        assert seat is not None
        action = bots[seat].choose(views[seat], game.legal_actions(seat))
        assert game.is_legal(seat, action), (action.text(), game.why_illegal(seat, action))
        if seat in strong:
            assert not isinstance(action, A.Resign)
            if action is A.DECLARE_BANKRUPTCY:
                assert not any(game.level[sq] for sq in game.holdings[seat])
            if action is A.ACCEPT_TRADE:
                offer = game.offer
                assert offer is not None
                before = _complete_groups(game, offer.proposer)
                owner = list(game.owner)
                for sq in offer.take.squares:
                    owner[sq] = offer.proposer
                t = game.t
                after = {
                    g for g in t.street_groups
                    if all(owner[s] == offer.proposer for s in t.groups[g])
                }
                if after - before:
                    # only in a swap of monopolies: the same trade completes one of ours
                    for sq in offer.give.squares:
                        owner[sq] = seat
                    ours = {
                        g for g in t.street_groups
                        if all(owner[s] == seat for s in t.groups[g])
                    }
                    assert ours - _complete_groups(game, seat), offer
            if isinstance(action, A.ProposeTrade) and action.give.squares:
                # our own offers give a deed that completes the partner's group only in
                # a swap of monopolies: the same trade completes one of ours
                t = game.t
                owner = list(game.owner)
                for sq in action.give.squares:
                    owner[sq] = action.to
                for sq in action.take.squares:
                    owner[sq] = seat
                theirs = {
                    t.group_of[sq] for sq in action.give.squares
                    if t.group_of[sq] in t.street_groups
                    and all(owner[s] == action.to for s in t.groups[t.group_of[sq]])
                }
                ours = {
                    t.group_of[sq] for sq in action.take.squares
                    if all(owner[s] == seat for s in t.groups[t.group_of[sq]])
                }
                assert not theirs or ours, action
        game.apply(seat, action)
        n += 1
    return game.history


# ----------------------------------------------------------------------- legal everywhere


@pytest.mark.parametrize("name", PRESETS)
def test_strong_plays_every_preset_legally(name: str) -> None:
    for seed in range(2):
        rules = preset(name).with_options(turn_limit=200) if name in (
            "classic", "czech", "short", "house"
        ) else preset(name)
        g = Game([f"p{i}" for i in range(4)], seed, rules, events=False)
        bots: list[Bot] = [make_bot("strong", seed * 10 + s) for s in range(3)]
        bots.append(make_bot("greedy" if seed else "random", 99))
        _play_checked(g, bots, 1500, {0, 1, 2})


@pytest.mark.parametrize("edition", ["uk", "disney"])
def test_strong_plays_other_editions_legally(edition: str) -> None:
    for seed in range(2):
        rules = RuleSet(turn_limit=200, income_tax_choice=bool(seed))
        g = Game([f"p{i}" for i in range(4)], seed, rules, edition, events=False)
        bots: list[Bot] = [make_bot("strong", s) for s in range(2)]
        bots += [make_bot("random", 7), make_bot("greedy", 8)]
        _play_checked(g, bots, 1500, {0, 1})


def test_strong_plays_a_housing_shortage_and_sealed_building_auctions_legally() -> None:
    for seed in range(3):
        rules = RuleSet(houses=6, hotels=2, auction="sealed" if seed % 2 else "open",
                        starting_properties=4, starting_properties_paid=False)
        g = Game([f"p{i}" for i in range(3)], seed, rules, events=False)
        bots: list[Bot] = [make_bot("strong", s) for s in range(3)]
        _play_checked(g, bots, 2000, {0, 1, 2})


def test_strong_trades_with_random_players_never_give_a_group_for_little() -> None:
    """Random players offer all sorts of trades; the checks are in _play_checked."""
    for seed in range(3):
        g = Game([f"p{i}" for i in range(4)], seed, RuleSet(turn_limit=300), events=False)
        bots: list[Bot] = [make_bot("strong", 1), make_bot("random", 2),
                           make_bot("strong", 3), make_bot("random", 4)]
        _play_checked(g, bots, 2500, {0, 2})


def test_strong_never_declares_bankruptcy_with_buildings() -> None:
    """Short of cash from the start, bankruptcies come early; the check is in the loop."""
    declared = 0
    for seed in range(4):
        g = Game([f"p{i}" for i in range(4)], seed,
                 RuleSet(starting_cash=400, turn_limit=400), events=False)
        bots: list[Bot] = [make_bot("strong", s) for s in range(2)]
        bots += [make_bot("greedy", 2), make_bot("greedy", 3)]
        history = _play_checked(g, bots, 3000, {0, 1})
        declared += sum(1 for s, a in history if s in (0, 1) and a is A.DECLARE_BANKRUPTCY)
    assert declared > 0  # the check above was exercised


# ----------------------------------------------------------------------- trade offers


def _offer(game: Game, proposer: int, give_: A.Bundle, take: A.Bundle) -> A.Action:
    game.apply(proposer, A.ProposeTrade(0, give_, take))
    return StrongBot(1).choose(SeatView(game, 0), game.legal_actions(0))


def test_rejects_an_offer_that_completes_the_proposers_group_for_a_little_cash() -> None:
    g = new_game()
    give(g, 1, 37)
    give(g, 0, 39, 1)
    choice = _offer(g, 1, A.Bundle(cash=500), A.Bundle(squares=(39,)))
    assert choice is A.REJECT_TRADE or isinstance(choice, A.CounterTrade)


def test_rejects_a_swap_where_the_opponent_gains_more() -> None:
    """Both complete a group, but theirs (dark blue) is worth more than ours (brown)."""
    g = new_game()
    give(g, 1, 37, 3)
    give(g, 0, 39, 1)
    choice = _offer(g, 1, A.Bundle(squares=(3,)), A.Bundle(squares=(39,)))
    assert choice is A.REJECT_TRADE


def test_accepts_a_deed_that_completes_its_own_group() -> None:
    g = new_game()
    give(g, 0, 37)
    give(g, 1, 39)
    choice = _offer(g, 1, A.Bundle(squares=(39,)), A.Bundle(cash=100))
    assert choice is A.ACCEPT_TRADE


def test_proposes_cash_for_the_deed_that_completes_its_group() -> None:
    g = new_game()
    give(g, 0, 16, 18)
    give(g, 1, 19)
    legal = g.legal_actions(0)
    assert legal[0] is A.ROLL
    choice = StrongBot(1).choose(SeatView(g, 0), legal)
    assert isinstance(choice, A.ProposeTrade)
    assert choice.to == 1 and choice.take.squares == (19,) and not choice.give.squares
    assert choice.give.cash > g.t.price[19]
    assert g.is_legal(0, choice)


def test_buys_from_a_third_player_the_deed_that_completes_an_opponents_group() -> None:
    """Orange is two deeds with seat 1 and one with seat 2: it offers seat 2 a little more
    than the printed price for the third, in cash, so that seat 1 gets orange only in a
    swap with us."""
    g = new_game()
    give(g, 1, 16, 18)
    give(g, 2, 19)
    legal = g.legal_actions(0)
    choice = StrongBot(1).choose(SeatView(g, 0), legal)
    assert isinstance(choice, A.ProposeTrade)
    assert choice.to == 2 and choice.take.squares == (19,) and not choice.give.squares
    assert g.t.price[19] < choice.give.cash <= g.t.price[19] + 20
    assert g.is_legal(0, choice)


def test_no_blocking_offer_while_the_opponent_cannot_pay_for_the_deed() -> None:
    g = new_game()
    give(g, 1, 16, 18)
    give(g, 2, 19)
    set_cash(g, 1, 100)
    assert StrongBot(1).choose(SeatView(g, 0), g.legal_actions(0)) is A.ROLL


def test_one_blocking_offer_until_it_sees_opponents_trade_streets() -> None:
    """Orange and red could each be completed by a sale between opponents. Until a street
    changes hands between opponents it makes one blocking offer; then the other."""
    g = new_game()
    give(g, 1, 16, 18)
    give(g, 2, 19, 39)
    give(g, 3, 21, 23)
    give(g, 1, 24)
    legal = g.legal_actions(0)
    bot = StrongBot(1)
    first = bot.choose(SeatView(g, 0), legal)
    assert isinstance(first, A.ProposeTrade) and not first.give.squares
    assert bot.choose(SeatView(g, 0), legal) is A.ROLL
    bot = StrongBot(1)
    assert bot.choose(SeatView(g, 0), legal) == first
    give(g, 3, 39)  # a street passes between two opponents: they trade
    second = bot.choose(SeatView(g, 0), legal)
    assert isinstance(second, A.ProposeTrade) and not second.give.squares
    assert {first.take.squares, second.take.squares} == {(19,), (24,)}


def _proposal(g: Game) -> A.ProposeTrade:
    legal = g.legal_actions(0)
    assert legal[0] is A.ROLL
    choice = StrongBot(1).choose(SeatView(g, 0), legal)
    assert isinstance(choice, A.ProposeTrade), choice
    assert g.is_legal(0, choice)
    return choice


def test_proposes_for_a_whole_group_held_by_opponents_when_it_can_pay_for_all() -> None:
    """docs/rules.md §9 trades: green is with two opponents; it asks one of them first, for
    more than the printed price. With 3,500 it can pay for the three deeds and keep money
    for three houses on each."""
    g = new_game()
    give(g, 1, 31, 32)
    give(g, 2, 34)
    set_cash(g, 0, 3500)
    choice = _proposal(g)
    assert choice.to == 1 and choice.take.squares == (31, 32)
    assert choice.give.cash > g.t.price[31] + g.t.price[32]


def test_does_not_start_on_a_group_it_cannot_afford_to_complete() -> None:
    g = new_game()
    give(g, 1, 31, 32)
    give(g, 2, 34)
    for gr in (0, 9):  # nothing cheaper to go for: brown and dark blue split too
        a, b = g.t.groups[gr]
        give(g, 2, a)
        give(g, 3, b)
    set_cash(g, 0, 1500)
    legal = g.legal_actions(0)
    bot = StrongBot(1)
    action = bot.choose(SeatView(g, 0), legal)
    while isinstance(action, A.ProposeTrade):
        # green's deeds (920 at face, more with the premium) and houses to build on them
        assert 31 not in action.take.squares
        action = bot.choose(SeatView(g, 0), legal)
    assert action is A.ROLL


def test_pays_in_cash_and_keeps_its_deeds() -> None:
    """docs/rules.md §9 trades: it holds one orange (another is with seat 2, the third with
    the bank: out of reach for now) and wants dark blue; it pays more than the printed
    price, all in cash: a deed handed over would go on earning rent for the holder."""
    g = new_game()
    give(g, 0, 37, 16, 1)
    give(g, 2, 18, 3)
    give(g, 1, 39)
    choice = _proposal(g)
    assert choice.to == 1 and choice.take.squares == (39,)
    assert choice.give.squares == ()
    assert choice.give.cash > g.t.price[39]


def test_never_offers_a_deed_that_completes_the_holders_better_group() -> None:
    """Seat 1 holds two oranges; our orange would complete them, their Baltic Avenue our
    browns: orange is worth more, so cash instead."""
    g = new_game()
    give(g, 0, 1, 16)
    give(g, 1, 3, 18, 19)
    choice = _proposal(g)
    assert choice.take.squares == (3,)
    assert 16 not in choice.give.squares


def test_offers_more_each_time_the_last_deed_is_refused() -> None:
    """docs/rules.md §9 trades: after a refusal, the next offer for the deed that completes
    orange is higher (a share of what the group is worth to it beyond the price)."""
    g = new_game()
    give(g, 0, 16, 18)
    give(g, 1, 19)
    set_cash(g, 0, 5000)  # enough for the third offer and houses after it
    bot = StrongBot(1)
    offers = []
    for turn in (1, 20, 40):
        g.turn_number = turn
        action = bot.choose(SeatView(g, 0), g.legal_actions(0))
        assert isinstance(action, A.ProposeTrade) and action.take.squares == (19,)
        offers.append(action.give.cash)
    assert offers[0] < offers[1] < offers[2]


def test_proposes_a_swap_of_monopolies_when_its_own_is_worth_more() -> None:
    """It holds two oranges and the deed that completes seat 1's browns; seat 1 holds the
    third orange: a swap, our deed for theirs (orange earns far more than brown)."""
    g = new_game()
    give(g, 0, 16, 18, 3)
    give(g, 1, 19, 1)
    choice = _proposal(g)
    assert choice.to == 1 and choice.take.squares == (19,) and choice.give.squares == (3,)


def test_no_swap_that_gives_the_better_group() -> None:
    """Seat 1 would complete dark blue with our Boardwalk; we would complete brown: no."""
    g = new_game()
    give(g, 0, 1, 39)
    give(g, 1, 3, 37)
    legal = g.legal_actions(0)
    bot = StrongBot(1)
    action = bot.choose(SeatView(g, 0), legal)
    while isinstance(action, A.ProposeTrade):
        assert 39 not in action.give.squares
        action = bot.choose(SeatView(g, 0), legal)


def _swap_position() -> Game:
    """Seat 0 holds two oranges and a red, seat 1 the third orange and two reds: one trade
    completes a group for each."""
    g = new_game()
    give(g, 0, 16, 18, 21)
    give(g, 1, 19, 23, 24)
    return g


def _completes(g: Game, seat: int, gets: tuple[int, ...]) -> bool:
    t = g.t
    owner = list(g.owner)
    for sq in gets:
        owner[sq] = seat
    return any(
        all(owner[s] == seat for s in t.groups[gr]) and not all(g.owner[s] == seat
                                                                 for s in t.groups[gr])
        for gr in t.street_groups
    )


def _swap_until_accepted(g: Game) -> tuple[list[A.ProposeTrade], A.ProposeTrade]:
    """Seat 0's swap offers, a retry apart, until a strong player in seat 1 accepts one:
    (the refused offers, the accepted one)."""
    bot = StrongBot(1)
    refused: list[A.ProposeTrade] = []
    for turn in range(1, 60, TRADE_RETRY):
        g.turn_number = turn
        choice = bot.choose(SeatView(g, 0), g.legal_actions(0))
        assert isinstance(choice, A.ProposeTrade), choice
        assert choice.to == 1
        assert choice.take.squares == (19,) and choice.give.squares == (21,)
        assert _completes(g, 0, choice.take.squares) and _completes(g, 1, choice.give.squares)
        g.apply(0, choice)
        answer = StrongBot(2).choose(SeatView(g, 1), g.legal_actions(1))
        g.apply(1, answer)
        if answer is A.ACCEPT_TRADE:
            return refused, choice
        refused.append(choice)
    raise AssertionError("no swap accepted")


def test_proposes_a_cash_balanced_group_for_group_trade_that_another_strong_accepts() -> None:
    """docs/rules.md §9.1 trades at any agreed price: the swap gives both a group (orange
    for us, red for them). The first offers keep most of the gain for us (a weaker
    player takes them); each refusal moves the cash towards the balance of the two
    groups' worth, where a strong player in the other seat, judging by the same model,
    says yes within a few tries."""
    g = _swap_position()
    refused, accepted = _swap_until_accepted(g)
    assert len(refused) <= 2
    assert all(g.owner[sq] == 0 for sq in ORANGE) and all(g.owner[sq] == 1 for sq in RED)
    # each offer is better for seat 1 than the one before
    net = [p.take.cash - p.give.cash for p in (*refused, accepted)]  # cash to seat 0
    assert net == sorted(net, reverse=True) and len(set(net)) == len(net)


def test_a_balanced_swap_is_paid_by_the_side_that_gets_the_better_group() -> None:
    """Red earns more than orange by expected rent: seat 1, which gets red, pays the
    difference in cash. Asked to pay that cash instead (the balance the other way round),
    seat 0 refuses: the swap would give seat 1 the better group and the money."""
    _, accepted = _swap_until_accepted(_swap_position())
    assert accepted.take.cash > 0 and accepted.give.cash == 0  # seat 1 pays
    g = _swap_position()
    g.apply(1, A.ProposeTrade(0, A.Bundle(squares=(19,)),
                              A.Bundle(cash=accepted.take.cash, squares=(21,))))
    assert StrongBot(1).choose(SeatView(g, 0), g.legal_actions(0)) is A.REJECT_TRADE


def test_refuses_a_swap_of_a_strong_group_for_a_weak_one_and_cash() -> None:
    """Both complete a group, but brown and cash for dark blue: brown is worth far less
    than half of dark blue before the cash, so no cash makes up for it."""
    g = new_game()
    give(g, 1, 37, 3)
    give(g, 0, 39, 1)
    set_cash(g, 1, 3000)
    choice = _offer(g, 1, A.Bundle(cash=1200, squares=(3,)), A.Bundle(squares=(39,)))
    assert choice is A.REJECT_TRADE


def test_four_strong_players_swap_groups_and_finish_their_games() -> None:
    """Equals trade groups for groups, balanced by cash (each accepted swap checked in
    _play_checked): the games end in bankruptcies, not at the turn limit (a board where
    nobody completes a group is a draw there)."""
    won = swaps = 0  # games with a winner, swaps of deeds proposed
    for seed in range(6):
        g = Game([f"p{i}" for i in range(4)], seed, RuleSet(turn_limit=1000), events=False)
        bots: list[Bot] = [make_bot("strong", seed * 4 + s) for s in range(4)]
        history = _play_checked(g, bots, 60000, {0, 1, 2, 3})
        swaps += sum(1 for _, a in history if isinstance(a, A.ProposeTrade)
                     and a.give.squares and a.take.squares)
        assert g.is_over
        won += g.outcome is not None and g.outcome.winner is not None
    assert swaps > 0
    assert won >= 5


# ----------------------------------------------------------------------- debts


def _in_debt(g: Game) -> list[A.LegalEntry]:
    """Seat 0, with no cash, lands on seat 3's Baltic Avenue and owes its rent."""
    give(g, 3, 3)
    set_cash(g, 0, 0)
    roll_from(g, 0, 0, 1, 2)
    debt = SeatView(g, 0).debt()
    assert debt is not None and debt[0] == 0
    return g.legal_actions(0)


def test_in_a_debt_sells_a_house_when_that_costs_less_than_a_mortgage() -> None:
    """Mortgaging a railroad of four gives up its 200 rent; a light-blue house costs 25."""
    g = new_game()
    give(g, 0, *RAILROADS, *LIGHT_BLUE)
    set_levels(g, s6=4, s8=4, s9=4)
    legal = _in_debt(g)
    assert any(isinstance(e, A.Mortgage) for e in legal)
    choice = StrongBot(1).choose(SeatView(g, 0), legal)
    assert isinstance(choice, A.SellBuilding) and choice.square in LIGHT_BLUE


def test_in_a_debt_mortgages_a_lone_utility_before_selling_houses() -> None:
    g = new_game()
    give(g, 0, 12, *LIGHT_BLUE)
    set_levels(g, s6=4, s8=4, s9=4)
    choice = StrongBot(1).choose(SeatView(g, 0), _in_debt(g))
    assert choice == A.Mortgage(12)


def test_declares_bankruptcy_only_after_selling_its_buildings() -> None:
    g = new_game()
    give(g, 0, *LIGHT_BLUE)
    give(g, 3, 37, 39)
    set_levels(g, s6=1, s8=1, s9=1, s37=5, s39=5)
    set_cash(g, 0, 0)
    roll_from(g, 0, 30, 4, 5)  # Boardwalk with a hotel: 2000
    bot = StrongBot(1)
    view = SeatView(g, 0)
    legal = g.legal_actions(0)
    assert legal[0] is A.DECLARE_BANKRUPTCY
    first = bot.choose(view, legal)
    assert isinstance(first, A.RaiseFunds)
    g.apply(0, first)
    assert not any(g.level[sq] for sq in LIGHT_BLUE)
    assert bot.choose(view, g.legal_actions(0)) is A.DECLARE_BANKRUPTCY


# ----------------------------------------------------------------------- auctions


def _sealed_bid(g: Game, landing: tuple[int, int, int]) -> int:
    start, d1, d2 = landing
    roll_from(g, 0, start, d1, d2)
    g.apply(0, A.DECLINE)
    legal = g.legal_actions(0)
    choice = StrongBot(1).choose(SeatView(g, 0), legal)
    if choice is A.PASS_BID:
        return 0
    assert isinstance(choice, A.Bid)
    assert choice.amount <= g.players[0].cash  # a sealed bid within the cash in hand
    assert g.is_legal(0, choice)
    return choice.amount


def test_bids_more_for_a_lot_that_completes_its_group_than_for_a_hopeless_one() -> None:
    g = new_game(auction="sealed")
    give(g, 0, 37)
    high = _sealed_bid(g, (30, 4, 5))  # Boardwalk: completes dark blue
    g = new_game(auction="sealed")
    give(g, 1, 23)
    give(g, 2, 24)
    low = _sealed_bid(g, (15, 2, 4))  # Kentucky Avenue: red is split among opponents
    assert high > 2 * low
    assert high > g.t.price[39]


def test_open_auction_outbids_the_printed_price_for_a_completing_lot() -> None:
    g = new_game()
    give(g, 1, 37)
    roll_from(g, 0, 30, 4, 5)
    g.apply(0, A.DECLINE)
    bots = [make_bot("greedy", 2), StrongBot(1), make_bot("greedy", 3), make_bot("greedy", 4)]
    views = [SeatView(g, s) for s in range(4)]
    while g.auction is not None:
        seat = g.pending
        assert seat is not None
        g.apply(seat, bots[seat].choose(views[seat], g.legal_actions(seat)))
    assert g.owner[39] == 1
    assert g.players[1].cash < 1500 - g.t.price[39]


# ----------------------------------------------------------------------- jail, building


def _jailed(g: Game) -> list[A.LegalEntry]:
    p = g.players[0]
    p.in_jail, p.position, p.jail_turns = True, g.t.jail, 0
    legal = g.legal_actions(0)
    assert A.PAY_JAIL_FINE in legal
    return legal


def _jail_choice(g: Game) -> A.Action:
    """The strong bot's jail decision, past the trade offers it may make first."""
    bot, view, legal = StrongBot(1), SeatView(g, 0), _jailed(g)
    action = bot.choose(view, legal)
    while isinstance(action, A.ProposeTrade):
        action = bot.choose(view, legal)
    return action


def test_jail_early_pays_to_get_out_and_buy() -> None:
    g = new_game()
    assert _jail_choice(g) is A.PAY_JAIL_FINE


def test_jail_late_stays_when_opponents_have_developed_groups() -> None:
    g = new_game()
    owners = [1, 2, 3]
    for i, sq in enumerate(g.t.properties):
        give(g, owners[i % 3], sq)
    give(g, 1, *ORANGE, *RED)
    set_levels(g, s16=3, s18=3, s19=3, s21=3, s23=3, s24=3)
    assert _jail_choice(g) is A.ROLL


def _end_of_turn(g: Game) -> tuple[StrongBot, SeatView]:
    roll_from(g, 0, 5, 2, 3)  # just visiting
    assert g.legal_actions(0)[0] is A.END_TURN
    return StrongBot(1), SeatView(g, 0)


def test_builds_three_houses_on_the_best_group_first() -> None:
    g = new_game()
    give(g, 0, *ORANGE, 1, 3)
    set_cash(g, 0, 5000)
    bot, view = _end_of_turn(g)
    built = []
    for _ in range(30):
        choice = bot.choose(view, g.legal_actions(0))
        if choice is A.END_TURN:
            break
        g.apply(0, choice)
        if isinstance(choice, A.Build):
            built.append(choice.square)
    assert set(built[:9]) == set(ORANGE)  # orange to three houses before brown
    assert all(g.level[sq] >= 3 for sq in ORANGE)


def test_keeps_houses_rather_than_hotels_when_the_bank_runs_short() -> None:
    g = new_game(houses=14)
    give(g, 0, *ORANGE)
    give(g, 1, *LIGHT_BLUE)
    set_levels(g, s16=4, s18=4, s19=4)
    set_cash(g, 0, 5000)
    bot, view = _end_of_turn(g)
    assert any(isinstance(e, A.Build) for e in g.legal_actions(0))
    assert bot.choose(view, g.legal_actions(0)) is A.END_TURN


def test_mortgages_deeds_outside_its_groups_to_build() -> None:
    g = new_game()
    give(g, 0, *ORANGE, 5, 15, 12)
    set_cash(g, 0, 100)
    bot, view = _end_of_turn(g)
    actions = []
    for _ in range(30):
        choice = bot.choose(view, g.legal_actions(0))
        if choice is A.END_TURN:
            break
        g.apply(0, choice)
        actions.append(choice)
    assert any(isinstance(a, A.Mortgage) for a in actions)
    assert any(isinstance(a, A.Build) for a in actions)
    assert not any(g.mortgaged[sq] for sq in ORANGE)


# ----------------------------------------------------------------------- determinism


def _game(seed: int) -> Game:
    g = Game([f"p{i}" for i in range(4)], seed, RuleSet(turn_limit=300), events=False)
    return play_game(g, [make_bot("strong", seed * 4 + s) for s in range(4)])


def test_reproducible_from_its_seed_even_after_the_global_random_is_used() -> None:
    a = _game(5).history
    random.seed(12345)
    random.random()
    b = _game(5).history
    assert a == b


def test_choices_do_not_depend_on_the_hidden_deck_order() -> None:
    """The bot reads only the seat's view: reshuffling the decks changes no choice."""
    g = Game([f"p{i}" for i in range(4)], 3, RuleSet(turn_limit=300), events=False)
    bots = [make_bot("strong", s) for s in range(4)]
    play_game(g, bots, max_actions=400)
    rng = random.Random(1)
    for _ in range(40):
        seat = g.pending
        if seat is None:
            break
        legal = g.legal_actions(seat)
        first = StrongBot(9).choose(SeatView(g, seat), legal)
        for deck in g.decks:
            order = list(deck)
            rng.shuffle(order)
            deck.clear()
            deck.extend(order)
        assert StrongBot(9).choose(SeatView(g, seat), legal) == first
        g.apply(seat, bots[seat].choose(SeatView(g, seat), g.legal_actions(seat)))
