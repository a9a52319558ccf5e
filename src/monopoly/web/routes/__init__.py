"""The server's routes, one module a job, each a router over the app's room manager:

- :mod:`~monopoly.web.routes.lobby`: the public data (health, meta, the page's texts, each
  game's own data) and the rooms (create, list, read, join, start, kick);
- :mod:`~monopoly.web.routes.results`: a finished game's record, score sheet and replay;
- :mod:`~monopoly.web.routes.play`: the WebSocket a seat plays (or a spectator watches)
  on.
"""
