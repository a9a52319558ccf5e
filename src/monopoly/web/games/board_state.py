"""The board game's ``state`` messages (docs/protocol.md): a seat's view, its legal entries
with their labels, the prompt saying what the game waits for from it, and the edition of
the board. Compiled with mypyc (the Makefile's NATIVE): a server builds one of these for
every connection after every action.

:func:`state_message` builds the message as a dict; :class:`StateTexts`, one per room's
game, writes the same message as JSON text for every seat, reusing what the seats share
(the view, the same for every seat but for its ``seat`` field) and what rarely changes
(the view's 40-square lists, the legal entries' texts with their labels, the fields that
only depend on the reader's language).

Example::

    >>> from monopoly.board.game import Game
    >>> from monopoly.web.protocol import encode
    >>> game = Game(["Ann", "Bob"], seed=1)
    >>> texts = StateTexts(LabelCache())
    >>> text = texts.text(game, 0, "en", seq=0, status="playing", clock=None,
    ...                   names=("Ann", "Bob"))
    >>> message = state_message(game, 0, "en", seq=0, status="playing", labels=LabelCache())
    >>> text == encode({**message, "names": ["Ann", "Bob"]})
    True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

from monopoly.board import actions as A
from monopoly.board.game import Game
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.prompts import label, labels, prompt
from monopoly.web.protocol import encode

__all__ = [
    "TEMPLATES",
    "LabelCache",
    "StateTexts",
    "ViewParts",
    "entry_json",
    "legal_json",
    "legal_text",
    "state_message",
]


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
        out["square"] = getattr(entry, "square")  # noqa: B009 (every one of them has it)
    return out


# Labels that depend only on the entry, the language and the square's building level (and,
# for building, whether a won building is being placed): cached per game, as writing
# money in a language is the costly part of a state message.
_CACHED_LABELS: Final = (
    A.Mortgage, A.Unmortgage, A.Build, A.SellBuilding, A.TradeTemplate, A.RaiseFundsTemplate,
)
_ENCODED_LIMIT: Final = 4096  # entries kept per game by legal_text


class LabelCache:
    """The labels of one game's legal entries, kept for the server's room of that game:
    the texts of :data:`_CACHED_LABELS` by entry, language, seat and building level, and
    one :class:`~monopoly.narration.board.narrate.Narrator` per language for the rest, the
    prompts and the events. Building a narrator for every label cost about a tenth of the
    server's time; the seats' names and the edition of a game never change, so one per
    language serves the whole game."""

    def __init__(self, names: Callable[[str], Sequence[str]] | None = None) -> None:
        # the seats' names in a language (a bot's default name is each reader's); None:
        # the game's own
        self.names = names
        self.texts: dict[tuple[object, ...], str] = {}
        self._narrators: dict[str, tuple[Game, Narrator]] = {}
        # the JSON text of an entry with its label (see legal_text)
        self.encoded: dict[tuple[A.LegalEntry, str], str] = {}
        # the JSON text of a cached label's entry, by the key of its label (legal_text)
        self.encoded_by_key: dict[tuple[object, ...], str] = {}

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
    by_key = cache.encoded_by_key
    if len(encoded) + len(by_key) > _ENCODED_LIMIT:  # bids and amounts of a long game
        encoded.clear()
        by_key.clear()
        cache.texts.clear()
    parts: list[str] = []
    placing = game.placement is not None
    narrator: Narrator | None = None
    view = game.seat_view(seat)
    level = game.level
    for entry in game.legal_actions(seat):
        if isinstance(entry, _CACHED_LABELS):
            sq: int = getattr(entry, "square", -1)
            key: tuple[object, ...] = (entry, lang, seat, level[sq] if sq >= 0 else 0, placing)
            text = by_key.get(key)
            if text is None:
                if narrator is None:
                    narrator = cache.narrator(game, lang)
                text = by_key[key] = encode(entry_json(entry, label(view, entry, lang,
                                                                    narrator)))
            parts.append(text)
            continue
        if narrator is None:
            narrator = cache.narrator(game, lang)
        pair = (entry, label(view, entry, lang, narrator))
        text = encoded.get(pair)
        if text is None:
            text = encoded[pair] = encode(entry_json(entry, pair[1]))
        parts.append(text)
    return "[" + ",".join(parts) + "]"


def _labelled(
    game: Game, seat: int, lang: str, cache: LabelCache
) -> list[tuple[A.LegalEntry, str]]:
    """The seat's legal entries with their labels, written once where they can be."""
    out: list[tuple[A.LegalEntry, str]] = []
    placing = game.placement is not None
    texts = cache.texts
    narrator = cache.narrator(game, lang)
    view = game.seat_view(seat)
    for entry in game.legal_actions(seat):
        if isinstance(entry, _CACHED_LABELS):
            sq: int = getattr(entry, "square", -1)
            key: tuple[object, ...] = (entry, lang, seat, game.level[sq] if sq >= 0 else 0,
                                       placing)
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
        "view": game.view_dict(seat),
        "legal": legal_json(game, seat, lang, labels),
        "prompt": prompt(game.seat_view(seat), lang, narrator)
        if asked and seat is not None
        else None,
        "waiting": waiting,
        "board": {"edition": game.edition.key, "currency": game.edition.currency},
        "clock": clock,
    }


# stands in for a list while the rest of a view is encoded: a string no view contains
_MARK: Final = f"view-part-{secrets.token_hex(16)}-"
_SHARED: Final = ("owner", "level", "mortgaged")


class ViewParts:
    """Encodes a ``{"view": ...}`` message, reusing the text of the view's 40-square lists
    (owner, level, mortgaged: most of a view, and rarely changed by an action) when they
    equal the previous ones. The lists are the same for every seat."""

    SHARED: Final = _SHARED
    MARK: Final = _MARK

    def __init__(self) -> None:
        self._last: dict[str, tuple[list[Any], str]] = {}

    def encode(self, message: dict[str, Any]) -> str:
        found = message.get("view")
        if not isinstance(found, dict):
            return encode(message)
        view = dict(found)
        parts: list[tuple[str, str]] = []
        for key in _SHARED:
            value = view.get(key)
            if type(value) is not list:
                continue
            last = self._last.get(key)
            if last is None or last[0] != value:
                last = self._last[key] = (list(value), encode(value))
            view[key] = _MARK + key
            parts.append((f'"{_MARK}{key}"', last[1]))
        text = encode({**message, "view": view})
        for mark, part in parts:
            text = text.replace(mark, part, 1)
        return text


class StateTexts:
    """The ``state`` messages of one room's game as JSON text (:func:`state_message`, with
    the seats' names): the view's text is written once per version of the game for every
    seat (`version`: the caller's count of the actions applied), the parts that depend
    only on the language once per language, the legal entries from `labels`
    (:func:`legal_text`)."""

    def __init__(self, labels: LabelCache) -> None:
        self.labels = labels
        self._view_parts = ViewParts()
        # the view's text but its "seat", cut where the seat goes, with its key
        self._shared: tuple[tuple[int, int, str], str, str] | None = None
        # by language: the text of "board" and of "names" (they never change in a game)
        self._constant: dict[str, tuple[tuple[str, ...], str, str]] = {}

    def text(self, game: Game, seat: int | None, lang: str, *, seq: int, status: str,
             clock: dict[str, Any] | None, names: tuple[str, ...], version: int = 0) -> str:
        waiting = game.pending_seats()
        key = (version, seq, status)
        shared = self._shared
        if shared is None or shared[0] != key:
            view = game.view_dict(None)
            del view["seat"]  # the only field that differs from seat to seat
            text = self._view_parts.encode({"type": "state", "seq": seq, "status": status,
                                            "view": view})
            at = text.index('"view":{') + 8  # where the seat goes: the view's first field
            shared = self._shared = (key, text[:at], text[at:-1])
        asked = seat is not None and (game.is_over or seat in waiting)
        # a prompt is None for a seat the game does not wait for: not asked at all
        said = (prompt(game.seat_view(seat), lang, self.labels.narrator(game, lang))
                if asked else None)
        constant = self._constant.get(lang)
        if constant is None or constant[0] != names:
            edition = game.edition
            constant = self._constant[lang] = (
                names, encode({"edition": edition.key, "currency": edition.currency}),
                encode(names))
        return (f'{shared[1]}"seat":{encode(seat)},{shared[2]},'
                f'"legal":{legal_text(game, seat, lang, self.labels)},'
                f'"prompt":{encode(said)},"waiting":{encode(waiting)},'
                f'"board":{constant[1]},"clock":{encode(clock)},"names":{constant[2]}}}')
