"""The databases the fault class runs on, each with a way to take it away and bring it back.

PostgreSQL: a private cluster (initdb + pg_ctl, the binaries scripts/ensure-postgres.sh installs)
on its own port and data directory, so stopping it takes the daemon's database away without
touching the shared test server other suites use at the same time.

SQLite: the database file on a tiny tmpfs (`mount -t tmpfs -o size=…`, needs root); "disk full"
is a filler file that takes the filesystem's last free byte, so every write the daemon tries
fails with SQLITE_FULL until the filler is removed.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: pg_ctl waits this long for start/stop; a start on a loaded 2-core machine takes ~1 s.
PG_CTL_TIMEOUT_S = 60
#: Large enough for the class's database (a few MiB) and its WAL; small enough to fill in ms.
SQLITE_TMPFS_SIZE = "64m"
PG_USER = "postgres"


def pg_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _as_postgres(argv: list[str], timeout: float = PG_CTL_TIMEOUT_S) -> None:
    done = subprocess.run(
        ["runuser", "-u", PG_USER, "--", *argv], capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{argv[0]}: {done.stdout}{done.stderr}"


@dataclass
class PrivatePostgres:
    """A throw-away cluster in `root` (trust auth, loopback only)."""

    root: Path
    port: int
    bindir: Path

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/postgres"

    def init(self) -> PrivatePostgres:
        self.root.mkdir(parents=True, exist_ok=True)
        shutil.chown(self.root, PG_USER, PG_USER)
        os.chmod(self.root, 0o700)
        _as_postgres(
            [
                str(self.bindir / "initdb"),
                "-D",
                str(self.root / "data"),
                "-A",
                "trust",
                "-U",
                PG_USER,
            ]
        )
        return self

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        _as_postgres(
            [
                str(self.bindir / "pg_ctl"),
                "-D",
                str(self.root / "data"),
                "-l",
                str(self.root / "server.log"),
                "-o",
                opts,
                "-w",
                "start",
            ]
        )

    def stop(self) -> None:
        """Fast shutdown: open connections are cut, as when a database server goes away."""
        _as_postgres(
            [str(self.bindir / "pg_ctl"), "-D", str(self.root / "data"), "-m", "fast", "-w", "stop"]
        )


@dataclass
class TinyFilesystem:
    """A tmpfs for the SQLite file; `fill()` makes it full, `free()` gives the space back."""

    mountpoint: Path

    def mount(self) -> TinyFilesystem:
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                "mount",
                "-t",
                "tmpfs",
                "-o",
                f"size={SQLITE_TMPFS_SIZE}",
                "tmpfs",
                str(self.mountpoint),
            ],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, f"mount tmpfs: {done.stderr}"
        return self

    @property
    def filler(self) -> Path:
        return self.mountpoint / "filler"

    def fill_after_checkpoint(self, db: Path) -> None:
        """Checkpoint the WAL down to 0 bytes, then fill the disk. Without the checkpoint the
        daemon's commits keep landing in WAL pages the file already has, and a full disk is
        only felt megabytes later (true of SQLite in WAL mode, and nothing is lost either way)."""
        conn = sqlite3.connect(db, timeout=10)
        try:
            busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            conn.close()
        assert busy == 0, "WAL checkpoint blocked by a reader"
        self.fill()

    def fill(self) -> None:
        with self.filler.open("ab", buffering=0) as fh:
            block = b"\0" * (1 << 20)
            try:
                while True:
                    fh.write(block)
                    fh.flush()
            except OSError:
                pass
            try:  # the last partial block
                while True:
                    fh.write(b"\0" * 512)
                    fh.flush()
            except OSError:
                pass
        assert os.statvfs(self.mountpoint).f_bavail == 0

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.mountpoint)], capture_output=True)
