"""Standard Webhooks signatures (https://www.standardwebhooks.com, spec v1): pure.

Each request carries `webhook-id` (the message id, the same on every retry: the receiver's
idempotency key), `webhook-timestamp` (integer seconds, so a receiver can refuse old replays)
and `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed
with the secret. A secret written `whsec_<base64>` (the spec's form) keys with its decoded
bytes; any other string keys with its UTF-8 bytes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid

SECRET_PREFIX = "whsec_"
ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "labgrader:webhook-message")


def message_id(sink: str, seq: int) -> str:
    """The event's webhook-id for this sink: the same for every retry and every grader."""
    return f"msg_{uuid.uuid5(ID_NAMESPACE, f'{sink}/{seq}').hex}"


def secret_key(secret: str) -> bytes:
    if secret.startswith(SECRET_PREFIX):
        return base64.b64decode(secret[len(SECRET_PREFIX) :], validate=True)
    return secret.encode("utf-8")


def signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def headers(secret: str, msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, msg_id, timestamp, body),
        "content-type": "application/json",
    }


def verify(
    secret: str, headers: dict[str, str], body: bytes, now: float, tolerance_s: int = 300
) -> bool:
    """What a receiver checks: a `v1` signature that matches, a timestamp within tolerance.
    `headers` with lower-case names; the signature header may list several, space-separated."""
    try:
        msg_id = headers["webhook-id"]
        timestamp = int(headers["webhook-timestamp"])
        given = headers["webhook-signature"].split()
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > tolerance_s:
        return False
    expected = signature(secret, msg_id, timestamp, body)
    return any(hmac.compare_digest(expected, sig) for sig in given)
