"""Record a real interactive session through the capture shell, as a learner would type it.

`Recorder` spawns grader/node/files/capture-shell under a fresh pty (so `script`, bash's
readline and the hooks all see a terminal), types lines with keystroke timing, sends special
keys, and waits for the next prompt by watching for the OSC 133;A marker in the pty stream. The
session file (<root>/spool/<user>/<session>.ts) and sessions.jsonl are left under the given
LABGRADER_ROOT: no root privileges are needed, everything runs as the current user.

Used by tests/node and to record transcripts for a lab's self-test:

    python -m grader.authoring.record --root /tmp/rec script.txt

where each line of script.txt is typed and followed by Enter, except directives:
`@key ctrl-c|ctrl-d|backspace|up|down|left|right|tab|enter`, `@type TEXT` (no Enter),
`@sleep SECONDS`, `@env NAME=VALUE` (before the first typed line only).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from grader.node import node_file

KEYS: dict[str, bytes] = {
    "enter": b"\r",
    "ctrl-c": b"\x03",
    "ctrl-d": b"\x04",
    "backspace": b"\x7f",
    "tab": b"\t",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
}
PROMPT_MARK = b"\x1b]133;A;"
# Humans type ~10 keys/s; 5 ms keeps tests fast while still feeding readline key by key.
DEFAULT_KEY_DELAY = 0.005
# Login replays /etc/profile and starts python once (feedback seq); generous for a loaded CI box.
PROMPT_TIMEOUT = 20.0
READ_CHUNK = 65536
TERM_SIZE = (24, 100)  # rows, cols: wide enough that readline does not wrap typical test lines


class RecorderError(RuntimeError):
    """The session did not behave (no prompt in time, shell died early)."""


class Recorder:
    """One captured interactive session on a local pty."""

    def __init__(
        self,
        root: Path,
        *,
        env: Mapping[str, str] | None = None,
        argv: list[str] | None = None,
        key_delay: float = DEFAULT_KEY_DELAY,
        cwd: Path | None = None,
    ) -> None:
        self.root = Path(root)
        self.key_delay = key_delay
        self.cwd = cwd  # where the shell starts (a learner's home); None: ours
        self.argv = argv or ["bash", str(node_file("capture-shell"))]
        base = {k: v for k, v in os.environ.items() if not k.startswith(("LABGRADER_", "SSH_"))}
        base.update({"LABGRADER_ROOT": str(self.root), "TERM": "xterm"})
        base.update(env or {})
        self.env = base
        self.output = bytearray()
        self.pid: int | None = None
        self.fd: int | None = None
        self.exit_status: int | None = None
        self._prompts_seen = 0

    # -- lifecycle -----------------------------------------------------------------------
    def start(self) -> Recorder:
        pid, fd = pty.fork()
        if pid == 0:  # child: pty.fork made the slave our controlling tty
            try:
                # A terminal's shell starts with default signals, as login and terminal emulators
                # give it: a recorder run from a background job (SIGINT, SIGQUIT ignored) or from
                # Python (SIGPIPE ignored) would pass those on, and Ctrl-C would kill nothing.
                for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGXFSZ):
                    signal.signal(sig, signal.SIG_DFL)
                if self.cwd is not None:
                    os.chdir(self.cwd)
                os.execvpe(self.argv[0], self.argv, self.env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        rows, cols = TERM_SIZE
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.wait_prompt()
        return self

    def __enter__(self) -> Recorder:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, timeout: float = 10.0) -> int | None:
        """Type `exit` if the shell still runs, then reap it; returns its exit status."""
        if self.pid is None:
            return self.exit_status
        if self._alive():
            self.send(b"exit\r")
        deadline = time.monotonic() + timeout
        while self._alive() and time.monotonic() < deadline:
            self._pump(0.1)
        if self._alive():
            os.kill(self.pid, signal.SIGHUP)
            self._pump(0.5)
            if self._alive():
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
                self.exit_status = os.waitstatus_to_exitcode(status)
        self._pump(0.05)
        assert self.fd is not None
        os.close(self.fd)
        self.pid = None
        return self.exit_status

    def _alive(self) -> bool:
        if self.pid is None or self.exit_status is not None:
            return False
        done, status = os.waitpid(self.pid, os.WNOHANG)
        if done:
            self.exit_status = os.waitstatus_to_exitcode(status)
            return False
        return True

    # -- I/O -----------------------------------------------------------------------------
    def _pump(self, timeout: float) -> bool:
        """Read whatever the pty has within timeout; False at EOF."""
        assert self.fd is not None
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, READ_CHUNK)
        except OSError:  # EIO: the slave side closed (shell exited)
            return False
        if not data:
            return False
        self.output += data
        return True

    def send(self, data: bytes) -> None:
        assert self.fd is not None
        os.write(self.fd, data)

    def type(self, text: str) -> None:
        """Type text key by key (readline sees each key, as with a human)."""
        for ch in text.encode():
            self.send(bytes([ch]))
            time.sleep(self.key_delay)
            self._pump(0)

    def key(self, name: str) -> None:
        self.send(KEYS[name])
        self._pump(self.key_delay)

    def wait_prompt(self, timeout: float = PROMPT_TIMEOUT) -> None:
        """Block until one more prompt (133;A marker) than already consumed has appeared."""
        deadline = time.monotonic() + timeout
        while self.output.count(PROMPT_MARK) <= self._prompts_seen:
            if time.monotonic() > deadline:
                raise RecorderError(
                    f"no prompt within {timeout}s; tail: {bytes(self.output[-400:])!r}"
                )
            if not self._pump(0.05):
                raise RecorderError(f"shell ended; tail: {bytes(self.output[-400:])!r}")
        self._prompts_seen = self.output.count(PROMPT_MARK)
        self._pump(0.02)  # let the prompt text itself arrive

    def run(self, line: str, timeout: float = PROMPT_TIMEOUT) -> None:
        """Type a line, press Enter, wait for the next prompt."""
        self.type(line)
        self.key("enter")
        self.wait_prompt(timeout)

    # -- results -------------------------------------------------------------------------
    def sessions(self) -> list[dict]:
        """Every record of this root's sessions.jsonl files, in order."""
        records = []
        for path in sorted(self.root.glob("spool/*/sessions.jsonl")):
            records += [json.loads(line) for line in path.read_text().splitlines() if line]
        return records

    def session_file(self, record: dict | None = None) -> Path:
        """The .ts file of a session record (default: the first login session)."""
        record = record or next(r for r in self.sessions() if r["kind"] == "login")
        return self.root / "spool" / record["user"] / record["file"]


DIRECTIVE_RE = re.compile(r"^@(key|type|sleep|env)\s+(.*)$")


def play(
    script_lines: list[str],
    root: Path,
    key_delay: float = DEFAULT_KEY_DELAY,
    *,
    env: Mapping[str, str] | None = None,
    argv: list[str] | None = None,
    cwd: Path | None = None,
    resolve: Callable[[str, Recorder], str] | None = None,
) -> Recorder:
    """Run a recorder script (see module docstring) and return the closed Recorder.

    `resolve(text, recorder)` rewrites each line (or `@type` text) just before it is typed, with
    the session so far at hand: how a script types what an earlier command printed."""
    shell_env: dict[str, str] = dict(env or {})
    body: list[str] = []
    for raw in script_lines:
        m = DIRECTIVE_RE.match(raw)
        if m and m[1] == "env" and not body:
            name, _, value = m[2].partition("=")
            shell_env[name] = value
        else:
            body.append(raw)
    rec = Recorder(root, env=shell_env, argv=argv, key_delay=key_delay, cwd=cwd).start()

    def typed(text: str) -> str:
        return resolve(text, rec) if resolve is not None else text

    try:
        for raw in body:
            m = DIRECTIVE_RE.match(raw)
            if not m and raw.strip() in ("exit", "logout"):
                rec.type(raw)
                rec.key("enter")
                break
            if not m:
                rec.run(typed(raw))
            elif m[1] == "key":
                rec.key(m[2].strip())
                if m[2].strip() in ("enter", "ctrl-c"):
                    rec.wait_prompt()
            elif m[1] == "type":
                rec.type(typed(m[2]))
            elif m[1] == "sleep":
                time.sleep(float(m[2]))
    finally:
        rec.close()
    return rec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m grader.authoring.record",
        description="Type a script into a real captured shell; leave the spool under --root.",
    )
    parser.add_argument("--root", type=Path, required=True, help="LABGRADER_ROOT to record into")
    parser.add_argument("script", type=Path, help="lines to type (see module docstring)")
    parser.add_argument("--key-delay", type=float, default=DEFAULT_KEY_DELAY)
    args = parser.parse_args(argv)
    rec = play(args.script.read_text().splitlines(), args.root, args.key_delay)
    for record in rec.sessions():
        print(rec.session_file(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
