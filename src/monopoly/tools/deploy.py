"""A local deployment of several server processes behind HAProxy (``monopoly serve
--processes N``; docs/scaling.md).

The front listens on the public port and passes each request on:

- a room's requests (``/api/rooms/ROOM/...`` and ``/ws/ROOM``) by a consistent hash of
  the room's id (``balance hash var(txn.room)``, ``hash-type consistent``), so every
  client of a room reaches the same process, and only the rooms of a process that went
  down move when it does;
- the tournaments' pages and their tables' rooms (ids ``t_...``) to the first process,
  which runs the tournaments (while it restarts, they wait for it: 503);
- everything else (the lobby, the page) to any process, round robin.

It marks each request it passes on (the header :data:`FRONT_HEADER`): a process hands a
room over only to such a request (:mod:`monopoly.web.cluster`). Health checks every half
second take a process that stopped out of the hash within a second, and close its
connections (``on-marked-down shutdown-sessions``: a frozen process, or a host that went
away without a word, leaves none hanging); a request whose process refuses the
connection is sent to another (``option redispatch``).

:class:`Deployment` starts the processes (``monopoly serve --member ...``) and HAProxy,
restarts a process that dies (as a service manager would), and stops them all at the end.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from typing import Final

from monopoly.web.cluster import FRONT_HEADER

__all__ = ["Deployment", "find_haproxy", "haproxy_config"]

RESTART_DELAY: Final = 1.0  # seconds before a process that died is started again
HEALTH_EVERY_MS: Final = 500  # the front's health checks


def find_haproxy() -> str | None:
    """HAProxy's program (Debian's package: /usr/sbin/haproxy), or None."""
    return shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy") if os.access(p, os.X_OK)),
        None)


def front_maxconn() -> int:
    """The connections the front may hold: each takes two descriptors (the client's and
    the process's), within this process's limit of open files (HAProxy inherits it)."""
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(256, min(20000, (soft - 200) // 2))


def haproxy_config(host: str, port: int, servers: list[tuple[str, int]],
                   maxconn: int | None = None) -> str:
    """The front's configuration: `host`:`port` in front of `servers` ((host, port) each;
    the first also runs the tournaments)."""
    maxconn = maxconn or front_maxconn()
    # a process marked down (stopped, frozen, its host gone) has its connections closed,
    # so that its clients reconnect to the room's next process at once
    check = f"check inter {HEALTH_EVERY_MS}ms fall 2 rise 2 on-marked-down shutdown-sessions"
    rooms = "\n".join(f"    server p{n} {h}:{p} {check}" for n, (h, p) in enumerate(servers, 1))
    hall = f"    server p1 {servers[0][0]}:{servers[0][1]} {check}"
    return f"""# written by monopoly serve --processes (monopoly.tools.deploy)
global
    maxconn {maxconn}
    nbthread 1

defaults
    mode http
    option redispatch
    retries 3
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    timeout http-request 30s
    option httpchk GET /api/health
    http-check expect status 200

frontend monopoly
    bind {host}:{port}
    maxconn {maxconn}
    http-request set-header {FRONT_HEADER} 1
    http-request set-var(txn.room) path,field(4,/) if {{ path_beg /api/rooms/ }}
    http-request set-var(txn.room) path,field(3,/) if {{ path_beg /ws/ }}
    acl hall_page path_beg /api/tournaments /tournament
    acl hall_room var(txn.room) -m beg t_
    acl a_room var(txn.room) -m found
    use_backend hall if hall_page or hall_room
    use_backend rooms if a_room
    default_backend lobby

backend rooms
    balance hash var(txn.room)
    hash-type consistent
{rooms}

backend hall
{hall}

backend lobby
    balance roundrobin
{rooms}
"""


class Deployment:
    """`processes` server processes over the PostgreSQL database `db_url` behind HAProxy
    on `host`:`port` (the processes on the ports after it); a ``with`` block runs them.
    `serve_args`: more options for every ``monopoly serve``; `restart`: start a process
    that died again (after :data:`RESTART_DELAY`)."""

    def __init__(self, db_url: str, processes: int, port: int, host: str = "127.0.0.1",
                 serve_args: list[str] | None = None, restart: bool = True,
                 quiet: bool = True) -> None:
        self.db_url = db_url
        self.host = host
        self.port = port
        self.ports = [port + n for n in range(1, processes + 1)]
        self.serve_args = serve_args or []
        self.restart = restart
        self.quiet = quiet
        self.children: list[subprocess.Popen[bytes] | None] = [None] * processes
        self.front: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._folder: Path | None = None
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def address(self, n: int) -> str:
        """Process `n`'s own address (0-based)."""
        return f"http://{self.host}:{self.ports[n]}"

    def __enter__(self) -> Deployment:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        from monopoly.tools.loadtest import wait_healthy

        haproxy = find_haproxy()
        if haproxy is None:
            raise RuntimeError("several processes need HAProxy in front of them: apt-get "
                               "install haproxy")
        from monopoly.store import Store
        from monopoly.store.tournaments import TournamentBook

        store = Store(self.db_url)  # the tables, before the processes race to make them
        TournamentBook(store)
        store.close()
        self._folder = Path(tempfile.mkdtemp(prefix="monopoly-front."))
        for n in range(len(self.ports)):
            self.children[n] = self._spawn(n)
        for n, child in enumerate(self.children):
            wait_healthy(self.address(n), child, timeout=60)
        config = self._folder / "haproxy.cfg"
        config.write_text(haproxy_config(self.host, self.port,
                                         [(self.host, p) for p in self.ports]))
        self.front = subprocess.Popen(
            [haproxy, "-db", "-f", str(config)], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if self.quiet else None,
            stderr=subprocess.PIPE if self.quiet else None, start_new_session=True,
            preexec_fn=_end_with_parent)
        wait_healthy(self.url, self.front, timeout=30)
        self._watcher = threading.Thread(target=self._watch, name="monopoly-deploy",
                                         daemon=True)
        self._watcher.start()

    def _spawn(self, n: int) -> subprocess.Popen[bytes]:
        args = [sys.executable, "-m", "monopoly.cli", "serve", "--host", self.host,
                "--port", str(self.ports[n]), "--db", self.db_url,
                "--member", self.address(n), *self.serve_args]
        if n > 0:
            args.append("--no-hall")
        return subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL if self.quiet else None,
                                stderr=subprocess.DEVNULL if self.quiet else None,
                                start_new_session=True, preexec_fn=_end_with_parent)

    def _watch(self) -> None:
        """Start a process that died again (as a service manager would)."""
        while not self._stopping.wait(0.2):
            if not self.restart:
                continue
            for n, child in enumerate(self.children):
                if child is not None and child.poll() is not None:
                    if self._stopping.wait(RESTART_DELAY):
                        return
                    with self._lock:
                        if not self._stopping.is_set():
                            self.children[n] = self._spawn(n)
                            self.restarts += 1

    def kill(self, n: int) -> int:
        """Kill process `n` at once (SIGKILL: no clean-up, as a crash); its pid."""
        with self._lock:
            child = self.children[n]
            assert child is not None
            os.kill(child.pid, signal.SIGKILL)
            return child.pid

    def pids(self) -> list[int]:
        return [c.pid for c in self.children if c is not None and c.poll() is None]

    def stop(self) -> None:
        self._stopping.set()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
        from monopoly.tools.loadtest import stop_groups

        with self._lock:
            procs = [c for c in self.children if c is not None]
            if self.front is not None:
                procs.append(self.front)
            stop_groups(procs, timeout=15)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def _end_with_parent() -> None:
    """In the child, before it runs: end (SIGTERM) when the process that started it dies,
    even by SIGKILL, so that no server or front outlives its deployment (Linux)."""
    with contextlib.suppress(Exception):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
