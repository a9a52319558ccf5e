"""The Deal core on the shared protocol (monopoly.core.protocol): the constructor, who must
act (one Decision), the records as methods, the registry, and the integer action table
for reinforcement learning (monopoly.deal.action_ids)."""

from __future__ import annotations

import ast
import random
import re
import types
from pathlib import Path

import pytest

import monopoly.deal.action_ids as ids
from monopoly.core import GameCore, make
from monopoly.core.decision import Decision
from monopoly.core.errors import MalformedActionError, RulesError
from monopoly.core.registry import spec
from monopoly.deal import Game, record_lines, snapshot, state_hash
from monopoly.deal.actions import (
    ACCEPT,
    END,
    Discard,
    DiscardTemplate,
    MoveWild,
    Pay,
    PayTemplate,
    PlayBirthday,
    PlayDebt,
    PlayProperty,
    PlaySly,
    SayNo,
)
from monopoly.deal.options import DealRules, deal_preset
from monopoly.deal.players import random_action
from monopoly.deal.testing import arrange, card, held
from monopoly.deal.view import DealView, SeatView
from monopoly.lab.deal.conformance import RULE_VARIANTS, check_action_table

# ------------------------------------------------------------------ the protocol


def test_the_deal_is_a_game_core() -> None:
    g = Game(["Ann", "Bob", "Cleo"], 3)
    assert isinstance(g, GameCore)
    assert g.seat_names == ("Ann", "Bob", "Cleo") and g.seed == 3
    assert g.rules == DealRules() and g.turn_number == 1 and g.history == []
    assert isinstance(g.view(0), DealView) and isinstance(g.seat_view(0), SeatView)


def test_the_constructor_takes_seats_seed_then_rules() -> None:
    g = Game(2, 5, deal_preset("quick"), deck="standard", events=False)
    assert g.seat_names == ("P0", "P1") and g.rules.sets_to_win == 1 and g.events is None
    with pytest.raises(RulesError, match="2 to 5 players"):
        Game(6, 0)
    if isinstance(Game.__init__, types.FunctionType):  # pure Python: the engine's check
        with pytest.raises(RulesError, match="the seed must be an integer"):
            Game(2, "7")  # type: ignore[arg-type]
    else:  # compiled with mypyc: the typed constructor refuses it first
        with pytest.raises(TypeError):
            Game(2, "7")  # type: ignore[arg-type]


def test_make_deal_through_the_registry() -> None:
    g = make("deal", seats=["Ann", "Bob", "Cleo"], seed=3, sets_to_win=2)
    assert isinstance(g, Game) and g.rules.sets_to_win == 2
    assert make("deal", seats=2, seed=1, rules="simulation").rules.turn_cap == 400
    assert make("deal", seats=2, seed=1, rules={"hand_limit": 5}, events=False).events is None
    found = spec("deal")
    assert found.record_format == "monopoly-deal-record/1"
    assert found.snapshot_format == "monopoly-deal-snapshot/1"
    assert found.parse_action("end") == END
    g = make("deal", seats=2, seed=4)
    g.apply(0, END)
    again = found.replay(g.record_lines())
    assert again.state_hash() == g.state_hash()
    assert found.restore(g.snapshot()).state_hash() == g.state_hash()


def test_records_and_snapshots_as_methods() -> None:
    g = Game(["Ann", "Bob"], 9)
    rng = random.Random(9)
    for _ in range(40):
        seat = g.pending
        assert seat is not None
        g.apply(seat, random_action(g, seat, rng))
    assert g.snapshot() == snapshot(g) and g.state_hash() == state_hash(g)
    assert g.record_lines() == record_lines(g)
    back = Game.from_snapshot(g.snapshot())
    assert back.snapshot() == g.snapshot() and back.history == g.history


def test_the_outcome_keeps_its_serialised_fields() -> None:
    g = Game(2, 1, DealRules(turn_cap=3))
    rng = random.Random(1)
    while not g.is_over:
        seat = g.pending
        assert seat is not None
        g.apply(seat, random_action(g, seat, rng))
    assert g.outcome is not None
    assert list(g.outcome.to_dict()) == ["reason", "winner", "ranking", "worth"]
    assert g.decision() == Decision("over", (), g.turn_number) and g.pending is None
    assert g.pending_seats() == [] and g.legal_actions(0) == []


# ------------------------------------------------------------------ decisions


def test_decision_kinds() -> None:
    """docs/deal-rules.md § Actions: the target pays or answers, the attacker answers a Just Say
    No; § Turn 4: a discard down to the hand limit."""
    g = arrange(players=3, hands={0: ["birthday", "sly_deal"], 1: ["just_say_no"]},
                banks={1: ["money_2"], 2: ["money_1", "money_3"]},
                piles={1: {"brown": ["baltic_avenue"]}})
    first = g.decision()
    assert first == Decision("play", (0,), 1, step=3)
    g.apply(0, PlayBirthday(card(g, "birthday")))
    d = g.decision()
    assert (d.kind, d.seats, d.subject, d.low, d.high, d.step) == (
        "pay", (1,), card(g, "birthday"), 2, 3, 0)
    g.apply(1, SayNo(held(g, 1, "just_say_no")))
    assert g.decision().kind == "answer_no" and g.decision().seats == (0,)
    assert g.decision().step == 1 and g.pending_seats() == [0]
    g.apply(0, ACCEPT)
    assert g.decision().kind == "pay" and g.pending == 2 and g.decision().high == 4
    g.apply(2, g.action_from_id(3))
    assert g.decision() == Decision("play", (0,), 1, step=2)
    g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "baltic_avenue")))
    assert g.decision().kind == "respond" and g.decision().seats == (1,)


def test_a_discard_decision_names_the_count() -> None:
    g = arrange(hands={0: ["money_1"] * 6 + ["money_2"] * 4})
    g.apply(0, END)
    assert g.decision() == Decision("discard", (0,), 1, low=3, high=3)
    assert g.legal_actions(0) == [DiscardTemplate(3, tuple(g.hands[0]))]


def test_a_play_is_a_new_decision_a_wildcard_move_is_not() -> None:
    """The web server's turn clock restarts when the decision changes."""
    g = arrange(hands={0: ["money_1", "mediterranean_avenue"]},
                piles={0: {"pink": ["wild_pink_orange"]}})
    before = g.decision()
    g.apply(0, MoveWild(card(g, "wild_pink_orange"), 3))
    assert g.decision() == before
    g.apply(0, PlayProperty(card(g, "mediterranean_avenue"), 0))
    assert g.decision() != before and g.decision().step == before.step - 1


def test_the_decision_drives_legality() -> None:
    g = arrange(players=3, hands={0: ["debt_collector"]}, banks={2: ["money_5"]})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 2))
    assert g.pending == 2 and g.decision().kind == "pay"
    assert g.why_illegal(0, END) == "it is seat 2's decision, not seat 0's"
    assert g.why_illegal(2, END) == "seat 2 must answer the action first"
    assert g.why_illegal(2, ACCEPT) == "seat 2 must pay 5M (or say no)"


# ------------------------------------------------------------------ the action table


def test_the_documented_layout() -> None:
    """The module docstring's table is the standard deck's layout."""
    table = ids.table_of(Game(2, 0).deck)
    # from the source: a module compiled with mypyc keeps no docstring
    source = Path(ids.__file__).parent / "action_ids.py"
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    rows = re.findall(r"^(\d+)(?:-(\d+))?\s+(\d+)\s+``", doc, flags=re.M)
    starts = [(int(a), int(b or a), int(n)) for a, b, n in rows]
    got = [(start, start + count - 1, count) for _, start, count in table.ranges()]
    assert starts == got
    assert table.size == 1994 == Game(2, 0).num_actions
    assert f"``num_actions`` is {table.size}" in doc


def test_ids_of_actions_and_back() -> None:
    g = arrange(players=3, hands={0: ["sly_deal", "sly_deal", "rent_any", "double_rent",
                                      "money_1"]},
                piles={0: {"red": ["kentucky_avenue"]}, 1: {"brown": ["baltic_avenue"]}})
    first, second = (c for c in g.hands[0] if g.deck.card_keys[c] == "sly_deal")
    take = card(g, "baltic_avenue")
    i = g.action_id(PlaySly(first, take))
    assert g.action_id(PlaySly(second, take)) == i  # copies are interchangeable
    assert g.action_from_id(i) == PlaySly(first, take)  # the first in the hand
    assert g.legal_action_mask(0)[i] and not g.legal_action_mask(1)[i]
    assert g.action_id(END) == 0 and g.action_id(ACCEPT) == 1
    with pytest.raises(MalformedActionError, match="no id"):
        g.action_id(Pay((1, 2, 3)))
    with pytest.raises(MalformedActionError, match="no id"):
        g.action_id(PayTemplate(2, ()))
    with pytest.raises(MalformedActionError, match="no action id"):
        g.action_from_id(g.num_actions)


def test_payment_and_discard_choices() -> None:
    """The table's payments: bank first (the greedy bot's), the largest first, the
    table first; a payer short of the debt hands over everything in all three."""
    g = arrange(players=2, hands={0: ["debt_collector"]},
                banks={1: ["money_1", "money_4"]}, piles={1: {"brown": ["baltic_avenue"]}})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
    bank_first, largest, table_first = (g.action_from_id(i) for i in range(3, 6))
    key = g.deck.card_keys
    assert isinstance(bank_first, Pay) and isinstance(largest, Pay)
    assert isinstance(table_first, Pay)
    assert [key[c] for c in bank_first.cards] == ["money_1", "money_4"]
    assert [key[c] for c in largest.cards] == ["money_4", "money_1"]
    assert [key[c] for c in table_first.cards] == ["baltic_avenue", "money_1", "money_4"]
    mask = g.legal_action_mask(1)
    assert mask[3:6] == [True, True, True] and sum(mask) == 3
    assert g.action_id(largest) == 4
    h = arrange(hands={0: ["money_1"] * 6 + ["pass_go", "boardwalk", "money_10"]})
    h.apply(0, END)
    cheapest = h.action_from_id(6)
    assert isinstance(cheapest, Discard) and len(cheapest.cards) == 2
    assert all(h.deck.value[c] == 1 for c in cheapest.cards)
    boardwalk = h.deck.type_of[card(h, "boardwalk")]
    keep = h.action_from_id(7 + boardwalk)
    assert isinstance(keep, Discard) and keep.cards[0] == card(h, "boardwalk")
    assert h.is_legal(0, keep)
    park_place = h.deck.type_of[card(h, "park_place")]
    absent = h.action_from_id(7 + park_place)
    assert not h.is_legal(0, absent) and not h.legal_action_mask(0)[7 + park_place]


@pytest.mark.parametrize("seed", range(8))
def test_the_table_agrees_with_the_rules_in_random_games(seed: int) -> None:
    """For every id in positions of random games (every player count and rule variant):
    ``mask[id] == is_legal(action_from_id(id))``, legal entries have ids that give them
    back, and an illegal action changes nothing."""
    variant = dict(RULE_VARIANTS[seed % len(RULE_VARIANTS)], turn_cap=40)
    g = Game(2 + seed % 4, 100 + seed, DealRules.from_dict(variant))
    rng = random.Random(seed)
    checked = 0
    while not g.is_over:
        if checked % 4 == 0:
            assert check_action_table(g) is None
        checked += 1
        seat = g.pending
        assert seat is not None
        g.apply(seat, random_action(g, seat, rng))
    assert checked > 20
