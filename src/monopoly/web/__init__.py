"""Play in the browser: the FastAPI server, its WebSocket protocol
(docs/protocol.md) and the browser client (``static/``).

``create_app`` is imported lazily, so that importing this package stays cheap."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monopoly.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from monopoly.web.app import create_app

        return create_app
    raise AttributeError(name)
