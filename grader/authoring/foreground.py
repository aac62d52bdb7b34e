"""Who has the capture shell's terminal: the shell, or a program it runs, and is that one busy.

The recorder (grader/authoring/record.py) needs this to know when a program that reads keys (a
pager) shows its screen: the terminal being quiet is not enough. `cmd | less` is quiet while
`cmd` starts (on a sandbox node, the attestation witness is a Python process: half a second on
a loaded machine), and a key sent then is read by less before it has drawn anything. So the
recorder waits until the terminal is quiet *and* every process of the foreground job sleeps.

Read from Linux's /proc: the capture shell runs bash under `script` on a pty of its own, where
bash is the session leader; that pty's foreground process group (`tpgid` in /proc/PID/stat) is
bash's own group while bash reads a line, a job's while one runs. The job's processes are found
among bash's descendants (/proc/PID/task/PID/children). Where any of this is missing (another
kernel, not the capture shell), `Foreground` says "a program, idle": the quiet alone decides.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

#: Process states that mean "still working": running (or runnable) and uninterruptible wait.
BUSY_STATES = frozenset("RD")
#: Descendants looked at, at most (a fork bomb must not stall the recorder).
MAX_PROCESSES = 256


class Stat(NamedTuple):
    state: str
    ppid: int
    pgrp: int
    session: int
    tpgid: int


class Foreground(NamedTuple):
    program: bool  # a program, not the shell, is in the foreground of the shell's terminal
    busy: bool  # one of that program's processes is running or in disk wait


def stat(pid: int) -> Stat | None:
    """The fields of /proc/PID/stat we use; None when the process is gone (or no /proc)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    fields = raw[raw.rindex(b")") + 2 :].split()
    try:
        ppid, pgrp, session = (int(f) for f in fields[1:4])
        return Stat(fields[0].decode(), ppid, pgrp, session, int(fields[5]))
    except (ValueError, IndexError):
        return None


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (OSError, ValueError):
        return []


def find_shell(script_pid: int) -> int | None:
    """The session leader among `script_pid`'s children: bash on the inner pty."""
    for child in children(script_pid):
        st = stat(child)
        if st is not None and st.session == child:
            return child
    return None


def foreground(shell: int | None) -> Foreground:
    """Who has the terminal of `shell` (None: unknown, then "a program, idle")."""
    st = stat(shell) if shell is not None else None
    if shell is None or st is None:
        return Foreground(True, False)
    if st.tpgid == st.pgrp:
        return Foreground(False, False)
    todo, seen = children(shell), 0
    while todo and seen < MAX_PROCESSES:
        pid = todo.pop()
        seen += 1
        member = stat(pid)
        if member is None:
            continue
        if member.pgrp == st.tpgid and member.state in BUSY_STATES:
            return Foreground(True, True)
        todo += children(pid)
    return Foreground(True, False)
