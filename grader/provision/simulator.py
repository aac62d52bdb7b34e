"""The GPU simulator on a CPU-only node, installed only when the inventory says `simulator: true`.

What gets installed is the simulator of the fake node's own package (found by
grader.node.paths.simulator_dir(), docs/simulator.md), by its own install.sh: the simulator into
NODE_SIM_DIR, its programs (nvidia-smi and the nccl-tests names) linked into `<prefix>/build`,
where the nccl-tests step finds them (and links them onto bin_dir) and the attestation step wraps
them like real programs. Nothing else tells a simulated node apart: the
health report reads the running nvidia-smi for SIMULATOR_MARK (grader.provision.health), so a
simulator copied by hand is named too.

Idempotence: the installed copy carries the SHA-256 of the tree it came from
(`NODE_SIM_DIR/.source-sha256`); the step is `ok` when it matches the installed package's tree.
"""

from __future__ import annotations

import hashlib
import io
import tarfile
import tempfile
from pathlib import Path

from grader.node import NODE_SIM_DIR, simulator_dir
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node

STEP = "simulator"
STAMP = f"{NODE_SIM_DIR}/.source-sha256"

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


def run_simulator(node: Node, *, dry_run: bool) -> StepResult:
    """Install (or update) the simulator unless the node holds this very tree."""
    data, sha = _tree()
    build = f"{node.host.nccl_tests.prefix}/build"
    have = node.run(["cat", "--", STAMP]).stdout.strip()
    if have == sha:
        return StepResult(STEP, Status.OK, [f"simulated GPUs ({NODE_SIM_DIR})"])
    what = f"the GPU simulator into {NODE_SIM_DIR}, its programs linked into {build}"
    if dry_run:
        return StepResult(STEP, Status.CHANGED, [f"would install {what}"])
    remote = node.temp_dir()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            local = Path(tmp) / "sim.tar"
            local.write_bytes(data)
            node.put(local, f"{remote}/sim.tar")
        node.check(["mkdir", "-p", "--", build], sudo=True)
        node.check(
            ["bash", "-c", _INSTALL, "sim", f"{remote}/sim.tar", remote, build, sha, NODE_SIM_DIR],
            sudo=True,
            what="installing the simulator",
        )
    finally:
        node.run(["rm", "-rf", "--", remote], sudo=True)
    return StepResult(STEP, Status.CHANGED, [f"installed {what}"])
