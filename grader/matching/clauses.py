"""A learner's reason joined from the problems of several checks, each thing said once.

Checks report problems independently, and two can say the same thing: two captures of one
table, or several comparisons whose values the same earlier step captures. Each of those says
`do the step “T” first: this step compares with X, which it captures`; joined as they come the
reason repeats the order three times. Here exact repeats are dropped, and clauses that name the
same step to do first become one, naming every value (`… compares with A, B and C, which it
captures`); a bare `do the step “T” first` (an `after:`) gives way to a clause that says more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_FIRST = re.compile(r"^(?P<lead>do the step “[^”]*” first)(?::\s*(?P<rest>.*))?$", re.S)
_COMPARES = re.compile(r"^this step compares with (?P<what>.+), which it captures$", re.S)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def join_clauses(problems: Iterable[str]) -> str:
    """The problems as one reason: clauses (`; `-separated) each once, those naming the same
    step to do first merged, in the order first seen."""
    clauses = list(dict.fromkeys(c for p in problems for c in p.split("; ") if c))
    rests: dict[str, list[str]] = {}
    for c in clauses:
        m = _FIRST.match(c)
        if m:
            rests.setdefault(m["lead"], [])
            if m["rest"]:
                rests[m["lead"]].append(m["rest"])
    out: list[str] = []
    for c in clauses:
        m = _FIRST.match(c)
        if m is None:
            out.append(c)
            continue
        lead = m["lead"]
        if lead not in rests:
            continue  # already said
        details = rests.pop(lead)
        compared = [x["what"] for x in map(_COMPARES.match, details) if x]
        other = [d for d in details if not _COMPARES.match(d)]
        said = [f"this step compares with {_and(compared)}, which it captures"] if compared else []
        out.append(f"{lead}: {', and '.join(said + other)}" if said or other else lead)
    return "; ".join(out)
