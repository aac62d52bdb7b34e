"""`attempts:` in an .expect.yaml: what one command of the transcript must do to one step.

The `steps:` of an expectation say where each step ends; a pin says what a given command got on
the way, from the session's trace (grader/authoring/trace.py):

    attempts:
      - line: "NCCL_SOCKET_IFNAM=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
        step: run-broken
        state: attempted
        reason: "did you mean"      # optional: a substring of the reason, any case
      - command: 6                  # the trace's number: for a line typed twice, or {{var}}
        step: pin-iface
        state: verified
      - command: 5
        step: pin-iface
        state: untouched           # the command gave this step no verdict at all

`line:` is the command line exactly as typed (surrounding spaces aside) and must name one
command; `command:` counts from 1 as `grader trace` numbers them. `reason` is a substring, like
the one of `steps:`, so a rewording elsewhere in the sentence does not break the pin.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from grader.authoring.trace import StepTouch, TracedCommand
from grader.printable import printable

STATES = ("attempted", "verified", "untouched")
KEYS = frozenset({"command", "line", "step", "state", "reason"})


def pin_problems(
    spec: Any, commands: Sequence[TracedCommand], steps: Collection[str], where: str
) -> list[str]:
    """What does not hold of the pins in `spec` (an `attempts:` value) on the trace; `where`
    names the list in messages (`x.expect.yaml attempts`)."""
    if spec is None:
        return []
    if not isinstance(spec, list):
        return [f"{where}: a list of pins, not {type(spec).__name__}"]
    problems: list[str] = []
    for i, pin in enumerate(spec, 1):
        label = f"{where} #{i}"
        shape = _shape_problem(pin, steps)
        if shape:
            problems.append(f"{label}: {shape}")
            continue
        found = _command(pin, commands)
        if isinstance(found, str):
            problems.append(f"{label}: {found}")
            continue
        p = _judge(pin, found)
        if p:
            problems.append(f"{label}: #{found.number} `{printable(found.line)}`: {p}")
    return problems


def _shape_problem(pin: Any, steps: Collection[str]) -> str:
    if not isinstance(pin, dict):
        return "a pin is a mapping with command: or line:, step: and state:"
    unknown = sorted(str(k) for k in pin if k not in KEYS)
    if unknown:
        return f"unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(KEYS))})"
    if ("command" in pin) == ("line" in pin):
        return "name the command with exactly one of command: (its number) or line:"
    if "command" in pin and (type(pin["command"]) is not int or pin["command"] < 1):
        return f"command: is a number from 1, not {pin['command']!r}"
    if "line" in pin and not isinstance(pin["line"], str):
        return f"line: is the command line as text, not {pin['line']!r}"
    if pin.get("step") not in steps:
        return f"no step {pin.get('step')!r} in the lab"
    if pin.get("state") not in STATES:
        return f"state: is one of {', '.join(STATES)}, not {pin.get('state')!r}"
    if "reason" in pin and (not isinstance(pin["reason"], str) or pin["state"] == "untouched"):
        return "reason: is a text, and only for an attempted or verified step"
    return ""


def _command(pin: dict[str, Any], commands: Sequence[TracedCommand]) -> TracedCommand | str:
    """The command the pin names, or why there is none."""
    if "command" in pin:
        n = pin["command"]
        if n > len(commands):
            return f"no command #{n}: the session has {len(commands)}"
        return commands[n - 1]
    line = pin["line"].strip()
    same = [c for c in commands if c.line.strip() == line]
    if not same:
        return f"no command typed as `{printable(line)}`"
    if len(same) > 1:
        numbers = ", ".join(f"#{c.number}" for c in same)
        return f"`{printable(line)}` was typed {len(same)} times ({numbers}): pin it by command:"
    return same[0]


def _judge(pin: dict[str, Any], c: TracedCommand) -> str:
    """Why the command did not do to the step what the pin says (empty: it did)."""
    step, want = pin["step"], pin["state"]
    got: StepTouch | None = next((t for t in reversed(c.steps) if t.step == step), None)
    if want == "untouched":
        return "" if got is None else f"{step} is {_said(got)}, expected untouched"
    if got is None:
        others = ", ".join(_said(t, named=True) for t in c.steps) or "no step"
        return f"{step} untouched, expected {want} (it touched {others})"
    if got.state != want:
        return f"{step} is {_said(got)}, expected {want}"
    reason = pin.get("reason", "")
    if reason and reason.lower() not in got.reason.lower():
        return f"{step}: reason {got.reason!r} does not mention {reason!r}"
    return ""


def _said(t: StepTouch, named: bool = False) -> str:
    why = f" ({printable(t.reason)})" if t.reason else ""
    return f"{t.step} {t.state}{why}" if named else f"{t.state}{why}"
