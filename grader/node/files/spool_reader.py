"""Follow a labgrader spool and stream new bytes as framed chunks on stdout.

Runs ON the node as the grader account, started by the daemon over one SSH channel
(grader/daemon/transport.py sends this file on stdin, so nothing is installed on the node).
Stdlib only, Python 3.8+ (Ubuntu 20.04 ships 3.8): no type-hint syntax newer than that.

Input (stdin): one JSON line {"root": "<spool root>", "offsets": {"<user>/<file>": <int>, ...}}.
Files not listed start at 0. After that line, EOF on stdin means the daemon went away: exit.

Output (stdout): frames, see docs/daemon.md "Frame format":
  header = struct ">4sBHQI": magic b"LGSR", kind, path length, offset, data length
  then the path (UTF-8, relative to <root>/spool) and the data.

inotify is not in the stdlib, so files are polled with os.stat: one stat per file per tick is
cheap next to a learner's typing speed, and works on every filesystem (NFS included).
"""

import glob
import json
import os
import select
import struct
import sys
import time

MAGIC = b"LGSR"
HEADER = struct.Struct(">4sBHQI")
KIND_DATA = 1  # bytes of a file starting at `offset`
KIND_RESET = 2  # the file shrank or was replaced: the daemon restarts it from `offset` (0)
KIND_HEARTBEAT = 3  # idle tick; data = JSON {"t": node wall clock}, so the daemon measures lag
KIND_ERROR = 4  # a file could not be read; data = UTF-8 message (the reader keeps going)
KIND_HELLO = 5  # first frame; data = JSON {"v": 1, "pid": ..., "python": ...}

POLL_S = 0.05  # stat tick: 50 ms keeps end-to-end feedback well under a prompt's round trip
RESCAN_S = 0.5  # directory listing tick: new sessions are rarer than new bytes
HEARTBEAT_S = 1.0  # an idle stream still proves liveness once a second
CHUNK_MAX = 256 * 1024  # bytes per frame: bounds memory on both sides for a 100 MB `cat`
CHUNKS_PER_FILE_PER_TICK = 8  # fairness: one busy file cannot starve the others' latency


def write_frame(out, kind, path, offset, data):
    raw = path.encode("utf-8")
    out.write(HEADER.pack(MAGIC, kind, len(raw), offset, len(data)))
    out.write(raw)
    out.write(data)


def log(message):
    sys.stderr.write(f"spool_reader: {message}\n")
    sys.stderr.flush()


class Follower:
    """Tracks one file: where we are and which inode we were reading."""

    def __init__(self, offset):
        self.offset = offset
        self.ino = None
        self.failed = False


def list_files(spool):
    # A learner's index goes first, so a session's nonce reaches the daemon before its bytes.
    found = []
    for user_dir in sorted(glob.glob(os.path.join(spool, "*"))):
        if not os.path.isdir(user_dir):
            continue
        index = os.path.join(user_dir, "sessions.jsonl")
        if os.path.exists(index):
            found.append(index)
        found.extend(sorted(glob.glob(os.path.join(user_dir, "*.ts"))))
    return found


def pump(out, spool, rel, f):
    """Send what is new in one file; returns True when bytes were sent."""
    full = os.path.join(spool, rel)
    try:
        st = os.stat(full)
    except OSError:
        return False
    if f.ino is not None and st.st_ino != f.ino:
        log(f"{rel} replaced (inode changed); restarting from 0")
        f.offset = 0
        write_frame(out, KIND_RESET, rel, 0, b"")
    elif st.st_size < f.offset:
        log(f"{rel} shrank from {f.offset} to {st.st_size} bytes; restarting from 0")
        f.offset = 0
        write_frame(out, KIND_RESET, rel, 0, b"")
    f.ino = st.st_ino
    if st.st_size == f.offset:
        return False
    try:
        with open(full, "rb") as fh:
            fh.seek(f.offset)
            sent = False
            for _ in range(CHUNKS_PER_FILE_PER_TICK):
                data = fh.read(CHUNK_MAX)
                if not data:
                    break
                write_frame(out, KIND_DATA, rel, f.offset, data)
                f.offset += len(data)
                sent = True
            f.failed = False
            return sent
    except OSError as exc:
        if not f.failed:  # report once, not every tick
            write_frame(out, KIND_ERROR, rel, f.offset, str(exc).encode("utf-8", "replace"))
            f.failed = True
        return False


def main():
    stdin = sys.stdin.buffer
    start = json.loads(stdin.readline().decode("utf-8"))
    spool = os.path.join(start["root"], "spool")
    followers = {}
    for rel, offset in start.get("offsets", {}).items():
        followers[rel] = Follower(int(offset))
    out = sys.stdout.buffer
    hello = {"v": 1, "pid": os.getpid(), "python": sys.version.split()[0]}
    write_frame(out, KIND_HELLO, "", 0, json.dumps(hello).encode())
    out.flush()
    last_scan = 0.0
    last_sent = time.time()
    files = []
    while True:
        now = time.time()
        if now - last_scan >= RESCAN_S:
            files = [os.path.relpath(p, spool) for p in list_files(spool)]
            last_scan = now
        sent = False
        for rel in files:
            f = followers.get(rel)
            if f is None:
                f = followers[rel] = Follower(0)
            sent = pump(out, spool, rel, f) or sent
        if sent:
            last_sent = now
        elif now - last_sent >= HEARTBEAT_S:
            write_frame(out, KIND_HEARTBEAT, "", 0, json.dumps({"t": now}).encode())
            last_sent = now
        out.flush()
        # Sleeping in select on stdin doubles as the EOF check: the channel closed, we stop.
        ready, _, _ = select.select([stdin], [], [], 0 if sent else POLL_S)
        if ready and not os.read(stdin.fileno(), 4096):
            return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
