"""Bearer tokens: operators see and change everything, a teaching assistant (ta) reads the class
and changes nothing, a learner's token sees only that learner.

Tokens come from two places. Configured ones from grader.yaml (`api.tokens`, literal or
`{env: VAR}`): a configured token may be the plain secret or `sha256:<64 hex>`, the SHA-256 of
the secret, so a config file checked into a repo need not hold usable secrets. Either way only
digests are kept in memory, and a presented token is hashed and compared with
hmac.compare_digest against EVERY configured digest (no early exit), so response time does not
reveal which token, or how much of one, matched. Issued ones from the store (`grader tokens
create`, grader/store/tokens.py): only their digests are stored, and a presented token that no
configured one matched is looked up by its digest on every request, so a revoked token stops
working with the next request, without a restart.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.store import IssuedToken

HASH_PREFIX = "sha256:"

ROLES = ("operator", "ta", "learner")


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: an operator, a teaching assistant ("ta"), or one learner.

    `operator` is True for operators only: it is what may change things. `reads_class` is true
    for operators and teaching assistants: what may read every learner. `token_id` names an
    issued token (None: a configured one).
    """

    operator: bool
    learner: str | None = None
    role: str = field(default="")
    token_id: str | None = None

    def __post_init__(self) -> None:
        if not self.role:  # Principal(operator=...) as before roles: derived from it
            object.__setattr__(self, "role", "operator" if self.operator else "learner")
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")
        if self.operator != (self.role == "operator"):
            raise ValueError("operator is True exactly for the operator role")

    @property
    def reads_class(self) -> bool:
        """May read every learner's progress, the class views and the audit (operator, ta)."""
        return self.role in ("operator", "ta")

    def may_see(self, learner: str) -> bool:
        return self.reads_class or self.learner == learner

    @classmethod
    def of_issued(cls, token: IssuedToken) -> Principal:
        """The principal an issued token acts as."""
        return cls(
            operator=token.role == "operator",
            learner=token.learner if token.role == "learner" else None,
            role=token.role,
            token_id=token.id,
        )


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
    """Maps presented bearer tokens to principals: configured ones in constant time per configured
    token, then issued ones by their digest (`issued`, e.g. Store.token_for_digest)."""

    def __init__(
        self,
        operator_tokens: Iterable[str],
        learner_tokens: Mapping[str, str],
        issued: Callable[[str], IssuedToken | None] | None = None,
    ) -> None:
        self._entries: list[tuple[bytes, Principal]] = []
        self.configure(operator_tokens, learner_tokens)
        self._issued = issued

    def configure(self, operator_tokens: Iterable[str], learner_tokens: Mapping[str, str]) -> None:
        """The configured tokens, replaced whole (the daemon's reload): one assignment, so a
        request sees the old table or the new one, never half of each."""
        entries = [(token_digest(tok), Principal(operator=True)) for tok in operator_tokens]
        entries += [
            (token_digest(tok), Principal(operator=False, learner=learner))
            for learner, tok in learner_tokens.items()
        ]
        self._entries = entries

    @property
    def learners(self) -> frozenset[str]:
        """The learners a token is configured for (names only: no secret leaves the table)."""
        return frozenset(p.learner for _, p in self._entries if p.learner is not None)

    def lookup(self, presented: str) -> Principal | None:
        """The principal a presented token acts as, or None (unknown, revoked, or empty)."""
        if not presented:
            return None
        digest = hashlib.sha256(presented.encode()).digest()
        found: Principal | None = None
        for configured, principal in self._entries:
            if hmac.compare_digest(configured, digest) and found is None:
                found = principal
        return found or self._issued_principal(digest)

    def _issued_principal(self, digest: bytes) -> Principal | None:
        """A token issued with `grader tokens`, looked up by its SHA-256 (only the digest is
        stored: an index lookup of a digest reveals nothing of the secret); None if revoked."""
        if self._issued is None:
            return None
        issued = self._issued(digest.hex())
        return None if issued is None else Principal.of_issued(issued)
