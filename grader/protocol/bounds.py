"""The bounds of every capture-marker field: what the grader accepts from a node's session bytes.

Everything in a session file is the learner's to write (docs/node-protocol.md "Who owns what"), so
every field of a marker is hostile until checked here. The marker decoder
(grader/protocol/markers.py `decode`) reads each field through these functions, and the parser's
fast path (grader/capture/parser.py, with the bounded groups of `markers.run_patterns`) compares
with these constants, so both paths accept the same markers; a field past its bound makes the
whole marker unreadable (`MarkerError`, a `malformed_marker` anomaly in the parser). The table of
bounds, with what happens past each, is docs/node-protocol.md "Marker field bounds".

The frame stream's bounds (path, offset, data length) live with its format in frames.py: the
node's spool reader imports that module alone.

Standard library only, importable by CPython 3.6 (the node's python3 on RHEL 8).
"""

import math
from typing import Tuple

# --- integers: digit count first (int() of a 5,000-digit string raises), then range -----------

#: `aid` is the shell's pid ($$): Linux's PID_MAX_LIMIT (2^22 on 64-bit) bounds pid_max.
AID_MAX = 2**22
#: `n` (the hooks' command counter) and `h` (bash's HISTCMD, a C int) count lines typed: a C
#: int's range is beyond any session and fits the store's BIGINT columns with room to spare.
COUNT_MAX = 2**31 - 1
#: An exit status (133;D's third field, each `ps=` entry): a wait status byte, 0-255.
EXIT_MAX = 255
#: Entries of `ps=` (bash's PIPESTATUS, one per command of the pipeline): far above any pipeline
#: a learner types, and it keeps a `ps=` value under 1 KiB (256 entries of at most 3 digits).
PIPESTATUS_MAX = 256

# --- the clock ------------------------------------------------------------------------------------

#: `t` (EPOCHREALTIME, or `date +%s.%N`): seconds since the epoch with an optional fraction of at
#: most 9 digits (nanoseconds), in [T_MIN, T_MAX]. The range is what any date rendering can show
#: (`datetime.fromtimestamp` raises past year 9999); whether a time is plausible is the daemon's
#: question, answered against its own receive clock (`time_in_range` is the absolute part).
T_MIN = 0.0
T_MAX = 4102444800.0  # 2100-01-01T00:00:00Z
T_WHOLE_DIGITS = 10  # 4102444800 has 10 digits
T_FRACTION_DIGITS = 9

# --- strings, in bytes as the node wrote them (after unescaping) --------------------------------

#: `k=` (and 633;E's positional nonce): the node writes 32 hex digits (session_open.py).
NONCE_MAX_BYTES = 64
#: 633;E's command line: a pasted heredoc is tens of KiB; a 256 KiB marker
#: (grader/capture/parser.py MAX_MARKER_BYTES) holds 64 KiB even if every byte is escaped.
LINE_MAX_BYTES = 64 * 1024
#: 633;P's cwd: Linux's PATH_MAX.
CWD_MAX_BYTES = 4096
#: 133;A's `unsupported=` reason: one sentence of the hooks (bash < 4.4).
REASON_MAX_BYTES = 256


class MarkerError(ValueError):
    """A 133/633 payload we recognise by its prefix but cannot read, or a field past its bound."""


def integer(raw: bytes, name: str, high: int) -> int:
    """An unsigned decimal field (ASCII digits only) in [0, high]; else MarkerError."""
    if len(raw) > len(str(high)) or not raw.isdigit():
        raise MarkerError(f"bad {name}= (digits, at most {high})")
    value = int(raw)
    if value > high:
        raise MarkerError(f"{name}= beyond {high}")
    return value


def epoch(raw: bytes) -> float:
    """A `t=` value: digits, optionally `.` or `,` (a locale's radix) and a fraction; in range."""
    whole, sep, fraction = raw.replace(b",", b".").partition(b".")
    if (
        not whole.isdigit()
        or len(whole) > T_WHOLE_DIGITS
        or (sep and (not fraction.isdigit() or len(fraction) > T_FRACTION_DIGITS))
    ):
        raise MarkerError("bad t= (seconds since the epoch)")
    t = float(whole + sep + fraction)
    if not time_in_range(t):
        raise MarkerError(f"t= outside [{T_MIN:.0f}, {T_MAX:.0f}]")
    return t


def time_in_range(t: float) -> bool:
    """A finite time in [T_MIN, T_MAX]: what the grader can store and render as a date."""
    return math.isfinite(t) and T_MIN <= t <= T_MAX


def pipestatus(raw: bytes) -> Tuple[int, ...]:
    """A `ps=` value: comma-separated exit statuses (empty entries skipped), at most
    PIPESTATUS_MAX of them."""
    if raw.count(b",") >= PIPESTATUS_MAX * 2:  # before splitting a long hostile list
        raise MarkerError(f"ps= longer than {PIPESTATUS_MAX} entries")
    entries = [x for x in raw.split(b",") if x]
    if len(entries) > PIPESTATUS_MAX:
        raise MarkerError(f"ps= longer than {PIPESTATUS_MAX} entries")
    return tuple(integer(x, "ps", EXIT_MAX) for x in entries)


def text(raw: bytes, name: str, max_bytes: int) -> bytes:
    """An unescaped string field of at most `max_bytes` bytes; else MarkerError."""
    if len(raw) > max_bytes:
        raise MarkerError(f"{name}= longer than {max_bytes} bytes")
    return raw
