"""Attested runs on a real node: the lab's programs behind wrappers that sign each run.

The work is grader/node/files/install-attest.sh, the installer the fake node runs too (helper,
allowlist, sudoers rule checked by `visudo -cf`, wrappers); docs/attestation.md says what each
piece does. What this step adds is which programs a real node has: every nccl-tests binary under
`<prefix>/build` (what the nccl-tests step built or found) and the driver's nvidia-smi. The probe
is the installer's own `--check` (what would change), so the verdict and --dry-run's answer come
from the same comparison the installer makes.
"""

from __future__ import annotations

from grader.node.paths import node_files_dir
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

STEP = "attestation"
INSTALLER = "install-attest.sh"
PUSHED_FILES = (INSTALLER, "attest_run.py", "attest-key.sh")
#: The installer's line for "nothing to do".
QUIET = frozenset({"install-attest: done"})

# On the node, with the pushed files in $1: the programs to attest, then the installer with them.
# $2 = nccl-tests prefix, $3 = bin_dir (where the wrappers go), $4.. = installer flags (--check).
# nvidia-smi: the driver's /usr/bin one, else what bin_dir/nvidia-smi resolves to unless that is
# already a wrapper (then the allowlist keeps the path it has).
_RUN = r"""
src=$1 prefix=$2 bin=$3; shift 3
set -- --src "$src" --bindir "$bin" "$@"
for b in "$prefix"/build/*_perf; do
  [ -x "$b" ] && set -- "$@" --program "$(basename "$b")=$b"
done
for c in /usr/bin/nvidia-smi "$bin/nvidia-smi"; do
  if [ -x "$c" ] && ! grep -qsF '# labgrader attested wrapper' "$c"; then
    set -- "$@" --program "nvidia-smi=$(readlink -f -- "$c")"
    break
  fi
done
exec bash "$src/install-attest.sh" "$@"
"""


def _installer(node: Node, *flags: str) -> list[str]:
    """Push the installer and the helper, run it once; its lines other than `done`, or NodeError."""
    cfg = node.host.nccl_tests
    remote = node.temp_dir()
    try:
        for name in PUSHED_FILES:
            node.put(node_files_dir() / name, f"{remote}/{name}")
        argv = ["bash", "-c", _RUN, "attest", remote, cfg.prefix, cfg.bin_dir, *flags]
        result = node.run(argv, sudo=True)
        if not result.ok:
            lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
            raise NodeError(lines[-1] if lines else f"{INSTALLER} failed ({result.exit_code})")
        return [ln for ln in result.stdout.splitlines() if ln.strip() not in QUIET]
    finally:
        node.run(["rm", "-rf", "--", remote])


def run_attestation(node: Node, *, dry_run: bool, rotate_key: bool = False) -> StepResult:
    """Probe with `--check`; unless dry_run, install what differs and probe again.

    rotate_key: the node gets a new signing key pair (install-attest.sh --rotate-key) even when
    nothing else differs; the daemon takes the new public key at its next connection.
    """
    rotate = ("--rotate-key",) if rotate_key else ()
    pending = [ln.removeprefix("install-attest: ") for ln in _installer(node, "--check", *rotate)]
    if not pending:
        return StepResult(STEP, Status.OK)
    if dry_run:
        return StepResult(STEP, Status.CHANGED, pending)
    changes = [ln.removeprefix("install-attest: ") for ln in _installer(node, *rotate)]
    left = _installer(node, "--check")
    if left:
        return StepResult(STEP, Status.FAILED, [f"{INSTALLER} ran but left: {'; '.join(left)}"])
    return StepResult(STEP, Status.CHANGED, changes)
