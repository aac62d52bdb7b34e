"""Record a real interactive session through the capture shell, as a learner would type it.

`Recorder` spawns grader/node/files/capture-shell under a fresh pty (so `script`, bash's
readline and the hooks all see a terminal), types lines with keystroke timing, sends keys, and
after each waits until the terminal asks for input again:

- the shell's prompt: the OSC 133;A marker precmd writes;
- the shell's continuation prompt: PS2 begins with 633;F (grader/node/files/hooks.bash), drawn
  when the command needs more lines (a heredoc, a trailing `\\`, an open quote);
- or, after `@wait quiet`, a program that holds the terminal (a pager), every process of it
  asleep, and nothing printed for a while (grader/authoring/foreground.py): a program that
  has just ended, or whose input is still being made, is never taken for one awaiting a key.

The session file (<root>/spool/<user>/<session>.ts) and sessions.jsonl are left under the given
LABGRADER_ROOT: no root privileges are needed, everything runs as the current user.

Used by tests/node and to record transcripts for a lab's self-test:

    python -m grader.authoring.record --root /tmp/rec script.txt

The script language (lines, `@key`, `@type`, `@sleep`, `@wait quiet`, `@env`) is
grader/authoring/script_steps.py; `play` types it.
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
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal

from grader.authoring.foreground import Foreground, find_shell, foreground
from grader.authoring.script_steps import ENDING_KEYS, KEYS, QUIET_S, Step, key_bytes, parse
from grader.capture import LineRenderer
from grader.node import node_file
from grader.printable import printable

__all__ = ["KEYS", "PROMPT_MARK", "NoAnswer", "Recorder", "RecorderError", "play"]

PROMPT_MARK = b"\x1b]133;A;"
#: The start of the capture shell's PS2 (hooks.bash "PS2"): the command needs more lines.
CONTINUATION_MARK = b"\x1b]633;F\x07"
# Humans type ~10 keys/s; 5 ms keeps tests fast while still feeding readline key by key.
DEFAULT_KEY_DELAY = 0.005
# Login replays /etc/profile and starts python once (feedback seq); generous for a loaded CI box.
PROMPT_TIMEOUT = 20.0
READ_CHUNK = 65536
TERM_SIZE = (24, 100)  # rows, cols: wide enough that readline does not wrap typical test lines
# An error shows the end of the screen: this many non-empty lines, each cut to this many chars.
TAIL_LINES, TAIL_CHARS = 4, 160
# Said when a typed line got no prompt: the likely cause in a script.
PROGRAM_HINT = (
    " (a line that starts a program reading keys, `| less`, needs `@wait quiet` after it)"
)
_OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?")

#: Where the terminal stands: at the shell's prompt, at its continuation prompt (PS2), or held
#: by a program that reads keys (after `@wait quiet`).
State = Literal["prompt", "continuation", "program"]


class RecorderError(RuntimeError):
    """The session did not behave (no prompt in time, shell died early), or a script entry
    cannot be typed; the message names what was awaited and ends with the screen's last lines."""


class NoAnswer(RecorderError):
    """What the recorder waited for did not come in time."""


def screen_tail(output: bytes | bytearray, lines: int = TAIL_LINES) -> str:
    """The last non-empty lines the terminal showed, markers and escapes dropped, printable."""
    tail = bytes(output[-8192:])
    if len(output) > len(tail) and b"\n" in tail:
        tail = tail[tail.index(b"\n") + 1 :]  # a cut line (or marker) would show as noise
    renderer = LineRenderer()
    shown = renderer.feed(_OSC.sub(b"", tail)) + renderer.flush()
    kept = [printable(line.rstrip())[:TAIL_CHARS] for line in shown if line.strip()][-lines:]
    return " | ".join(kept) if kept else "(nothing)"


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
        self.state: State = "prompt"
        self.quiet_s = QUIET_S  # the quiet period of the last `@wait quiet`
        self._consumed = 0  # output before this offset holds no prompt still to wait for
        self._active = time.monotonic()  # the last byte read or sent
        self._shell: int | None = None  # the interactive bash under `script`, once found

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
        self._active = time.monotonic()
        return True

    def send(self, data: bytes) -> None:
        assert self.fd is not None
        os.write(self.fd, data)
        self._active = time.monotonic()

    def type(self, text: str) -> None:
        """Type text key by key (readline sees each key, as with a human)."""
        for ch in text.encode():
            self.send(bytes([ch]))
            time.sleep(self.key_delay)
            self._pump(0)

    def key(self, name: str) -> None:
        """Press one key: a name of KEYS or one printable character; does not wait."""
        self.send(key_bytes(name))
        self._pump(self.key_delay)

    # -- waiting for the terminal to ask again ---------------------------------------------
    def wait_prompt(self, timeout: float = PROMPT_TIMEOUT) -> None:
        """Block until the shell's prompt (133;A) appears after what was already waited for."""
        self._wait((PROMPT_MARK,), "the shell's prompt (133;A)", timeout)

    def wait_input(self, timeout: float = PROMPT_TIMEOUT) -> State:
        """Block until the shell's prompt or its continuation prompt (PS2) appears."""
        return self._wait(
            (PROMPT_MARK, CONTINUATION_MARK),
            "the shell's prompt (133;A) or continuation prompt (PS2, 633;F)",
            timeout,
        )

    def wait_quiet(self, quiet_s: float = QUIET_S, timeout: float = PROMPT_TIMEOUT) -> State:
        """Block until a program holds the terminal and has printed nothing for `quiet_s`, or
        the shell prompts again (the program ended)."""
        self.quiet_s = quiet_s
        return self._wait(
            (PROMPT_MARK, CONTINUATION_MARK),
            f"a program holding the terminal, quiet for {quiet_s:g} s, or the shell's prompt",
            timeout,
            quiet_s,
        )

    def settle(self, timeout: float = PROMPT_TIMEOUT) -> State:
        """After Enter or a key: wait for whatever answers where the terminal stands."""
        if self.state == "program":
            return self.wait_quiet(self.quiet_s, timeout)
        return self.wait_input(timeout)

    def run(self, line: str, timeout: float = PROMPT_TIMEOUT) -> State:
        """Type a line, press Enter, wait for the next prompt (or PS2, or the program's quiet)."""
        self.type(line)
        self.key("enter")
        return self.settle(timeout)

    def _wait(
        self, marks: Sequence[bytes], what: str, timeout: float, quiet_s: float | None = None
    ) -> State:
        deadline = time.monotonic() + timeout
        settled = 0.0  # since when the foreground program has been idle (quiet_s waits)
        while True:
            found = max((self.output.rfind(m, self._consumed), m) for m in marks)
            if found[0] >= 0:
                at, mark = found
                self._consumed = at + len(mark)
                self.state = "prompt" if mark == PROMPT_MARK else "continuation"
                self._pump(0.02)  # let the prompt text itself arrive
                return self.state
            now = time.monotonic()
            if quiet_s is not None:
                fg = self._foreground()
                if fg.busy or not fg.program:  # still working, or ended: its prompt is coming
                    settled = now
                elif now - max(self._active, settled) >= quiet_s:
                    self.state = "program"
                    return self.state
            if now > deadline:
                raise NoAnswer(
                    f"waited {timeout:g} s for {what}, in vain; "
                    f"the screen ends: {screen_tail(self.output)}"
                )
            if not self._pump(0.05):
                raise RecorderError(
                    f"the shell ended while waiting for {what}; "
                    f"the screen ends: {screen_tail(self.output)}"
                )

    def _foreground(self) -> Foreground:
        """Who has the shell's terminal (grader/authoring/foreground.py)."""
        if self._shell is None and self.pid is not None:
            self._shell = find_shell(self.pid)
        return foreground(self._shell)

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


def _step(
    rec: Recorder, step: Step, wait: bool, typed: Callable[[str], str], timeout: float
) -> bool:
    """Type one step; False when it ended the session (`exit` at the shell's prompt)."""
    if step.kind == "line":
        ends = rec.state == "prompt" and step.arg.strip() in ("exit", "logout")
        rec.type(typed(step.arg))
        rec.key("enter")
        if ends:
            return False
        if wait:
            rec.settle(timeout)
    elif step.kind == "key":
        if step.printable_key and rec.state != "program":
            raise RecorderError(
                "a one-character key goes to a program that holds the terminal, and none does "
                "(`@wait quiet` after the line that starts it; `@type` types at a prompt); "
                f"the screen ends: {screen_tail(rec.output)}"
            )
        rec.key(step.arg)
        if wait and (step.arg in ENDING_KEYS or rec.state == "program"):
            rec.settle(timeout)
    elif step.kind == "type":
        rec.type(typed(step.arg))
    elif step.kind == "sleep":
        time.sleep(float(step.arg))
    else:
        rec.wait_quiet(step.quiet_s, timeout)
    return True


def play(
    script_lines: list[str],
    root: Path,
    key_delay: float = DEFAULT_KEY_DELAY,
    *,
    env: Mapping[str, str] | None = None,
    argv: list[str] | None = None,
    cwd: Path | None = None,
    resolve: Callable[[str, Recorder], str] | None = None,
    numbers: Sequence[int] | None = None,
    timeout: float = PROMPT_TIMEOUT,
) -> Recorder:
    """Run a recorder script (grader/authoring/script_steps.py) and return the closed Recorder.

    Each typed line and each Enter or Ctrl-C waits for the shell's prompt or its continuation
    prompt; in a program (after `@wait quiet`) every key and line waits for the program's quiet
    or the prompt; a step followed by `@wait quiet` leaves the waiting to it. `numbers[i]` is
    script line i's number in its file, for messages. A step that cannot be typed or gets no
    answer within `timeout` seconds raises RecorderError naming its line.

    `resolve(text, recorder)` rewrites each line (or `@type` text) just before it is typed, with
    the session so far at hand: how a script types what an earlier command printed."""
    try:
        script_env, steps = parse(script_lines, numbers)
    except ValueError as exc:
        raise RecorderError(str(exc)) from None
    shell_env = {**(env or {}), **script_env}
    rec = Recorder(root, env=shell_env, argv=argv, key_delay=key_delay, cwd=cwd).start()

    def typed(text: str) -> str:
        return resolve(text, rec) if resolve is not None else text

    try:
        for i, step in enumerate(steps):
            waited_on = i + 1 < len(steps) and steps[i + 1].kind == "wait"
            try:
                if not _step(rec, step, not waited_on, typed, timeout):
                    break
            except RecorderError as exc:
                hint = ""
                if isinstance(exc, NoAnswer) and step.kind == "line" and rec.state != "program":
                    hint = PROGRAM_HINT
                raise RecorderError(
                    f"script line {step.number} {step.text!r}: {exc}{hint}"
                ) from None
    finally:
        rec.close()
    return rec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m grader.authoring.record",
        description="Type a script into a real captured shell; leave the spool under --root.",
    )
    parser.add_argument("--root", type=Path, required=True, help="LABGRADER_ROOT to record into")
    parser.add_argument(
        "script", type=Path, help="lines to type (grader/authoring/script_steps.py)"
    )
    parser.add_argument("--key-delay", type=float, default=DEFAULT_KEY_DELAY)
    args = parser.parse_args(argv)
    try:
        rec = play(args.script.read_text().splitlines(), args.root, args.key_delay)
    except RecorderError as exc:
        print(f"{args.script}: {exc}", file=sys.stderr)
        return 1
    for record in rec.sessions():
        print(rec.session_file(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
