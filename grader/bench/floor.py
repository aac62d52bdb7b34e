"""The physical floor beside the profile: what a verified step cannot cost less than.

Two measurements of this machine, each in its own thread's CPU time (time.thread_time), so
that only the receiving or committing side is counted:
- one SSH packet of a command's size received through asyncssh: the bytes decrypted, the
  packet dispatched to its channel, the loop woken for it (one packet a millisecond, so each
  wakes the loop on its own, as a node's command end does);
- one SQLite transaction with the rows a command's end writes, at their sizes in the store (the
  node's offset, its record, a verdict event, the step's progress, the audit row, the engine
  snapshot), with the store's pragmas (WAL, synchronous NORMAL: grader/store/database.py) and
  plain sqlite3: no SQLAlchemy, no JSON.
A verified step costs at least one of each; everything above them is the grader's own work.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import asyncssh

from grader.daemon import ENCRYPTION_ALGS

PACKET_BYTES = 300  # a command's end frame: its line, its exit, a short output
PACKETS = 1000
PACKET_GAP_S = 0.001
COMMITS = 1000


async def _serve(
    ready: asyncio.Future[int],
    stop: asyncio.Event,
    key: asyncssh.SSHKey,
    client_key: str,
    packets: int,
) -> None:
    async def session(process: asyncssh.SSHServerProcess) -> None:
        payload = b"x" * (PACKET_BYTES - 1) + b"\n"
        for _ in range(packets):
            process.stdout.write(payload)
            await asyncio.sleep(PACKET_GAP_S)
        process.exit(0)

    server = await asyncssh.listen(
        "127.0.0.1",
        0,
        server_host_keys=[key],
        authorized_client_keys=asyncssh.import_authorized_keys(client_key),
        process_factory=session,
        encoding=None,
        encryption_algs=list(ENCRYPTION_ALGS),
    )
    ready.get_loop().call_soon_threadsafe(ready.set_result, server.sockets[0].getsockname()[1])
    await stop.wait()
    server.close()


def ssh_packet_ms(packets: int = PACKETS) -> float:
    """CPU ms of the receiving thread per SSH packet of PACKET_BYTES (see the module's doc)."""
    got, cpu_s = ssh_receive(packets)
    return cpu_s / (got / PACKET_BYTES - 1) * 1000


def ssh_receive(packets: int) -> tuple[int, float]:
    """Receive `packets` SSH packets of PACKET_BYTES, a PACKET_GAP_S apart: the bytes received
    and the receiving thread's CPU seconds after the first packet."""
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    server_loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    async def client() -> tuple[int, float]:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        thread = threading.Thread(
            target=server_loop.run_until_complete,
            args=(_serve(ready, stop, host_key, client_key.export_public_key().decode(), packets),),
            daemon=True,
        )
        thread.start()
        port = await ready
        known = asyncssh.import_known_hosts(
            f"[127.0.0.1]:{port} {host_key.export_public_key().decode()}"
        )
        try:
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                username="bench",
                client_keys=[client_key],
                known_hosts=known,
                encryption_algs=list(ENCRYPTION_ALGS),
                config=[],
                agent_path=None,
            ) as conn:
                proc = await conn.create_process(encoding=None)
                first = await proc.stdout.read(65536)
                t0, got = time.thread_time(), len(first)
                while chunk := await proc.stdout.read(65536):
                    got += len(chunk)
                cpu = time.thread_time() - t0
                await proc.wait()
            return got, cpu
        finally:
            server_loop.call_soon_threadsafe(stop.set)
            thread.join(10)

    try:
        return asyncio.run(client())
    finally:
        server_loop.close()


# A command end's rows at the sizes the bench's store holds (dbstat over a 100-node run's
# grader.db): its record ~1.5 KB, a verdict's evidence ~600 bytes (in its event and in the
# step's progress row), the audit row ~750 bytes, the learner's engine snapshot ~3 KB.
RECORD_BYTES, EVIDENCE_BYTES, AUDIT_BYTES, SNAPSHOT_BYTES = 1500, 600, 750, 3000


def commit_ms(commits: int = COMMITS) -> float:
    """CPU ms per SQLite transaction of a command end's rows (see the module's doc)."""
    record, evidence = "r" * RECORD_BYTES, "e" * EVIDENCE_BYTES
    audit, snapshot = "a" * AUDIT_BYTES, "s" * SNAPSHOT_BYTES
    with tempfile.TemporaryDirectory(prefix="labgrader-floor-") as tmp:
        db = sqlite3.connect(Path(tmp) / "floor.db", isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        db.executescript(
            """
            CREATE TABLE records (id INTEGER PRIMARY KEY, node TEXT, n INTEGER, learner TEXT,
                t0 REAL, body TEXT, UNIQUE (node, n));
            CREATE INDEX records_learner ON records (learner, t0);
            CREATE TABLE events (seq INTEGER PRIMARY KEY, learner TEXT, step TEXT, n INTEGER,
                state TEXT, evidence TEXT, UNIQUE (learner, step, n, state));
            CREATE INDEX events_learner ON events (learner, seq);
            CREATE TABLE progress (learner TEXT, step TEXT, state TEXT, evidence TEXT,
                PRIMARY KEY (learner, step));
            CREATE TABLE audit (seq INTEGER PRIMARY KEY, dedupe TEXT UNIQUE, detail TEXT);
            CREATE TABLE snapshots (learner TEXT PRIMARY KEY, data TEXT);
            CREATE TABLE offsets (node TEXT PRIMARY KEY, offset INTEGER);
            INSERT INTO offsets VALUES ('n1', 0);
            """
        )
        t0 = time.thread_time()
        for n in range(commits):
            step = f"s{n % 11}"
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE offsets SET offset = ? WHERE node = 'n1'", (n * 600,))
            db.execute(
                "INSERT INTO records (node, n, learner, t0, body) VALUES ('n1', ?, 'alice', ?, ?)",
                (n, float(n), record),
            )
            db.execute(
                "INSERT INTO events (learner, step, n, state, evidence) "
                "VALUES ('alice', ?, ?, 'verified', ?)",
                (step, n, evidence),
            )
            db.execute(
                "INSERT INTO progress VALUES ('alice', ?, 'verified', ?) "
                "ON CONFLICT (learner, step) DO UPDATE SET state = excluded.state",
                (step, evidence),
            )
            db.execute("INSERT INTO audit (dedupe, detail) VALUES (?, ?)", (f"verdict:{n}", audit))
            db.execute(
                "INSERT INTO snapshots VALUES ('alice', ?) "
                "ON CONFLICT (learner) DO UPDATE SET data = excluded.data",
                (f"{n:08d}{snapshot}",),
            )
            db.execute("COMMIT")
        cpu = time.thread_time() - t0
        db.close()
    return cpu / commits * 1000


def measure() -> dict[str, float]:
    return {"ssh_packet_ms": round(ssh_packet_ms(), 4), "commit_ms": round(commit_ms(), 4)}
