"""Test helpers: a small lab, and session bytes exactly as the capture hooks write them."""

from __future__ import annotations

import json
import time
from pathlib import Path

from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.protocol import markers

LAB_ID = "daemon-demo"
LAB_YAML = """\
schema_version: 1
id: daemon-demo
title: Daemon demo
description: A three-step lab the daemon tests grade end to end.
steps:
  - id: say-hello
    title: Say hello
    instructions: Run `echo hello`.
    command:
      program: echo
    output:
      all: [hello]
  - id: fail-once
    title: Run a command that fails
    instructions: Run `false`.
    command:
      program: "false"
    exit: nonzero
  - id: make-flag
    title: Create the flag file
    instructions: Run `touch FLAG` (only the probe can tell the file is there).
    command:
      program: touch
    output:
      all: [this text is never printed]
    probe:
      command: [ls, FLAG]
      timeout_s: 5
      exit: zero
"""


def write_lab(root: Path, flag: Path) -> Path:
    """The demo lab under root/daemon-demo/lab.yaml, its probe looking for `flag`."""
    d = root / LAB_ID
    d.mkdir(parents=True, exist_ok=True)
    (d / "lab.yaml").write_text(LAB_YAML.replace("FLAG", str(flag)))
    return d


def demo_lab(tmp_path: Path) -> Lab:
    return load_lab(write_lab(tmp_path / "labs", tmp_path / "flag"))


class Shell:
    """Bytes of one captured shell: prompts, command lines, output, markers
    (docs/node-protocol.md)."""

    def __init__(self, session: str, nonce: str = "0123456789abcdef0123456789abcdef", aid=4242):
        self.session, self.nonce, self.aid = session, nonce, aid
        self.n = 0
        self.hist = 500

    def index_line(self, user: str) -> bytes:
        entry = {
            "v": 1,
            "session": self.session,
            "user": user,
            "nonce": self.nonce,
            "file": f"{self.session}.ts",
            "kind": "login",
            "start": time.time(),
        }
        return json.dumps(entry).encode() + b"\n"

    def prompt(self, exit_: int = 0, t: float | None = None) -> bytes:
        """The D P A run of a prompt; `t`: the D's time (else now, as the hooks write it)."""
        now = time.time() if t is None else t
        d = markers.encode_d(exit_, self.aid, self.n, self.hist, now, [exit_], self.nonce)
        return d + markers.encode_p("/home/alice") + markers.encode_a(self.aid, self.nonce) + b"$ "

    def start(self, line: str) -> bytes:
        self.n += 1
        self.hist += 1
        return (
            line.encode()
            + b"\r\n"
            + markers.encode_e(line, self.nonce)
            + markers.encode_c(self.aid, self.n, self.hist, time.time(), self.nonce)
        )

    def command(self, line: str, output: str, exit_: int = 0, t: float | None = None) -> bytes:
        """A whole command: start, output, and the next prompt (whose D ends it, at `t`)."""
        return self.start(line) + output.encode() + self.prompt(exit_, t)

    def header(self) -> bytes:
        return b"Script started on 2026-11-29 18:15:02+00:00\r\n" + self.prompt()
