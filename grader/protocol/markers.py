"""The capture markers: OSC 133 (semantic prompt) + VS Code's OSC 633, as our bash hooks emit them.

This module is the grammar's one home on the Python side: the escaping, the decoder, the encoder
the tests and transcripts use, and the fast-path patterns the parser (grader/capture/parser.py)
reads whole marker runs with. The shell side that writes them is grader/node/files/hooks.bash;
tests/node and tests/capture hold the two to each other. Standard library only and importable by
CPython 3.6 (the node's python3 on RHEL 8), so node programs can use it too.

Grammar (docs/node-protocol.md); every value is escaped with `escape()`:

    ESC ] 133;D;<exit>;aid=<pid>;n=<n>;h=<hist no>;t=<epoch>;ps=<a,b,...>;k=<nonce> BEL  precmd
    ESC ] 633;P;Cwd=<escaped cwd> BEL                                                  precmd
    ESC ] 133;A;aid=<pid>;k=<nonce> BEL                                                 precmd
    ESC ] 133;A;aid=<pid>;unsupported=<escaped reason>;k=<nonce> BEL                    precmd
    ESC ] 633;E;<escaped command line>;<nonce> BEL                                      PS0
    ESC ] 133;C;aid=<pid>;n=<n>;h=<hist no>;t=<epoch>;k=<nonce> BEL                     PS0

`ESC \\` (ST) terminates as well as BEL (ECMA-48 8.3.89; xterm accepts both).

Numbering contract with the hooks: `n` on C is the shell's command number, strictly increasing per
shell (`aid`); D repeats the `n` of the command that just ended. A D at a prompt where nothing ran
(empty Enter, Ctrl-C, syntax error) carries the last number again (or 0 before the first command).

Escaping is VS Code's rule for 633 (its shellIntegration-bash.sh `__vsc_escape_value`):
`\\` becomes `\\\\`, `;` and every byte <= 0x20 become `\\xHH`. It is applied to the UTF-8
bytes, so non-ASCII text passes through. Decoding is lenient: `\\xHH` and `\\\\` become bytes
first, any other backslash stays literal, then the bytes are decoded as UTF-8 with replacement
(a learner's cwd may not be UTF-8).

`h` is the number the next history entry gets (what HISTCMD means at a prompt; how the hooks take
it on each bash: docs/node-protocol.md). A C whose `h` is missing or did not advance carries a
line bash may not have taken: the parser never trusts it.

`unsupported=` on A is the hooks saying that this shell cannot capture command lines at all (bash
older than 4.4 has no PS0, so no E and C are ever written): the parser reports it as a
`shell_unsupported` anomaly instead of letting the session look merely idle.
"""

import functools
import re
from typing import Dict, NamedTuple, Optional, Sequence, Tuple, Union

from grader.protocol import bounds
from grader.protocol.bounds import MarkerError as MarkerError  # with the bounds; decode raises it

ESC = b"\x1b"
BEL = b"\x07"
ST = b"\x1b\\"
OSC = b"\x1b]"


# --- escaping -----------------------------------------------------------------------------------

_ESCAPE_TABLE: Dict[int, bytes] = {b: b"\\x%02x" % b for b in range(0x21)}
_ESCAPE_TABLE[ord(";")] = b"\\x3b"
_ESCAPE_TABLE[ord("\\")] = b"\\\\"


def escape(value: Union[str, bytes]) -> bytes:
    """Escape one marker value exactly as the hooks do (bytes in, so a non-UTF-8 cwd survives)."""
    raw = value.encode("utf-8", "surrogateescape") if isinstance(value, str) else value
    return b"".join(_ESCAPE_TABLE.get(b, raw[i : i + 1]) for i, b in enumerate(raw))


#: The backslash as an int: `int in bytes` is a plain memchr, where `b"\\" in bytes` first tries
#: the argument as an int and formats (then discards) a TypeError, ~1,000 instructions a check.
_BACKSLASH = 0x5C

# `\\` and `\\xHH` (either case) -> the byte, via one C-level substitution and a table lookup.
_UNESCAPE_RE = re.compile(rb"\\(?:\\|x[0-9a-fA-F]{2})")
_UNESCAPE_TABLE: Dict[bytes, bytes] = {b"\\\\": b"\\"}
for _b in range(256):
    for _h in {
        b"%02x" % _b,
        b"%02X" % _b,
        b"%x%X" % (_b >> 4, _b & 15),
        b"%X%x" % (_b >> 4, _b & 15),
    }:
        _UNESCAPE_TABLE[b"\\x" + _h] = bytes((_b,))


def unescape_bytes(value: bytes) -> bytes:
    """Undo `escape()` to bytes, leniently: unknown or truncated escapes stay literal."""
    if _BACKSLASH not in value:
        return value
    return _UNESCAPE_RE.sub(_unescaped, value)


def _unescaped(m: "re.Match[bytes]") -> bytes:
    return _UNESCAPE_TABLE[m.group()]


def unescape(value: bytes) -> str:
    """Undo `escape()`, leniently: unknown or truncated escapes are kept as literal text."""
    if _BACKSLASH in value:
        # A command line's escapes are mostly spaces. When replacing `\x20` leaves no backslash,
        # every backslash began a `\x20` (an escaped `\\` would leave one), which is what the
        # substitution would have found; one C-level replace instead of a callback per escape.
        spaced = value.replace(b"\\x20", b" ")
        if _BACKSLASH not in spaced:
            return text(spaced)
        value = _UNESCAPE_RE.sub(_unescaped, value)
    return text(value)


def text(value: bytes) -> str:
    """A value's bytes as the grader keeps them: UTF-8 with replacement, and a NUL (no command
    line or path holds one; a learner's `\\x00` can) as U+FFFD too, since PostgreSQL refuses NUL
    in every text column and JSON document and would fail the node's whole batch."""
    decoded = value.decode("utf-8", "replace")
    return decoded.replace("\x00", "\ufffd") if 0 in value else decoded


# --- decoded markers ----------------------------------------------------------------------------
# NamedTuples, not frozen dataclasses: a marker is built per OSC on the hot path, and a tuple is
# built in C where a frozen dataclass pays one object.__setattr__ per field.


class PromptEnd(NamedTuple):
    """133;D: precmd ran; the previous command (if any) ended with `exit`."""

    exit: int
    aid: int
    n: int
    hist: Optional[int]
    t: Optional[float]
    pipestatus: Tuple[int, ...]
    nonce: Optional[str]


class Cwd(NamedTuple):
    """633;P;Cwd=: the shell's working directory at the prompt."""

    cwd: str


class PromptStart(NamedTuple):
    """133;A: the prompt is about to be drawn; `unsupported`: why this shell cannot be graded."""

    aid: int
    nonce: Optional[str]
    unsupported: Optional[str] = None


class CommandLine(NamedTuple):
    """633;E: the command line about to run (PS0), nonce positional as in VS Code."""

    line: str
    nonce: Optional[str]


class CommandStart(NamedTuple):
    """133;C: PS0 fired; the command's output starts after this marker."""

    aid: int
    n: int
    hist: Optional[int]
    t: Optional[float]
    nonce: Optional[str]


Marker = Union[PromptEnd, Cwd, PromptStart, CommandLine, CommandStart]


def _fields(parts: Sequence[bytes]) -> Dict[bytes, bytes]:
    """`key=value` parts, values still escaped (most are numbers, unescaped only when needed)."""
    return {key: val for key, _, val in (part.partition(b"=") for part in parts)}


def _raw(fields: Dict[bytes, bytes], key: bytes) -> bytes:
    """A number's bytes: escapes undone only when there are any (the hooks write none)."""
    raw = fields[key]
    return unescape_bytes(raw) if _BACKSLASH in raw else raw


def _int(fields: Dict[bytes, bytes], key: bytes, high: int) -> int:
    if key not in fields:
        raise MarkerError(f"missing {key.decode()}=")
    return bounds.integer(_raw(fields, key), key.decode(), high)


def _opt_int(fields: Dict[bytes, bytes], key: bytes, high: int) -> Optional[int]:
    return _int(fields, key, high) if fields.get(key) else None


def _opt_time(fields: Dict[bytes, bytes]) -> Optional[float]:
    return bounds.epoch(_raw(fields, b"t")) if fields.get(b"t") else None


def _text(raw: bytes, name: str, max_bytes: int) -> str:
    """An escaped string value, unescaped, at most `max_bytes` bytes once unescaped."""
    if len(raw) <= max_bytes:  # escapes only shorten: no need to unescape to know
        return unescape(raw)
    return text(bounds.text(unescape_bytes(raw), name, max_bytes))


def _nonce(fields: Dict[bytes, bytes]) -> Optional[str]:
    raw = fields.get(b"k")
    return None if raw is None else _text(raw, "k", bounds.NONCE_MAX_BYTES)


def decode(payload: bytes) -> Optional[Marker]:
    """Decode the text between `ESC ]` and the terminator.

    Returns None for an OSC that is not one of ours (window titles, hyperlinks, other 133/633
    letters); raises MarkerError for one of ours that cannot be read or has a field past its
    bound (grader/protocol/bounds.py).
    """
    kind = payload[:5]
    if kind not in _KINDS or payload[5:6] not in (b";", b""):
        return None
    fast = _EXACT.get(kind)
    m = fast.fullmatch(payload) if fast is not None else None
    if m is not None:
        found = _exact(kind, m)
        if found is not None:
            return found
    parts = payload.split(b";")
    if kind == b"133;D":
        if len(parts) < 3:
            raise MarkerError("133;D without an exit status")
        f = _fields(parts[3:])
        return PromptEnd(
            bounds.integer(parts[2], "exit", bounds.EXIT_MAX),
            _int(f, b"aid", bounds.AID_MAX),
            _int(f, b"n", bounds.COUNT_MAX),
            _opt_int(f, b"h", bounds.COUNT_MAX),
            _opt_time(f),
            bounds.pipestatus(f.get(b"ps", b"")),
            _nonce(f),
        )
    if kind == b"133;C":
        f = _fields(parts[2:])
        return CommandStart(
            _int(f, b"aid", bounds.AID_MAX),
            _int(f, b"n", bounds.COUNT_MAX),
            _opt_int(f, b"h", bounds.COUNT_MAX),
            _opt_time(f),
            _nonce(f),
        )
    if kind == b"133;A":
        f = _fields(parts[2:])
        why = f.get(b"unsupported")
        return PromptStart(
            _int(f, b"aid", bounds.AID_MAX),
            _nonce(f),
            None if why is None else _text(why, "unsupported", bounds.REASON_MAX_BYTES),
        )
    if kind == b"633;E":
        if len(parts) < 3:
            raise MarkerError("633;E without a command line")
        nonce = _text(parts[3], "k", bounds.NONCE_MAX_BYTES) if len(parts) > 3 else None
        return CommandLine(_text(parts[2], "line", bounds.LINE_MAX_BYTES), nonce)
    # 633;P
    f = _fields(parts[2:])
    if b"Cwd" not in f:
        return None  # other 633;P properties (VS Code has IsWindows, ...) are not ours
    return Cwd(_text(f[b"Cwd"], "Cwd", bounds.CWD_MAX_BYTES))


_KINDS = frozenset((b"133;D", b"133;C", b"133;A", b"633;E", b"633;P"))

# The exact field order and characters the hooks emit, read by one C-level match per marker
# (splitting fields one by one costs a third of the parser's time, measured). Anything else, such as
# fields in another order, escapes in a value or a missing optional field, takes the lenient path.
# Every number group is bounded by its field's digit count (grader/protocol/bounds.py), so int()
# never sees a long string; `_exact` checks the ranges and leaves anything past them to the
# lenient path, which says which field is out of bounds.
_AID = rb"(\d{1,7})"  # AID_MAX, 4194304
_COUNT = rb"(\d{1,10})"  # COUNT_MAX, 2147483647
_EXIT = rb"(\d{1,3})"  # EXIT_MAX, 255
_PS = rb"((?:\d{1,3},){0,255}\d{1,3})"  # PIPESTATUS_MAX entries of EXIT_MAX
_T = rb"(\d{1,10}(?:[.,]\d{1,9})?)"  # T_WHOLE_DIGITS, T_FRACTION_DIGITS
_K = rb"([^;\\]{0,64})"  # NONCE_MAX_BYTES
_D_FIELDS = (
    b"133;D;" + _EXIT + b";aid=" + _AID + b";n=" + _COUNT + b";h=" + _COUNT + b";t=" + _T
    + b";ps=" + _PS + b";k=" + _K
)  # fmt: skip
_EXACT = {
    b"133;D": re.compile(_D_FIELDS),
    b"133;C": re.compile(
        b"133;C;aid=" + _AID + b";n=" + _COUNT + b";h=" + _COUNT + b";t=" + _T + b";k=" + _K
    ),
    b"133;A": re.compile(b"133;A;aid=" + _AID + b";k=" + _K),
    b"633;P": re.compile(rb"633;P;Cwd=([^;]*)"),  # its length: `_text`
}


def _exact(kind: bytes, m: "re.Match[bytes]") -> Optional[Marker]:
    """The marker of an exact match, or None when a value is past its range (checked by the
    lenient path then)."""
    g = m.groups()
    if kind == b"133;D":
        exit_, aid, n, h = int(g[0]), int(g[1]), int(g[2]), int(g[3])
        t = float(g[4].replace(b",", b"."))
        ps = tuple(map(int, g[5].split(b",")))
        if (
            exit_ > bounds.EXIT_MAX or aid > bounds.AID_MAX or n > bounds.COUNT_MAX
            or h > bounds.COUNT_MAX or t > bounds.T_MAX or max(ps) > bounds.EXIT_MAX
        ):  # fmt: skip
            return None
        return PromptEnd(exit_, aid, n, h, t, ps, g[6].decode("utf-8", "replace"))
    if kind == b"133;C":
        aid, n, h = int(g[0]), int(g[1]), int(g[2])
        t = float(g[3].replace(b",", b"."))
        if aid > bounds.AID_MAX or n > bounds.COUNT_MAX or h > bounds.COUNT_MAX or t > bounds.T_MAX:
            return None
        return CommandStart(aid, n, h, t, g[4].decode("utf-8", "replace"))
    if kind == b"133;A":
        aid = int(g[0])
        return None if aid > bounds.AID_MAX else PromptStart(aid, g[1].decode("utf-8", "replace"))
    return Cwd(_text(g[0], "Cwd", bounds.CWD_MAX_BYTES))


# --- encoding (the exact bytes the hooks write; used by tests, fake transcripts, the benchmark) ---


def _osc(body: bytes, terminator: bytes) -> bytes:
    return OSC + body + terminator


def encode_d(
    exit: int,
    aid: int,
    n: int,
    hist: int,
    t: Union[float, str],
    pipestatus: Sequence[int],
    nonce: str,
    terminator: bytes = BEL,
) -> bytes:
    ps = ",".join(str(x) for x in pipestatus)
    body = b"133;D;%d;aid=%d;n=%d;h=%d;t=%s;ps=%s;k=%s" % (
        exit,
        aid,
        n,
        hist,
        escape(str(t)),
        escape(ps),
        escape(nonce),
    )
    return _osc(body, terminator)


def encode_p(cwd: Union[str, bytes], terminator: bytes = BEL) -> bytes:
    return _osc(b"633;P;Cwd=" + escape(cwd), terminator)


def encode_a(
    aid: int, nonce: str, terminator: bytes = BEL, unsupported: Optional[str] = None
) -> bytes:
    why = b"" if unsupported is None else b"unsupported=" + escape(unsupported) + b";"
    return _osc(b"133;A;aid=%d;%sk=%s" % (aid, why, escape(nonce)), terminator)


def encode_e(line: Union[str, bytes], nonce: str, terminator: bytes = BEL) -> bytes:
    return _osc(b"633;E;" + escape(line) + b";" + escape(nonce), terminator)


def encode_c(
    aid: int, n: int, hist: int, t: Union[float, str], nonce: str, terminator: bytes = BEL
) -> bytes:
    body = b"133;C;aid=%d;n=%d;h=%d;t=%s;k=%s" % (aid, n, hist, escape(str(t)), escape(nonce))
    return _osc(body, terminator)


# --- marker runs: the fast path ---------------------------------------------------------------

# The hooks write their markers in two fixed runs: D P A at every prompt (precmd) and E C before
# every command (PS0). Each run in the hooks' exact grammar is read by one C-level match at the
# OSC start instead of one loop turn, decode and dispatch per marker (those cost half the
# parser's time on a session of short commands, measured). A payload never holds BEL or ESC (the
# first one ends or aborts it), so the value classes exclude them and the match ends where the
# per-marker search would. Anything else (another order, an escape in a value, a foreign nonce,
# a run cut by the end of a feed) fails the match and takes the per-marker path, which gives the
# same events.
# The nonce is a group in the run's first marker and a backreference in the others: sre compares
# those bytes without a per-byte class test, and the patterns serve every session.
_END = rb"(?:\x07|\x1b\\)"  # BEL or ST
_VALUE = rb"([^;\x07\x1b]*)"  # an escaped value: never `;`, and BEL or ESC would end the OSC
# The E's command line, the longest value: matched as `[^;]*`, a C loop sre runs ~3x faster per
# byte than a class test, then checked for BEL and ESC (memchr) by the caller, which leaves a run
# whose line holds one to the per-marker path. Where a `[^;\x07\x1b]*` line would match, this
# one matches the same bytes (both stop at the `;` that must follow).
_LINE = rb"([^;]*)"
_EPOCH = _T  # the number groups are _EXACT's, bounded (the parser checks the ranges)
PROMPT_RUN, START_RUN = b"133;D", b"633;E"  # the first marker of a run, after `ESC ]`
# A foreign OSC (the prompt's window title) right after a D P A run: dropped by the per-marker
# path whole when nothing in it is an ESC (that would abort it), so the run may take it along.
_TITLE = rb"(?:\x1b\](?!133;|633;)[^\x07\x1b]*" + _END + rb")?"
# What lies between a prompt and the E C run of the command typed at it (the prompt's colours, the
# echoed line): up to the first `ESC ]`, as the parser's search for the next OSC goes. It stops at
# an ESC before another ESC or at the end too (then no E can follow: the match leaves it to the
# feed loop). Possessive: nothing to backtrack into.
_SKIP = rb"[^\x1b]*+(?:\x1b[^\]\x1b][^\x1b]*+)*+"
OURS = (b"\x1b]133;", b"\x1b]633;")  # OSC starts of our two families
D_OSC = b"\x1b]133;D"  # a command-end marker: where a restart point may follow
#: What the node's spool reader looks for to send a command's end at once (spool_reader.py).
D_PREFIX = D_OSC + b";"
P_PREFIX = len(b"\x1b]633;P;Cwd=")  # from a run's P to its cwd value (group 7)
# A node-signed attestation (grader/node/files/attest_run.py): `133;T;v=2;...;k=<nonce>;s=<sig>`.
ATTEST_PREFIX = b"133;T;"
ATTEST_NONCE = re.compile(rb";k=([^;]*);s=[0-9a-f]*\Z")


def run_patterns(nonce: bytes) -> "Optional[Tuple[re.Pattern[bytes], re.Pattern[bytes]]]":
    """The D P A (title) and E C run patterns; None when a run cannot hold this session nonce.

    The patterns are the same for every session: each match's group `k` is the nonce its first
    marker carries, and the run's other markers must carry the same bytes (a backreference). The
    caller compares `k` with its session's nonce: a run with a foreign nonce then takes the
    per-marker path, which says what is wrong with it. One compile per process, not one per
    session (a grader reopening a thousand idle sessions recompiled them all, measured).
    The grader's parser alone uses these: the patterns are possessive (`*+`, Python 3.11's re),
    so they are compiled on first use, never when a node program imports this module.
    A nonce with `;`, a backslash, BEL or ESC cannot appear verbatim in the hooks' exact grammar
    (it would be escaped, or end the marker), so such a session takes the per-marker path.
    """
    if not nonce or len(nonce) > bounds.NONCE_MAX_BYTES or any(b in nonce for b in b";\\\x07\x1b"):
        return None
    return _runs()


@functools.lru_cache(maxsize=1)
def _runs() -> "Tuple[re.Pattern[bytes], re.Pattern[bytes]]":
    first, same = rb"(?P<k>[^;\\\x07\x1b]{1,%d})" % bounds.NONCE_MAX_BYTES, rb"(?P=k)"

    def start(k: bytes) -> bytes:
        return (
            rb"\x1b\]633;E;" + _LINE + b";" + k + _END
            + rb"(\x1b\]133;C;)aid=" + _AID + b";n=" + _COUNT + b";h=" + _COUNT + b";t=" + _EPOCH
            + b";k=" + same + _END
        )  # fmt: skip

    prompt = (
        rb"\x1b\]133;D;" + _EXIT + b";aid=" + _AID + b";n=" + _COUNT + b";h=" + _COUNT
        + b";t=" + _EPOCH + b";ps=" + _PS + b";k=" + first + _END
        + rb"\x1b\]633;P;Cwd=" + _VALUE + _END
        + rb"\x1b\]133;A;aid=" + _AID + b";k=" + same + _END
        + _TITLE
    )  # fmt: skip
    # The prompt run, and (optional) the next command's E C run when only the prompt and the
    # typed line lie between: group 10 (empty) marks the end of the prompt run.
    cycle = prompt + b"()(?:" + _SKIP + start(same) + b")?"
    return re.compile(cycle), re.compile(start(first))
