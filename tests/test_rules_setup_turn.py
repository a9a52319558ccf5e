"""docs/rules.md §1 (setup) and §2 (a turn), one test per rule, money checked exactly."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.errors import IllegalActionError, MalformedActionError
from monopoly.board.game import BANK, Game
from monopoly.board.options import RuleSet
from monopoly.board.record import snapshot_text
from monopoly.board.testing import give, new_game, rig_dice, stack_deck


def _unrig(game: Game) -> None:
    """Hand the game a real generator again (snapshots need one) once rigged dice are spent."""
    game.rng = random.Random(12345)


# ---------------------------------------------------------------------------- §1 setup


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_every_player_starts_with_1500_on_go(n: int) -> None:
    """docs/rules.md §1: 2 to 8 players, each starts with 1500, all tokens start on GO."""
    g = new_game(n)
    assert len(g.players) == n
    for p in g.players:
        assert p.cash == 1500
        assert p.position == 0
        assert not p.in_jail
        assert p.jail_cards == []
    assert g.owner == [BANK] * 40


@pytest.mark.parametrize("n", [0, 1, 9])
def test_game_needs_two_to_eight_players(n: int) -> None:
    """docs/rules.md §1: 2 to 8 players; fewer or more is refused."""
    with pytest.raises(ValueError):
        Game([f"p{i}" for i in range(n)], 1, RuleSet())


def test_decks_are_shuffled_face_down() -> None:
    """docs/rules.md §1: Chance and Community Chest are shuffled (16 + 16 cards, order by seed)."""
    orders = set()
    for seed in range(6):
        g = new_game(2, seed=seed)
        assert [len(d) for d in g.decks] == [16, 16]
        for d in g.decks:
            assert sorted(d) == list(range(16))
        orders.add(tuple(tuple(d) for d in g.decks))
    assert len(orders) > 1  # different seeds, different shuffles
    # the decks' order is never shown to a seat
    assert dict(g.view(0).decks) == {"chance": 16, "community_chest": 16}


class _OrderDice(random.Random):
    """A generator whose dice (``random()``) are rigged; shuffles still work (getrandbits)."""

    def __init__(self, seed: int, throws: list[tuple[int, int]]) -> None:
        super().__init__(seed)
        self._values = [(v - 0.5) / 6 for t in throws for v in t]

    def random(self) -> float:
        return self._values.pop(0)

    def getrandbits(self, k: int) -> int:  # keeps shuffle() off the rigged random()
        return super().getrandbits(k)


def _game_with_order_throws(
    monkeypatch: pytest.MonkeyPatch, n: int, throws: list[tuple[int, int]]
) -> Game:
    monkeypatch.setattr(
        "monopoly.board.position.random.Random", lambda seed: _OrderDice(seed, throws)
    )
    return Game([f"p{i}" for i in range(n)], 1, RuleSet(first_player="roll"))


def test_order_of_play_highest_throw_starts_then_clockwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/rules.md §1: each player rolls both dice, the highest total starts, then clockwise."""
    g = _game_with_order_throws(monkeypatch, 4, [(3, 4), (2, 1), (6, 5), (2, 2)])
    assert g.order == [2, 3, 0, 1]
    assert g.turn_player == 2
    assert g.pending == 2
    assert g.legal_actions(2)[0] == A.ROLL
    assert not g.is_legal(0, A.ROLL)
    decided = [e for e in g.events if isinstance(e, E.OrderDecided)]
    assert decided == [E.OrderDecided((2, 3, 0, 1), ((7, 3, 11, 4),))]


def test_order_of_play_tie_for_highest_throw_is_thrown_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/rules.md §1: highest total starts; players tied for the highest throw again."""
    # seats 0 and 2 tie at 12; on the rethrow seat 2 (8) beats seat 0 (3)
    g = _game_with_order_throws(monkeypatch, 3, [(6, 6), (1, 1), (6, 6), (1, 2), (4, 4)])
    assert g.order == [2, 0, 1]
    assert g.turn_player == 2


def test_order_of_play_random_seeds_start_with_different_players() -> None:
    """docs/rules.md §1: with first_player="roll" (the default) the starter is not always seat 0."""
    starters = set()
    for seed in range(30):
        g = Game(["a", "b", "c", "d"], seed)
        order = g.order
        assert order == [(order[0] + i) % 4 for i in range(4)]  # clockwise from the starter
        assert g.turn_player == order[0]
        starters.add(order[0])
    assert len(starters) > 1


def test_order_of_play_fixed_seat_order_option() -> None:
    """docs/rules.md §1: option fixed seat order: seat 0 starts, then the seats in order."""
    g = Game(["a", "b", "c"], 7, RuleSet(first_player="fixed"))
    assert g.order == [0, 1, 2]
    assert g.turn_player == 0
    assert g.pending == 0
    assert not any(isinstance(e, E.OrderDecided) for e in g.events)


# ---------------------------------------------------------------------------- §2 a turn


def test_roll_moves_clockwise_by_the_total() -> None:
    """docs/rules.md §2: roll two dice, move clockwise that many squares, resolve the square."""
    g = new_game(2)
    give(g, 0, 9)
    rig_dice(g, (4, 5))
    events = g.apply(0, A.ROLL)
    assert g.players[0].position == 9
    assert E.DiceRolled(0, 4, 5) in events
    assert E.Moved(0, 0, 9) in events
    assert g.phase_name == "post_roll"
    assert g.legal_actions(0)[0] == A.END_TURN
    assert not g.is_legal(0, A.ROLL)


def test_doubles_give_another_roll() -> None:
    """docs/rules.md §2: doubles: resolve the square, then roll again."""
    g = new_game(2)
    give(g, 0, 6, 9)
    rig_dice(g, (3, 3), (1, 2))
    g.apply(0, "roll")
    assert g.players[0].position == 6
    assert g.phase_name == "pre_roll"
    assert g.pending == 0
    assert g.is_legal(0, A.ROLL)
    assert not g.is_legal(0, A.END_TURN)
    g.apply(0, "roll")
    assert g.players[0].position == 9
    assert g.phase_name == "post_roll"
    assert not g.is_legal(0, A.ROLL)
    g.apply(0, "end")
    assert g.turn_player == 1


def test_doubles_roll_again_after_buying() -> None:
    """docs/rules.md §2: doubles on an unowned property: buy (resolve), then roll again."""
    g = new_game(2)
    rig_dice(g, (3, 3))
    g.apply(0, "roll")
    assert g.phase_name == "buy"
    g.apply(0, "buy")
    assert g.players[0].cash == 1400
    assert g.phase_name == "pre_roll"
    assert g.is_legal(0, A.ROLL)


def test_third_doubles_go_to_jail_without_moving() -> None:
    """docs/rules.md §2: third doubles send you to jail without moving for that roll."""
    g = new_game(2)
    give(g, 0, 6, 14)
    rig_dice(g, (3, 3), (4, 4), (5, 5))
    g.apply(0, "roll")
    g.apply(0, "roll")
    assert g.players[0].position == 14
    events = g.apply(0, "roll")
    p = g.players[0]
    assert p.position == 10  # jail, not 24 (Illinois Avenue)
    assert p.in_jail
    assert p.cash == 1500
    assert E.Jailed(0, "doubles") in events
    assert not any(isinstance(e, E.Moved) and e.to_square == 24 for e in events)
    assert g.owner[24] == BANK
    assert g.phase_name == "post_roll"  # the turn is over: no further roll
    assert not g.is_legal(0, A.ROLL)
    assert g.is_legal(0, A.END_TURN)


def test_doubles_landing_on_go_to_jail_give_no_further_roll() -> None:
    """docs/rules.md §2: doubles that send the player to jail end the turn: no roll again."""
    g = new_game(2)
    g.players[0].position = 22
    rig_dice(g, (4, 4))
    g.apply(0, "roll")
    p = g.players[0]
    assert p.position == 10 and p.in_jail
    assert p.cash == 1500
    assert g.phase_name == "post_roll"
    assert not g.is_legal(0, A.ROLL)
    g.apply(0, "end")
    assert g.turn_player == 1


def test_doubles_count_restarts_each_turn() -> None:
    """docs/rules.md §2: only three doubles in one turn jail; doubles in earlier turns don't
    count."""
    g = new_game(2)
    give(g, 0, 6, 9, 16, 21)
    give(g, 1, 5)
    rig_dice(g, (3, 3), (1, 2), (2, 3), (3, 4), (2, 2), (3, 3))
    g.apply(0, "roll")  # doubles -> 6
    g.apply(0, "roll")  # 3 -> 9
    g.apply(0, "end")
    g.apply(1, "roll")  # 5 -> own railroad
    g.apply(1, "end")
    g.apply(0, "roll")  # 7 -> 16
    g.apply(0, "end")
    g.apply(1, "roll")  # 4 doubles -> 9 (p0's street: rent 8)
    g.apply(1, "roll")  # 6 doubles -> 15
    assert not g.players[1].in_jail
    assert g.players[1].position == 15


def test_passing_go_pays_200() -> None:
    """docs/rules.md §2: passing GO pays 200."""
    g = new_game(2)
    give(g, 0, 3)
    g.players[0].position = 36
    rig_dice(g, (3, 4))
    events = g.apply(0, "roll")
    assert g.players[0].position == 3
    assert g.players[0].cash == 1700
    assert E.Paid(BANK, 0, 200, "go") in events


def test_landing_on_go_pays_200() -> None:
    """docs/rules.md §2: landing on GO pays 200 (once)."""
    g = new_game(2)
    g.players[0].position = 33
    rig_dice(g, (3, 4))
    g.apply(0, "roll")
    assert g.players[0].position == 0
    assert g.players[0].cash == 1700


def test_card_to_go_after_passing_go_pays_twice() -> None:
    """docs/rules.md §2: GO pays twice in one trip when a card sends you to GO after passing it."""
    g = new_game(2)
    g.players[0].position = 36
    stack_deck(g, "community_chest", "community_chest_advance_to_go")
    rig_dice(g, (2, 4))  # 36 + 6 -> 2 (Community Chest), passing GO
    g.apply(0, "roll")
    assert g.players[0].position == 0
    assert g.players[0].cash == 1900


def test_go_to_jail_square_never_pays_go() -> None:
    """docs/rules.md §2: going to jail never pays the GO salary (Go To Jail square)."""
    g = new_game(2)
    g.players[0].position = 25
    rig_dice(g, (2, 3))
    events = g.apply(0, "roll")
    p = g.players[0]
    assert p.position == 10 and p.in_jail
    assert p.cash == 1500
    assert not any(isinstance(e, E.PassedGo) for e in events)


def test_third_doubles_past_go_never_pays_go() -> None:
    """docs/rules.md §2: third doubles whose move would pass GO: to jail, and no GO salary."""
    g = new_game(2)
    give(g, 0, 31, 35)
    g.players[0].position = 27
    rig_dice(g, (2, 2), (2, 2), (3, 3))  # 31, 35, then 35 + 6 would pass GO
    g.apply(0, "roll")
    g.apply(0, "roll")
    events = g.apply(0, "roll")
    p = g.players[0]
    assert p.position == 10 and p.in_jail
    assert p.cash == 1500
    assert not any(isinstance(e, E.PassedGo) for e in events)


def test_tokens_may_share_a_square() -> None:
    """docs/rules.md §2: two or more tokens may share a square."""
    g = new_game(3)
    give(g, 0, 9)
    rig_dice(g, (4, 5), (4, 5))
    g.apply(0, "roll")
    g.apply(0, "end")
    g.apply(1, "roll")
    assert g.players[0].position == g.players[1].position == 9
    assert g.players[1].cash == 1500 - 8  # rent still due, nothing else happens


def test_management_allowed_during_other_players_turns() -> None:
    """docs/rules.md §2: between rolls and during others' turns a player may build, mortgage,
    trade."""
    g = new_game(3)
    give(g, 1, 1, 3)
    give(g, 2, 5)
    assert g.pending == 0 and g.phase_name == "pre_roll"
    legal1 = g.legal_actions(1)
    assert A.BUILD[1] in legal1 and A.BUILD[3] in legal1
    assert A.MORTGAGE[1] in legal1
    assert any(isinstance(a, A.TradeTemplate) for a in legal1)
    assert A.MORTGAGE[5] in g.legal_actions(2)
    assert A.ROLL not in legal1
    g.apply(1, "build 1")
    assert g.level[1] == 1
    assert g.players[1].cash == 1450
    g.apply(2, "mortgage 5")
    assert g.mortgaged[5]
    assert g.players[2].cash == 1600
    assert g.pending == 0  # still seat 0's turn to roll


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    """docs/rules.md §2 (protocol): an illegal action raises IllegalActionError, state unchanged."""
    g = new_game(3, seed=3)
    cases = [
        (1, A.ROLL),  # not seat 1's turn
        (0, A.END_TURN),  # must roll first
        (0, A.BUY),  # nothing to buy
        (0, A.Bid(10)),  # no auction
        (0, A.BUILD[1]),  # does not own it
        (0, A.MORTGAGE[39]),
        (0, A.PAY_JAIL_FINE),  # not in jail
        (5, A.ROLL),  # no such seat
    ]
    for seat, action in cases:
        before = snapshot_text(g)
        assert not g.is_legal(seat, action)
        assert g.why_illegal(seat, action)
        with pytest.raises(IllegalActionError):
            g.apply(seat, action)
        with pytest.raises(IllegalActionError):
            g.apply(seat, action.text())
        assert snapshot_text(g) == before
    # also in the buy phase: end and bid are illegal there
    give(g, 0, 6)
    rig_dice(g, (4, 5))
    g.apply(0, "roll")
    _unrig(g)
    assert g.phase_name == "buy"
    for seat, action in [(0, A.END_TURN), (0, A.ROLL), (1, A.BUY), (1, A.DECLINE)]:
        before = snapshot_text(g)
        with pytest.raises(IllegalActionError):
            g.apply(seat, action)
        assert snapshot_text(g) == before
    assert g.history[-1] == (0, A.ROLL)


@pytest.mark.parametrize(
    "text",
    ["", "fly", "roll 3", "bid", "bid x", "bid -5", "bid 0", "build 40", "build",
     "mortgage five", "propose 1 give=$10", "raise sell=39 mortgage=-"],
)
def test_bad_text_raises_malformed_action_error(text: object) -> None:
    """docs/rules.md §2 (protocol): text that is not an action raises MalformedActionError."""
    g = new_game(2, seed=4)
    before = snapshot_text(g)
    with pytest.raises(MalformedActionError):
        g.apply(0, text)  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError):
        A.parse_action(text)  # type: ignore[arg-type]
    assert snapshot_text(g) == before
    assert issubclass(MalformedActionError, IllegalActionError)
