"""The node set-up steps: learners, the grader account, the lab environment, the capture shell.

The work itself is grader/node/files/install-capture.sh, the same installer the fake-node image
runs (one source of truth for accounts, spool permissions, the bashrc guard and the sshd Match
block validated with `sshd -t` and restored on failure). What this module adds is what an
operator needs around it: a read-only *probe* per step saying what differs on the node (that is
--dry-run's answer and the ok/changed verdict), one installer run when anything differs, and a
second probe that proves the installer left the node as wanted.
"""

from __future__ import annotations

import hashlib
import io
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from grader.node import (
    LEARNER_SSHD_SETTINGS,
    NODE_FILES,
    NODE_LIB_DIR,
    NODE_PROTOCOL_DIR,
    node_files_dir,
    protocol_files,
)
from grader.provision.inventory import CANARY_ACCOUNT, Host
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

LEARNERS_GROUP = "labgrader-learners"
GRADER_USER = "labgrader"
ENVIRONMENT_FILE = "/etc/labgrader/environment"
SPOOL_DIR = "/var/lib/labgrader/spool"
SSHD_DROPIN = "/etc/ssh/sshd_config.d/50-labgrader.conf"
SUDOERS_CAPTURE = "/etc/sudoers.d/labgrader-capture"
MATCH_LINE = f"Match Group {LEARNERS_GROUP}"
BASHRC_GUARD = "# >>> labgrader guard >>>"
#: What sshd must apply to the grader account (its `Match User` block in the installer): the
#: daemon only runs commands and SFTP, so no pty and no forwarding of any kind. Probed as sshd's
#: *effective* settings for that user (`sshd -T -C user=...`), not by grepping the file, so an
#: earlier operator drop-in that overrides them is caught too. Keys as `sshd -T` prints them.
GRADER_SSHD_SETTINGS = {
    "permittty": "no",
    "allowtcpforwarding": "no",
    "allowstreamlocalforwarding": "no",
    "x11forwarding": "no",
    "allowagentforwarding": "no",
    "permittunnel": "no",
}
#: sshd's effective config for one user (needs root: sshd reads its host keys).
_SSHD_EFFECTIVE_SCRIPT = (
    "sshd=$(command -v sshd || echo /usr/sbin/sshd); "
    '"$sshd" -T -C "user=$1,host=localhost,addr=127.0.0.1"'
)
INSTALLER = "install-capture.sh"
#: The node files the installer needs (the simulators are not part of a real node's set-up), and
#: beside them the protocol modules (protocol_files) it installs with install-protocol.sh.
PUSHED_FILES = (*NODE_FILES, "spool_reader.py", "install-protocol.sh", INSTALLER)
#: The lines an installer run writes to say it changed nothing (anything else is a change).
INSTALLER_QUIET = frozenset({"install-capture: done"})

SETUP_STEPS = ("learners", "grader-account", "environment", "capture-shell")


def environment_text(env: dict[str, str]) -> str:
    """The node's /etc/labgrader/environment: `KEY=VALUE` lines, sorted (what labenv.bash reads)."""
    for key, value in env.items():
        if "\n" in value or "\r" in value:
            raise NodeError(f"the lab environment value of {key} has a line break")
    return "".join(f"{k}={v}\n" for k, v in sorted(env.items()))


def _probe_learners(node: Node) -> list[str]:
    pending = []
    if not node.run(["getent", "group", LEARNERS_GROUP]).ok:
        pending.append(f"create group {LEARNERS_GROUP}")
    for name in node.host.accounts:
        groups = node.run(["id", "-nG", "--", name])
        if not groups.ok:
            pending.append(f"create learner {name}")
        elif LEARNERS_GROUP not in groups.stdout.split():
            pending.append(f"add {name} to {LEARNERS_GROUP}")
    return pending


def stray_learners(node: Node) -> list[str]:
    """Members of the learners' group the inventory no longer lists: provisioning never deletes
    an account (its spool is the record of its work), so it says so instead."""
    got = node.run(["getent", "group", LEARNERS_GROUP])
    members = got.stdout.strip().split(":")[3].split(",") if got.ok else []
    ours = {*node.host.accounts, CANARY_ACCOUNT}
    return sorted(m for m in members if m and m not in ours)


def _sshd_differs(node: Node, user: str, wanted: dict[str, str]) -> str:
    """The settings sshd does not apply to `user` as `wanted` ("" when all do), or why it could
    not say."""
    effective = node.script(_SSHD_EFFECTIVE_SCRIPT, user, sudo=True)
    if not effective.ok:
        return "sshd -T failed"
    have = dict(line.partition(" ")[::2] for line in effective.stdout.splitlines())
    return ", ".join(k for k, v in wanted.items() if have.get(k) != v)


def _probe_grader(node: Node) -> list[str]:
    if not node.run(["getent", "passwd", GRADER_USER]).ok:
        return [f"create the grader account {GRADER_USER} (key-only, no sudo)"]
    pending = []
    shadow = node.run(["getent", "shadow", GRADER_USER], sudo=True).stdout.split(":")
    if len(shadow) < 2 or shadow[1] != "*":
        pending.append(f"make {GRADER_USER} key-only (no password can match)")
    if node.host.grader_key:
        keys = node.script(
            'h=$(getent passwd "$1" | cut -d: -f6) && cat -- "$h/.ssh/authorized_keys"',
            GRADER_USER,
            sudo=True,
        )
        if not keys.ok or keys.stdout != node.host.grader_key + "\n":
            pending.append(f"authorize the grader key for {GRADER_USER}")
    why = _sshd_differs(node, GRADER_USER, GRADER_SSHD_SETTINGS)
    if why:
        pending.append(f"sshd `Match User {GRADER_USER}`: no pty, no forwarding ({why})")
    return pending


def _probe_environment(node: Node) -> list[str]:
    want = environment_text(node.host.environment)
    have = node.run(["cat", "--", ENVIRONMENT_FILE])
    if have.ok and have.stdout == want:
        return []
    shown = ", ".join(f"{k}={v}" for k, v in sorted(node.host.environment.items())) or "empty"
    return [f"write {ENVIRONMENT_FILE} ({shown})"]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stale(node: Node, remote_dir: str, local: dict[str, Path]) -> list[str]:
    """The names of `local` ({name: file}) whose copy in remote_dir is missing or differs."""
    sums = node.run(["sha256sum", "--", *(f"{remote_dir}/{n}" for n in local)])
    have = {}
    for line in sums.stdout.splitlines():
        digest, _, path = line.partition("  ")
        have[path.rsplit("/", 1)[-1]] = digest
    return [n for n, path in local.items() if have.get(n) != _sha256(path)]


def _probe_capture(node: Node) -> list[str]:
    pending = []
    shipped = {f: node_files_dir() / f for f in (*NODE_FILES, "spool_reader.py")}
    stale = _stale(node, NODE_LIB_DIR, {f: p for f, p in shipped.items() if p.is_file()})
    if stale:
        pending.append(f"install {', '.join(stale)} in {NODE_LIB_DIR}")
    stale = _stale(node, NODE_PROTOCOL_DIR, {p.name: p for p in protocol_files().values()})
    if stale:
        pending.append(f"install {', '.join(stale)} in {NODE_PROTOCOL_DIR}")
    if node.run(["test", "-L", "/usr/local/bin/lab"]).exit_code != 0:
        pending.append("link /usr/local/bin/lab")
    match = node.run(["grep", "-qsxF", "--", MATCH_LINE, SSHD_DROPIN, "/etc/ssh/sshd_config"])
    if match.exit_code != 0:
        pending.append(f"sshd `{MATCH_LINE}` + ForceCommand capture-shell (checked by sshd -t)")
    elif node.host.accounts and node.run(["id", "--", node.host.accounts[0]]).ok:
        # sshd's effective settings for a learner: an older block still allowed forwarding
        why = _sshd_differs(node, node.host.accounts[0], LEARNER_SSHD_SETTINGS)
        if why:
            pending.append(f"sshd `{MATCH_LINE}`: capture shell, no forwarding ({why})")
    guard = node.run(["grep", "-qsxF", "--", BASHRC_GUARD, "/etc/bash.bashrc", "/etc/bashrc"])
    if guard.exit_code != 0:
        pending.append("bashrc guard (re-wraps new ptys)")
    if node.run(["test", "-f", SUDOERS_CAPTURE], sudo=True).exit_code != 0:
        pending.append(f"sudoers rule {SUDOERS_CAPTURE} (learners open sessions as root)")
    for name in node.host.accounts:
        # root's, 0751 (docs/node-protocol.md "Who owns what"): an older learner-owned one is stale
        owner = node.run(["stat", "-c", "%U %a", "--", f"{SPOOL_DIR}/{name}"], sudo=True)
        if owner.exit_code != 0 or owner.stdout.split() != ["root", "751"]:
            pending.append(f"spool {SPOOL_DIR}/{name} (root's, 0751)")
    return pending


PROBES: dict[str, Callable[[Node], list[str]]] = {
    "learners": _probe_learners,
    "grader-account": _probe_grader,
    "environment": _probe_environment,
    "capture-shell": _probe_capture,
}


def _node_files_tar() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name in PUSHED_FILES:
            path = node_files_dir() / name
            if path.is_file():
                tar.add(str(path), arcname=name)
        for name, path in protocol_files().items():
            tar.add(str(path), arcname=name)
    return buf.getvalue()


def _run_installer(node: Node) -> list[str]:
    """Push the node files and run the installer once; its change lines, or NodeError."""
    host: Host = node.host
    remote = node.temp_dir()
    try:
        with tempfile.TemporaryDirectory() as local:
            files = {"node-files.tar": _node_files_tar()}
            files["environment"] = environment_text(host.environment).encode()
            if host.grader_key:
                files["grader.pub"] = (host.grader_key + "\n").encode()
            for name, data in files.items():
                (Path(local) / name).write_bytes(data)
                node.put(Path(local) / name, f"{remote}/{name}")
        node.check(["mkdir", "--", f"{remote}/src"])
        node.check(["tar", "-xf", f"{remote}/node-files.tar", "-C", f"{remote}/src"])
        argv = ["bash", f"{remote}/src/{INSTALLER}", "--src", f"{remote}/src"]
        argv += ["--environment", f"{remote}/environment"]
        if host.grader_key:
            argv += ["--grader-key", f"{remote}/grader.pub"]
        for name in host.accounts:
            argv += ["--learner", name]
        result = node.run(argv, sudo=True)
        if not result.ok:
            lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
            raise NodeError(lines[-1] if lines else f"{INSTALLER} failed ({result.exit_code})")
        return [ln for ln in result.stdout.splitlines() if ln.strip() not in INSTALLER_QUIET]
    finally:
        node.run(["rm", "-rf", "--", remote])


#: `sshd -t` on the node's config as it is (a throwaway host key where an image has none yet).
_SSHD_TEST = r"""
sshd=$(command -v sshd || echo /usr/sbin/sshd)
mkdir -p /run/sshd 2>/dev/null
set -- /etc/ssh/ssh_host_*_key
if [ -e "$1" ]; then exec "$sshd" -t; fi
d=$(mktemp -d) && ssh-keygen -q -t ed25519 -N '' -f "$d/k" && "$sshd" -t -h "$d/k"
rc=$?; rm -rf -- "$d"; exit $rc
"""


def sshd_preflight(node: Node) -> str:
    """Why the node's sshd config fails `sshd -t` before anything is changed ("" when it passes).

    The installer validates the config it writes with `sshd -t` and restores the old one when
    it fails; a config broken before the run would fail that check too, and be blamed on the new
    block after accounts and files were already installed. An error in our own drop-in is not
    the operator's: the installer rewrites that file, so it does not stop the run.
    """
    test = node.run(["bash", "-c", _SSHD_TEST], sudo=True)
    if test.ok:
        return ""
    lines = [ln for ln in (test.stderr + test.stdout).splitlines() if ln.strip()]
    if (
        lines
        and all(SSHD_DROPIN in ln for ln in lines if " line " in ln)
        and any(SSHD_DROPIN in ln for ln in lines)
    ):
        return ""
    return (
        "the node's sshd config fails `sshd -t` before any change ("
        + ("; ".join(lines[:2]) or f"exit {test.exit_code}")
        + "): fix it on the node; nothing was changed"
    )


def run_setup(node: Node, *, dry_run: bool) -> list[StepResult]:
    """Probe every set-up step; unless dry_run, apply them with one installer run and re-probe.

    A node whose sshd config is already broken is refused before any change (sshd_preflight)."""
    before = {step: PROBES[step](node) for step in SETUP_STEPS}
    if any(before.values()) and (broken := sshd_preflight(node)):
        return [StepResult(SETUP_STEPS[0], Status.FAILED, [broken])] + [
            StepResult(s, Status.SKIPPED, ["an earlier step failed"]) for s in SETUP_STEPS[1:]
        ]
    if dry_run:
        return _note_strays(
            node,
            [
                StepResult(s, Status.CHANGED, [f"would {p}" for p in before[s]])
                if before[s]
                else StepResult(s, Status.OK)
                for s in SETUP_STEPS
            ],
        )
    installer_error = ""
    changes: list[str] = []
    if any(before.values()):
        try:
            changes = _run_installer(node)
        except NodeError as exc:
            installer_error = str(exc)
    results = []
    for step in SETUP_STEPS:
        after = PROBES[step](node)
        if after:
            why = installer_error or f"{INSTALLER} ran but left: {'; '.join(after)}"
            results.append(StepResult(step, Status.FAILED, [why]))
        elif before[step]:
            results.append(StepResult(step, Status.CHANGED, before[step]))
        elif step == "capture-shell" and changes:
            results.append(StepResult(step, Status.CHANGED, changes))
        else:
            results.append(StepResult(step, Status.OK))
    if installer_error and not any(r.status is Status.FAILED for r in results):
        results[-1] = StepResult("capture-shell", Status.FAILED, [installer_error])
    return _note_strays(node, results)


def _note_strays(node: Node, results: list[StepResult]) -> list[StepResult]:
    strays = stray_learners(node)
    if strays:
        results[0].notes.append(
            "accounts kept, not in the inventory (not graded, no key: the learner-keys step "
            f"removes them; `userdel -r NAME` on the node removes one): {', '.join(strays)}"
        )
    return results
