"""Monopoly Deal's adapter (:mod:`monopoly.deal`): the same lobby, seats, tokens, durable
actions, replay after a restart, bots and turn clock as the board game's rooms (one
:class:`~monopoly.web.room.Room` for both), with the Deal's rules core.

What a seat receives is built from its own view (``Game.view(seat)``):
its hand, everybody's table, the sizes of the hands and of the draw pile, the discard
pile; never another seat's hand or the draw pile's order (docs/deal-rules.md § Players
and hidden information). A spectator sees no hand at all.

A state message of a Deal room (docs/protocol.md)::

    {"type": "state", "game": "deal", "seq": 12, "status": "playing",
     "view": {...DealView...}, "legal": [{"text": "play 17 bank", "kind": "bank",
     "card": 17, "label": "Bank 4M", "template": false}, ...],
     "prompt": "Your turn: ...", "waiting": [0], "board": {"game": "deal",
     "deck": "standard"}, "clock": null}

Templates carry their parameters: ``pay ...`` its ``amount`` and the payable ``cards``,
``discard ...`` the ``count`` to discard and the ``cards`` of the hand.

Example::

    >>> from monopoly.web.games import Setup
    >>> deal = DealAdapter()
    >>> play = deal.begin(Setup(("Ann", "Bob"), 7, deal.settings(None, None, {}, 2), 0.0))
    >>> state = play.state(1, "en", seq=0, status="playing", clock=None)
    >>> state["game"], state["waiting"], len(state["view"]["hand"]), state["legal"]
    ('deal', [0], 5, [])
    >>> play.clock(None) is None, play.forfeit(0) is None
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from fastapi import APIRouter

from monopoly.bots.deal import DealBot, best_payment, make_deal_bot
from monopoly.core.errors import MonopolyError
from monopoly.core.events import Event
from monopoly.core.registry import spec
from monopoly.deal import actions as DA
from monopoly.deal.decision import ANSWER_KINDS
from monopoly.deal.deck import ACTION_KEYS, KIND_KEYS, load_deck
from monopoly.deal.game import Game
from monopoly.deal.options import PRESET_OPTIONS, PRESETS, DealRules, deal_preset
from monopoly.deal.record import RECORD_FORMAT, header
from monopoly.deal.record import moves as record_moves
from monopoly.deal.record import replay as replay_record
from monopoly.deal.view import SeatView
from monopoly.i18n import LANGUAGES
from monopoly.narration.deal.narrate import DealNarrator
from monopoly.web.games import (
    JSON,
    GameAdapter,
    GamePlay,
    Settings,
    Setup,
    new_game,
    register,
    restored,
)
from monopoly.web.protocol import ProtocolError
from monopoly.web.replay import play_steps

__all__ = ["DealAdapter", "DealCaretaker", "DealPlay", "deck_json", "entry_json",
           "replay_steps"]

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


def replay_steps(lines: list[str], lang: str,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
    """The replay of a Monopoly Deal record (its lines: a header, then ``<seat> <action>``
    lines) in `lang`, shaped as the board game's: ``start``, ``start_texts`` (the deal of
    the hands), ``steps``; each step's ``label`` is the button text the acting seat had
    for its action."""
    game = replay_record(lines[:1], events=True)  # the deal only: the actions follow
    names = list(game.seat_names if names is None else names)
    narrator = DealNarrator(game.deck, names, lang)

    def label_of(seat: int, action: DA.Action) -> str:
        return narrator.label(game.view(seat), action)

    return {
        "lang": lang,
        "game": GAME,
        "deck": game.deck.key,
        "seats": names,
        **play_steps(game, game.events, record_moves(lines[1:]), _public_view, label_of,
                     narrator.sentences),
    }


def _public_view(game: Game) -> dict[str, Any]:
    view = game.view(None).to_dict()
    view.pop("seat", None)
    view.pop("hand", None)
    view["hands"] = [list(hand) for hand in game.hands]  # the game is over: all public
    return view


@dataclass(slots=True)
class _Seated:
    """A Deal bot in its seat: it sees the seat's view and legal entries only."""

    bot: DealBot | DealCaretaker
    game: Game
    seat: int

    def move(self) -> DA.Action:
        return self.bot.choose(self.game.seat_view(self.seat), self.game.legal_actions(self.seat))


class DealPlay(GamePlay[Game]):
    """One room's Deal game, with a narrator per language."""

    def __init__(self, game: Game, setup: Setup) -> None:
        super().__init__(game, setup)
        self._narrators: dict[str, DealNarrator] = {}

    def forget_events(self) -> None:
        if self.game.events is not None:
            self.game.events.clear()

    def opening(self) -> Sequence[Event]:
        events = list(self.game.events or ())
        self.forget_events()
        return events

    def narrator(self, lang: str) -> DealNarrator:
        n = self._narrators.get(lang)
        if n is None:
            n = self._narrators[lang] = DealNarrator(self.game.deck, self.names_in(lang),
                                                     lang)
        return n

    def state(self, seat: int | None, lang: str, *, seq: int, status: str,
              clock: JSON | None) -> JSON:
        game = self.game
        view = game.view(seat)
        narrator = self.narrator(lang)
        own = seat is not None and 0 <= seat < game.n
        legal = game.legal_actions(seat) if own and seat is not None else []
        return {
            "type": "state",
            "game": GAME,
            "seq": seq,
            "status": status,
            "view": view.to_dict(),
            "legal": [entry_json(e, narrator.label(view, e)) for e in legal],
            "prompt": narrator.prompt(view, game.rules.hand_limit) if own else None,
            "waiting": game.pending_seats(),
            "board": {"game": GAME, "deck": game.deck.key},
            "clock": clock,
            "names": self.names_in(lang),
        }

    def narrate(self, events: Sequence[Event], lang: str) -> list[str]:
        return self.narrator(lang).sentences(events)

    def bot(self, level: str, seat: int, seed: int) -> _Seated:
        return _Seated(make_deal_bot(LEVELS.get(level, level), seed), self.game, seat)

    def caretaker(self, seat: int, seed: int) -> DA.Action:
        return _Seated(DealCaretaker(), self.game, seat).move()

    def clock(self, seconds: int | None) -> int | None:
        """The room's turn clock; without one, :data:`ANSWER_SECONDS` for a person
        answering an action aimed at them (the countdown of the Just Say No prompt)."""
        if seconds is not None:
            return seconds
        if self.game.decision().kind in ANSWER_KINDS:
            return ANSWER_SECONDS
        return None

    def record_head(self) -> JSON:
        return header(self.game)


class DealAdapter(GameAdapter[Game]):
    """Monopoly Deal, the card game (docs/deal-rules.md)."""

    name: ClassVar[str] = GAME
    seats: ClassVar[tuple[int, int]] = (2, 5)

    def settings(self, preset_name: str | None, edition: str | None,
                 options: Mapping[str, object], seats: int,
                 names: str | None = None) -> Settings:
        """A preset of the Deal (official by default) and its options, the standard deck,
        2-5 seats (docs/deal-rules.md § Players and hidden information); no board, so
        no street names."""
        if names is not None:
            raise ProtocolError("invalid", 400, reason="names")
        name = spec(self.name).default_preset if preset_name is None else preset_name
        if name not in PRESETS:
            raise ProtocolError("invalid", 400, reason=f"preset {name!r}")
        deck = "standard" if edition is None else edition
        if deck != "standard":
            raise ProtocolError("invalid", 400, reason="edition")
        try:
            deal_preset(name, **options)
        except (MonopolyError, TypeError) as exc:
            raise ProtocolError("invalid", 400, reason=str(exc)) from exc
        self.check_seats(seats)
        return Settings(name, deck, dict(options), seats)

    def rules(self, settings: Settings) -> DealRules:
        return deal_preset(settings.preset, **settings.options)

    def meta(self, lang: str) -> JSON:
        """The Deal's presets and seat range."""
        return {
            "deal": {
                "presets": [{"name": p, "options": PRESET_OPTIONS[p]} for p in PRESETS],
                "seats": list(self.seats),
            },
        }

    def routes(self) -> APIRouter:
        router = APIRouter()

        @router.get("/api/deal/deck")
        async def deal_deck(lang: str = "en") -> dict[str, Any]:
            """Monopoly Deal's cards and colours, named in `lang`."""
            return deck_json("standard", lang if lang in LANGUAGES else "en")

        return router

    def warm_up(self) -> None:
        load_deck("standard")

    def begin(self, setup: Setup) -> DealPlay:
        game = new_game(Game, self.name, setup, self.rules(setup.settings),
                        deck=load_deck(setup.settings.edition))
        return DealPlay(game, setup)

    def resume(self, setup: Setup, snapshot: JSON) -> DealPlay:
        return DealPlay(restored(Game, snapshot), setup)

    def parse_action(self, text: str) -> DA.Action:
        return DA.parse_action(text)

    def idle_state(self, settings: Settings, status: str) -> JSON:
        return {
            "type": "state", "game": GAME, "seq": 0, "status": status, "view": None,
            "legal": [], "prompt": None, "waiting": [],
            "board": {"game": GAME, "deck": settings.edition}, "clock": None,
        }

    def record_head(self, setup: Setup) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "deck": setup.settings.edition,
            "rules": self.rules(setup.settings).to_dict(),
            "seats": list(setup.names),
            "seed": setup.seed,
        }

    def record_rows(self, rows: Sequence[tuple[int, str]]) -> list[str]:
        """The Deal's own action lines (monopoly.deal.record: ``<seat> <action>``, which
        ``monopoly verify`` and :func:`monopoly.deal.record.replay` read)."""
        return [f"{seat} {text}" for seat, text in rows]

    def replay(self, lines: list[str], lang: str, setup: Setup | None = None) -> JSON:
        return replay_steps(lines, lang, None if setup is None else setup.names_in(lang))


register(DealAdapter())
