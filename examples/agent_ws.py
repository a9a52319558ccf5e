"""An agent that takes a seat in a room of our server and plays it over the WebSocket
protocol (docs/agents.md, docs/protocol.md), as a program in any language can.

    monopoly serve &                                 # or any server of ours
    python examples/agent_ws.py --server http://127.0.0.1:8000 --room ROOM_ID

It joins the open room as an agent (``POST /api/rooms/{room}/join`` with ``"agent": true``:
the room shows the seat as an agent, and the room's agent clock gives it so many seconds
per decision, after which the caretaker plays for it), connects with the seat's token,
and whenever a ``state`` lists its seat in ``waiting``, answers one of its ``legal``
entries, here uniformly among those sent as they are (the same choice as
examples/agent_http.py, which the lab seats as ``external:URL``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random

import aiohttp
from agent_http import choose  # the same decision as the lab's HTTP agent


async def play(server: str, room: str, nickname: str, seed: int) -> dict:
    """Join `room` as an agent and play its seat to the end; the `over` message."""
    rng = random.Random(seed)
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{server}/api/rooms/{room}/join",
                             json={"nickname": nickname, "agent": True}) as r:
            joined = await r.json()
            if r.status != 200:
                raise SystemExit(f"cannot join: {joined}")
        seat, token = joined["seat"], joined["token"]
        ws_url = server.replace("http", "ws", 1) + f"/ws/{room}?token={token}"
        async with http.ws_connect(ws_url) as ws:
            state: dict | None = None
            async for frame in ws:
                msg = json.loads(frame.data)
                if msg["type"] == "over":
                    return msg
                if msg["type"] == "error":  # refused: say why, and answer the state again
                    print("refused:", msg["message"])
                elif msg["type"] == "state":
                    state = msg
                else:
                    continue
                if state is not None and seat in state["waiting"] and state["legal"]:
                    await ws.send_json({"type": "action", "id": str(state["seq"]),
                                        "action": choose(state, rng)})
                    state = None  # one answer per state
    raise SystemExit("the connection closed before the game ended")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--room", required=True)
    parser.add_argument("--nickname", default="Agent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(asyncio.run(play(args.server, args.room, args.nickname, args.seed)))
