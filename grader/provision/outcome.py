"""What a run did: per host, per step, ok / changed / failed / skipped, and the summary table.

Pure data and text: the runner fills it, the command prints it, tests read it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Status(enum.StrEnum):
    OK = "ok"  # already as wanted: nothing done
    CHANGED = "changed"  # made as wanted (or, with --dry-run, would be)
    FAILED = "failed"
    SKIPPED = "skipped"  # not run: an earlier step failed, or not asked for


@dataclass
class StepResult:
    step: str
    status: Status
    #: What changed (or would), or why it failed/was skipped: one line each.
    details: list[str] = field(default_factory=list)
    #: What the operator must read whole (accounts left on the node, by name): printed under the
    #: summary table rather than shortened into its detail column.
    notes: list[str] = field(default_factory=list)

    @property
    def summary(self) -> str:
        return "; ".join(self.details)

    @property
    def text(self) -> str:
        """Details and notes, every word: the progress line and the host's log."""
        return "; ".join([*self.details, *self.notes])


@dataclass
class HostOutcome:
    host: str
    steps: list[StepResult] = field(default_factory=list)
    #: The health report (grader.provision.health.NodeReport.as_dict()), when checks ran.
    report: dict[str, Any] | None = None
    log_file: str = ""

    @property
    def failed(self) -> bool:
        return any(s.status is Status.FAILED for s in self.steps)

    @property
    def changed(self) -> bool:
        return any(s.status is Status.CHANGED for s in self.steps)

    @property
    def status(self) -> Status:
        """The host as a whole: failed if any step failed, else changed if any changed, else ok."""
        if self.failed:
            return Status.FAILED
        return Status.CHANGED if self.changed else Status.OK

    def step(self, name: str) -> StepResult:
        for s in self.steps:
            if s.step == name:
                return s
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "host": self.host,
            "failed": self.failed,
            "steps": [
                {"step": s.step, "status": str(s.status), "details": s.details, "notes": s.notes}
                for s in self.steps
            ],
            "report": self.report,
            "log": self.log_file,
        }


#: Widest detail text in the summary table; the per-host log has every word.
SUMMARY_DETAIL_WIDTH = 70
#: Longest note under the summary table (some forty account names); the per-host log has all.
SUMMARY_NOTE_CHARS = 400


def _items(detail: str) -> list[str]:
    """`detail` split at its `; ` separators, not at one inside parentheses or backquotes."""
    items, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(detail):
        if ch == "`":
            quoted = not quoted
        elif not quoted and ch in "([":
            depth += 1
        elif not quoted and ch in ")]":
            depth = max(depth - 1, 0)
        elif ch == ";" and not depth and not quoted and detail.startswith("; ", i):
            items.append(detail[start:i])
            start = i + 2
    return [*items, detail[start:]]


def bound_note(note: str, limit: int = SUMMARY_NOTE_CHARS) -> str:
    """`note` whole when it fits `limit`, else its list (`…: a, b, c`) cut after a whole name,
    the rest counted (`+N more: see the host's log`)."""
    if len(note) <= limit:
        return note
    head, _, names = note.rpartition(": ")
    listed = names.split(", ")
    kept: list[str] = []
    for name in listed:
        more = f", +{len(listed) - len(kept) - 1} more: see the host's log"
        if len(f"{head}: {', '.join([*kept, name])}{more}") > limit:
            break
        kept.append(name)
    return f"{head}: {', '.join(kept)}, +{len(listed) - len(kept)} more: see the host's log"


def fit_detail(detail: str, width: int) -> str:
    """`detail` in at most `width` characters, never cut inside a word (a learner's name, a path).

    A detail is `; `-joined items ("would create learner alice; would create learner bob"; a `; `
    inside parentheses or backquotes belongs to its item):
    whole items are kept while they fit and the others counted (`; +2 more`); a first item that
    alone is too long is cut at a space and marked `…`. Every word is in the host's log.
    """
    if len(detail) <= width:
        return detail
    items = _items(detail)
    kept: list[str] = []
    for item in items:
        left = len(items) - len(kept) - 1
        if len("; ".join([*kept, item]) + (f"; +{left} more" if left else "")) > width:
            break
        kept.append(item)
    if kept:
        return "; ".join(kept) + f"; +{len(items) - len(kept)} more"
    suffix = f" … +{len(items) - 1} more" if len(items) > 1 else " …"
    text = ""
    for word in items[0].split(" "):
        longer = f"{text} {word}" if text else word
        if len(longer) + len(suffix) > width:
            break
        text = longer
    return text + suffix if text else "…"


def summary_table(outcomes: list[HostOutcome]) -> str:
    """host | step | status | detail rows, failures' reasons in full, the notes (bounded), then
    the counts.

    The last line counts hosts (a host is failed if any step failed, changed if any step
    changed, else ok) and, separately, steps, each under its own name.
    """
    rows = [("HOST", "STEP", "STATUS", "DETAIL")]
    for o in outcomes:
        for s in o.steps:
            detail = s.summary
            if s.status is not Status.FAILED:
                detail = fit_detail(detail, SUMMARY_DETAIL_WIDTH)
            rows.append((o.host, s.step, str(s.status), detail))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [
        f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}".rstrip()
        for r in rows
    ]
    notes = [
        f"{o.host} {s.step}: {bound_note(n)}" for o in outcomes for s in o.steps for n in s.notes
    ]
    if notes:
        lines += ["", *notes]
    failed = [o.host for o in outcomes if o.failed]
    hosts = {st: sum(o.status is st for o in outcomes) for st in Status if st is not Status.SKIPPED}
    steps = {st: sum(s.status is st for o in outcomes for s in o.steps) for st in Status}
    lines.append("")
    lines.append(
        f"{len(outcomes)} host(s): "
        + ", ".join(f"{n} {st}" for st, n in hosts.items())
        + f"; {sum(steps.values())} step(s): "
        + ", ".join(f"{n} {st}" for st, n in steps.items())
        + (f"; FAILED: {', '.join(failed)}" if failed else "")
    )
    return "\n".join(lines)
