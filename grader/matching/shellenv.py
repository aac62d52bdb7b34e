"""What a learner's shell has set, and one command line read against it.

`ShellEnv` follows one interactive shell's exported and plain variables command by command;
`analyse_line` reads a typed line into its pipelines and each simple command's view (argv and the
environment it really ran with), which every command check judges.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from grader.matching.cmdline import Pipeline, SimpleCommand, parse_line

#: A shell variable's name.
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(slots=True)
class ShellEnv:
    """What one interactive shell has set so far: exported variables and plain shell variables.

    `X=Y` alone sets a shell variable; a program sees it only if X is exported (by `export`, or
    because the lab's environment exported it at login). Keeping both lets a reason say "set but
    not exported" instead of a bare "not set".
    """

    exported: dict[str, str] = field(default_factory=dict)
    local: dict[str, str] = field(default_factory=dict)

    def copy(self) -> ShellEnv:
        return ShellEnv(dict(self.exported), dict(self.local))

    def set(self, name: str, value: str) -> None:
        if name in self.exported:
            self.exported[name] = value
        else:
            self.local[name] = value

    def export(self, word: str) -> None:
        name, eq, value = word.partition("=")
        if not _NAME.match(name):
            return
        if eq:
            self.exported[name] = value
            self.local.pop(name, None)
        elif name in self.local:
            self.exported[name] = self.local.pop(name)
        # `export X` with X never set exports nothing a program can see

    def unexport(self, name: str) -> None:
        if name in self.exported:
            self.local[name] = self.exported.pop(name)

    def unset(self, name: str) -> None:
        self.exported.pop(name, None)
        self.local.pop(name, None)

    def apply(self, cmd: SimpleCommand) -> None:
        """Record what a command does to the shell itself (builtins that change variables)."""
        if not cmd.argv:  # `X=Y` alone on a line
            for k, v in cmd.env.items():
                if v is not None:
                    self.set(k, v)
            return
        words = cmd.argv[1:]
        opts = {w for w in words if w.startswith("-")}
        names = [w for w in words if not w.startswith("-")]
        if cmd.program in ("export", "declare", "typeset") and (
            cmd.program == "export" or any("x" in o for o in opts)
        ):
            for w in names:
                if "-n" in opts:
                    self.unexport(w)
                else:
                    self.export(w)
        elif cmd.program in ("declare", "typeset", "local"):
            for w in names:
                name, eq, value = w.partition("=")
                if eq and _NAME.match(name):
                    self.set(name, value)
        elif cmd.program == "unset" and "-f" not in opts:
            for w in names:
                self.unset(w)

    def to_json(self) -> dict[str, Any]:
        return {"exported": dict(self.exported), "local": dict(self.local)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ShellEnv:
        return cls(dict(d.get("exported", {})), dict(d.get("local", {})))


@dataclass(slots=True)
class CommandView:
    """One simple command of a line with the environment its program really got."""

    cmd: SimpleCommand
    env: dict[str, str]  # effective environment of the program
    unexported: dict[str, str]  # shell variables it did not get (for reasons)
    pipeline: int  # index into LineView.pipelines


@dataclass(slots=True)
class LineView:
    line: str
    pipelines: list[Pipeline]
    commands: list[CommandView]


def analyse_line(line: str, shell: ShellEnv) -> LineView:
    """Parse a line and walk it in order, updating `shell` as `export`/`unset`/`X=Y` run.

    Commands inside subshells or pipelines of several stages run in a child shell, so what they
    set does not persist; everything else does, including `export X=1 && cmd` on one line.
    """
    pipelines = parse_line(line)
    views: list[CommandView] = []
    for pi, pl in enumerate(pipelines):
        for cmd in pl.commands:
            base: dict[str, str] = {} if cmd.env_cleared else dict(shell.exported)
            for k, v in cmd.env.items():
                if v is None:
                    base.pop(k, None)
                else:
                    base[k] = v
            views.append(CommandView(cmd, base, dict(shell.local), pi))
            if not cmd.nested and len(pl.commands) == 1:
                shell.apply(cmd)
    return LineView(line, pipelines, views)
