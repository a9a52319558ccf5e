"""Game records: one header, one replay driver for every game.

A record is text, like PGN for chess: a header line (a JSON object: ``format``,
``rules``, ``seats``, ``seed`` and the game's own data, the board's ``edition`` or the
Deal's ``deck``) and one line per action in the order they were applied; replaying it
reproduces the final state exactly. Each game writes its action lines in its own
notation (:class:`RecordCodec`: the board game ``[seat, "action"]`` JSON lines, the Deal
``<seat> <action>`` with ``#`` comments); :func:`replay_record` reads either.

Example::

    >>> from monopoly.board.record import CODEC
    >>> game = replay_record(CODEC, [
    ...     '{"format": "monopoly-record/1", "rules": {}, "edition": "standard",'
    ...     ' "seats": ["Ann", "Bob"], "seed": 1}', '[1, "roll"]'])
    >>> len(game.history)
    1
    >>> replay_record(CODEC, ["[0, 1]"])
    Traceback (most recent call last):
    ...
    monopoly.core.errors.RecordError: line 1: the header must be a JSON object
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from monopoly.core.errors import IllegalActionError, MonopolyError, RecordError
from monopoly.core.text import Text, reason

__all__ = ["RecordCodec", "header_line", "moves", "read_header", "replay_record"]

G = TypeVar("G")


@dataclass(frozen=True)
class RecordCodec(Generic[G]):
    """How one game reads and writes its records."""

    #: the header's ``format``, e.g. ``monopoly-record/1``
    format: str
    #: the game's name in messages ("board game", "Deal")
    title: str
    #: a new game from a header: ``new_game(header, events)``
    new_game: Callable[[dict[str, Any], bool], G]
    #: one action line: ``(seat, action)``, or None for a line to skip (a comment)
    parse_move: Callable[[str], tuple[int, Any] | None]
    #: applies an action: ``apply(game, seat, action)``
    apply: Callable[[G, int, Any], object]


def header_line(header: dict[str, Any], *, ensure_ascii: bool = True) -> str:
    """The header as the record's first line (keys sorted)."""
    return json.dumps(header, sort_keys=True, ensure_ascii=ensure_ascii)


def read_header(line: str) -> dict[str, Any]:
    """The header of a record, from its first line."""
    try:
        head = json.loads(line)
    except (json.JSONDecodeError, TypeError):
        head = None
    if not isinstance(head, dict):
        raise RecordError(Text("line 1: the header must be a JSON object"))
    return head


def replay_record(
    codec: RecordCodec[G], record: str | Iterable[str], *, events: bool = False
) -> G:
    """Replay a record (its text or its lines); :class:`RecordError` names the line that
    fails."""
    lines = record.splitlines() if isinstance(record, str) else list(record)
    if not lines:
        raise RecordError(Text("empty record"))
    head = read_header(lines[0])
    if head.get("format") != codec.format:
        raise RecordError(
            Text("line 1: not a record header of this game (format {value} expected)",
                 value=repr(codec.format))
        )
    try:
        game = codec.new_game(head, events)
    except (KeyError, TypeError, ValueError, MonopolyError) as exc:
        raise RecordError(Text("line 1: bad header: {error}", error=reason(exc))) from exc
    for number, seat, action in moves(codec, lines[1:]):
        try:
            codec.apply(game, seat, action)
        except (IllegalActionError, TypeError, ValueError) as exc:
            raise line_error(number, exc) from exc
    return game


def moves(codec: RecordCodec[Any], lines: Iterable[str]) -> Iterator[tuple[int, int, Any]]:
    """The action lines of a record (the lines after its header): ``(line number, seat,
    action)``, blank lines and comments skipped; :class:`RecordError` names a malformed
    line."""
    for number, line in enumerate(lines, start=2):
        if not line.strip():
            continue
        try:
            move = codec.parse_move(line)
        except (MonopolyError, TypeError, ValueError) as exc:
            raise line_error(number, exc) from exc
        if move is not None:
            yield number, move[0], move[1]


def line_error(number: int, exc: Exception) -> RecordError:
    """The error of record line `number`."""
    if isinstance(exc, (IllegalActionError, RecordError)):
        return RecordError(Text("line {line}: {error}", line=number, error=reason(exc)))
    return RecordError(
        Text("line {line}: malformed action line: {error}", line=number, error=reason(exc))
    )
