"""Deal action cards and rent (docs/deal-rules.md § Deck, action and rent cards; § Actions)."""

from __future__ import annotations

import pytest

from monopoly.deal.actions import (
    ACCEPT,
    Pay,
    PayTemplate,
    PlayBank,
    PlayBirthday,
    PlayBreaker,
    PlayDebt,
    PlayForced,
    PlayHotel,
    PlayHouse,
    PlayPassGo,
    PlayRent,
    PlaySly,
)
from monopoly.deal.options import DealRules
from monopoly.deal.position import RESPOND
from monopoly.deal.testing import arrange, card

BROWN, LIGHT_BLUE, PINK, ORANGE, RED, YELLOW, GREEN, DARK_BLUE, RAILROAD, UTILITY = range(10)
DARK_BLUE_SET = ["park_place", "boardwalk"]
GREEN_SET = ["pacific_avenue", "north_carolina_avenue", "pennsylvania_avenue"]


def test_pass_go_draws_two() -> None:
    """docs/deal-rules.md § Deck: Pass Go, draw 2 cards; the card goes to the discard pile."""
    g = arrange(hands={0: ["pass_go"]})
    pg = card(g, "pass_go")
    g.apply(0, PlayPassGo(pg))
    assert len(g.hands[0]) == 2 and g.discard == [pg] and g.plays_left == 2


def test_birthday_every_other_player_pays_two() -> None:
    """docs/deal-rules.md § Deck: It's My Birthday, every other player pays you 2M."""
    g = arrange(players=3, hands={0: ["birthday"]}, banks={1: ["money_2"], 2: ["money_2"]})
    g.apply(0, PlayBirthday(card(g, "birthday")))
    assert g.pending == 1
    g.apply(1, Pay((card(g, "money_2"),)))
    assert g.pending == 2
    g.apply(2, Pay((card(g, "money_2", 1),)))
    assert sorted(g.banks[0]) == [card(g, "money_2"), card(g, "money_2", 1)]
    assert g.pending == 0 and g.request is None


def test_debt_collector_one_player_pays_five() -> None:
    """docs/deal-rules.md § Deck: Debt Collector, one player pays you 5M."""
    g = arrange(players=3, hands={0: ["debt_collector"]}, banks={2: ["money_3", "money_2",
                                                                    "money_1"]})
    dc = card(g, "debt_collector")
    assert not g.is_legal(0, PlayDebt(dc, 0))
    g.apply(0, PlayDebt(dc, 2))
    [pay, *_] = g.legal_actions(2)
    assert pay == PayTemplate(5, tuple(g.banks[2]))
    g.apply(2, Pay((card(g, "money_3"), card(g, "money_2"))))
    assert g.worth(0) == 5 and g.banks[2] == [card(g, "money_1")]


def test_sly_deal_takes_one_property_not_from_a_full_set() -> None:
    """docs/deal-rules.md § Deck: Sly Deal takes one property, not from a full set."""
    g = arrange(hands={0: ["sly_deal"]},
                piles={1: {"dark_blue": DARK_BLUE_SET, "green": ["pacific_avenue"]}})
    sly = card(g, "sly_deal")
    assert "full set" in (g.why_illegal(0, PlaySly(sly, card(g, "boardwalk"))) or "")
    g.apply(0, PlaySly(sly, card(g, "pacific_avenue")))
    g.apply(1, ACCEPT)
    assert g.piles[0][GREEN] == [card(g, "pacific_avenue")] and g.piles[1][GREEN] == []


def test_sly_deal_can_take_a_wildcard() -> None:
    """docs/deal-rules.md § Actions: Sly Deal can take wildcards; the wild keeps its colour."""
    g = arrange(hands={0: ["sly_deal"]}, piles={1: {"railroad": ["wild_green_railroad"]}})
    wild = card(g, "wild_green_railroad")
    g.apply(0, PlaySly(card(g, "sly_deal"), wild))
    g.apply(1, ACCEPT)
    assert g.piles[0][RAILROAD] == [wild]


def test_forced_deal_swaps_neither_from_a_full_set() -> None:
    """docs/deal-rules.md § Deck: Forced Deal swaps one of yours for one of theirs; neither from a
    full set."""
    g = arrange(hands={0: ["forced_deal"]},
                piles={0: {"brown": ["baltic_avenue"], "dark_blue": DARK_BLUE_SET},
                       1: {"green": ["pacific_avenue"], "utility": ["water_works",
                                                                    "electric_company"]}})
    fd = card(g, "forced_deal")
    baltic, pacific = card(g, "baltic_avenue"), card(g, "pacific_avenue")
    assert not g.is_legal(0, PlayForced(fd, card(g, "boardwalk"), pacific))
    assert not g.is_legal(0, PlayForced(fd, baltic, card(g, "water_works")))
    assert not g.is_legal(0, PlayForced(fd, pacific, baltic))  # give theirs, take mine
    g.apply(0, PlayForced(fd, baltic, pacific))
    g.apply(1, ACCEPT)
    assert g.piles[0][GREEN] == [pacific] and g.piles[1][BROWN] == [baltic]


def test_deal_breaker_takes_whole_pile_with_buildings() -> None:
    """docs/deal-rules.md § Actions (silent): Deal Breaker takes the whole pile, extras and house
    and
    hotel included."""
    g = arrange(hands={0: ["deal_breaker"]},
                piles={1: {"green": [*GREEN_SET, "wild_dark_blue_green"]}},
                buildings={1: {"green": ["house", "hotel"]}})
    db = card(g, "deal_breaker")
    assert not g.is_legal(0, PlayBreaker(db, 1, PINK))
    g.apply(0, PlayBreaker(db, 1, GREEN))
    g.apply(1, ACCEPT)
    assert len(g.piles[0][GREEN]) == 4 and g.piles[1][GREEN] == []
    assert g.house[0][GREEN] == card(g, "house") and g.hotel[0][GREEN] == card(g, "hotel")
    assert g.rent_of(0, GREEN) == 7 + 3 + 4


def test_deal_breaker_option_takes_just_the_set() -> None:
    """docs/deal-rules.md § Actions, option deal_breaker_takes_extras False: just a full set."""
    g = arrange(DealRules(deal_breaker_takes_extras=False), hands={0: ["deal_breaker"]},
                piles={1: {"green": ["wild_dark_blue_green", *GREEN_SET]}})
    g.apply(0, PlayBreaker(card(g, "deal_breaker"), 1, GREEN))
    g.apply(1, ACCEPT)
    assert sorted(g.piles[0][GREEN]) == sorted(card(g, k) for k in GREEN_SET)
    assert g.piles[1][GREEN] == [card(g, "wild_dark_blue_green")]


def test_house_only_on_a_full_set() -> None:
    """docs/deal-rules.md § Deck: a house goes on a full set, one per set."""
    g = arrange(hands={0: ["house", "house"]},
                piles={0: {"green": GREEN_SET[:2], "dark_blue": DARK_BLUE_SET}})
    h1, h2 = card(g, "house"), card(g, "house", 1)
    assert not g.is_legal(0, PlayHouse(h1, GREEN))
    g.apply(0, PlayHouse(h1, DARK_BLUE))
    assert "already has a house" in (g.why_illegal(0, PlayHouse(h2, DARK_BLUE)) or "")
    assert g.rent_of(0, DARK_BLUE) == 8 + 3


def test_no_buildings_on_railroads_or_utilities() -> None:
    """docs/deal-rules.md § Deck: houses and hotels not on railroads or utilities."""
    g = arrange(hands={0: ["house"]}, piles={0: {"utility": ["water_works",
                                                             "electric_company"]}})
    assert "no buildings on utility" in (
        g.why_illegal(0, PlayHouse(card(g, "house"), UTILITY)) or "")


def test_hotel_needs_a_house() -> None:
    """docs/deal-rules.md § Deck: a hotel goes on a full set that has a house."""
    g = arrange(hands={0: ["hotel", "house"]}, piles={0: {"dark_blue": DARK_BLUE_SET}})
    hotel = card(g, "hotel")
    assert "needs a house" in (g.why_illegal(0, PlayHotel(hotel, DARK_BLUE)) or "")
    g.apply(0, PlayHouse(card(g, "house"), DARK_BLUE))
    g.apply(0, PlayHotel(hotel, DARK_BLUE))
    assert g.rent_of(0, DARK_BLUE) == 8 + 3 + 4


def test_two_colour_rent_charges_every_other_player() -> None:
    """docs/deal-rules.md § Deck, rent cards: a two-colour rent charges every other player."""
    g = arrange(players=3, hands={0: ["rent_pink_orange"]},
                piles={0: {"orange": ["st_james_place", "tennessee_avenue"]}},
                banks={1: ["money_3"], 2: ["money_3"]})
    rent = card(g, "rent_pink_orange")
    assert not g.is_legal(0, PlayRent(rent, PINK))  # no pink property to charge for
    assert not g.is_legal(0, PlayRent(rent, ORANGE, 1))  # not one player
    g.apply(0, PlayRent(rent, ORANGE))
    req = g.request
    assert req is not None and req.amount == 3 and req.targets == [1, 2]


def test_wild_rent_charges_one_player() -> None:
    """docs/deal-rules.md § Deck: wild rent (any colour) charges one player of your choice."""
    g = arrange(players=3, hands={0: ["rent_any"]}, piles={0: {"red": ["kentucky_avenue"]}})
    rent = card(g, "rent_any")
    assert not g.is_legal(0, PlayRent(rent, RED))
    g.apply(0, PlayRent(rent, RED, 2))
    assert g.request is not None and g.request.targets == [2] and g.request.amount == 2


def test_rent_capped_at_full_set() -> None:
    """docs/deal-rules.md § Actions: rent is the ladder value for the cards held, capped at the
    set."""
    g = arrange(piles={0: {"brown": ["baltic_avenue", "mediterranean_avenue",
                                     "wild_light_blue_brown"],
                           "railroad": ["reading_railroad", "short_line"]}})
    assert g.rent_of(0, BROWN) == 2
    assert g.rent_of(0, RAILROAD) == 2


def test_any_colour_wild_alone_charges_no_rent() -> None:
    """docs/deal-rules.md § Actions: an any-colour wild alone is not a set (and has no rent)."""
    g = arrange(hands={0: ["rent_any"]}, piles={0: {"brown": ["wild_any", "wild_any"]}})
    assert g.rent_of(0, BROWN) == 0 and not g.is_full(0, BROWN)
    assert not g.is_legal(0, PlayRent(card(g, "rent_any"), BROWN, 1))


def test_double_the_rent_uses_its_own_play() -> None:
    """docs/deal-rules.md § Actions: Double The Rent doubles it; rent plus DTR uses 2 of 3 plays."""
    g = arrange(hands={0: ["rent_any", "double_rent", "double_rent"]},
                piles={0: {"dark_blue": ["boardwalk"]}})
    rent, d1, d2 = card(g, "rent_any"), card(g, "double_rent"), card(g, "double_rent", 1)
    assert "one Double The Rent" in (g.why_illegal(0, PlayRent(rent, DARK_BLUE, 1,
                                                                (d1, d2))) or "")
    g.apply(0, PlayRent(rent, DARK_BLUE, 1, (d1,)))
    assert g.request is not None and g.request.amount == 6
    assert g.plays_left == 1 and d1 in g.discard


def test_double_the_rent_needs_a_play_left() -> None:
    """docs/deal-rules.md § Actions: DTR is a play of its own, so rent + DTR needs 2 plays left."""
    g = arrange(hands={0: ["rent_any", "double_rent", "money_1", "money_2"]},
                piles={0: {"dark_blue": ["boardwalk"]}})
    g.apply(0, PlayBank(card(g, "money_1")))
    g.apply(0, PlayBank(card(g, "money_2")))
    why = g.why_illegal(0, PlayRent(card(g, "rent_any"), DARK_BLUE, 1, (card(g, "double_rent"),)))
    assert why is not None and "needs 2 plays" in why


def test_stacked_double_rent_option() -> None:
    """docs/deal-rules.md § Actions (silent), option stack_double_rent: each DTR doubles again."""
    g = arrange(DealRules(stack_double_rent=True),
                hands={0: ["rent_any", "double_rent", "double_rent"]},
                piles={0: {"dark_blue": ["boardwalk"]}})
    g.apply(0, PlayRent(card(g, "rent_any"), DARK_BLUE, 1,
                        (card(g, "double_rent"), card(g, "double_rent", 1))))
    assert g.request is not None and g.request.amount == 12 and g.plays_left == 0


def test_action_needs_a_valid_target() -> None:
    """docs/deal-rules.md § Deck: an action aims at another player, never at its own player."""
    g = arrange(hands={0: ["sly_deal", "deal_breaker"]}, piles={0: {"brown": ["baltic_avenue"]}})
    assert not g.is_legal(0, PlaySly(card(g, "sly_deal"), card(g, "baltic_avenue")))
    assert not g.is_legal(0, PlayBreaker(card(g, "deal_breaker"), 0, BROWN))
    assert not g.is_legal(0, PlayBreaker(card(g, "deal_breaker"), 4, BROWN))


@pytest.mark.parametrize("key", ["sly_deal", "forced_deal", "deal_breaker", "debt_collector"])
def test_action_answered_by_its_target(key: str) -> None:
    """docs/deal-rules.md § Actions: the target answers an action aimed at them before it acts."""
    g = arrange(players=3, hands={0: [key]},
                piles={0: {"brown": ["baltic_avenue"]},
                       2: {"dark_blue": DARK_BLUE_SET, "green": ["pacific_avenue"]}})
    c = card(g, key)
    action = {"sly_deal": PlaySly(c, card(g, "pacific_avenue")),
              "forced_deal": PlayForced(c, card(g, "baltic_avenue"), card(g, "pacific_avenue")),
              "deal_breaker": PlayBreaker(c, 2, DARK_BLUE),
              "debt_collector": PlayDebt(c, 2)}[key]
    g.apply(0, action)
    assert g.phase == RESPOND and g.pending == 2 and g.pending_seats() == [2]


def test_deal_breaker_onto_a_set_with_a_house_already() -> None:
    """docs/deal-rules.md § Deck: one house per set; a second house taken by a Deal Breaker goes to
    another full set of the taker, or to the bank (docs/deal-rules.md § Paying, silent)."""
    g = arrange(hands={0: ["deal_breaker"]},
                piles={0: {"green": ["pacific_avenue", "north_carolina_avenue",
                                     "wild_dark_blue_green"]},
                       1: {"green": ["pennsylvania_avenue", "wild_green_railroad",
                                     "wild_any"]}},
                buildings={0: {"green": ["house"]}, 1: {"green": ["house"]}})
    mine, theirs = card(g, "house"), card(g, "house", 1)
    g.apply(0, PlayBreaker(card(g, "deal_breaker"), 1, GREEN))
    g.apply(1, ACCEPT)
    assert g.house[0][GREEN] == mine and len(g.piles[0][GREEN]) == 6
    assert g.banks[0] == [theirs] and g.house[1][GREEN] == -1


def test_request_is_public_in_the_view() -> None:
    """docs/deal-rules.md § Players: the action being answered is on the table for everyone."""
    g = arrange(hands={0: ["debt_collector"]})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
    req = g.view(None).request
    assert req is not None and (req.kind, req.attacker, req.targets, req.amount) == (
        "debt_collector", 0, (1,), 5)
