"""Text that came from a node, made safe for a log line or a terminal.

A learner names his files, types his command lines and can make a node say almost anything, so a
value from a node may hold a newline (a second, forged log record), an escape sequence (a
terminal that redraws what the operator reads) or a NUL. `printable()` is the one place such text
is made inert: every C0 and C1 control character, DEL and the backslash itself become `\\xNN`
(`\\\\` for a backslash), so one record stays one line and the original can still be read back.
Used by the daemon's log formatter (grader/daemon/run_cmd.py) for every message, and by
`grader replay` for what it prints.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\\]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    return "\\\\" if ch == "\\" else f"\\x{ord(ch):02x}"


def printable(text: str) -> str:
    """`text` with control characters and backslashes escaped (`\\xNN`, `\\\\`)."""
    return _UNSAFE.sub(_escape, text)
