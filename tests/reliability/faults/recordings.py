"""Real recorded sessions, re-stamped so each copy is a fresh, valid session of its own.

The bulk of the fault class is the lab's own recordings (labs/nccl-bootstrap/tests/*.ts, made
through the real capture shell): real prompts, real markers, real NCCL output. A copy gets a
fresh session id, a fresh nonce and fresh shell pids (aid), so the parser takes it for a new
login and the store's command keys (node, session, aid, n) never collide between copies. The
command numbers (n) restart at 1 in every recorded shell and stay as recorded: they only have to
increase within one shell, and every copy is a new shell.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
RECORDINGS = REPO / "labs" / "nccl-bootstrap" / "tests"
_AID = re.compile(rb"aid=(\d+)")
# The end of a 133;D marker: a command (or the shell's first prompt) ends there. Appends are cut
# at these points or at random bytes; spool faults only strike at these points.
_D_MARKER = re.compile(rb"\x1b\]133;D[^\x07\x1b]*(?:\x07|\x1b\\)")


@dataclass(frozen=True)
class Recording:
    name: str
    nonce: str
    data: bytes


@dataclass(frozen=True)
class Session:
    """One re-stamped copy: its index line fields and its bytes cut into units (each unit ends
    right after a D marker, the last one with the final prompt)."""

    session: str
    nonce: str
    units: tuple[bytes, ...]

    @property
    def data(self) -> bytes:
        return b"".join(self.units)

    def index_line(self, learner: str, start: float) -> bytes:
        entry = {
            "v": 1,
            "session": self.session,
            "user": learner,
            "parent": None,
            "tty": "/dev/pts/0",
            "start": start,
            "client": "fault-suite",
            "nonce": self.nonce,
            "file": f"{self.session}.ts",
            "kind": "login",
        }
        return json.dumps(entry).encode() + b"\n"


def load_recordings() -> list[Recording]:
    index = RECORDINGS / "sessions.jsonl"
    out = []
    for line in index.read_text().splitlines():
        entry = json.loads(line)
        out.append(
            Recording(entry["session"], entry["nonce"], (RECORDINGS / entry["file"]).read_bytes())
        )
    return out


def restamp(rec: Recording, session: str, rng: random.Random) -> Session:
    """A fresh copy of `rec`: new nonce everywhere the recording's own nonce is (markers of
    another nonce, such as a `cat` of an old session, keep theirs), new aids."""
    nonce = f"{rng.getrandbits(128):032x}"
    data = rec.data.replace(rec.nonce.encode(), nonce.encode())
    aids: dict[bytes, bytes] = {}

    def new_aid(m: re.Match[bytes]) -> bytes:
        old = m.group(1)
        if old not in aids:
            aids[old] = str(rng.randrange(10_000, 4_000_000)).encode()
        return b"aid=" + aids[old]

    data = _AID.sub(new_aid, data)
    # Only our own D markers end a command: a `cat` of an old session prints D markers of
    # another nonce in the middle of its output.
    own = f"k={nonce}".encode()
    cuts = [m.end() for m in _D_MARKER.finditer(data) if own in m.group(0)]
    bounds = [0, *cuts, len(data)]
    units = tuple(data[a:b] for a, b in itertools.pairwise(bounds) if b > a)
    return Session(session, nonce, units)
