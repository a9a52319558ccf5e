"""Play in the browser: the FastAPI server, its WebSocket protocol
(docs/protocol.md) and the browser client (``static/``).

- :mod:`~monopoly.web.app`: ``create_app``, the routes put together
  (:mod:`~monopoly.web.routes`: the lobby, the results of finished games, the WebSocket);
- :mod:`~monopoly.web.manager`: every room of the server, created, started and rebuilt
  from the store; :mod:`~monopoly.web.room`: one room, the same for every game;
  :mod:`~monopoly.web.writer`: the store's writes, group-committed;
- :mod:`~monopoly.web.games`: what a room knows of its game, one adapter per game
  (:mod:`~monopoly.web.games.board`, :mod:`~monopoly.web.games.deal`);
- :mod:`~monopoly.web.protocol`: the error codes and the encoding of every message;
  :mod:`~monopoly.web.replay`: a finished game step by step;
  :mod:`~monopoly.web.verify`: a downloaded record checked;
  :mod:`~monopoly.web.ui_text`: the page's texts.

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
