"""The database goes away while a node's bytes keep arriving: when it is back, everything that
arrived commits, with no further byte from the node to nudge the daemon.

Found by the fault class (seed 2738540412): a batch that failed was kept and retried as it was,
and the commands that arrived during the outage waited in the node's next batch until a new
frame woke the flusher. A learner who stopped typing then saw nothing verified, and the class
timed out waiting for a file's offset. Real parts: an SSH peer running the node's spool reader,
a private PostgreSQL cluster stopped with `pg_ctl stop -m fast` and started again.
"""

from __future__ import annotations

import logging
import time

from daemon.demo import Shell
from daemon.nodesim import Spool, wait_for, write_config
from daemon.sshpeer import SshPeer
from daemon.test_daemon_ssh import DaemonThread

from .databases import PrivatePostgres


def test_commands_that_arrive_during_an_outage_commit_once_it_ends(tmp_path, private_postgres):
    pg: PrivatePostgres = private_postgres
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261130T041500-4545-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("echo hello", "hello\r\n"))
    cfg = write_config(tmp_path, peer, spool.root, db=pg.url, lease_ttl_s=30)
    failures = _Count("event=ingest_failed")
    logging.getLogger("grader").addHandler(failures)
    d = DaemonThread(cfg)
    try:
        wait_for(lambda: len(d.records()) == 1, what="the first command stored")
        pg.stop()
        spool.append(sh, sh.command("false", "", exit_=1))  # its batch fails, and is kept
        wait_for(lambda: failures.n >= 1, what="a failed batch")
        # Arrives after that batch was taken: it waits in the next one.
        spool.append(sh, sh.command("ls", "a b\r\n"))
        time.sleep(1.0)  # the reader sends a command's end at once; 1 s is ~20 of its polls
        pg.start()
        wait_for(
            lambda: len(d.records()) == 3,
            timeout=30,
            what="all three commands stored, with no byte typed after the outage",
        )
        lines = [(r.n, r.line, r.exit) for r in d.records()]
        assert sorted(lines) == [(1, "echo hello", 0), (2, "false", 1), (3, "ls", 0)]
    finally:
        d.stop()
        peer.close()
        logging.getLogger("grader").removeHandler(failures)


class _Count(logging.Handler):
    """Counts log records holding `needle` (the daemon runs in this process, on a thread)."""

    def __init__(self, needle: str) -> None:
        super().__init__(logging.ERROR)
        self.needle = needle
        self.n = 0

    def emit(self, record: logging.LogRecord) -> None:
        if self.needle in record.getMessage():
            self.n += 1
