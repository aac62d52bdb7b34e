"""The recorder's script language, read into steps before anything is typed.

A script (a lab's `tests/<name>.script`, `python -m grader.authoring.record`) is what a learner
types, one entry a line:

- any other line is typed, then Enter;
- `@key NAME`: one key, no Enter: `enter`, `ctrl-c`, `ctrl-d`, `backspace`, `tab`, `space`,
  `escape`, `up`, `down`, `left`, `right`, or one printable character (`@key q`) for a program
  that holds the terminal (a pager);
- `@type TEXT`: TEXT typed, no Enter;
- `@sleep SECONDS`;
- `@wait quiet [SECONDS]`: the line or key before it starts (or talks to) a program that reads
  keys (`| less`, an editor): do not wait for the shell's prompt, wait until the terminal has
  been quiet for SECONDS (default QUIET_S) while a program holds it;
- `@env NAME=VALUE`: the shell's environment, before the first typed line only.

When each step waits, and for what, is grader/authoring/record.py's `play`. Reading the whole
script first means a misspelt key or a misplaced `@wait` is refused, naming its line, before a
shell starts, not halfway through a session.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

#: The named keys and the bytes a terminal sends for them.
KEYS: dict[str, bytes] = {
    "enter": b"\r",
    "ctrl-c": b"\x03",
    "ctrl-d": b"\x04",
    "backspace": b"\x7f",
    "tab": b"\t",
    "space": b" ",
    "escape": b"\x1b",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
}
#: Keys that end what is typed at a prompt: the shell answers with a prompt (primary or PS2).
ENDING_KEYS = frozenset({"enter", "ctrl-c"})
#: `@wait quiet`'s default: no output for this long while a program holds the terminal means it
#: has drawn its screen and waits for a key (less draws a page in milliseconds).
QUIET_S = 0.5

Kind = Literal["line", "key", "type", "sleep", "wait"]
_DIRECTIVE = re.compile(r"^@(key|type|sleep|env|wait)(?:\s+(.*))?$")
_WAIT = re.compile(r"quiet(?:\s+(\d+(?:\.\d*)?|\.\d+))?\s*")


class ScriptInvalid(ValueError):
    """A script entry that cannot be typed as written (its line number and text in the message)."""


@dataclass(frozen=True)
class Step:
    number: int  # the line's number in the script file
    text: str  # the line as written
    kind: Kind
    arg: str = ""  # the line to type, the key, the text, the seconds

    @property
    def quiet_s(self) -> float:
        """A `@wait quiet` step's quiet period."""
        return float(self.arg) if self.arg else QUIET_S

    @property
    def printable_key(self) -> bool:
        """A one-character `@key` (`@key q`): input for a program, never for the prompt."""
        return self.kind == "key" and self.arg not in KEYS


def key_bytes(name: str) -> bytes:
    """What the terminal sends for `name`: a named key, or one printable character."""
    if name in KEYS:
        return KEYS[name]
    if len(name) == 1 and name.isprintable() and not name.isspace():
        return name.encode()
    raise ValueError(f"unknown key {name!r} (one of {', '.join(KEYS)}, or one printable character)")


def parse(
    lines: Sequence[str], numbers: Sequence[int] | None = None
) -> tuple[dict[str, str], list[Step]]:
    """The `@env` settings and the steps of a script; `numbers[i]` is line i's number in the
    file (default: 1, 2, ...). Raises ScriptInvalid for an entry that cannot be typed."""
    numbers = list(numbers) if numbers is not None else list(range(1, len(lines) + 1))
    env: dict[str, str] = {}
    steps: list[Step] = []
    for number, raw in zip(numbers, lines, strict=True):
        m = _DIRECTIVE.match(raw)
        if m is None:
            steps.append(Step(number, raw, "line", raw))
            continue
        what, arg = m[1], m[2] or ""

        def bad(why: str, number: int = number, raw: str = raw) -> ScriptInvalid:
            return ScriptInvalid(f"script line {number} {raw!r}: {why}")

        if what == "env":
            if steps:  # the shell has started by then: its environment is fixed
                raise bad("`@env` comes before the first typed line")
            name, eq, value = arg.partition("=")
            if not eq or not name:
                raise bad("`@env NAME=VALUE`")
            env[name] = value
        elif what == "key":
            try:
                key_bytes(arg.strip())
            except ValueError as exc:
                raise bad(str(exc)) from None
            steps.append(Step(number, raw, "key", arg.strip()))
        elif what == "type":
            steps.append(Step(number, raw, "type", arg))
        elif what == "sleep":
            try:
                float(arg)
            except ValueError:
                raise bad("`@sleep SECONDS`") from None
            steps.append(Step(number, raw, "sleep", arg.strip()))
        else:
            w = _WAIT.fullmatch(arg)
            if w is None:
                raise bad("`@wait quiet [SECONDS]`")
            if not steps or steps[-1].kind not in ("line", "key"):
                raise bad("`@wait quiet` follows the line or `@key` that starts a program")
            steps.append(Step(number, raw, "wait", w[1] or ""))
    return env, steps
