"""One inventory, one command, then `grader run`: a plain node graded with nothing typed by hand.

The node is a bare node with its GPU programs wiped (sshd, sudo, bash, python3): the inventory
asks for the simulator, names the learner's key and the grader's key pair, and
`grader provision --write-config` writes the config `grader run` starts from. The learner logs
in with the key the inventory gave and runs the lab's first step; the API shows it verified.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import fakenode
import pytest
import yaml
from barenode import BareNode
from e2e.harness import Daemon, free_port, wait_for
from test_provision import connect, host_entry, write_inventory

from grader.cli import main
from grader.provision.graderconfig import MARK, token_env

pytestmark = pytest.mark.fakenode

LAB = str(fakenode.LAB_FILE.parent)
OPERATOR = "operator-token-0123456789abcdef"
ALICE = "alice-token-0123456789abcdefgh"


async def type_first_step(node: BareNode, key: Path) -> str:
    async with connect(node, "alice", key) as conn:
        shell = await fakenode.InteractiveShell.open(conn)
        out = await shell.run("NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2")
        await shell.exit()
    return out


def test_one_inventory_provisions_a_plain_node_and_grader_run_grades_it(
    bare_node: BareNode, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wipe = "rm -rf /usr/local/lib/labgrader/sim /usr/local/lib/labgrader/sim-links"
    assert bare_node.exec(f"{wipe} /usr/local/bin/nvidia-smi").exit_code == 0
    alice_key = fakenode.generate_key(tmp_path / "alice", "alice")
    grader_key = fakenode.generate_key(tmp_path / "grader_ed25519", "grader")
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node, simulator=True)},
        key=bare_node.key,
        learners=["alice"],
        learner_keys={"alice": [Path(str(alice_key) + ".pub").read_text().strip()]},
        grader_identity=str(grader_key),
        labs=[LAB],
    )
    config = tmp_path / "grader.yaml"
    logs = str(tmp_path / "logs")
    rc = main(["provision", "-i", str(inventory), "--log-dir", logs, "--write-config", str(config)])
    assert rc == 0, (tmp_path / "logs" / f"{bare_node.name}.log").read_text()[-3000:]
    text = config.read_text()
    assert text.startswith(MARK)
    doc = yaml.safe_load(text)
    (node,) = doc["nodes"]
    assert node["learners"] == {"alice": ["nccl-bootstrap"]}
    assert node["known_hosts"] == [bare_node.host_key] and node["key"] == str(grader_key)
    assert doc["api"]["tokens"]["learners"] == {"alice": {"env": token_env("alice")}}

    # A second run rewrites its own file; a file it did not write is never overwritten.
    assert (
        main(["provision", "-i", str(inventory), "--log-dir", logs, "--write-config", str(config)])
        == 0
    )
    mine = tmp_path / "mine.yaml"
    mine.write_text("db: sqlite:///keep.db\n")
    args = ["provision", "-i", str(inventory), "--log-dir", logs, "--check", "--write-config"]
    assert main([*args, str(mine)]) == 2
    assert mine.read_text() == "db: sqlite:///keep.db\n"

    port = free_port()
    doc["api"]["port"] = port  # the test's free port; everything else as written
    config.write_text(yaml.safe_dump(doc))
    monkeypatch.setenv("LABGRADER_OPERATOR_TOKEN", OPERATOR)
    monkeypatch.setenv(token_env("alice"), ALICE)
    daemon = Daemon(config, port, tmp_path / "daemon.log").start()
    try:
        out = asyncio.run(type_first_step(bare_node, alice_key))
        assert "Test NCCL failure" in out or "NCCL WARN" in out, out

        def verified() -> bool:
            r = daemon.get("/api/learners/alice/progress", token=ALICE, lab="nccl-bootstrap")
            steps = {s["id"]: s["state"] for s in r.json()["labs"][0]["steps"]}
            return steps["run-broken"] == "verified"

        wait_for(verified, 60, "run-broken verified in the API")
        nodes = daemon.get("/api/nodes", token=OPERATOR).json()
        assert [(n["id"], n["connected"], n["simulated"]) for n in nodes] == [
            (bare_node.name, True, True)
        ], nodes
    finally:
        assert daemon.stop() == 0, daemon.log_text()[-3000:]
