"""The rulings of docs/rules.md where a seed settles what the earlier specification left
open (the seeds win): the tournament's cap on the jail card's own price (§5.3), the
Czech salary before the first move (§2.3), the Czech estate always to the bank (§9.9),
and the income tax counting a mortgaged deed at its printed price (§6.2)."""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.game import BANK, Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.testing import give, new_game, set_cash

BOARDWALK, PARK_PLACE, MEDITERRANEAN = 39, 37, 1


def _with_jail_card(g: Game, seat: int) -> None:
    deck = g.t.deck_keys.index("chance")
    idx = next(i for i, k in enumerate(g.t.card_keys[deck]) if "jail" in k and "free" in k)
    g.decks[deck].remove(idx)
    g.players[seat].jail_cards.append((deck, idx))


def _capped() -> Game:
    g = new_game(3, jail_card_max_price=50)
    _with_jail_card(g, 0)
    give(g, 0, BOARDWALK)
    give(g, 1, MEDITERRANEAN)
    return g


def test_the_jail_card_may_be_bundled_with_a_deed_for_any_price() -> None:
    """docs/rules.md §5.3: the cap is on the card's own price; a side that gives deeds
    too sells them at any agreed price."""
    g = _capped()
    assert g.is_legal(0, A.parse_action("propose 1 give=39,card:chance take=$400"))
    g.apply(0, "propose 1 give=39,card:chance take=$400")
    g.apply(1, "accept")
    assert g.owner[BOARDWALK] == 1 and len(g.players[1].jail_cards) == 1
    assert g.players[0].cash == 1500 + 400


def test_the_jail_card_alone_is_capped_by_the_net_cash_it_brings() -> None:
    """docs/rules.md §5.3: card for 60 refused, card + 20 for 70 legal (net 50), card +
    100 for 160 refused (net 60), card for Mediterranean + 100 refused (100 in cash),
    card for a deed legal."""
    g = _capped()
    refused = ["propose 1 give=card:chance take=$60", "propose 1 give=$100,card:chance take=$160",
               "propose 1 give=card:chance take=$100,1"]
    for text in refused:
        why = g.why_illegal(0, A.parse_action(text))
        assert why is not None and "at most 50" in why, text
    for text in ("propose 1 give=$20,card:chance take=$70", "propose 1 give=card:chance take=1",
                 "propose 1 give=card:chance take=$50"):
        assert g.is_legal(0, A.parse_action(text)), text
    # the buyer's side: a player who asks for the card pays at most 50 net for it
    assert not g.is_legal(1, A.parse_action("propose 0 give=$60 take=card:chance"))
    assert g.is_legal(1, A.parse_action("propose 0 give=$50 take=card:chance"))


def test_no_cap_without_the_option() -> None:
    g = new_game(3)
    _with_jail_card(g, 0)
    assert g.is_legal(0, A.parse_action("propose 1 give=card:chance take=$300"))


def test_czech_salary_before_the_first_move() -> None:
    """docs/rules.md §2.3 (CZ "Na startovním poli před prvním tahem ... dotaci ve výši
    $ 200"): every player has 1500 + 200 before the first throw; it is not a lap."""
    g = Game(["a", "b", "c"], 4, preset("czech"))
    assert [p.cash for p in g.players] == [1700, 1700, 1700]
    assert not any(p.lapped for p in g.players)
    paid = [e for e in g.events if isinstance(e, E.Paid)]
    assert [(e.payer, e.payee, e.amount, e.reason) for e in paid] == [
        (BANK, s, 200, "start_salary") for s in range(3)
    ]
    assert g.bank_out == 600
    classic = Game(["a", "b", "c"], 4)
    assert [p.cash for p in classic.players] == [1500, 1500, 1500]


def test_the_start_salary_comes_after_dealt_deeds_are_paid() -> None:
    """docs/rules.md §2.3: the salary is paid after the dealt deeds of §1.6."""
    rules = RuleSet(go_salary_at_start=True, starting_properties=2)
    g = Game(["a", "b"], 9, rules)
    kinds = [e.kind for e in g.events if e.kind in ("property_dealt", "paid")]
    reasons = [e.reason for e in g.events if isinstance(e, E.Paid)]
    assert reasons[-2:] == ["start_salary", "start_salary"]
    assert kinds.index("property_dealt") < len(kinds) - 2
    for p in g.players:
        paid = sum(g.t.price[sq] for sq in g.holdings[p.seat])
        assert p.cash == 1500 - paid + 200


def test_czech_bankruptcy_to_a_player_leaves_the_estate_to_the_bank() -> None:
    """docs/rules.md §9.9 (CZ "Hráč, který odchází ze hry, musí odevzdat veškerý svůj
    majetek bankéři"): the deeds go to the bank, which auctions them; the creditor player
    gets nothing more."""
    g = Game(["a", "b", "c"], 1, preset("czech", first_player="fixed"))
    give(g, 1, PARK_PLACE, BOARDWALK)
    give(g, 0, MEDITERRANEAN)
    set_cash(g, 0, 10)
    g.debts.clear()
    from monopoly.board.rules import bankruptcy

    creditor_cash = g.players[1].cash
    bankruptcy.go_bankrupt(g, 0, 1, 500)
    assert g.players[0].bankrupt
    assert g.owner[MEDITERRANEAN] == BANK
    assert g.players[1].cash == creditor_cash
    assert g.auction is not None or MEDITERRANEAN in g.auction_queue


def test_czech_resigning_debtor_hands_everything_to_the_bank() -> None:
    """docs/rules.md §9.9, §9.11: under czech a debtor who resigns goes to the bank."""
    g = Game(["a", "b", "c"], 1, preset("czech", first_player="fixed"))
    give(g, 0, MEDITERRANEAN)
    set_cash(g, 0, 5)
    from monopoly.board.rules import debts

    debts.charge(g, 0, 1, 400, "rent")
    assert g.debts and g.debts[0].creditor == 1
    creditor_cash = g.players[1].cash
    g.apply(0, "resign")
    assert g.players[0].bankrupt and g.owner[MEDITERRANEAN] == BANK
    assert g.players[1].cash == creditor_cash


def test_income_tax_counts_a_mortgaged_deed_at_its_printed_price() -> None:
    """docs/rules.md §6.2 (CZ "z ceny pozemků", the classic US rule book "printed prices of
    mortgaged and unmortgaged properties"): a mortgaged deed counts at its price."""
    g = new_game(2, income_tax_choice=True)
    give(g, 0, BOARDWALK)
    g.apply(0, "mortgage 39")
    assert g.mortgaged[BOARDWALK]
    assert g.total_worth(0) == g.players[0].cash + 400
