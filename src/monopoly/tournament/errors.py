"""The tournament's one error: what was wrong, in words a person can read in any of the
three languages (its message is a translatable :class:`~monopoly.core.text.Text`), and a
code the web answers with (``invalid`` 400, ``forbidden`` 403, ``not_found`` 404,
``conflict`` 409). An operation that raises it has changed nothing."""

from __future__ import annotations

from typing import Final

from monopoly.core.text import Text

__all__ = ["STATUS", "TournamentError"]

STATUS: Final = {"invalid": 400, "forbidden": 403, "not_found": 404, "conflict": 409}


class TournamentError(ValueError):
    """A refused tournament operation; ``code`` is one of :data:`STATUS`."""

    def __init__(self, code: str, template: str, /, **params: object) -> None:
        if code not in STATUS:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(Text(template, **params))
        self.code = code

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def __reduce__(self) -> tuple[object, ...]:
        text = self.args[0]
        return (_rebuild, (self.code, text.template, text.params))


def _rebuild(code: str, template: str, params: dict[str, object]) -> TournamentError:
    return TournamentError(code, template, **params)
