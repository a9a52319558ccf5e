"""A game record as the terminal game's table, step by step (``monopoly play --replay
FILE``): the board after each action, the action in words and everything said so far.

The steps are the server's replay of a record (:meth:`GameAdapter.replay`: the public
board before the first action, then each action's label, its events in words and the
board's change), so the terminal shows what the browser's replay shows.

Example::

    >>> import tempfile, json
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "game.record"
    >>> _ = path.write_text(json.dumps({"format": "monopoly-record/1", "rules": {},
    ...     "edition": "standard", "seats": ["Ann", "Bob"], "seed": 1}) + '\\n[1, "roll"]\\n')
    >>> table = ReplayTable(path)
    >>> table.steps, table.go(1), table.state(None)["view"]["dice"] != [0, 0]
    (1, 1, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monopoly.core.errors import MonopolyError
from monopoly.i18n import translation
from monopoly.tui.table import LogEntry, Table, board_data, read_saved
from monopoly.tui.texts import tr
from monopoly.web.games import adapter
from monopoly.web.replay import apply_delta

__all__ = ["ReplayTable"]


class ReplayTable(Table):
    """A record, at one of its steps (0: before the first action)."""

    def __init__(self, path: Path, lang: str = "en") -> None:
        lines, head = read_saved(path)
        self.game = "deal" if "deck" in head else "board"
        found = adapter(self.game)
        try:
            data: dict[str, Any] = dict(found.replay(lines, lang))
        except MonopolyError as exc:
            raise ValueError(f"{path}: {translation(lang).error(exc)}") from exc
        self.lang = lang
        self.local_seats = ()
        self.names = [str(n) for n in data["seats"]]
        self.error = None
        self.on_change = None
        self._steps: list[dict[str, Any]] = list(data["steps"])
        self._start_texts: tuple[str, ...] = tuple(data.get("start_texts") or ())
        self._outcome: dict[str, Any] | None = data.get("outcome")
        views: list[dict[str, Any]] = [dict(data["start"])]
        for step in self._steps:
            views.append(apply_delta(views[-1], step["delta"]))
        self._views = views
        self.at = 0
        self.board = board_data(self.game, str(head.get("deck") or head.get("edition")
                                                or "standard"), lang)
        self.log = []
        self._rebuild_log()

    @property
    def steps(self) -> int:
        return len(self._steps)

    def go(self, step: int) -> int:
        """Show the board after `step` actions (kept within the record); the step shown."""
        self.at = max(0, min(self.steps, step))
        self._rebuild_log()
        self.changed()
        return self.at

    def turn_step(self, forward: bool) -> int:
        """The step where the next (or the previous) turn starts."""
        turn = self._views[self.at].get("turn")
        k = self.at
        if forward:
            while k < self.steps and self._views[k].get("turn") == turn:
                k += 1
        else:
            while k > 0 and self._views[k].get("turn") == turn:
                k -= 1
            earlier = self._views[k].get("turn")
            while k > 0 and self._views[k - 1].get("turn") == earlier:
                k -= 1
        return k

    def _rebuild_log(self) -> None:
        log = [LogEntry(-1, self._start_texts)] if self._start_texts else []
        for step in self._steps[: self.at]:
            log.append(LogEntry(int(step["seat"]), tuple(step["texts"])))
        self.log = log

    def state(self, seat: int | None) -> dict[str, Any]:
        if self.at == 0:
            prompt = tr(self.lang, "replay_start")
        else:
            step = self._steps[self.at - 1]
            seat_of = int(step["seat"])
            who = self.names[seat_of] if 0 <= seat_of < len(self.names) else ""
            prompt = f"{who}: {step['label']}" if who else str(step["label"])
        title = tr(self.lang, "replay_title", step=self.at, steps=self.steps)
        return {"view": self._views[self.at], "legal": [], "prompt": f"{title}\n{prompt}",
                "waiting": [], "names": self.names, "board": {}}

    def waiting(self) -> list[int]:
        return []

    @property
    def over(self) -> bool:
        return self.at == self.steps and self._outcome is not None

    def outcome(self) -> dict[str, Any] | None:
        return dict(self._outcome) if self.over and self._outcome else None
