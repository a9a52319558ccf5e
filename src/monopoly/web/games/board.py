"""The board game's adapter (:mod:`monopoly.board`): its rooms' settings, its ``state``
messages, narration, bots, caretaker, table clocks, record, replay and score sheet.

What a seat receives is its own view (``Game.view(seat)``) and its legal entries with
their labels (:func:`entry_json`), the prompt saying what the game waits for from it, and
the edition of the board (docs/protocol.md). The rule set's own clocks (a time limit, a
negotiation limit, a turn clock: :class:`~monopoly.board.clocks.TableClock`) run on the
server's wall clock, counted from the start, and act as the table (seat -1).

Example::

    >>> from monopoly.web.games import Setup
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
import json
import secrets
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
from monopoly.narration.board.prompts import label, labels, prompt
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
from monopoly.web.games.offers import OfferBook, courteous_choice
from monopoly.web.protocol import ProtocolError, encode
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


_SQUARE_ACTIONS: Final = (
    A.Build, A.SellBuilding, A.Mortgage, A.Unmortgage, A.LiftReceived, A.KeepMortgaged,
)
TEMPLATES: Final = (A.BidRange, A.RepayRange, A.TradeTemplate, A.RaiseFundsTemplate)


def entry_json(entry: A.LegalEntry, label: str) -> dict[str, Any]:
    """One legal entry: ``text`` (canonical; a template's is a pattern), ``kind`` (its
    first word), ``label`` (a button text), ``template`` (True: not sendable as it is;
    the client fills in the parameters) and the bounds of templates."""
    text = entry.text()
    out: dict[str, Any] = {
        "text": text,
        "kind": text.split(" ", 1)[0],
        "label": label,
        "template": isinstance(entry, TEMPLATES),
    }
    if isinstance(entry, A.BidRange):
        out["low"], out["high"] = entry.low, entry.high
    elif isinstance(entry, A.RepayRange):
        out["to"], out["low"], out["high"] = entry.to, entry.low, entry.high
    elif isinstance(entry, A.TradeTemplate):
        out["partners"] = list(entry.partners)
    elif isinstance(entry, _SQUARE_ACTIONS):
        out["square"] = entry.square
    return out


# Labels that depend only on the entry, the language and the square's building level (and,
# for building, whether a won building is being placed): cached per game, as writing
# money in a language is the costly part of a state message.
_CACHED_LABELS: Final = (
    A.Mortgage, A.Unmortgage, A.Build, A.SellBuilding, A.TradeTemplate, A.RaiseFundsTemplate,
)


class LabelCache:
    """The labels of one game's legal entries, kept for the server's room of that game:
    the texts of :data:`_CACHED_LABELS` by entry, language, seat and building level, and
    one :class:`~monopoly.narration.board.narrate.Narrator` per language for the rest, the
    prompts and the
    events. Building a narrator for every label cost about a tenth of the server's time;
    the seats' names and the edition of a game never change, so one per language serves
    the whole game."""

    __slots__ = ("_narrators", "encoded", "names", "texts")

    def __init__(self, names: Callable[[str], Sequence[str]] | None = None) -> None:
        # the seats' names in a language (a bot's default name is each reader's); None:
        # the game's own
        self.names = names
        self.texts: dict[tuple[object, ...], str] = {}
        self._narrators: dict[str, tuple[Game, Narrator]] = {}
        # the JSON text of an entry with its label (see legal_text)
        self.encoded: dict[tuple[A.LegalEntry, str], str] = {}

    def narrator(self, game: Game, lang: str) -> Narrator:
        """The narrator of `game` in `lang` (built once per game)."""
        kept = self._narrators.get(lang)
        if kept is None or kept[0] is not game:
            names = game.seat_names if self.names is None else self.names(lang)
            kept = self._narrators[lang] = (
                game, Narrator(game.edition, list(names), lang, game.hotel_level))
        return kept[1]


def legal_json(
    game: Game, seat: int | None, lang: str, cache: LabelCache | None = None
) -> list[dict[str, Any]]:
    """The seat's legal entries with their labels in `lang` (:func:`entry_json`); with a
    `cache`, the labels are the same texts, written once."""
    if seat is None or game.is_over:
        return []
    if cache is None:
        return [entry_json(e, text) for e, text in labels(game.seat_view(seat), lang)]
    return [entry_json(entry, text) for entry, text in _labelled(game, seat, lang, cache)]


def legal_text(game: Game, seat: int | None, lang: str, cache: LabelCache) -> str:
    """:func:`legal_json` as JSON text (:func:`encode`). The text of an entry with its
    label is kept in `cache`: most entries of a state are the same as in the previous
    one (a seat's mortgages, buildings, trades), and need not be built and encoded again."""
    if seat is None or game.is_over:
        return "[]"
    encoded = cache.encoded
    if len(encoded) > _ENCODED_LIMIT:  # bids and amounts of a long game: start afresh
        encoded.clear()
    parts = []
    for pair in _labelled(game, seat, lang, cache):
        text = encoded.get(pair)
        if text is None:
            text = encoded[pair] = encode(entry_json(*pair))
        parts.append(text)
    return "[" + ",".join(parts) + "]"


_ENCODED_LIMIT: Final = 4096  # entries kept per game by legal_text


def _labelled(
    game: Game, seat: int, lang: str, cache: LabelCache
) -> list[tuple[A.LegalEntry, str]]:
    """The seat's legal entries with their labels, written once where they can be."""
    out = []
    placing = game.placement is not None
    texts = cache.texts
    narrator = cache.narrator(game, lang)
    view = game.seat_view(seat)
    for entry in game.legal_actions(seat):
        if isinstance(entry, _CACHED_LABELS):
            sq = getattr(entry, "square", -1)
            key = (entry, lang, seat, game.level[sq] if sq >= 0 else 0, placing)
            text = texts.get(key)
            if text is None:
                text = texts[key] = label(view, entry, lang, narrator)
        else:
            text = label(view, entry, lang, narrator)
        out.append((entry, text))
    return out


def state_message(
    game: Game, seat: int | None, lang: str, *, seq: int, status: str,
    labels: LabelCache | None = None, narrator: Narrator | None = None,
    clock: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message of `seat` (None: a spectator) in `lang` (docs/protocol.md):
    the seat's view, its legal entries with their labels, the sentence saying what the
    game waits for from it (None when it waits for others), the seats it waits for."""
    waiting = game.pending_seats()
    asked = seat is not None and (game.is_over or seat in waiting)
    return {
        "type": "state",
        "seq": seq,
        "status": status,
        "view": game.view(seat).to_dict(),
        "legal": legal_json(game, seat, lang, labels),
        "prompt": prompt(game.seat_view(seat), lang, narrator)
        if asked and seat is not None
        else None,
        "waiting": waiting,
        "board": {"edition": game.edition.key, "currency": game.edition.currency},
        "clock": clock,
    }


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


class ViewParts:
    """Encodes a ``{"view": ...}`` message, reusing the text of the view's 40-square lists
    (owner, level, mortgaged: most of a view, and rarely changed by an action) when they
    equal the previous ones. The lists are the same for every seat."""

    SHARED: Final = ("owner", "level", "mortgaged")
    # stands in for a list while the rest is encoded: a string no view contains
    MARK: Final = f"view-part-{secrets.token_hex(16)}-"

    def __init__(self) -> None:
        self._last: dict[str, tuple[list[Any], str]] = {}

    def encode(self, message: dict[str, Any]) -> str:
        view = message.get("view")
        if not isinstance(view, dict):
            return encode(message)
        view = dict(view)
        parts = []
        for key in self.SHARED:
            value = view.get(key)
            if type(value) is not list:
                continue
            last = self._last.get(key)
            if last is None or last[0] != value:
                last = self._last[key] = (list(value), encode(value))
            view[key] = self.MARK + key
            parts.append((f'"{self.MARK}{key}"', last[1]))
        text = encode({**message, "view": view})
        for mark, part in parts:
            text = text.replace(mark, part, 1)
        return text


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
        self._view_parts = ViewParts()
        # the view's text but its "seat", shared by every seat's state (a board game's
        # view is the same for every seat: nothing hidden is in it), with its key
        self._applied = 0  # actions applied by this play: the view's version
        self._shared_view: tuple[tuple[int, int, str], str, str] | None = None
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
        """:meth:`state` encoded, with the legal entries' texts taken from the cache
        (:func:`legal_text`) and the view's square lists encoded once (:class:`ViewParts`)."""
        game = self.game
        waiting = game.pending_seats()
        key = (self._applied, seq, status)
        shared = self._shared_view
        if shared is None or shared[0] != key:
            view = game.view(None).to_dict()
            del view["seat"]  # the only field that differs from seat to seat
            text = self._view_parts.encode({"type": "state", "seq": seq, "status": status,
                                            "view": view})
            at = text.index('"view":{') + 8  # where the seat goes: the view's first field
            shared = self._shared_view = (key, text[:at], text[at:])
        head = f'{shared[1]}"seat":{encode(seat)},{shared[2]}'
        asked = seat is not None and (game.is_over or seat in waiting)
        tail = encode({
            # a prompt is None for a seat the game does not wait for: not asked at all
            "prompt": prompt(game.seat_view(seat), lang, self.labels.narrator(game, lang))
            if asked else None,
            "waiting": waiting,
            "board": {"edition": game.edition.key, "currency": game.edition.currency},
            "clock": clock,
            "names": self.names_in(lang),
        })
        return f'{head[:-1]},"legal":{legal_text(game, seat, lang, self.labels)},{tail[1:]}'

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
        return A.parse_action(text)

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
