"""docs/operator-guide.md, followed to the letter on a plain node: every command it shows runs.

The guide's inventory is its own YAML block with the real node's address, port, host key, the
admin key and the learner key put in (nothing else changed); its shell commands run in order,
in a fresh folder: `ssh-keygen` and the `export` lines through bash, `grader provision` through
the CLI, `grader run` as a process (on a free port: the test machine may use 8400). Between them
the learner logs in with the key the inventory gave and her first step verifies.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import subprocess
from functools import partial
from pathlib import Path

import fakenode
import pytest
import yaml
from barenode import BareNode
from e2e.harness import Daemon, free_port, wait_for
from test_one_inventory import type_first_step

from grader.cli import main

pytestmark = pytest.mark.fakenode

GUIDE = fakenode.REPO / "docs" / "operator-guide.md"
LAB = str(fakenode.LAB_FILE.parent)


def blocks(kind: str) -> list[str]:
    return re.findall(rf"^```{kind}\n(.*?)^```", GUIDE.read_text(), re.M | re.S)


def commands() -> list[str]:
    return [ln for block in blocks("sh") for ln in block.splitlines() if ln.strip()]


def first_step_verified(daemon: Daemon, token: str) -> bool:
    """The learner's own view, with her own token: step 1 verified."""
    r = daemon.get("/api/learners/alice/progress", token=token)
    states = {s["id"]: s["state"] for s in r.json()["labs"][0]["steps"]}
    return states["run-broken"] == "verified"


def test_the_guide_shows_the_commands_this_test_runs() -> None:
    kinds = [shlex.split(c)[0] if not c.startswith("export") else "export" for c in commands()]
    assert kinds == [
        "ssh-keygen",
        "grader",
        "grader",
        "export",
        "export",
        "grader",
        "grader",
        "grader",
    ]
    assert len(blocks("yaml")) == 1


def test_following_the_operator_guide_grades_a_plain_node(
    bare_node: BareNode,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    wipe = "rm -rf /usr/local/lib/labgrader/sim /usr/local/lib/labgrader/sim-links"
    assert bare_node.exec(f"{wipe} /usr/local/bin/nvidia-smi").exit_code == 0
    follow_the_guide([bare_node], tmp_path, monkeypatch, capsys)


def follow_the_guide(
    nodes: list[BareNode],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> Path:
    """Every command of the guide, in order, with its inventory's one host entry made one per
    node (each node's name, address, port and host key): an operator with several nodes. The
    learner types the first step on the first node. Returns the folder the commands ran in."""
    alice = fakenode.generate_key(tmp_path / "alice", "alice")
    work = tmp_path / "ops"
    work.mkdir()
    monkeypatch.chdir(work)

    inventory = yaml.safe_load(blocks("yaml")[0])
    inventory["defaults"]["key"] = str(nodes[0].key)
    inventory["defaults"]["labs"] = [LAB]
    inventory["defaults"]["learner_keys"] = {"alice": [Path(f"{alice}.pub").read_text().strip()]}
    ((_, host),) = inventory["hosts"].items()
    inventory["hosts"] = {
        node.name: {**host, "address": node.host, "port": node.port, "host_keys": [node.host_key]}
        for node in nodes
    }
    (work / "inventory.yaml").write_text(yaml.safe_dump(inventory, sort_keys=False))

    daemon: Daemon | None = None
    try:
        for line in commands():
            words = shlex.split(line)
            if words[0] == "grader" and words[1] == "run":
                config = work / words[-1]
                doc = yaml.safe_load(config.read_text())
                port = free_port()
                doc["api"]["port"] = port
                config.write_text(yaml.safe_dump(doc))
                daemon = Daemon(config, port, tmp_path / "daemon.log").start()
                asyncio.run(type_first_step(nodes[0], alice))
                token = os.environ["LABGRADER_TOKEN_ALICE"]
                wait_for(partial(first_step_verified, daemon, token), 60, "first step verified")
            elif words[0] == "grader" and "--dry-run" in words:
                # a fresh node is not ready yet (exit 1, its health says why); no step may fail
                assert main(words[1:]) in (0, 1)
                report = capsys.readouterr().out
                failed = [ln for ln in report.splitlines() if re.search(r"^\S+ +\S+ +failed ", ln)]
                assert [ln.split()[1] for ln in failed] == ["health"] * len(nodes), report
            elif words[0] == "grader":
                rc = main(words[1:])
                logs = [work / "provision-logs" / f"{node.name}.log" for node in nodes]
                tails = {p.name: p.read_text()[-3000:] for p in logs if p.exists()}
                assert rc == 0, (line, capsys.readouterr().out, tails)
            elif words[0] == "export":
                var = words[1].split("=", 1)[0]
                got = subprocess.run(
                    ["bash", "-c", f'{line}\nprintf %s "${var}"'],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                assert len(got.stdout) >= 16, got
                monkeypatch.setenv(var, got.stdout)
            else:
                subprocess.run(["bash", "-c", line], check=True, cwd=work)
        assert daemon is not None
        assert os.environ["LABGRADER_OPERATOR_TOKEN"]
    finally:
        if daemon is not None:
            assert daemon.stop() == 0, daemon.log_text()[-3000:]
    return work
