"""A signed run's output record: what the attested program wrote, as the node's helper saw it.

The node's attestation helper (grader/node/files/attest_run.py, run as root) relays the program's
standard output and error to where the learner sent them and keeps a copy of the bytes with
`Keeper`; after the run it writes `encode`'s bytes, root-owned, into the learner's spool
directory as `record_name(...)` (a `.run` file beside the session file), and the signed `133;T`
marker names that file and carries `digest` of its bytes (signed_run `Attestation.record` and
`record_hash`). The spool reader streams the file like any spool file; the grader checks the
digest against the signed marker and reads it back with `parse` (grader/matching/signed_output.py).
Standard library only and importable by CPython 3.6: install-protocol.sh installs this package
beside the helper (docs/attestation.md "Where the format lives").

File (all integers big-endian):

    MAGIC  "LGRUN1\\n"
    header  Q total stdout bytes, Q total stderr bytes, Q bytes left out, B flags
    chunks  B stream, I length, then that many bytes; repeated to the end of the file

Stream 1 is what went to the learner's standard output, 2 to his standard error; when both went
to one place (a terminal, `2>&1 |`, `|&`) the helper gave the program one channel for both and
everything is stream 1 (FLAG_MERGED). The flags also say where each stream went, as the helper
found the learner's descriptor (`place_of`): bits 1-3 stdout's place, bits 4-6 stderr's, one
of the PLACE_* values. The place is the shell's truth, not the command line's: a line the
terminal shows can be forged (docs/SECURITY.md "Signed output"), the descriptor the helper was
handed cannot. PLACE_UNKNOWN (0) is a record from a helper older than this field.

A chunk of stream GAP stands where bytes were left out:
its data is the count as 8 bytes. Only the first HEAD_BYTES and the last TAIL_BYTES the program
wrote are kept (a record stays under one spool reader pass, and a lab's checks read a table, a
summary or a log line); the totals say how much it wrote.
"""

import hashlib
import os
import re
import stat
import struct
from collections import deque
from typing import Deque, List, MutableSequence, NamedTuple, Optional, Tuple

MAGIC = b"LGRUN1\n"
#: The record keeps the first HEAD_BYTES and the last TAIL_BYTES of what a program wrote: with the
#: header and chunk framing one record stays under one spool reader pass (2 MiB, spool_reader.py
#: READ_PER_PASS), so it reaches the daemon whole before the command's end marker.
HEAD_BYTES = 512 * 1024
TAIL_BYTES = 512 * 1024
#: A chunk read from the program is at most this long (the helper reads 64 KiB at a time).
CHUNK_MAX = 1024 * 1024
#: How the record files are named: `<session>.<pid>.<t0 in microseconds>.run`.
SUFFIX = ".run"
NAME_RE = re.compile(r"([0-9A-Za-z][0-9A-Za-z_.-]{0,254})\.([0-9]{1,10})\.([0-9]{1,20})\.run\Z")
#: A record larger than this is no record the helper wrote (HEAD + TAIL + framing).
RECORD_MAX = HEAD_BYTES + TAIL_BYTES + 64 * 1024

STDOUT = 1
STDERR = 2
GAP = 0
FLAG_MERGED = 1

#: Where a stream went (the learner's descriptor 1 or 2 when the helper started).
PLACE_UNKNOWN = 0  # a helper from before places were recorded
PLACE_TERMINAL = 1  # a tty: the learner saw these bytes as written
PLACE_PIPE = 2  # a pipe or FIFO: what the pipeline after the program did decides
PLACE_FILE = 3  # a regular file: nothing reached a terminal
PLACE_DEVICE = 4  # a device that is no tty (/dev/null)
PLACE_CLOSED = 5  # no descriptor: the program's writes failed
PLACE_OTHER = 6  # a socket, a directory, anything else
PLACES = range(PLACE_UNKNOWN, PLACE_OTHER + 1)
#: Places from which no byte reached the learner's terminal.
AWAY = frozenset({PLACE_FILE, PLACE_DEVICE, PLACE_CLOSED, PLACE_OTHER})
_STDOUT_SHIFT = 1
_STDERR_SHIFT = 4
_PLACE_MASK = 0b111

_HEADER = struct.Struct(">QQQB")
_CHUNK = struct.Struct(">BI")
_COUNT = struct.Struct(">Q")


def place_of(fd: int) -> int:
    """Where descriptor `fd` leads, as a PLACE_* value (the helper asks before the program runs)."""
    try:
        st = os.fstat(fd)
    except OSError:
        return PLACE_CLOSED
    if os.isatty(fd):
        return PLACE_TERMINAL
    if stat.S_ISFIFO(st.st_mode):
        return PLACE_PIPE
    if stat.S_ISREG(st.st_mode):
        return PLACE_FILE
    if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        return PLACE_DEVICE
    return PLACE_OTHER


def record_name(session: str, pid: int, t0: float) -> str:
    """The record file's name for a run: the session it belongs to, the program's pid, its t0."""
    return f"{session}.{pid}.{int(t0 * 1000000)}{SUFFIX}"


def record_session(name: str) -> Optional[str]:
    """The session a record's file name belongs to (None: not a record's name)."""
    m = NAME_RE.match(name)
    return m.group(1) if m else None


def digest(data: bytes) -> str:
    """What the signed marker carries of a record: SHA-256 of its bytes, hex."""
    return hashlib.sha256(data).hexdigest()


def _append(chunks: "MutableSequence[Tuple[int, bytearray]]", stream: int, data: bytes) -> None:
    if chunks and chunks[-1][0] == stream:
        chunks[-1][1].extend(data)
    else:
        chunks.append((stream, bytearray(data)))


class Keeper:
    """The helper's copy of what the program wrote, bounded: the first HEAD_BYTES as they came,
    then a window of the last TAIL_BYTES; counts what fell out between."""

    def __init__(
        self,
        merged: bool,
        head: int = HEAD_BYTES,
        tail: int = TAIL_BYTES,
        places: Tuple[int, int] = (PLACE_UNKNOWN, PLACE_UNKNOWN),
    ) -> None:
        self.merged = merged
        self.places = places
        self.head_left = head
        self.tail_max = tail
        # consecutive writes to one stream share a chunk: a program writing a byte at a time
        # must not make the framing outgrow the bytes
        self.head: List[Tuple[int, bytearray]] = []
        self.tail: Deque[Tuple[int, bytearray]] = deque()
        self.tail_bytes = 0
        self.dropped = 0
        self.totals = {STDOUT: 0, STDERR: 0}

    def feed(self, stream: int, data: bytes) -> None:
        self.totals[stream] += len(data)
        if self.head_left:
            take = data[: self.head_left]
            _append(self.head, stream, take)
            self.head_left -= len(take)
            data = data[len(take) :]
        if not data:
            return
        _append(self.tail, stream, data)
        self.tail_bytes += len(data)
        while self.tail_bytes > self.tail_max:
            first = self.tail[0][1]
            excess = self.tail_bytes - self.tail_max
            if len(first) <= excess:
                self.tail.popleft()
                self.tail_bytes -= len(first)
                self.dropped += len(first)
            else:
                del first[:excess]
                self.tail_bytes -= excess
                self.dropped += excess

    def encode(self) -> bytes:
        flags = FLAG_MERGED if self.merged else 0
        flags |= self.places[0] << _STDOUT_SHIFT | self.places[1] << _STDERR_SHIFT
        parts = [MAGIC, _HEADER.pack(self.totals[STDOUT], self.totals[STDERR], self.dropped, flags)]
        for stream, data in self.head:
            parts += [_CHUNK.pack(stream, len(data)), bytes(data)]
        if self.dropped:
            parts += [_CHUNK.pack(GAP, _COUNT.size), _COUNT.pack(self.dropped)]
        for stream, data in self.tail:
            parts += [_CHUNK.pack(stream, len(data)), bytes(data)]
        return b"".join(parts)


class RunOutput(NamedTuple):
    """A record read back: its chunks in order ((GAP, b"") where bytes were left out), the
    totals written to each stream, how many bytes were left out, whether the program had one
    channel for both streams, and where each went (PLACE_*)."""

    chunks: Tuple[Tuple[int, bytes], ...]
    stdout_total: int
    stderr_total: int
    dropped: int
    merged: bool
    stdout_place: int = PLACE_UNKNOWN
    stderr_place: int = PLACE_UNKNOWN

    def stream(self, which: int) -> bytes:
        """One stream's kept bytes (a gap is a line break: its two sides are no one line)."""
        return b"".join(d if s == which else b"\n" for s, d in self.chunks if s in (which, GAP))

    def both(self) -> bytes:
        """Both streams in the order the program wrote them (what `2>&1` puts together)."""
        return b"".join(d if s != GAP else b"\n" for s, d in self.chunks)


def parse(data: bytes) -> Optional[RunOutput]:
    """Read a record's bytes; None when they are not one (check the digest first)."""
    if len(data) > RECORD_MAX or not data.startswith(MAGIC):
        return None
    at = len(MAGIC)
    if len(data) < at + _HEADER.size:
        return None
    out_total, err_total, dropped, flags = _HEADER.unpack_from(data, at)
    at += _HEADER.size
    chunks: List[Tuple[int, bytes]] = []
    while at < len(data):
        if len(data) < at + _CHUNK.size:
            return None
        stream, size = _CHUNK.unpack_from(data, at)
        at += _CHUNK.size
        if stream not in (GAP, STDOUT, STDERR) or at + size > len(data):
            return None
        body = data[at : at + size]
        at += size
        if stream == GAP:
            if size != _COUNT.size:
                return None
            body = b""
        chunks.append((stream, body))
    out_place = flags >> _STDOUT_SHIFT & _PLACE_MASK
    err_place = flags >> _STDERR_SHIFT & _PLACE_MASK
    if flags >> (_STDERR_SHIFT + 3) or out_place not in PLACES or err_place not in PLACES:
        return None
    merged = bool(flags & FLAG_MERGED)
    return RunOutput(tuple(chunks), out_total, err_total, dropped, merged, out_place, err_place)
