"""The base of every core's typed events.

An event is a small frozen dataclass saying what happened (money paid, a card drawn, a
turn started); :meth:`~monopoly.core.protocol.GameCore.apply` returns the events of one
action. Each kind of event has a stable ``kind`` name, the ``kind`` of its
:meth:`Event.to_dict` form, which the store, the web protocol and the narration read.

Example::

    >>> from dataclasses import dataclass
    >>> from typing import ClassVar
    >>> @dataclass(frozen=True, slots=True)
    ... class Rang(Event):
    ...     player: int
    ...     kind: ClassVar[str] = "rang"
    >>> Rang(2).to_dict()
    {'player': 2, 'kind': 'rang'}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """What happened; subclasses add their fields and a ``kind``."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["kind"] = self.kind
        return d
