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

    @property
    def summary(self) -> str:
        return "; ".join(self.details)


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
                {"step": s.step, "status": str(s.status), "details": s.details} for s in self.steps
            ],
            "report": self.report,
            "log": self.log_file,
        }


#: Widest detail text in the summary table; the per-host log has every word.
SUMMARY_DETAIL_WIDTH = 70


def summary_table(outcomes: list[HostOutcome]) -> str:
    """host | step | status | detail rows, failures' reasons in full on their own lines."""
    rows = [("HOST", "STEP", "STATUS", "DETAIL")]
    for o in outcomes:
        for s in o.steps:
            detail = s.summary
            if len(detail) > SUMMARY_DETAIL_WIDTH and s.status is not Status.FAILED:
                detail = detail[: SUMMARY_DETAIL_WIDTH - 1] + "…"
            rows.append((o.host, s.step, str(s.status), detail))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [
        f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}".rstrip()
        for r in rows
    ]
    failed = [o.host for o in outcomes if o.failed]
    counts = {st: sum(s.status is st for o in outcomes for s in o.steps) for st in Status}
    lines.append("")
    lines.append(
        f"{len(outcomes)} host(s): "
        + ", ".join(f"{counts[st]} {st}" for st in Status)
        + (f"; FAILED: {', '.join(failed)}" if failed else "")
    )
    return "\n".join(lines)
