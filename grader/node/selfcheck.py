"""The node's light self-check: is what provisioning installed still in effect?

One short bash script, run as any account (the daemon's grader account has no sudo), prints one
line per problem it finds and nothing on a healthy node:

- `hooks PATH`: a capture file a learner's login needs is missing (capture-shell, hooks.bash,
  labenv.bash); a login would not be recorded.
- `sshd KEY,KEY USER`: sshd's *effective* settings for a learner (`sshd -T -C user=...`) are not
  the learners' Match block (docs/node-capture.md): no capture shell, or forwarding allowed.
  `sshd -T` needs a host key it can read; the script gives it a throw-away one, so no root is
  needed. `sshd-unreadable` when sshd could not say (a config only root may read): not a problem
  it can name, so not reported as one.
- `signing PATH`: a file signed runs need is gone (the node's key pair, the signing helper).
- `wrapper NAME`: a login shell's PATH does not reach the attested wrapper of a program the
  node's allowlist names (the wrapper removed, or another copy earlier on PATH): learners' runs
  of it are not signed, and their attested steps cannot verify.

The daemon runs it at each connection and every SELF_CHECK_EVERY_S (grader/daemon/watcher.py),
`grader provision --check` runs it too (grader/provision/health.py). Measured cost: one SSH
channel and ~30 ms of node time (BENCHMARKS.md). Parsing is pure (`self_check_problems`).
"""

from __future__ import annotations

import re
import shlex

from grader.node.paths import NODE_LIB_DIR

#: What sshd must apply to learners (their `Match Group` block): the capture shell, and no
#: forwarding (a learner's key is no tunnel into the cluster network). Keys as `sshd -T` prints.
LEARNER_SSHD_SETTINGS = {
    "forcecommand": f"{NODE_LIB_DIR}/capture-shell",
    "allowtcpforwarding": "no",
    "allowstreamlocalforwarding": "no",
    "x11forwarding": "no",
    "allowagentforwarding": "no",
    "permittunnel": "no",
}
#: The files a captured login reads (capture-shell is sshd's ForceCommand; it sources labenv.bash
#: and runs bash with hooks.bash as its rcfile).
CAPTURE_FILES = ("capture-shell", "hooks.bash", "labenv.bash")
#: The files signed runs need (grader/protocol/signed_run.py KEY_PATH, PUBLIC_KEY_PATH; the
#: helper that signs). The key is root's: its presence is seen, its use is `--check`'s probe.
SIGNING_FILES = ("/etc/labgrader/attest.key", "/etc/labgrader/attest.pub")
#: How a degraded node's status line starts (the API's NodeInfo.status reads it).
DEGRADED_PREFIX = "degraded: "
#: What every problem line ends with: the one command that puts the node right.
FIX = "run grader provision"

SELF_CHECK_SCRIPT = r"""
lib=$1 signing=$2 learner=$3
for f in capture-shell hooks.bash labenv.bash; do
  [ -r "$lib/$f" ] || echo "hooks $lib/$f"
done
if [ "$signing" = on ]; then
  for f in /etc/labgrader/attest.key /etc/labgrader/attest.pub "$lib/attest_run.py"; do
    [ -e "$f" ] || echo "signing $f"
  done
  # each attested program, as a login shell's PATH finds it (a learner's is the same system
  # profile's): its wrapper, or the learner's runs of it are not signed
  if [ -r /etc/labgrader/attested-programs ]; then
    while IFS=$'\t' read -r n _; do
      # `lab` is the node's own, with no wrapper: `lab answer` calls the helper itself
      case $n in '' | lab | *[!A-Za-z0-9_.+-]*) continue ;; esac
      p=$(bash -lc 'command -v -- "$1"' wrapper-probe "$n" 2>/dev/null </dev/null)
      [ -n "$p" ] && grep -qsF '# labgrader attested wrapper' -- "$p" || echo "wrapper $n"
    done </etc/labgrader/attested-programs
  fi
fi
[ -n "$learner" ] || exit 0
sshd=$(command -v sshd || echo /usr/sbin/sshd)
d=$(mktemp -d) || exit 0
if ssh-keygen -q -t ed25519 -N '' -f "$d/k" </dev/null >/dev/null 2>&1 &&
  have=$("$sshd" -T -h "$d/k" -C "user=$learner,host=localhost,addr=127.0.0.1" 2>/dev/null)
then
  rm -rf -- "$d"
  bad=
  while read -r k v; do
    [ -z "$k" ] || printf '%s\n' "$have" | grep -qxF -- "$k $v" || bad=$bad${bad:+,}$k
  done <<EOF
$4
EOF
  [ -z "$bad" ] || echo "sshd $bad $learner"
else
  rm -rf -- "$d"
  echo sshd-unreadable
fi
"""


def self_check_argv(learner: str | None, signing: bool, lib_dir: str = NODE_LIB_DIR) -> list[str]:
    """The remote argv: the script, its values as positional arguments (data, never code)."""
    wanted = "".join(f"{k} {v}\n" for k, v in LEARNER_SSHD_SETTINGS.items())
    args = ["bash", "-c", SELF_CHECK_SCRIPT, "selfcheck", lib_dir]
    return [*args, "on" if signing else "off", learner or "", wanted]


def self_check_command(learner: str | None, signing: bool, lib_dir: str = NODE_LIB_DIR) -> str:
    """The remote command line (one string, every argument quoted)."""
    return shlex.join(self_check_argv(learner, signing, lib_dir))


#: A program name the allowlist may give (the script prints only such names; the parser checks).
_PROGRAM = re.compile(r"[A-Za-z0-9_.+-]{1,64}")
#: What the daemon reads of the check's output at most: a healthy node prints nothing, a broken one
#: a few short lines; the rest of a node that prints more is not read (a node's bytes are hostile).
SELF_CHECK_MAX_BYTES = 4096


#: Wrapper names a status line shows at most (each up to 64 characters: the line stays short).
_WRAPPERS_SHOWN = 8


def _add(names: list[str], name: str) -> None:
    if name not in names:
        names.append(name)


def self_check_problems(output: str, learner: str | None = None) -> list[str]:
    """SELF_CHECK_SCRIPT's output → one phrase per problem, in the order found.

    The output is the node's to write, so only what the script can print counts: file names of
    CAPTURE_FILES and SIGNING_FILES, setting names of LEARNER_SSHD_SETTINGS, and the learner the
    grader asked about (`learner`; the line's own name is never shown). Anything else is ignored:
    a status line holds nothing a node made up."""
    hooks: list[str] = []
    signing: list[str] = []
    wrappers: list[str] = []
    sshd_keys: list[str] = []
    signing_names = {*SIGNING_FILES, f"{NODE_LIB_DIR}/attest_run.py"}
    # each list holds a name once, whatever a node repeats: the status line stays short
    for line in output[:SELF_CHECK_MAX_BYTES].splitlines():
        kind, _, rest = line.strip().partition(" ")
        if kind == "hooks":
            name = rest.rsplit("/", 1)[-1]
            if name in CAPTURE_FILES:
                _add(hooks, name)
        elif kind == "signing":
            if rest in signing_names:
                _add(signing, rest)
            elif rest.endswith("/attest_run.py"):
                _add(signing, "attest_run.py")
        elif kind == "wrapper":
            if _PROGRAM.fullmatch(rest) and len(wrappers) < _WRAPPERS_SHOWN:
                _add(wrappers, rest)
        elif kind == "sshd":
            for key in rest.partition(" ")[0].split(","):
                if key in LEARNER_SSHD_SETTINGS:
                    _add(sshd_keys, key)
    problems: list[str] = []
    if hooks:
        problems.append(f"capture hooks missing ({', '.join(hooks)}): logins are not graded")
    if sshd_keys:
        who = f" for {learner}" if learner else ""
        problems.append(
            f"the learners' sshd block is not in effect{who} ({', '.join(sshd_keys)} differ)"
        )
    if signing:
        problems.append(f"signing files missing ({', '.join(signing)})")
    if wrappers:
        problems.append(
            f"attested wrappers not on a login PATH ({', '.join(wrappers)}): runs are not signed"
        )
    return problems


def degraded_status(problems: list[str]) -> str:
    """The node status line for the API and dashboard ("" when there is nothing wrong)."""
    if not problems:
        return ""
    return f"{DEGRADED_PREFIX}{'; '.join(problems)} — {FIX}"
