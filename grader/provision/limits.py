"""Per-learner limits: one learner's fork bomb or memory hog leaves the others' commands graded.

The work is grader/node/files/install-limits.sh (the fake-node image runs the same script): a
limits.conf drop-in for the learners' group on every node, and on nodes where systemd runs a
drop-in per learner's user slice (TasksMax, MemoryMax, CPUWeight). Its `--check` mode is this
step's probe, so the node itself says what differs (its RAM, whether systemd runs, whether a GPU
device is there decide what it writes); a second `--check` after the run proves it took.

The health check (`limits_check`) measures rather than reads back: what a PAM session of a learner
really gets (`sudo -u` runs pam_limits like sshd's session does), whether sshd's PAM stack loads
pam_limits at all, and, under systemd, the slice's live properties. docs/provisioning.md
"Learner limits" says what each kind of node gets.
"""

from __future__ import annotations

from grader.node import node_files_dir
from grader.provision.inventory import LearnerLimits
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

STEP = "learner-limits"
SCRIPT = "install-limits.sh"
QUIET = frozenset({"install-limits: done"})

#: (as root) $1 = a learner: what limits that learner's logins get, one `key value` line each.
#: usepam/pam: does sshd run a PAM session that loads pam_limits (directly or one include deep,
#: as Debian's `@include` and RHEL's `include`/`substack` lines do); login: `ulimit -u` and
#: `ulimit -v` in a PAM session of the learner: runuser's (util-linux; its PAM stack runs
#: pam_limits, as sshd's does, on Debian 11/12 and RHEL 8), else sudo's (Debian 11's sudo stack
#: has no pam_limits, so there sudo would show no limit that a login gets); systemd:
#: the learner's slice's TasksMax, MemoryMax and CPUWeight as systemd applies them.
PROBE_SCRIPT = r"""
u=$1
sshd=$(command -v sshd || echo /usr/sbin/sshd)
echo "usepam $("$sshd" -T -C "user=$u,host=localhost,addr=127.0.0.1" 2>/dev/null |
  awk '$1 == "usepam" { print $2 }')"
pam=no
for f in /etc/pam.d/sshd $(awk '$1 == "@include" { print "/etc/pam.d/" $2 }
  ($2 == "include" || $2 == "substack") { print "/etc/pam.d/" $3 }' /etc/pam.d/sshd 2>/dev/null); do
  grep -qsE '^[[:space:]]*-?session[[:space:]].*pam_limits\.so' "$f" && pam=yes
done
echo "pam $pam"
as_learner="sudo -n -u"
command -v runuser >/dev/null && as_learner="runuser -u"
echo "login $($as_learner "$u" -- bash -c 'echo "$(ulimit -u) $(ulimit -v)"' 2>/dev/null)"
[ -e /dev/nvidiactl ] && echo "gpu yes"
if [ -d /run/systemd/system ]; then
  echo "systemd $(systemctl show "user-$(id -u -- "$u").slice" -p TasksMax -p MemoryMax \
    -p CPUWeight --value 2>/dev/null | tr '\n' ' ')"
fi
exit 0
"""


def _script_argv(limits: LearnerLimits, *, check: bool) -> list[str]:
    text = (node_files_dir() / SCRIPT).read_text(encoding="utf-8")
    argv = ["bash", "-c", text, SCRIPT, "--nproc", str(limits.nproc), "--memory", limits.memory]
    argv += ["--cpu-weight", str(limits.cpu_weight)]
    return [*argv, "--check"] if check else argv


def _pending(node: Node) -> list[str]:
    """What install-limits.sh --check says differs (`would write ...` lines)."""
    got = node.run(_script_argv(node.host.limits, check=True), sudo=True)
    if not got.ok:
        lines = [ln for ln in got.stderr.splitlines() if ln.strip()]
        raise NodeError(lines[-1] if lines else f"{SCRIPT} --check failed ({got.exit_code})")
    return [ln.removeprefix("would ") for ln in got.stdout.splitlines() if ln.strip()]


def run_limits(node: Node, *, dry_run: bool) -> StepResult:
    """Probe; unless dry_run, apply with one script run and probe again."""
    limits = node.host.limits
    said = f"nproc {limits.nproc}, memory {limits.memory}, CPU weight {limits.cpu_weight}"
    before = _pending(node)
    if not before:
        return StepResult(STEP, Status.OK, [said])
    if dry_run:
        return StepResult(STEP, Status.CHANGED, [f"would {p}" for p in before])
    done = node.run(_script_argv(limits, check=False), sudo=True)
    if not done.ok:
        lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
        return StepResult(STEP, Status.FAILED, lines[-1:] or [f"{SCRIPT} failed"])
    left = _pending(node)
    if left:
        return StepResult(STEP, Status.FAILED, [f"{SCRIPT} ran but left: {'; '.join(left)}"])
    changes = [ln for ln in done.stdout.splitlines() if ln.strip() and ln not in QUIET]
    return StepResult(STEP, Status.CHANGED, [ln.removeprefix("install-limits: ") for ln in changes])


def _kib(text: str) -> str:
    """`ulimit -v`'s KiB as a short size (`11.7G`), or the word it printed."""
    if not text.isdigit():
        return text
    size = float(text)
    for unit in ("K", "M", "G", "T"):
        if size < 1024 or unit == "T":
            return f"{size:.1f}{unit}".replace(".0", "")
        size /= 1024
    return text  # pragma: no cover (the loop returns)


def _bytes(text: str) -> str:
    return _kib(str(int(text) // 1024)) if text.isdigit() else text


def limits_check(text: str, limits: LearnerLimits) -> tuple[bool, str]:
    """PROBE_SCRIPT's output against the inventory's limits: are learners bounded as it says?
    (ok, the evidence), the health check `learner-limits`."""
    facts: dict[str, list[str]] = {}
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        facts[key] = rest.split()
    problems = []
    if facts.get("usepam") != ["yes"] or facts.get("pam") != ["yes"]:
        problems.append(
            "sshd applies no limits.conf to logins (needs UsePAM yes and pam_limits in "
            "/etc/pam.d/sshd)"
        )
    login = facts.get("login", [])
    nproc, address = [*login, "?", "?"][:2]
    if nproc != str(limits.nproc):
        problems.append(f"a learner's session gets nproc={nproc}, not {limits.nproc}")
    systemd = facts.get("systemd")
    if systemd is not None:
        tasks, memory, weight = [*systemd, "?", "?", "?"][:3]
        mem = f"mem={_bytes(memory)} (slice MemoryMax)"
        cpu = f"cpu-weight={weight}"
        if tasks != str(limits.nproc):
            problems.append(f"the learner's slice has TasksMax={tasks}, not {limits.nproc}")
        if (memory == "infinity") != (limits.memory == "unlimited"):
            problems.append(f"the learner's slice has MemoryMax={memory}, not {limits.memory}")
        if weight != str(limits.cpu_weight):
            problems.append(f"the learner's slice has CPUWeight={weight}, not {limits.cpu_weight}")
    else:
        cpu = "cpu=shared (no systemd)"
        if limits.memory == "unlimited":
            want_bound, why = False, "unlimited"
        elif "gpu" in facts:
            want_bound, why = False, "unbounded: no systemd, and CUDA forbids an as limit"
        else:
            want_bound, why = True, ""
        mem = f"mem={_kib(address)}/process (limits.conf as)" if want_bound else f"mem={why}"
        if want_bound == (address == "unlimited"):
            problems.append(f"a learner's session gets as={address} (memory {limits.memory})")
    if problems:
        return False, "; ".join(problems) + ": run `grader provision`"
    return True, f"nproc={nproc} {mem} {cpu}"


def probe_limits(node: Node) -> tuple[bool, str]:
    """The health check: the limits a learner's login gets on this node (ok, the evidence)."""
    if not node.host.accounts:
        return True, "no learner accounts on this host"
    got = node.script(PROBE_SCRIPT, node.host.accounts[0], sudo=True)
    return limits_check(got.stdout, node.host.limits)
