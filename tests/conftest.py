"""Fixtures shared by the server's test modules: a real `monopoly serve` process on
loopback per module (its own SQLite database) and an HTTP client for it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from serverkit import Server, free_port, sqlite_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(sqlite_url(tmp_path_factory.mktemp("server")), free_port()).start()
    yield s
    s.stop()


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    with server.http() as client:
        yield client
