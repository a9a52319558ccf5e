"""Paying debts in Deal (docs/deal-rules.md § Paying)."""

from __future__ import annotations

from monopoly.deal.actions import Pay, PayTemplate, PlayDebt, PlayRent, PlaySly, SayNo
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.position import P_BANK, P_HOUSE, P_PILE, PLAY
from monopoly.deal.testing import arrange, card

BROWN, LIGHT_BLUE, PINK, ORANGE, RED, YELLOW, GREEN, DARK_BLUE, RAILROAD, UTILITY = range(10)
GREEN_SET = ["pacific_avenue", "north_carolina_avenue", "pennsylvania_avenue"]


def _debt(bank: list[str], piles: dict[str, list[str]] | None = None,
          hand: list[str] | None = None, rules: DealRules | None = None,
          buildings: dict[str, list[str]] | None = None) -> Game:
    """Seat 1 owes seat 0 a Debt Collector's 5M."""
    g = arrange(rules, hands={0: ["debt_collector"], 1: hand or []}, banks={1: bank},
                piles={1: piles or {}}, buildings={1: buildings or {}})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
    return g


def test_pay_from_the_table_never_from_the_hand() -> None:
    """docs/deal-rules.md § Paying: pay from the table only, never from the hand."""
    g = _debt(["money_1"], hand=["money_10"])
    assert "a hand never pays" in (g.why_illegal(1, Pay((card(g, "money_10"),))) or "")


def test_payer_chooses_the_cards_no_change() -> None:
    """docs/deal-rules.md § Paying: the payer chooses the cards; no change is given."""
    g = _debt(["money_1", "money_10"], piles={"green": ["pacific_avenue"]})
    [template] = g.legal_actions(1)
    assert isinstance(template, PayTemplate) and template.amount == 5
    assert not g.is_legal(1, Pay((card(g, "money_1"),)))  # 1M does not cover 5M
    g.apply(1, Pay((card(g, "money_10"),)))
    assert g.banks[0] == [card(g, "money_10")] and g.banks[1] == [card(g, "money_1")]


def test_properties_may_pay_and_go_to_the_collection() -> None:
    """docs/deal-rules.md § Paying: properties pay too; received properties go to the receiver's
    collection (a wildcard keeps its colour), money to the bank."""
    g = _debt(["money_1"], piles={"green": ["pacific_avenue", "wild_green_railroad"]})
    wild, pacific = card(g, "wild_green_railroad"), card(g, "pacific_avenue")
    g.apply(1, Pay((wild, card(g, "money_1"))))
    assert g.piles[0][GREEN] == [wild] and g.place[wild] == P_PILE
    assert g.banks[0] == [card(g, "money_1")]
    assert g.piles[1][GREEN] == [pacific]


def test_short_payer_pays_everything() -> None:
    """docs/deal-rules.md § Paying: a player who cannot cover the debt pays everything on the
    table."""
    g = _debt(["money_1", "money_2"], piles={"brown": ["baltic_avenue"]})
    everything = (card(g, "money_1"), card(g, "money_2"), card(g, "baltic_avenue"))
    assert g.legal_actions(1) == [Pay(everything)]
    assert "pay more, or everything" in (g.why_illegal(1, Pay(everything[:2])) or "")
    g.apply(1, Pay(everything))
    assert g.worth(1) == 0 and g.worth(0) == 4


def test_empty_table_pays_nothing_and_stays() -> None:
    """docs/deal-rules.md § Paying: with nothing on the table nothing is paid; the player stays."""
    g = _debt([])
    assert g.legal_actions(1) == [Pay(())]
    g.apply(1, Pay(()))
    assert g.phase == PLAY and g.pending == 0 and not g.is_over


def test_any_colour_wild_can_never_pay() -> None:
    """docs/deal-rules.md § Deck: the any-colour wild has no value and can never pay a debt."""
    g = _debt(["money_1"], piles={"green": ["wild_any", "pacific_avenue"]})
    wild = card(g, "wild_any")
    assert "no value" in (g.why_illegal(1, Pay((wild, card(g, "money_1")))) or "")
    # short: everything but the wild
    g.apply(1, Pay((card(g, "money_1"), card(g, "pacific_avenue"))))
    assert g.piles[1][GREEN] == [wild]


def test_set_that_stops_being_full_loses_buildings_to_bank() -> None:
    """docs/deal-rules.md § Paying (silent): a set that stops being full loses its buildings to the
    owner's bank."""
    g = _debt([], piles={"green": GREEN_SET}, buildings={"green": ["house"]})
    house = card(g, "house")
    g.apply(1, Pay((card(g, "pennsylvania_avenue"), card(g, "north_carolina_avenue"))))
    assert g.house[1][GREEN] == -1 and g.place[house] == P_BANK and g.owner[house] == 1


def test_broken_set_buildings_discard_option() -> None:
    """docs/deal-rules.md § Paying (silent), option buildings_on_broken_set = discard."""
    g = _debt([], piles={"green": GREEN_SET}, buildings={"green": ["house"]},
              rules=DealRules(buildings_on_broken_set="discard"))
    g.apply(1, Pay((card(g, "pennsylvania_avenue"), card(g, "north_carolina_avenue"))))
    assert card(g, "house") in g.discard


def test_buildings_pay_and_need_a_set_to_stand_on() -> None:
    """docs/deal-rules.md § Paying: buildings pay with their value; a house received without a full
    set to stand on goes to the receiver's bank (silent)."""
    g = _debt([], piles={"green": GREEN_SET}, buildings={"green": ["house"]})
    house = card(g, "house")
    g.apply(1, Pay((house, card(g, "pacific_avenue"))))
    assert g.place[house] == P_BANK and g.owner[house] == 0
    assert g.house[1][GREEN] == -1  # the set went short with the pacific avenue


def test_building_received_stands_on_a_full_set() -> None:
    """docs/deal-rules.md § Paying: a building received with a full set to stand on is placed there
    (option received_buildings = "place"; "bank" keeps it as money)."""
    for option, placed in (("place", True), ("bank", False)):
        g = arrange(DealRules(received_buildings=option), hands={0: ["debt_collector"]},
                    piles={0: {"dark_blue": ["park_place", "boardwalk"]},
                           1: {"green": GREEN_SET}},
                    buildings={1: {"green": ["house"]}})
        g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
        house = card(g, "house")
        g.apply(1, Pay((house, card(g, "pacific_avenue"))))
        assert (g.house[0][DARK_BLUE] == house) is placed
        assert (g.place[house] == P_HOUSE) is placed


def test_house_cannot_leave_while_its_hotel_stands() -> None:
    """docs/deal-rules.md § Deck: a hotel needs a house, so a house pays only with its hotel."""
    g = _debt([], piles={"green": GREEN_SET}, buildings={"green": ["house", "hotel"]})
    why = g.why_illegal(1, Pay((card(g, "house"), card(g, "pacific_avenue"))))
    assert why is not None and "hotel too" in why
    assert g.is_legal(1, Pay((card(g, "hotel"), card(g, "pacific_avenue"))))


def test_forced_payment_is_automatic_when_asked_without_choice_is_off() -> None:
    """Option ask_without_choice False: a payer without choice and without a Just Say No
    pays at once (simulations)."""
    g = _debt(["money_1"], rules=DealRules(ask_without_choice=False))
    assert g.phase == PLAY and g.banks[0] == [card(g, "money_1")]


def test_rent_from_each_target_in_turn() -> None:
    """docs/deal-rules.md § Deck: two-colour rent charges every other player, each pays on their
    own."""
    g = arrange(players=3, hands={0: ["rent_red_yellow"]},
                piles={0: {"red": ["kentucky_avenue", "indiana_avenue"]}},
                banks={1: ["money_3"], 2: ["money_1", "money_1"]})
    g.apply(0, PlayRent(card(g, "rent_red_yellow"), RED))
    g.apply(1, Pay((card(g, "money_3"),)))
    assert g.pending == 2
    g.apply(2, Pay((card(g, "money_1"), card(g, "money_1", 1))))
    assert g.worth(0) == 5 + 3 + 3 and g.phase == PLAY


def test_payment_is_not_a_sly_deal() -> None:
    """docs/deal-rules.md § Paying: only a debt is paid; Pay is no answer to a Sly Deal."""
    g = arrange(hands={0: ["sly_deal"], 1: ["just_say_no"]},
                piles={1: {"brown": ["baltic_avenue"]}})
    g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "baltic_avenue")))
    assert g.why_illegal(1, Pay(())) == "nothing to pay now"
    assert g.is_legal(1, SayNo(card(g, "just_say_no")))
