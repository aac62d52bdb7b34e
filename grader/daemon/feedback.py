"""Progress written back to the node: progress/<user>/progress.json, read by the learner's shell.

docs/node-protocol.md "Progress file": the capture hooks print `✓ 3/9 <title>` for each new
verified event at the next prompt, and `lab status` prints the checklist. The file is written as
the grader account, atomically (temp file + rename), so the learner's shell never reads half a
file: by the node's spool reader when it runs (one line on its stdin, grader.daemon.transport
ReaderInput; a failure comes back as a frame), else over SFTP. Writes are coalesced: a burst of
verdicts for one learner becomes one write.
"""

from __future__ import annotations

import logging
import os
import time
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import asyncssh

from grader.daemon.logbudget import LogBudget
from grader.daemon.transport import ReaderInput
from grader.jsontext import compact_json
from grader.labs import Lab, Step
from grader.store import Announcement, StepProgress, StepState, VerdictEvent
from grader.verdict import step_view

log = logging.getLogger("grader.daemon.feedback")

# docs/node-protocol.md: the file keeps the most recent 50 events; the shell shows new ones.
EVENTS_KEPT = 50
# A reason or an announcement longer than this is cut in the file (the shell shows one line).
REASON_KEPT = 300
ANNOUNCEMENT_KEPT = 1000
# One node's write rounds start at least this far apart: the verdicts of a burst (a pasted
# script, many learners at once) land in one round, while a lone command's round starts at once
# (its shell's prompt is waiting for it, PROMPT_WAIT_MS).
FEEDBACK_COALESCE_S = 0.05
# The prompt of the learner's shell waits at most this long for the verdict of the command that
# just ended (the file's `wait_ms`, docs/node-protocol.md "Progress file"): the grader's p99 from
# a command's end to its verdict is ~17 ms at 1,000 nodes, so 200 ms covers a slow moment and is
# still not felt as a stall when the grader is down.
PROMPT_WAIT_MS = 200
PROMPT_WAIT_MAX_MS = 200
# How many of a learner's shells the file says "judged up to command n" for, newest first: the
# shell reads them from the file's first bytes with a builtin `read`, so the list stays short.
JUDGED_KEPT = 12
# A failed write (progress dir missing, disk full, SFTP refused) is retried after 1 s, doubling up
# to 30 s: retrying at every coalesce tick costs a set of SFTP round trips per node per 200 ms,
# the largest CPU item of a benchmark whose nodes lack progress/<learner>/ (measured,
# BENCHMARKS.md). A verdict still
# reaches the learner at most 30 s after the cause is fixed.
FEEDBACK_RETRY_S = 1.0
FEEDBACK_RETRY_MAX_S = 30.0
# The learner reads it through the group, which the setgid progress/<user>/ directory gives every
# file created in it (install-capture.sh); nobody else can (node-protocol.md).
PROGRESS_MODE = 0o640


def _step_text(step: Step, verified: bool) -> dict[str, Any]:
    """What `lab show` prints on the node: a command step's instructions; a question with its
    choices (never the answer), and its explanation once answered right."""
    if step.type == "question":
        text: dict[str, Any] = {
            "question": step.question,
            "choices": [{"id": c.id, "text": c.text} for c in step.choices],
        }
        if verified and step.explanation:
            text["explanation"] = step.explanation
        return text
    return {"instructions": step.instructions}


def progress_document(
    learner: str,
    labs: Iterable[Lab],
    progress: Mapping[str, Sequence[StepState | StepProgress]],
    events: Iterable[VerdictEvent],
    now: float | None = None,
    *,
    simulated: bool = False,
    judged: Mapping[str, int] | None = None,
    announcements: Iterable[Announcement] = (),
    wait_ms: int = PROMPT_WAIT_MS,
    learner_page: str | None = None,
    current: str | None = None,
) -> dict[str, Any]:
    """The progress file's JSON for one learner (pure: built from what the store says).

    simulated: the node's GPUs are the simulator's (`lab status` says so in its header).
    judged: "<session>/<aid>" -> the number of that shell's last command whose verdicts are in
    this document (newest last); announcements: the live ones for the learner's labs;
    learner_page: the address of the learner's page (grader.yaml api.public_url, config.py
    ApiConfig.learner_page), which the login welcome names; None when the operator set none.
    current: the id of the lab the learner is on (grader.matching.course), which `lab`, its
    welcome and its hints refer to; None (or not one of `labs`) leaves it to the node's `lab`:
    the first unfinished lab.

    The head (`v`, `seq`, `ann`, `wait_ms`, `judged`, in that order, up to judged's closing
    brace) is what the capture hooks read at every prompt with one builtin `read -d '}'`, so it
    holds only numbers and session keys, never a string the learner or an author wrote."""
    lab_docs: list[dict[str, Any]] = []
    steps: list[dict[str, Any]]
    index: dict[tuple[str, str], tuple[int, int, str]] = {}
    for lab in labs:
        rows = {p.step: p for p in progress.get(lab.id, [])}
        steps = []
        for i, step in enumerate(lab.steps, 1):
            index[(lab.id, step.id)] = (i, len(lab.steps), step.title)
            row = rows.get(step.id)
            steps.append(
                {
                    **step_view(step, i, row),
                    "type": step.type,
                    "points": step.points,
                    "hints": list(step.hints),
                    **_step_text(step, verified=bool(row and row.state == "verified")),
                }
            )
        lab_docs.append(
            {
                "id": lab.id,
                "title": lab.title,
                "points": sum(s.points for s in lab.steps),
                "score": sum(d["points"] for d in steps if d["state"] == "verified"),
                "steps": steps,
            }
        )
    event_docs: list[dict[str, Any]] = []
    mine = {lab["id"] for lab in lab_docs}
    kept = list(events)[-EVENTS_KEPT:]
    done_now = {
        lab["id"]: sum(1 for s in lab["steps"] if s["state"] == "verified") for lab in lab_docs
    }
    later: dict[str, set[str]] = {}  # lab -> steps verified by a later event (walking back)
    for ev in reversed(kept):
        i, count, title = index.get((ev.lab, ev.step), (0, 0, ev.step))
        doc: dict[str, Any] = {
            "seq": ev.seq,
            "lab": ev.lab,
            "step": ev.step,
            "index": i,
            "count": count,
            "title": title,
            "state": ev.state,
            "at": ev.at,
        }
        if ev.state == "verified":
            # How many of the lab's steps were done once this one was: "5/11 done".
            after = later.setdefault(ev.lab, set())
            after.discard(ev.step)
            doc["done"] = max(0, done_now.get(ev.lab, 0) - len(after))
            after.add(ev.step)
        elif ev.state == "reset":
            later[ev.lab] = set()
        if ev.state != "verified" and ev.reason:
            doc["reason"] = ev.reason[:REASON_KEPT]
        event_docs.append(doc)
    event_docs.reverse()
    live = [a for a in announcements if a.lab is None or a.lab in mine]
    ann_docs = [
        {"seq": a.seq, "at": a.at, "lab": a.lab, "text": a.text[:ANNOUNCEMENT_KEPT]} for a in live
    ]
    judged_head = dict(list((judged or {}).items())[-JUDGED_KEPT:])
    return {
        "v": 1,
        "seq": max((ev.seq for ev in kept), default=0),
        "ann": max((a.seq for a in live), default=0),
        "wait_ms": max(0, min(PROMPT_WAIT_MAX_MS, int(wait_ms))),
        "judged": judged_head,
        "learner": learner,
        "updated": time.time() if now is None else now,
        "node": {"simulated": simulated},
        "learner_page": learner_page,
        "current": current if current in mine else None,
        "labs": lab_docs,
        "events": event_docs,
        "announcements": ann_docs,
    }


class RecentEvents:
    """The last EVENTS_KEPT verdict events per learner, kept in memory after a first load."""

    def __init__(self) -> None:
        self._by_learner: dict[str, deque[VerdictEvent]] = {}

    def loaded(self, learner: str) -> bool:
        return learner in self._by_learner

    def load(self, learner: str, events: Iterable[VerdictEvent]) -> None:
        self._by_learner[learner] = deque(events, maxlen=EVENTS_KEPT)

    def add(self, events: Iterable[VerdictEvent]) -> None:
        for ev in events:
            if ev.learner in self._by_learner:
                self._by_learner[ev.learner].append(ev)

    def get(self, learner: str) -> list[VerdictEvent]:
        return list(self._by_learner.get(learner, ()))


class RetryBackoff:
    """Per learner: when the next progress write may be tried after failures (doubling)."""

    def __init__(self, base_s: float = FEEDBACK_RETRY_S, max_s: float = FEEDBACK_RETRY_MAX_S):
        self.base_s, self.max_s = base_s, max_s
        self._failures: dict[str, tuple[int, float]] = {}  # learner -> (count, next try)

    def due(self, learner: str, now: float) -> float:
        """Monotonic time at which a write for `learner` may be tried (now if none failed)."""
        return self._failures.get(learner, (0, now))[1]

    def failed(self, learner: str, now: float) -> float:
        """Record a failure; return the delay before the next try."""
        count = self._failures.get(learner, (0, now))[0]
        delay = min(self.max_s, self.base_s * 2 ** min(count, 16))
        self._failures[learner] = (count + 1, now + delay)
        return delay

    def succeeded(self, learner: str) -> None:
        self._failures.pop(learner, None)

    def reset(self) -> None:
        """Forget every failure: a new connection owes nothing to the old one's errors."""
        self._failures.clear()


def progress_path(spool_root: str, learner: str) -> str:
    """Where the learner's shell and `lab` read their progress (docs/node-protocol.md)."""
    return f"{spool_root}/progress/{learner}/progress.json"


class ProgressWriter:
    """Writes one node's progress files: through the node's spool reader when one runs, else
    over ONE SFTP session per SSH connection, reused.

    Why the reader: each SFTP write is five round trips on the daemon's loop; a line on the
    reader's open stdin is one packet (ReaderInput). Why one SFTP session: opening one is a
    channel open, a subsystem request and a version exchange, each a round trip with its
    crypto; in the benchmark's profile that is most of a progress write's cost and the largest
    share of the daemon's CPU per verified step (measured, BENCHMARKS.md). A failed write
    drops the session, and the next write opens a fresh one (on the new connection, if any).
    """

    def __init__(self, spool_root: str, log_budget: LogBudget | None = None) -> None:
        self.spool_root = spool_root
        # A line per document: a node's learners cause them, so they count against its budget.
        self._log_budget = LogBudget() if log_budget is None else log_budget
        self._conn: asyncssh.SSHClientConnection | None = None
        self._sftp: asyncssh.SFTPClient | None = None

    async def write(
        self,
        conn: asyncssh.SSHClientConnection,
        learner: str,
        doc: Mapping[str, Any],
        reader: ReaderInput | None = None,
    ) -> bool:
        """Write or hand over `learner`'s document; True when it is on the node now (SFTP),
        False when the reader has it: its failure, if any, comes back as a PROGRESS_FAILED frame.
        Raises OSError or asyncssh.Error when an SFTP write fails."""
        if reader is not None:
            sent = await reader.send_progress(learner, doc)
            if sent:
                self._log_budget.log(
                    log,
                    logging.INFO,
                    "event=progress_sent learner=%s bytes=%d via=reader",
                    learner,
                    sent,
                )
                return False
        if self._sftp is None or self._conn is not conn:
            self.close()
            self._sftp = await conn.start_sftp_client()
            self._conn = conn
        try:
            size = await write_progress(self._sftp, self.spool_root, learner, doc)
        except (OSError, asyncssh.Error):
            self.close()
            raise
        self._log_budget.log(
            log, logging.INFO, "event=progress_written learner=%s bytes=%d via=sftp", learner, size
        )
        return True

    def close(self) -> None:
        if self._sftp is not None:
            self._sftp.exit()
        self._sftp = self._conn = None


async def write_progress(
    sftp: asyncssh.SFTPClient, spool_root: str, learner: str, doc: Mapping[str, Any]
) -> int:
    """Write progress/<learner>/progress.json atomically: temp file in that directory, rename;
    the bytes written."""
    data = compact_json(doc)
    final = progress_path(spool_root, learner)
    tmp = f"{spool_root}/progress/{learner}/.progress.json.{os.getpid()}.tmp"
    async with sftp.open(tmp, "wb", asyncssh.SFTPAttrs(permissions=PROGRESS_MODE)) as fh:
        await fh.write(data)
    await sftp.chmod(tmp, PROGRESS_MODE)  # the open's mode is filtered by the server's umask
    await sftp.posix_rename(tmp, final)
    return len(data)
