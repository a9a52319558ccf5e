"""The load benchmark (``monopoly loadtest``): N concurrent games of bot clients playing
over real WebSockets, each game two client seats and one server bot; a finished game is
replaced by a new one until the time is up.

Without a URL it starts its own server (``monopoly serve``) on a free loopback port with a
temporary SQLite database, and reports the server's memory per game and the CPU time it
spent per action. The server is always a process of its own (its own event loop); the
load clients run here, in one event loop of this process, so on a small machine they
compete with the server for the CPU: ``client_cpu_s`` says how much they took.

With `processes` above 1 its own server is a deployment behind HAProxy on a throwaway
PostgreSQL (:class:`monopoly.tools.deploy.Deployment`; docs/scaling.md): the CPU is summed
over the processes, the front's and the database's work reported apart. With
`kill_after`, one process is killed (SIGKILL) that many seconds in; the clients reconnect
and, after the run, every game's acknowledged actions are checked against its record and
every record verified.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import aiohttp
import orjson

from monopoly.tools.client import SeatClient
from monopoly.web import gcpolicy

# The games start one by one over this many seconds (a third of a shorter run), 20 a
# second for 200 games: a thundering herd of room creations would measure the lobby's
# throughput rather than the round trips of the games in play (docs/protocol.md).
RAMP: Final = 10.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_bytes(pid: int) -> int | None:
    """The resident memory of process `pid` (Linux /proc), or None."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def start_server(
    db_url: str, port: int, bot_delay: float = 0.0, extra_env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """`monopoly serve` in a child process (its own process group)."""
    env = {**os.environ, **(extra_env or {})}
    return subprocess.Popen(
        [sys.executable, "-m", "monopoly.cli", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", db_url, "--bot-delay", str(bot_delay)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, start_new_session=True,
    )


def wait_healthy(base: str, proc: subprocess.Popen[bytes] | None, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise RuntimeError(f"the server exited ({proc.returncode}): {err[-2000:]}")
        # (HTTPException: a connection to a port nothing listens on yet may meet itself)
        with contextlib.suppress(OSError, http.client.HTTPException), urllib.request.urlopen(
                f"{base}/api/health", timeout=1) as answer:
            if answer.status == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"the server at {base} did not answer in {timeout} s")


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system) process `pid` has used so far (Linux /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after the command's ")": state is field 3, utime field 14 and stime field 15
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def _post(http: aiohttp.ClientSession, url: str, body: dict[str, Any] | None = None,
                headers: dict[str, str] | None = None) -> Any:
    """POST `body` as JSON; the answer's JSON (raises on an error status)."""
    async with http.post(url, json=body, headers=headers, raise_for_status=True) as response:
        return await response.json(loads=orjson.loads)


async def _one_game(http: aiohttp.ClientSession, url: str, ws_base: str, think: float,
                    turns: int, stats: dict[str, Any], through: bool = False) -> None:
    body = {"preset": "classic", "seats": 3, "bots": {"2": "easy"}, "nickname": "load-a",
            "options": {"end": "turn_limit", "turn_limit": turns}}
    made = await _post(http, f"{url}/api/rooms", body)
    room = made["room"]
    joined = await _post(http, f"{url}/api/rooms/{room}/join", {"nickname": "load-b"})
    clients = [
        SeatClient(f"{ws_base}/ws/{room}?token={made['token']}", made["seat"], think),
        SeatClient(f"{ws_base}/ws/{room}?token={joined['token']}", joined["seat"], think),
    ]
    if through:  # reconnect when a connection is lost (several processes: failover)
        tasks = [asyncio.create_task(c.play_through(timeout=3600, session=http))
                 for c in clients]
    else:
        tasks = [asyncio.create_task(c.play(timeout=3600, session=http)) for c in clients]
    await asyncio.sleep(0.05)
    await _post(http, f"{url}/api/rooms/{room}/start",
                headers={"Authorization": f"Bearer {made['host_token']}"})
    try:
        await asyncio.gather(*tasks)
    finally:
        for c in clients:
            stats["round_trips"].extend(c.round_trips)
            stats["actions"] += len(c.round_trips)
            stats["errors"] += len(c.errors)
            for error in c.errors:
                code = str(error.get("code"))
                stats["error_codes"][code] = stats["error_codes"].get(code, 0) + 1
            stats["pauses"].extend(c.pauses)
            stats["reconnects"] += c.reconnects
        if through:
            stats["played"].append((room, [a for c in clients for a in c.acked]))
    if all(c.over is not None for c in clients):
        stats["games_finished"] += 1
    else:
        stats["games_unfinished"] += 1


async def _run(url: str, games: int, duration: float, think: float, turns: int, ramp: float,
               servers: Servers) -> dict[str, Any]:
    stats: dict[str, Any] = {"round_trips": [], "actions": 0, "errors": 0, "pauses": [],
                             "error_codes": {},
                             "reconnects": 0, "played": [], "games_unfinished": 0,
                             "games_finished": 0, "games_started": 0, "failures": []}
    through = servers.kill_after is not None
    ws_base = url.replace("http://", "ws://").replace("https://", "wss://")
    server_pid = servers.pid
    base_rss = rss_bytes(server_pid) if server_pid else None
    servers.sample()
    base_cpu = servers.cpu()
    base_db = servers.database_counts()
    base_db_cpu = servers.db_cpu()
    client_cpu = time.process_time()
    peak = base_rss or 0
    deadline = time.monotonic() + duration
    # one session for the HTTP calls (create, join, start a room) and every client's
    # WebSocket: no limit on its connections, as each WebSocket holds one
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_connect=60, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def lane(n: int) -> None:
            await asyncio.sleep(n / games * ramp)  # the games start one by one
            while time.monotonic() < deadline:
                stats["games_started"] += 1
                try:
                    await _one_game(http, url, ws_base, think, turns, stats, through)
                except Exception as exc:
                    stats["errors"] += 1
                    stats["failures"].append(repr(exc)[:200])

        async def sample() -> None:
            nonlocal peak
            while True:
                servers.sample()
                value = rss_bytes(server_pid) if server_pid else None
                if value:
                    peak = max(peak, value)
                await asyncio.sleep(0.5)

        async def kill_one() -> None:
            if servers.kill_after is not None:
                await asyncio.sleep(servers.kill_after)
                servers.sample()
                servers.kill()

        sampler = asyncio.create_task(sample())
        killer = asyncio.create_task(kill_one())
        started = time.monotonic()
        ramp_end = time.perf_counter() + ramp
        lanes = [asyncio.create_task(lane(n)) for n in range(games)]
        await asyncio.gather(*lanes)
        elapsed = time.monotonic() - started
        sampler.cancel()
        killer.cancel()
        servers.sample()
        records = await _check_records(http, url, stats["played"]) if through else None
    end_cpu = servers.cpu()
    end_db = servers.database_counts()
    end_db_cpu = servers.db_cpu()
    server_cpu = None if end_cpu is None or base_cpu is None else end_cpu - base_cpu
    client_cpu = time.process_time() - client_cpu
    lat = [seconds for _, seconds in stats["round_trips"]]
    p50, p99 = _percentile(lat, 50), _percentile(lat, 99)
    held = _percentile([seconds for sent, seconds in stats["round_trips"] if sent >= ramp_end],
                       99)
    out = {
        "games": games,
        "processes": servers.processes,
        "games_started": stats["games_started"],
        "games_finished": stats["games_finished"],
        "games_unfinished": stats["games_unfinished"],
        "actions": stats["actions"],
        "actions_per_s": round(stats["actions"] / elapsed, 1) if elapsed else None,
        "p50_ms": None if p50 is None else round(p50 * 1000, 2),
        "p99_ms": None if p99 is None else round(p99 * 1000, 2),
        "max_ms": round(max(lat) * 1000, 2) if lat else None,
        "p99_after_ramp_ms": None if held is None else round(held * 1000, 2),
        "errors": stats["errors"],
        "error_codes": stats["error_codes"],  # the protocol's errors the clients were sent
        "failures": stats["failures"][:5],
        "seconds": round(elapsed, 1),
        "think_s": think,
        "ramp_s": ramp,
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / stats["actions"], 3)
        if server_cpu is not None and stats["actions"]
        else None,
        "client_cpu_s": round(client_cpu, 2),
        "server_rss_mb": round(peak / 2**20, 1) if server_pid else None,
        "memory_per_game_kb": round((peak - (base_rss or 0)) / games / 1024, 1)
        if server_pid and base_rss
        else None,
        "front_cpu_s": servers.front_cpu(),
        "db_cpu_s": None if base_db_cpu is None or end_db_cpu is None
        else round(end_db_cpu - base_db_cpu, 2),
    }
    if server_cpu is not None and stats["actions"]:
        # all that this machine spent on an action: the server(s), the load clients, the
        # front and the own database
        spent = server_cpu + client_cpu + (out["front_cpu_s"] or 0) + (out["db_cpu_s"] or 0)
        out["machine_cpu_ms_per_action"] = round(spent * 1000 / stats["actions"], 3)
    if base_db is not None and end_db is not None and elapsed:
        # what the database took: its commits (every transaction, the reads too) and the
        # action rows it stored (the bots' and the table's as well), a second
        out["db_commits_per_s"] = round((end_db[0] - base_db[0]) / elapsed, 1)
        out["db_action_rows_per_s"] = round((end_db[1] - base_db[1]) / elapsed, 1)
    if through:
        out["killed_after_s"] = servers.kill_after
        out["reconnects"] = stats["reconnects"]
        out["longest_pause_ms"] = round(max(stats["pauses"]) * 1000, 1) \
            if stats["pauses"] else None
        out["records"] = records
    return out


async def _check_records(http: aiohttp.ClientSession, url: str,
                         played: list[tuple[str, list[tuple[int, str]]]]) -> dict[str, Any]:
    """Every acknowledged action of `played` ((room, acked) each) is its record's action
    of that seq (so it is there exactly once: a record has one action per seq), and every
    record verifies (:func:`monopoly.web.verify.verify_lines`, as ``monopoly verify``)."""
    from monopoly.web.verify import verify_lines

    checked = verified = acked = 0
    problems: list[str] = []
    for room, actions in played:
        async with http.get(f"{url}/api/rooms/{room}/record") as answer:
            if answer.status != 200:
                problems.append(f"{room}: no record ({answer.status})")
                continue
            lines = (await answer.text()).splitlines()
        checked += 1
        # the board's record: its head, then ``[seat, "action"]`` for seq 1, 2, ...
        stored = {seq: str(orjson.loads(line)[1]) for seq, line in enumerate(lines[1:], 1)}
        for seq, action in actions:
            acked += 1
            if stored.get(seq) != action:
                problems.append(f"{room}: acknowledged action {seq} {action!r} is "
                                f"{stored.get(seq)!r} in the record")
        try:
            verify_lines(lines)
            verified += 1
        except Exception as exc:
            problems.append(f"{room}: does not verify: {exc}")
    return {"games": len(played), "records": checked, "verified": verified,
            "acknowledged_actions": acked, "problems": problems[:10]}


def _event_loop_run(coro: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run `coro` on uvloop when it is installed, else on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def default_ramp(duration: float) -> float:
    """The seconds over which the games start: 10, or a third of a shorter run."""
    return min(RAMP, duration / 3)


@dataclass
class Servers:
    """The server processes a load test measures: `pids` (none for a server given by its
    URL), the front's (several processes), and the process it kills, when, and how."""

    pids: Callable[[], list[int]] = list
    front: int | None = None
    processes: int = 1
    kill_after: float | None = None  # seconds into the run (failover), else None
    kill: Callable[[], object] = lambda: None
    db_url: str | None = None  # the own PostgreSQL database, else None
    # the CPU seconds its processes have used so far (its own database), else None
    db_cpu: Callable[[], float | None] = lambda: None
    _cpu: dict[int, float] = field(default_factory=dict)  # each pid's latest CPU seconds
    _front_cpu: tuple[float, float] | None = None  # the front's first and latest

    @property
    def pid(self) -> int | None:
        """The one server process (its memory is reported), else None."""
        found = self.pids()
        return found[0] if self.processes == 1 and found else None

    def sample(self) -> None:
        """Read every process's CPU time (a process killed later keeps its last one)."""
        for pid in self.pids():
            value = cpu_seconds(pid)
            if value is not None:
                self._cpu[pid] = value
        value = None if self.front is None else cpu_seconds(self.front)
        if value is not None:
            self._front_cpu = (value if self._front_cpu is None else self._front_cpu[0], value)

    def cpu(self) -> float | None:
        return sum(self._cpu.values()) if self._cpu else None

    def database_counts(self) -> tuple[int, int] | None:
        """The own PostgreSQL database's commits so far and its action rows, else None."""
        if self.db_url is None:
            return None
        from sqlalchemy import create_engine, text

        engine = create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                commits = conn.execute(text(
                    "SELECT xact_commit FROM pg_stat_database "
                    "WHERE datname = current_database()")).scalar()
                rows = conn.execute(text("SELECT count(*) FROM actions")).scalar()
            return int(commits or 0), int(rows or 0)
        finally:
            engine.dispose()

    def front_cpu(self) -> float | None:
        found = self._front_cpu
        return None if found is None else round(found[1] - found[0], 2)


def run_loadtest(url: str | None, games: int, duration: float, think: float = 0.25,
                 turns: int = 40, ramp: float | None = None, processes: int = 1,
                 store: str | None = None, kill_after: float | None = None) -> dict[str, Any]:
    """Run the benchmark; see the module docstring. Returns the figures. Without `url`:
    its own server, `processes` of them behind HAProxy (on a throwaway PostgreSQL);
    `store`: "sqlite" (one process's default) or "postgresql"; `kill_after`: kill one
    process (SIGKILL) that many seconds in, the clients reconnecting, and check every
    game's record after the run."""
    if ramp is None:
        ramp = default_ramp(duration)
    store = store or ("sqlite" if processes == 1 else "postgresql")
    if url is not None and kill_after is not None:
        raise RuntimeError("--kill-after needs the load test's own servers (no --url)")
    servers = Servers(processes=processes, kill_after=kill_after)
    serving: contextlib.AbstractContextManager[str] = contextlib.nullcontext(url) \
        if url is not None else _own_servers(processes, store, servers)
    with serving as base:
        wait_healthy(base, None)
        # the clients on uvloop (uvicorn's own loop, installed with it): the clients share
        # the machine with the server, so every CPU second they save is the server's
        # and with the garbage collector settled as the server's: the clients' own pauses
        # would be counted in the round trips they measure
        with gcpolicy.settled():
            result = _event_loop_run(_run(base, games, duration, think, turns, ramp, servers))
        result["url"] = base
        result["own_server"] = bool(servers.pids())
        result["store"] = store
    return result


@contextlib.contextmanager
def _own_servers(processes: int, store: str, servers: Servers) -> Iterator[str]:
    """The load test's own server(s) over a temporary database; yields the URL."""
    with contextlib.ExitStack() as stack:
        if store == "postgresql":
            from monopoly.tools import pgcluster

            bindir = pgcluster.find_bindir()
            if bindir is None:
                raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
            cluster = pgcluster.Cluster(bindir, durable=True)
            db = servers.db_url = stack.enter_context(cluster)
            servers.db_cpu = cluster.cpu_seconds
        else:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="monopoly-load-"))
            db = f"sqlite:///{tmp}/load.sqlite3"
        if processes == 1:
            port = free_port()
            proc = start_server(db, port)
            stack.callback(stop_groups, [proc])
            wait_healthy(f"http://127.0.0.1:{port}", proc)
            servers.pids = lambda: [proc.pid] if proc.poll() is None else []
            yield f"http://127.0.0.1:{port}"
            return
        from monopoly.tools.deploy import Deployment

        found = stack.enter_context(Deployment(
            db, processes, free_ports(processes + 1), serve_args=["--bot-delay", "0"],
            restart=False))
        servers.pids = found.pids
        servers.front = found.front.pid if found.front is not None else None
        servers.kill = lambda: found.kill(processes - 1)  # not the tournaments' process
        yield found.url


def free_ports(n: int) -> int:
    """A port after which `n` - 1 more are free too (for the front and its processes),
    below Linux's ephemeral ports (32768 on): no outgoing connection takes one meanwhile."""
    for _ in range(50):
        base = random.randrange(20000, 32000 - n)
        try:
            for port in range(base, base + n):
                with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                    s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
    raise RuntimeError(f"no {n} free ports in a row")


def stop_groups(procs: list[subprocess.Popen[bytes]], timeout: float = 10) -> None:
    """Stop the process groups of `procs`: SIGTERM to all at once, then SIGKILL to any
    not gone within `timeout` seconds."""
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
