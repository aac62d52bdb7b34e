"""`grader run` as a real process: SIGKILL mid-session, restart, nothing lost or doubled; SIGTERM
exits 0 after releasing its lease."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from grader.store import Store

from .demo import LAB_ID, Shell
from .nodesim import LEARNER, NODE_ID, Spool, wait_for, write_config
from .sshpeer import SshPeer

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cfg: Path, log: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "grader.cli", "run", "--config", str(cfg)],
        cwd=cfg.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("ab"),
    )


def stop_cleanly(proc: subprocess.Popen, log: Path) -> None:
    """SIGTERM, and the exit status of a clean shutdown (leases released, final flush)."""
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(20) == 0, log.read_text()


def test_sigkill_and_restart_equals_an_uninterrupted_run(tmp_path):
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("echo hello", "hello\r\n"))
    port = free_port()
    api = {"enabled": True, "host": "127.0.0.1", "port": port}
    cfg = write_config(tmp_path, peer, spool.root, api=api, lease_ttl_s=1.5)
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    log = tmp_path / "daemon.log"
    proc = start(cfg, log)
    try:
        wait_for(lambda: len(store.command_records(LEARNER)) == 1, what="first command stored")
        # a command is in flight (started, no D yet) when the daemon is killed
        spool.append(sh, sh.start("false"))
        wait_for(lambda: b"4242" in (spool.dir / f"{sh.session}.ts").read_bytes())
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        spool.append(sh, sh.prompt(1))  # the in-flight command ends while no grader runs
        (tmp_path / "flag").write_text("")
        spool.append(sh, sh.command(f"touch {tmp_path / 'flag'}", ""))
        proc = start(cfg, log)  # waits for the dead daemon's lease to expire, then resumes
        wait_for(
            lambda: (
                {p.step: p.state for p in store.progress(LEARNER, LAB_ID)}
                == {"say-hello": "verified", "fail-once": "verified", "make-flag": "verified"}
            ),
            timeout=30,
            what="all steps verified after the restart",
        )
        wait_for(lambda: spool.progress() and spool.progress()["labs"][0]["score"] == 3)
        health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
        assert health.status_code == 200  # the API runs in the daemon's process
        stop_cleanly(proc, log)
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()
    records = sorted((r.n, r.line, r.exit) for r in store.command_records(LEARNER))
    assert records == [(1, "echo hello", 0), (2, "false", 1), (3, f"touch {tmp_path}/flag", 0)]
    events = [(e.step, e.state) for e in store.events_after(0, LEARNER)]
    assert sorted(events) == sorted(set(events))  # the re-fed command made no second event
    assert {e for e in events if e[1] == "verified"} == {
        ("say-hello", "verified"),
        ("fail-once", "verified"),
        ("make-flag", "verified"),
    }
    text = log.read_text()
    assert "event=daemon_stopped" in text and "event=lease_acquired" in text
    assert all(n.connected is False for n in store.nodes())


def test_sigterm_ends_open_event_streams_and_exits(tmp_path):
    """A dashboard tab holds an SSE stream open; SIGTERM must still end the daemon promptly."""
    import threading

    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    port = free_port()
    token = "operator-token-for-sigterm-test"
    api = {"enabled": True, "host": "127.0.0.1", "port": port, "tokens": {"operator": [token]}}
    cfg = write_config(tmp_path, peer, spool.root, api=api)
    log = tmp_path / "daemon.log"
    proc = start(cfg, log)
    stream_open = threading.Event()
    stream_ended = threading.Event()

    def subscribe() -> None:
        try:
            with httpx.stream(
                "GET",
                f"http://127.0.0.1:{port}/api/events/stream",
                headers={"Authorization": f"Bearer {token}"},
                timeout=httpx.Timeout(5, read=60),
            ) as response:
                assert response.status_code == 200
                stream_open.set()
                for _ in response.iter_raw():
                    pass
        except httpx.HTTPError:
            pass
        finally:
            stream_ended.set()

    try:
        wait_for(
            lambda: _healthy(port),
            timeout=30,
            what="API up",
        )
        threading.Thread(target=subscribe, daemon=True).start()
        assert stream_open.wait(10), "the event stream did not open"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0, log.read_text()
        assert stream_ended.wait(5)
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()


def _healthy(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_sigusr1_logs_every_task_and_thread_and_the_daemon_goes_on(tmp_path):
    """An operator asks a daemon that stopped making progress what it waits on: SIGUSR1 writes
    each task's await point (the flusher, the link, the committer) and each thread's stack into
    the log; the daemon keeps watching its node afterwards."""
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261130T040000-4343-9f3a01bc")
    spool.begin(sh)
    cfg = write_config(tmp_path, peer, spool.root)
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    log = tmp_path / "daemon.log"
    proc = start(cfg, log)
    try:
        spool.append(sh, sh.command("echo hello", "hello\r\n"))
        wait_for(lambda: len(store.command_records(LEARNER)) == 1, what="first command stored")
        proc.send_signal(signal.SIGUSR1)
        wait_for(lambda: "event=stack_dump" in log.read_text(), what="the stack dump")
        dump = log.read_text().split("event=stack_dump", 1)[1]
        for task in (f"--- task flush-{NODE_ID}", f"--- task link-{NODE_ID}", "--- task committer"):
            assert task in dump, dump[:3000]
        assert "--- thread MainThread" in dump and "in _flusher" in dump
        spool.append(sh, sh.command("false", ""))
        wait_for(lambda: len(store.command_records(LEARNER)) == 2, what="a command after it")
        stop_cleanly(proc, log)
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()


def test_tune_gc_freezes_the_startup_heap_and_still_collects_later_cycles() -> None:
    """`grader run` tunes the cyclic GC before starting (run_cmd.tune_gc): what exists then is
    frozen out of every collection, the young generation is larger, and a cycle made afterwards
    is still collected. In a subprocess: freezing the test process would change every test."""
    code = """if True:
        import gc, weakref
        from grader.daemon import run_cmd
        run_cmd.tune_gc()
        frozen = gc.get_freeze_count()
        class Node: pass
        a, b = Node(), Node()
        a.peer, b.peer = b, a
        gone = weakref.ref(a)
        del a, b
        gc.collect()
        print(frozen, gc.get_threshold()[0], gone() is None)
    """
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.split()
    from grader.daemon.run_cmd import GC_GEN0_THRESHOLD

    assert int(out[0]) > 10_000  # the interpreter's and the grader's modules, at least
    assert int(out[1]) == GC_GEN0_THRESHOLD
    assert out[2] == "True"
