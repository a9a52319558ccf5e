"""A game's rule options in words, one line each: what both games' ``rules_text`` write
(``monopoly rules``, the page's help: ``GET /api/rules``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from monopoly.i18n import Translator

__all__ = ["option_lines"]


def option_lines(
    t: Translator, rules: object, base: object, names: Iterable[str],
    labels: Mapping[str, str], section: Callable[[str], str],
    value: Callable[[str, Any], str],
) -> list[dict[str, Any]]:
    """One line per option of `names` in `t`'s language: its section, name, label, value
    (`value`: the option's value in words), whether it differs from `base` (the game's
    default rules), and the whole line as text."""
    out = []
    for name in names:
        current = getattr(rules, name)
        label = t.gettext(labels[name])
        shown = value(name, current)
        out.append({
            "section": section(name),
            "option": name,
            "label": label,
            "value": shown,
            "changed": current != getattr(base, name),
            "text": t.gettext("{label}: {value}").format(label=label, value=shown),
        })
    return out
