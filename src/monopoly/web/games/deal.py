"""Monopoly Deal rooms: the same lobby, seats, tokens, durable actions, replay
after a restart, bots and turn clock as the board game's rooms (:class:`Room`), with the
Deal's rules core (:mod:`monopoly.deal`).

What a seat receives is built from its own view (``Game.view(seat)``):
its hand, everybody's table, the sizes of the hands and of the draw pile, the discard
pile; never another seat's hand or the draw pile's order (DEAL.md § Players and hidden
information). A spectator sees no hand at all.

A state message of a Deal room (docs/protocol.md)::

    {"type": "state", "game": "deal", "seq": 12, "status": "playing",
     "view": {...DealView...}, "legal": [{"text": "play 17 bank", "kind": "bank",
     "card": 17, "label": "Bank 4M", "template": false}, ...],
     "prompt": "Your turn: ...", "waiting": [0], "board": {"game": "deal",
     "deck": "standard"}, "clock": null}

Templates carry their parameters: ``pay ...`` its ``amount`` and the payable ``cards``,
``discard ...`` the ``count`` to discard and the ``cards`` of the hand.
"""

from __future__ import annotations

from typing import Any, Final

from monopoly.bots.deal import best_payment, make_deal_bot
from monopoly.core.decision import Decision
from monopoly.core.seeds import room_bot_seed
from monopoly.deal import actions as DA
from monopoly.deal.decision import ANSWER_KINDS
from monopoly.deal.deck import ACTION_KEYS, KIND_KEYS, load_deck
from monopoly.deal.game import Game as DealGame
from monopoly.deal.options import DealRules, deal_preset
from monopoly.deal.record import RECORD_FORMAT, restore, snapshot
from monopoly.deal.view import SeatView
from monopoly.narration.deal.narrate import DealNarrator
from monopoly.web.protocol import encode
from monopoly.web.room import Room

GAME: Final = "deal"
# seconds a person has to answer an action aimed at them (Just Say No, or accept / pay)
# when the room runs no turn clock: the others wait on the answer, so it always has one
ANSWER_SECONDS: Final = 30
# the difficulty levels of the lobby -> the Deal's bots
LEVELS: Final = {"easy": "random", "medium": "greedy", "hard": "strong"}
# the first word of each action's text -> the entry's kind (a "play" by what it plays)
_PLAY_KINDS: Final = {
    DA.PlayBank: "bank", DA.PlayProperty: "property", DA.PlayPassGo: "passgo",
    DA.PlayBirthday: "birthday", DA.PlayDebt: "debt", DA.PlaySly: "sly",
    DA.PlayForced: "forced", DA.PlayBreaker: "breaker", DA.PlayHouse: "house",
    DA.PlayHotel: "hotel", DA.PlayRent: "rent",
}


# the colours of the Deal's sets on the page (the board's group colours)
COLOUR_CSS: Final = {
    "brown": "#8b4513", "light_blue": "#9fd6f2", "pink": "#d93a96", "orange": "#f7941d",
    "red": "#e31b23", "yellow": "#f5d800", "green": "#1fb25a", "dark_blue": "#0072bb",
    "railroad": "#3a3a3a", "utility": "#b9b48a",
}


def deck_json(key: str, lang: str) -> dict[str, Any]:
    """The Deal's deck for the page (``GET /api/deal/deck``): every card with its kind,
    name in `lang`, bank value, colours and action; every colour with its name, set size,
    rent ladder and page colour."""
    deck = load_deck(key)
    return {
        "deck": deck.key,
        "cards": [
            {"id": c, "key": deck.card_keys[c], "kind": KIND_KEYS[deck.kind[c]],
             "name": deck.name(c, lang), "value": deck.value[c],
             "colours": [deck.colour_keys[x] for x in deck.colours[c]],
             "any": bool(deck.any_colour[c]),
             "action": ACTION_KEYS[deck.action[c]] if deck.action[c] >= 0 else None}
            for c in range(deck.size)
        ],
        "colours": [
            {"key": k, "name": deck.colour_name(i, lang), "set_size": deck.set_size[i],
             "rent": list(deck.ladder[i]), "buildable": bool(deck.buildable[i]),
             "css": COLOUR_CSS.get(k, "#999")}
            for i, k in enumerate(deck.colour_keys)
        ],
    }


def deal_rules(config: dict[str, Any]) -> DealRules:
    """The rule set of a Deal room's configuration (its preset and options)."""
    return deal_preset(str(config["preset"]), **dict(config.get("options") or {}))


def entry_json(entry: DA.LegalEntry, label: str) -> dict[str, Any]:
    """One legal entry of a Deal seat: its text, kind, card, label; a template's
    parameters (docs/protocol.md)."""
    out: dict[str, Any] = {"text": entry.text(), "label": label}
    kind = _PLAY_KINDS.get(type(entry))
    out["kind"] = kind if kind is not None else entry.text().split(" ", 1)[0]
    card = getattr(entry, "card", None)
    if isinstance(card, int):
        out["card"] = card
    out["template"] = isinstance(entry, DA.PayTemplate | DA.DiscardTemplate)
    if isinstance(entry, DA.PayTemplate):
        out["amount"], out["cards"] = entry.amount, list(entry.cards)
    elif isinstance(entry, DA.DiscardTemplate):
        out["count"], out["cards"] = entry.count, list(entry.cards)
    return out


class DealCaretaker:
    """The move made for a person whose turn clock ran out: it plays nothing, ends the
    turn, discards the cards worth least, pays with the cards that cost least
    (:func:`monopoly.bots.deal.best_payment`) and lets actions stand rather than spend a
    Just Say No the person may be keeping."""

    def choose(self, view: SeatView, legal: list[DA.LegalEntry]) -> DA.Action:
        for entry in legal:
            if isinstance(entry, DA.EndTurn | DA.Accept | DA.Pay):
                return entry
        for entry in legal:
            if isinstance(entry, DA.PayTemplate):
                cards, _cost = best_payment(view, entry.amount, entry.cards)
                return DA.Pay(cards)
            if isinstance(entry, DA.DiscardTemplate):
                value = view.deck.value
                cheapest = sorted(entry.cards, key=lambda c: (value[c], c))
                return DA.Discard(tuple(cheapest[: entry.count]))
        for entry in legal:
            if not isinstance(entry, DA.PayTemplate | DA.DiscardTemplate):
                return entry
        raise ValueError("no legal entry to take")


class DealRoom(Room):
    """A room playing Monopoly Deal (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._narrators: dict[str, DealNarrator] = {}

    @property
    def rules(self) -> Any:
        return deal_rules(self.config)

    @property
    def clock(self) -> int | None:
        """The room's turn clock; without one, :data:`ANSWER_SECONDS` for a person
        answering an action aimed at them (the countdown of the Just Say No prompt)."""
        value = self.config.get("clock")
        if value is not None:
            return int(value)
        game = self.game
        if game is not None and game.decision().kind in ANSWER_KINDS:
            return ANSWER_SECONDS
        return None

    # --- the game

    def build_game(self) -> DealGame:
        names = [self.seats[n].nickname for n in range(self.size)]
        return DealGame(names, self.seed, self.rules, deck=load_deck(self._deck_key()),
                        events=True)

    def _deck_key(self) -> str:
        return str(self.config.get("edition") or "standard")

    def setup_play(self, game: Any, seq: int) -> None:
        super().setup_play(game, seq)
        self.table = None  # the board game's table clocks: no time limit in the Deal
        self._narrators = {}

    def parse_action(self, text: str) -> Any:
        return DA.parse_action(text)

    def restore(self, data: dict[str, Any]) -> Any:
        return restore(data, events=True)

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self.game)

    def record_head(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "deck": self._deck_key(),
            "rules": self.rules.to_dict(),
            "seats": [self.seats[n].nickname for n in range(self.size)],
            "seed": self.seed,
        }

    def record_rows(self, rows: list[tuple[int, str]]) -> list[str]:
        """The Deal's own action lines (monopoly.deal.record: ``<seat> <action>``, which
        ``monopoly verify`` and :func:`monopoly.deal.record.replay` read)."""
        return [f"{seat} {text}" for seat, text in rows]

    def narrator(self, lang: str) -> DealNarrator:
        n = self._narrators.get(lang)
        if n is None:
            n = self._narrators[lang] = DealNarrator(self.game.deck, self.game.seat_names, lang)
        return n

    def narrate(self, events: list[Any], lang: str) -> list[str]:
        return self.narrator(lang).sentences(events)

    def make_seat_bot(self, level: str, seat: int) -> Any:
        return make_deal_bot(LEVELS.get(level, level), room_bot_seed(self.id, seat))

    def seat_view(self, seat: int) -> Any:
        return self.game.seat_view(seat)

    def caretaker_move(self, seat: int) -> Any:
        return DealCaretaker().choose(self.seat_view(seat), self.game.legal_actions(seat))

    def forfeit_action(self) -> Any:
        return None  # the Deal has no resignation: a bot keeps the seat

    def decision_key(self) -> tuple[object, ...]:
        """The game's decision (a new one restarts the clock)."""
        decision: Decision = self.game.decision()
        return (decision,)

    # --- messages

    def state(self, seat: int | None, lang: str) -> dict[str, Any]:
        game = self.game
        if game is None:
            return {
                "type": "state", "game": GAME, "seq": 0, "status": self.status, "view": None,
                "legal": [], "prompt": None, "waiting": [],
                "board": {"game": GAME, "deck": self._deck_key()}, "clock": None,
            }
        view = game.view(seat)
        narrator = self.narrator(lang)
        own = seat is not None and 0 <= seat < game.n
        legal = game.legal_actions(seat) if own and seat is not None else []
        return {
            "type": "state",
            "game": GAME,
            "seq": self.seq,
            "status": self.status,
            "view": view.to_dict(),
            "legal": [entry_json(e, narrator.label(view, e)) for e in legal],
            "prompt": narrator.prompt(view, game.rules.hand_limit) if own else None,
            "waiting": game.pending_seats(),
            "board": {"game": GAME, "deck": self._deck_key()},
            "clock": self.clock_json(),
        }

    def state_text(self, seat: int | None, lang: str) -> str:
        return encode(self.state(seat, lang))

