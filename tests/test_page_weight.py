"""The page stays light: a fresh load of the lobby, of a board game's room and of a Monopoly
Deal room transfers under 300 KB before images and sounds (the page has none as files:
its sounds are made with the Web Audio API).

A load is what the browser fetches over HTTP: index.html, its style sheets (its <link>s),
every ES module it loads (app.js and, through their `import`s, the modules they import),
and the JSON the page asks for on its way up (texts, meta, the board or the Deal's deck,
the lobby's room lists or the room itself). Each is counted as it crosses the wire: the
response's headers and its body as sent (gzip'd where the server compresses it, as a
browser asks it to). The server compresses responses over 1 KB (monopoly.web.app)."""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pytest

from serverkit import Server, create_room

LIMIT = 300_000  # bytes
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}
# `import {a} from "./x.js"`, `export {a} from "./x.js"`, `import "./x.js"`, `import("./x.js")`
IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']((?:\.{1,2}/|/)[^"']+)["']""")


class _Head(HTMLParser):
    """The style sheets and module scripts of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.sheets: list[str] = []
        self.modules: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "stylesheet" and a.get("href"):
            self.sheets.append(str(a["href"]))
        elif tag == "script" and a.get("type") == "module" and a.get("src"):
            self.modules.append(str(a["src"]))


def transfer(http: httpx.Client, path: str) -> tuple[int, bytes]:
    """The bytes `path` takes on the wire (headers and the body as sent) and its body."""
    with http.stream("GET", path, headers=BROWSER) as r:
        assert r.status_code == 200, (path, r.status_code)
        sent = b"".join(r.iter_raw())
        headers = sum(len(k) + len(v) + 4 for k, v in r.headers.raw)
        encoding = r.headers.get("content-encoding")
    assert encoding in (None, "gzip"), (path, encoding)
    return headers + len(sent), gzip.decompress(sent) if encoding else sent


def page_files(http: httpx.Client) -> dict[str, int]:
    """index.html, its style sheets and every module it loads: path -> bytes on the wire."""
    sizes: dict[str, int] = {}
    size, html = transfer(http, "/")
    sizes["/"] = size
    head = _Head()
    head.feed(html.decode("utf-8"))
    for sheet in head.sheets:
        sizes[urljoin("/", sheet)], _ = transfer(http, urljoin("/", sheet))
    todo = [urljoin("/", src) for src in head.modules]
    while todo:
        path = todo.pop()
        if path in sizes:
            continue
        sizes[path], source = transfer(http, path)
        todo += [urlsplit(urljoin(path, found)).path
                 for found in IMPORT.findall(source.decode("utf-8"))]
    return sizes


@pytest.fixture(scope="module")
def rooms(server: Server) -> dict[str, Any]:
    with server.http() as http:
        return {
            "board": create_room(http, preset="classic", seats=2, nickname="Ann"),
            "deal": create_room(http, game="deal", preset="official", seats=2, nickname="Ann"),
        }


def page_json(kind: str, rooms: dict[str, Any]) -> list[str]:
    """The JSON a fresh load of the page `kind` asks for (app.js: main, route, enterRoom)."""
    common = ["/api/ui?lang=en", "/api/meta?lang=en"]
    if kind == "lobby":
        return [*common, "/api/meta?lang=en", "/api/board?edition=standard&lang=en",
                *(f"/api/rooms?status={s}&lang=en" for s in ("open", "playing", "finished"))]
    room = f"/api/rooms/{rooms[kind]['room']}?lang=en"
    if kind == "deal":
        return [*common, room, "/api/deal/deck?lang=en"]
    return [*common, room, "/api/board?edition=standard&lang=en&names=en"]


@pytest.mark.parametrize("kind", ["lobby", "board", "deal"])
def test_a_fresh_page_load_is_under_300_kb(kind: str, http: httpx.Client,
                                           rooms: dict[str, Any]) -> None:
    files = page_files(http)
    assert {"/", "/app.js", "/style.css"} <= set(files)
    assert len([p for p in files if p.endswith(".js")]) >= 2, files  # app.js imports modules
    data = {path: transfer(http, path)[0] for path in page_json(kind, rooms)}
    total = sum(files.values()) + sum(data.values())
    assert total < LIMIT, {"total": total, **files, **data}


def test_the_page_and_its_json_are_sent_gzipped(http: httpx.Client) -> None:
    for path in ("/", "/app.js", "/style.css", "/api/ui?lang=en", "/api/meta?lang=en",
                 "/api/board?edition=standard&lang=en"):
        packed = http.get(path, headers=BROWSER)
        plain = http.get(path, headers={"Accept-Encoding": "identity"})
        assert packed.headers.get("content-encoding") == "gzip", path
        assert "content-encoding" not in plain.headers, path
        assert packed.content == plain.content, path
        assert "accept-encoding" in packed.headers.get("vary", "").lower(), path
    small = http.get("/api/health", headers=BROWSER)  # under 1 KB: sent as it is
    assert small.status_code == 200 and "content-encoding" not in small.headers


def test_the_wire_size_counts_the_compressed_body(http: httpx.Client) -> None:
    packed, body = transfer(http, "/app.js")
    assert len(body) > 10_000
    assert packed < len(body) / 2  # app.js gzip'd: a third of its size or less
