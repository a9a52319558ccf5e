"""Deal actions: every decision a player makes is one of these small frozen values.

Each action has a canonical text form that parses back (``action.text()`` and
:func:`parse_action`). Cards are deck ids (0-105), seats are integers, colours are the
keys of :data:`~monopoly.deal.deck.COLOUR_KEYS` in text and their index in the value.
Actions never carry the acting seat: ``game.apply(seat, action)``.

Text forms::

    play 17 bank                      money or an action/rent card into the bank
    play 60 property green            a property or wildcard into the collection
    play 40 passgo | play 35 birthday | play 31 debt 2
    play 26 sly 77                    take card 77 (not from a full set)
    play 29 forced 55 77              give my 55, take their 77
    play 20 breaker 1 dark_blue       take seat 1's full dark blue set
    play 50 house green | play 53 hotel green
    play 56 rent pink                 a two-colour rent: every other player pays
    play 66 rent green 1 double 54    a wild rent on seat 1, doubled once
    move 60 railroad                  turn one of my wildcards to its other colour
    end  |  discard 5,9  |  jsn 22  |  accept  |  pay 3,45,61  |  pay -

Payments and discards have open parameters: ``legal_actions`` lists them as
:class:`PayTemplate` / :class:`DiscardTemplate` and ``is_legal`` decides a concrete one.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoly.core.ids import CardId, ColourId, Money, PlayerId
from monopoly.core.text import Text
from monopoly.deal.deck import COLOUR_KEYS
from monopoly.deal.errors import MalformedActionError

N_CARDS = 106
MAX_SEATS = 5
NO_TARGET = -1


@dataclass(frozen=True, slots=True)
class PlayBank:
    """Put a money, action or rent card into the bank (docs/deal-rules.md § Turn 2)."""

    card: CardId

    def text(self) -> str:
        return f"play {self.card} bank"


@dataclass(frozen=True, slots=True)
class PlayProperty:
    """Lay a property or property wildcard in the collection, in a colour it has."""

    card: CardId
    colour: ColourId

    def text(self) -> str:
        return f"play {self.card} property {COLOUR_KEYS[self.colour]}"


@dataclass(frozen=True, slots=True)
class PlayPassGo:
    """Pass Go: draw 2 cards (docs/deal-rules.md § Deck)."""

    card: CardId

    def text(self) -> str:
        return f"play {self.card} passgo"


@dataclass(frozen=True, slots=True)
class PlayBirthday:
    """It's My Birthday: every other player pays 2M (docs/deal-rules.md § Deck)."""

    card: CardId

    def text(self) -> str:
        return f"play {self.card} birthday"


@dataclass(frozen=True, slots=True)
class PlayDebt:
    """Debt Collector: one player pays 5M (docs/deal-rules.md § Deck)."""

    card: CardId
    target: PlayerId

    def text(self) -> str:
        return f"play {self.card} debt {self.target}"


@dataclass(frozen=True, slots=True)
class PlaySly:
    """Sly Deal: take one property from a player, not from a full set."""

    card: CardId
    take: CardId

    def text(self) -> str:
        return f"play {self.card} sly {self.take}"


@dataclass(frozen=True, slots=True)
class PlayForced:
    """Forced Deal: swap one of my properties for one of a player's; neither from a full set."""

    card: CardId
    give: CardId
    take: CardId

    def text(self) -> str:
        return f"play {self.card} forced {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class PlayBreaker:
    """Deal Breaker: take a player's full set of one colour, with its buildings."""

    card: CardId
    target: PlayerId
    colour: ColourId

    def text(self) -> str:
        return f"play {self.card} breaker {self.target} {COLOUR_KEYS[self.colour]}"


@dataclass(frozen=True, slots=True)
class PlayHouse:
    """Put a house on a full set (not railroads or utilities)."""

    card: CardId
    colour: ColourId

    def text(self) -> str:
        return f"play {self.card} house {COLOUR_KEYS[self.colour]}"


@dataclass(frozen=True, slots=True)
class PlayHotel:
    """Put a hotel on a full set that has a house (not railroads or utilities)."""

    card: CardId
    colour: ColourId

    def text(self) -> str:
        return f"play {self.card} hotel {COLOUR_KEYS[self.colour]}"


@dataclass(frozen=True, slots=True)
class PlayRent:
    """Charge rent for one colour of the card; ``target`` for a wild rent (one player),
    ``NO_TARGET`` for a two-colour rent (every other player); ``doubles``: the Double The
    Rent cards played with it, each a play of its own (docs/deal-rules.md § Actions)."""

    card: CardId
    colour: ColourId
    target: PlayerId = NO_TARGET
    doubles: tuple[CardId, ...] = ()

    def text(self) -> str:
        out = f"play {self.card} rent {COLOUR_KEYS[self.colour]}"
        if self.target != NO_TARGET:
            out += f" {self.target}"
        if self.doubles:
            out += " double " + ",".join(str(c) for c in self.doubles)
        return out


@dataclass(frozen=True, slots=True)
class MoveWild:
    """Move or turn one of my wildcards on the table to another of its colours (free)."""

    card: CardId
    colour: ColourId

    def text(self) -> str:
        return f"move {self.card} {COLOUR_KEYS[self.colour]}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (then discard down to the hand limit, if above it)."""

    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard these cards from the hand, down to the hand limit (docs/deal-rules.md § Turn 4)."""

    cards: tuple[CardId, ...]

    def text(self) -> str:
        return "discard " + _cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class SayNo:
    """Just Say No: cancel the action aimed at me, or the Just Say No that answered mine."""

    card: CardId

    def text(self) -> str:
        return f"jsn {self.card}"


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the action (or the Just Say No against my action) stand."""

    def text(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay a debt with these cards from my table (bank, properties, buildings)."""

    cards: tuple[CardId, ...]

    def text(self) -> str:
        return "pay " + _cards_text(self.cards)


Action = (
    PlayBank | PlayProperty | PlayPassGo | PlayBirthday | PlayDebt | PlaySly | PlayForced
    | PlayBreaker | PlayHouse | PlayHotel | PlayRent | MoveWild | EndTurn | Discard | SayNo
    | Accept | Pay
)
ACTION_TYPES: tuple[type, ...] = (
    PlayBank, PlayProperty, PlayPassGo, PlayBirthday, PlayDebt, PlaySly, PlayForced,
    PlayBreaker, PlayHouse, PlayHotel, PlayRent, MoveWild, EndTurn, Discard, SayNo, Accept, Pay,
)


@dataclass(frozen=True, slots=True)
class PayTemplate:
    """A debt of ``amount`` to pay with any of ``cards`` (the payable cards on the table):
    a concrete :class:`Pay` must cover it, or hand over every one of them when it cannot."""

    amount: Money
    cards: tuple[CardId, ...]

    def text(self) -> str:
        return "pay ..."


@dataclass(frozen=True, slots=True)
class DiscardTemplate:
    """Discard exactly ``count`` of ``cards`` (the hand)."""

    count: int
    cards: tuple[CardId, ...]

    def text(self) -> str:
        return "discard ..."


Template = PayTemplate | DiscardTemplate
LegalEntry = Action | Template

END: EndTurn = EndTurn()
ACCEPT: Accept = Accept()


def _cards_text(cards: tuple[int, ...]) -> str:
    return ",".join(str(c) for c in cards) if cards else "-"


def _int(word: str, what: str) -> int:
    if not word.isdigit() or not word.isascii():
        raise MalformedActionError(Text("{what} must be a number, got {word}",
                                        what=what, word=repr(word)))
    return int(word)


def _card(word: str) -> int:
    card = _int(word, Text("a card"))
    if card >= N_CARDS:
        raise MalformedActionError(Text("no card {card}: cards are 0-{last}",
                                        card=card, last=N_CARDS - 1))
    return card


def _seat(word: str) -> int:
    seat = _int(word, Text("a seat"))
    if seat >= MAX_SEATS:
        raise MalformedActionError(Text("no seat {seat}: seats are 0-{last}",
                                        seat=seat, last=MAX_SEATS - 1))
    return seat


def _colour(word: str) -> int:
    try:
        return COLOUR_KEYS.index(word)
    except ValueError:
        raise MalformedActionError(Text("unknown colour {word}; colours: {colours}",
                                        word=repr(word), colours=", ".join(COLOUR_KEYS))
                                   ) from None


def _card_list(word: str) -> tuple[int, ...]:
    if word == "-":
        return ()
    cards = tuple(_card(w) for w in word.split(","))
    if len(set(cards)) != len(cards):
        raise MalformedActionError(Text("a card is listed twice in {word}", word=repr(word)))
    return cards


def _arity(words: list[str], n: int, example: str) -> None:
    if len(words) != n:
        raise MalformedActionError(Text("{words}: expected e.g. {example}",
                                        words=repr(' '.join(words[:3])), example=repr(example)))


_PLAY_EXAMPLES = {
    "bank": "play 17 bank", "property": "play 60 property green", "passgo": "play 40 passgo",
    "birthday": "play 35 birthday", "debt": "play 31 debt 2", "sly": "play 26 sly 77",
    "forced": "play 29 forced 55 77", "breaker": "play 20 breaker 1 dark_blue",
    "house": "play 50 house green", "hotel": "play 53 hotel green",
}


def _parse_play(words: list[str]) -> Action:
    if len(words) < 3:
        raise MalformedActionError(Text("'play' takes a card and a use, e.g. 'play 17 bank'"))
    card = _card(words[1])
    use = words[2]
    if use == "rent":
        return _parse_rent(card, words)
    example = _PLAY_EXAMPLES.get(use)
    if example is None:
        raise MalformedActionError(Text("unknown use {use}; uses: {uses}", use=repr(use),
                                        uses=", ".join([*_PLAY_EXAMPLES, "rent"])))
    n = len(example.split())
    _arity(words, n, example)
    if use == "bank":
        return PlayBank(card)
    if use == "property":
        return PlayProperty(card, _colour(words[3]))
    if use == "passgo":
        return PlayPassGo(card)
    if use == "birthday":
        return PlayBirthday(card)
    if use == "debt":
        return PlayDebt(card, _seat(words[3]))
    if use == "sly":
        return PlaySly(card, _card(words[3]))
    if use == "forced":
        return PlayForced(card, _card(words[3]), _card(words[4]))
    if use == "breaker":
        return PlayBreaker(card, _seat(words[3]), _colour(words[4]))
    if use == "house":
        return PlayHouse(card, _colour(words[3]))
    return PlayHotel(card, _colour(words[3]))


def _parse_rent(card: int, words: list[str]) -> Action:
    example = "play 66 rent green 1 double 54"
    rest = words[3:]
    if not rest:
        raise MalformedActionError(Text("'rent' takes a colour, e.g. {example}",
                                        example=repr(example)))
    colour = _colour(rest[0])
    rest = rest[1:]
    target = NO_TARGET
    if rest and rest[0] != "double":
        target = _seat(rest[0])
        rest = rest[1:]
    doubles: tuple[CardId, ...] = ()
    if rest:
        if rest[0] != "double" or len(rest) != 2:
            raise MalformedActionError(Text("unexpected {rest}; e.g. {example}",
                                            rest=repr(' '.join(rest)), example=repr(example)))
        doubles = _card_list(rest[1])
        if not doubles:
            raise MalformedActionError(Text("'double' takes at least one card"))
    return PlayRent(card, colour, target, doubles)


def parse_action(text: object) -> Action:
    """Parse the canonical text form of an action; :class:`MalformedActionError` if it is
    not one."""
    if not isinstance(text, str):
        raise MalformedActionError(Text("an action must be text, got {type}",
                                        type=type(text).__name__))
    words = text.split()
    if not words:
        raise MalformedActionError(Text("empty action"))
    verb = words[0]
    if verb == "play":
        return _parse_play(words)
    if verb == "end":
        _arity(words, 1, "end")
        return END
    if verb == "accept":
        _arity(words, 1, "accept")
        return ACCEPT
    if verb == "move":
        _arity(words, 3, "move 60 railroad")
        return MoveWild(_card(words[1]), _colour(words[2]))
    if verb == "jsn":
        _arity(words, 2, "jsn 22")
        return SayNo(_card(words[1]))
    if verb == "pay":
        _arity(words, 2, "pay 3,45,61")
        return Pay(_card_list(words[1]))
    if verb == "discard":
        _arity(words, 2, "discard 5,9")
        cards = _card_list(words[1])
        if not cards:
            raise MalformedActionError(Text("'discard' takes at least one card"))
        return Discard(cards)
    raise MalformedActionError(
        Text("unknown action {verb}; actions: play, move, end, discard, jsn, accept, pay",
             verb=repr(verb))
    )


# --- pre-built actions: the hot path allocates nothing for the common ones -------------

N_COLOURS = len(COLOUR_KEYS)
BANK: tuple[PlayBank, ...] = tuple(PlayBank(c) for c in range(N_CARDS))
PROPERTY: tuple[tuple[PlayProperty, ...], ...] = tuple(
    tuple(PlayProperty(c, colour) for colour in range(N_COLOURS)) for c in range(N_CARDS)
)
MOVE: tuple[tuple[MoveWild, ...], ...] = tuple(
    tuple(MoveWild(c, colour) for colour in range(N_COLOURS)) for c in range(N_CARDS)
)
