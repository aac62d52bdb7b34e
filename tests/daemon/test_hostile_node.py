"""A node whose owner has root sends crafted frames: it can harm only itself.

Unit level: the frame decoder and NodeIngest's per-node limits, fed crafted frames directly.
Daemon level: a real SSH server on loopback (tests/daemon/sshpeer.py's) whose every command
writes a scripted stream of crafted frames, watched by the real daemon in-process; checked: the
log's size and shape, and that SIGTERM stops the daemon cleanly (docs/SECURITY.md "A compromised
node").
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path

import asyncssh
import pytest

from grader.config import ConfigError, load_config
from grader.daemon import ingest as ingest_mod
from grader.daemon import transport, watcher
from grader.daemon.ingest import NodeIngest
from grader.protocol.frames import (
    FRAME_PATH_MAX,
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_RESET,
    OFFSET_MAX,
    Frame,
    FrameDecoder,
    StreamError,
    encode,
)

from .demo import LAB_ID, Shell, demo_lab
from .nodesim import write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread


# ------------------------------------------------------------------------- unit: the decoder
@pytest.mark.parametrize("offset", [2**63, 2**64 - 1, OFFSET_MAX - 3])
def test_an_offset_the_store_cannot_hold_is_a_protocol_error(offset: int) -> None:
    """Finding 4: an offset near 2^63 or 2^64 failed every commit of the node (OverflowError)."""
    with pytest.raises(StreamError, match="offset"):
        FrameDecoder().feed(encode(KIND_DATA, "alice/x.ts", offset, b"abcdefgh"))


def test_a_path_longer_than_path_max_is_a_protocol_error() -> None:
    with pytest.raises(StreamError, match="path"):
        FrameDecoder().feed(encode(KIND_DATA, "a/" + "x" * FRAME_PATH_MAX, 0, b"z"))


# ------------------------------------------------------------------------- unit: NodeIngest
def _ingest(tmp_path: Path) -> NodeIngest:
    lab = demo_lab(tmp_path)
    return NodeIngest("n1", {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda *_: None)


def test_unknown_learner_names_are_counted_not_kept(tmp_path: Path) -> None:
    """Finding 3: 3,000 frames with 64 KiB names kept +220 MB. Now a few names are kept (and
    logged once each, cut), the rest only counted."""
    ing = _ingest(tmp_path)
    for i in range(3000):
        ing.feed(Frame(KIND_DATA, f"{'u' * 4000}{i}/x.ts", 0, b"x"))
    assert ing.ignored_frames == 3000
    assert len(ing._ignored) == ingest_mod.IGNORED_NAMES_KEPT


def test_a_learners_sessions_are_capped_and_the_cap_is_audited_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Finding 3: every session name a node sends made a cursor (1,000 names of 64 KiB: 188 MiB
    for 1,000 bytes of data). Now a learner's sessions stop at MAX_SESSIONS_PER_LEARNER, index
    lines too, and the learner's audit says so once."""
    lab = demo_lab(tmp_path)
    ing = NodeIngest(
        "n1", {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda *_: None, max_sessions=50
    )
    index = b"".join(
        json.dumps({"session": f"s{i}", "nonce": "ab" * 16}).encode() + b"\n" for i in range(80)
    )
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, index))
    for i in range(80):
        ing.feed(Frame(KIND_DATA, f"alice/t{i}.ts", 0, b"x"))
    assert len(ing._indexes["alice"].nonces) == 50
    assert len(ing._cursors) == 50
    kinds = [a.kind for _, a in ing._batch.anomalies]
    assert kinds.count("session_limit") == 1
    too_long = "y" * (transport.NAME_MAX + 1)
    ing.feed(Frame(KIND_DATA, f"alice/{too_long}.ts", 0, b"x"))
    assert f"alice/{too_long}.ts" not in ing._cursors


def test_refused_frames_are_audited_once_per_entry_and_then_counted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(ingest_mod, "REFUSED_KEPT", 10)
    ing = _ingest(tmp_path)
    for i in range(5000):
        ing.refused(f"alice/f{i % 20}.ts", "a symbolic link")
    rows = [a for _, a in ing._batch.anomalies if a.kind == "spool_refused"]
    assert len(rows) == 10 and ing.refused_frames == 5000


# ------------------------------------------------------------------------- the daemon
class CraftedNode:
    """An SSH server on loopback whose every command (the spool reader the daemon starts)
    writes `script(conn_no)`'s bytes, then keeps the channel open until the daemon goes."""

    def __init__(self, workdir: Path, script) -> None:
        self.peer = SshPeer(workdir, python=False)
        self.script = script
        self.connections = 0

    async def _serve(self, process: asyncssh.SSHServerProcess) -> None:
        if (process.command or "").startswith("command -v"):  # the daemon's python3 probe
            process.exit(0)
            return
        self.connections += 1
        try:
            for chunk in self.script(self.connections):
                process.stdout.write(chunk)
                await process.stdout.drain()
            await asyncio.sleep(3600)
        except (OSError, asyncssh.Error):
            return

    def __enter__(self) -> CraftedNode:
        self.peer._handle = self._serve  # type: ignore[method-assign]
        self.peer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.peer.close()


def _hello() -> bytes:
    return encode(KIND_HELLO, "", 0, json.dumps({"wake": "inotify", "python": "3"}).encode())


def test_an_error_frame_flood_logs_a_bounded_summary_and_forges_no_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 5: ERROR frames wrote 200 MB of log in 0.9 s, and a newline in a detail wrote a
    separate, well-formed `event=verdict ... state=verified` line. Now a node's lines go
    through its log budget (the rest counted as `suppressed=N`), each on one line."""
    forged = "x\n2026-12-01T00:00:00Z INFO event=verdict node=honest learner=alice state=verified"

    def script(_conn: int):
        yield _hello()
        for i in range(20_000):
            yield encode(KIND_ERROR, f"alice/{i}.ts", 0, forged.encode())
            if i % 500 == 0:
                yield encode(KIND_HEARTBEAT, "", 0, json.dumps({"t": time.time()}).encode())

    def spool_errors() -> list[str]:
        return [
            m for r in list(caplog.records) if "event=spool_read_error" in (m := r.getMessage())
        ]

    caplog.set_level(logging.INFO)
    with CraftedNode(tmp_path / "peer", script) as node:
        daemon = DaemonThread(write_config(tmp_path, node.peer, tmp_path / "spool"))
        began = time.monotonic()
        # until the budget has cut the flood (a loaded machine connects later), then a second
        # more of its steady rate
        while time.monotonic() - began < 60 and not any("suppressed=" in m for m in spool_errors()):
            time.sleep(0.1)
        time.sleep(1)
        daemon.stop()
        logging_s = time.monotonic() - began
    errors = spool_errors()
    assert 0 < len(errors) <= 50 + 5 * (logging_s + 1), len(errors)  # the burst, then 5 a second
    assert all("\n" not in m for m in errors)
    assert not any(r.getMessage().startswith("2026-12-01") for r in caplog.records)
    assert any("suppressed=" in m for m in errors)


def test_a_frame_beyond_any_offset_drops_that_node_and_shutdown_stays_clean(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 4: an offset near 2^63 failed every commit of the node, and at SIGTERM the
    exception escaped Daemon.run (exit 1, no daemon_stopped, leases held). Now it is a protocol
    error of that node (it is disconnected and retried), and the daemon stops cleanly."""
    sh = Shell("20261129T181502-4242-9f3a01bc")

    def script(_conn: int):
        yield _hello()
        yield encode(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice"))
        yield encode(KIND_DATA, f"alice/{sh.session}.ts", 2**63 - 2, b"abc")

    caplog.set_level(logging.INFO)
    with CraftedNode(tmp_path / "peer", script) as node:
        daemon = DaemonThread(write_config(tmp_path, node.peer, tmp_path / "spool"))
        deadline = time.monotonic() + 10
        while node.connections < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        daemon.stop()  # asserts the daemon's own run ended without an exception
    messages = [r.getMessage() for r in caplog.records]
    assert node.connections >= 2  # dropped, then retried
    assert any("event=node_disconnected" in m and "offset" in m for m in messages)
    assert any("event=daemon_stopped" in m for m in messages)
    assert not any("OverflowError" in m for m in messages)
    # its lease was released: another grader takes the node at once, without waiting for expiry
    assert daemon.store.acquire_nodes("another-grader", ["node-1"], 60) == ["node-1"]


def test_the_sftp_fallback_reads_at_most_sftp_list_max_names_of_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 3: the SFTP fallback listing a directory that never ends grew ~50 MB/s. It now
    streams the listing and stops at SFTP_LIST_MAX names, with one log line."""
    monkeypatch.setattr(transport, "SFTP_LIST_MAX", 25)
    spool = tmp_path / "root" / "spool" / "alice"
    spool.mkdir(parents=True)
    for i in range(200):
        (spool / f"s{i:03}.ts").write_bytes(b"x")
    peer = SshPeer(tmp_path / "peer").start()
    try:
        cfg = load_config(write_config(tmp_path, peer, tmp_path / "spool"))

        async def listed() -> list[str]:
            link = transport.NodeLink(cfg.nodes[0], cfg.daemon, asyncio.Semaphore(1))
            async with await link.connect() as conn, conn.start_sftp_client() as sftp:
                return await transport._listdir(sftp, str(spool))

        caplog.set_level(logging.WARNING)
        names = asyncio.run(listed())
    finally:
        peer.close()
    assert len(names) <= 25 and all(n.endswith(".ts") for n in names)
    assert any("event=sftp_listing_cut" in r.getMessage() for r in caplog.records)


def test_a_node_that_floods_for_good_is_disconnected_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A node over its budget is slowed (paced), then disconnected with one log line and its
    status saying why (then retried with backoff). The budget is cut to 0.5 s of pacing here;
    the default is 30 s in a minute (grader.yaml daemon.node_over_budget_s)."""
    data = b"z" * (256 * 1024)

    def script(_conn: int):
        yield _hello()
        for i in range(400):  # 100 MiB of frames for a learner the node does not have
            yield encode(KIND_DATA, "mallory/flood.ts", i * len(data), data)

    caplog.set_level(logging.INFO)
    with CraftedNode(tmp_path / "peer", script) as node:
        config = write_config(tmp_path, node.peer, tmp_path / "spool", node_over_budget_s=0.5)
        daemon = DaemonThread(config)
        deadline = time.monotonic() + 20
        status = None
        while time.monotonic() < deadline:
            found = daemon.store.nodes()
            status = found[0] if found else None
            if status is not None and status.error and "over budget" in status.error:
                break
            time.sleep(0.2)
        daemon.stop()
    assert status is not None and status.error and "over budget" in status.error, status
    over = [r.getMessage() for r in caplog.records if "event=node_over_budget" in r.getMessage()]
    assert over and all("node=node-1" in m for m in over)


def test_index_lines_of_any_other_shape_are_refused_before_they_are_kept(tmp_path: Path) -> None:
    """A node's index lines with 0.5 MiB session ids held 201 MiB; `[` x 200,000 raised
    RecursionError out of the ingest. Lines longer than INDEX_LINE_MAX, or whose session id and
    nonce are not session_open.py's shapes, are refused (counted, logged a few times)."""
    ing = _ingest(tmp_path)
    good = json.dumps({"session": "20261201T000000-1-abcdef01", "nonce": "ab" * 16}).encode()
    bad = [
        json.dumps({"session": "s" * 500_000, "nonce": "ab" * 16}).encode(),
        json.dumps({"session": "ok", "nonce": "n" * 500_000}).encode(),
        b"[" * 200_000,
        json.dumps({"session": ["list"], "nonce": "ab" * 16}).encode(),
        json.dumps({"session": "../x", "nonce": "ab" * 16}).encode(),
    ]
    data = b"\n".join([*bad, good]) + b"\n"
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, data))
    assert ing._indexes["alice"].nonces == {"20261201T000000-1-abcdef01": "ab" * 16}
    assert ing._bad_index_lines == len(bad)


def test_the_per_node_limits_are_settings_of_grader_yaml(tmp_path: Path) -> None:
    """docs/daemon.md "Limits": the ones an operator may need to move are in grader.yaml's
    `daemon:` block, checked by its schema, with the defaults the code uses."""
    peer_like = type("P", (), {"port": 22, "client_key": tmp_path / "k", "known_hosts_line": "x"})
    defaults = load_config(write_config(tmp_path, peer_like, tmp_path / "spool")).daemon
    assert (defaults.node_buffer_bytes, defaults.node_over_budget_s) == (1024 * 1024, 30.0)
    assert defaults.max_sessions_per_learner == 5000
    moved = load_config(
        write_config(
            tmp_path,
            peer_like,
            tmp_path / "spool",
            node_buffer_bytes=262144,
            node_over_budget_s=0,
            max_sessions_per_learner=200,
        )
    ).daemon
    assert (moved.node_buffer_bytes, moved.node_over_budget_s) == (262144, 0.0)
    assert moved.max_sessions_per_learner == 200
    with pytest.raises(ConfigError, match="node_buffer_bytes"):
        load_config(write_config(tmp_path, peer_like, tmp_path / "spool", node_buffer_bytes=10))


def test_a_reset_flood_is_logged_within_the_nodes_budget(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 5: RESET (and HELLO, progress) spam wrote 90-170 MB of log in 10-15 s. The lines
    a node's frames cause in the ingest go through its log budget too."""
    ing = _ingest(tmp_path)
    caplog.set_level(logging.INFO, logger="grader.daemon.ingest")
    for _ in range(10_000):
        ing.feed(Frame(KIND_RESET, "alice/s.ts", 0, b""))
    resets = [r for r in caplog.records if "event=file_reset" in r.getMessage()]
    assert 0 < len(resets) <= 51, len(resets)
    assert len(ing._cursors) == 1  # the same session, not 10,000 of them


def test_a_big_frame_fed_in_slices_is_the_same_as_fed_whole(tmp_path: Path) -> None:
    """Work per loop turn is bounded: the watcher feeds a DATA frame above FEED_SLICE_BYTES in
    slices (grader/daemon/watcher.py _slices), other tasks running between them. Fed so, the
    ingest ends in the same state: the same sessions pinned, the same offsets, the same command
    parsed from a session whose bytes came before its index line."""
    sh = Shell("20261129T181502-4242-9f3a01bc")
    others = [Shell(f"20261129T181502-{i}-{i:08x}") for i in range(1, 1200)]
    index = b"".join(s.index_line("alice") for s in [*others, sh])
    session = sh.header() + sh.command("echo hello", "hello\r\n" * 20_000)
    frames = [
        Frame(KIND_DATA, f"alice/{sh.session}.ts", 0, session),  # before its line: it waits
        Frame(KIND_DATA, "alice/sessions.jsonl", 0, index),
    ]
    assert all(len(f.data) > 2 * watcher.FEED_SLICE_BYTES for f in frames)
    states = []
    for sliced in (False, True):
        ing = _ingest(tmp_path)
        for f in frames:
            for part in watcher._slices(f) if sliced else [f]:
                ing.feed(part)
        taken = ing.take_batch()
        assert taken is not None
        records = [(r.line, r.output) for _, r in taken[0].records]
        states.append((dict(ing._indexes["alice"].nonces), ing.start_offsets(), records))
    assert len(list(watcher._slices(frames[1]))) > 2
    assert states[0] == states[1]
    assert states[1][2] and states[1][2][0][0] == "echo hello"
