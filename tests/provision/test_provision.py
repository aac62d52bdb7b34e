"""grader provision against bare fake nodes over real SSH (sshd, sudo, bash, the simulators)."""

from __future__ import annotations

import asyncio
import io
import json
import re
import shlex
import tarfile
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import asyncssh
import fakenode
import pytest
import yaml
from barenode import ADMIN_USER, PASSWORD_SUDO_USER, BareNode

from grader.capture.events import CommandEnded, CommandRecord
from grader.capture.parser import SessionParser
from grader.cli import main
from grader.provision.inventory import load_inventory
from grader.provision.outcome import HostOutcome, Status
from grader.provision.runner import Mode, provision

pytestmark = pytest.mark.fakenode

LAB = str(fakenode.LAB_FILE.parent)
SIM_NCCL_TESTS = "/usr/local/lib/labgrader/sim/bin/nccl-tests"
# A stand-in nccl-tests source tree: it checks and records the variables make was given and
# "builds" the programs as links to the simulator, so the smoke run afterwards is real output.
MAKEFILE = f"""CUDA_HOME ?= /nonexistent
NCCL_HOME ?= /nonexistent
all:
\ttest -x $(CUDA_HOME)/bin/nvcc
\ttest -f $(NCCL_HOME)/include/nccl.h
\tmkdir -p build
\tprintf 'CUDA_HOME=%s\\nNCCL_HOME=%s\\n' '$(CUDA_HOME)' '$(NCCL_HOME)' > build/make-vars
\tfor p in all_reduce_perf all_gather_perf; do ln -sf {SIM_NCCL_TESTS} build/$$p; done
"""
NCCL_VENV = "/opt/nccl-venv"
NCCL_WHEEL = f"{NCCL_VENV}/lib/python3.11/site-packages/nvidia/nccl"


def source_tarball(directory: Path) -> Path:
    path = directory / "nccl-tests-2.19.6.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        data = MAKEFILE.encode()
        info = tarfile.TarInfo("nccl-tests-2.19.6/Makefile")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return path


def give_cuda_and_wheel_nccl(node: BareNode) -> None:
    """A CUDA toolkit (nvcc) and the NCCL of a pip wheel in a venv, as a GPU node has them."""
    script = (
        "set -e; mkdir -p /usr/local/cuda/bin; printf '#!/bin/sh\\n' > /usr/local/cuda/bin/nvcc; "
        f"chmod 755 /usr/local/cuda/bin/nvcc; mkdir -p {NCCL_WHEEL}/include {NCCL_WHEEL}/lib; "
        f"touch {NCCL_WHEEL}/include/nccl.h {NCCL_WHEEL}/lib/libnccl.so.2"
    )
    assert node.exec(script).exit_code == 0


def host_entry(node: BareNode, **extra: object) -> dict[str, object]:
    return {"address": node.host, "port": node.port, "host_keys": [node.host_key], **extra}


def write_inventory(tmp: Path, hosts: dict[str, dict], **defaults: object) -> Path:
    data = {
        "schema_version": 1,
        "defaults": {"user": ADMIN_USER, "key": str(defaults.pop("key")), **defaults},
        "hosts": hosts,
    }
    path = tmp / "inventory.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def run_provision(inventory: Path, tmp: Path, mode: Mode | None = None) -> dict[str, HostOutcome]:
    hosts = list(load_inventory(inventory).hosts)
    return {o.host: o for o in provision(hosts, mode or Mode(), tmp / "logs", io.StringIO())}


def statuses(outcome: HostOutcome) -> dict[str, Status]:
    return {s.step: s.status for s in outcome.steps}


def connect(
    node: BareNode, user: str, key: Path
) -> AbstractAsyncContextManager[asyncssh.SSHClientConnection]:
    """An SSH login to `node` as `user` with only `key`, the node's host key pinned (no agent)."""
    return asyncssh.connect(
        host=node.host,
        port=node.port,
        username=user,
        client_keys=[str(key)],
        known_hosts=asyncssh.import_known_hosts(f"[{node.host}]:{node.port} {node.host_key}\n"),
        agent_path=None,
    )


async def captured_command(node: BareNode, key: Path, line: str) -> CommandRecord:
    """Log in as the learner with a pty, type `line`, and parse the session file it leaves."""
    async with connect(node, "alice", key) as conn:
        shell = await fakenode.InteractiveShell.open(conn)
        await shell.run(line)
        await shell.exit()
    files = node.exec("ls /var/lib/labgrader/spool/alice/*.ts").text.split()
    assert len(files) == 1, files
    data = node.exec(["cat", files[0]]).output
    index = node.exec("cat /var/lib/labgrader/spool/alice/sessions.jsonl").text
    nonce = json.loads(index.splitlines()[0])["nonce"]
    parser = SessionParser(session="s", nonce=nonce)
    events = [*parser.feed(data), *parser.close()]
    records = [e.record for e in events if isinstance(e, CommandEnded)]
    assert records, events
    return records[0]


def test_two_bare_nodes_become_gradable_and_a_second_run_changes_nothing(
    bare_nodes: tuple[BareNode, BareNode], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grader_key = fakenode.generate_key(tmp_path / "grader", "grader")
    learner_key = fakenode.generate_key(tmp_path / "alice", "alice")
    for node in bare_nodes:
        give_cuda_and_wheel_nccl(node)
    inventory = write_inventory(
        tmp_path,
        # the second node's own limits (the first keeps the defaults: 512, 50%)
        {
            bare_nodes[0].name: host_entry(bare_nodes[0]),
            bare_nodes[1].name: host_entry(bare_nodes[1], limits={"nproc": 256, "memory": "2G"}),
        },
        key=bare_nodes[0].key,
        learners=["alice"],
        learner_keys={"alice": [Path(str(learner_key) + ".pub").read_text().strip()]},
        labs=[LAB],
        grader_key=Path(str(grader_key) + ".pub").read_text().strip(),
        nccl_tests={"venvs": [NCCL_VENV], "source": {"tarball": str(source_tarball(tmp_path))}},
    )

    first = run_provision(inventory, tmp_path)
    for node in bare_nodes:
        outcome = first[node.name]
        assert not outcome.failed, outcome.as_dict()["steps"]
        steps = ("learners", "capture-shell", "learner-limits", "nccl-tests", "attestation")
        assert {s: statuses(outcome)[s] for s in steps} == dict.fromkeys(steps, Status.CHANGED)
        # make got the detected homes: the toolkit's nvcc and the wheel's NCCL in the venv
        assert node.exec("cat /opt/nccl-tests/build/make-vars").text == (
            f"CUDA_HOME=/usr/local/cuda\nNCCL_HOME={NCCL_WHEEL}\n"
        )
        key = node.exec("stat -c '%a %U %G' /etc/labgrader/attest.key").text.split()
        assert key == ["400", "root", "root"]  # the node's own pair: only root signs
        pub = node.exec("cat /etc/labgrader/attest.pub", user="labgrader")
        assert pub.exit_code == 0 and len(pub.text.strip()) == 64, pub.text
        assert node.exec("id -u labgrader-run").exit_code == 0  # what the programs run as
        # the built binaries and the driver's nvidia-smi are reached through attested wrappers
        allowlist = node.exec("cat /etc/labgrader/attested-programs").text
        assert "all_reduce_perf\t/opt/nccl-tests/build/all_reduce_perf\n" in allowlist
        assert "nvidia-smi\t/usr/local/lib/labgrader/sim/bin/nvidia-smi\n" in allowlist
        for wrapped in ("all_reduce_perf", "all_gather_perf", "nvidia-smi"):
            wrapper = node.exec(f"head -2 /usr/local/bin/{wrapped}").text
            assert "# labgrader attested wrapper" in wrapper, wrapper
        assert node.exec("cat /etc/labgrader/environment").text == "NCCL_DEBUG=WARN\n"
        report = outcome.report
        assert report is not None and report["ok"], report
        checks = {c["name"]: c for c in report["checks"]}
        assert checks["shell"]["ok"] and checks["shell"]["detail"].startswith("bash 5.2.")
        assert checks["capture"] == {
            "name": "capture",
            "ok": True,
            "detail": "a typed command came back with its line and output",
        }
        assert checks["node-python"]["ok"], checks["node-python"]
        # what alice's PAM session gets: no systemd on these nodes, so limits.conf alone (nproc,
        # and each process's address space)
        limits = checks["learner-limits"]
        want = "nproc=512 mem=" if node is bare_nodes[0] else "nproc=256 mem=2G/process "
        assert limits["ok"] and limits["detail"].startswith(want), limits
        assert limits["detail"].endswith("cpu=shared (no systemd)"), limits
        assert len(report["gpus"]) == 2 and report["p2p"] == {"GPU0-GPU1": "OK", "GPU1-GPU0": "OK"}
        assert report["nccl_interface"] == "eth0" and report["busbw_gbps"] > 0
        assert json.loads((tmp_path / "logs" / f"{node.name}.report.json").read_text()) == report
        assert "sshd" in (tmp_path / "logs" / f"{node.name}.log").read_text()

        # gradable: a learner's login (the key the inventory gave) is recorded with markers and
        # parses into a command
        record = asyncio.run(captured_command(node, learner_key, "echo ready-$((6*7))"))
        assert (record.line, record.exit) == ("echo ready-$((6*7))", 0)
        assert "ready-42" in record.output
        # the grader account reads the spool with its own key (key-only, no sudo)
        grader = node.exec("sudo -l -U labgrader").text
        assert "not allowed" in grader

    capsys.readouterr()
    assert main(["provision", "-i", str(inventory), "--log-dir", str(tmp_path / "l2")]) == 0
    out = capsys.readouterr().out
    assert "0 changed, 0 failed, 0 skipped" in out, out
    second = json.loads((tmp_path / "l2" / f"{bare_nodes[0].name}.report.json").read_text())
    assert second["ok"]
    # each node's report table shows its learners' limits
    assert re.search(
        r"^  learner-limits +ok +nproc=512 mem=[\d.]+G/process \(limits.conf as\)", out, re.M
    )
    assert re.search(r"^  learner-limits +ok +nproc=256 mem=2G/process ", out, re.M), out
    for node in bare_nodes:  # the second run kept the binaries the first one built and linked
        assert re.search(rf"^{node.name} +nccl-tests +ok +found /\S+all_reduce_perf$", out, re.M), (
            out
        )


def test_a_node_whose_sshd_config_is_already_broken_is_refused_untouched(
    bare_nodes: tuple[BareNode, BareNode], tmp_path: Path
) -> None:
    good, broken = bare_nodes
    # An operator's node whose sshd config no longer passes `sshd -t` (the running sshd still
    # serves the old one): the capture shell's Match block must not go live there.
    assert (
        broken.exec("echo 'NoSuchDirective yes' > /etc/ssh/sshd_config.d/05-local.conf").exit_code
        == 0
    )
    before = broken.exec("ls /etc/ssh/sshd_config.d; cat /etc/ssh/sshd_config").text
    inventory = write_inventory(
        tmp_path, {n.name: host_entry(n) for n in bare_nodes}, key=good.key, learners=["alice"]
    )
    outcomes = run_provision(inventory, tmp_path)
    # nccl-tests are not asked for here, so only the set-up steps are the point
    setup = ("connect", "learners", "grader-account", "environment", "capture-shell")
    assert [statuses(outcomes[good.name])[s] for s in setup] == [Status.OK] + [Status.CHANGED] * 4
    # Refused before any change, naming the operator's file, not blamed on our block.
    failed = statuses(outcomes[broken.name])
    assert [failed[s] for s in setup[1:]] == [Status.FAILED] + [Status.SKIPPED] * 3, failed
    why = outcomes[broken.name].step("learners").summary
    assert why.startswith("the node's sshd config fails `sshd -t` before any change ("), why
    assert "/etc/ssh/sshd_config.d/05-local.conf: line 1: Bad configuration option" in why, why
    assert why.endswith("nothing was changed"), why
    assert broken.exec("ls /etc/ssh/sshd_config.d; cat /etc/ssh/sshd_config").text == before
    assert broken.exec("getent passwd alice").exit_code != 0  # no half-provisioned node
    assert good.exec("test -f /etc/ssh/sshd_config.d/50-labgrader.conf").exit_code == 0
    for node in bare_nodes:  # nobody locked out: fresh logins still work on both
        again = run_provision(
            write_inventory(tmp_path, {node.name: host_entry(node)}, key=good.key),
            tmp_path,
            Mode(check_only=True),
        )
        assert statuses(again[node.name])["connect"] is Status.OK


def test_each_connection_problem_is_a_clear_per_host_error(
    bare_node: BareNode, tmp_path: Path
) -> None:
    stranger = fakenode.generate_key(tmp_path / "stranger", "stranger")
    other_host_key = Path(str(stranger) + ".pub").read_text().split()[:2]
    hosts = {
        "down": {"address": "127.0.0.1", "port": 9, "host_keys": [bare_node.host_key]},
        "wrong-key": host_entry(bare_node, address="127.0.0.1", key=str(stranger)),
        "unknown-host-key": host_entry(
            bare_node, user="ghost", host_keys=[" ".join(other_host_key)]
        ),
        "sudo-password": host_entry(bare_node, user=PASSWORD_SUDO_USER),
        "good": host_entry(bare_node),
    }
    inventory = write_inventory(tmp_path, hosts, key=bare_node.key, connect_timeout=3)
    outcomes = run_provision(inventory, tmp_path, Mode(dry_run=True))
    why = {h: o.step("connect").summary for h, o in outcomes.items()}
    assert "unreachable" in why["down"]
    assert "refused the SSH key" in why["wrong-key"]
    assert "does not match the key pinned" in why["unknown-host-key"] or (
        "does not pin" in why["unknown-host-key"]
    )
    assert "asks needpw for a password" in why["sudo-password"]
    assert statuses(outcomes["good"])["connect"] is Status.OK
    # no nccl-tests source configured: the one failure is that, said plainly
    assert "no nccl_tests.source is configured" in outcomes["good"].step("nccl-tests").summary
    # dry run: the good node was told what would change, and nothing did
    assert outcomes["good"].step("learners").details == ["would create group labgrader-learners"]
    assert "would" in outcomes["good"].step("capture-shell").summary
    assert bare_node.exec("getent group labgrader-learners").exit_code != 0


def test_inventory_values_with_shell_metacharacters_are_never_executed(
    bare_node: BareNode, tmp_path: Path
) -> None:
    give_cuda_and_wheel_nccl(bare_node)
    hostile = {
        "prefix": "/opt/x; touch /tmp/pwned-prefix",
        "bin_dir": "/usr/local/bin/$(touch /tmp/pwned-bin)",
        "nccl_home": "/`touch /tmp/pwned-nccl`",
        "venvs": ["/opt/$(id>/tmp/pwned-venv)"],
        "source": {"git": {"url": "a; touch /tmp/pwned-url", "ref": "$(touch /tmp/pwned-ref)"}},
    }
    key = Path(str(bare_node.key) + ".pub").read_text().split()[:2]
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node)},
        key=bare_node.key,
        grader_key=" ".join(key) + " x; touch /tmp/pwned-key `touch /tmp/pwned-key2`",
        nccl_tests=hostile,
    )
    outcomes = run_provision(inventory, tmp_path)
    result = outcomes[bare_node.name].step("nccl-tests")
    assert result.status is Status.FAILED
    assert "missing NCCL (no include/nccl.h + libnccl.so under /`touch" in result.summary
    assert bare_node.exec("ls /tmp | grep pwned").text == ""
    assert bare_node.exec("ls / /opt /usr/local/bin | grep -c pwned").text.strip() == "0"
    authorized = bare_node.exec("cat /home/labgrader/.ssh/authorized_keys").text
    assert "touch /tmp/pwned-key" in authorized  # kept as data, never run


#: The drop-in an older installer wrote: the learners' block only, the grader unrestricted.
LEARNERS_ONLY_DROPIN = (
    "# labgrader: learners' interactive logins are recorded (docs/node-capture.md)\n"
    "Match Group labgrader-learners\n"
    "    ForceCommand /usr/local/lib/labgrader/capture-shell\n"
)


async def ssh_abilities(node: BareNode, user: str, key: Path) -> dict[str, object]:
    """What `user` can do over real SSH: the daemon's needs (exec, SFTP) and what it must not get.

    A refused channel is recorded by its SSH reason code (1: administratively prohibited, i.e.
    sshd's policy; 2 would be a failed connection), so a refusal is told from a plain failure.
    """
    seen: dict[str, object] = {}
    async with connect(node, user, key) as conn:
        script = "import os; print(os.listdir('/var/lib/labgrader/spool'))"
        listed = await conn.run(shlex.join(["python3", "-c", script]))
        seen["exec"] = (listed.exit_status, str(listed.stdout).strip())
        async with conn.start_sftp_client() as sftp:
            seen["sftp"] = await sftp.exists("/var/lib/labgrader/progress")
        try:
            process = await conn.create_process(term_type="xterm", encoding=None)
            process.close()
            seen["pty"] = "granted"
        except asyncssh.ChannelOpenError as exc:
            seen["pty"] = exc.reason
        try:
            _reader, writer = await conn.open_connection("127.0.0.1", 22)
            writer.close()
            seen["forward"] = "opened"
        except asyncssh.ChannelOpenError as exc:
            seen["forward"] = exc.code
        try:
            listener = await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            listener.close()
            seen["remote-forward"] = "listening"
        except asyncssh.ChannelListenError as exc:
            seen["remote-forward"] = str(exc)
    return seen


async def grader_writes_progress(node: BareNode, key: Path) -> list[str]:
    """Write a progress file over SFTP as the grader (as the daemon does); the folder after."""
    async with (
        connect(node, "labgrader", key) as conn,
        conn.start_sftp_client() as sftp,
    ):
        async with sftp.open("/var/lib/labgrader/progress/alice/probe.json", "w") as f:
            await f.write("{}")
        return sorted(await sftp.listdir("/var/lib/labgrader/progress/alice"))


def test_the_grader_account_gets_commands_and_sftp_but_no_pty_or_forwarding(
    bare_node: BareNode, tmp_path: Path
) -> None:
    grader_key = fakenode.generate_key(tmp_path / "grader", "grader")
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node)},
        key=bare_node.key,
        learners=["alice"],
        grader_key=Path(str(grader_key) + ".pub").read_text().strip(),
    )
    setup = ("learners", "grader-account", "environment", "capture-shell")
    first = run_provision(inventory, tmp_path)[bare_node.name]
    assert [statuses(first)[s] for s in setup] == [Status.CHANGED] * 4, first.as_dict()

    def effective(user: str) -> dict[str, str]:
        out = bare_node.exec(f"sshd -T -C user={user},host=localhost,addr=127.0.0.1").text
        return dict(line.partition(" ")[::2] for line in out.splitlines())

    grader, admin, alice = effective("labgrader"), effective(ADMIN_USER), effective("alice")
    for setting in ("permittty", "allowtcpforwarding", "x11forwarding", "allowagentforwarding"):
        assert (setting, grader[setting]) == (setting, "no")
        assert (setting, admin[setting]) == (setting, "yes")  # the admin is not restricted
    # learners: a pty (their capture shell) but no forwarding of any kind either
    assert alice["forcecommand"] == "/usr/local/lib/labgrader/capture-shell"
    assert alice["permittty"] == "yes"
    for setting in ("allowtcpforwarding", "x11forwarding", "allowagentforwarding", "permittunnel"):
        assert (setting, alice[setting]) == (setting, "no")
    assert alice["allowstreamlocalforwarding"] == "no"
    assert grader["permittunnel"] == "no" and grader["allowstreamlocalforwarding"] == "no"

    seen = asyncio.run(ssh_abilities(bare_node, "labgrader", grader_key))
    assert seen == {
        "exec": (0, "['alice']"),
        "sftp": True,
        "pty": "PTY request failed",
        "forward": asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
        "remote-forward": "Failed to create remote TCP listener",
    }, seen
    assert asyncio.run(grader_writes_progress(bare_node, grader_key)) == [".", "..", "probe.json"]
    # the same requests from the admin account succeed: the refusals above are the grader's policy
    admin_can = asyncio.run(ssh_abilities(bare_node, ADMIN_USER, bare_node.key))
    assert [admin_can[k] for k in ("pty", "forward", "remote-forward")] == [
        "granted",
        "opened",
        "listening",
    ], admin_can

    # A node provisioned by an older installer (learners' block only): the probe sees the
    # unrestricted grader, --dry-run says so, a run fixes it and sshd enforces it after reload.
    dropin = "/etc/ssh/sshd_config.d/50-labgrader.conf"
    old = ["sh", "-c", 'printf "%s" "$1" > "$2"', "sh", LEARNERS_ONLY_DROPIN, dropin]
    assert fakenode.container_exec(bare_node.container, old, "root").exit_code == 0
    assert effective("labgrader")["permittty"] == "yes"
    dry = run_provision(inventory, tmp_path, Mode(dry_run=True))[bare_node.name]
    assert dry.step("grader-account").status is Status.CHANGED
    assert "would sshd `Match User labgrader`: no pty, no forwarding (permittty," in (
        dry.step("grader-account").summary
    )
    again = run_provision(inventory, tmp_path)[bare_node.name]
    assert [statuses(again)[s] for s in setup] == [
        Status.OK,
        Status.CHANGED,
        Status.OK,
        Status.CHANGED,
    ], again.as_dict()
    assert effective("labgrader")["permittty"] == "no"
    assert asyncio.run(ssh_abilities(bare_node, "labgrader", grader_key))["pty"] == (
        "PTY request failed"
    )
