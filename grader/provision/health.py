"""Health checks: is this node fit for the lab? A node report as JSON and as a table.

Checks (each ok or not, with the evidence): nvidia-smi present, GPU count ≥ what the host's labs
require, the topology matrix, P2P read status between GPUs, the NICs and the interface NCCL would
choose, an nccl-tests smoke run at small sizes with its average bus bandwidth, the node's bash
(capture needs >= 4.4), a real captured command through the installed hooks, and the node's
python3 (the node programs need >= 3.6). The parsers are pure functions over command output
(formats in docs/nccl-facts.md / nvidia-smi; the capture probe through grader.capture's own
parser); only `run_health` touches the node.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any

from grader.capture import Anomaly, CommandEnded, SessionParser
from grader.node import NODE_LIB_DIR, SIMULATOR_MARK
from grader.protocol import signed_run
from grader.provision.attestation import ALLOWLIST_SH, probe_signing
from grader.provision.drift import learner_path_check, self_check, tools_check
from grader.provision.limits import probe_limits
from grader.provision.nccltests import PROBE_BINARY, find_working
from grader.provision.session import Node, Result

#: Capture needs PS0 (bash 4.4); the node programs (spool reader, helpers, `lab`) need python 3.6.
BASH_MIN = (4, 4)
PYTHON_MIN = (3, 6)
#: What the capture probe types; its record must come back with exactly this line and output.
PROBE_LINE = "echo labgrader-capture-$((6*7))"
PROBE_OUTPUT = "labgrader-capture-42"
PROBE_TIMEOUT_S = 30.0

_GPU_LINE = re.compile(r"^GPU (\d+): (.+?)(?: \(UUID: (\S+)\))?$")
_BUSBW = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*([0-9.]+)", re.M)
_OOB = re.compile(r"^#\s*Out of bounds values\s*:\s*(\d+)\s*(\S*)", re.M)
# NCCL's INFO line for the socket transport it bootstraps over (docs/nccl-facts.md §3.1:
# "NET/Socket : Using [0]eth0:10.0.0.5<0>"); the first interface listed is the one it uses.
_NCCL_IF = re.compile(r"NET/Socket : Using \[0\]([^:\s]+):")
#: NCCL's default interface choice skips these prefixes (NCCL_SOCKET_IFNAME unset: "^docker,lo"),
#: preferring InfiniBand-style `ib` names first.
NCCL_DEFAULT_EXCLUDED = ("docker", "lo")
#: nvidia-smi answers in well under a second on a healthy node; a hung driver takes forever.
SMI_TIMEOUT_S = 30.0
#: Does nvidia-smi run: the health check, and the simulator step's probe of what it installed.
SMI_PROBE = ("nvidia-smi", "-L")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str


@dataclass
class NodeReport:
    host: str
    checks: list[Check] = field(default_factory=list)
    gpus: list[dict[str, str]] = field(default_factory=list)
    topology: str = ""
    p2p: dict[str, str] = field(default_factory=dict)
    nics: list[dict[str, str]] = field(default_factory=list)
    nccl_interface: str = ""
    busbw_gbps: float | None = None
    #: The nvidia-smi that runs is the GPU simulator: its GPUs and bandwidth are not real.
    simulated: bool = False

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "ok": self.ok,
            "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in self.checks],
            "gpus": self.gpus,
            "topology": self.topology,
            "p2p": self.p2p,
            "nics": self.nics,
            "nccl_interface": self.nccl_interface,
            "busbw_gbps": self.busbw_gbps,
            "simulated": self.simulated,
        }


def parse_gpu_list(text: str) -> list[dict[str, str]]:
    """`nvidia-smi -L` lines → [{index, name, uuid}]."""
    gpus = []
    for line in text.splitlines():
        m = _GPU_LINE.match(line.strip())
        if m:
            gpus.append({"index": m.group(1), "name": m.group(2), "uuid": m.group(3) or ""})
    return gpus


def parse_matrix(text: str) -> tuple[str, dict[str, str]]:
    """A `nvidia-smi topo` matrix (before its Legend) → (the matrix text, {"GPU0-GPU1": cell})."""
    lines = []
    for line in text.splitlines():
        if line.strip().startswith("Legend"):
            break
        if line.strip():
            lines.append(line.rstrip())
    cells: dict[str, str] = {}
    if lines:
        header = lines[0].split()
        for row in lines[1:]:
            parts = row.split()
            if not parts or not parts[0].startswith("GPU"):
                continue
            for col, value in zip(header, parts[1:], strict=False):
                if col.startswith("GPU") and col != parts[0]:
                    cells[f"{parts[0]}-{col}"] = value
    return "\n".join(lines), cells


def parse_nics(text: str) -> list[dict[str, str]]:
    """`ip -o -4 addr show` → [{name, address}] in the kernel's order."""
    nics = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[2] == "inet":
            nics.append({"name": parts[1], "address": parts[3].split("/")[0]})
    return nics


def predict_interface(nics: list[dict[str, str]], ifname: str | None) -> str:
    """The interface NCCL's socket bootstrap would pick (NCCL_SOCKET_IFNAME rules, simplified:
    `^` excludes prefixes, `=` means exact names, else prefixes; default `^docker,lo`, ib first)."""
    names = [n["name"] for n in nics]
    if ifname:
        exclude = ifname.startswith("^")
        spec = ifname.lstrip("^")
        exact = spec.startswith("=")
        wanted = [w for w in spec.lstrip("=").split(",") if w]

        def hit(name: str) -> bool:
            return any(name == w if exact else name.startswith(w) for w in wanted)

        pick = [n for n in names if hit(n) != exclude]
        return pick[0] if pick else ""
    usable = [n for n in names if not n.startswith(NCCL_DEFAULT_EXCLUDED)]
    ib = [n for n in usable if n.startswith("ib")]
    return (ib or usable or [n for n in names if n.startswith("lo")] or [""])[0]


def parse_smoke(text: str) -> tuple[float | None, str, bool]:
    """nccl-tests output → (avg bus bandwidth GB/s, NCCL's interface, out-of-bounds clean)."""
    bw = _BUSBW.search(text)
    oob = _OOB.search(text)
    iface = _NCCL_IF.search(text)
    return (
        float(bw.group(1)) if bw else None,
        iface.group(1) if iface else "",
        bool(oob and oob.group(1) == "0"),
    )


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def nvidia_smi_check(smi: Result) -> Check:
    """SMI_PROBE's result: does nvidia-smi run? On failure its last line says why (a driver's
    "couldn't communicate", the simulator interpreter's SyntaxError), not a whole traceback."""
    if smi.ok:
        return Check("nvidia-smi", True, "present")
    said = (smi.stderr.strip() or smi.stdout.strip()).splitlines()
    return Check("nvidia-smi", False, said[-1].strip() if said else "missing")


def shell_check(text: str) -> Check:
    """`bash -c 'echo $BASH_VERSION'`'s output: can the learners' bash be captured at all?"""
    version = _version(text)
    shown = ".".join(map(str, version)) or "unknown"
    if len(version) < 2:
        return Check("shell", False, f"bash version unreadable: {text.strip()[:80]!r}")
    if version[:2] < BASH_MIN:
        return Check(
            "shell",
            False,
            f"bash {shown}: no PS0, command lines cannot be captured (bash >= 4.4 needed; "
            "docs/node-capture.md)",
        )
    return Check("shell", True, f"bash {shown}")


def python_check(text: str) -> Check:
    """`python3 -c 'print(sys.version)'`'s output: can the node programs run?"""
    version = _version(text)
    shown = ".".join(map(str, version)) or "missing"
    ok = len(version) >= 2 and version[:2] >= PYTHON_MIN
    need = "" if ok else " (the spool reader and `lab` need python3 >= 3.6)"
    return Check("node-python", ok, f"python3 {shown}{need}")


def capture_probe_script(lib_dir: str = NODE_LIB_DIR) -> str:
    """A bash script that types PROBE_LINE into the installed hooks under `script` and prints the
    session file: the same recording a learner's login makes, in a throw-away spool."""
    rcfile = shlex.quote(f"{lib_dir}/hooks.bash")
    return (
        "d=$(mktemp -d) || exit 1; trap 'rm -rf \"$d\"' EXIT; "
        f"printf '%s\\nexit\\n' {shlex.quote(PROBE_LINE)} | "
        'LABGRADER_ROOT="$d" LABGRADER_NONCE=probe HOME="$d" '
        f'script -qfec "bash --rcfile {rcfile} -i" "$d/probe.ts" >/dev/null 2>&1; '
        'cat "$d/probe.ts"'
    )


def capture_check(recording: bytes) -> Check:
    """Parse the probe's session file with the grader's own parser: did the line come back?"""
    parser = SessionParser("probe", "probe")
    events = parser.feed(recording) + parser.close()
    problems = [e for e in events if isinstance(e, Anomaly)]
    unsupported = [e for e in problems if e.kind == "shell_unsupported"]
    if unsupported:
        return Check("capture", False, unsupported[0].extra.get("reason", "shell unsupported"))
    for e in events:
        if isinstance(e, CommandEnded) and e.record.line == PROBE_LINE:
            r = e.record
            if r.line_reliable and r.exit == 0 and PROBE_OUTPUT in r.output:
                return Check("capture", True, "a typed command came back with its line and output")
            return Check(
                "capture",
                False,
                f"the probe's command came back wrong (exit {r.exit}, line trusted: "
                f"{r.line_reliable}, output {r.output[:60]!r})",
            )
    why = "; ".join(f"{a.kind}: {a.detail}" for a in problems[:2]) or "no capture markers"
    return Check("capture", False, f"the probe's command was not captured ({why})")


#: Per attested program (arguments: bin_dir, then the names): what a login shell runs for it,
#: whether that is the wrapper, and the allowlist's real program. One line per name:
#: `NAME wrapped PATH`, `NAME shadowed PATH` (PATH reaches another program first),
#: `NAME nowrapper`, `NAME unlisted` or `NAME gone PATH`.
ATTESTED_PROGRAMS_SCRIPT = (
    ALLOWLIST_SH
    + r"""
bin=$1; shift
for n in "$@"; do
  w=$bin/$n
  if ! grep -qsF "$tag" "$w"; then echo "$n nowrapper"; continue; fi
  first=$(command -v -- "$n" 2>/dev/null)
  if [ "$(readlink -f -- "$first")" != "$(readlink -f -- "$w")" ]; then
    echo "$n shadowed $first"; continue
  fi
  p=$(listed "$n")
  if [ -z "$p" ]; then echo "$n unlisted"
  elif [ ! -x "$p" ] || [ -d "$p" ]; then echo "$n gone $p"
  else echo "$n wrapped $p"; fi
done
"""
)

_WHY = {
    "nowrapper": "no attested wrapper in {bin}",
    "shadowed": "a login shell runs {rest} first, not the wrapper in {bin}",
    "unlisted": f"not in {signed_run.PROGRAMS_PATH}",
    "gone": "its real program {rest} is not an executable file",
}


def attested_programs_check(
    text: str, steps: tuple[tuple[str, frozenset[str]], ...], bin_dir: str
) -> Check:
    """ATTESTED_PROGRAMS_SCRIPT's output against the lab steps that need a signed run: each step
    must have one of its programs reach a wrapper, else the node can never verify it."""
    state: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        name, _, rest = line.partition(" ")
        what, _, path = rest.partition(" ")
        state[name] = (what, path)
    # One line per cause, naming the steps it blocks (a program most steps run breaks them all).
    broken: dict[str, list[str]] = {}
    for step, programs in steps:
        if any(state.get(p, ("", ""))[0] == "wrapped" for p in programs):
            continue
        p = sorted(programs)[0]
        what, rest = state.get(p, ("nowrapper", ""))
        cause = f"{p}: " + _WHY.get(what, what).format(bin=bin_dir, rest=rest)
        broken.setdefault(cause, []).append(step)
    if broken:
        said = []
        for cause, blocked in broken.items():
            more = f", +{len(blocked) - 2} more" if len(blocked) > 2 else ""
            said.append(f"{cause} (blocks {', '.join(blocked[:2])}{more})")
        return Check("attested-programs", False, "; ".join(said))
    wrapped = sorted(n for n, (what, _) in state.items() if what == "wrapped")
    return Check(
        "attested-programs",
        True,
        f"{len(steps)} lab step(s) reach wrappers: {', '.join(wrapped) or 'none'}",
    )


#: Which nvidia-smi a login shell runs, through its attested wrapper to the real program, and
#: whether that program is the GPU simulator (SIMULATOR_MARK): prints `simulated` or nothing.
SIMULATED_PROBE_SCRIPT = (
    ALLOWLIST_SH
    + r"""
p=$(command -v nvidia-smi) || exit 0
grep -qsF "$tag" "$p" && p=$(listed nvidia-smi)
"""
    + f'grep -qsF \'{SIMULATOR_MARK}\' "$(readlink -f -- "$p")" && echo simulated\n'
)


def run_health(node: Node, *, canary: bool = True) -> NodeReport:
    """Every check against the node (read-only, as the admin user; sudo only for attestation,
    whose key only root may use), then, with `canary`, the graded canary: it logs in as its own
    account and types the lab, so it never runs in a --dry-run."""
    host = node.host
    report = NodeReport(host.name)
    add = report.checks.append
    smi = node.run(SMI_PROBE, timeout=SMI_TIMEOUT_S)
    add(nvidia_smi_check(smi))
    report.gpus = parse_gpu_list(smi.stdout) if smi.ok else []
    sim = node.run(["bash", "-lc", SIMULATED_PROBE_SCRIPT, "probe"])
    report.simulated = sim.stdout.strip() == "simulated"
    kind = "simulated " if report.simulated else ""
    count = len(report.gpus)
    add(
        Check(
            "gpu-count",
            count >= max(host.min_gpus, 1),
            f"{count} {kind}GPU(s), lab needs {host.min_gpus or 1}",
        )
    )
    if smi.ok:
        topo = node.run(["nvidia-smi", "topo", "-m"], timeout=SMI_TIMEOUT_S)
        report.topology, links = parse_matrix(topo.stdout)
        add(
            Check(
                "topology",
                topo.ok and bool(report.topology),
                ", ".join(f"{k} {v}" for k, v in links.items()) or "no matrix",
            )
        )
        p2p = node.run(["nvidia-smi", "topo", "-p2p", "r"], timeout=SMI_TIMEOUT_S)
        _, report.p2p = parse_matrix(p2p.stdout)
        bad = {k: v for k, v in report.p2p.items() if v != "OK"}
        detail = (
            "all OK"
            if report.p2p and not bad
            else (", ".join(f"{k} {v}" for k, v in bad.items()) or "no P2P matrix")
        )
        # P2P not OK is legal (NCCL falls back to SHM); reported, and fails only if unreadable.
        add(Check("p2p-read", p2p.ok and bool(report.p2p), detail))
    tools = tools_check(node)
    add(Check("tools", *tools))
    nics = node.run(["ip", "-o", "-4", "addr", "show"])
    report.nics = parse_nics(nics.stdout)
    no_nics = "no IPv4 interface"
    if "ip: install" in tools[1]:  # no `ip` to ask: say that, not "no interface"
        no_nics = "cannot list interfaces: ip missing (install iproute2)"
    predicted = predict_interface(report.nics, host.environment.get("NCCL_SOCKET_IFNAME"))
    report.nccl_interface = predicted
    add(
        Check(
            "nics",
            bool(report.nics),
            ", ".join(f"{n['name']} {n['address']}" for n in report.nics) or no_nics,
        )
    )
    bash = node.run(["bash", "-c", 'echo "$BASH_VERSION"'])
    add(shell_check(bash.stdout if bash.ok else ""))
    probe = node.run(["bash", "-c", capture_probe_script()], timeout=PROBE_TIMEOUT_S)
    add(capture_check(probe.stdout.encode("utf-8", "surrogateescape")))
    py = node.run(["python3", "-c", "import sys; print(sys.version.split()[0])"])
    add(python_check(py.stdout if py.ok else ""))
    # the probe the attestation step runs after installing: the installed helper signs, the
    # grader verifies (grader.provision.attestation.probe_signing)
    add(Check("attestation", *probe_signing(node)))
    # what provisioning set up is still in effect (the daemon's self-check, and the login PATH)
    add(Check("self-check", *self_check(node)))
    add(Check("learner-path", *learner_path_check(node)))
    # what one learner may take of the node (grader.provision.limits)
    add(Check("learner-limits", *probe_limits(node)))
    if host.attest_steps:
        names = sorted({p for _, programs in host.attest_steps for p in programs})
        # A login shell: its PATH is the one a learner's session starts from.
        wrapped = node.run(
            ["bash", "-lc", ATTESTED_PROGRAMS_SCRIPT, "probe", host.nccl_tests.bin_dir, *names]
        )
        add(attested_programs_check(wrapped.stdout, host.attest_steps, host.nccl_tests.bin_dir))
    found = find_working(node)
    if found is None:
        add(Check("nccl-tests-smoke", False, f"{PROBE_BINARY} not installed"))
        if canary:
            add(canary_check(node))
        return report
    ngpus = str(max(count, 1))
    smoke = node.run(
        [
            found.path,
            "-b",
            host.smoke.min_bytes,
            "-e",
            host.smoke.max_bytes,
            "-f",
            "2",
            "-g",
            ngpus,
        ],
        env={**host.environment, "NCCL_DEBUG": "INFO"},
        timeout=host.smoke.timeout_s,
    )
    bw, used, clean = parse_smoke(smoke.stdout + smoke.stderr)
    report.busbw_gbps = bw
    if used:
        report.nccl_interface = used
    add(
        Check(
            "nccl-interface",
            bool(report.nccl_interface),
            f"{report.nccl_interface} (" + ("seen in NCCL's log" if used else "predicted") + ")",
        )
    )
    ok = smoke.ok and bw is not None and clean
    add(
        Check(
            "nccl-tests-smoke",
            ok,
            f"{PROBE_BINARY} {host.smoke.min_bytes}..{host.smoke.max_bytes} on {ngpus} GPU(s): "
            + (
                f"avg bus bandwidth {bw:g} GB/s" + (" (simulated)" if report.simulated else "")
                if bw is not None
                else f"exit {smoke.exit_code}, no bandwidth line"
            ),
        )
    )
    if canary:
        add(canary_check(node))
    return report


def canary_check(node: Node) -> Check:
    """The graded canary (grader.provision.canary): the node is ready when it verifies."""
    from grader.provision.canary import run_canary  # it imports the matcher: only when run

    result = run_canary(node)
    return Check("canary", result.ok, result.detail)


def report_table(report: NodeReport) -> str:
    width = max((len(c.name) for c in report.checks), default=5)
    kind = " (simulated GPUs)" if report.simulated else ""
    lines = [f"node {report.host}: {'healthy' if report.ok else 'NOT READY'}{kind}"]
    for c in report.checks:
        lines.append(f"  {c.name:<{width}}  {'ok' if c.ok else 'FAIL':<4}  {c.detail}")
    if report.topology:
        lines.append("  topology:")
        lines += [f"    {ln}" for ln in report.topology.splitlines()]
    return "\n".join(lines)
