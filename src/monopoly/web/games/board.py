"""The board game's adapter (:mod:`monopoly.board`): its rooms' settings, its ``state``
messages, narration, bots, caretaker, table clocks, record, replay and score sheet.

What a seat receives is its own view (``Game.view(seat)``) and its legal entries with
their labels (:func:`entry_json`), the prompt saying what the game waits for from it, and
the edition of the board (docs/protocol.md). The rule set's own clocks (a time limit, a
negotiation limit, a turn clock: :class:`~monopoly.board.clocks.TableClock`) run on the
server's wall clock, counted from the start, and act as the table (seat -1).

Example::

    >>> from monopoly.web.games import Setup
    >>> from monopoly.web.protocol import encode
    >>> board = BoardAdapter()
    >>> setup = Setup(("Ann", "Bob"), 2, board.settings("classic", "uk", {}, 2), 0.0)
    >>> play = board.begin(setup)
    >>> state = play.state(0, "en", seq=0, status="playing", clock=None)
    >>> state["waiting"], state["board"], [e["text"] for e in state["legal"]][:1]
    ([0], {'edition': 'uk', 'currency': '£'}, ['roll'])
    >>> play.state_text(0, "en", seq=0, status="playing", clock=None) == encode(state)
    True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final

from fastapi import APIRouter

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.clocks import TableClock
from monopoly.board.edition import load_edition
from monopoly.board.game import TABLE as BOARD_TABLE
from monopoly.board.game import Game
from monopoly.board.naming import default_names, name_sets, named
from monopoly.board.options import PRESET_OPTIONS, PRESETS, RuleSet, preset
from monopoly.board.record import RECORD_FORMAT, header
from monopoly.board.record import moves as record_moves
from monopoly.board.record import replay as replay_record
from monopoly.board.view import SeatView
from monopoly.bots import make_bot
from monopoly.bots.board.base import Bot
from monopoly.core.errors import MonopolyError
from monopoly.core.events import Event
from monopoly.core.registry import spec
from monopoly.i18n import LANGUAGES, translation
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.prompts import label
from monopoly.web.games import (
    JSON,
    TABLE,
    GameAdapter,
    GamePlay,
    Move,
    Settings,
    Setup,
    new_game,
    register,
    restored,
)
from monopoly.web.games.board_state import (
    TEMPLATES,
    LabelCache,
    StateTexts,
    entry_json,
    legal_json,
    legal_text,
    state_message,
)
from monopoly.web.games.offers import OfferBook, courteous_choice
from monopoly.web.protocol import ProtocolError
from monopoly.web.replay import play_steps

__all__ = [
    "EDITIONS",
    "TEMPLATES",
    "BoardAdapter",
    "BoardPlay",
    "LabelCache",
    "board_json",
    "entry_json",
    "legal_json",
    "legal_text",
    "replay_steps",
    "state_message",
]

EDITIONS: Final = ("standard", "uk", "disney")
OFFERS_KEY: Final = "room_offers"  # a room's snapshot: the book of its bots' offers
assert BOARD_TABLE == TABLE  # the table's seat in the store and the record


# --------------------------------------------------------------------------- the messages


def board_json(edition_key: str, lang: str, names: str | None = None) -> dict[str, Any]:
    """The 40 squares of an edition with their names in `lang` (its streets named from the
    set `names`, where given: :func:`monopoly.board.naming.named`), and its token names."""
    ed = load_edition(edition_key)
    if names is not None:
        ed = named(ed, names)

    def name(names: Any) -> str:
        return str(names.get(lang) or names["en"])

    return {
        "edition": ed.key,
        "name": name(ed.names),
        "currency": ed.currency,
        "jail": ed.jail_square,
        "squares": [
            {
                "index": sq.index,
                "key": sq.key,
                "name": name(sq.names),
                "kind": str(sq.kind),
                "group": sq.group,
                "group_name": None
                if sq.group is None or sq.group not in ed.group_names
                else name(ed.group_names[sq.group]),
                "price": sq.price,
                "house_cost": sq.house_cost,
                "rents": list(sq.rents),
                "utility_multipliers": list(sq.utility_multipliers),
                "tax": sq.tax,
            }
            for sq in ed.squares
        ],
        "groups": {g: list(members) for g, members in ed.groups.items()},
        "tokens": [{"key": t.key, "name": name(t.names)} for t in ed.tokens],
    }


def replay_steps(lines: list[str], lang: str, setup: Setup | None = None) -> dict[str, Any]:
    """The replay of a record (its lines: a header, then ``[seat, "action"]`` lines) in
    `lang`: ``start`` (the board before the first action), ``start_texts`` (the events of
    the set-up) and ``steps``, one per action line; with the room's `setup`, the seats'
    names in `lang` and the board's names (:func:`_in_room`)."""
    game = _in_room(replay_record(lines[:1], events=True), setup)  # the set-up only
    names = [p.name for p in game.players] if setup is None else list(setup.names_in(lang))
    narrator = Narrator(game.edition, names, lang, game.hotel_level)

    def label_of(seat: int, action: A.Action) -> str:
        if seat == TABLE:
            return action.text()
        return label(game.seat_view(seat), action, lang, narrator)

    return {
        "lang": lang,
        "edition": game.edition.key,
        "hotel_level": game.hotel_level,
        "seats": names,
        **play_steps(game, game.events, record_moves(lines[1:]), _public_view, label_of,
                     narrator.sentences),
    }


def _public_view(game: Game) -> dict[str, Any]:
    view = game.view(None).to_dict()
    view.pop("seat", None)
    return view


# --------------------------------------------------------------------------- the adapter


@dataclass(slots=True)
class _Seated:
    """A board bot in its seat: it sees the seat's view and legal entries only. In a
    room's game (`play`), it does not flood the room's people with trade offers
    (:mod:`monopoly.web.games.offers`)."""

    bot: Bot
    game: Game
    seat: int
    play: BoardPlay | None = None
    seed: int = 0

    def move(self) -> A.Action:
        view = self.game.seat_view(self.seat)
        legal = self.game.legal_actions(self.seat)
        people = () if self.play is None else self.play.persons()
        if not people:  # bots alone: exactly as they play anywhere
            return self.bot.choose(view, legal)
        assert self.play is not None
        return courteous_choice(self.bot.choose, view, legal, self.game, self.seat,
                                self.play.offers, people, self._caretaker)

    def _caretaker(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        return make_bot("caretaker", self.seed).choose(view, legal)


class BoardPlay(GamePlay[Game]):
    """One room's board game: the labels and narrators of its texts (the seats' names and
    the edition never change), the encoded parts of its views, the table's clocks."""

    def __init__(self, game: Game, setup: Setup, offers: OfferBook | None = None) -> None:
        super().__init__(game, setup)
        self.offers = OfferBook() if offers is None else offers  # the bots' trade offers
        self.offers.after(game)
        self.labels = LabelCache(self.names_in)
        # the states' texts (a board game's view is the same for every seat: nothing
        # hidden is in it)
        self._texts = StateTexts(self.labels)
        self._applied = 0  # actions applied by this play: the view's version
        self.table = TableClock(game.rules, time.time)
        self.table.start = setup.started

    def use_clock(self, now: Callable[[], float]) -> None:
        self.table = TableClock(self.game.rules, now)
        self.table.start = 0.0

    def apply(self, seat: int, move: Move) -> Sequence[Event]:
        self.offers.before(self.game, seat, move)
        self._applied += 1
        events = super().apply(seat, move)
        self.offers.after(self.game)
        return events

    def snapshot(self) -> JSON:
        """The game's snapshot, and the book of the bots' offers while it holds any."""
        data = self.game.snapshot()
        if self.offers:
            data[OFFERS_KEY] = self.offers.to_json()
        return data

    def forget_events(self) -> None:
        if self.game.events is not None:
            self.game.events.clear()

    def opening(self) -> Sequence[Event]:
        events = list(self.game.events or ())
        self.forget_events()
        return events

    def state(self, seat: int | None, lang: str, *, seq: int, status: str,
              clock: JSON | None) -> JSON:
        game = self.game
        return {**state_message(game, seat, lang, seq=seq, status=status, labels=self.labels,
                                narrator=self.labels.narrator(game, lang), clock=clock),
                "names": self.names_in(lang)}

    def state_text(self, seat: int | None, lang: str, *, seq: int, status: str,
                   clock: JSON | None) -> str:
        """:meth:`state` encoded (:class:`~monopoly.web.games.board_state.StateTexts`)."""
        return self._texts.text(self.game, seat, lang, seq=seq, status=status, clock=clock,
                                names=self.names_in(lang), version=self._applied)

    def narrate(self, events: Sequence[Event], lang: str) -> list[str]:
        return self.labels.narrator(self.game, lang).sentences(list(events))

    def marks(self, events: Sequence[Event]) -> list[str | None] | None:
        out: list[str | None] = [_mark(e) for e in events]
        return out if any(out) else None

    def reason(self, reason: str, lang: str) -> str:
        return translation(lang).text(reason, self.game.edition, seats=self.names_in(lang))

    def bot(self, level: str, seat: int, seed: int) -> _Seated:
        return _Seated(make_bot(level, seed), self.game, seat, self, seed)

    def caretaker(self, seat: int, seed: int) -> A.Action:
        """Never bids the seat's money away, mortgages only what a debt needs
        (:mod:`monopoly.bots.board.caretaker`)."""
        return _Seated(make_bot("caretaker", seed), self.game, seat).move()

    def forfeit(self, seat: int) -> A.Action:
        return A.RESIGN

    def table_move(self) -> A.Action | None:
        for action in self.table.due(self.game):
            if self.game.is_legal(TABLE, action):
                return action
        return None

    @property
    def table_poll(self) -> float | None:
        return 1.0 if self.table.active else None

    def record_head(self) -> JSON:
        return header(self.game)


class BoardAdapter(GameAdapter[Game]):
    """Monopoly, the board game (docs/rules.md)."""

    name: ClassVar[str] = "board"
    seats: ClassVar[tuple[int, int]] = (2, 8)
    has_sheet: ClassVar[bool] = True

    def settings(self, preset_name: str | None, edition: str | None,
                 options: Mapping[str, object], seats: int,
                 names: str | None = None) -> Settings:
        """A preset of docs/rules.md §12 (classic by default) and its options, an edition
        (standard by default), 2-8 seats, one of the edition's sets of street names
        (:mod:`monopoly.board.naming`; by default its English names)."""
        name = spec(self.name).default_preset if preset_name is None else preset_name
        if name not in PRESETS:
            raise ProtocolError("invalid", 400, reason=f"preset {name!r}")
        edition = "standard" if edition is None else edition
        if edition not in EDITIONS:
            raise ProtocolError("invalid", 400, reason="edition")
        try:
            preset(name, **options)
        except (MonopolyError, TypeError) as exc:
            raise ProtocolError("invalid", 400, reason=translation("en").error(exc)) from exc
        self.check_seats(seats)
        sets = name_sets(load_edition(edition))
        names = default_names(load_edition(edition), "en") if names is None else names
        if names not in sets:
            raise ProtocolError("invalid", 400, reason="names")
        return Settings(name, edition, dict(options), seats, names=names)

    def rules(self, settings: Settings) -> RuleSet:
        return preset(settings.preset, **settings.options)

    def meta(self, lang: str) -> JSON:
        """The presets, the editions and the rule options with their ranges."""
        options = []
        defaults = RuleSet()
        for f in fields(RuleSet):
            kind = str(f.type).replace(" | None", "")
            item: dict[str, Any] = {
                "name": f.name,
                "type": kind,
                "nullable": "None" in str(f.type),
                "default": getattr(defaults, f.name),
                "section": f.metadata.get("section", ""),
            }
            if "range" in f.metadata:
                item["low"], item["high"] = f.metadata["range"]
            if "choices" in f.metadata:
                item["choices"] = list(f.metadata["choices"])
            options.append(item)
        return {
            "presets": [{"name": p, "options": PRESET_OPTIONS[p]} for p in PRESETS],
            "editions": [
                {"key": e, "name": str(load_edition(e).names.get(lang)
                                       or load_edition(e).names["en"]),
                 # the sets of street names a room may play with, and the one a reader
                 # of `lang` gets unless the host chooses
                 "name_sets": [{"key": k, "name": v.get(lang) or v["en"]}
                               for k, v in name_sets(load_edition(e)).items()],
                 "names": default_names(load_edition(e), lang)}
                for e in EDITIONS
            ],
            "options": options,
        }

    def routes(self) -> APIRouter:
        router = APIRouter()

        @router.get("/api/board")
        async def board(edition: str = "standard", lang: str = "en",
                        names: str | None = None) -> dict[str, Any]:
            if edition not in EDITIONS:
                raise ProtocolError("invalid", 400, reason="edition")
            if names is not None and names not in name_sets(load_edition(edition)):
                raise ProtocolError("invalid", 400, reason="names")
            return board_json(edition, lang if lang in LANGUAGES else "en", names)

        return router

    def warm_up(self) -> None:
        for edition in EDITIONS:
            load_edition(edition)

    def begin(self, setup: Setup) -> BoardPlay:
        game = new_game(Game, self.name, setup, self.rules(setup.settings),
                        edition=setup.settings.edition)
        return BoardPlay(_in_room(game, setup), setup)

    def resume(self, setup: Setup, snapshot: JSON) -> BoardPlay:
        data = dict(snapshot)
        offers = OfferBook.from_json(data.pop(OFFERS_KEY)) if OFFERS_KEY in data else None
        return BoardPlay(_in_room(restored(Game, data), setup), setup, offers)

    def parse_action(self, text: str) -> A.Action:
        return _parse_action(text)

    def idle_state(self, settings: Settings, status: str) -> JSON:
        return {
            "type": "state", "seq": 0, "status": status, "view": None, "legal": [],
            "prompt": None, "waiting": [], "board": {"edition": settings.edition},
            "clock": None,
        }

    def record_head(self, setup: Setup) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules(setup.settings).record_dict(),
            "edition": setup.settings.edition,
            "seats": list(setup.names),
            "seed": setup.seed,
        }

    def record_rows(self, rows: Sequence[tuple[int, str]]) -> list[str]:
        """``[seat, "action"]`` (JSON) lines (RECORD_FORMAT)."""
        return [json.dumps([seat, text], ensure_ascii=False) for seat, text in rows]

    def replay(self, lines: list[str], lang: str, setup: Setup | None = None) -> JSON:
        return replay_steps(lines, lang, setup)

    def sheet(self, lines: list[str], lang: str, setup: Setup | None = None) -> str:
        from monopoly.narration.board.sheet import render_sheet_html, score_sheet

        game = _in_room(replay_record(lines, events=True), setup)
        names = None if setup is None else setup.names_in(lang)
        return render_sheet_html(score_sheet(game, lang=lang, names=names), lang)


# the actions read from the clients: most are the same few texts ("roll", "end", "buy"),
# and an action is a frozen value, the same whoever sends it (an unreadable text raises,
# and is not kept)
_parse_action: Final = functools.lru_cache(maxsize=4096)(A.parse_action)


# the card's own text is the popup of a card (its payment, if any, is told by the log)
_PAID_MARKS: Final = {"rent": "rent", "tax": "tax", "income_tax": "tax", "jail_fine": "jail"}


def _mark(e: Event) -> str | None:
    """The popup an event gets on the page (BoardPlay.marks)."""
    if isinstance(e, E.Paid):
        return _PAID_MARKS.get(e.reason)
    if isinstance(e, E.CardDrawn):
        return "card"
    if isinstance(e, E.AuctionWon):
        return "auction"
    if isinstance(e, E.Jailed):
        return "jail"
    if isinstance(e, E.Bankrupt):
        return "bankrupt"
    return None


def _in_room(game: Game, setup: Setup | None) -> Game:
    """`game` in its room's words: its money written in the room's currency (a
    tournament's "M") and its streets named as the room's board names them
    (:func:`monopoly.board.naming.named`); only the words change, never the rules or the
    record (which name the edition)."""
    if setup is None:
        return game
    settings = setup.settings
    if settings.names is not None:
        game.edition = named(game.edition, settings.names)
    if settings.currency is not None and settings.currency != game.edition.currency:
        game.edition = dataclasses.replace(game.edition, currency=settings.currency)
    return game


register(BoardAdapter())
