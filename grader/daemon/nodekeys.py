"""A node's attestation public keys: the one it has now, and the ones it had until recently.

Sans-I/O (the ingest holds one per node; the watcher reads the node's attest.pub and says what it
found). Why keep an old key at all: `grader provision --rotate-attest-key` changes the node's key
while learners work, and runs the node signed with the old key can still reach the daemon after
it has learnt the new one: a command that was running across the rotation, a session whose bytes
the reader sends after another's, a reconnect that re-reads a command in flight from its stored
restart point. Each of them is an honest run, and without the old key it would be judged
`forged_attestation` (its step a misleading ✗, a `lab answer` lost). Why not keep it for good: a
key is rotated because it may have leaked, and a leaked key signs anything. KEY_OVERLAP_S is the
compromise: longer than any lab program's run plus a reconnect's backoff (60 s at most) with room
to spare, short enough that a leaked key stops counting within the quarter hour. An operator who
rotates because of a leak and wants the old key refused at once restarts the daemon, which knows
only the keys it reads (docs/attestation.md "Rotation").
"""

from __future__ import annotations

#: How long a node's previous key still verifies after the daemon learnt its new one.
KEY_OVERLAP_S = 15 * 60.0
#: The fewest seconds between two reads of a node's key asked for by a marker no known key
#: verifies: a learner printing forged markers makes the daemon read a 65-byte file at most this
#: often (and his session waits for the answer), never once per marker.
KEY_ASK_EVERY_S = 5.0


class NodeKeys:
    """The node's current key and its recent ones, each old one until its expiry (monotonic)."""

    __slots__ = ("_asked_at", "_old", "current")

    def __init__(self, current: bytes | None = None) -> None:
        self.current = current
        self._old: dict[bytes, float] = {}  # an earlier key -> until when it still verifies
        self._asked_at = float("-inf")

    def read(self, key: bytes | None, now: float) -> bool:
        """The key the node holds now (None: it has none readable); whether that changed the
        keys that verify. The key it replaces keeps verifying for KEY_OVERLAP_S."""
        if key == self.current:
            return False
        if self.current is not None:
            self._old[self.current] = now + KEY_OVERLAP_S
        if key is not None:
            self._old.pop(key, None)
        self.current = key
        return True

    def keys(self, now: float) -> tuple[bytes, ...]:
        """The keys that verify now, the current one first; none while the node has none (its
        runs count as unattested, as before any key was read)."""
        if self.current is None:
            return ()
        return (self.current, *(k for k, until in self._old.items() if until > now))

    def expire(self, now: float) -> bool:
        """Forget the old keys whose time is up; whether any was."""
        gone = [k for k, until in self._old.items() if until <= now]
        for k in gone:
            del self._old[k]
        return bool(gone)

    def asked(self, now: float) -> None:
        """The key was just read: the next read a marker may ask for is KEY_ASK_EVERY_S away."""
        self._asked_at = now

    def may_ask(self, now: float) -> bool:
        """Whether a marker no known key verifies may make the daemon read the node's key now
        (at most once every KEY_ASK_EVERY_S); if so, the asking is counted from now."""
        if now - self._asked_at < KEY_ASK_EVERY_S:
            return False
        self.asked(now)
        return True
