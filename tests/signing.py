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
