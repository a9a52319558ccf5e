"""Fixtures shared by the server's test modules: a real `monopoly serve` process on
loopback per module (its own SQLite database) and an HTTP client for it; PostgreSQL for
the tests marked ``postgresql`` (serverkit.db_params): the server of MONOPOLY_TEST_PG_URL,
else a throwaway cluster of this test process (monopoly.tools.pgcluster), started when the first
of them runs and removed at the end."""

from __future__ import annotations

import os
from collections.abc import Iterator

import httpx
import pytest

from monopoly.tools import pgcluster
from serverkit import PG_ENV, Server, free_port, sqlite_url


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"postgresql: runs on PostgreSQL ({PG_ENV}, else a throwaway cluster)")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium for a browser test module (browserkit.launch; a module that has a
    fixture of this name uses its own)."""
    from browserkit import launch

    with launch() as b:
        yield b


@pytest.fixture(scope="session")
def postgresql() -> Iterator[str]:
    """The URL of a PostgreSQL database the tests may use (also in os.environ[PG_ENV])."""
    given = os.environ.get(PG_ENV)
    if given:
        yield given
        return
    bindir = pgcluster.find_bindir()
    if bindir is None:
        pytest.skip(f"PostgreSQL is not installed ({pgcluster.INITDB_GLOB}: apt-get install "
                    f"postgresql) and {PG_ENV} is not set")
    with pgcluster.Cluster(bindir) as url:
        os.environ[PG_ENV] = url
        try:
            yield url
        finally:
            os.environ.pop(PG_ENV, None)


@pytest.fixture(autouse=True)
def _postgresql_when_marked(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("postgresql") is not None:
        request.getfixturevalue("postgresql")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(sqlite_url(tmp_path_factory.mktemp("server")), free_port()).start()
    yield s
    s.stop()


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    with server.http() as client:
        yield client
