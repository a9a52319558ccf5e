"""An agent behind an HTTP endpoint, as ``monopoly simulate --bots external:URL`` seats it
(docs/agents.md). Standard library only: any language that serves HTTP and reads JSON can
do the same.

Run it, then play it against our bots::

    python examples/agent_http.py --port 8765 &
    monopoly simulate --games 50 --bots external:http://127.0.0.1:8765/,greedy,greedy,greedy

Each POST carries the seat's ``state`` message, the same JSON the server's WebSocket sends
that seat (docs/protocol.md); the answer is what a client sends on the WebSocket:
``{"type": "action", "action": TEXT}``. This agent picks uniformly among the legal entries
that can be sent as they are (``"template": false``) but resigning, seeded: a random
player.
"""

from __future__ import annotations

import argparse
import json
import random
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def fill(entry: dict) -> str | None:
    """A template filled in the simplest legal way (None: this agent leaves it)."""
    kind = entry["kind"]
    if kind == "bid":  # the board's auction: the lowest bid
        return f"bid {entry['low']}"
    if kind == "repay":
        return f"repay {entry['to']} {entry['high']}"
    if kind == "pay":  # the Deal's debt: every payable card (or nothing, when none)
        return "pay " + (",".join(map(str, entry["cards"])) or "-")
    if kind == "discard":  # the Deal's hand limit: the first cards
        return "discard " + ",".join(map(str, entry["cards"][: entry["count"]]))
    return None  # a trade template, a batch of fund raising


def choose(state: dict, rng: random.Random) -> str:
    """The text of one legal entry of `state`: uniformly among those sent as they are,
    else a template filled in; it resigns only when nothing else is possible."""
    legal = [entry for entry in state["legal"] if entry["kind"] != "resign"] or state["legal"]
    ready = [entry["text"] for entry in legal if not entry["template"]]
    if ready:
        return rng.choice(ready)
    filled = [text for entry in legal if (text := fill(entry)) is not None]
    return rng.choice(filled)


def serve(port: int, seed: int) -> None:
    rng = random.Random(seed)

    class Agent(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep the connection open between decisions

        def do_POST(self) -> None:
            state = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            body = json.dumps({"type": "action", "action": choose(state, rng)}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Agent).serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    serve(args.port, args.seed)
