"""Attested runs: the node's own word that a lab program really ran, which a learner cannot forge.

Why: the learner owns the shell that prints the capture markers, so a learner who reads the session
nonce can print a whole forged C..D block (docs/SECURITY.md). What the learner cannot do is make a
marker signed with a key they cannot read. The lab's graded programs (nccl-tests, nvidia-smi) are
therefore reached through a wrapper that runs them via a privileged helper (this file, run as root
by a narrow sudoers rule); the helper runs the real program as the learner, waits for it, and
writes one signed `133;T` marker to the learner's terminal saying which program ran, with which
arguments, NCCL/CUDA environment and exit status, when, in which capture session (nonce).

This module is also the one definition of the marker's format: the grader imports `payload`,
`verify` and `parse` from here (as the bench farm imports spool_reader.py), so node and grader
cannot drift apart. Standard library only: it runs on the node's system python3.

Marker (one OSC, values escaped with the capture markers' rule, see grader/capture/markers.py;
`a` and `e` are lists whose items each end with a NUL byte, escaped as `\x00`):

    ESC ] 133;T;v=1;p=<program>;a=<arg NUL ...>;e=<NAME=VALUE NUL ...>;x=<exit>;
          t0=<epoch>;t1=<epoch>;u=<user>;host=<hostname>;pid=<pid>;ppid=<pid>;k=<nonce>;m=<mac> BEL

`m` is hex HMAC-SHA256, keyed with the node's attestation key, over the payload's exact bytes from
`133;T` up to (not including) `;m=`. The grader checks the MAC over the bytes it received, so no
canonical re-encoding is needed on either side.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

#: Which environment variables a marker carries: the ones that change what the lab's programs do.
ENV_NAME = re.compile(r"(?:NCCL_|CUDA_|NVIDIA_)[A-Za-z0-9_]*\Z")

#: Where provisioning puts the node's key (root:<grader group>, 0440) and what it holds: 64 hex.
KEY_PATH = "/etc/labgrader/attest.key"

PREFIX = b"133;T;v=1;"
_MAC_SEP = b";m="

_ESCAPE_TABLE: dict[int, bytes] = {b: b"\\x%02x" % b for b in range(0x21)}
_ESCAPE_TABLE[ord(";")] = b"\\x3b"
_ESCAPE_TABLE[ord("\\")] = b"\\\\"
_UNESCAPE_RE = re.compile(rb"\\(?:\\|x([0-9a-fA-F]{2}))")


def _escape(raw: bytes) -> bytes:
    """The capture markers' escaping (markers.escape), repeated here: this file runs alone."""
    return b"".join(_ESCAPE_TABLE.get(b, raw[i : i + 1]) for i, b in enumerate(raw))


def _unescape(raw: bytes) -> bytes:
    def one(m: re.Match[bytes]) -> bytes:
        return bytes.fromhex(m.group(1).decode()) if m.group(1) else b"\\"

    return _UNESCAPE_RE.sub(one, raw)


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _enc(text: str) -> bytes:
    return _escape(_bytes(text))


def _items(raw: bytes) -> list[str]:
    """A NUL-terminated list (each item ends with NUL, so `("",)` and `()` differ)."""
    items = _unescape(raw).split(b"\0")
    if items.pop() != b"":
        raise ValueError("list not NUL-terminated")
    return [i.decode("utf-8", "surrogateescape") for i in items]


def _dec(raw: bytes) -> str:
    return _unescape(raw).decode("utf-8", "surrogateescape")


class Attestation(NamedTuple):
    """What a signed marker says: `args` without the program name, `env` only ENV_NAME vars."""

    program: str
    args: tuple[str, ...]
    env: tuple[tuple[str, str], ...]
    exit: int
    t0: float
    t1: float
    user: str
    host: str
    pid: int
    ppid: int
    nonce: str


def attested_env(environ: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The variables a marker carries, sorted by name: the payload must not depend on env order."""
    return tuple(sorted((k, v) for k, v in environ.items() if ENV_NAME.match(k)))


def payload(att: Attestation) -> bytes:
    """The marker's bytes before `;m=` (what the MAC covers)."""
    fields = [
        b"p=" + _enc(att.program),
        b"a=" + _escape(b"".join(_bytes(a) + b"\0" for a in att.args)),
        b"e=" + _escape(b"".join(_bytes(f"{k}={v}") + b"\0" for k, v in att.env)),
        b"x=%d" % att.exit,
        b"t0=" + repr(float(att.t0)).encode(),
        b"t1=" + repr(float(att.t1)).encode(),
        b"u=" + _enc(att.user),
        b"host=" + _enc(att.host),
        b"pid=%d" % att.pid,
        b"ppid=%d" % att.ppid,
        b"k=" + _enc(att.nonce),
    ]
    return PREFIX + b";".join(fields)


def mac(key: bytes, signed: bytes) -> bytes:
    """Hex HMAC-SHA256 of the signed bytes."""
    return hmac.new(key, signed, hashlib.sha256).hexdigest().encode()


def marker(key: bytes, att: Attestation) -> bytes:
    """The whole OSC the helper writes to the learner's terminal."""
    body = payload(att)
    return b"\x1b]" + body + _MAC_SEP + mac(key, body) + b"\x07"


def split(body: bytes) -> tuple[bytes, bytes] | None:
    """(signed bytes, mac) of a `133;T` payload (between `ESC ]` and the terminator), or None."""
    if not body.startswith(PREFIX):
        return None
    signed, sep, tag = body.rpartition(_MAC_SEP)
    if not sep or not re.fullmatch(rb"[0-9a-f]{64}", tag):
        return None
    return signed, tag


def verify(key: bytes, body: bytes) -> bool:
    """Whether a `133;T` payload has a MAC made with `key` over its own bytes (constant time)."""
    parts = split(body)
    return parts is not None and hmac.compare_digest(mac(key, parts[0]), parts[1])


def parse(body: bytes) -> Attestation | None:
    """Read a `133;T` payload (signed or not: check `verify` first). None when it is malformed."""
    parts = split(body)
    if parts is None:
        return None
    fields: dict[bytes, bytes] = {}
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
        )
    except (KeyError, ValueError):
        return None


def load_key(text: str | bytes) -> bytes:
    """The key file's 64 hex digits (whitespace around allowed) as 32 bytes; ValueError else."""
    raw = text.decode("ascii", "strict") if isinstance(text, bytes) else text
    key = bytes.fromhex(raw.strip())
    if len(key) != 32:
        raise ValueError("an attestation key is 64 hex digits")
    return key


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - written by the node side
    """Run a lab program as the invoking learner and sign what happened (see the module doc)."""
    raise NotImplementedError("attest_run.main: the node side builds this")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
