"""Attested runs on a sandbox node (grader/authoring/sandbox.py): the helper's witness, no root.

A lab's self-tests and `grader record` type on a sandbox node, which has no root, no sudo and no
run account. So that they exercise attestation as a learner's node does, the sandbox puts a
wrapper in front of each program the lab attests; the wrapper runs this module, which does what
the node's root helper (grader/node/files/attest_run.py) does with the same code: the clean
environment, the witness that relays and keeps the program's output (a pty for a terminal), the
output record beside the session, and the signed `133;T` marker on the terminal. What it does
not do is what needs root: become the run account, refuse a session the node did not open.

The signature is the sandbox's own key, SANDBOX_KEY_SEED, which is public: a transcript signed
by it proves nothing about a real node. `grader test-lab` verifies a lab's transcripts with its
public half, `tests/attest.pub` (written by `grader record`), so the grader's checks (signature,
record hash, the output model of grader/matching/signed_output.py) run on every self-test.

    python -m grader.authoring.sandbox_attest SPOOL_ROOT REAL NAME [ARG...]
"""

from __future__ import annotations

import contextlib
import os
import pwd
import signal
import sys
import time
from collections.abc import Sequence

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from grader.node import node_module
from grader.protocol import run_record, signed_run

#: The sandbox nodes' signing key (tests only, public by design: see the module doc).
SANDBOX_KEY_SEED = b"labgrader sandbox node: no trust"[:32]
#: The simulator's variables the program keeps (grader/authoring/sandbox.py sets
#: LABGRADER_SIM_PROFILE).
SIM_PREFIX = b"LABGRADER_SIM_"
#: The file beside a lab's transcripts holding the public half (what test-lab verifies with).
PUBLIC_KEY_FILE = "attest.pub"


def sandbox_key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(SANDBOX_KEY_SEED.ljust(32, b"\0"))


def sandbox_public_hex() -> str:
    """attest.pub's content: the raw public key as 64 hex digits and a newline."""
    raw = sandbox_key().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return raw.hex() + "\n"


def _write_record(spool: str, user: str, name: str, data: bytes) -> None:
    directory = os.path.join(spool, "spool", user)
    tmp = os.path.join(directory, "." + name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.rename(tmp, os.path.join(directory, name))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    spool, real, name, rest = args[0], args[1], args[2], args[3:]
    helper = node_module("attest_run.py")
    user = pwd.getpwuid(os.getuid()).pw_name
    try:
        env = helper.clean_env(dict(os.environb), user)
    except helper.RunError as exc:
        sys.stderr.write(f"labgrader attest: {exc}\n")
        return 126
    # The simulated node's own settings (its profile), which a real node keeps in a file the
    # run account reads (/etc/labgrader/sim-profile.json), not in the learner's environment.
    env.update({k: v for k, v in os.environb.items() if k.startswith(SIM_PREFIX)})
    for ignored in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(ignored, signal.SIG_IGN)
    witness = helper.Witness()
    t0 = time.time()
    pid = os.fork()
    if pid == 0:  # the program: the witness's channels as stdout/stderr, default signals
        try:
            for target, fd in witness.outputs.items():
                os.dup2(fd, target)
            for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGQUIT):
                signal.signal(sig, signal.SIG_DFL)
            os.execve(real, [os.fsencode(name), *map(os.fsencode, rest)], env)
        finally:
            os._exit(127)
    witness.started()
    witness.relay(pid)
    _, status = os.waitpid(pid, 0)
    t1 = time.time()
    code = os.waitstatus_to_exitcode(status)
    code = 128 - code if code < 0 else code
    session = os.fsdecode(env.get(b"LABGRADER_SESSION", b""))
    strenv = {os.fsdecode(k): os.fsdecode(v) for k, v in env.items()}
    att = signed_run.Attestation(
        name, tuple(rest), signed_run.attested_env(strenv), code, t0, t1, user,
        os.uname().nodename, pid, os.getppid(), os.fsdecode(env.get(b"LABGRADER_NONCE", b"")),
    )  # fmt: skip
    data = witness.keeper.encode()
    record = run_record.record_name(session, pid, t0)
    with contextlib.suppress(OSError):
        _write_record(spool, user, record, data)
        att = att._replace(record=record, record_hash=run_record.digest(data))
    helper._write_marker(signed_run.marker(sandbox_key().sign, att))
    return code


if __name__ == "__main__":
    raise SystemExit(main())
