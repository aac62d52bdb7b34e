"""A week of a class on one node, one daemon process, no restart: changes apply live.

The operator keeps one inventory (its `grader:` section sets the API's port) and runs
`grader provision --write-config` and `grader reload` after each change, while `grader run`
keeps running: a learner added (with `--limit`, and before his token variable exists) is
graded; the node's signing key rotated while he works loses none of his work (his attested run
verifies, his `lab answer` counts); a learner removed can no longer log in and is no longer
graded. No command record is lost at any step (the store's records are counted throughout).
Real parts: a bare fake node provisioned by the CLI, `grader run` as a process, SSH logins
with the keys the inventory gives.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import fakenode
import pytest
import yaml
from barenode import ADMIN_USER, BareNode
from e2e.harness import Daemon, free_port, wait_for
from test_provision import connect, host_entry

from grader.cli import main
from grader.provision.graderconfig import token_env
from grader.store import Store

pytestmark = pytest.mark.fakenode

LAB = str(fakenode.LAB_FILE.parent)
LAB_ID = "nccl-bootstrap"
OPERATOR = "operator-token-0123456789abcdef"
ALICE = "alice-token-0123456789abcdefgh"
BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"


def inventory(
    tmp: Path, node: BareNode, keys: dict[str, Path], grader_key: Path, port: int
) -> Path:
    data = {
        "schema_version": 1,
        "grader": {"api": {"port": port}, "tokens": "env"},
        "defaults": {
            "user": ADMIN_USER,
            "key": str(node.key),
            "labs": [LAB],
            "grader_identity": str(grader_key),
            "learners": sorted(keys),
            "learner_keys": {n: [Path(f"{k}.pub").read_text().strip()] for n, k in keys.items()},
        },
        "hosts": {node.name: host_entry(node, simulator=True)},
    }
    path = tmp / "inventory.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


async def type_lines(node: BareNode, user: str, key: Path, lines: list[str]) -> None:
    async with connect(node, user, key) as conn:
        shell = await fakenode.InteractiveShell.open(conn)
        for line in lines:
            await shell.run(line)
        await shell.exit()


async def rotate_while_working(node: BareNode, key: Path, provision: list[str]) -> None:
    """Bob is logged in; the node's key is rotated; he answers a question and runs a signed
    program in the same shell."""
    async with connect(node, "bob", key) as conn:
        shell = await fakenode.InteractiveShell.open(conn)
        await shell.run("echo before the rotation")
        assert await asyncio.to_thread(main, provision) == 0
        await shell.run("lab answer why-socket a")
        await shell.run("nvidia-smi topo -m")
        await shell.exit()


def states(daemon: Daemon, learner: str) -> dict[str, str]:
    r = daemon.get(f"/api/learners/{learner}/progress", token=OPERATOR, lab=LAB_ID)
    return {s["id"]: s["state"] for s in r.json()["labs"][0]["steps"]}


def test_a_week_of_changes_applies_without_a_restart(
    bare_node: BareNode, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = {n: fakenode.generate_key(tmp_path / n, n) for n in ("alice", "bob")}
    grader_key = fakenode.generate_key(tmp_path / "grader_ed25519", "grader")
    port = free_port()
    config = tmp_path / "grader.yaml"
    logs = str(tmp_path / "logs")
    write = ["--log-dir", logs, "--write-config", str(config)]

    def provision(learners: list[str], *extra: str) -> None:
        inv = inventory(tmp_path, bare_node, {n: keys[n] for n in learners}, grader_key, port)
        rc = main(["provision", "-i", str(inv), *extra])
        assert rc == 0, (tmp_path / "logs" / f"{bare_node.name}.log").read_text()[-3000:]

    def reload() -> None:
        before = daemon.log_text().count("event=config_reloaded")
        assert main(["reload", "--config", str(config)]) == 0
        wait_for(
            lambda: daemon.log_text().count("event=config_reloaded") > before, 30, "the reload"
        )

    provision(["alice"], *write)
    assert yaml.safe_load(config.read_text())["api"]["port"] == port  # the inventory's port
    monkeypatch.setenv("LABGRADER_OPERATOR_TOKEN", OPERATOR)
    monkeypatch.setenv(token_env("alice"), ALICE)
    monkeypatch.delenv(token_env("bob"), raising=False)  # bob's is never exported
    daemon = Daemon(config, port, tmp_path / "daemon.log").start()
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    try:
        asyncio.run(type_lines(bare_node, "alice", keys["alice"], [BROKEN]))
        wait_for(lambda: states(daemon, "alice")["run-broken"] == "verified", 60, "alice graded")
        # her session recorded whole: the command and the `exit` that closed it
        wait_for(lambda: len(store.command_records("alice")) == 2, 60, "alice's session stored")
        alice_records = len(store.command_records("alice"))

        # Monday: bob joins; only this node's entry is rewritten (--limit), the daemon reloads.
        provision(["alice", "bob"], "--limit", bare_node.name, *write)
        reload()
        log = daemon.log_text()
        assert "learners_added=bob" in log, log[-3000:]
        assert f"{token_env('bob')} is not set: bob is graded" in log  # said, not fatal
        asyncio.run(type_lines(bare_node, "bob", keys["bob"], [BROKEN]))
        wait_for(lambda: states(daemon, "bob")["run-broken"] == "verified", 60, "bob graded")

        # Wednesday: the node's signing key is rotated while bob works.
        rotate = ["provision", "-i", str(tmp_path / "inventory.yaml"), "--log-dir", logs]
        asyncio.run(rotate_while_working(bare_node, keys["bob"], [*rotate, "--rotate-attest-key"]))
        wait_for(
            lambda: {states(daemon, "bob")[s] for s in ("why-socket", "topo")} == {"verified"},
            60,
            "bob's answer and his signed run after the rotation",
        )
        kinds = [e.kind for e in store.audit()]
        assert "anomaly:forged_attestation" not in kinds, kinds

        # Friday: alice leaves the class: her keys go, the daemon stops grading her.
        provision(["bob"], *write)
        reload()
        assert "learners_removed=alice" in daemon.log_text()
        with pytest.raises(asyncssh.PermissionDenied):
            asyncio.run(type_lines(bare_node, "alice", keys["alice"], ["echo still here"]))
        nodes = daemon.get("/api/nodes", token=OPERATOR).json()
        assert [n["connected"] for n in nodes] == [True], nodes

        # Nothing lost on the way: alice's records stay, bob's lines are all recorded once.
        assert len(store.command_records("alice")) == alice_records
        lines = [r.line for r in store.command_records("bob")]
        for line in (BROKEN, "echo before the rotation", "lab answer why-socket a"):
            assert lines.count(line) == 1, lines
        assert states(daemon, "alice")["run-broken"] == "verified"  # her work is kept
    finally:
        assert daemon.stop() == 0, daemon.log_text()[-3000:]
        store.close()
