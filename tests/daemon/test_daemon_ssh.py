"""The daemon against a real SSH peer on loopback: pinned keys, reconnect, fallback, probes."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest
from slowdown import allowance

from grader import metrics
from grader.config import load_config
from grader.daemon import Daemon
from grader.labs.loader import load_lab
from grader.store import Store

from .demo import LAB_ID, Shell
from .nodesim import LEARNER, NODE_ID, Spool, wait_for, write_config
from .sshpeer import SshPeer


class DaemonThread:
    """The daemon's asyncio loop in a thread, so the test can act on the node meanwhile."""

    def __init__(self, config_path, reader_mode: str = "auto"):
        self.config = load_config(config_path)
        self.labs = {lab.id: lab for lab in map(load_lab, self.config.labs)}
        self.store = Store.open(self.config.db)
        self.reader_mode = reader_mode
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _run(self) -> None:
        async def main():
            self.loop = asyncio.get_running_loop()
            self.daemon = Daemon(self.config, self.store, self.labs, self.reader_mode)
            self.ready.set()
            await self.daemon.run()

        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced by stop()
            self.error = exc

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.daemon.stop)
        self.thread.join(20)
        assert not self.thread.is_alive()
        assert self.error is None, self.error

    def records(self):
        return self.store.command_records(LEARNER)

    def states(self):
        return {p.step: p.state for p in self.store.progress(LEARNER, LAB_ID)}


@pytest.fixture
def peer(tmp_path):
    p = SshPeer(tmp_path / "peer").start()
    yield p
    p.close()


def test_unknown_host_key_is_refused_and_reported(tmp_path, peer, caplog):
    import asyncssh

    stranger = asyncssh.generate_private_key("ssh-ed25519")
    other = stranger.export_public_key().decode().strip()
    spool = Spool(tmp_path / "node")
    cfg = write_config(tmp_path, peer, spool.root, known_hosts=other)  # pinned, but not its key
    caplog.set_level(logging.INFO, logger="grader")
    d = DaemonThread(cfg)
    try:
        node = wait_for(
            lambda: next(
                (n for n in d.store.nodes() if (n.error or "").startswith("unknown host key")),
                None,
            ),
            what="node status 'unknown host key'",
        )
        assert not node.connected
        # both fingerprints (what the node offers, what the config pins) and the fix
        offered = peer.host_key.convert_to_public().get_fingerprint()
        pinned = stranger.convert_to_public().get_fingerprint()
        assert node.error == (
            f"unknown host key: [127.0.0.1]:{peer.port} offers ssh-ed25519 {offered}, grader.yaml "
            f"pins ssh-ed25519 {pinned}. Compare with `ssh-keygen -lf "
            "/etc/ssh/ssh_host_ed25519_key.pub` on the node's console; if the node was "
            "reinstalled, pin its new key in the inventory's host_keys and run grader provision "
            "--write-config (docs/operator-guide.md §6)"
        ), node.error
        wait_for(lambda: sum("event=reconnect" in r.message for r in caplog.records) >= 2)
    finally:
        d.stop()
    assert peer.commands == []  # never authenticated, never ran anything
    errors = [r for r in caplog.records if "unknown_host_key" in r.message]
    assert errors and all(r.levelno == logging.ERROR for r in errors)
    reconnects = [r for r in caplog.records if "event=reconnect" in r.message]
    assert all(r.levelno == logging.ERROR for r in reconnects)  # backoff goes on, loudly


def test_a_heartbeats_lag_reaches_the_node_status_through_the_daemons_lag_board(tmp_path, peer):
    """The reader's idle heartbeat (every 5 s) carries the node's clock; the daemon keeps the
    lag and writes all nodes' lags in one transaction a second (LagBoard), for connected nodes."""
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("echo hello", "hello\r\n"))
    d = DaemonThread(write_config(tmp_path, peer, spool.root))
    try:
        wait_for(lambda: len(d.records()) == 1, what="the command")
        status = wait_for(
            lambda: next(
                (n for n in d.store.nodes() if n.id == NODE_ID and n.lag_s is not None), None
            ),
            what="a heartbeat's lag in the node status",
        )
    finally:
        d.stop()
    assert status.connected and 0 <= status.lag_s < 5
    # after the shutdown the node is released and no late lag marks it connected again
    assert not next(n for n in d.store.nodes() if n.id == NODE_ID).connected


@pytest.mark.parametrize("python", [True, False], ids=["reader", "sftp-fallback"])
def test_cut_connection_resumes_without_loss_and_probe_verifies(tmp_path, python):
    peer = SshPeer(tmp_path / "peer", python=python).start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("echo hello", "hello\r\n"))
    spool.append(sh, sh.command("false", "", exit_=1))
    before = metrics.REGISTRY.get_sample_value("grader_reconnects_total") or 0
    d = DaemonThread(write_config(tmp_path, peer, spool.root))
    try:
        wait_for(lambda: len(d.records()) == 2, what="the first two commands")
        wait_for(lambda: (spool.progress() or {}).get("events"), what="a progress file")
        peer.cut()
        # the learner keeps typing while the grader is cut off
        spool.append(sh, sh.command("ls", "a b\r\n"))
        (tmp_path / "flag").write_text("")  # what the learner's `touch` did
        spool.append(sh, sh.command(f"touch {tmp_path / 'flag'}", ""))
        wait_for(lambda: d.states().get("make-flag") == "verified", what="the probe's verdict")
        wait_for(
            lambda: (
                {s["id"]: s["state"] for s in spool.progress()["labs"][0]["steps"]}
                == {"say-hello": "verified", "fail-once": "verified", "make-flag": "verified"}
            ),
            what="the progress file to show every step verified",
        )
    finally:
        d.stop()
        peer.close()
    lines = sorted((r.n, r.line) for r in d.records())
    assert lines == [(1, "echo hello"), (2, "false"), (3, "ls"), (4, f"touch {tmp_path}/flag")]
    assert (metrics.REGISTRY.get_sample_value("grader_reconnects_total") or 0) > before
    events = d.store.events_after(0, LEARNER)
    keys = [(e.step, e.state) for e in events]
    assert len(keys) == len(set(keys))  # no verdict event twice
    probe = next(e for e in events if e.step == "make-flag" and e.state == "verified")
    assert probe.evidence["line"].startswith("probe: ls ")
    doc = spool.progress()
    assert doc["learner"] == LEARNER and doc["labs"][0]["score"] == 3
    assert [e["index"] for e in doc["events"] if e["state"] == "verified"] == [1, 2, 3]
    used_reader = any("python3 -c" in c for c in peer.commands)
    assert used_reader == python  # without python3 on the node, SFTP polling did the work
    # Progress went through the reader's stdin where it ran (no SFTP open of a progress file),
    # over SFTP where it did not.
    progress_opens = [p for p in peer.sftp_opens if "/progress/" in p]
    assert bool(progress_opens) == (not python), progress_opens
    mode = (tmp_path / "node" / "progress" / "alice" / "progress.json").stat().st_mode & 0o777
    assert mode == 0o640
    status = next(n for n in d.store.nodes() if n.id == NODE_ID)
    assert not status.connected  # released at shutdown


# A progress bar's redraws (bare CRs) and a BEL on every line: the renderer's slow path, ~20 MB/s
# where plain lines render at ~100 MB/s. 40 + 1 + 40 + 1 characters a line.
_COSTLY_LINE = "p" * 40 + "\r" + "q" * 40 + "\x07\r\n"


@pytest.mark.parametrize(
    ("pacing", "line", "lines", "rendered"),
    [
        # bytes: 6 MB of plain lines, paced to 0.5 MB/s after the 4 MiB burst (slow enough that
        # a loaded CI box, whose in-process SSH peer shares the GIL, still delivers faster)
        ({"node_rate_bytes_s": 500_000}, "x" * 99 + "\r\n", 60_000, "x" * 99),
        # the loop's time alone (the byte pace off): costly lines, 5 % of the loop after 50 ms
        ({"node_rate_bytes_s": 0, "node_loop_share": 0.05}, _COSTLY_LINE, 80_000, "q" * 40),
    ],
    ids=["bytes", "loop-share"],
)
def test_a_paced_flood_arrives_whole_and_in_order(tmp_path, peer, pacing, line, lines, rendered):
    """A flood paced by bytes or by the loop's time it takes to parse: the watcher pauses its
    reads, SSH flow control holds the rest on the node, and every byte still arrives: the big
    command's record counts all of it and the command typed after it is graded too."""
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("cat big.log", line * lines))
    spool.append(sh, sh.command("echo hello", "hello\r\n"))

    def paced() -> float:
        got = metrics.REGISTRY.get_sample_value("grader_paced_seconds_total", {"node": NODE_ID})
        return got or 0.0

    before = paced()
    d = DaemonThread(write_config(tmp_path, peer, spool.root, **pacing))
    try:
        wait_for(lambda: len(d.records()) == 2, timeout=allowance(60), what="both commands")
        wait_for(lambda: d.states().get("say-hello") == "verified", what="say-hello verified")
    finally:
        d.stop()
    cat, echo = sorted(d.records(), key=lambda r: r.n)
    assert (cat.line, echo.line) == ("cat big.log", "echo hello")
    # every line, as the terminal showed it (CR LF rendered as \n, a redraw as its last text)
    assert cat.output_chars == lines * (len(rendered) + 1) - 1
    assert paced() > before  # the flood was paced, not read at full speed
