"""Translation hooks: every user-facing string goes through :func:`gettext` / :func:`ngettext`.

For now these are identities (English); the cs and ru catalogs (Babel/gettext) come later,
and only this module will change. Convention in callers::

    from monopoly.i18n import gettext as _

    _("{player} rolls {d1} + {d2}").format(player="Ann", d1=3, d2=4)

Translate the template first, then format it, so that translators see the placeholders.
"""

from __future__ import annotations

__all__ = ["gettext", "gettext_noop", "ngettext"]


def gettext(message: str) -> str:
    """The translation of ``message`` in the current language (for now: ``message``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for count ``n`` (English rule until catalogs exist)."""
    return singular if n == 1 else plural


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (templates kept in tables,
    translated with :func:`gettext` where they are used)."""
    return message
