"""The JSON shapes of the play protocol (docs/protocol.md): legal entries, the board,
the room meta data, and the error texts the server sends.

Every player-visible text is a gettext message (marked with ``N_`` for ``make i18n``) and
is translated in the language of the connection or request.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

import orjson

from monopoly.board import actions as A
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.options import PRESET_OPTIONS, PRESETS, RuleSet
from monopoly.bots.board.base import LEVELS
from monopoly.deal.options import PRESET_OPTIONS as DEAL_PRESET_OPTIONS
from monopoly.deal.options import PRESETS as DEAL_PRESETS
from monopoly.i18n import LANGUAGES, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.prompts import label, labels, prompt

EDITIONS: Final = ("standard", "uk", "disney")
MAX_MESSAGE: Final = 16 * 1024  # bytes of one WebSocket message
TIMEOUT_POLICIES: Final = ("bot", "forfeit")

# The error codes of the protocol and their default texts (translated when sent).
ERRORS: Final[dict[str, str]] = {
    "illegal": N_("That action is not legal now: {reason}"),
    "malformed": N_("The message could not be read: {reason}"),
    "unauthorised": N_("This connection may not do that: {reason}"),
    "too_large": N_("The message is larger than {limit} bytes."),
    "rate_limited": N_("Too many messages: wait a moment and try again."),
    "not_started": N_("The game has not started yet."),
    "over": N_("The game is over."),
    "not_found": N_("There is no room {room}."),
    "invalid": N_("Invalid request: {reason}"),
    "conflict": N_("Not possible now: {reason}"),
    "forbidden": N_("Not allowed: {reason}"),
    "unavailable": N_("The server could not store the action; nothing changed. Try again."),
}

# Reasons used with the codes above.
REASONS: Final[dict[str, str]] = {
    "spectator": N_("spectators cannot act"),
    "token": N_("the seat token is not valid for this room"),
    "host": N_("only the host may do that"),
    "json": N_("not a JSON object"),
    "type": N_("unknown message type"),
    "field": N_("a field is missing or has the wrong type"),
    "lang": N_("unknown language"),
    "room_full": N_("every seat is taken"),
    "seat_taken": N_("that seat is taken"),
    "seat_range": N_("no such seat"),
    "not_open": N_("the game has already started"),
    "not_over": N_("the game is not over yet"),
    "nickname": N_("a nickname has 1 to 24 characters"),
    "seats": N_("a room has 2 to 8 seats"),
    "bots": N_("bots are given by seat number and level (easy, medium, hard)"),
    "clock": N_("the clock is a number of seconds from 1 to 3600, or null"),
    "policy": N_("the timeout policy is bot or forfeit"),
    "edition": N_("unknown edition"),
    "started": N_("the game is running"),
}


def error_text(code: str, lang: str, **params: Any) -> str:
    """The text of an error `code` in `lang`; a ``reason`` param that is a key of
    :data:`REASONS` is translated too."""
    t = translation(lang if lang in LANGUAGES else "en")
    reason = params.get("reason")
    if isinstance(reason, str) and reason in REASONS:
        params["reason"] = t.gettext(REASONS[reason])
    template = t.gettext(ERRORS.get(code, code))
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


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

    __slots__ = ("_narrators", "encoded", "texts")

    def __init__(self) -> None:
        self.texts: dict[tuple[object, ...], str] = {}
        self._narrators: dict[str, tuple[Game, Narrator]] = {}
        # the JSON text of an entry with its label (see legal_text)
        self.encoded: dict[tuple[A.LegalEntry, str], str] = {}

    def narrator(self, game: Game, lang: str) -> Narrator:
        """The narrator of `game` in `lang` (built once per game)."""
        kept = self._narrators.get(lang)
        if kept is None or kept[0] is not game:
            kept = self._narrators[lang] = (game, Narrator.for_game(game, lang))
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
        "board": {"edition": game.edition.key},
        "clock": clock,
    }


def encode(message: object) -> str:
    """A message as compact JSON text (the dicts' keys in the order they were built, so
    ``"type"`` comes first), by orjson: the same text as ``json.dumps(message,
    ensure_ascii=False, separators=(",", ":"))`` for our messages, several times faster."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def board_json(edition_key: str, lang: str) -> dict[str, Any]:
    """The 40 squares of an edition with their names in `lang`, and its token names."""
    ed = load_edition(edition_key)

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


def meta_json(lang: str) -> dict[str, Any]:
    """What the lobby offers: presets, editions, bot levels, languages, rule options."""
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
            {"key": e, "name": str(load_edition(e).names.get(lang) or load_edition(e).names["en"])}
            for e in EDITIONS
        ],
        "levels": list(LEVELS),
        "languages": list(LANGUAGES),
        "options": options,
        "timeout_policies": list(TIMEOUT_POLICIES),
        "max_message": MAX_MESSAGE,
        "games": ["board", "deal"],
        # Monopoly Deal rooms (issue 6): their presets and seat range (DEAL.md § Players)
        "deal": {
            "presets": [{"name": p, "options": DEAL_PRESET_OPTIONS[p]} for p in DEAL_PRESETS],
            "seats": [2, 5],
        },
    }
