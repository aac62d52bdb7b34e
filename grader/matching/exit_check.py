"""A step's exit and duration expectations, evaluated: the reason when they fail, else empty."""

from __future__ import annotations

from grader.labs import (
    Duration,
    ExitExpect,
)


def check_duration(exp: Duration, t0: float | None, t1: float | None, what: str) -> str:
    """Empty when `what` (the command, the signed run) took a plausible time, else the reason."""
    if t0 is None or t1 is None:
        return f"{what} has no known duration"
    took = t1 - t0
    if exp.min_s is not None and took < exp.min_s:
        return f"{what} took {took:.3f} s, less than the {exp.min_s:g} s the real job needs"
    if exp.max_s is not None and took > exp.max_s:
        return f"{what} took {took:.1f} s, more than the {exp.max_s:g} s this step allows"
    return ""


def check_exit(exp: ExitExpect, exit: int | None, pipestatus: tuple[int, ...]) -> str:
    """Empty when the exit status satisfies `exp`, else the reason."""
    what = "exit code"
    code = exit
    if exp.stage is not None:
        try:
            code = pipestatus[exp.stage]
        except IndexError:
            return f"the pipeline has no stage {exp.stage} to read an exit code from"
        what = f"pipeline stage {exp.stage} exit code"
    if code is None:
        return "the command never finished, so its exit code is unknown"
    if exp.kind == "code" and code != exp.code:
        return f"{what} {code}, expected {exp.code}"
    if exp.kind == "zero" and code != 0:
        return f"{what} {code}, expected success (0)"
    if exp.kind == "nonzero" and code == 0:
        return f"{what} 0, but this step expects a failure (nonzero)"
    return ""
