"""Attested runs on a real node: the lab's programs behind wrappers that sign each run.

The work is grader/node/files/install-attest.sh, the installer the fake node runs too (helper,
allowlist, sudoers rule checked by `visudo -cf`, wrappers); docs/attestation.md says what each
piece does. What this step adds is where a real node has the programs: every one the host's labs
name in `attest.programs`, wherever the nccl-tests step built or found it (under
`<prefix>/build`, on PATH, in bin_dir) and the driver's nvidia-smi. The probe is the installer's
own `--check` (what would change), so the verdict and --dry-run's answer come from the same
comparison the installer makes. Once the helper is in place the step proves it signs: the
installed helper's own signing code signs a probe text as root on the node and the grader
verifies it with the node's public key (ATTEST_PROBE_SCRIPT, `signing_verdict`); a node that
cannot (an OpenSSL without Ed25519, a helper that cannot reach it) fails the step, saying
OpenSSL's error. The health report's `attestation` check runs the same probe, and its
`attested-programs` check proves, per lab step, that what a learner types reaches a wrapper
(grader.provision.health).
"""

from __future__ import annotations

from grader.matching import verify_signature
from grader.node import NODE_LIB_DIR, node_files_dir, protocol_files
from grader.protocol import signed_run
from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

STEP = "attestation"
INSTALLER = "install-attest.sh"
#: Pushed beside them: the protocol modules (protocol_files) that install-protocol.sh installs.
PUSHED_FILES = (INSTALLER, "attest_run.py", "attest-key.sh", "install-protocol.sh")
#: The installer's line for "nothing to do".
QUIET = frozenset({"install-attest: done"})

# On the node, with the pushed files in $1: the programs to attest, then the installer with them.
# $2 = nccl-tests prefix, $3 = bin_dir (where the wrappers go), $4 = 1 for a --check run, then
# the installer's flags, `--`, and the program names (none: every *_perf under <prefix>/build
# and nvidia-smi, for an inventory that names no lab).
# Each NAME's real program: the allowlist's path when it still runs (a second run keeps it),
# else <prefix>/build/NAME, else the first NAME on root's PATH or in bin_dir that is not a
# wrapper, kept as found (a link too: a multi-call program picks its work by the name it was
# started by). A real program that sits where its wrapper goes (nccl-tests installed straight
# into /usr/local/bin) is copied to RELOCATED first, and the wrapper takes its place on PATH; a
# link there whose target has the same name is replaced by that target.
# A NAME found nowhere is printed as `install-attest: missing NAME`.
RELOCATED = "/usr/local/lib/labgrader/programs"
#: install-attest.sh's marker line in every wrapper (its WRAPPER_TAG): only files carrying it
#: are wrappers.
WRAPPER_TAG = "# labgrader attested wrapper"
#: Shell for every script here and in grader.provision.health that looks at wrappers on a node:
#: `$tag`, and `listed NAME`, the allowlist's real program for NAME (empty when none).
ALLOWLIST_SH = (
    f"tag='{WRAPPER_TAG}'\n"
    + "listed() { awk -F'\\t' -v n=\"$1\" '$1 == n { p = $2 } END { print p }' "
    + f"{signed_run.PROGRAMS_PATH} 2>/dev/null; }}\n"
)
_RUN = (
    r"""
src=$1 prefix=$2 bin=$3 check=$4; shift 4
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
[ $# -gt 0 ] && shift
"""
    + ALLOWLIST_SH
    + f"moved={RELOCATED}\n"
    + r"""
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for b in "$prefix"/build/*_perf; do [ -x "$b" ] && names+=("$(basename "$b")"); done
  names+=(nvidia-smi)
fi
real() {  # the real program for NAME $1 as found (links kept: a multi-call program needs its name)
  local n=$1 c
  for c in "$(listed "$n")" "$prefix/build/$n" /usr/bin/"$n" $(IFS=:; for d in $PATH "$bin"; do
      printf '%s\n' "$d/$n"; done); do
    case $c in /*) ;; *) continue ;; esac
    if [ -x "$c" ] && [ ! -d "$c" ] && ! grep -qsF "$tag" "$c"; then
      printf '%s\n' "$c"
      return
    fi
  done
}
set -- --src "$src" --bindir "$bin" "${flags[@]}"
for n in "${names[@]}"; do
  r=$(real "$n")
  if [ -z "$r" ]; then
    echo "install-attest: missing $n"
    continue
  fi
  if [ "$(readlink -m -- "$(dirname -- "$r")")/$n" = "$(readlink -m -- "$bin")/$n" ]; then
    # In the wrapper's place. A link there names the real program, unless the target answers
    # to another name (a multi-call program): then a link of this name is kept in $moved.
    t=$(readlink -f -- "$r")
    if [ -L "$r" ] && [ "$(basename -- "$t")" = "$n" ]; then
      r=$t
    elif [ "$check" = 1 ]; then
      echo "install-attest: would move $r to $moved/$n (the wrapper takes its place)"
      continue
    else
      install -d -m 755 -o root -g root -- "$moved"
      if [ -L "$r" ]; then
        ln -sfn -- "$t" "$moved/$n.labgrader-new"
      else
        cp -p -- "$r" "$moved/$n.labgrader-new"
      fi
      mv -fT -- "$moved/$n.labgrader-new" "$moved/$n"
      echo "install-attest: moved $r to $moved/$n (the wrapper takes its place)"
      r=$moved/$n
    fi
  fi
  set -- "$@" --program "$n=$r"
done
exec bash "$src/install-attest.sh" "$@"
"""
)


#: The signing probe (as root: only root may sign): the key pair's state and one real signature
#: of ATTEST_PROBE_TEXT made by the installed helper's own signing code
#: (attest_run.openssl_signer), which the grader then verifies. `sign=` is `sig HEX`, or `error
#: WHY` (the helper's OSError: OpenSSL's own words), or the last line python3 printed.
ATTEST_PROBE_TEXT = b"labgrader health probe"
ATTEST_PROBE_SCRIPT = (
    r"""
k=/etc/labgrader/attest.key p=/etc/labgrader/attest.pub
echo "key=$(stat -c '%a %U' -- "$k" 2>/dev/null)"
echo "pub=$(head -c 200 -- "$p" 2>/dev/null)"
echo "run=$(id -u labgrader-run 2>/dev/null)"
echo "proc=$(head -c 300 /etc/labgrader/proc-hidepid 2>/dev/null | head -n1)"
echo "sign=$(python3 -I -S -c '"""
    + "import sys\n"
    + "sys.path.insert(0, sys.argv[1])\n"
    + "try:\n"
    + "    import attest_run\n"
    + '    print("sig " + attest_run.openssl_signer()(sys.argv[2].encode()).hex())\n'
    + "except (OSError, ImportError) as exc:\n"
    + '    print("error " + " ".join(str(exc).split()))\n'
    + f"""' {NODE_LIB_DIR} "$1" 2>&1 | tail -n 1 | head -c 1000)"
"""
)


def signing_verdict(text: str) -> tuple[bool, str]:
    """ATTEST_PROBE_SCRIPT's output: can this node sign runs the grader will verify? (ok, what
    health and the attestation step say)."""
    got = dict(line.partition("=")[::2] for line in text.splitlines() if "=" in line)
    if got.get("key") != "400 root":
        why = f"mode {got['key']}" if got.get("key") else "missing"
        return False, f"/etc/labgrader/attest.key {why} (root 0400 needed)"
    try:
        public = signed_run.load_key(got.get("pub", ""))
    except ValueError:
        return False, "/etc/labgrader/attest.pub is not a public key"
    if not got.get("run", "").isdigit():
        return False, "no labgrader-run account (the programs run as it)"
    said = got.get("sign", "").strip()
    if not said.startswith("sig "):
        why = said.removeprefix("error ") or "the probe printed nothing"
        return False, f"the node cannot sign run records: {why}"
    try:
        sig = bytes.fromhex(said.removeprefix("sig "))
    except ValueError:
        sig = b""
    if not verify_signature(public, sig, ATTEST_PROBE_TEXT):
        return False, (
            "the node's signature does not verify with /etc/labgrader/attest.pub "
            "(the pair does not match: grader provision --rotate-attest-key)"
        )
    # /proc's hidepid (install-attest.sh): said, not failed: a container's /proc cannot have it
    proc = got.get("proc") or "hidepid unknown (install-attest.sh has not run since)"
    return True, f"signs; public key {public.hex()[:16]}...; /proc: {proc}"


def probe_signing(node: Node) -> tuple[bool, str]:
    """Sign ATTEST_PROBE_TEXT on the node with its installed helper and verify it here."""
    probe = node.script(ATTEST_PROBE_SCRIPT, ATTEST_PROBE_TEXT.decode(), sudo=True)
    return signing_verdict(probe.stdout)


def _installer(node: Node, *flags: str) -> list[str]:
    """Push the installer and the helper, run it once; its lines other than `done`, or NodeError."""
    cfg = node.host.nccl_tests
    remote = node.temp_dir()
    try:
        for name in PUSHED_FILES:
            node.put(node_files_dir() / name, f"{remote}/{name}")
        node.check(["mkdir", "--", f"{remote}/protocol"])
        for name, path in protocol_files().items():
            node.put(path, f"{remote}/{name}")
        check = "1" if "--check" in flags else "0"
        programs = node.host.attest_programs
        argv = ["bash", "-c", _RUN, "attest", remote, cfg.prefix, cfg.bin_dir, check, *flags]
        result = node.run([*argv, "--", *programs], sudo=True)
        if not result.ok:
            lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
            raise NodeError(lines[-1] if lines else f"{INSTALLER} failed ({result.exit_code})")
        return [ln for ln in result.stdout.splitlines() if ln.strip() not in QUIET]
    finally:
        node.run(["rm", "-rf", "--", remote])


def _missing(node: Node, *flags: str) -> tuple[list[str], set[str]]:
    """The installer's lines (prefix dropped) without its `missing NAME` ones, and those names."""
    lines = [ln.removeprefix("install-attest: ") for ln in _installer(node, *flags)]
    missing = {ln.removeprefix("missing ") for ln in lines if ln.startswith("missing ")}
    return [ln for ln in lines if not ln.startswith("missing ")], missing


def _unrunnable(node: Node, missing: set[str]) -> list[str]:
    """The lab steps none of whose attested programs the node has, said for the operator."""
    out = []
    for step, programs in node.host.attest_steps:
        if programs <= missing:
            found = f"{node.host.nccl_tests.prefix}/build, {node.host.nccl_tests.bin_dir}, PATH"
            out.append(
                f"step {step} runs {' or '.join(sorted(programs))}: not on the node ({found})"
            )
    return out


def run_attestation(node: Node, *, dry_run: bool, rotate_key: bool = False) -> StepResult:
    """Probe with `--check`; unless dry_run, install what differs and probe again.

    Every program the host's labs attest is wrapped where the node has it. One a lab step needs
    and the node lacks fails the step (the node could never verify it); one no step runs is
    only noted (a nccl-tests build without hypercube_perf, say). Once nothing is left to
    install, the node must sign a probe the grader verifies (probe_signing), or the step fails
    with the reason: every attested step would fail on it otherwise.

    rotate_key: the node gets a new signing key pair (install-attest.sh --rotate-key) even when
    nothing else differs; the daemon takes the new public key at its next connection.
    """
    rotate = ("--rotate-key",) if rotate_key else ()
    pending, missing = _missing(node, "--check", *rotate)
    notes = [f"not on the node, no step runs it: {', '.join(sorted(missing))}"] if missing else []
    unrunnable = _unrunnable(node, missing)
    if not pending:
        signs, said = probe_signing(node)
        if unrunnable or not signs:
            return StepResult(STEP, Status.FAILED, unrunnable + ([] if signs else [said]))
        return StepResult(STEP, Status.OK, notes)
    if dry_run:
        return StepResult(STEP, Status.CHANGED, pending + unrunnable)
    changes, _ = _missing(node, *rotate)
    left, _ = _missing(node, "--check")
    if left:
        return StepResult(STEP, Status.FAILED, [f"{INSTALLER} ran but left: {'; '.join(left)}"])
    signs, said = probe_signing(node)
    if unrunnable or not signs:
        return StepResult(STEP, Status.FAILED, changes + unrunnable + ([] if signs else [said]))
    return StepResult(STEP, Status.CHANGED, changes + notes)
