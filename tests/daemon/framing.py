"""Test helper: start spool_reader.py as a real subprocess, the way the daemon does over SSH."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from grader.daemon.transport import reader_command, reader_script
from grader.protocol.frames import Frame, FrameDecoder


class ReaderProcess:
    """spool_reader.py under `sh -c "python3 -c <bootstrap>"`, fed the script on stdin."""

    def __init__(
        self,
        root,
        offsets=None,
        after_start: bytes = b"",
        wake: str | None = None,
        python: str = sys.executable,
    ):
        script = reader_script()
        cmd = reader_command(len(script)).replace("python3", python, 1)
        self.proc = subprocess.Popen(
            ["sh", "-c", cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        start_line: dict = {"root": str(root), "offsets": offsets or {}}
        if wake is not None:  # the reader's own choice otherwise (inotify where it works)
            start_line["wake"] = wake
        start = json.dumps(start_line).encode() + b"\n"
        self.proc.stdin.write(script + start + after_start)
        self.proc.stdin.flush()
        self.decoder = FrameDecoder()
        self.frames: list[Frame] = []

    def read_until(self, pred, timeout=10.0) -> list[Frame]:
        """Read frames until pred(all frames so far) holds; returns every frame read."""
        import os
        import select

        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while not pred(self.frames):
            left = deadline - time.monotonic()
            assert left > 0, f"timed out; frames so far: {self.frames!r}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                data = os.read(fd, 65536)
                assert data, f"reader exited: {self.proc.stderr.read()!r}"
                self.frames += self.decoder.feed(data)
        return self.frames

    def send(self, line: bytes) -> None:
        """Bytes on the reader's stdin after the start line (progress lines)."""
        self.proc.stdin.write(line)
        self.proc.stdin.flush()

    def close(self) -> tuple[int, bytes]:
        self.proc.stdin.close()
        rc = self.proc.wait(10)
        return rc, self.proc.stderr.read()


def file_bytes(frames, path: str) -> bytes:
    """Reassemble one file from its DATA frames, checking offsets are contiguous."""
    out = bytearray()
    for f in frames:
        if f.path != path:
            continue
        if f.kind == 2:  # reset
            out.clear()
        elif f.kind == 1:
            assert f.offset == len(out), (f.offset, len(out))
            out += f.data
    return bytes(out)
