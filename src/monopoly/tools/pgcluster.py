"""A throwaway PostgreSQL cluster (for the tests that run on PostgreSQL too, and for a load
test of several server processes without a database of its own): Debian's
server (/usr/lib/postgresql/<version>/bin, the newest) in a temporary folder, on a free
loopback port, trusting local connections, with the database `monopoly_test`.

``Cluster(bindir)`` is a context manager: it starts the cluster, gives its URL, and stops
and removes it at the end, also when the block fails or is interrupted. initdb refuses
root, so as root the server runs as the `postgres` user (Debian's package creates it). A
watcher process stops and removes the cluster should the process that started it die
without cleaning up (SIGKILL): ``python -m monopoly.tools.pgcluster --reap PID BINDIR
FOLDER``.

tests/conftest.py starts one per test process, the first time a test marked
``postgresql`` runs, unless MONOPOLY_TEST_PG_URL names a server to use instead.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

DATABASE = "monopoly_test"
SUPERUSER = "postgres"
INITDB_GLOB = "/usr/lib/postgresql/*/bin/initdb"


def find_bindir() -> Path | None:
    """The bin folder of the newest PostgreSQL installed (Debian's layout), or None."""
    found = [Path(p).parent for p in glob.glob(INITDB_GLOB)]

    def version(bindir: Path) -> tuple[int, ...]:
        name = bindir.parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    return max(found, key=version) if found else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_server_user(argv: list[str]) -> list[str]:
    """`argv` run as the postgres user when this process is root, else as it is."""
    return ["runuser", "-u", SUPERUSER, "--", *argv] if os.geteuid() == 0 else argv


def _run(argv: list[str], folder: Path) -> None:
    done = subprocess.run(_as_server_user(argv), cwd=folder, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        log = folder / "log"
        tail = log.read_text(errors="replace")[-2000:] if log.is_file() else ""
        raise RuntimeError(f"{Path(argv[0]).name} failed ({done.returncode}): "
                           f"{done.stderr.strip()}\n{tail}".rstrip())


def _stop(bindir: Path, folder: Path) -> None:
    """Stop the cluster in `folder` (if it runs) and remove the folder."""
    data = folder / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(_as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m",
                                        "immediate", "-w", "stop"]),
                       cwd=folder, capture_output=True, check=False)
    shutil.rmtree(folder, ignore_errors=True)


class Cluster:
    """A PostgreSQL cluster of its own while the ``with`` block runs; ``url`` is its
    database's SQLAlchemy URL."""

    def __init__(self, bindir: Path, durable: bool = False) -> None:
        self.bindir = bindir
        # False: no fsync (a test's data need not survive a power cut; faster)
        self.durable = durable
        self.folder: Path | None = None
        self.url = ""
        self._reaper: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> str:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self.url

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        root = os.geteuid() == 0
        if root:
            try:
                owner = pwd.getpwnam(SUPERUSER)
            except KeyError:
                raise RuntimeError(f"running as root, PostgreSQL needs the user "
                                   f"{SUPERUSER!r} (Debian's postgresql package creates it)"
                                   ) from None
        self.folder = folder = Path(tempfile.mkdtemp(prefix="monopoly-pg."))
        if root:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        self._reaper = subprocess.Popen(
            [sys.executable, "-m", "monopoly.tools.pgcluster", "--reap", str(os.getpid()),
             str(self.bindir), str(folder)], start_new_session=True, stdin=subprocess.DEVNULL)
        data = folder / "data"
        _run([str(self.bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", SUPERUSER,
              "-E", "UTF8", "--locale=C", "--no-sync"], folder)
        for attempt in range(3):  # another process may take the free port first
            port = _free_port()
            try:
                _run([str(self.bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"),
                      "-w", "-t", "60", "-o",
                      f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
                      + ("" if self.durable else " -c fsync=off"),
                      "start"], folder)
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        _run([str(self.bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U",
              SUPERUSER, DATABASE], folder)
        self.url = f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{port}/{DATABASE}"

    def cpu_seconds(self) -> float | None:
        """The CPU time (user + system) the cluster's processes have used so far: the
        postmaster's, its live children's, and, among the postmaster's children's times,
        those that ended (a connection's backend ends with it); None when it is not
        running (Linux /proc)."""
        if self.folder is None:
            return None
        try:
            pid = int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        ticks = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:  # after the command's ")": ppid, then utime, stime, cutime, cstime at 11-14
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(entry.name) == pid:
                ticks += sum(int(v) for v in fields[11:15])
            elif int(fields[1]) == pid:
                ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.folder is not None:
            _stop(self.bindir, self.folder)
            self.folder = None
        if self._reaper is not None:
            self._reaper.kill()
            self._reaper.wait()
            self._reaper = None


def _reap(pid: int, bindir: Path, folder: Path) -> None:
    """Wait for process `pid` to end, then stop and remove the cluster it left behind."""
    while folder.exists():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            _stop(bindir, folder)
            return
        except PermissionError:
            pass
        time.sleep(0.5)


if __name__ == "__main__":
    if len(sys.argv) != 5 or sys.argv[1] != "--reap":
        sys.exit("usage: python -m monopoly.tools.pgcluster --reap PID BINDIR FOLDER")
    with contextlib.suppress(KeyboardInterrupt):
        _reap(int(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
