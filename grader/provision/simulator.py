"""The GPU simulator on a CPU-only node, installed only when the inventory says `simulator: true`.

What gets installed is the simulator of the fake node's own package (found by
grader.node.paths.simulator_dir(), docs/simulator.md), by its own install.sh: the simulator into
NODE_SIM_DIR, its programs (nvidia-smi and the nccl-tests names) linked into `<prefix>/build`,
where the nccl-tests step finds them (and links them onto bin_dir) and the attestation step wraps
them like real programs. Nothing else tells a simulated node apart: the
health report reads the running nvidia-smi for SIMULATOR_MARK (grader.provision.health), so a
simulator copied by hand is named too.

The programs need Python 3.7 or newer; install.sh runs them on the node's newest python3.N
(N >= 7, else python3 when new enough), written into their first line, so a RHEL 8 node keeps
its platform python3 3.6 and runs them on python39. A node with none fails the step with what
to install, and nothing is changed.

Idempotence: the installed copy carries the SHA-256 of the tree it came from
(`NODE_SIM_DIR/.source-sha256`); the step is `ok` when it matches the installed package's tree
and its nvidia-smi runs. Every install ends with that probe (health's own, SMI_PROBE, as the
admin in a login shell): a copy whose programs do not run fails the step, never `changed`.
"""

from __future__ import annotations

import hashlib
import io
import tarfile
import tempfile
from pathlib import Path

from grader.node import NODE_SIM_DIR, simulator_dir
from grader.provision.health import SMI_PROBE, SMI_TIMEOUT_S, nvidia_smi_check
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

STEP = "simulator"
STAMP = f"{NODE_SIM_DIR}/.source-sha256"
#: The installed nvidia-smi (install.sh's LIBDIR/bin): the probe runs it by path, as the
#: nccl-tests and attestation steps have not put it on PATH yet.
SMI = f"{NODE_SIM_DIR}/bin/nvidia-smi"
#: install.sh's exit status when the node has no Python >= 3.7 (its one line says what to do).
NO_PYTHON_EXIT = 3

# $1 = the pushed tarball, $2 = a scratch dir, $3 = <prefix>/build, $4 = the tree's hash,
# $5 = where the simulator goes.
_INSTALL = r"""
set -e
tar -xf "$1" -C "$2"
sh "$2/sim/install.sh" "$5" "$3" >/dev/null
printf '%s\n' "$4" > "$5/.source-sha256"
"""


def _tree() -> tuple[bytes, str]:
    """The simulator as a tarball (sorted, no caches, fixed times) and its SHA-256."""
    root = simulator_dir()
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    digest = hashlib.sha256()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for path in files:
            rel = path.relative_to(root.parent).as_posix()
            data = path.read_bytes()
            digest.update(rel.encode() + b"\0" + data + b"\0")
            info = tarfile.TarInfo(rel)
            info.size, info.mode = len(data), 0o755 if path.stat().st_mode & 0o111 else 0o644
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue(), digest.hexdigest()


def probe(node: Node) -> tuple[bool, str]:
    """Does the installed nvidia-smi run for a login shell of the admin? (ok, its interpreter or,
    when it does not run, its error)."""
    smi = node.run(
        ["bash", "-lc", 'exec "$@"', "probe", SMI, *SMI_PROBE[1:]], timeout=SMI_TIMEOUT_S
    )
    check = nvidia_smi_check(smi)
    if not check.ok:
        return False, check.detail
    first = node.run(["head", "-n", "1", "--", SMI]).stdout.strip()
    return True, first.removeprefix("#!")


def run_simulator(node: Node, *, dry_run: bool) -> StepResult:
    """Install (or update) the simulator unless the node holds this very tree and it runs."""
    data, sha = _tree()
    build = f"{node.host.nccl_tests.prefix}/build"
    have = node.run(["cat", "--", STAMP]).stdout.strip()
    broken = ""
    if have == sha:
        ok, said = probe(node)
        if ok:
            return StepResult(STEP, Status.OK, [f"simulated GPUs ({NODE_SIM_DIR}, {said})"])
        broken = f" (its nvidia-smi does not run: {said})"
    what = f"the GPU simulator into {NODE_SIM_DIR}, its programs linked into {build}"
    if dry_run:
        verb = "reinstall" if broken else "install"
        return StepResult(STEP, Status.CHANGED, [f"would {verb} {what}{broken}"])
    remote = node.temp_dir()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            local = Path(tmp) / "sim.tar"
            local.write_bytes(data)
            node.put(local, f"{remote}/sim.tar")
        node.check(["mkdir", "-p", "--", build], sudo=True)
        args = [f"{remote}/sim.tar", remote, build, sha, NODE_SIM_DIR]
        done = node.run(["bash", "-c", _INSTALL, "sim", *args], sudo=True)
        lines = (done.stderr.strip() or done.stdout.strip()).splitlines()
        if done.exit_code == NO_PYTHON_EXIT and lines:
            raise NodeError(lines[-1])
        if not done.ok:
            why = " / ".join(lines[-3:])
            raise NodeError(f"installing the simulator failed (exit {done.exit_code}): {why}")
    finally:
        node.run(["rm", "-rf", "--", remote], sudo=True)
    ok, said_probe = probe(node)
    if not ok:
        raise NodeError(f"installed the GPU simulator, but {SMI} does not run: {said_probe}")
    return StepResult(STEP, Status.CHANGED, [f"installed {what} (runs on {said_probe})"])
