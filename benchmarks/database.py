"""What limits the server on several machines: the database's writes (docs/scaling.md).

Every server process writes its rooms' actions to the one PostgreSQL database in group
commits: a transaction that locks the lease rows of its rooms (the fence, ``SELECT ... FOR
SHARE``) and inserts the batch's action rows (psycopg's ``executemany``: one prepared
INSERT a row). This measures how many such commits, and rows, the database takes, with
pgbench (PostgreSQL's own load generator, a C client that costs little) playing the
server processes: each client a process with rooms of its own, committing batches of
`rows` action rows as fast as it can, on a throwaway durable cluster (fsync on, as in
production: monopoly.tools.pgcluster). It also asks pg_test_fsync how many flushes a
second the disk gives, as each commit waits for one (several commits at once share it).

On a machine with few cores pgbench shares them with the database: the CPU the database's
own processes used per commit and per row (`db_cpu_ms_per_commit`) says what a database
host of its own would take, as far as its CPU goes.

    python benchmarks/database.py [SECONDS] [CLIENTS,...] [ROWS,...]
        (default: 10 s each, clients 2,8,32, rows a commit 1,13,50)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url

from monopoly.store import Store
from monopoly.tools.pgcluster import DATABASE, SUPERUSER, Cluster, find_bindir

OWNER = "bench"


def script(rows: int) -> str:
    """One commit of a server's writer: its room's lease locked, then `rows` action rows,
    one prepared INSERT each (the room is the client's own; the seq from a sequence)."""
    room = f"'{OWNER}-' || :client_id"
    lines = ["BEGIN;",
             f"SELECT room FROM room_leases WHERE owner = '{OWNER}' AND room = {room} "
             "FOR SHARE;"]
    lines += [f"INSERT INTO actions (room, seq, seat, text) VALUES ({room}, "
              "nextval('bench_seq'), 0, 'roll');"] * rows
    lines.append("COMMIT;")
    return "\n".join(lines) + "\n"


def pgbench(bindir: Path, port: int, clients: int, rows: int, seconds: float) -> dict[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(script(rows))
    os.chmod(f.name, 0o644)
    try:
        argv = [str(bindir / "pgbench"), "-n", "-M", "prepared", "-h", "127.0.0.1",
                "-p", str(port), "-U", SUPERUSER, "-c", str(clients), "-j", str(min(clients, 2)),
                "-T", str(int(seconds)), "-f", f.name, DATABASE]
        done = subprocess.run(argv, capture_output=True, text=True, check=True)
    finally:
        os.unlink(f.name)
    tps = float(re.search(r"tps = ([\d.]+)", done.stdout).group(1))  # type: ignore[union-attr]
    latency = float(re.search(r"latency average = ([\d.]+) ms",  # type: ignore[union-attr]
                              done.stdout).group(1))
    return {"commits_per_s": round(tps, 1), "rows_per_s": round(tps * rows, 1),
            "latency_ms": latency}


def flushes_per_second(bindir: Path, folder: Path) -> float | None:
    """pg_test_fsync's fdatasync (PostgreSQL's default wal_sync_method on Linux) figure."""
    done = subprocess.run([str(bindir / "pg_test_fsync"), "-s", "2", "-f",
                           str(folder / "fsync.test")], capture_output=True, text=True,
                          check=False)
    found = re.search(r"fdatasync\s+([\d.]+) ops/sec", done.stdout)
    return float(found.group(1)) if found else None


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    clients_list = [int(c) for c in (sys.argv[2] if len(sys.argv) > 2 else "2,8,32").split(",")]
    rows_list = [int(r) for r in (sys.argv[3] if len(sys.argv) > 3 else "1,13,50").split(",")]
    bindir = find_bindir()
    if bindir is None:
        sys.exit("PostgreSQL is not installed (Debian's postgresql package)")
    cluster = Cluster(bindir, durable=True)
    with cluster as url:
        assert cluster.folder is not None
        store = Store(url)
        with store.engine.begin() as conn:
            conn.execute(text("CREATE SEQUENCE bench_seq"))
            conn.execute(text("INSERT INTO room_leases (room, owner, since) "
                              "SELECT :owner || '-' || n, :owner, 0 "
                              "FROM generate_series(1, 256) AS n"), {"owner": OWNER})
        store.close()
        port = make_url(url).port
        assert port is not None
        flushes = flushes_per_second(bindir, cluster.folder)
        runs: list[dict[str, float]] = []
        for rows in rows_list:
            for clients in clients_list:
                before = cluster.cpu_seconds() or 0.0
                got = pgbench(bindir, port, clients, rows, seconds)
                used = (cluster.cpu_seconds() or 0.0) - before
                commits = got["commits_per_s"] * seconds
                got.update(clients=clients, rows=rows,
                           db_cpu_ms_per_commit=round(used * 1000 / commits, 3),
                           db_cpu_ms_per_row=round(used * 1000 / (commits * rows), 4))
                print(json.dumps(got), file=sys.stderr, flush=True)
                runs.append(got)
    print(json.dumps({"flushes_per_s": flushes, "cores": os.cpu_count(), "seconds": seconds,
                      "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
