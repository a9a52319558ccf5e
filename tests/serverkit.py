"""Helpers of the server tests: a real `monopoly serve` process on a free loopback port,
database URLs (SQLite in a temp folder; PostgreSQL: the server of MONOPOLY_TEST_PG_URL,
else a throwaway cluster, tests/conftest.py) and room set-up over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from monopoly.tools.loadtest import free_port, start_server, wait_healthy

PG_ENV = "MONOPOLY_TEST_PG_URL"


@dataclass
class Server:
    db_url: str
    port: int
    proc: subprocess.Popen[bytes] | None = None
    bot_delay: float = 0.0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = start_server(self.db_url, self.port, self.bot_delay)
        wait_healthy(self.base, self.proc)
        return self

    def kill(self) -> None:
        """kill -9: no shutdown, no flush beyond what was committed."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.proc = None

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=30)


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'monopoly.sqlite3'}"


@contextlib.contextmanager
def pg_database() -> Iterator[str]:
    """A fresh database on the PostgreSQL server of MONOPOLY_TEST_PG_URL (dropped after);
    the URL itself when databases cannot be created. The test is marked ``postgresql``
    (db_params), so conftest.py has set the URL."""
    url = os.environ[PG_ENV]
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = "monopoly_t_" + secrets.token_hex(6)
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception:
        admin.dispose()
        yield url
        return
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def db_params() -> list[Any]:
    """Parameters for tests that run on both databases (`kind` for database())."""
    return ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@contextlib.contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield sqlite_url(tmp_path)
    else:
        with pg_database() as url:
            yield url


def create_room(http: httpx.Client, **body: Any) -> dict[str, Any]:
    r = http.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def start_room(http: httpx.Client, made: dict[str, Any]) -> dict[str, Any]:
    r = http.post(f"/api/rooms/{made['room']}/start",
                  headers={"Authorization": f"Bearer {made['host_token']}"})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


async def next_message(ws: Any, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next WebSocket message of type `kind` (others are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        msg: dict[str, Any] = json.loads(
            await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if msg["type"] == kind:
            return msg


def wait_finished(http: httpx.Client, room: str, timeout: float = 120) -> None:
    """Until the bots of `room` have played its game to the end."""
    deadline = time.monotonic() + timeout
    while http.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)


# A short game: it ends on the turn limit (docs/rules.md §11), so tests finish quickly.
def short(turns: int = 12, **extra: Any) -> dict[str, Any]:
    return {"end": "turn_limit", "turn_limit": turns, **extra}


__all__ = [
    "PG_ENV",
    "Server",
    "create_room",
    "database",
    "db_params",
    "free_port",
    "next_message",
    "short",
    "sqlite_url",
    "start_room",
    "wait_finished",
]
