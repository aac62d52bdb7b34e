"""Progress written back to the node: progress/<user>/progress.json, read by the learner's shell.

docs/node-protocol.md "Progress file": the capture hooks print `✓ 3/9 <title>` for each new
verified event at the next prompt, and `lab status` prints the checklist. The file is written as
the grader account over SFTP, atomically (temp file + posix-rename), so the learner's shell never
reads half a file. Writes are coalesced: a burst of verdicts for one learner becomes one write.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

import asyncssh

from grader.labs.model import Lab
from grader.store import StepProgress, VerdictEvent

log = logging.getLogger("grader.daemon.feedback")

# docs/node-protocol.md: the file keeps the most recent 50 events; the shell shows new ones.
EVENTS_KEPT = 50
# Verdicts of one batch (and of the next few) land in one write: the learner reads the file at
# their next prompt, at least a keystroke away, so 200 ms is never seen yet saves SFTP round trips.
FEEDBACK_COALESCE_S = 0.2
# The learner reads it through the group, which the setgid progress/<user>/ directory gives every
# file created in it (install-capture.sh); nobody else can (node-protocol.md).
PROGRESS_MODE = 0o640


def progress_document(
    learner: str,
    labs: Iterable[Lab],
    progress: Mapping[str, list[StepProgress]],
    events: Iterable[VerdictEvent],
    now: float | None = None,
) -> dict[str, Any]:
    """The progress file's JSON for one learner (pure: built from what the store says)."""
    lab_docs = []
    index: dict[tuple[str, str], tuple[int, int, str]] = {}
    for lab in labs:
        rows = {p.step: p for p in progress.get(lab.id, [])}
        steps = []
        for i, step in enumerate(lab.steps, 1):
            index[(lab.id, step.id)] = (i, len(lab.steps), step.title)
            row = rows.get(step.id)
            steps.append(
                {
                    "id": step.id,
                    "n": i,
                    "title": step.title,
                    "state": row.state if row else "pending",
                    "reason": row.reason if row else "",
                    "points": step.points,
                    "hints": list(step.hints),
                    "at": row.at if row else None,
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
    event_docs = []
    for ev in events:
        i, count, title = index.get((ev.lab, ev.step), (0, 0, ev.step))
        event_docs.append(
            {
                "seq": ev.seq,
                "lab": ev.lab,
                "step": ev.step,
                "index": i,
                "count": count,
                "title": title,
                "state": ev.state,
                "at": ev.at,
            }
        )
    return {
        "v": 1,
        "learner": learner,
        "updated": time.time() if now is None else now,
        "labs": lab_docs,
        "events": event_docs[-EVENTS_KEPT:],
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


def progress_path(spool_root: str, learner: str) -> str:
    """Where the learner's shell and `lab` read their progress (docs/node-protocol.md)."""
    return f"{spool_root}/progress/{learner}/progress.json"


async def write_progress(
    conn: asyncssh.SSHClientConnection, spool_root: str, learner: str, doc: Mapping[str, Any]
) -> None:
    """Write progress/<learner>/progress.json atomically: temp file in that directory, rename."""
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    final = progress_path(spool_root, learner)
    tmp = f"{spool_root}/progress/{learner}/.progress.json.{os.getpid()}.tmp"
    async with conn.start_sftp_client() as sftp:
        async with sftp.open(tmp, "wb", asyncssh.SFTPAttrs(permissions=PROGRESS_MODE)) as fh:
            await fh.write(data)
        await sftp.chmod(tmp, PROGRESS_MODE)  # the open's mode is filtered by the server's umask
        await sftp.posix_rename(tmp, final)
    log.info("event=progress_written learner=%s bytes=%d", learner, len(data))
