"""The replay of a finished game, step by step, for the page's replay viewer.

``GET /api/rooms/{id}/replay?lang=L`` (:mod:`monopoly.web.routes.results`) replays the
room's record with the engine and sends one step per action (:func:`play_steps`): who
acted, the action (canonical text and a label in words), the narrated events in ``lang``
(the sentences the live game sends) and the public board after it. Everything in a
finished game is public (its seed is revealed at the end). Each game's adapter gives its
public board (:meth:`monopoly.web.games.GameAdapter.replay`): the board game's is the
spectators' view; the Deal's is its spectators' view with every hand added (``hands``, by
seat): once the game is over nobody's hand is secret any more.

The board is the spectators' view (``Game.view(None)``, the ``view`` of a ``state``
message, so the page draws it with the same code), sent once in full (``start``, before
the first action) and then as **deltas**: a step's ``delta`` holds only the keys of the
view that changed; a list that kept its length is sent as ``{"index": new value}`` for the
changed items. A 300-turn game thus weighs well under a megabyte instead of tens::

    >>> apply_delta({"cash": [1, 2, 3], "turn": 4}, {"cash": {"1": 5}, "turn": 5})
    {'cash': [1, 5, 3], 'turn': 5}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from monopoly.core.events import Event
from monopoly.core.protocol import GameCore
from monopoly.web.games import Move

__all__ = ["apply_delta", "delta", "play_steps"]

G = TypeVar("G", bound=GameCore)
M = TypeVar("M", bound=Move)


def delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The keys of `after` that differ from `before`; a list of the same length as before
    is given as ``{"index": item}`` for its changed items only."""
    out: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if value == old:
            continue
        if isinstance(value, list) and isinstance(old, list) and len(value) == len(old):
            pairs = enumerate(zip(value, old, strict=True))
            out[key] = {str(i): v for i, (v, o) in pairs if v != o}
        else:
            out[key] = value
    return out


def apply_delta(view: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """`view` with `change` (a :func:`delta`) applied; `view` itself is left as it was."""
    out = dict(view)
    for key, value in change.items():
        old = out.get(key)
        if isinstance(old, list) and isinstance(value, dict):
            items = list(old)
            for index, item in value.items():
                items[int(index)] = item
            out[key] = items
        else:
            out[key] = value
    return out


def play_steps(
    game: G,
    log: list[Any] | None,
    moves: Iterator[tuple[int, int, M]],
    public_view: Callable[[G], dict[str, Any]],
    label_of: Callable[[int, M], str],
    sentences: Callable[[list[Any]], list[str]],
) -> dict[str, Any]:
    """Play `moves` (``(line, seat, action)``, the record's ``moves``) on `game` (set up,
    `log` its list of events): ``start`` (the board before them, ``public_view(game)``),
    ``start_texts`` (the set-up's events in words), one step per move, and the
    ``outcome``. Any game's replay (its adapter gives the views, the labels and the
    sentences)."""
    start_texts = sentences(log or [])
    if log is not None:
        log.clear()
    view = start = public_view(game)
    steps: list[dict[str, Any]] = []
    for _line, seat, action in moves:
        words = label_of(seat, action)
        events: Sequence[Event] = game.apply(seat, action)
        if log is not None:
            log.clear()
        after = public_view(game)
        steps.append({
            "seat": seat,
            "action": action.text(),
            "label": words,
            "texts": sentences(list(events)),
            "delta": delta(view, after),
        })
        view = after
    return {
        "start": start,
        "start_texts": start_texts,
        "steps": steps,
        "outcome": game.outcome.to_dict() if game.outcome is not None else None,
    }
