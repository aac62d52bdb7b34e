"""Real recorded sessions, re-stamped so each copy is a fresh, valid session of its own.

The bulk of the fault class is the lab's own recordings (labs/nccl-bootstrap/tests/*.ts, made
through the real capture shell): real prompts, real markers, real NCCL output. A copy gets a
fresh session id, a fresh nonce and fresh shell pids (aid), so the parser takes it for a new
login and the store's command keys (node, session, aid, n) never collide between copies. The
command numbers (n) restart at 1 in every recorded shell and stay as recorded: they only have to
increase within one shell, and every copy is a new shell.

The recordings predate attested runs (docs/attestation.md), so they hold no `133;T` markers, and a
daemon that enforces the lab's `attest.programs` would verify none of their steps on those
programs. A copy made with a `Signer` carries, right before the D marker of each command that
reached an attested program through PATH (i.e. through the node's wrapper), the marker the node's
helper would have written for it: signed with the node's own key (read as the grader account),
with that invocation's argv and NCCL_/CUDA_/NVIDIA_ environment as the engine's line analysis
sees them, its PIPESTATUS element as exit status, the command's C/D times, the copy's nonce.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from signing import NodeKey

from grader.capture.events import AttestationSeen, CommandEnded, CommandStarted
from grader.capture.parser import SessionParser
from grader.matching.attest import Attestation
from grader.matching.shellenv import CommandView, ShellEnv, analyse_line
from grader.protocol import run_record, signed_run

REPO = Path(__file__).resolve().parents[3]
RECORDINGS = REPO / "labs" / "nccl-bootstrap" / "tests"
#: The output records the recordings' own signed runs name (`grader record` keeps them here).
RUNS = RECORDINGS / "runs"
#: Recordings that are not a learner's honest work: forged output around real runs, kept to
#: show that none verifies (their forgeries need no class of copies, and the signer cannot give
#: a run thrown away behind `> /dev/null; echo` an exit status of its own).
NOT_CLASS_MATERIAL = ("signed-output-",)
_AID = re.compile(rb"aid=(\d+)")
# The end of a 133;D marker: a command (or the shell's first prompt) ends there. Appends are cut
# at these points or at random bytes; spool faults only strike at these points.
_D_MARKER = re.compile(rb"\x1b\]133;D[^\x07\x1b]*(?:\x07|\x1b\\)")
# A signed run's marker as the recording's sandbox wrote it: signed for the recording's own nonce
# and session, so a copy drops it (a copy made with a Signer gets the node's own in its place).
_T_MARKER = re.compile(rb"\x1b\]133;T;[^\x07\x1b]*(?:\x07|\x1b\\)")
# A C or D marker with its command's (aid, n): where a command's block starts and ends.
_C_OR_D = re.compile(rb"\x1b\]133;([CD]);(?:\d+;)?aid=(\d+);n=(\d+);[^\x07\x1b]*(?:\x07|\x1b\\)")
# The exit statuses of a program the shell could not start (not executable, not found).
_NOT_RUN = (126, 127)


@dataclass(frozen=True)
class Signer:
    """What one node's attestation helper puts in the markers it writes for one learner."""

    key: NodeKey  # the node's private key (the helper signs with it; the grader sees .public)
    host: str  # the node's hostname (the helper's socket.gethostname())
    user: str  # the learner the helper runs programs as
    programs: frozenset[str]  # the lab's attest.programs (the node's wrapped programs)
    environment: Mapping[str, str]  # the lab's environment, exported at login


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
    #: the output records its signed runs name (file name -> bytes): what the node's helper
    #: writes beside the session, root's, for the spool reader to send
    records: Mapping[str, bytes] = field(default_factory=dict)

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
        if entry["session"].startswith(NOT_CLASS_MATERIAL):
            continue
        out.append(
            Recording(entry["session"], entry["nonce"], (RECORDINGS / entry["file"]).read_bytes())
        )
    return out


def restamp(
    rec: Recording, session: str, rng: random.Random, signer: Signer | None = None
) -> Session:
    """A fresh copy of `rec`: new nonce everywhere the recording's own nonce is (markers of
    another nonce, such as a `cat` of an old session, keep theirs), new aids; with `signer`,
    the signed runs of its attested programs (see the module docstring)."""
    nonce = f"{rng.getrandbits(128):032x}"
    data = rec.data.replace(rec.nonce.encode(), nonce.encode())
    aids: dict[bytes, bytes] = {}

    def new_aid(m: re.Match[bytes]) -> bytes:
        old = m.group(1)
        if old not in aids:
            aids[old] = str(rng.randrange(10_000, 4_000_000)).encode()
        return b"aid=" + aids[old]

    data = _AID.sub(new_aid, data)
    data = _moved_to_now(data, nonce)
    records: dict[str, bytes] = {}
    if signer is not None:
        data = sign(data, session, nonce, signer, rng, records)
    else:
        data = _T_MARKER.sub(b"", data)
    # Only our own D markers end a command: a `cat` of an old session prints D markers of
    # another nonce in the middle of its output.
    own = f"k={nonce}".encode()
    cuts = [m.end() for m in _D_MARKER.finditer(data) if own in m.group(0)]
    bounds = [0, *cuts, len(data)]
    units = tuple(data[a:b] for a, b in itertools.pairwise(bounds) if b > a)
    return Session(session, nonce, units, records)


# A C or D marker's time field (the hooks' EPOCHREALTIME).
_TIME = re.compile(rb"(\x1b\]133;[CD];[^\x07\x1b]*?;t=)(\d+(?:\.\d+)?)")


def _moved_to_now(data: bytes, nonce: str) -> bytes:
    """The copy's own command times moved so that its first lies a minute ago: the daemon
    replaces a time more than CLOCK_WINDOW_S (24 h) from its clock with the time it received it
    (grader/daemon/ingest.py), and a signed run is then outside its command's times. A copy
    is a session typed now, as the faults strike now."""
    own = f"k={nonce}".encode()
    # (another session's markers, a `cat` of an old session, keep their times)
    ours = [m for m in _TIME.finditer(data) if own in data[m.end() : m.end() + 400]]
    if not ours:
        return data
    delta = time.time() - 60.0 - min(float(m.group(2)) for m in ours)
    parts: list[bytes] = []
    at = 0
    for m in ours:
        parts += [data[at : m.start(2)], b"%.6f" % (float(m.group(2)) + delta)]
        at = m.end(2)
    return b"".join([*parts, data[at:]])


def _attested(view: CommandView, signer: Signer) -> bool:
    """Whether the node's helper ran this command: an attested program found through PATH (the
    wrapper in /usr/local/bin); `./all_reduce_perf` or a full path to the real binary is not.
    The node's own `lab answer` has the helper sign it too (grader/node/files/lab)."""
    if not view.cmd.argv or "/" in view.cmd.argv[0]:
        return False
    return view.cmd.program in signer.programs or view.cmd.argv[:2] == ["lab", "answer"]


def _signed_runs(
    data: bytes,
    session: str,
    nonce: str,
    signer: Signer,
    rng: random.Random,
    records: dict[str, bytes],
) -> dict[tuple[int, int], list[bytes]]:
    """(aid, n) -> the markers the helper wrote during that command, in run order.

    The line analysis is the engine's (analyse_line on each shell's ShellEnv, which starts from
    the lab's environment and follows the shell's export/unset as the engine does), so a signed
    run's environment is what the engine believes the program got, and the steps' command specs
    hold for the signed argv exactly when they hold for the line.
    """
    parser = SessionParser(session, nonce)
    shells: dict[int, tuple[ShellEnv, list[int]]] = {}
    # per command: its attested programs' views, each with whether PIPESTATUS holds its status
    views: dict[tuple[int, int], list[tuple[CommandView, bool]]] = {}
    out: dict[tuple[int, int], list[bytes]] = {}
    # per command: the output records the recording's own signed runs name, in run order
    recorded: dict[tuple[int, int], list[bytes]] = {}
    for ev in [*parser.feed(data), *parser.close()]:
        if isinstance(ev, AttestationSeen):
            seen = signed_run.parse(ev.body)
            if seen is not None and seen.record and (RUNS / seen.record).is_file():
                recorded.setdefault((ev.aid, ev.n), []).append((RUNS / seen.record).read_bytes())
        elif isinstance(ev, CommandStarted):
            env, last_n = shells.setdefault(ev.aid, (ShellEnv(dict(signer.environment)), [-1]))
            if ev.n <= last_n[0] or not ev.line_reliable:
                continue  # the engine skips these too (a replay; a line it cannot trust)
            last_n[0] = ev.n
            line = analyse_line(ev.line, env)
            last = len(line.pipelines) - 1
            views[(ev.aid, ev.n)] = [
                (v, v.pipeline == last and not v.cmd.nested)
                for v in line.commands
                if _attested(v, signer)
            ]
        elif isinstance(ev, CommandEnded):
            rec = ev.record
            found = views.pop((rec.aid, rec.n), None)
            if not found or rec.t0 is None or rec.t1 is None:
                continue
            outputs = recorded.pop((rec.aid, rec.n), [])
            for view, in_pipestatus in found:
                if not in_pipestatus:  # none of the recordings has one: say so, never guess
                    raise ValueError(f"{session}: no exit status known for {rec.line!r}")
                exit_ = rec.pipestatus[view.cmd.stage]
                direct = len(rec.pipestatus) == 1  # one stage: the shell forked it itself
                if exit_ in _NOT_RUN:
                    continue
                pid = rec.aid + rng.randrange(1, 5000)
                # what the program printed: the record the recording's own run kept
                output = outputs.pop(0) if outputs else None
                name = "" if output is None else run_record.record_name(session, pid, rec.t0)
                if output is not None:
                    records[name] = output
                att = Attestation(
                    program=view.cmd.program,
                    args=tuple(view.cmd.args),
                    env=signed_run.attested_env(view.env),
                    exit=exit_,
                    t0=rec.t0,
                    t1=rec.t1,
                    user=signer.user,
                    host=signer.host,
                    pid=pid,
                    # sudo's parent: the shell for a simple command, else a forked stage
                    ppid=rec.aid if direct else rec.aid + rng.randrange(1, 5000),
                    nonce=nonce,
                    record=name,
                    record_hash="" if output is None else run_record.digest(output),
                )
                out.setdefault((rec.aid, rec.n), []).append(signed_run.marker(signer.key.sign, att))
    return out


def sign(
    data: bytes,
    session: str,
    nonce: str,
    signer: Signer,
    rng: random.Random,
    records: dict[str, bytes],
) -> bytes:
    """`data` with each attested command's signed markers right before its own D marker (the
    helper writes its marker when the program ends, so it lands inside the C..D block); the
    output records they name go into `records`."""
    runs = _signed_runs(data, session, nonce, signer, rng, records)
    data = _T_MARKER.sub(b"", data)
    own = f"k={nonce}".encode()
    parts: list[bytes] = []
    started: set[tuple[int, int]] = set()
    at = 0
    for m in _C_OR_D.finditer(data):
        if own not in m.group(0):
            continue  # another session's marker (a `cat` of an old session)
        key = (int(m.group(2)), int(m.group(3)))
        if m.group(1) == b"C":
            started.add(key)
        elif key in started and key in runs:
            parts += [data[at : m.start()], *runs.pop(key)]
            at = m.start()
    assert not runs, f"{session}: no D marker for {sorted(runs)}"
    return b"".join([*parts, data[at:]])
