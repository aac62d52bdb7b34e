"""Bearer tokens: operators see everything, a learner's token sees only that learner.

Tokens come from grader.yaml (`api.tokens`, literal or `{env: VAR}`). A configured token may be
the plain secret or `sha256:<64 hex>`, the SHA-256 of the secret, so a config file checked into
a repo need not hold usable secrets. Either way only digests are kept in memory, and a presented
token is hashed and compared with hmac.compare_digest against EVERY configured digest (no early
exit), so response time does not reveal which token, or how much of one, matched.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

HASH_PREFIX = "sha256:"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: an operator, or one learner."""

    operator: bool
    learner: str | None = None

    def may_see(self, learner: str) -> bool:
        return self.operator or self.learner == learner


def token_digest(token: str) -> bytes:
    """The digest a configured token stands for (plain secret, or its `sha256:` hex form)."""
    if token.startswith(HASH_PREFIX):
        hexdigest = token[len(HASH_PREFIX) :]
        digest = bytes.fromhex(hexdigest)
        if len(digest) != hashlib.sha256().digest_size:
            raise ValueError("a sha256: token must be 64 hex digits")
        return digest
    return hashlib.sha256(token.encode()).digest()


class TokenTable:
    """Maps presented bearer tokens to principals in constant time per configured token."""

    def __init__(self, operator_tokens: Iterable[str], learner_tokens: Mapping[str, str]) -> None:
        self._entries: list[tuple[bytes, Principal]] = [
            (token_digest(tok), Principal(operator=True)) for tok in operator_tokens
        ]
        self._entries += [
            (token_digest(tok), Principal(operator=False, learner=learner))
            for learner, tok in learner_tokens.items()
        ]

    @property
    def learners(self) -> frozenset[str]:
        """The learners a token is configured for (names only: no secret leaves the table)."""
        return frozenset(p.learner for _, p in self._entries if p.learner is not None)

    def lookup(self, presented: str) -> Principal | None:
        digest = hashlib.sha256(presented.encode()).digest()
        found: Principal | None = None
        for configured, principal in self._entries:
            if hmac.compare_digest(configured, digest) and found is None:
                found = principal
        return found
