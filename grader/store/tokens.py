"""The Store's issued API tokens: `grader tokens create`, `list`, `revoke`.

Only a secret's SHA-256 (hex) is stored, in the `api_tokens` table; the secret is returned once,
by issue_token, and never again. The API looks a presented token's digest up on every request
(`token_for_digest`, one lookup on the digest's unique index), so a revoked token stops working
with the next request. A lookup by digest reveals nothing by its timing: the secret is 256
random bits, so a digest that is found had to be known already.
"""

from __future__ import annotations

import hashlib
import secrets
import time

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.connection import Connections
from grader.store.model import TOKEN_ROLES, IssuedToken

SECRET_PREFIX = "lgt_"
"""Issued secrets start with this, so one found in a log or a paste is recognisable."""

LABEL_MAX_CHARS = 200


def secret_digest(secret: str) -> str:
    """The hex SHA-256 under which a secret is stored and looked up."""
    return hashlib.sha256(secret.encode()).hexdigest()


class Tokens(Connections):
    """Issued bearer tokens, by public id; their secrets are never stored."""

    def issue_token(self, role: str, learner: str | None, label: str) -> tuple[str, str]:
        """A new token: (its public id, its secret). The secret is not kept: show it once.

        A learner token names its learner; operator and ta tokens name none. Whether the learner
        exists is the caller's to check (the store does not read grader.yaml).
        """
        if role not in TOKEN_ROLES:
            raise ValueError(f"role must be one of {', '.join(TOKEN_ROLES)}, not {role!r}")
        if role == "learner" and not learner:
            raise ValueError("a learner token needs its learner")
        if role != "learner" and learner:
            raise ValueError(f"a {role} token is for the whole class: it names no learner")
        if len(label) > LABEL_MAX_CHARS:
            raise ValueError(f"a label is at most {LABEL_MAX_CHARS} characters")
        token_id = "tok_" + secrets.token_hex(8)
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        with self._write() as conn:
            conn.execute(
                t.api_tokens.insert().values(
                    id=token_id,
                    digest=secret_digest(secret),
                    role=role,
                    learner=learner if role == "learner" else None,
                    label=label,
                    created_at=time.time(),
                    revoked_at=None,
                )
            )
        return token_id, secret

    def tokens(self) -> list[IssuedToken]:
        """Every issued token, revoked ones included, oldest first (no secrets, no digests)."""
        c = t.api_tokens.c
        query = sa.select(c.id, c.role, c.learner, c.label, c.created_at, c.revoked_at).order_by(
            c.created_at, c.id
        )
        with self._read() as conn:
            return [IssuedToken(*row) for row in conn.execute(query).all()]

    def revoke_token(self, token_id: str) -> bool:
        """Revoke a token by its id; False when no such token is live (unknown, or revoked)."""
        c = t.api_tokens.c
        with self._write() as conn:
            done = conn.execute(
                t.api_tokens.update()
                .where((c.id == token_id) & c.revoked_at.is_(None))
                .values(revoked_at=time.time())
            )
        return done.rowcount == 1

    def token_for_digest(self, digest_hex: str) -> IssuedToken | None:
        """The live (not revoked) token whose secret has this hex SHA-256, else None."""
        c = t.api_tokens.c
        query = sa.select(c.id, c.role, c.learner, c.label, c.created_at, c.revoked_at).where(
            (c.digest == digest_hex) & c.revoked_at.is_(None)
        )
        with self._read() as conn:
            row = conn.execute(query).first()
        return None if row is None else IssuedToken(*row)
