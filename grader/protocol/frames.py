"""The spool reader's frame stream, as the daemon reads it (docs/daemon.md "Streaming").

A frame is `MAGIC kind:u8 path_len:u16 offset:u64 data_len:u32 path data`, big-endian. Written
by grader/node/files/spool_reader.py on the node; read here, sans-I/O: `FrameDecoder.feed`
takes channel bytes in any chunking and returns whole frames. Standard library only, so the
ingest (grader/daemon/ingest.py) and tests load it without SSH or a database.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

MAGIC = b"LGSR"
HEADER = struct.Struct(">4sBHQI")
HEADER_SIZE = HEADER.size  # 4 + 1 + 2 + 8 + 4
KIND_DATA, KIND_RESET, KIND_HEARTBEAT, KIND_ERROR, KIND_HELLO = 1, 2, 3, 4, 5
# Answers to progress lines sent on the reader's stdin (path = the learner): see ReaderInput.
KIND_PROGRESS_FAILED, KIND_PROGRESS_OK = 6, 7
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


@dataclass(frozen=True, slots=True)
class Frame:
    kind: int
    path: str  # relative to <spool_root>/spool, e.g. "alice/<session>.ts"
    offset: int
    data: bytes


def encode(kind: int, path: str, offset: int, data: bytes) -> bytes:
    """One frame's bytes (what the node's reader writes; the tests' crafted nodes use it)."""
    p = path.encode("utf-8", "surrogateescape")
    return HEADER.pack(MAGIC, kind, len(p), offset, len(data)) + p + data


class FrameDecoder:
    """Sans-I/O: feed channel bytes, get whole frames; partial frames wait for more bytes."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[Frame]:
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
            path = bytes(self._buf[HEADER_SIZE : HEADER_SIZE + plen]).decode("utf-8", "replace")
            frames.append(Frame(kind, path, offset, bytes(self._buf[HEADER_SIZE + plen : end])))
            del self._buf[:end]
        return frames
