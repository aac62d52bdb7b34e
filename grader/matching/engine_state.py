"""What a LabGrader remembers between commands, and that memory as plain JSON and back.

The engine (grader/matching/engine.py) judges; this module owns the shape of what it keeps per
step and per shell, and how a snapshot stores it: the daemon stores a snapshot with each batch
and restores the engine from it after a crash, so the two directions live side by side here and
SNAPSHOT_VERSION names their format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from grader.matching.shellenv import ShellEnv
from grader.verdict import Evidence, State

SNAPSHOT_VERSION = 1

#: A shell of a learner's: (session, the shell's announced id).
ShellKey = tuple[str, int]


@dataclass(slots=True)
class StepState:
    state: State = State.PENDING
    reason: str = ""
    captures: dict[str, str] = field(default_factory=dict)
    evidence: Evidence | None = None
    attempts: int = 0
    answers: int = 0  # a question step's answers judged on their choice (its `attempts` limit)
    # the last command whose line matched this step's command expectation (session, aid, n):
    # what a later `immediately` step must directly follow
    anchor: tuple[str, int, int] | None = None


@dataclass(slots=True)
class ShellState:
    env: ShellEnv
    last_n: int = -1  # highest CommandStarted n seen: anything not above it is a replay
    ended_n: int = -1  # highest CommandEnded n judged
    prev_cmd: int | None = None  # n of the last real command, for `immediately`
    last_exit: int | None = None
    # something changed $? since prev_cmd without running a command (a syntax error, Ctrl-C)
    broken: bool = False


def step_json(st: StepState) -> dict[str, Any]:
    return {
        "state": st.state.value,
        "reason": st.reason,
        "captures": dict(st.captures),
        "evidence": st.evidence.to_dict() if st.evidence else None,
        "attempts": st.attempts,
        "answers": st.answers,
        "anchor": list(st.anchor) if st.anchor else None,
    }


def step_from_json(d: Mapping[str, Any]) -> StepState:
    anchor = d.get("anchor")
    return StepState(
        state=State(d["state"]),
        reason=d.get("reason", ""),
        captures=dict(d.get("captures", {})),
        evidence=evidence_from_json(d.get("evidence")),
        attempts=int(d.get("attempts", 0)),
        answers=int(d.get("answers", 0)),
        anchor=(anchor[0], int(anchor[1]), int(anchor[2])) if anchor else None,
    )


def shell_json(key: ShellKey, sh: ShellState) -> dict[str, Any]:
    session, aid = key
    return {
        "session": session,
        "aid": aid,
        "env": sh.env.to_json(),
        "last_n": sh.last_n,
        "ended_n": sh.ended_n,
        "prev_cmd": sh.prev_cmd,
        "last_exit": sh.last_exit,
        "broken": sh.broken,
    }


def shell_from_json(d: Mapping[str, Any]) -> tuple[ShellKey, ShellState]:
    return (d["session"], int(d["aid"])), ShellState(
        env=ShellEnv.from_json(d.get("env", {})),
        last_n=int(d.get("last_n", -1)),
        ended_n=int(d.get("ended_n", -1)),
        prev_cmd=d.get("prev_cmd"),
        last_exit=d.get("last_exit"),
        broken=bool(d.get("broken", False)),
    )


def evidence_from_json(d: Mapping[str, Any] | None) -> Evidence | None:
    if not d:
        return None
    d = dict(d)
    d["pipestatus"] = tuple(d.get("pipestatus", ()))
    d["matched"] = tuple(d.get("matched", ()))
    d["values"] = tuple(d.get("values", ()))
    return Evidence(**d)
