"""Attestation covers what the lab runs, wherever the node has it, and health proves it per step.

A bare node (real sshd, sudo, bash) whose nccl-tests the operator installed straight into
/usr/local/bin as plain files: the place the wrappers go. Provisioning must move each real
program aside, wrap it, and the health report must prove, per lab step, that what a learner
types reaches a wrapper; breaking that link must fail health, naming the step.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import fakenode
import pytest
from barenode import BareNode
from test_provision import connect, host_entry, run_provision, statuses, write_inventory

from grader.capture.events import AttestationSeen, CommandEnded
from grader.capture.parser import SessionParser
from grader.matching import attest
from grader.protocol import signed_run
from grader.provision.attestation import run_attestation
from grader.provision.inventory import CANARY_ACCOUNT, load_inventory
from grader.provision.outcome import HostOutcome, Status
from grader.provision.runner import Mode
from grader.provision.session import Node, connection

pytestmark = pytest.mark.fakenode

LAB = str(fakenode.LAB_FILE.parent)
SIM_LINKS = "/usr/local/lib/labgrader/sim-links"
MOVED = "/usr/local/lib/labgrader/programs"


def install_programs_into_bin(node: BareNode, names: tuple[str, ...]) -> None:
    """Plain files in /usr/local/bin (not links), as an operator's `make install` leaves them."""
    for name in names:
        script = f'#!/bin/sh\nexec {SIM_LINKS}/{name} "$@"\n'
        cmd = ["sh", "-c", 'printf "%s" "$1" > "$2" && chmod 755 "$2"', "sh", script]
        put = fakenode.container_exec(node.container, [*cmd, f"/usr/local/bin/{name}"], "root")
        assert put.exit_code == 0, put.text


async def signed_runs(node: BareNode, key: Path, line: str) -> tuple[int, list[AttestationSeen]]:
    """Log in as alice, type `line`; the command's exit and the 133;T markers its session holds."""
    async with connect(node, "alice", key) as conn:
        shell = await fakenode.InteractiveShell.open(conn)
        await shell.run(line)
        await shell.exit()
    files = node.exec("ls /var/lib/labgrader/spool/alice/*.ts").text.split()
    data = b"".join(node.exec(["cat", f]).output for f in files)
    index = node.exec("cat /var/lib/labgrader/spool/alice/sessions.jsonl").text
    parser = SessionParser(session="s", nonce=json.loads(index.splitlines()[0])["nonce"])
    events = [*parser.feed(data), *parser.close()]
    ended = [e.record.exit for e in events if isinstance(e, CommandEnded)]
    return ended[0], [e for e in events if isinstance(e, AttestationSeen)]


def assert_one_verified_signed_run(node: BareNode, key: Path, line: str) -> None:
    """alice types `line`: it exits 0, leaves one signed run, and the node's public key verifies
    it (what the grader does with it)."""
    exit_, seen = asyncio.run(signed_runs(node, key, line))
    assert exit_ == 0 and len(seen) == 1, seen
    public = signed_run.load_key(node.exec("cat /etc/labgrader/attest.pub").text)
    assert attest.verify(public, seen[0].body)


def checks(outcome: HostOutcome) -> dict[str, dict]:
    assert outcome.report is not None, outcome.as_dict()
    return {c["name"]: c for c in outcome.report["checks"]}


def test_programs_installed_where_the_wrappers_go_are_moved_wrapped_and_proven(
    bare_node: BareNode, tmp_path: Path
) -> None:
    learner_key = fakenode.generate_key(tmp_path / "alice", "alice")
    install_programs_into_bin(bare_node, ("all_reduce_perf", "all_gather_perf"))
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node)},
        key=bare_node.key,
        learners=["alice"],
        learner_keys={"alice": [Path(str(learner_key) + ".pub").read_text().strip()]},
        labs=[LAB],
    )

    dry = run_provision(inventory, tmp_path, Mode(dry_run=True))[bare_node.name]
    assert "would move /usr/local/bin/all_reduce_perf to " in dry.step("attestation").summary

    first = run_provision(inventory, tmp_path)[bare_node.name]
    assert not first.failed, json.dumps(first.as_dict(), indent=1)
    assert statuses(first)["attestation"] is Status.CHANGED
    summary = first.step("attestation").summary
    assert f"moved /usr/local/bin/all_reduce_perf to {MOVED}/all_reduce_perf" in summary, summary
    # the lab attests eleven nccl-tests programs; no step runs the nine this node lacks
    assert "not on the node, no step runs it: all_to" not in summary
    assert "not on the node, no step runs it: alltoall_perf, alltoallv_perf" in summary, summary
    allowlist = bare_node.exec("cat /etc/labgrader/attested-programs").text
    assert f"all_reduce_perf\t{MOVED}/all_reduce_perf\n" in allowlist, allowlist
    assert f"all_gather_perf\t{MOVED}/all_gather_perf\n" in allowlist, allowlist
    for name in ("all_reduce_perf", "all_gather_perf", "nvidia-smi"):
        head = bare_node.exec(f"head -2 /usr/local/bin/{name}").text
        assert "# labgrader attested wrapper" in head, (name, head)
    health = checks(first)
    assert health["attested-programs"]["ok"], health["attested-programs"]
    assert health["attested-programs"]["detail"] == (
        "7 lab step(s) reach wrappers: all_reduce_perf, nvidia-smi"
    )
    assert first.report is not None and first.report["ok"]
    # the bare node's nvidia-smi is the simulator, linked by hand: the report says so
    assert first.report["simulated"] is True
    assert health["gpu-count"]["detail"] == "2 simulated GPU(s), lab needs 2"
    assert health["nccl-tests-smoke"]["detail"].endswith(" GB/s (simulated)")
    # the graded canary typed the whole lab through sshd and the capture shell, and the grader's
    # reader, parser, signature check and matcher verified it; it left nothing behind
    assert health["canary"] == {
        "name": "canary",
        "ok": True,
        "detail": "nccl-bootstrap: 11/11 steps verified (login, capture, reader, signed runs)",
    }
    left = bare_node.exec(f"ls -A /var/lib/labgrader/spool/{CANARY_ACCOUNT}").text
    assert left == "", left
    assert bare_node.exec(f"ls /home/{CANARY_ACCOUNT}/.ssh/authorized_keys").exit_code != 0

    # the learner's run is signed by the node, and the grader verifies the signature
    assert_one_verified_signed_run(bare_node, learner_key, "all_reduce_perf -b 8 -e 8 -g 2")

    again = run_provision(inventory, tmp_path)[bare_node.name]
    assert statuses(again)["attestation"] is Status.OK, again.as_dict()["steps"]

    # Break the link a learner's command goes through: health names the step and the cause.
    shadow = (
        "mkdir -p /opt/shadow && cp /bin/true /opt/shadow/all_reduce_perf && "
        "echo 'PATH=/opt/shadow:$PATH' > /etc/profile.d/00-shadow.sh"
    )
    assert bare_node.exec(shadow).exit_code == 0
    shadowed = run_provision(inventory, tmp_path, Mode(check_only=True))[bare_node.name]
    detail = checks(shadowed)["attested-programs"]
    assert not detail["ok"] and shadowed.report is not None and not shadowed.report["ok"]
    assert detail["detail"] == (
        "all_reduce_perf: a login shell runs /opt/shadow/all_reduce_perf first, not the wrapper "
        "in /usr/local/bin (blocks nccl-bootstrap/run-broken, nccl-bootstrap/socket-iface, +4 more)"
    ), detail
    canary = checks(shadowed)["canary"]
    assert not canary["ok"] and canary["detail"].startswith("steps: "), canary
    assert "run-broken attempted: " in canary["detail"], canary
    assert bare_node.exec("rm -rf /opt/shadow /etc/profile.d/00-shadow.sh").exit_code == 0

    # The grader account cannot log in (as the daemon's reader must): the reader link is named.
    shell = bare_node.exec("getent passwd labgrader | cut -d: -f7").text.strip()
    assert bare_node.exec("usermod -s /usr/sbin/nologin labgrader").exit_code == 0
    blocked = checks(run_provision(inventory, tmp_path, Mode(check_only=True))[bare_node.name])
    assert blocked["canary"]["detail"].startswith(
        f"reader: the grader account cannot read /var/lib/labgrader/spool/{CANARY_ACCOUNT}: "
    ), blocked["canary"]
    assert bare_node.exec(f"usermod -s {shell} labgrader").exit_code == 0

    # The node's public key is gone: the signature link is named.
    pub = bare_node.exec("cat /etc/labgrader/attest.pub").text
    assert bare_node.exec("rm /etc/labgrader/attest.pub").exit_code == 0
    unsigned = checks(run_provision(inventory, tmp_path, Mode(check_only=True))[bare_node.name])
    assert unsigned["canary"]["detail"] == (
        "signature: /etc/labgrader/attest.pub is not a public key"
    ), unsigned["canary"]
    put = ["sh", "-c", 'printf "%s" "$1" > /etc/labgrader/attest.pub', "sh", pub]
    assert fakenode.container_exec(bare_node.container, put, "root").exit_code == 0
    restored = checks(run_provision(inventory, tmp_path, Mode(check_only=True))[bare_node.name])
    assert restored["canary"]["ok"], restored["canary"]

    assert bare_node.exec(f"rm -f {MOVED}/all_reduce_perf").exit_code == 0
    gone = checks(run_provision(inventory, tmp_path, Mode(check_only=True))[bare_node.name])
    assert gone["attested-programs"]["detail"].startswith(
        f"all_reduce_perf: its real program {MOVED}/all_reduce_perf is not an executable file "
        "(blocks nccl-bootstrap/run-broken, "
    ), gone["attested-programs"]


def test_a_step_whose_program_the_node_lacks_fails_the_attestation_step(
    bare_node: BareNode, tmp_path: Path
) -> None:
    """Only nvidia-smi on the node, no nccl-tests anywhere and no source to build: the steps that
    run all_reduce_perf could never verify, and the attestation step says which."""
    inventory = write_inventory(
        tmp_path, {bare_node.name: host_entry(bare_node)}, key=bare_node.key, labs=[LAB]
    )
    # The nccl-tests step fails first (no binaries, no source): the attestation step alone.
    host = load_inventory(inventory).hosts[0]
    with connection(host) as conn:
        result = run_attestation(Node(host, conn, io.StringIO()), dry_run=True)
    assert result.status is Status.CHANGED  # a fresh node: everything would be installed
    assert (
        "step nccl-bootstrap/run-broken runs all_reduce_perf: not on the node "
        "(/opt/nccl-tests/build, /usr/local/bin, PATH)"
    ) in result.details, result.details
    assert not any("nccl-bootstrap/topo" in d for d in result.details)


def test_simulator_true_makes_a_cpu_only_node_gradable_and_says_simulated(
    bare_node: BareNode, tmp_path: Path
) -> None:
    """No GPU programs at all on the node; the inventory asks for the simulator: provisioning
    installs it, the nccl-tests and attestation steps treat its programs as real ones, a
    learner's run is signed, and every report says the GPUs are simulated."""
    learner_key = fakenode.generate_key(tmp_path / "alice", "alice")
    wipe = "rm -rf /usr/local/lib/labgrader/sim /usr/local/lib/labgrader/sim-links"
    assert bare_node.exec(f"{wipe} /usr/local/bin/nvidia-smi").exit_code == 0
    assert bare_node.exec("command -v nvidia-smi").exit_code != 0
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node, simulator=True)},
        key=bare_node.key,
        learners=["alice"],
        learner_keys={"alice": [Path(str(learner_key) + ".pub").read_text().strip()]},
        labs=[LAB],
    )
    dry = run_provision(inventory, tmp_path, Mode(dry_run=True))[bare_node.name]
    assert dry.step("simulator").summary == (
        "would install the GPU simulator into /usr/local/lib/labgrader/sim, its programs "
        "linked into /opt/nccl-tests/build"
    )
    first = run_provision(inventory, tmp_path)[bare_node.name]
    assert not first.failed, json.dumps(first.as_dict(), indent=1)
    assert statuses(first)["simulator"] is Status.CHANGED
    assert first.report is not None and first.report["ok"] and first.report["simulated"]
    health = checks(first)
    assert health["gpu-count"]["detail"] == "2 simulated GPU(s), lab needs 2"
    assert health["attested-programs"]["ok"], health["attested-programs"]
    allowlist = bare_node.exec("cat /etc/labgrader/attested-programs").text
    assert "all_reduce_perf\t/opt/nccl-tests/build/all_reduce_perf\n" in allowlist, allowlist
    log = (tmp_path / "logs" / f"{bare_node.name}.log").read_text()
    assert f"node {bare_node.name}: healthy (simulated GPUs)" in log

    assert_one_verified_signed_run(bare_node, learner_key, "nvidia-smi topo -m")

    again = run_provision(inventory, tmp_path)[bare_node.name]
    assert statuses(again)["simulator"] is Status.OK, again.as_dict()["steps"]
    assert all(s.status is Status.OK for s in again.steps), again.as_dict()["steps"]

    # alice leaves the inventory: her account stays (her spool is her work's record), said so
    gone = write_inventory(
        tmp_path, {bare_node.name: host_entry(bare_node, simulator=True)}, key=bare_node.key
    )
    dry = run_provision(gone, tmp_path, Mode(dry_run=True))[bare_node.name]
    assert dry.step("learners").notes == [
        "accounts kept, not in the inventory (not graded, no key: the learner-keys step removes "
        "them; `userdel -r NAME` on the node removes one): alice"
    ], dry.as_dict()["steps"]
    assert dry.step("learner-keys").details == ["would remove alice's keys (not in the inventory)"]
