"""The graded canary: a node is ready when a learner's honest work verifies on it, end to end.

Health checks each part on its own; the canary proves the chain a learner's work goes through,
with the grader's own code at every link, and names the first link that broke:

  login      the canary account logs in over SSH (pinned host key, a key made for this run)
  capture    its login is the capture shell: prompts carry markers, a session file is written
  reader     the grader account can read the canary's spool (as the daemon's reader does)
  signature  the node signed the lab programs' runs and the grader verifies them with its key
  steps      grader.matching replays the session: every step the lab's canary script expects
             verified, with the node's key enforced (a program outside the wrappers, a wrong
             output, a missing capture all show here, in the matcher's own words)

What the canary types is the lab's own `tests/any-node.script` (docs/lab-format.md "Self-tests"):
the whole lab done honestly on whatever node this is, `{{var}}` typed as the value the lab
captured so far. Its `any-node.expect.yaml` says which steps must verify.

The canary is its own account (CANARY, a learner the setup step makes on every node with a lab).
No daemon grades it (a daemon grades only the learners its config names), and its spool and
key are removed after each run, so its records never mix with learners'.
"""

from __future__ import annotations

import base64
import io
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import paramiko
import yaml
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from grader.authoring import KEYS, PLACEHOLDER, PROMPT_MARK, expected_state, replay
from grader.labs import Lab, LabInvalid, load_lab
from grader.protocol import signed_run
from grader.provision.inventory import CANARY_ACCOUNT
from grader.provision.learnerkeys import authorize
from grader.provision.session import Node, pinned_client
from grader.verdict import StepVerdict

#: The canary's account on every node with a lab (made by the learners step).
CANARY = CANARY_ACCOUNT
SCRIPT = "any-node.script"
EXPECT = "any-node.expect.yaml"
SPOOL = "/var/lib/labgrader/spool"
GRADER_ACCOUNT = "labgrader"
#: A login replays the profile; an nccl-tests run on a real node takes seconds to a minute.
PROMPT_TIMEOUT_S = 30.0
COMMAND_TIMEOUT_S = 180.0
READ_CHUNK = 65536


class LinkBroken(Exception):
    """One link of the chain failed: `link` names it, the message says why."""

    def __init__(self, link: str, why: str) -> None:
        super().__init__(why)
        self.link = link


@dataclass(frozen=True)
class CanaryResult:
    ok: bool
    detail: str


def _new_key() -> paramiko.Ed25519Key:
    """A key pair made for this run only (its public half is removed from the node after)."""
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    return paramiko.Ed25519Key.from_private_key(io.StringIO(pem.decode()))


# $1 = the canary, $2 = the spool: its key and every session file it left, gone.
_CLEAN = r"""
u=$1 spool=$2
home=$(getent passwd "$u" | cut -d: -f6)
[ -n "$home" ] && rm -f -- "$home/.ssh/authorized_keys"
[ -d "$spool/$u" ] && find "$spool/$u" -mindepth 1 -maxdepth 1 -type f -delete
exit 0
"""


# python3 -I -c _READ DIR: DIR's plain files as a tar, base64 on stdout. One line: `sudo -i`
# would turn a newline in an argument into a line continuation.
_READ = (
    "import base64,io,os,sys,tarfile;d=sys.argv[1];b=io.BytesIO();"
    't=tarfile.open(fileobj=b,mode="w");'
    "[t.add(os.path.join(d,n),arcname=n) for n in sorted(os.listdir(d))"
    " if os.path.isfile(os.path.join(d,n))];"
    't.close();sys.stdout.write(base64.b64encode(b.getvalue()).decode("ascii"))'
)


class Terminal:
    """The canary's interactive login: a pty, typed lines, each answered by the next prompt."""

    def __init__(self, channel: paramiko.Channel) -> None:
        self.channel = channel
        self.seen = bytearray()

    def until_prompt(self, timeout: float) -> bytes:
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while PROMPT_MARK not in self.seen[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(bytes(self.seen[-300:]))
            self.channel.settimeout(left)
            try:
                chunk = self.channel.recv(READ_CHUNK)
            except TimeoutError:
                continue
            if not chunk:
                raise EOFError(bytes(self.seen[-300:]))
            self.seen += chunk
        return bytes(self.seen[start:])

    def type(self, line: str) -> None:
        self.channel.sendall(line.encode() + b"\r")

    def key(self, name: str) -> None:
        self.channel.sendall(KEYS[name])

    def exit(self, timeout: float = PROMPT_TIMEOUT_S) -> None:
        """Type `exit` and wait until the session has ended: its file is then complete."""
        self.type("exit")
        deadline = time.monotonic() + timeout
        while not self.channel.exit_status_ready() and time.monotonic() < deadline:
            self.channel.settimeout(max(deadline - time.monotonic(), 0.01))
            try:
                if not self.channel.recv(READ_CHUNK):
                    break
            except TimeoutError:
                break


@contextmanager
def _login(node: Node, key: paramiko.PKey) -> Iterator[Terminal]:
    host = node.host
    client = pinned_client(host)
    try:
        try:
            client.connect(
                host.address,
                port=host.port,
                username=CANARY,
                pkey=key,
                look_for_keys=False,
                allow_agent=False,
                timeout=host.connect_timeout,
                banner_timeout=host.connect_timeout,
                auth_timeout=host.connect_timeout,
            )
        except (paramiko.SSHException, OSError) as exc:
            raise LinkBroken("login", f"{CANARY} could not log in: {exc}") from None
        channel = client.invoke_shell(term="xterm", width=200, height=50)
        yield Terminal(channel)
    finally:
        client.close()


def _spool(node: Node, local: Path) -> list[Path]:
    """The canary's session files, read as the grader account (the daemon's reader does)."""
    # As the grader account through its login shell (`sudo -i`), as sshd runs the daemon's reader
    # (a grader account that cannot log in or read the spool fails here), with python3 (the
    # node's reader needs it too): tar would fail on a session file still growing ("file changed
    # as we read it"); tarfile takes each file up to its size when listed, as the daemon's reader
    # takes what is there. No `$` in the code: `sudo -i` leaves dollar signs to the login shell.
    where = f"{SPOOL}/{CANARY}"
    got = node.run(
        ["sudo", "-n", "-i", "-u", GRADER_ACCOUNT, "--", "python3", "-I", "-c", _READ, where]
    )
    if not got.ok:
        why = got.stderr.strip().splitlines()[-1:] or [f"exit {got.exit_code}"]
        raise LinkBroken("reader", f"the grader account cannot read {SPOOL}/{CANARY}: {why[0]}")
    with tarfile.open(fileobj=io.BytesIO(base64.b64decode(got.stdout)), mode="r:") as tar:
        tar.extractall(local, filter="data")
    return sorted(local.glob("*.ts"))


def _resolved(line: str, lab: Lab, node: Node, key: bytes | None) -> str:
    names = PLACEHOLDER.findall(line)
    if not names:
        return line
    with tempfile.TemporaryDirectory() as tmp:
        files = _spool(node, Path(tmp))
        graded = replay(lab, files, CANARY, key).grader
    variables = graded.variables
    missing = [n for n in names if n not in variables]
    if missing:
        why = _attempts(graded.verdicts())
        raise LinkBroken(
            "steps",
            f"no step captured {{{{{missing[0]}}}}} for the script's {line!r}"
            + (f": {why}" if why else ""),
        )
    return PLACEHOLDER.sub(lambda m: variables[m[1]], line)


def _attempts(verdicts: dict[str, StepVerdict]) -> str:
    """The steps tried and not verified so far, with the matcher's reasons (the first two)."""
    tried = [v for v in verdicts.values() if v.state.value == "attempted"]
    said = [f"{v.step} attempted: {v.reason}" if v.reason else v.step for v in tried[:2]]
    return "; ".join(said) + (f" (+{len(tried) - 2} more)" if len(tried) > 2 else "")


def _type_script(node: Node, lab: Lab, script: list[str], key: bytes | None) -> None:
    pkey = _new_key()
    public = f"{pkey.get_name()} {pkey.get_base64()} labgrader-canary"
    authorize(node, CANARY, (public,))
    with _login(node, pkey) as term:
        try:
            term.until_prompt(PROMPT_TIMEOUT_S)
        except (TimeoutError, EOFError) as exc:
            raise LinkBroken(
                "capture",
                f"the login showed no capture prompt marker in {PROMPT_TIMEOUT_S:g} s "
                f"(is the capture shell installed? last bytes: {exc.args[0][-120:]!r})",
            ) from None
        for raw in script:
            if raw.startswith("@sleep "):
                time.sleep(float(raw.split()[1]))
                continue
            if raw.startswith("@key "):
                term.key(raw.split()[1])
            elif raw.strip() == "exit":
                term.exit()
                return
            else:
                term.type(_resolved(raw, lab, node, key))
            try:
                term.until_prompt(COMMAND_TIMEOUT_S)
            except (TimeoutError, EOFError) as exc:
                raise LinkBroken(
                    "capture",
                    f"no prompt after {raw!r} within {COMMAND_TIMEOUT_S:g} s "
                    f"(last bytes: {exc.args[0][-120:]!r})",
                ) from None
        term.exit()


def _node_key(node: Node) -> bytes:
    text = node.run(["cat", "--", "/etc/labgrader/attest.pub"]).stdout
    try:
        return signed_run.load_key(text)
    except ValueError:
        raise LinkBroken("signature", "/etc/labgrader/attest.pub is not a public key") from None


def _expected(labdir: Path) -> dict[str, str]:
    """Each step's state in the lab's any-node.expect.yaml (format: grader.authoring.selftest)."""
    spec = yaml.safe_load((labdir / "tests" / EXPECT).read_text(encoding="utf-8")) or {}
    return {str(k): expected_state(v)[0] for k, v in (spec.get("steps") or {}).items()}


def _grade(node: Node, lab: Lab, labdir: Path, key: bytes) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        files = _spool(node, Path(tmp))
        if not files:
            raise LinkBroken("capture", f"the login left no session file in {SPOOL}/{CANARY}")
        graded = replay(lab, files, CANARY, key).grader
    forged = [a for a in graded.anomalies if a.kind == "forged_attestation"]
    if forged:
        raise LinkBroken("signature", f"a signed run did not verify: {forged[0].detail}")
    unsupported = [a for a in graded.anomalies if a.kind == "shell_unsupported"]
    if unsupported:
        raise LinkBroken("capture", f"the shell cannot capture: {unsupported[0].detail}")
    verdicts = graded.verdicts()
    wrong = []
    for step_id, want in _expected(labdir).items():
        got = verdicts.get(step_id)
        if got is not None and got.state.value != want:
            why = f": {got.reason}" if got.reason else ""
            wrong.append(f"{step_id} {got.state.value}{why}")
    if wrong:
        unsigned = [w for w in wrong if "signed" in w]
        link = "signature" if unsigned and len(unsigned) == len(wrong) else "steps"
        more = f" (+{len(wrong) - 2} more)" if len(wrong) > 2 else ""
        raise LinkBroken(link, "; ".join(wrong[:2]) + more)
    done = sum(1 for v in verdicts.values() if v.state.value == "verified")
    return f"{lab.id}: {done}/{len(lab.steps)} steps verified"


def run_canary(node: Node) -> CanaryResult:
    """Type each of the host's labs' canary scripts as CANARY and grade them; clean up after."""
    if not node.host.lab_dirs:
        return CanaryResult(True, "no lab on this host: nothing to prove")
    said = []
    try:
        for labdir_s in node.host.lab_dirs:
            labdir = Path(labdir_s)
            try:
                lab = load_lab(labdir)
            except LabInvalid as exc:
                return CanaryResult(False, f"lab {labdir}: {exc}")
            script_file = labdir / "tests" / SCRIPT
            if not script_file.is_file() or not (labdir / "tests" / EXPECT).is_file():
                return CanaryResult(
                    False, f"lab {lab.id} has no tests/{SCRIPT} + tests/{EXPECT} to prove it with"
                )
            script = [ln for ln in script_file.read_text(encoding="utf-8").splitlines() if ln]
            key = _node_key(node)
            node.run(["bash", "-c", _CLEAN, "clean", CANARY, SPOOL], sudo=True)
            _type_script(node, lab, script, key)
            said.append(_grade(node, lab, labdir, key))
    except LinkBroken as exc:
        return CanaryResult(False, f"{exc.link}: {exc}")
    finally:
        node.run(["bash", "-c", _CLEAN, "clean", CANARY, SPOOL], sudo=True)
    return CanaryResult(True, "; ".join(said) + " (login, capture, reader, signed runs)")
