"""Just Say No (docs/deal-rules.md § Deck and § Actions)."""

from __future__ import annotations

from monopoly.deal.actions import ACCEPT, Pay, PlayBirthday, PlayRent, PlaySly, SayNo
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.position import PLAY, RESPOND
from monopoly.deal.testing import arrange, card

GREEN = 6


def _sly(rules: DealRules | None = None, attacker: list[str] | None = None,
         target: list[str] | None = None) -> Game:
    """Seat 0 plays a Sly Deal for seat 1's Pacific Avenue."""
    g = arrange(rules, hands={0: ["sly_deal", *(attacker or [])], 1: target or ["just_say_no"]},
                piles={1: {"green": ["pacific_avenue"]}})
    g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "pacific_avenue")))
    return g


def test_just_say_no_cancels_an_action() -> None:
    """docs/deal-rules.md § Deck: Just Say No cancels an action played against you."""
    g = _sly()
    jsn = card(g, "just_say_no")
    assert SayNo(jsn) in g.legal_actions(1)
    g.apply(1, SayNo(jsn))
    assert g.pending == 0  # the attacker may answer, or accept the cancellation
    g.apply(0, ACCEPT)
    assert g.piles[1][GREEN] == [card(g, "pacific_avenue")] and g.phase == PLAY
    assert jsn in g.discard


def test_just_say_no_answered_by_another() -> None:
    """docs/deal-rules.md § Actions: Just Say No can be answered by another Just Say No, and so
    on."""
    g = _sly(attacker=["just_say_no"], target=["just_say_no", "just_say_no"])
    a1 = next(c for c in g.hands[0] if g.deck.card_keys[c] == "just_say_no")
    t1, t2 = (c for c in g.hands[1] if g.deck.card_keys[c] == "just_say_no")
    g.apply(1, SayNo(t1))
    g.apply(0, SayNo(a1))  # the action stands again: the target answers
    assert g.pending == 1 and g.request is not None and g.request.nos == 2
    g.apply(1, SayNo(t2))
    assert g.pending == 0
    assert g.legal_actions(0) == [ACCEPT]  # no Just Say No left
    g.apply(0, ACCEPT)
    assert g.piles[1][GREEN] == [card(g, "pacific_avenue")]


def test_countered_just_say_no_lets_the_action_act() -> None:
    """docs/deal-rules.md § Actions: an answered Just Say No is itself cancelled."""
    g = _sly(attacker=["just_say_no"])
    g.apply(1, SayNo(g.hands[1][0]))
    g.apply(0, SayNo(g.hands[0][0]))
    assert g.pending == 1 and g.legal_actions(1) == [ACCEPT]
    g.apply(1, ACCEPT)
    assert g.piles[0][GREEN] == [card(g, "pacific_avenue")]


def test_just_say_no_uses_no_play() -> None:
    """docs/deal-rules.md § Actions (silent): Just Say No uses none of the answering player's
    plays."""
    g = _sly(attacker=["just_say_no"])
    g.apply(1, SayNo(g.hands[1][0]))
    g.apply(0, SayNo(g.hands[0][0]))
    assert g.plays_left == 2  # the Sly Deal only


def test_just_say_no_uses_a_play_option() -> None:
    """Option jsn_uses_play: the player on turn spends a play on a Just Say No, and cannot
    answer with none left."""
    g = _sly(DealRules(jsn_uses_play=True, plays_per_turn=1), attacker=["just_say_no"])
    g.apply(1, SayNo(g.hands[1][0]))
    assert g.legal_actions(0) == [ACCEPT]
    assert "no plays left" in (g.why_illegal(0, SayNo(g.hands[0][0])) or "")


def test_only_a_held_just_say_no() -> None:
    """docs/deal-rules.md § Deck: a Just Say No must be in the answering player's hand."""
    g = _sly(target=["money_1"])
    assert g.legal_actions(1) == [ACCEPT]
    assert not g.is_legal(1, SayNo(card(g, "just_say_no")))


def test_each_target_answers_alone() -> None:
    """docs/deal-rules.md § Actions: against a birthday aimed at several players each target answers
    on their own."""
    g = arrange(players=3, hands={0: ["birthday"], 1: ["just_say_no"]},
                banks={1: ["money_2"], 2: ["money_2"]})
    g.apply(0, PlayBirthday(card(g, "birthday")))
    g.apply(1, SayNo(card(g, "just_say_no")))
    g.apply(0, ACCEPT)
    assert g.pending == 2 and g.phase == RESPOND
    g.apply(2, Pay((card(g, "money_2", 1),)))
    assert g.banks[0] == [card(g, "money_2", 1)] and g.banks[1] == [card(g, "money_2")]


def test_just_say_no_against_doubled_rent() -> None:
    """docs/deal-rules.md § Actions: Just Say No cancels the rent with its Double The Rent."""
    g = arrange(hands={0: ["rent_any", "double_rent"], 1: ["just_say_no"]},
                piles={0: {"dark_blue": ["boardwalk"]}}, banks={1: ["money_10"]})
    g.apply(0, PlayRent(card(g, "rent_any"), 7, 1, (card(g, "double_rent"),)))
    g.apply(1, SayNo(card(g, "just_say_no")))
    g.apply(0, ACCEPT)
    assert g.banks[1] == [card(g, "money_10")] and g.plays_left == 1


def test_no_just_say_no_skipped_when_not_asked() -> None:
    """Option ask_without_choice False: an attacker without a Just Say No accepts the
    cancellation at once."""
    g = _sly(DealRules(ask_without_choice=False))
    g.apply(1, SayNo(g.hands[1][0]))
    assert g.phase == PLAY and g.pending == 0


def test_target_asked_even_without_just_say_no() -> None:
    """docs/deal-rules.md § Players and hidden information: by default the target is asked even with
    no Just Say No, so the pause reveals nothing about the hand."""
    g = _sly(target=["money_1"])
    assert g.pending == 1 and g.legal_actions(1) == [ACCEPT]
