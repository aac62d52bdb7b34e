"""The spool reader's frame stream, node → daemon (docs/daemon.md "Frame format").

A frame is `MAGIC kind:u8 path_len:u16 offset:u64 data_len:u32 path data`, big-endian. The node's
reader (grader/node/files/spool_reader.py) writes frames with `write`; the daemon reads them here,
sans-I/O: `FrameDecoder.feed` takes channel bytes in any chunking and returns whole frames.

This file is the format's one home on both sides: the daemon sends it to the node with the reader
(grader/daemon/transport.py `reader_script`), so it must run there as it is: standard library
only, importable by CPython 3.6 (RHEL 8's python3; tests/daemon/test_node_python_floor.py).
"""

import struct
from typing import BinaryIO, List, NamedTuple

MAGIC = b"LGSR"
HEADER = struct.Struct(">4sBHQI")
HEADER_SIZE = HEADER.size  # 4 + 1 + 2 + 8 + 4
KIND_DATA = 1  # bytes of a file starting at `offset`
KIND_RESET = 2  # the file shrank or was replaced: the daemon restarts it from `offset` (0)
KIND_HEARTBEAT = 3  # idle tick; data = JSON {"t": node wall clock}, so the daemon measures lag
KIND_ERROR = 4  # a file could not be read; data = UTF-8 message (the reader keeps going)
KIND_HELLO = 5  # first frame; data = JSON {"v": 1, "pid": ..., "python": ...}
# Answers to progress lines sent on the reader's stdin (path = the learner): see ReaderInput.
KIND_PROGRESS_FAILED = 6  # a progress line was refused or its write failed; data = message
KIND_PROGRESS_OK = 7  # a learner's progress write worked after one that failed; data empty
# A spool entry the reader will not read (a link, another owner's file; path = the entry, data =
# why): the daemon audits it as a spool_refused anomaly of that learner.
KIND_REFUSED = 8
# A frame's data is at most the reader's CHUNK_MAX (256 KiB); refuse anything larger rather than
# buffer it: a corrupt or hostile stream must not make the daemon allocate more than this per node.
FRAME_DATA_MAX = 1024 * 1024
# A file offset the store can hold (a signed 64-bit integer): a frame beyond it is no file's.
OFFSET_MAX = 2**63 - 1
# A frame's path is a spool-relative name (`learner/<session>.ts`): Linux's PATH_MAX bounds it.
FRAME_PATH_MAX = 4096
# A file name's length in a frame's path (Linux NAME_MAX).
NAME_MAX = 255


class StreamError(Exception):
    """The node's byte stream is corrupt (bad magic, absurd length): drop the connection."""


# A NamedTuple: built per frame on the daemon's hot path (a tuple is made in C), and 3.6 has it.
class Frame(NamedTuple):
    kind: int
    path: str  # relative to <spool_root>/spool, e.g. "alice/<session>.ts"
    offset: int
    data: bytes


def encode(kind: int, path: str, offset: int, data: bytes) -> bytes:
    """One frame's bytes (what `write` writes; the tests' crafted nodes use it)."""
    p = path.encode("utf-8", "surrogateescape")
    return HEADER.pack(MAGIC, kind, len(p), offset, len(data)) + p + data


def write(out: BinaryIO, kind: int, path: str, offset: int, data: bytes) -> None:
    """Write one frame to `out` (the node's reader): header, path and data as three writes, so a
    256 KiB chunk is not copied into a new bytes object first."""
    p = path.encode("utf-8", "surrogateescape")
    out.write(HEADER.pack(MAGIC, kind, len(p), offset, len(data)))
    out.write(p)
    out.write(data)


class FrameDecoder:
    """Sans-I/O: feed channel bytes, get whole frames; partial frames wait for more bytes."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> List[Frame]:
        self._buf += data
        frames = []
        while len(self._buf) >= HEADER_SIZE:
            magic, kind, plen, offset, dlen = HEADER.unpack_from(self._buf)
            if magic != MAGIC:
                raise StreamError(f"bad frame magic {magic!r}")
            if offset + dlen > OFFSET_MAX:
                raise StreamError(f"frame offset {offset} (+{dlen}) beyond {OFFSET_MAX}")
            if dlen > FRAME_DATA_MAX:
                raise StreamError(f"frame of {dlen} bytes exceeds {FRAME_DATA_MAX}")
            if plen > FRAME_PATH_MAX:
                raise StreamError(f"frame path of {plen} bytes exceeds {FRAME_PATH_MAX}")
            end = HEADER_SIZE + plen + dlen
            if len(self._buf) < end:
                break
            raw = bytes(self._buf[HEADER_SIZE : HEADER_SIZE + plen])
            # No file name holds a NUL; a crafted one would fail every database write of the
            # node (PostgreSQL refuses NUL in text and JSON): U+FFFD, as for bytes not UTF-8.
            path = raw.decode("utf-8", "replace").replace("\x00", "\ufffd")
            frames.append(Frame(kind, path, offset, bytes(self._buf[HEADER_SIZE + plen : end])))
            del self._buf[:end]
        return frames
