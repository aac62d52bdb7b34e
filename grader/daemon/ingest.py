"""One node's spool frames in, store batches out (sans-I/O: no socket, no database here).

Per spool file a cursor holds a SessionParser plus the offsets that make ingest exactly-once
(the daemon contract): `fed` is how far the parser has read; `resume` is the parser's
`restart_offset` (just after the last D marker at which no command was open) as a file offset.
The session's own state is the parser's alone; the ingest routes its events to the engines and
its batches, plain data (grader.store.model), to the store. A batch carries the resume offsets,
the finished CommandRecords, the verdicts, anomalies and each touched engine's snapshot; the
store writes them in one transaction. After a crash the parser restarts at `resume` and the
engine from its snapshot (which leaves in-flight commands out), so the command that was running
is re-parsed whole and the store's unique keys absorb any command seen twice.

Learner = the spool directory name; only learners configured on the node are graded. A session's
nonce comes from its learner's sessions.jsonl and is pinned to the first line naming the session:
a learner can append to their own index, so a later line cannot change a nonce.

Attested runs (grader.matching.attest): each session's 133;T markers are checked with the node's
key (`attest_key`, read by the daemon at connect) and the verified ones travel on their command's
record; `enforce_attestation` (the config's `attestation` mode applied to this node) makes the
engines require them. Anomalies the engines find (`unattested`, `replayed_attestation`) are
audited with the parser's. A marker none of the node's known keys verifies may be signed with a
key the node rotated to (grader.daemon.nodekeys): its session's events wait (`Cursor.held`, its
stored restart point kept where it was) while the watcher reads the node's key again
(`key_wanted`, then `key_read`); then they are judged, forged only if the new key does not
verify them either.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from grader.capture import (
    ANOMALIES_PER_KIND,
    Anomaly,
    AttestationSeen,
    CommandEnded,
    CommandRecord,
    Event,
    SessionParser,
)
from grader.config import DEFAULT_MAX_SESSIONS_PER_LEARNER
from grader.daemon.logbudget import LogBudget
from grader.daemon.nodekeys import NodeKeys
from grader.labs import Lab
from grader.matching import Attester, LabGrader, RecordShelf, current_lab, feed_course
from grader.protocol import run_record
from grader.protocol.frames import KIND_DATA, KIND_RESET, NAME_MAX, Frame
from grader.store import IngestBatch
from grader.verdict import StepVerdict

log = logging.getLogger("grader.daemon.ingest")

# Frames arriving within this window share one transaction: a 100 MB `cat` (400 frames of
# 256 KiB) becomes a handful of transactions instead of hundreds. A batch holding a finished
# command or a verdict does not wait for it (has_ended): the reader sends a command's end in a
# frame of its own, right when it sees it, and that is the latency a learner feels.
BATCH_WINDOW_S = 0.03
# A .ts file whose session is not (yet) in sessions.jsonl waits for its nonce. The index line is
# written before `script` starts and the reader sends indexes first, so this only fills when the
# index is missing: the learner made the file himself. Past either bound (one session's, or all
# of a learner's waiting sessions together) the session is never graded: its held bytes are
# dropped, later ones ignored, and it is audited once as `unindexed_session`. (Pinning its first
# marker's nonce instead would grade a session the learner wrote, markers and all.)
PENDING_NONCE_MAX_BYTES = 1024 * 1024
PENDING_PER_LEARNER_MAX_BYTES = 4 * 1024 * 1024
# A sessions.jsonl line is ~300 bytes; a longer "line" is garbage and is skipped, not buffered.
INDEX_LINE_MAX = 4 * 1024
# The shapes session_open.py gives a session id and a nonce (docs/node-protocol.md).
SESSION_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z_.-]{0,254}")
NONCE = re.compile(r"[0-9a-f]{32}")
INDEX_FILE = "sessions.jsonl"
# A session whose end is only suggested (script's footer while a command other than exit/logout
# is open: a hangup killed it, or a command merely printed a footer-like line, e.g. `cat` of an
# old session; or an open `exit` with no footer: script was killed, or is older than 2.35) is
# closed once its file has not grown for this long. Long enough that a command which only looks
# finished (its D marker follows within milliseconds of the prompt) is never cut; short enough
# that a hung-up learner's last command is recorded within half a minute.
SESSION_IDLE_CLOSE_S = 30.0
# What one learner's open sessions may hold together in their parsers (SessionParser.held_bytes:
# carried markers, unterminated lines, open commands' output excerpts). An honest learner holds
# well under 1 MiB: a few open commands' 32 Ki-character excerpts and lines, a 256 KiB carried
# 633;E of a pasted heredoc for a moment. Without it one learner's 5,000 sessions, each ending in
# an unterminated `ESC ]` of 250 KB, held 1.2 GB in the daemon. Past it the learner's sessions
# are compacted, and if that is not enough, those holding most are quarantined, biggest first,
# until the rest hold half of it: the harm stays with that learner's sessions (docs/daemon.md
# "Limits per node").
LEARNER_HOLDS_MAX_BYTES = 8 * 1024 * 1024
# A session quiet this long has its parser compacted once (SessionParser.compact): an open
# command's excerpt keeps only the lines it can still show. Checked on the idle walk.
SESSION_COMPACT_IDLE_S = 10.0
# Per-node limits on what a node's frames can make the daemon hold (docs/daemon.md "Limits"):
# sessions per learner (the node's own session_open.py stops at 5,000 files), a session file
# name's length (transport.NAME_MAX), and how many unknown learner names are remembered (the rest
# are only counted).
MAX_SESSIONS_PER_LEARNER = DEFAULT_MAX_SESSIONS_PER_LEARNER  # grader.yaml: max_sessions_per_learner
IGNORED_NAMES_KEPT = 100
REFUSED_KEPT = 1000
# A command's times come from the node's clock, which a learner can redefine (a shell function
# `date`, a doctored PROMPT_COMMAND): `t=300000000000.5` is year 11476. Times further than this
# from the grader's clock when the record arrives are not the node's clock drifting (NTP keeps
# that to milliseconds; a node set to the wrong day is still within it): the record keeps the
# grader's receive time instead and the session is audited once (`clock_out_of_window`).
CLOCK_WINDOW_S = 24 * 3600.0
# What the store keeps of command output, per node per minute: a record keeps up to
# OUTPUT_KEEP_CHARS (32 Ki characters, grader/capture/excerpt.py) of its output, and a node whose
# learners print 40 KiB per command as fast as the pacer lets them grew SQLite by 259 MB a minute.
# 4 Mi characters a minute is 128 full excerpts a minute on one node, far above a class's
# ordinary output (most commands keep a few hundred characters; a build log or an NCCL sweep a
# full excerpt), and at most ~250 MB an hour of a node that floods for good; past it a record
# keeps STORAGE_EXCERPT_CHARS, audited once a minute per node (`storage_budget`). Matching saw
# all of the output either way.
STORED_OUTPUT_CHARS_PER_MIN = 4 * 1024 * 1024
STORAGE_EXCERPT_CHARS = 1024
STORAGE_WINDOW_S = 60.0
# Forged 133;T markers audited per session: the parser's bound on each kind of its own anomalies
# (ANOMALIES_PER_KIND); past it a learner's ~230 bytes no longer store an audit row each.
FORGED_AUDITED_PER_SESSION = ANOMALIES_PER_KIND
# A quarantined session's anomaly names the exception: its type and up to this many characters
# of its message (it may quote the node's bytes; the log line and the store both get it escaped).
QUARANTINE_DETAIL_MAX = 300


@dataclass
class Cursor:
    """One session file: its parser and the offsets that make re-feeding safe.

    The session's own state (open commands, the restart point, the signs of its end) is the
    parser's; a cursor holds only what lies outside one parser's stream: where it started in the
    file, how far the file was read, bytes waiting for a nonce, and whether the session is over.
    """

    learner: str
    session: str
    parser: SessionParser | None = None
    base: int = 0  # absolute offset the parser started at
    fed: int = 0  # absolute offset of the next byte expected
    resume: int = 0  # restart point: base + the parser's restart_offset
    pending: list[Frame] = field(default_factory=list)  # waiting for the session's nonce
    pending_bytes: int = 0
    grew_at: float = 0.0  # monotonic time bytes last arrived
    closed: bool = False  # the parser saw the end of the session; later bytes are anomalies
    after_close_audited: bool = False  # data_after_close is audited once per session
    unindexed: bool = False  # waited too long for an index line: never graded, bytes ignored
    quarantined: bool = False  # its parser or an engine raised: never fed again, bytes ignored
    clock_audited: bool = False  # clock_out_of_window is audited once per session
    attester: Attester | None = None  # built at the session's first 133;T
    forged: int = 0  # forged_attestation markers seen (FORGED_AUDITED_PER_SESSION audited)
    # Events waiting for the node's key to be read again (a marker no known key verified), and
    # the restart point to store meanwhile (the one before them: a crash re-reads them).
    held: list[Event] | None = None
    held_resume: int = 0
    holds: int = 0  # its parser's held_bytes() when last counted (LEARNER_HOLDS_MAX_BYTES)
    compacted: bool = False  # compacted since bytes last arrived (SESSION_COMPACT_IDLE_S)


@dataclass
class LearnerIndex:
    """A learner's sessions.jsonl: how far it was read and the nonces it pinned."""

    fed: int = 0
    carry: bytes = b""
    nonces: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ended:
    """A command that just finished: what probes look at."""

    learner: str
    record: CommandRecord
    lab: str | None = None  # the lab the learner is on once it was judged (grader.matching.course)


class NodeIngest:
    """Turns one node's frames into IngestBatches; one instance per watched node."""

    def __init__(
        self,
        node_id: str,
        learners: Mapping[str, tuple[str, ...]],
        labs: Mapping[str, Lab],
        stored_offsets: Mapping[str, int],
        load_snapshot: Callable[[str, str], dict[str, Any] | None],
        owner: str | None = None,
        attest_key: bytes | None = None,
        enforce_attestation: bool = False,
        max_sessions: int = MAX_SESSIONS_PER_LEARNER,
        log_budget: LogBudget | None = None,
    ):
        self.max_sessions = max_sessions
        self.node_id = node_id
        self.attest_key = attest_key
        self.enforce_attestation = enforce_attestation
        self._keys = NodeKeys(attest_key)
        #: A marker no known key verifies waits in its session: read the node's key, then call
        #: key_read (the watcher does, over the node's connection).
        self.key_wanted = False
        self.learners = dict(learners)
        self.labs = labs
        self.owner = owner
        self._load_snapshot = load_snapshot
        self._cursors: dict[str, Cursor] = {}
        self._indexes: dict[str, LearnerIndex] = {}
        self._graders: dict[tuple[str, str], LabGrader] = {}
        self._stored = dict(stored_offsets)
        self._ignored: set[str] = set()
        self.ignored_frames = 0  # frames of learners this node does not have
        self._sessions_of: dict[str, int] = {}  # cursors per learner (MAX_SESSIONS_PER_LEARNER)
        self._limited: set[str] = set()  # learners whose session limit was audited
        self._refused: set[str] = set()  # spool entries audited as refused (REFUSED_KEPT)
        # Signed runs' output records (`.run`), per learner, until their command takes them
        # (grader.matching.attest); never stored or given an offset: the reader resends them.
        self._records = RecordShelf()
        # The lines this node's frames cause, within its budget (the watcher's, shared).
        self._log_budget = LogBudget() if log_budget is None else log_budget
        self._bad_index_lines = 0
        self.refused_frames = 0
        self._pending_by_learner: dict[str, int] = {}  # bytes held for unindexed sessions
        self._holds_of: dict[str, int] = {}  # what each learner's parsers hold (Cursor.holds)
        self.shed_sessions = 0  # sessions quarantined for their learner's memory budget
        self._now = 0.0
        # Output characters stored this minute (STORED_OUTPUT_CHARS_PER_MIN), since when (the
        # monotonic clock of `feed`), and whether storage_budget was audited in it.
        self._stored_chars = 0
        self._storage_since = float("-inf")
        self._storage_audited = False
        self._new_batch()

    def set_attestation(self, key: bytes | None, enforce: bool, now: float | None = None) -> None:
        """The node's key as read at (re)connect, and whether engines require signed runs. A
        key that replaces another keeps the old one verifying for a while (nodekeys.py)."""
        now = time.monotonic() if now is None else now
        self.attest_key, self.enforce_attestation = key, enforce
        self._keys.read(key, now)
        self._share_keys(now)
        for grader in self._graders.values():
            grader.set_enforce_attestation(enforce)
        if any(cur.held is not None for cur in self._cursors.values()):
            self._release_all_held(now)  # the read asked for was cut short: this one answers

    def _share_keys(self, now: float | None = None) -> None:
        keys = self._keys.keys(time.monotonic() if now is None else now)
        for cur in self._cursors.values():
            if cur.attester is not None:
                cur.attester.keys = keys

    def key_read(self, key: bytes | None, now: float | None = None) -> None:
        """The node's key read again because a marker no known key verified (`key_wanted`): a
        new one joins the known keys (the old one kept, nodekeys.py), a missing one changes
        nothing (the next connect says so); then the waiting sessions are judged with them."""
        now = time.monotonic() if now is None else now
        if key is not None and key != self._keys.current:
            self._keys.read(key, now)
            self.attest_key = key
            self._say(logging.INFO, "event=attestation_key_rotated node=%s", self.node_id)
            self._share_keys(now)
        self._release_all_held(now)

    def _release_all_held(self, now: float) -> None:
        """Judge the sessions waiting for the key with the keys known now; a marker none of
        them verifies is forged (the key was just read: it is not asked for again at once)."""
        self.key_wanted = False
        self._keys.asked(now)
        for cur in list(self._cursors.values()):
            if cur.held is not None:
                self._release_held(cur)

    def _release_held(self, cur: Cursor) -> None:
        events, cur.held = cur.held or [], None
        path = f"{cur.learner}/{cur.session}.ts"
        try:
            self._route(cur, events)
        except Exception as exc:  # as in _feed_bytes: the session's, never the node's
            self._quarantine(cur, None, exc)
            return
        if cur.held is not None or cur.parser is None:  # waits again (another unknown marker)
            return
        cur.resume = cur.base + cur.parser.restart_offset
        self._batch.offsets[path] = cur.resume
        if cur.parser.looks_ended():
            self._close(cur)

    # --- what to ask the reader for -------------------------------------------------------------

    def start_offsets(self) -> dict[str, int]:
        """Offsets for the reader: live cursors continue; others resume from the store.

        Indexes are not stored: they are re-read from 0 (a few hundred bytes per session) so the
        pinned nonces are rebuilt after a restart.
        """
        out = {p: off for p, off in self._stored.items() if not p.endswith("/" + INDEX_FILE)}
        for path, cur in self._cursors.items():
            out[path] = cur.fed
        for learner, idx in self._indexes.items():
            out[f"{learner}/{INDEX_FILE}"] = idx.fed
        return out

    # --- frames in ------------------------------------------------------------------------------

    def feed(self, frame: Frame, now: float | None = None) -> None:
        """One frame from the reader; `now` (monotonic, default the clock) dates its bytes."""
        self._now = time.monotonic() if now is None else now
        if frame.kind not in (KIND_DATA, KIND_RESET) or "/" not in frame.path:
            return
        learner, name = frame.path.split("/", 1)
        if learner not in self.learners:
            self._ignore(learner)
            return
        if len(name) > NAME_MAX:
            return  # no file name is this long: not a session the node's reader can have read
        if name == INDEX_FILE:
            self._feed_index(learner, frame)
        elif name.endswith(".ts") and "/" not in name:
            self._feed_session(learner, name[: -len(".ts")], frame)
        elif name.endswith(run_record.SUFFIX) and frame.kind == KIND_DATA:
            self._records.feed(learner, name, frame.offset, frame.data)

    def _ignore(self, learner: str) -> None:
        """Frames of a learner this node does not have: counted, a few names remembered (a node
        sending endless made-up names must not grow this set), each logged once."""
        self.ignored_frames += 1
        if learner in self._ignored or len(self._ignored) >= IGNORED_NAMES_KEPT:
            return
        self._ignored.add(learner)
        self._say(
            logging.INFO,
            "event=ignored_learner node=%s learner=%s",
            self.node_id,
            json.dumps(learner[:64]),
        )

    def _feed_index(self, learner: str, frame: Frame) -> None:
        idx = self._indexes.setdefault(learner, LearnerIndex())
        if frame.kind == KIND_RESET:
            self._say(
                logging.WARNING, "event=index_reset node=%s learner=%s", self.node_id, learner
            )
            idx.fed, idx.carry = 0, b""  # pinned nonces stay pinned
            return
        data = self._align(idx.fed, frame, f"{learner}/{INDEX_FILE}")
        if data is None:
            return
        idx.fed = frame.offset + len(frame.data)
        lines = (idx.carry + data).split(b"\n")
        idx.carry = lines.pop()
        if len(idx.carry) > INDEX_LINE_MAX:
            idx.carry = b""
        pinned_now: list[str] = []
        for line in lines:
            # A line of the node's session_open.py is ~250 bytes, its session id and nonce of a
            # fixed shape; anything else is refused before it is parsed or kept (else a node
            # sending 0.5 MiB ids makes the daemon hold 201 MiB; `[` x 200,000 raises
            # RecursionError).
            try:
                if len(line) > INDEX_LINE_MAX:
                    raise ValueError("index line too long")
                entry = json.loads(line)
                session, nonce = entry["session"], entry["nonce"]
                if not (isinstance(session, str) and SESSION_ID.fullmatch(session)):
                    raise ValueError("not a session id")
                if not (isinstance(nonce, str) and NONCE.fullmatch(nonce)):
                    raise ValueError("not a nonce")
            except (ValueError, KeyError, TypeError, RecursionError):
                self._bad_index_lines += 1
                self._say(
                    logging.WARNING,
                    "event=bad_index_line node=%s learner=%s",
                    self.node_id,
                    learner,
                )
                continue
            if session not in idx.nonces and len(idx.nonces) >= self.max_sessions:
                self._over_limit(learner)
                continue
            pinned = idx.nonces.get(session)
            if pinned is None:
                idx.nonces[session] = nonce
                pinned_now.append(session)
            elif pinned != nonce:
                self._anomaly(learner, Anomaly(session, "bad_nonce", "index line re-keys session"))
        # Sessions whose bytes came before their line start now (only those this frame pinned:
        # a walk of every pinned session per frame would be O(sessions)).
        for session in pinned_now:
            cur = self._cursors.get(f"{learner}/{session}.ts")
            if cur is not None and cur.parser is None and cur.pending:
                self._start_parser(cur, idx.nonces[session])

    def _feed_session(self, learner: str, session: str, frame: Frame) -> None:
        path = f"{learner}/{session}.ts"
        cur = self._cursors.get(path)
        if cur is None:
            if self._sessions_of.get(learner, 0) >= self.max_sessions:
                self._over_limit(learner)
                return
            self._sessions_of[learner] = self._sessions_of.get(learner, 0) + 1
            start = self._stored.get(path, 0)
            cur = Cursor(learner, session, base=start, fed=start, resume=start)
            self._cursors[path] = cur
        if frame.kind == KIND_RESET:
            self._say(
                logging.WARNING,
                "event=file_reset node=%s path=%s from=%d",
                self.node_id,
                path,  # the log formatter escapes control characters (grader/printable.py)
                cur.fed,
            )
            nonce = cur.parser.nonce if cur.parser else None
            self._release_pending(cur)
            cur.parser = None
            self._account(cur)
            # A rewrite does not make a learner's own file his session, nor a quarantined one
            # sound again (its sender would rewrite it to make the daemon fail once more).
            self._cursors[path] = cur = Cursor(
                learner, session, unindexed=cur.unindexed, quarantined=cur.quarantined
            )
            self._batch.offsets[path] = 0
            if nonce:
                cur.parser = SessionParser(session, nonce)
            return
        if cur.closed:
            self._after_close(cur, frame)
            return
        if cur.unindexed or cur.quarantined:
            self._skip(cur, frame)
            return
        if cur.parser is None:
            nonce = self._indexes.get(learner, LearnerIndex()).nonces.get(session)
            if nonce is None:
                size = len(frame.data)
                held = self._pending_by_learner.get(learner, 0)
                if (
                    cur.pending_bytes + size <= PENDING_NONCE_MAX_BYTES
                    and held + size <= PENDING_PER_LEARNER_MAX_BYTES
                ):
                    cur.pending.append(frame)
                    cur.pending_bytes += size
                    self._pending_by_learner[learner] = held + size
                    return
                self._unindexed(cur, frame)
                return
            self._start_parser(cur, nonce)
        self._feed_bytes(cur, frame)

    def _unindexed(self, cur: Cursor, frame: Frame) -> None:
        """No index line for this session while its bytes outgrew what may wait for one: drop
        them, never grade it, audit it once (see PENDING_NONCE_MAX_BYTES)."""
        path = f"{cur.learner}/{cur.session}.ts"
        held = cur.pending_bytes
        self._release_pending(cur)
        cur.unindexed = True
        self._anomaly(
            cur.learner,
            Anomaly(
                cur.session,
                "unindexed_session",
                f"{path}: {held + len(frame.data)} bytes and no line in {INDEX_FILE} (the capture "
                "shell writes it before the session starts): never graded",
                frame.offset,
            ),
        )
        self._skip(cur, frame)

    def _skip(self, cur: Cursor, frame: Frame) -> None:
        """Ignore an unindexed session's bytes; its stored offset follows, so none come again."""
        cur.fed = max(cur.fed, frame.offset + len(frame.data))
        cur.resume = cur.fed
        self._batch.offsets[f"{cur.learner}/{cur.session}.ts"] = cur.fed

    def _release_pending(self, cur: Cursor) -> None:
        if cur.pending_bytes:
            left = self._pending_by_learner.get(cur.learner, 0) - cur.pending_bytes
            if left > 0:
                self._pending_by_learner[cur.learner] = left
            else:
                self._pending_by_learner.pop(cur.learner, None)
        cur.pending, cur.pending_bytes = [], 0

    def _start_parser(self, cur: Cursor, nonce: str | None) -> None:
        cur.parser = SessionParser(cur.session, nonce)
        pending = cur.pending
        self._release_pending(cur)
        for frame in pending:
            if cur.quarantined:
                self._skip(cur, frame)
            else:
                self._feed_bytes(cur, frame)

    def _feed_bytes(self, cur: Cursor, frame: Frame) -> None:
        path = f"{cur.learner}/{cur.session}.ts"
        data = self._align(cur.fed, frame, path)
        if data is None:
            return
        if frame.offset > cur.fed:  # a gap: bytes we can never see again; restart cleanly there
            cur.parser = SessionParser(cur.session, cur.parser.nonce if cur.parser else None)
            cur.attester = None
            cur.base = cur.resume = frame.offset
        parser = cur.parser
        assert parser is not None
        try:
            self._route(cur, parser.feed(data))
        except Exception as exc:  # the session's bytes broke its parser or an engine: see below
            self._quarantine(cur, frame, exc)
            return
        cur.fed = frame.offset + len(frame.data)
        # while events wait for the node's key, the stored restart point stays before them
        cur.resume = cur.base + parser.restart_offset if cur.held is None else cur.held_resume
        # Only a moved restart point is news: echoed keystrokes advance `fed` but not `resume`,
        # and writing the same offset again would make every keystroke its own transaction.
        if path in self._batch.offsets or self._stored.get(path) != cur.resume:
            self._batch.offsets[path] = cur.resume
        cur.grew_at = self._now
        cur.compacted = False
        self._account(cur)
        if self._holds_of.get(cur.learner, 0) > LEARNER_HOLDS_MAX_BYTES:
            self._shed(cur.learner)
            if cur.quarantined:
                return
        if parser.looks_ended() and cur.held is None:
            self._close(cur)

    # --- memory ---------------------------------------------------------------------------------

    def holds(self, learner: str) -> int:
        """What the learner's session parsers hold now, in bytes (LEARNER_HOLDS_MAX_BYTES)."""
        return self._holds_of.get(learner, 0)

    def _account(self, cur: Cursor) -> None:
        """Count the cursor's parser again in its learner's total: O(its open commands)."""
        parser = cur.parser
        holds = 0 if parser is None else parser.held_bytes()
        if holds != cur.holds:
            total = self._holds_of.get(cur.learner, 0) + holds - cur.holds
            cur.holds = holds
            if total > 0:
                self._holds_of[cur.learner] = total
            else:
                self._holds_of.pop(cur.learner, None)

    def _compact(self, cur: Cursor) -> None:
        """Compact the cursor's parser once since its bytes last arrived, and count it again."""
        if cur.parser is not None and not cur.compacted:
            cur.compacted = True
            cur.parser.compact()
            self._account(cur)

    def _shed(self, learner: str) -> None:
        """The learner's parsers hold more than LEARNER_HOLDS_MAX_BYTES: compact them all (as
        the idle walk would), and if they still hold more than half of it, quarantine his
        sessions that hold most, biggest first, until the rest hold at most half. Each is
        audited (`session_quarantined`); the half leaves room, so a learner who keeps trying
        pays one walk of his sessions per LEARNER_HOLDS_MAX_BYTES / 2 he sends, not one per
        frame. Many open commands' output excerpts compact; carried markers do not."""
        mine = [c for c in self._cursors.values() if c.learner == learner and c.holds > 0]
        for cur in mine:
            self._compact(cur)
        total = self._holds_of.get(learner, 0)
        mine.sort(key=lambda c: c.holds, reverse=True)
        for cur in mine:
            if total <= LEARNER_HOLDS_MAX_BYTES // 2:
                break
            holds = cur.holds
            self.shed_sessions += 1
            self._quarantine(
                cur,
                None,
                f"its parser held {holds} bytes (unfinished markers, lines and output) while "
                f"the learner's sessions held {total}, past {LEARNER_HOLDS_MAX_BYTES}",
            )
            total -= holds

    # --- session ends ---------------------------------------------------------------------------

    def close_idle(self, now: float | None = None) -> int:
        """Close sessions that look ended and have been quiet SESSION_IDLE_CLOSE_S; how many.

        The rule (docs/daemon.md "Session end"): script's footer at the end of the file while the
        innermost open command is `exit`/`logout` closes the parser at once (in _feed_bytes);
        either sign alone closes it after the file stayed quiet this long. A session quiet for
        SESSION_COMPACT_IDLE_S has its parser compacted once on the way.
        """
        now = time.monotonic() if now is None else now
        if self._keys.expire(now):  # a rotated-out key's time is up (nodekeys.py)
            self._share_keys(now)
        closed = 0
        for cur in self._cursors.values():
            parser = cur.parser
            if parser is None or cur.closed or cur.quarantined:
                continue
            quiet = now - cur.grew_at
            if quiet >= SESSION_COMPACT_IDLE_S:
                self._compact(cur)
            if cur.held is not None or quiet < SESSION_IDLE_CLOSE_S:
                continue
            if parser.footer_at_end() or parser.exit_open():
                self._close(cur)
                closed += 1
        return closed

    def _close(self, cur: Cursor) -> None:
        """End the session: open commands become records, and the stored offset moves to the end
        of the file, so a restart re-feeds nothing (the closed session's bytes are all judged)."""
        assert cur.parser is not None
        try:
            self._route(cur, cur.parser.close())
        except Exception as exc:  # as in _feed_bytes: the session's, never the node's
            self._quarantine(cur, None, exc)
            return
        cur.closed = True
        # Nothing reads an ended session's parser again (later bytes are data_after_close; a
        # RESET starts a new one from the index's nonce): its state, up to ~150 KiB of a
        # hostile session's (a waiting 64 KiB line, 1,024 shells), is not held for good.
        cur.parser, cur.attester = None, None
        self._account(cur)
        cur.resume = cur.fed
        self._batch.offsets[f"{cur.learner}/{cur.session}.ts"] = cur.fed
        self._say(
            logging.INFO,
            "event=session_closed node=%s learner=%s session=%s",
            self.node_id,
            cur.learner,
            cur.session,
        )

    def _quarantine(self, cur: Cursor, frame: Frame | None, exc: Exception | str) -> None:
        """The session's parser or one of its learner's engines raised on its bytes: a bug, or
        bytes no bound foresaw. The failure is the session's, never the node's (else the node's
        connection failed, reconnected and failed again on the same bytes for as long as the
        file existed, and no other learner of the node was graded): the session is never fed
        again, its bytes are skipped, and it is audited once (`session_quarantined`, naming the
        exception). Its stored offset moves past every byte seen, in the same batch as the
        anomaly, so a restarted daemon never feeds the failing bytes again; it starts the
        session over, with a fresh parser, at the first byte after them."""
        path = f"{cur.learner}/{cur.session}.ts"
        end = cur.fed if frame is None else max(cur.fed, frame.offset + len(frame.data))
        at = cur.fed
        cur.quarantined = True
        cur.parser, cur.attester, cur.held = None, None, None
        self._account(cur)
        cur.fed = cur.resume = end
        self._batch.offsets[path] = end
        if isinstance(exc, str):  # a bound of the daemon's, said in its own words
            why = f"{path} at offset {at}: {exc}"
        else:
            message = str(exc)
            if len(message) > QUARANTINE_DETAIL_MAX:
                message = message[:QUARANTINE_DETAIL_MAX] + "…"
            why = f"{type(exc).__name__} while grading {path} at offset {at}: {message}"
        self._audit(
            cur, "session_quarantined", f"{why} (the session's later bytes are not graded)", at
        )

    def _after_close(self, cur: Cursor, frame: Frame) -> None:
        """Bytes after the end: a footer was forged or the idle guess was wrong. They cannot be
        parsed soundly (the parser's state is gone), so they are skipped and audited."""
        path = f"{cur.learner}/{cur.session}.ts"
        data = self._align(cur.fed, frame, path)
        if data is None:
            return
        if not cur.after_close_audited:  # once per session: a node may send such bytes forever
            cur.after_close_audited = True
            self._anomaly(
                cur.learner,
                Anomaly(
                    cur.session,
                    "data_after_close",
                    f"{len(data)} bytes after session end (later ones are not audited again)",
                    cur.fed,
                ),
            )
        cur.fed = cur.resume = frame.offset + len(frame.data)
        self._batch.offsets[path] = cur.fed

    # --- events out -----------------------------------------------------------------------------

    def _route(self, cur: Cursor, events: list[Event]) -> None:
        if cur.held is not None:  # waiting for the node's key: these wait behind the others
            cur.held.extend(events)
            return
        for i, ev in enumerate(events):
            if isinstance(ev, AttestationSeen):
                if cur.attester is None:
                    keys = self._keys.keys(time.monotonic())
                    cur.attester = Attester(keys, self._records.of(cur.learner))
                if cur.attester.unknown(ev) and self._keys.may_ask(time.monotonic()):
                    # maybe signed with a key the node rotated to: ask it before judging
                    cur.held, cur.held_resume = list(events[i:]), cur.resume
                    self.key_wanted = True
                    return
                forged = cur.attester.seen(ev)
                if forged is not None:
                    cur.forged += 1
                    if cur.forged <= FORGED_AUDITED_PER_SESSION:
                        if cur.forged == FORGED_AUDITED_PER_SESSION:
                            forged = replace(
                                forged,
                                detail=forged.detail
                                + " (this session's later forged markers are not audited)",
                            )
                        self._anomaly(cur.learner, replace(forged, offset=forged.offset + cur.base))
                continue  # the engines judge the signed run on its command's record
            if isinstance(ev, CommandEnded):
                if cur.attester is not None and cur.attester.pending:
                    ev = cur.attester.ended(ev)
                ev = self._clock_checked(cur, ev)
                self._batch.records.append((cur.learner, self._stored_record(cur, ev.record)))
                self.ended.append(Ended(cur.learner, ev.record))
            elif isinstance(ev, Anomaly):
                ev = replace(ev, offset=ev.offset + cur.base)
                self._anomaly(cur.learner, ev)
            # the learner's labs in course order: graded on the one they are on (course.py)
            graders = self._course(cur.learner)
            for verdict in feed_course(graders, ev):
                self._verdict(cur.learner, verdict)
            for grader in graders:
                if grader.fresh_anomalies:
                    for anomaly in grader.take_anomalies():
                        self._anomaly(cur.learner, anomaly)
                self._batch.snapshots[(cur.learner, grader.lab.id)] = {}  # filled at take_batch
            if isinstance(ev, CommandEnded):  # (a `lab start` changes it for the progress file)
                self.ended[-1] = replace(self.ended[-1], lab=self.current_lab(cur.learner))

    def _course(self, learner: str) -> list[LabGrader]:
        """The learner's engines, in grader.yaml's order of their labs."""
        graders = (self.grader(learner, lab_id) for lab_id in self.learners[learner])
        return [g for g in graders if g is not None]

    def current_lab(self, learner: str) -> str | None:
        """The id of the lab the learner is on (grader.matching.course), None when they take none
        here: what the progress file's `current` says."""
        if learner not in self.learners:
            return None
        here = current_lab(self._course(learner))
        return here.lab.id if here is not None else None

    def _clock_checked(self, cur: Cursor, ev: CommandEnded) -> CommandEnded:
        """The record with its times on the grader's clock when the node's are outside
        CLOCK_WINDOW_S of it (audited once per session); the engines see the same record."""
        rec = ev.record
        now = time.time()
        wrong = [t for t in (rec.t0, rec.t1) if t is not None and abs(t - now) > CLOCK_WINDOW_S]
        if not wrong:
            return ev
        if not cur.clock_audited:
            cur.clock_audited = True
            self._audit(
                cur,
                "clock_out_of_window",
                f"command {rec.aid}/{rec.n}: node time {wrong[0]!r} is more than "
                f"{CLOCK_WINDOW_S:.0f} s from the grader's clock; its records keep the "
                "grader's receive time (later ones are not audited again)",
            )
        fixed = replace(
            rec,
            t0=now if rec.t0 is not None and abs(rec.t0 - now) > CLOCK_WINDOW_S else rec.t0,
            t1=now if rec.t1 is not None and abs(rec.t1 - now) > CLOCK_WINDOW_S else rec.t1,
        )
        return CommandEnded(fixed)

    def _stored_record(self, cur: Cursor, rec: CommandRecord) -> CommandRecord:
        """What the store keeps of a record: all of it within the node's minute budget
        (STORED_OUTPUT_CHARS_PER_MIN), past it a STORAGE_EXCERPT_CHARS excerpt."""
        if self._now - self._storage_since >= STORAGE_WINDOW_S:
            self._storage_since, self._stored_chars = self._now, 0
            self._storage_audited = False
        # the cwd counts too: one 633;P gives every later record of the shell up to 4 KiB
        size = len(rec.output) + len(rec.line) + len(rec.cwd or "")
        if self._stored_chars + size <= STORED_OUTPUT_CHARS_PER_MIN:
            self._stored_chars += size
            return rec
        if not self._storage_audited:
            self._storage_audited = True
            self._audit(
                cur,
                "storage_budget",
                f"this node's records kept {self._stored_chars} characters of output this "
                f"minute (budget {STORED_OUTPUT_CHARS_PER_MIN}): the rest of this minute's "
                f"records keep {STORAGE_EXCERPT_CHARS} characters each",
            )
        kept = replace(
            rec,
            output=rec.output[:STORAGE_EXCERPT_CHARS],
            line=rec.line[:STORAGE_EXCERPT_CHARS],
            cwd=rec.cwd[:STORAGE_EXCERPT_CHARS] if rec.cwd else rec.cwd,
            output_truncated=rec.output_truncated or len(rec.output) > STORAGE_EXCERPT_CHARS,
        )
        self._stored_chars += len(kept.output) + len(kept.line) + len(kept.cwd or "")
        return kept

    def refused(self, path: str, why: str) -> None:
        """The reader would not read a spool entry (a link, another owner's file): an attempt to
        aim the grader account at a file the learner may not read. Audited as the learner's
        `spool_refused` anomaly (its session is the entry's name); a path outside the node's
        learners is only logged."""
        learner, _, name = path.partition("/")
        if learner not in self.learners:
            self._ignore(learner)
            return
        # Once per entry, and at most REFUSED_KEPT audit rows per node: the reader says so once
        # per file and reason; a node repeating it endlessly is counted, not audited endlessly.
        self.refused_frames += 1
        key = path[:300]
        if key in self._refused or len(self._refused) >= REFUSED_KEPT:
            return
        self._refused.add(key)
        # the reason is the node's text: a NUL would fail the batch on PostgreSQL (JSON)
        why = why[:300].replace("\x00", "\ufffd")
        self._anomaly(learner, Anomaly(name[:200], "spool_refused", f"{key}: {why}"))

    def _over_limit(self, learner: str) -> None:
        """A learner past MAX_SESSIONS_PER_LEARNER: further sessions are not read; audited once."""
        if learner in self._limited:
            return
        self._limited.add(learner)
        self._anomaly(
            learner,
            Anomaly(
                "",
                "session_limit",
                f"more than {self.max_sessions} sessions on this node: the rest are not graded",
            ),
        )

    def _say(self, level: int, msg: str, *args: object) -> None:
        self._log_budget.log(log, level, msg, *args)

    def _align(self, fed: int, frame: Frame, path: str) -> bytes | None:
        data, gap = _align(fed, frame)
        if gap:
            self._say(
                logging.ERROR,
                "event=stream_gap node=%s path=%s expected=%d got=%d",
                self.node_id,
                path,
                fed,
                frame.offset,
            )
        return data

    def _anomaly(self, learner: str, anomaly: Anomaly) -> None:
        self._say(
            logging.WARNING,
            "event=anomaly node=%s learner=%s session=%s kind=%s detail=%s",
            self.node_id,
            learner,  # one of the configured names, never the node's
            json.dumps(anomaly.session),
            anomaly.kind,
            json.dumps(anomaly.detail),
        )
        self._batch.anomalies.append((learner, anomaly))

    def _audit(self, cur: Cursor, kind: str, detail: str, offset: int = 0) -> None:
        """An anomaly of the cursor's session."""
        self._anomaly(cur.learner, Anomaly(cur.session, kind, detail, offset))

    def _verdict(self, learner: str, verdict: StepVerdict) -> None:
        self._batch.verdicts.append((learner, verdict))

    def add_verdict(self, learner: str, verdict: StepVerdict) -> None:
        """A verdict from outside the parser (a probe) joins the next batch."""
        self._verdict(learner, verdict)

    def load_engines(self) -> None:
        """Restore every engine this node's learners use, before the first byte is fed.

        Called in a worker thread at watcher start. Loading lazily from `_route` would make the
        database a dependency of parsing: a database away mid-feed would raise out of `feed` with
        the frame's events half-routed, close the node's SSH link and stop its watcher for good.
        """
        for learner, lab_ids in self.learners.items():
            for lab_id in lab_ids:
                self.grader(learner, lab_id)

    def grader(self, learner: str, lab_id: str) -> LabGrader | None:
        """The learner's engine for a lab, restored from its stored snapshot on first use."""
        key = (learner, lab_id)
        found = self._graders.get(key)
        if found is None:
            lab = self.labs.get(lab_id)
            if lab is None:
                return None
            snap = self._load_snapshot(learner, lab_id)
            enforce = self.enforce_attestation
            found = (
                LabGrader.restore(lab, learner, snap, enforce)
                if snap
                else LabGrader(lab, learner, enforce)
            )
            self._graders[key] = found
        return found

    def reset_engine(self, learner: str, lab_id: str) -> bool:
        """An operator reset this learner's lab (Store.reset_lab): its engine starts over.

        Verdicts of the old engine not yet taken into a batch are dropped, and the fresh engine's
        snapshot goes with the next batch. False when this node does not grade that learner on
        that lab (nothing changed).
        """
        lab = self.labs.get(lab_id)
        if lab is None or lab_id not in self.learners.get(learner, ()):
            return False
        self._graders[(learner, lab_id)] = LabGrader(lab, learner, self.enforce_attestation)
        batch = self._batch
        batch.verdicts = [
            (who, v) for who, v in batch.verdicts if not (who == learner and v.lab == lab_id)
        ]
        batch.snapshots[(learner, lab_id)] = {}  # filled at take_batch
        return True

    # --- batches --------------------------------------------------------------------------------

    def _new_batch(self) -> None:
        self._batch = IngestBatch(node_id=self.node_id, owner=self.owner)
        self.ended: list[Ended] = []

    def has_pending(self) -> bool:
        b = self._batch
        return bool(b.offsets or b.records or b.verdicts or b.anomalies)

    def pending_records(self) -> int:
        """Command records parsed and not yet taken in a batch."""
        return len(self._batch.records)

    def has_ended(self) -> bool:
        """The batch holds a finished command or a verdict: worth committing without delay."""
        return bool(self._batch.records or self._batch.verdicts)

    def take_batch(self) -> tuple[IngestBatch, list[Ended]] | None:
        """The batch so far (snapshots taken now) and the commands that ended in it."""
        if not self.has_pending():
            return None
        batch, ended = self._batch, self.ended
        for learner, lab_id in batch.snapshots:
            grader = self._graders[(learner, lab_id)]
            batch.snapshots[(learner, lab_id)] = grader.snapshot()
        self._new_batch()
        self._stored.update(batch.offsets)
        return batch, ended


def _align(fed: int, frame: Frame) -> tuple[bytes | None, bool]:
    """The part of a frame not seen yet (overlap after a reconnect is dropped; None if none), and
    whether bytes are missing before it (a gap: NodeIngest._align logs it)."""
    end = frame.offset + len(frame.data)
    if end <= fed:
        return None, False
    if frame.offset < fed:
        return frame.data[fed - frame.offset :], False
    return frame.data, frame.offset > fed
