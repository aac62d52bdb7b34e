"""`--check`'s drift checks: what provisioning set up is still what learners get.

Three checks a node's report carries beside the hardware ones (grader.provision.health):

- `tools`: the programs provisioning and the checks rely on, each named with the Debian/Ubuntu
  package that brings it (`ip: install iproute2`), so a bare node's missing `ip` is not reported
  as "no IPv4 interface".
- `self-check`: the node's own self-check (grader/node/selfcheck.py, the one the daemon runs every
  half minute): capture hooks present, signing files present, the learners' sshd block in effect
  for a learner (`sshd -T -C user=...`).
- `learner-path`: what a learner's login shell runs for all_reduce_perf: found on its PATH, and
  the attested wrapper when the allowlist lists the program (else the learner's runs are not
  signed, whatever the smoke run, which runs the build, says).

Each failure ends with the fix. Parsers are pure; the `*_check(node)` functions run one command
and answer (ok, detail), health's Check without its name (like attestation.probe_signing).
"""

from __future__ import annotations

from grader.node import degraded_status, self_check_argv, self_check_problems
from grader.provision.attestation import ALLOWLIST_SH
from grader.provision.nccltests import PROBE_BINARY
from grader.provision.session import Node

#: Program → the package that installs it (Debian/Ubuntu names; RHEL's are the same but for
#: `script`, in util-linux there too).
TOOLS = {
    "ip": "iproute2",
    "script": "bsdutils (util-linux)",
    "sshd": "openssh-server",
    "ssh-keygen": "openssh-client",
    "python3": "python3",
    "sudo": "sudo",
    "openssl": "openssl",
}
#: `NAME` per TOOLS program a login shell (with sbin added: sshd lives there) cannot find.
_TOOLS_SCRIPT = (
    'PATH=$PATH:/usr/sbin:/sbin; for t in "$@"; do command -v -- "$t" >/dev/null || echo "$t"; done'
)
#: What a login shell runs for $1: `missing`, `wrapped PATH`, `unwrapped PATH` (the allowlist
#: lists the program but PATH reaches something else first) or `plain PATH` (not attested).
_LEARNER_PATH_SCRIPT = (
    ALLOWLIST_SH
    + r"""
p=$(command -v -- "$1") || { echo missing; exit 0; }
if grep -qsF "$tag" "$p"; then echo "wrapped $p"
elif [ -n "$(listed "$1")" ]; then echo "unwrapped $p"
else echo "plain $p"; fi
"""
)
FIX = "run grader provision"


def tools_verdict(missing: list[str]) -> tuple[bool, str]:
    if not missing:
        return True, ", ".join(TOOLS)
    return False, "missing " + ", ".join(f"{t}: install {TOOLS.get(t, t)}" for t in missing)


def tools_check(node: Node) -> tuple[bool, str]:
    found = node.script(_TOOLS_SCRIPT, *TOOLS)
    return tools_verdict(found.stdout.split())


def self_check(node: Node) -> tuple[bool, str]:
    """The daemon's self-check, run here as the admin (it needs no root)."""
    host = node.host
    learner = host.accounts[0] if host.accounts else None
    if learner and not node.run(["id", "--", learner]).ok:
        learner = None  # (the learners step reports the missing account)
    out = node.run(self_check_argv(learner, signing=True)).stdout
    problems = self_check_problems(out, learner)
    if problems:
        return False, degraded_status(problems)
    sshd = f", learners' sshd block ({learner})" if learner else ""
    return True, f"capture hooks, signing files{sshd}"


def learner_path_verdict(text: str) -> tuple[bool, str]:
    what, _, path = text.strip().partition(" ")
    name = PROBE_BINARY
    if what == "missing" or not what:
        why = "not on a login shell's PATH: learners cannot run it"
    elif what == "unwrapped":
        why = f"a login shell runs {path}, not its attested wrapper: learners' runs are unsigned"
    else:
        return True, f"{name}: {path}" + (" (wrapped)" if what == "wrapped" else "")
    return False, f"{name}: {why}; {FIX}"


def learner_path_check(node: Node) -> tuple[bool, str]:
    found = node.run(["bash", "-lc", _LEARNER_PATH_SCRIPT, "probe", PROBE_BINARY])
    return learner_path_verdict(found.stdout)
