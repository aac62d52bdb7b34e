"""The faults, each followed by the checks that it happened and was survived: the daemon is
running (restarted by us after a SIGKILL) and its log says what it saw, by event= name."""

from __future__ import annotations

import dataclasses
import random
import re
import socket
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import fakenode
import httpx
import sqlalchemy as sa
from e2e.harness import Daemon, PortForward, Seat, wait_for
from e2e.test_faults import KILL_GRADER_SSHD, sshd_ready

from grader.store import schema

from .classroom import LEARNERS_FILE, Desk, node_shell

#: Waiting for the daemon to notice a fault or catch up: its reconnect backoff is ≤ 1 s and a
#: batch commits in 30 ms; 60 s on a loaded 2-core machine is a hang.
CATCH_UP_TIMEOUT_S = 60.0
#: How long the database stays away: long enough for several failed batches (retried every
#: 1 s) and a lease renewal (ttl/3 = 1 s) to hit it.
DB_OUTAGE_S = 3.0

#: Where the kernel picks the local ports of outgoing connections (and of bind to port 0).
PORT_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def restartable_port(rng: random.Random | None = None) -> int:
    """A free port for a server we kill and start again on the same port (the daemon's API,
    the private PostgreSQL), taken below the kernel's ephemeral range.

    Why not harness.free_port: its port is an ephemeral one, and while its server is down (a
    SIGKILL, pg_ctl stop) any outgoing connection on the machine (the relays reconnecting, the
    test's HTTP polls, another suite) may get it as its local port; the restart then fails with
    "address already in use" (seen once in the SQLite class).
    """
    low = int(PORT_RANGE_FILE.read_text().split()[0]) if PORT_RANGE_FILE.exists() else 32768
    pick = rng or random.SystemRandom()
    for _ in range(200):
        port = pick.randrange(max(1024, low - 12000), low)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port below {low}")


DAEMON_FAULTS = ("sigkill",)
NODE_FAULTS = ("ssh_cut", "node_restart")
SPOOL_FAULTS = ("spool_truncate", "spool_rotate", "spool_delete")


@dataclass
class Injector:
    daemon: Daemon
    engine: sa.Engine  # the test's own view of the daemon's database
    forwards: dict[str, PortForward]
    db_away: Callable[[], None]
    db_back: Callable[[], None]
    db_fault: str  # "postgres_restart" or "sqlite_disk_full"
    rng: random.Random
    injected: Counter = field(default_factory=Counter)
    log_pos: int = 0

    # --- log ------------------------------------------------------------------------------------

    def new_log(self) -> str:
        text = self.daemon.log_text()
        return text[self.log_pos :]

    def mark(self) -> None:
        self.log_pos = len(self.daemon.log_text())

    def expect(self, pattern: str, what: str) -> None:
        wait_for(lambda: re.search(pattern, self.new_log()), CATCH_UP_TIMEOUT_S, what)

    def assert_running(self, db_up: bool = True) -> None:
        """The process lives and its API answers: /healthz 200, or 503 naming the driver error
        while the database is away (/healthz is "the database answers", by design)."""
        assert self.daemon.proc is not None
        assert self.daemon.proc.poll() is None, f"daemon exited: {self.new_log()[-3000:]}"
        if db_up:
            wait_for(self.daemon._healthy, CATCH_UP_TIMEOUT_S, "/healthz 200")
        else:
            r = httpx.get(f"{self.daemon.url}/healthz", timeout=10)
            assert r.status_code == 503 and r.json()["ok"] is False, r.text

    # --- the faults -----------------------------------------------------------------------------

    def sigkill(self, desks: list[Desk], typing: Callable[[], None]) -> None:
        self.mark()
        self.daemon.kill()
        typing()  # learners keep typing while no grader runs
        self.daemon.start()
        self.expect(r"event=daemon_started", "daemon_started after the SIGKILL")
        self.expect(r"event=node_connected", "node_connected after the restart")

    def ssh_cut(self, seat: Seat) -> None:
        self.mark()
        killed = seat.node.exec(["sh", "-c", KILL_GRADER_SSHD])
        assert killed.exit_code == 0, killed.text
        nid = re.escape(seat.node_id)
        self.expect(rf"event=node_disconnected node={nid}\b", "node_disconnected after the cut")
        self.expect(rf"event=reconnect node={nid}\b", "reconnect after the cut")
        self.expect(rf"event=node_connected node={nid}\b", "node_connected after the cut")

    def node_restart(self, seat: Seat) -> None:
        self.mark()
        container = seat.node.container.get_wrapped_container()
        container.restart(timeout=5)

        def published() -> int | None:
            container.reload()
            found = (container.attrs["NetworkSettings"]["Ports"] or {}).get("22/tcp")
            return int(found[0]["HostPort"]) if found else None

        port = wait_for(published, CATCH_UP_TIMEOUT_S, "the restarted node's port")
        self.forwards[seat.node_id].target = (seat.node.host, port)
        moved = dataclasses.replace(
            seat.node,
            port=port,
            known_hosts_line=fakenode.known_hosts_line(
                seat.node.host, port, " ".join(seat.node.known_hosts_line.split()[1:])
            ),
        )
        wait_for(lambda: sshd_ready(moved), CATCH_UP_TIMEOUT_S, "sshd after the node restart")
        nid = re.escape(seat.node_id)
        self.expect(rf"event=node_disconnected node={nid}\b", "node_disconnected after restart")
        self.expect(rf"event=node_connected node={nid}\b", "node_connected after restart")

    def caught_up(self, desk: Desk) -> None:
        """The daemon stored everything of the desk's current file (its resume offset is at the
        end: the file ends right after a D marker)."""
        self._stored_at(desk, desk.file_len)

    def _stored_at(self, desk: Desk, want: int) -> None:
        """Wait until the daemon's stored resume offset of the desk's file is `want`."""
        node_id, rel = desk.seat.node_id, desk.rel

        def stored() -> bool:
            with self.engine.connect() as conn:
                got = conn.execute(
                    sa.select(schema.offsets.c.offset).where(
                        schema.offsets.c.node_id == node_id, schema.offsets.c.path == rel
                    )
                ).scalar()
            return got == want

        wait_for(stored, CATCH_UP_TIMEOUT_S, f"{rel} stored up to {want}")

    def spool_truncate(self, desk: Desk) -> None:
        """copytruncate-style: the file is emptied and the learner's next bytes start at 0."""
        self._restart_file(desk, ': > "$1"')

    def spool_rotate(self, desk: Desk) -> None:
        """logrotate-style: renamed away (no longer *.ts), a new empty file in its place."""
        self._restart_file(desk, 'mv "$1" "$1.1" && : > "$1"' + LEARNERS_FILE)

    def _restart_file(self, desk: Desk, script: str) -> None:
        # Only once everything is read: bytes still unread when a file is emptied or renamed
        # away are gone for any tailer (docs/daemon.md, RESET).
        self.caught_up(desk)
        self.mark()
        node_shell(desk.seat, script, desk.path)
        desk.file_len = 0
        # The learner writes on only after the reader saw the reset: a file refilled past the
        # old offset within one 50 ms poll is not told from one that grew (size-based check).
        # Seen as the stored offset back at 0, not as the event=file_reset line: that line is
        # under the node's log budget (grader/daemon/logbudget.py), and a daemon restarted just
        # before re-logs a replayed session's anomalies, 50 lines that can spend it.
        self._stored_at(desk, 0)

    def spool_delete(self, desk: Desk) -> None:
        """The session file is removed once read (the learner's session is over: the rest of
        its planned bytes are never written)."""
        self.caught_up(desk)
        node_shell(desk.seat, 'rm -f "$1"', desk.path)
        assert desk.current is not None
        desk.unit = len(desk.current.units)  # the session ends here

    def database(self, typing: Callable[[], None]) -> None:
        self.mark()
        self.db_away()
        try:
            # Learners type on until a batch hits the missing database.
            deadline = time.monotonic() + CATCH_UP_TIMEOUT_S
            while not re.search(r"event=ingest_failed", self.new_log()):
                assert time.monotonic() < deadline, f"no ingest_failed during {self.db_fault}"
                typing(1)
                time.sleep(0.2)
            if self.db_fault == "postgres_restart":  # SQLite still reads when its disk is full
                self.expect(r"event=lease_renew_failed", "lease_renew_failed (database away)")
            time.sleep(DB_OUTAGE_S)
            # A full disk still lets SQLite read, so /healthz stays 200 there.
            self.assert_running(db_up=self.db_fault != "postgres_restart")
        finally:
            self.db_back()
        typing()
        # The retried batch commits: a verdict or at least no new failure for a while.
        self.mark()
        time.sleep(2.0)
        self.assert_running()
