"""`grader run` reloads grader.yaml on SIGHUP (`grader reload`): no restart, nothing lost.

A real daemon process against a real SSH peer (asyncssh on loopback serving the spool): a
learner added to the config and reloaded is graded and his API token works; one removed is no
longer graded and his token no longer signs in; an invalid file is refused, by `grader reload`
in the operator's terminal and by the daemon on a bare SIGHUP, and the running config stays.
Every record typed is stored exactly once across the reloads.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import httpx

from grader.cli import main
from grader.store import Store

from .demo import Shell
from .nodesim import LEARNER, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_run_cmd import free_port, start, stop_cleanly

OPERATOR = "operator-token-for-reload-test"
BOB = "bob-token-for-the-reload-test"


def status(port: int, learner: str, token: str) -> int:
    url = f"http://127.0.0.1:{port}/api/learners/{learner}/progress"
    return httpx.get(url, headers={"Authorization": f"Bearer {token}"}, timeout=5).status_code


def test_sighup_applies_learners_and_tokens_and_refuses_a_broken_file(tmp_path: Path) -> None:
    peer = SshPeer(tmp_path / "peer").start()
    alice, bob = Spool(tmp_path / "node"), Spool(tmp_path / "node", "bob")
    a_sh, b_sh = Shell("20261129T181502-4242-9f3a01bc"), Shell("20261129T181503-4343-9f3a01bd")
    alice.begin(a_sh)
    bob.begin(b_sh)
    alice.append(a_sh, a_sh.command("echo hello", "hello\r\n"))
    bob.append(b_sh, b_sh.command("echo hello", "hello\r\n"))
    port = free_port()
    api = {"enabled": True, "host": "127.0.0.1", "port": port, "tokens": {"operator": [OPERATOR]}}
    cfg = write_config(tmp_path, peer, alice.root, api=api)
    good = json.loads(cfg.read_text())
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    log = tmp_path / "daemon.log"
    proc = start(cfg, log)

    def reloaded(times: int) -> None:
        wait_for(lambda: log.read_text().count("event=config_reloaded") >= times, what="reload")

    try:
        wait_for(lambda: len(store.command_records(LEARNER)) == 1, what="alice's command")
        assert store.command_records("bob") == []  # not in the config: not graded
        assert status(port, "bob", BOB) == 401

        # bob added, with a token: `grader reload` checks the file and signals the daemon
        doc = json.loads(json.dumps(good))
        doc["nodes"][0]["learners"]["bob"] = ["daemon-demo"]
        doc["api"]["tokens"]["learners"] = {"bob": BOB}
        cfg.write_text(json.dumps(doc))
        assert main(["reload", "--config", str(cfg)]) == 0
        reloaded(1)
        wait_for(lambda: len(store.command_records("bob")) == 1, what="bob graded after reload")
        assert status(port, "bob", BOB) == 200

        # a broken file: refused in the terminal, and on a bare SIGHUP; the daemon goes on
        cfg.write_text(json.dumps({**doc, "nodes": []}))
        assert main(["reload", "--config", str(cfg)]) == 2
        proc.send_signal(signal.SIGHUP)
        wait_for(lambda: "event=reload_refused" in log.read_text(), what="refused")
        bob.append(b_sh, b_sh.command("echo again", "again\r\n"))
        wait_for(lambda: len(store.command_records("bob")) == 2, what="still grading bob")

        # alice removed: her new commands are not graded, bob's token still signs in
        cfg.write_text(
            json.dumps(
                {**doc, "nodes": [{**doc["nodes"][0], "learners": {"bob": ["daemon-demo"]}}]}
            )
        )
        proc.send_signal(signal.SIGHUP)
        reloaded(2)
        assert "learners_removed=alice" in log.read_text()
        alice.append(a_sh, a_sh.command("echo unseen", "unseen\r\n"))
        bob.append(b_sh, b_sh.command("echo last", "last\r\n"))
        wait_for(lambda: len(store.command_records("bob")) == 3, what="bob's last command")
        assert status(port, "bob", BOB) == 200
        stop_cleanly(proc, log)
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()
    assert [r.line for r in store.command_records(LEARNER)] == ["echo hello"]
    assert [r.line for r in store.command_records("bob")] == [
        "echo hello",
        "echo again",
        "echo last",
    ]
    assert not (tmp_path / "grader.pid").exists()  # removed at a clean exit
