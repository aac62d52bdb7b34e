"""Time allowances for the hang guards and waits of tests, under coverage's tracer.

A test here never checks speed (speed lives in BENCHMARKS.md); a few bound how long something
may take so that a hang fails instead of stalling CI (a parser fed hostile bytes, a flood paced
through the daemon). CI runs the suite under coverage (scripts/test.sh), whose line tracer slows
pure-Python code: the parser's worst case 3-4x (measured on tests/capture and these guards).
`allowance` scales a bound by TRACED_FACTOR while a tracer is installed, and leaves it as it is
otherwise, so a run without coverage keeps the tight bound.
"""

from __future__ import annotations

import sys

TRACED_FACTOR = 4.0


def traced() -> bool:
    """A trace function (coverage's, a debugger's) is installed in this thread."""
    return sys.gettrace() is not None


def allowance(seconds: float) -> float:
    return seconds * (TRACED_FACTOR if traced() else 1.0)
