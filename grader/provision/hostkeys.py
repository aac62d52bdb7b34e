"""Public keys in an inventory: read strictly, checked against the host, shown as fingerprints.

A pinned host key is written either bare, `TYPE BASE64 [comment]` (what
/etc/ssh/ssh_host_ed25519_key.pub holds), or as a known_hosts line, `HOSTS TYPE BASE64 [comment]`
(what `ssh-keyscan` prints and ~/.ssh/known_hosts holds, its host part plain or hashed). The key
data is decoded strictly (no padding repairs, no stray characters) and parsed with paramiko, and
the parsed key must re-encode to exactly the bytes written: a truncated or placeholder key is
refused when the inventory is read, with a sentence saying what is wrong, never at connect time
with a traceback. A known_hosts line's host part must name the inventory host's address (and port,
as OpenSSH writes it), so a key copied from another node's line is caught too. `@cert-authority`
and `@revoked` lines are refused: pinning accepts exactly the keys listed.

Fingerprints are OpenSSH's: `SHA256:` and the unpadded base64 of the SHA-256 of the key blob, the
text `ssh-keygen -lf` prints and a node's console shows, so an operator can compare them by eye.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import struct
from dataclasses import dataclass

import paramiko

#: The key types a pin may have: what OpenSSH servers offer as host keys and paramiko verifies.
KEY_TYPES = (
    "ssh-ed25519",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "ssh-rsa",
)
#: known_hosts markers (sshd(8) "SSH_KNOWN_HOSTS FILE FORMAT").
MARKERS = ("@cert-authority", "@revoked")
#: Where an operator reads a node's real key: on its console, not over the network.
WHERE_TO_READ = "read it on the node's console: `cat /etc/ssh/ssh_host_ed25519_key.pub`"
#: Where a user key (the grader's) is read: its .pub file.
WHERE_TO_READ_USER_KEY = "copy it from the key's .pub file"
#: Base64 length of a whole key of the fixed-size types (RSA keys vary with their size).
WHOLE_KEY_CHARS = {
    "ssh-ed25519": 68,
    "ecdsa-sha2-nistp256": 140,
    "ecdsa-sha2-nistp384": 172,
    "ecdsa-sha2-nistp521": 212,
}


class KeyProblem(ValueError):
    """One thing wrong with a written key: `rule` names the check, the text is the sentence."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


@dataclass(frozen=True)
class PublicKey:
    """A parsed public key; `hosts` is the host part of a known_hosts line (None when bare)."""

    key_type: str
    blob: bytes
    comment: str = ""
    hosts: str | None = None

    @property
    def base64(self) -> str:
        return base64.b64encode(self.blob).decode("ascii")

    @property
    def line(self) -> str:
        """`TYPE BASE64`: the form the session pins (no host part, no comment)."""
        return f"{self.key_type} {self.base64}"

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.blob)

    def pkey(self) -> paramiko.PKey:
        return paramiko.PKey.from_type_string(self.key_type, self.blob)


def fingerprint(blob: bytes) -> str:
    """OpenSSH's SHA256 fingerprint of a public key blob: `SHA256:<base64, no padding>`."""
    digest = hashlib.sha256(blob).digest()
    return "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")


def key_fingerprint(key: paramiko.PKey) -> str:
    """`TYPE SHA256:...` of a key paramiko holds (e.g. the one a node offered)."""
    return f"{key.get_name()} {fingerprint(key.asbytes())}"


def line_fingerprint(line: str) -> str:
    """`TYPE SHA256:...` of a `TYPE BASE64` pin (as Host.host_keys holds them)."""
    key_type, data = line.split()[:2]
    return f"{key_type} {fingerprint(base64.b64decode(data, validate=True))}"


def known_hosts_name(address: str, port: int) -> str:
    """The name known_hosts files a host under: `addr` on port 22, else `[addr]:port`."""
    name = address.strip("[]").lower()
    return name if port == 22 else f"[{name}]:{port}"


def parse_public_key(
    text: str, *, address: str | None = None, port: int = 22, known_hosts: bool = True
) -> PublicKey:
    """The key written in `text`; KeyProblem says what is wrong with it.

    `known_hosts`: a host part and markers are allowed (host keys), else only the bare form
    (the grader's authorized key). `address`: when given, a host part must name it.
    """
    where = WHERE_TO_READ if known_hosts else WHERE_TO_READ_USER_KEY
    if "\n" in text.strip() or "\r" in text.strip():
        raise KeyProblem("key/lines", "The key spans several lines; write one key per entry.")
    fields = text.split()
    if not fields:
        raise KeyProblem("key/empty", f"The key is empty; write `TYPE BASE64` ({where}).")
    hosts = None
    if known_hosts and fields[0].startswith("@"):
        raise KeyProblem("key/marker", _marker_sentence(fields[0]))
    if fields[0] not in KEY_TYPES:
        if known_hosts and len(fields) >= 2 and fields[1] in KEY_TYPES:
            hosts, fields = fields[0], fields[1:]
        elif known_hosts and len(fields) >= 2 and _looks_like_type(fields[1]):
            raise KeyProblem("key/type", _type_sentence(fields[1], known_hosts, fields[0]))
        else:
            raise KeyProblem("key/type", _type_sentence(fields[0], known_hosts))
    key_type = fields[0]
    if len(fields) < 2:
        raise KeyProblem(
            "key/data", f"No key data follows `{key_type}`: paste the whole key ({where})."
        )
    key = PublicKey(key_type, _decode(key_type, fields[1], where), " ".join(fields[2:]), hosts)
    _check_blob(key, where)
    if hosts is not None and address is not None:
        _check_hosts(hosts, address, port)
    return key


def _short(word: str, limit: int = 40) -> str:
    return word if len(word) <= limit else word[: limit - 1] + "…"


def _types() -> str:
    return "supported types: " + ", ".join(KEY_TYPES)


def _looks_like_type(word: str) -> bool:
    return word.startswith(("ssh-", "ecdsa-", "sk-", "rsa-")) or word.endswith("@openssh.com")


def _marker_sentence(marker: str) -> str:
    if marker == "@cert-authority":
        return (
            "`@cert-authority` lines trust a certificate authority for host certificates, which "
            "pinning does not use: pin the node's own host key instead "
            f"(`TYPE BASE64`; {WHERE_TO_READ})."
        )
    if marker == "@revoked":
        return (
            "`@revoked` lines name a key to refuse, but host_keys lists the only keys accepted "
            "(every other key is refused already): remove this entry."
        )
    return (
        f"`{_short(marker)}` is not a known_hosts marker (OpenSSH knows "
        f"{' and '.join(MARKERS)}, neither of which pinning uses): write the key as "
        "`TYPE BASE64` or `HOSTS TYPE BASE64`."
    )


def _type_sentence(word: str, known_hosts: bool, hosts: str | None = None) -> str:
    forms = (
        "`TYPE BASE64 [comment]` or `HOSTS TYPE BASE64 [comment]`"
        if known_hosts
        else "`TYPE BASE64 [comment]`, as in the key's .pub file"
    )
    after = f" after the host part `{_short(hosts)}`" if hosts else ""
    if _looks_like_type(word):
        return f"The key type `{_short(word)}`{after} is not supported ({_types()})."
    return f"`{_short(word)}`{after} is not a key type; write the key as {forms} ({_types()})."


def _length(key_type: str, data: str) -> str:
    """`68 characters` plus, for a fixed-size type, how long a whole key is."""
    whole = WHOLE_KEY_CHARS.get(key_type)
    expected = f"; a whole {key_type} key has {whole}" if whole and whole != len(data) else ""
    return f"{len(data)} characters{expected}"


def _decode(key_type: str, data: str, where: str) -> bytes:
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise KeyProblem(
            "key/base64",
            f"The {key_type} key data ({_length(key_type, data)}) is not valid base64 ({exc}): "
            f"it is a placeholder, cut short or altered; paste the whole key ({where}).",
        ) from None
    if not blob:
        raise KeyProblem("key/data", f"The {key_type} key data is empty ({where}).")
    return blob


def _check_blob(key: PublicKey, where: str) -> None:
    """The blob is one whole key of the type written: its own type field agrees, paramiko parses
    it, and it re-encodes to the same bytes (paramiko alone accepts some truncated blobs)."""
    incomplete = KeyProblem(
        "key/data",
        f"The key data ({_length(key.key_type, key.base64)}) is not a whole {key.key_type} "
        f"public key: it is a placeholder, cut short or altered; paste the whole key ({where}).",
    )
    blob = key.blob
    if len(blob) < 4:
        raise incomplete
    (size,) = struct.unpack(">I", blob[:4])
    inner = blob[4 : 4 + size]
    if size > 64 or len(inner) < size:
        raise incomplete
    inner_type = inner.decode("ascii", "replace")
    if inner_type != key.key_type:
        raise KeyProblem(
            "key/type",
            f"The key data is a `{_short(inner_type)}` key but the entry says `{key.key_type}`: "
            "copy the type and the data from the same line.",
        )
    try:
        parsed = key.pkey()
    except Exception:  # paramiko and cryptography raise many kinds for a bad blob
        raise incomplete from None
    if parsed.asbytes() != blob:
        raise incomplete


_HASHED = re.compile(r"^\|1\|([A-Za-z0-9+/=]+)\|([A-Za-z0-9+/=]+)$")


def _check_hosts(hosts: str, address: str, port: int) -> None:
    """A known_hosts host part must name this host as OpenSSH would look it up."""
    name = known_hosts_name(address, port)
    if hosts.startswith("|"):
        match = _HASHED.match(hosts)
        salt = digest = b""
        if match:
            try:
                salt = base64.b64decode(match[1], validate=True)
                digest = base64.b64decode(match[2], validate=True)
            except (binascii.Error, ValueError):
                match = None
        if not match or len(salt) != 20 or len(digest) != 20:
            raise KeyProblem(
                "key/host",
                f"The hashed host part `{_short(hosts)}` is malformed (OpenSSH writes "
                "`|1|SALT|HASH`, 20 bytes each in base64); copy the whole line, or write the "
                "key without the host part.",
            )
        mine = hmac.new(salt, name.encode(), hashlib.sha1).digest()
        if not hmac.compare_digest(mine, digest):
            raise KeyProblem(
                "key/host",
                f"This known_hosts line's hashed host part is not a hash of `{name}` (this host's "
                "address as known_hosts names it): the line is for another host or another name "
                "of this one. Pin this node's key (`TYPE BASE64`; "
                f"{WHERE_TO_READ}), or copy the line for `{name}`.",
            )
        return
    if not _patterns_match(hosts, name):
        raise KeyProblem(
            "key/host",
            f"This known_hosts line is for `{_short(hosts)}`, which does not name this host "
            f"(`{name}` in known_hosts terms): the key may be another node's. Pin this node's key "
            f"(`TYPE BASE64`; {WHERE_TO_READ}), or copy the line for `{name}`.",
        )


def _patterns_match(hosts: str, name: str) -> bool:
    """OpenSSH host pattern lists: comma-separated, `*` and `?` wildcards, `!` negates."""
    matched = False
    for pattern in hosts.split(","):
        negated = pattern.startswith("!")
        pattern = pattern.removeprefix("!").lower()
        regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
        if re.fullmatch(regex, name):
            if negated:
                return False
            matched = True
    return matched
