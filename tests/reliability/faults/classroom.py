"""The scripted class: learners on fake nodes whose capture spools grow with re-stamped
recordings, written into the node's spool as the learner (`docker exec -u <learner>`), the way
the capture shell writes them, plus a copy of every byte kept here for the replay.

Why docker exec and not an interactive SSH login per command: 1,000 commands typed through real
bash take the better part of an hour on a 2-core machine; appending real recorded bytes reaches
that volume in about a minute while the grader side (sshd, spool reader, daemon, database) is
exactly what runs in production. tests/e2e types through real logins for the typed path.
"""

from __future__ import annotations

import random
import subprocess
import time
from dataclasses import dataclass, field

from e2e.harness import SPOOL, Seat
from signing import NodeKey

from grader.labs.model import Lab
from grader.protocol import signed_run

from .recordings import Recording, Session, Signer, restamp

#: docker exec of a tiny shell snippet takes ~0.1 s here; 30 s means the engine is stuck.
EXEC_TIMEOUT_S = 30.0
#: Units (commands) per append: a burst like a learner's paste or a fast typist's minute.
MAX_UNITS_PER_APPEND = 4


#: Appended to a script that may create the session file ($1): the file is the learner's, as
#: session_open.py makes it (docs/node-protocol.md "Who owns what"), whoever wrote it here.
LEARNERS_FILE = ' && chown "$LG_LEARNER:labgrader" "$1" && chmod 640 "$1"'


def node_shell(seat: Seat, script: str, *args: str, data: bytes = b"") -> None:
    """Run `sh -c script` on the node, `data` on stdin (argv, never a string). As root: the
    learner's spool directory and index are root's (only root's session_open.py opens a
    session there); the session files it makes are the learner's (LEARNERS_FILE)."""
    cid = seat.node.container.get_wrapped_container().id
    argv = ["docker", "exec", "-i", "-e", f"LG_LEARNER={seat.learner}", cid, "sh", "-c", script]
    done = subprocess.run(
        [*argv, "sh", *args],
        input=data,
        capture_output=True,
        timeout=EXEC_TIMEOUT_S,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")


@dataclass
class Desk:
    """One learner's stream of sessions; `written` is every byte as the learner produced it."""

    seat: Seat
    plan: list[Session]
    written: dict[str, bytearray] = field(default_factory=dict)
    current: Session | None = None
    unit: int = 0  # next unit of `current` to write
    carry: bytes = b""  # the rest of a unit cut at a random byte
    file_len: int = 0  # bytes in the current file on the node (0 after truncation/rotation)
    all_sessions: list[Session] = field(default_factory=list)

    @property
    def dir(self) -> str:
        return f"{SPOOL}/{self.seat.learner}"

    @property
    def path(self) -> str:
        assert self.current is not None
        return f"{self.dir}/{self.current.session}.ts"

    @property
    def rel(self) -> str:
        """The path as the daemon stores it (relative to the spool)."""
        assert self.current is not None
        return f"{self.seat.learner}/{self.current.session}.ts"

    @property
    def at_boundary(self) -> bool:
        """A spool fault may strike here: the file holds bytes and ends right after a D marker,
        with more of the session to come. Not an empty file (right after a rotate or truncate):
        truncating that changes nothing a reader can see."""
        return (
            self.current is not None
            and not self.carry
            and self.file_len > 0
            and 0 < self.unit < len(self.current.units)
        )

    @property
    def units_left(self) -> int:
        """Units still to be written: the rest of the current session and every planned one (a
        deleted spool file ends its session, so its rest counts as written)."""
        rest = len(self.current.units) - self.unit if self.current is not None else 0
        return max(rest, 0) + sum(len(s.units) for s in self.plan)

    @property
    def done(self) -> bool:
        return self.current is None and not self.plan

    def append(self, rng: random.Random, may_cut: bool = True) -> int:
        """Write the next burst; returns the number of units completed. `may_cut`: the burst
        may end inside a command (left in flight until the next burst)."""
        if self.current is None or (self.unit >= len(self.current.units) and not self.carry):
            if not self.plan:
                self.current = None
                return 0
            self._open(self.plan.pop(0))
        assert self.current is not None
        chunk = self.carry
        self.carry = b""
        n = rng.randint(1, MAX_UNITS_PER_APPEND)
        units = self.current.units[self.unit : self.unit + n]
        self.unit += len(units)
        chunk += b"".join(units)
        if may_cut and units and rng.random() < 0.3 and self.unit < len(self.current.units):
            # Leave the next command half-written: a fault may strike while it is in flight.
            nxt = self.current.units[self.unit]
            cut = rng.randrange(1, len(nxt))
            chunk += nxt[:cut]
            self.carry = nxt[cut:]
            self.unit += 1
        self._write(chunk)
        return len(units)

    def _open(self, session: Session) -> None:
        self.current, self.unit, self.carry, self.file_len = session, 0, b"", 0
        self.written[session.session] = bytearray()
        line = session.index_line(self.seat.learner, time.time())
        # The index line first: the daemon needs the nonce before the session's bytes.
        node_shell(
            self.seat,
            'printf %s "$2" >> "$3" && : >> "$1"' + LEARNERS_FILE,
            self.path,
            line.decode(),
            self._index,
        )
        # The output records its signed runs name, as the node's root helper leaves them beside
        # the session (root's, 0644: the spool reader sends only the directory owner's records).
        for name, record in session.records.items():
            node_shell(self.seat, 'cat > "$1" && chmod 644 "$1"', f"{self.dir}/{name}", data=record)

    @property
    def _index(self) -> str:
        return f"{self.dir}/sessions.jsonl"

    def _write(self, data: bytes) -> None:
        node_shell(self.seat, 'cat >> "$1"', self.path, data=data)
        assert self.current is not None
        self.written[self.current.session] += data
        self.file_len += len(data)

    def finish(self) -> None:
        """Write the rest of the current session and every planned one (the class ends)."""
        rng = random.Random(0)
        while (
            self.plan
            or self.carry
            or (self.current is not None and self.unit < len(self.current.units))
        ):
            self.append(rng)
        self.current = None

    def sessions(self) -> list[tuple[str, str, bytes]]:
        """(session, nonce, bytes) in start order, for harness.replay_bytes."""
        nonces = {s.session: s.nonce for s in self.all_sessions}
        return [(s, nonces[s], bytes(b)) for s, b in self.written.items()]


def signer(seat: Seat, lab: Lab) -> Signer:
    """The node's attestation helper for this learner: the node's private key read as root (the
    helper reads it so; the daemon fetches only the public key), the node's hostname."""
    key = seat.node.exec(["cat", signed_run.KEY_PATH])
    assert key.exit_code == 0, key.text
    host = seat.node.exec(["hostname"])
    assert host.exit_code == 0, host.text
    return Signer(
        NodeKey.from_pem(key.output),
        host.text.strip(),
        seat.learner,
        lab.attest_programs,
        dict(lab.environment),
    )


class Planner:
    """Deals re-stamped recordings to desks, each copy with the signed runs its node would have
    written. Names sort in creation order (the spool reader reads a learner's files in name
    order), across every round dealt."""

    def __init__(self, recordings: list[Recording], rng: random.Random, lab: Lab) -> None:
        from grader.capture.events import CommandEnded
        from grader.capture.parser import SessionParser

        self.recordings, self.rng, self.lab = recordings, rng, lab
        self.per_rec: dict[str, int] = {}
        for rec in recordings:
            parser = SessionParser(rec.name, rec.nonce)
            events = [*parser.feed(rec.data), *parser.close()]
            self.per_rec[rec.name] = sum(isinstance(e, CommandEnded) for e in events)
        self.signers: dict[str, Signer] = {}
        self.k = 0

    def deal(self, desks: list[Desk]) -> tuple[int, int]:
        """One more session for every desk; returns (commands, units) dealt."""
        commands = units = 0
        for desk in desks:
            learner = desk.seat.learner
            if learner not in self.signers:
                self.signers[learner] = signer(desk.seat, self.lab)
            rec = self.rng.choice(self.recordings)
            self.k += 1
            session = restamp(rec, f"s{self.k:05d}-{rec.name}", self.rng, self.signers[learner])
            desk.plan.append(session)
            desk.all_sessions.append(session)
            commands += self.per_rec[rec.name]
            units += len(session.units)
        return commands, units


def plan_class(seats: list[Seat], planner: Planner, commands: int) -> list[Desk]:
    """Sessions for every learner until the class holds at least `commands` commands."""
    desks = [Desk(seat, []) for seat in seats]
    total = 0
    while total < commands:
        total += planner.deal(desks)[0]
    return desks
