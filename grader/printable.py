"""Text that came from a node, made safe for a log line or a terminal.

A learner names his files, types his command lines and can make a node say almost anything, so a
value from a node may hold a newline (a second, forged log record), an escape sequence (a
terminal that redraws what the operator reads), a NUL, a Unicode line or paragraph separator
(U+2028/U+2029: `str.splitlines()` starts a new line there, so a log reader in Python sees a
forged record) or a bidirectional control (U+202E makes a terminal show `state=verified` where
the bytes say otherwise). `printable()` is the one place such text is made inert: every
character whose Unicode category is a control (Cc: C0, DEL, C1), a format character (Cf: the
bidi embeddings, overrides and isolates, U+200E/U+200F, U+061C, zero-width characters), a
surrogate (Cs: not encodable, the log handler would fail on it), a line separator (Zl) or a
paragraph separator (Zp), and the backslash itself, becomes an escape (`\\xNN`, `\\uNNNN` or
`\\UNNNNNNNN`; `\\\\` for a backslash), so one record stays one line, shows as it is, and the
original can still be read back. The categories are Python's own `unicodedata`, the same
tables `str.splitlines()` is built on.
Used by the daemon's log formatter (grader/daemon/run_cmd.py) for every message, and by
`grader replay` for what it prints.
"""

from __future__ import annotations

import re
import unicodedata

#: The Unicode categories escaped (see the module's docstring).
UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))

# Printable ASCII other than the backslash is always safe: the common case never calls _escape.
# Every other character is looked up (most non-ASCII text, "é", is kept as it is).
_CANDIDATE = re.compile(r"[^\x20-\x5b\x5d-\x7e]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    if ch == "\\":
        return "\\\\"
    if unicodedata.category(ch) not in UNSAFE_CATEGORIES:
        return ch
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """`text` with control, format and separator characters and backslashes escaped."""
    return _CANDIDATE.sub(_escape, text)
