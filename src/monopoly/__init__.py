"""monopoly: the Monopoly family of games (rules engines, bots, simulations, play)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

__version__ = "0.1.0"


def _discard_stale_native_build() -> None:
    """Drop the mypyc-compiled modules when any of their sources is newer than the build.

    An extension module shadows its ``.py`` source, so a stale build would silently run old
    code; the sources are the truth. ``make native`` (part of ``make install``) rebuilds.
    """
    package = Path(__file__).parent
    built = [so for so in package.rglob("*.so") if so.is_file()]
    if not built:
        return
    stale = False
    for so in built:
        source = so.with_name(so.name.split(".", 1)[0] + ".py")
        if source.exists() and source.stat().st_mtime > so.stat().st_mtime:
            stale = True
            break
    if not stale:
        return
    print(
        "monopoly: the compiled modules are older than their sources; using the sources "
        "(run 'make native' to rebuild)",
        file=sys.stderr,
    )
    for so in built:
        with contextlib.suppress(OSError):
            so.unlink()


_discard_stale_native_build()
