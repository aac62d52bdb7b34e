"""Ed25519 node keys for tests: what a node's attest-key.sh makes, held in the test process.

A test that needs a signed 133;T makes it with the node's own marker code
(grader/protocol/signed_run.py `marker`, which the helper imports) and a key from here, the way
the node's helper signs with its private key; the grader side gets only `public`, as the daemon
does.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    PublicFormat,
    load_pem_private_key,
)


@dataclass(frozen=True)
class NodeKey:
    private: Ed25519PrivateKey

    @classmethod
    def from_seed(cls, seed: int) -> NodeKey:
        """A fixed key per seed (tests stay reproducible)."""
        return cls(Ed25519PrivateKey.from_private_bytes(bytes([seed % 256]) * 32))

    @classmethod
    def from_pem(cls, pem: bytes) -> NodeKey:
        """A node's /etc/labgrader/attest.key, read as root off a fake node."""
        key = load_pem_private_key(pem, password=None)
        assert isinstance(key, Ed25519PrivateKey), type(key)
        return cls(key)

    @property
    def public(self) -> bytes:
        """The raw 32-byte public key: attest.pub's 64 hex digits, what the grader verifies with."""
        return self.private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    def sign(self, data: bytes) -> bytes:
        return self.private.sign(data)


def recorded_run(
    key: NodeKey,
    att: object,
    output: bytes,
    records: dict[str, bytes],
    session: str,
    places: tuple[int, int] = (0, 0),
) -> bytes:
    """The marker for `att` naming an output record of `output` (what the node's helper keeps,
    grader/protocol/run_record.py), which goes into `records` under its file name: what the
    daemon's RecordShelf, or the files beside a replayed session, hold. `places`: where the
    helper found stdout and stderr going (run_record.PLACE_*; (0, 0) is a helper from before
    places); both streams are one channel when they went to one place."""
    from grader.protocol import run_record, signed_run

    assert isinstance(att, signed_run.Attestation)
    keeper = run_record.Keeper(merged=places[0] == places[1], places=places)
    if output:
        keeper.feed(run_record.STDOUT, output)
    data = keeper.encode()
    name = run_record.record_name(session, att.pid, att.t0)
    records[name] = data
    att = att._replace(record=name, record_hash=run_record.digest(data))
    return signed_run.marker(key.sign, att)
