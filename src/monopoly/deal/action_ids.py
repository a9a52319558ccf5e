"""The Deal's integer action table, for reinforcement learning: every action a seat can
take has an id in ``0 .. num_actions-1``, and :func:`legal_action_mask` says which ids
are legal now.

An id names an action up to what the rules make interchangeable: a card played from the
hand is named by its card type (the deck file's entry, e.g. ``sly_deal``), and stands for
the first card of that type in the hand of the seat that must decide (copies are
interchangeable; it is the card ``legal_actions`` lists); a card on the table (a wildcard
to move, a property to take) by its card id; a seat by its number (0-4); a colour by its
colour id (0-9, brown ... utility). Payments and discards have open parameters; the
table offers a few deterministic choices of them (below), computed in the position.

:func:`action_from_id` gives an action for every id, legal or not in the position, and
``mask[i] == game.is_legal(seat, game.action_from_id(i))`` for every id;
:func:`action_id` is its inverse for the actions it gives: ``action_from_id(action_id(a))
== a`` (another copy of the same card type has the same id; where several payment or
discard ids give the same cards, as they do for a payer short of the debt, it is the
lowest of them). Actions it cannot express (a template, a payment or a discard other
than those below) raise :class:`~monopoly.core.errors.MalformedActionError`.

Layout for the standard deck (58 card types, 106 cards, 10 colours, 2 Double The Rent
cards); ids are stable across versions, and a new entry would only ever be appended:

=========  =====  =============================================================
ids        count  meaning
=========  =====  =============================================================
0          1      ``end`` the turn
1          1      ``accept`` the action (or the cancellation of mine)
2          1      ``jsn``: Just Say No, with the first one in the hand
3-5        3      ``pay``: 3 bank first, cheapest first (the greedy bot's payment);
                  4 the most valuable cards first; 5 the table (properties,
                  buildings) first, cheapest first. Each takes cards in that order
                  until the debt is covered (a house brings its hotel); a payer short
                  of the debt hands over everything, in every one of the three
6          1      ``discard`` the cheapest cards (bank value, then hand order)
7-64       58     ``discard`` the cards of type ``id-7`` first (hand order), then the
                  cheapest: illegal without a card of that type in the hand
65-86      22     ``play C bank``: C of type ``id-65`` (money 0-5, action cards
                  6-15, rent cards 16-21)
87-138     52     ``play C property K``: property and wildcard types 22-57, each in
                  each of its colours (ascending), in type order
139-176    38     ``move W K``: the wildcards on the table, cards 95-105, each to each
                  of its colours (ascending)
177-356    180    ``play R rent K [T] [double D...]``: per rent type in type order
                  (16-21); a two-colour rent: its 2 colours (ascending) x 0-2
                  Double The Rent cards; the any-colour rent: 10 colours x target
                  seat 0-4 x 0-2 Double The Rent cards (the first in the hand)
357        1      ``play C passgo``
358        1      ``play C birthday``
359-363    5      ``play C debt T``: target seat 0-4
364-402    39     ``play C sly X``: X the property or wildcard, cards 67-105
403-1923   1521   ``play C forced G X``: give G, take X (cards 67-105): 39 x 39
1924-1973  50     ``play C breaker T K``: target seat 0-4 x colour 0-9
1974-1983  10     ``play C house K``: colour 0-9
1984-1993  10     ``play C hotel K``: colour 0-9
=========  =====  =============================================================

``num_actions`` is 1994. Within a range the last index varies fastest (e.g. the
any-colour rent of colour K on seat T with D doubles is ``base + (K*5 + T)*3 + D``). A
table is made for any deck from its tables (:func:`table_of`); a deck that differs from
the standard one has its own layout, in the same order.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> g.num_actions
    1994
    >>> g.action_from_id(0).text(), g.action_id(g.action_from_id(65))
    ('end', 65)
    >>> mask = g.legal_action_mask(0)
    >>> sum(mask) == len(g.legal_actions(0)), mask[g.action_id(g.legal_actions(0)[1])]
    (True, True)
"""

from __future__ import annotations

from monopoly.core.errors import MalformedActionError
from monopoly.core.ids import ActionId, CardId, PlayerId
from monopoly.core.text import Text
from monopoly.deal.actions import (
    ACCEPT,
    END,
    NO_TARGET,
    Accept,
    Action,
    Discard,
    DiscardTemplate,
    EndTurn,
    MoveWild,
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
    PlayProperty,
    PlayRent,
    PlaySly,
    SayNo,
)
from monopoly.deal.decision import D_DISCARD, D_PAY, decision_kind, seat_of
from monopoly.deal.deck import (
    ACTION,
    BIRTHDAY,
    DEAL_BREAKER,
    DEBT_COLLECTOR,
    DOUBLE_RENT,
    FORCED_DEAL,
    HOTEL,
    HOUSE,
    JUST_SAY_NO,
    MONEY,
    PASS_GO,
    PROPERTY,
    RENT,
    SLY_DEAL,
    WILD,
    Deck,
)
from monopoly.deal.legal import legal_actions
from monopoly.deal.options import MAX_PLAYERS
from monopoly.deal.payments import pay_in_order
from monopoly.deal.position import NONE, Position

__all__ = ["PAY_POLICIES", "ActionTable", "action_from_id", "action_id", "legal_action_bytes",
           "legal_action_ids", "legal_action_mask", "table_of"]

#: the payment policies, in id order
PAY_POLICIES: tuple[str, ...] = ("bank_first", "largest_first", "table_first")
SEATS = MAX_PLAYERS


class ActionTable:
    """The id layout of one deck (see the module docstring): the offset of every range
    and the index of every entry within it."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        cols = deck.n_colours
        n_types = len(deck.type_keys)
        first = [deck.type_of.index(t) for t in range(n_types)]
        self.type_first: list[int] = first
        kind = [deck.kind[c] for c in first]
        code = [deck.action[c] for c in first]
        self.doubles_max: int = sum(1 for c in range(deck.size) if deck.action[c] == DOUBLE_RENT)
        self.double_cards: list[int] = [c for c in range(deck.size)
                                        if deck.action[c] == DOUBLE_RENT]
        self.jsn_first: int = deck.action.index(JUST_SAY_NO)
        # the property and wildcard cards a Sly or Forced Deal may take, in id order
        self.props: list[int] = [c for c in range(deck.size) if deck.kind[c] in (PROPERTY, WILD)]
        self.prop_index: list[int] = [NONE] * deck.size
        for i, c in enumerate(self.props):
            self.prop_index[c] = i
        n_props = len(self.props)
        at = 0

        def block(size: int) -> int:
            nonlocal at
            start = at
            at += size
            return start

        self.end = block(1)
        self.accept = block(1)
        self.say_no = block(1)
        self.pay = block(len(PAY_POLICIES))
        self.discard_cheapest = block(1)
        self.discard_type = block(n_types)
        # bank: money, action and rent types
        self.bank_types = [t for t in range(n_types) if kind[t] in (MONEY, ACTION, RENT)]
        self.bank_index = [NONE] * n_types
        for i, t in enumerate(self.bank_types):
            self.bank_index[t] = i
        self.bank = block(len(self.bank_types))
        # lay a property: (type, colour) for each property or wildcard type
        self.lays: list[tuple[int, int]] = [
            (t, k) for t in range(n_types) if kind[t] in (PROPERTY, WILD)
            for k in sorted(deck.colours[first[t]])
        ]
        self.lay_index = [[NONE] * cols for _ in range(n_types)]
        for i, (t, k) in enumerate(self.lays):
            self.lay_index[t][k] = i
        self.lay = block(len(self.lays))
        # move a wildcard: (card, colour)
        self.moves: list[tuple[int, int]] = [
            (c, k) for c in range(deck.size) if deck.kind[c] == WILD
            for k in sorted(deck.colours[c])
        ]
        self.move_index = [[NONE] * cols for _ in range(deck.size)]
        for i, (c, k) in enumerate(self.moves):
            self.move_index[c][k] = i
        self.move = block(len(self.moves))
        # rents: per rent type, its base within the range
        per_double = self.doubles_max + 1
        self.rent_types = [t for t in range(n_types) if kind[t] == RENT]
        self.rent_base = [NONE] * n_types
        self.rent_colours: list[list[int]] = [[] for _ in range(n_types)]
        size = 0
        for t in self.rent_types:
            self.rent_base[t] = size
            self.rent_colours[t] = sorted(deck.colours[first[t]])
            wide = SEATS if deck.any_colour[first[t]] else 1
            size += len(self.rent_colours[t]) * wide * per_double
        self.rent = block(size)
        self.per_double = per_double
        # the action cards played for their effect: per type of that action
        self.code_types: list[list[int]] = [
            [t for t in range(n_types) if kind[t] == ACTION and code[t] == a]
            for a in range(max(code) + 1)
        ]
        self.code_rank = [0] * n_types
        for types in self.code_types:
            for i, t in enumerate(types):
                self.code_rank[t] = i
        self.passgo = block(len(self.code_types[PASS_GO]))
        self.birthday = block(len(self.code_types[BIRTHDAY]))
        self.debt = block(len(self.code_types[DEBT_COLLECTOR]) * SEATS)
        self.sly = block(len(self.code_types[SLY_DEAL]) * n_props)
        self.forced = block(len(self.code_types[FORCED_DEAL]) * n_props * n_props)
        self.breaker = block(len(self.code_types[DEAL_BREAKER]) * SEATS * cols)
        self.house = block(len(self.code_types[HOUSE]) * cols)
        self.hotel = block(len(self.code_types[HOTEL]) * cols)
        self.size: int = at
        self.n_props = n_props
        self.n_colours = cols
        # the start of every range, for decoding (in id order)
        self.starts: list[tuple[int, str]] = [
            (self.end, "end"), (self.accept, "accept"), (self.say_no, "jsn"),
            (self.pay, "pay"), (self.discard_cheapest, "discard"),
            (self.discard_type, "discard_type"), (self.bank, "bank"),
            (self.lay, "property"), (self.move, "move"), (self.rent, "rent"),
            (self.passgo, "passgo"), (self.birthday, "birthday"), (self.debt, "debt"),
            (self.sly, "sly"), (self.forced, "forced"), (self.breaker, "breaker"),
            (self.house, "house"), (self.hotel, "hotel"), (self.size, "")
        ]

    def ranges(self) -> list[tuple[str, int, int]]:
        """Every range as ``(name, first id, count)``, in id order."""
        return [(name, start, self.starts[i + 1][0] - start)
                for i, (start, name) in enumerate(self.starts[:-1])]


_TABLES: dict[int, ActionTable] = {}


def table_of(deck: Deck) -> ActionTable:
    """The action table of a deck (made once per deck)."""
    table = _TABLES.get(id(deck))
    if table is None or table.deck is not deck:
        table = _TABLES[id(deck)] = ActionTable(deck)
    return table


def _unexpressible(action: object) -> MalformedActionError:
    return MalformedActionError(Text("the action table has no id for {action}",
                                     action=repr(action)))


# ---------------------------------------------------------------------- id of an action

def action_id(pos: Position, action: object, seat: PlayerId | None = None) -> ActionId:
    """The id of ``action`` (any copy of a card type has the id of its type); a payment
    or discard is looked up among the table's choices in this position, for `seat` (by
    default the seat that must decide)."""
    table = table_of(pos.deck)
    deck = pos.deck
    if isinstance(action, EndTurn):
        return table.end
    if isinstance(action, Accept):
        return table.accept
    if isinstance(action, (Pay, Discard)):
        first, count = ((table.pay, len(PAY_POLICIES)) if isinstance(action, Pay)
                        else (table.discard_cheapest, 1 + len(deck.type_keys)))
        for i in range(first, first + count):
            if action_from_id(pos, i, seat) == action:
                return i
        raise _unexpressible(action)
    card = getattr(action, "card", None)
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < deck.size:
        raise _unexpressible(action)
    t = deck.type_of[card]
    cols = table.n_colours
    code = deck.action[card]
    if isinstance(action, SayNo):
        if code == JUST_SAY_NO:
            return table.say_no
    elif isinstance(action, PlayBank):
        if table.bank_index[t] != NONE:
            return table.bank + table.bank_index[t]
    elif isinstance(action, PlayProperty):
        if _colour_ok(cols, action.colour) and table.lay_index[t][action.colour] != NONE:
            return table.lay + table.lay_index[t][action.colour]
    elif isinstance(action, MoveWild):
        if _colour_ok(cols, action.colour) and table.move_index[card][action.colour] != NONE:
            return table.move + table.move_index[card][action.colour]
    elif isinstance(action, PlayRent):
        index = _rent_index(pos, table, t, action)
        if index != NONE:
            return table.rent + index
    elif isinstance(action, (PlayHouse, PlayHotel)):
        want = HOUSE if isinstance(action, PlayHouse) else HOTEL
        if code == want and _colour_ok(cols, action.colour):
            base = table.house if want == HOUSE else table.hotel
            return base + table.code_rank[t] * cols + action.colour
    elif deck.kind[card] == ACTION:
        index = _action_card_index(table, t, code, action)
        if index != NONE:
            return index
    raise _unexpressible(action)


def _colour_ok(cols: int, colour: object) -> bool:
    return isinstance(colour, int) and 0 <= colour < cols


def _seat_ok(seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS


def _rent_index(pos: Position, table: ActionTable, t: int, action: PlayRent) -> int:
    base = table.rent_base[t]
    if base == NONE or not _colour_ok(table.n_colours, action.colour):
        return NONE
    colours = table.rent_colours[t]
    if action.colour not in colours:
        return NONE
    doubles = action.doubles
    deck = pos.deck
    if len(doubles) > table.doubles_max or any(
        not isinstance(d, int) or not 0 <= d < deck.size or deck.action[d] != DOUBLE_RENT
        for d in doubles
    ):
        return NONE
    k = colours.index(action.colour)
    if deck.any_colour[table.type_first[t]]:
        if not _seat_ok(action.target):
            return NONE
        return base + (k * SEATS + action.target) * table.per_double + len(doubles)
    if action.target != NO_TARGET:
        return NONE
    return base + k * table.per_double + len(doubles)


def _action_card_index(table: ActionTable, t: int, code: int, action: object) -> int:
    rank = table.code_rank[t]
    n_props, cols = table.n_props, table.n_colours
    if isinstance(action, PlayPassGo) and code == PASS_GO:
        return table.passgo + rank
    if isinstance(action, PlayBirthday) and code == BIRTHDAY:
        return table.birthday + rank
    if isinstance(action, PlayDebt) and code == DEBT_COLLECTOR and _seat_ok(action.target):
        return table.debt + rank * SEATS + action.target
    if isinstance(action, PlaySly) and code == SLY_DEAL:
        x = _prop(table, action.take)
        if x != NONE:
            return table.sly + rank * n_props + x
    if isinstance(action, PlayForced) and code == FORCED_DEAL:
        g, x = _prop(table, action.give), _prop(table, action.take)
        if g != NONE and x != NONE:
            return table.forced + (rank * n_props + g) * n_props + x
    if (isinstance(action, PlayBreaker) and code == DEAL_BREAKER and _seat_ok(action.target)
            and _colour_ok(cols, action.colour)):
        return table.breaker + (rank * SEATS + action.target) * cols + action.colour
    return NONE


def _prop(table: ActionTable, card: object) -> int:
    if not isinstance(card, int) or not 0 <= card < len(table.prop_index):
        return NONE
    return table.prop_index[card]


# ---------------------------------------------------------------------- action of an id

def action_from_id(pos: Position, i: ActionId, seat: PlayerId | None = None) -> Action:
    """The action of id ``i`` in this position (legal or not): cards from the hand of
    `seat`, by default the seat that must decide (see the module docstring)."""
    table = table_of(pos.deck)
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < table.size:
        raise MalformedActionError(Text("no action id {id}: ids are 0-{last}", id=repr(i),
                                        last=table.size - 1))
    kind = decision_kind(pos)
    if seat is None:
        seat = seat_of(pos, kind)
    if i < table.bank:
        return _answer_or_discard(pos, table, kind, seat, i)
    if i < table.lay:
        return PlayBank(_hand_card(pos, table, seat, table.bank_types[i - table.bank]))
    if i < table.move:
        t, k = table.lays[i - table.lay]
        return PlayProperty(_hand_card(pos, table, seat, t), k)
    if i < table.rent:
        c, k = table.moves[i - table.move]
        return MoveWild(c, k)
    if i < table.passgo:
        return _rent(pos, table, seat, i - table.rent)
    return _action_card(pos, table, seat, i)


def _answer_or_discard(pos: Position, table: ActionTable, kind: int, seat: PlayerId,
                       i: int) -> Action:
    if i == table.end:
        return END
    if i == table.accept:
        return ACCEPT
    if i == table.say_no:
        action = pos.deck.action
        for c in _hand(pos, seat):
            if action[c] == JUST_SAY_NO:
                return SayNo(c)
        return SayNo(table.jsn_first)
    if i < table.discard_cheapest:
        return _payment(pos, kind, seat, i - table.pay)
    if i == table.discard_cheapest:
        return _discard(pos, kind, seat, NONE)
    t = i - table.discard_type
    if not any(pos.deck.type_of[c] == t for c in _hand(pos, seat)):
        return Discard((table.type_first[t],))
    return _discard(pos, kind, seat, t)


def _hand(pos: Position, seat: PlayerId) -> list[int]:
    return pos.hands[seat] if 0 <= seat < pos.n else []


def _hand_card(pos: Position, table: ActionTable, seat: PlayerId, t: int) -> CardId:
    """The first card of type ``t`` in the seat's hand; else the first of the deck (which
    is then not in the hand: the action is illegal)."""
    type_of = pos.deck.type_of
    for c in _hand(pos, seat):
        if type_of[c] == t:
            return c
    return table.type_first[t]


def _rent(pos: Position, table: ActionTable, seat: PlayerId, index: int) -> PlayRent:
    t = NONE
    for r in table.rent_types:
        if table.rent_base[r] <= index:
            t = r
    index -= table.rent_base[t]
    per = table.per_double
    k = index % per
    slot = index // per
    if pos.deck.any_colour[table.type_first[t]]:
        colour, target = table.rent_colours[t][slot // SEATS], slot % SEATS
    else:
        colour, target = table.rent_colours[t][slot], NO_TARGET
    return PlayRent(_hand_card(pos, table, seat, t), colour, target,
                    _doubles(pos, table, seat, k))


def _doubles(pos: Position, table: ActionTable, seat: PlayerId, k: int) -> tuple[int, ...]:
    """The first ``k`` Double The Rent cards of the hand, made up with ones from outside
    it when the hand has fewer (the action is then illegal)."""
    if k == 0:
        return ()
    action = pos.deck.action
    hand = _hand(pos, seat)
    out = [c for c in hand if action[c] == DOUBLE_RENT][:k]
    for c in table.double_cards:
        if len(out) >= k:
            break
        if c not in hand:
            out.append(c)
    return tuple(out)


def _action_card(pos: Position, table: ActionTable, seat: PlayerId, i: int) -> Action:
    n_props, cols = table.n_props, table.n_colours
    if i < table.birthday:
        return PlayPassGo(_coded(pos, table, seat, PASS_GO, i - table.passgo))
    if i < table.debt:
        return PlayBirthday(_coded(pos, table, seat, BIRTHDAY, i - table.birthday))
    if i < table.sly:
        rank, target = divmod(i - table.debt, SEATS)
        return PlayDebt(_coded(pos, table, seat, DEBT_COLLECTOR, rank), target)
    if i < table.forced:
        rank, x = divmod(i - table.sly, n_props)
        return PlaySly(_coded(pos, table, seat, SLY_DEAL, rank), table.props[x])
    if i < table.breaker:
        rest, x = divmod(i - table.forced, n_props)
        rank, g = divmod(rest, n_props)
        return PlayForced(_coded(pos, table, seat, FORCED_DEAL, rank), table.props[g],
                          table.props[x])
    if i < table.house:
        rest, colour = divmod(i - table.breaker, cols)
        rank, target = divmod(rest, SEATS)
        return PlayBreaker(_coded(pos, table, seat, DEAL_BREAKER, rank), target, colour)
    if i < table.hotel:
        rank, colour = divmod(i - table.house, cols)
        return PlayHouse(_coded(pos, table, seat, HOUSE, rank), colour)
    rank, colour = divmod(i - table.hotel, cols)
    return PlayHotel(_coded(pos, table, seat, HOTEL, rank), colour)


def _coded(pos: Position, table: ActionTable, seat: PlayerId, code: int, rank: int) -> CardId:
    return _hand_card(pos, table, seat, table.code_types[code][rank])


def _payment(pos: Position, kind: int, seat: PlayerId, policy: int) -> Pay:
    """Payment policy ``policy`` (:data:`PAY_POLICIES`) for the debt being answered."""
    req = pos.request
    if kind != D_PAY or req is None:
        return Pay(())
    cards = pos.payable(seat)
    value = pos.deck.value
    if sum(value[c] for c in cards) <= req.amount:
        return Pay(tuple(cards))
    bank = set(pos.banks[seat])
    if policy == 0:
        order = sorted(cards, key=lambda c: (c not in bank, value[c]))
    elif policy == 1:
        order = sorted(cards, key=lambda c: (-value[c], c not in bank))
    else:
        order = sorted(cards, key=lambda c: (c in bank, value[c]))
    return Pay(pay_in_order(pos, seat, req.amount, order))


def _discard(pos: Position, kind: int, seat: PlayerId, first_type: int) -> Discard:
    """The cheapest cards down to the hand limit, the cards of ``first_type`` first."""
    if kind != D_DISCARD:
        return Discard(())
    hand = pos.hands[seat]
    need = len(hand) - pos.rules.hand_limit
    type_of = pos.deck.type_of
    value = pos.deck.value
    first = [c for c in hand if type_of[c] == first_type][:need]
    rest = sorted((c for c in hand if c not in first), key=lambda c: value[c])
    return Discard(tuple(first + rest[:need - len(first)]))


# ---------------------------------------------------------------------- the mask

def legal_action_mask(pos: Position, seat: PlayerId) -> list[bool]:
    """Which ids are legal for ``seat`` now (all False when it is not its decision);
    computed from ``legal_actions``."""
    mask = [False] * table_of(pos.deck).size
    for i in _legal_ids(pos, seat):
        mask[i] = True
    return mask


def legal_action_ids(pos: Position, seat: PlayerId) -> list[ActionId]:
    """The ids legal for ``seat`` now, ascending: where :func:`legal_action_mask` is True."""
    return sorted(set(_legal_ids(pos, seat)))


def legal_action_bytes(pos: Position, seat: PlayerId) -> bytearray:
    """One byte per id, 1 where :func:`legal_action_mask` is True, else 0."""
    flags = bytearray(table_of(pos.deck).size)
    for i in _legal_ids(pos, seat):
        flags[i] = 1
    return flags


def _legal_ids(pos: Position, seat: PlayerId) -> list[ActionId]:
    """The legal ids of ``seat``, in no order, perhaps repeated."""
    table = table_of(pos.deck)
    found: list[int] = []
    for entry in legal_actions(pos, seat):
        if isinstance(entry, (PayTemplate, Pay)):
            for i in range(table.pay, table.pay + len(PAY_POLICIES)):
                found.append(i)
        elif isinstance(entry, DiscardTemplate):
            found.append(table.discard_cheapest)
            type_of = pos.deck.type_of
            for c in entry.cards:
                found.append(table.discard_type + type_of[c])
        else:
            found.append(action_id(pos, entry))
    return found
