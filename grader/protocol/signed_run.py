"""The node-signed run marker (`133;T`): its one definition, for the node and the grader alike.

The node's attestation helper (grader/node/files/attest_run.py, run as root) makes a marker with
`marker` after running a lab program; the grader (grader/matching/attest.py) checks the signature
over `split`'s bytes and reads the run with `parse`. Standard library only and importable by
CPython 3.6: install-protocol.sh installs this package beside the helper on the node
(docs/attestation.md "Where the format lives").

Marker (one OSC, values escaped with the capture markers' rule, grader/protocol/markers.py
`escape`; `a` and `e` are lists whose items each end with a NUL byte, escaped as `\x00`):

    ESC ] 133;T;v=2;p=<program>;a=<arg NUL ...>;e=<NAME=VALUE NUL ...>;x=<exit>;
          t0=<epoch>;t1=<epoch>;u=<user>;host=<hostname>;pid=<pid>;ppid=<pid>;
          [r=<record file name>;rh=<sha256 hex of its bytes>;]k=<nonce>;s=<sig> BEL

`r` and `rh` name the run's output record (grader/protocol/run_record.py: what the program wrote,
as the helper relayed it, in a root-owned file beside the session) and fix its bytes: the
signature covers them as it covers the exit status. A marker without them is a run whose output
the node did not record. `k` stays the last field before `s`: the capture parser finds the
nonce there (markers.py ATTEST_NONCE) without reading the rest.

`s` is the hex Ed25519 signature (RFC 8032), made with the node's private key, over the payload's
exact bytes from `133;T` up to (not including) `;s=`. The grader checks it over the bytes it
received, so no canonical re-encoding is needed on either side.

Keys (attest-key.sh makes them, one pair per node): KEY_PATH is root's alone (0400), so only the
helper, run as root, can sign; the grader reads only PUBLIC_KEY_PATH (64 hex digits of the raw
32-byte key, `load_key`), which verifies and cannot sign.
"""

import re
from typing import Callable, Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

from grader.protocol.markers import escape, unescape_bytes

#: Which environment variables a marker carries: the ones that change what the lab's programs do.
ENV_NAME = re.compile(r"(?:NCCL_|CUDA_|NVIDIA_)[A-Za-z0-9_]*\Z")

#: The node's private key (PEM, root 0400): only the helper, as root, reads it.
KEY_PATH = "/etc/labgrader/attest.key"
#: The node's public key (64 hex digits, root 0644): what the grader fetches to verify.
PUBLIC_KEY_PATH = "/etc/labgrader/attest.pub"
#: The helper's allowlist (install-attest.sh writes it): `name<TAB>/real/path` lines, root 0644.
#: The grader reads it too, to tell which programs a node signs.
PROGRAMS_PATH = "/etc/labgrader/attested-programs"

PREFIX = b"133;T;v=2;"
_SIG_SEP = b";s="


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _enc(text: str) -> bytes:
    return escape(_bytes(text))


def _items(raw: bytes) -> List[str]:
    """A NUL-terminated list (each item ends with NUL, so `("",)` and `()` differ)."""
    items = unescape_bytes(raw).split(b"\0")
    if items.pop() != b"":
        raise ValueError("list not NUL-terminated")
    return [i.decode("utf-8", "surrogateescape") for i in items]


def _dec(raw: bytes) -> str:
    return unescape_bytes(raw).decode("utf-8", "surrogateescape")


class Attestation(NamedTuple):
    """What a signed marker says: `args` without the program name, `env` only ENV_NAME vars."""

    program: str
    args: Tuple[str, ...]
    env: Tuple[Tuple[str, str], ...]
    exit: int
    t0: float
    t1: float
    user: str
    host: str
    pid: int
    ppid: int
    nonce: str
    record: str = ""  # the output record's file name (run_record.record_name), "" for none
    record_hash: str = ""  # run_record.digest of its bytes


def attested_env(environ: Mapping[str, str]) -> Tuple[Tuple[str, str], ...]:
    """The variables a marker carries, sorted by name: the payload must not depend on env order."""
    return tuple(sorted((k, v) for k, v in environ.items() if ENV_NAME.match(k)))


def payload(att: Attestation) -> bytes:
    """The marker's bytes before `;s=` (what the signature covers)."""
    fields = [
        b"p=" + _enc(att.program),
        b"a=" + escape(b"".join(_bytes(a) + b"\0" for a in att.args)),
        b"e=" + escape(b"".join(_bytes(k + "=" + v) + b"\0" for k, v in att.env)),
        b"x=%d" % att.exit,
        b"t0=" + repr(float(att.t0)).encode(),
        b"t1=" + repr(float(att.t1)).encode(),
        b"u=" + _enc(att.user),
        b"host=" + _enc(att.host),
        b"pid=%d" % att.pid,
        b"ppid=%d" % att.ppid,
    ]
    if att.record:
        fields += [b"r=" + _enc(att.record), b"rh=" + _enc(att.record_hash)]
    fields.append(b"k=" + _enc(att.nonce))
    return PREFIX + b";".join(fields)


def marker(sign: Callable[[bytes], bytes], att: Attestation) -> bytes:
    """The whole OSC the helper writes to the learner's terminal; `sign` makes the 64-byte
    signature of the payload (openssl_signer on the node, a test's own key in tests)."""
    body = payload(att)
    return b"\x1b]" + body + _SIG_SEP + sign(body).hex().encode() + b"\x07"


def split(body: bytes) -> Optional[Tuple[bytes, bytes]]:
    """(signed bytes, 64-byte signature) of a `133;T` payload (between `ESC ]` and the
    terminator), or None when it is not one."""
    if not body.startswith(PREFIX):
        return None
    signed, sep, tag = body.rpartition(_SIG_SEP)
    if not sep or not re.fullmatch(rb"[0-9a-f]{128}", tag):
        return None
    return signed, bytes.fromhex(tag.decode())


def parse(body: bytes) -> Optional[Attestation]:
    """Read a `133;T` payload (signed or not: verify the signature first); None if malformed."""
    parts = split(body)
    if parts is None:
        return None
    fields: Dict[bytes, bytes] = {}
    for part in parts[0][len(PREFIX) :].split(b";"):
        name, eq, value = part.partition(b"=")
        if not eq or name in fields:
            return None
        fields[name] = value
    try:
        args = tuple(_items(fields[b"a"]))
        env = tuple((k, v) for k, _, v in (item.partition("=") for item in _items(fields[b"e"])))
        return Attestation(
            program=_dec(fields[b"p"]),
            args=args,
            env=env,
            exit=int(fields[b"x"]),
            t0=float(fields[b"t0"]),
            t1=float(fields[b"t1"]),
            user=_dec(fields[b"u"]),
            host=_dec(fields[b"host"]),
            pid=int(fields[b"pid"]),
            ppid=int(fields[b"ppid"]),
            nonce=_dec(fields[b"k"]),
            record=_dec(fields.get(b"r", b"")),
            record_hash=_dec(fields.get(b"rh", b"")),
        )
    except (KeyError, ValueError):
        return None


def load_key(text: Union[str, bytes]) -> bytes:
    """A public key file's 64 hex digits (whitespace around allowed) as the raw 32-byte Ed25519
    public key; ValueError else."""
    raw = text.decode("ascii", "strict") if isinstance(text, bytes) else text
    key = bytes.fromhex(raw.strip())
    if len(key) != 32:
        raise ValueError("an attestation public key is 64 hex digits")
    return key
