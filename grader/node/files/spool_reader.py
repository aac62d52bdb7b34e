"""Follow a labgrader spool and stream new bytes as framed chunks on stdout.

Runs ON the node as the grader account, started by the daemon over one SSH channel
(grader/daemon/transport.py sends this file on stdin, with the frame format's module
grader/protocol/frames.py before it, so nothing is installed on the node).
Stdlib only, Python 3.6+ (RHEL 8's system python3 is 3.6; tests/daemon/test_node_python_floor.py
runs it there): no syntax or library call newer than that.

Input (stdin): one JSON line {"root": "<spool root>", "offsets": {"<user>/<file>": <int>, ...}}
and optionally "wake": "poll" (no inotify). Files not listed start at 0. After it, one JSON
line per progress document the daemon wants on the node (docs/daemon.md "Progress over the
reader's stdin"):
  {"progress": "<learner>", "doc": {...}}
written to <root>/progress/<learner>/progress.json as the daemon's SFTP path does (temp file in
that directory, mode PROGRESS_MODE set with fchmod so the umask cannot filter it, rename). The
learner must match the daemon's rule for learner names (config.schema.json $defs/user), which
has no room for "/" or "..". A line is at most LINE_MAX bytes. A refused or failed write is a
PROGRESS_FAILED frame (path = the learner); the first success after one is a PROGRESS_OK frame,
so the daemon's retry backoff doubles while a write keeps failing and resets once it works.
EOF on stdin means the daemon went away: exit.

Output (stdout): frames (grader/protocol/frames.py, docs/daemon.md "Frame format"): a header
(magic, kind, path length, offset, data length), then the path (UTF-8, relative to
<root>/spool) and the data.

When to look: on Linux the loop sleeps until the kernel says a spool directory changed
(inotify, bound with ctypes because it is not in the stdlib and nothing is installed on the
node), so a command's end leaves the node as it is written instead of at the next poll tick
(a 50 ms tick costs ~25 ms on average of every verdict's latency) and an idle node wakes
about once a second instead of twenty times. Without inotify (not Linux, no libc symbol, the
watch limit reached, or "wake": "poll" in the start line), files are polled with os.stat every
POLL_S. Either way each wake stats every file, so a missed event costs at most
SAFETY_S; HELLO says which mode runs ("wake": "inotify" or "poll").

What is sent when: the daemon grades a command when its end (the OSC 133;D marker) arrives and
has no use for each keystroke's echo on its own. So a session file's new bytes are held, and
sent as one frame when they contain a whole D marker (at once: that is the latency learners
feel), when HOLD_BYTES are held, or when the oldest held byte is HOLD_S old (TYPING_HOLD_S while
a line is typed at a prompt; a command's start restarts the clock). Index files
(sessions.jsonl) are sent at once. Every frame is an SSH packet the daemon decrypts and
dispatches; a typing learner produced ~10 a second, now about one per command.
"""

import ctypes
import errno
import glob
import json
import os
import pwd
import re
import select
import stat
import struct
import sys
import time

# The frame format's one home (docs/daemon.md "Frame format"): the daemon sends that module with
# this file (grader/daemon/transport.py reader_script), so it imports here with nothing installed;
# in the grader's tree it is the package itself.
from grader.protocol.frames import (
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_PROGRESS_FAILED,
    KIND_PROGRESS_OK,
    KIND_REFUSED,
    KIND_RESET,
)
from grader.protocol.frames import write as write_frame

POLL_S = 0.05  # stat tick without inotify: well under a prompt's round trip
RESCAN_S = 0.5  # directory listing tick: new sessions are rarer than new bytes
# With inotify: every file is still stat'ed this often, so an event lost (queue overflow, a
# filesystem that does not report a writer) delays bytes by at most this much.
SAFETY_S = 1.0
# An idle stream still proves liveness (and dates the daemon's idle-session close and lag gauge)
# every few seconds; SSH keepalives catch a dead link on their own.
HEARTBEAT_S = 5.0
# Bytes with no command end in them wait at most this long, or until this many are held: a
# running command's output so far (HOLD_S, from the command's start), a line being typed at a
# prompt (TYPING_HOLD_S). Nothing is graded before a command's end, so a learner typing a command
# over several seconds costs one frame (at its end), not one per second of echoes.
HOLD_S = 1.0
TYPING_HOLD_S = 10.0
# The prompt marker (typing starts) and the command-start marker (output follows) switch between
# the two holds. A learner can print either: that only changes when his own bytes are sent.
PROMPT_MARKER = b"\x1b]133;A;"
START_MARKER = b"\x1b]133;C;"
HOLD_BYTES = 64 * 1024
# The start of a command-end marker (grader/node/files/hooks.bash): ESC ] 133 ; D ;
D_MARKER = b"\x1b]133;D;"
INDEX_NAME = "sessions.jsonl"
# A signed run's output record (grader/protocol/run_record.py SUFFIX, written by the attestation
# helper, root's, beside the session it belongs to): sent at once, and before the session bytes
# that end its command, so the daemon holds the record when it grades the command.
RUN_SUFFIX = ".run"
CHUNK_MAX = 256 * 1024  # bytes per frame: bounds memory on both sides for a 100 MB `cat`
CHUNKS_PER_FILE_PER_TICK = 8  # fairness: one busy file cannot starve the others' latency
READ_PER_PASS = CHUNK_MAX * CHUNKS_PER_FILE_PER_TICK
# Input lines (the start line, progress documents) are at most this long: a progress document is
# a few KiB; a longer line is skipped whole and reported, never buffered without bound.
LINE_MAX = 4 * 1024 * 1024
READ_MAX = 64 * 1024  # bytes per read from stdin
# Mirrors grader/daemon/feedback.py PROGRESS_MODE: the learner reads it through the group.
PROGRESS_MODE = 0o640
# The daemon's learner names (config.schema.json $defs/user): no "/", no "..", no dot at all.
LEARNER_RE = re.compile(r"[a-z_][a-z0-9_-]*[$]?")
LEARNER_MAX = 32


def log(message):
    sys.stderr.write(f"spool_reader: {message}\n")
    sys.stderr.flush()


class Follower:
    """Tracks one file: what was sent, what is held, and which inode we were reading."""

    def __init__(self, offset):
        self.offset = offset  # file offset of the first byte not sent yet
        self.ino = None
        self.failed = False
        self.refused = None  # why the file is refused (open_checked), reported once per reason
        self.seen = None  # (dev, ino, size, mode, nlink, uid) when last read to its end or refused
        self.held = bytearray()  # read, not sent yet: file bytes offset .. offset+len(held)
        self.held_since = 0.0  # when the oldest held byte was read
        self.tail = b""  # the last len(D_MARKER)-1 bytes read: a marker split across reads
        self.armed = False  # a D marker was read whose terminator (BEL or ESC) was not yet
        self.typing = False  # the last marker read was a prompt's (A), not a command start (C)
        self.phase_tail = b""  # the last len(PROMPT_MARKER)-1 bytes read, for note_phase

    def restart(self):
        self.seen = None
        self.offset = 0
        self.held = bytearray()
        self.tail = b""
        self.armed = False
        self.typing = False
        self.phase_tail = b""

    def hold_s(self):
        """How long the oldest held byte may wait: a line being typed, or a run's output."""
        return TYPING_HOLD_S if self.typing else HOLD_S

    def note_phase(self, data, now):
        """Follow prompt (A) and command-start (C) markers in the new bytes. A command start
        restarts the hold clock: the line typed before it waited for its Enter, its output is
        held HOLD_S from here (a quick command's end follows in the same frame)."""
        buf = self.phase_tail + data
        self.phase_tail = buf[-(len(PROMPT_MARKER) - 1) :]
        prompt = buf.rfind(PROMPT_MARKER)
        start = buf.rfind(START_MARKER)
        if start > prompt:
            self.typing = False
            self.held_since = now
        elif prompt > start:
            self.typing = True

    def ends_command(self, data):
        """Do these new bytes complete a D marker? Scans only them plus the kept tail."""
        buf = self.tail + data
        self.tail = buf[-(len(D_MARKER) - 1) :]
        i = buf.rfind(D_MARKER)
        if i >= 0:
            self.armed = _terminator(buf, i + len(D_MARKER)) < 0
            return True  # an earlier marker in buf is whole, or the rest follows soon
        if self.armed and _terminator(data, 0) >= 0:
            self.armed = False
            return True
        return False


def _terminator(buf, start):
    """Index of the first BEL or ESC (an OSC's end) at or after start, -1 when none."""
    bel = buf.find(b"\x07", start)
    esc = buf.find(b"\x1b", start)
    found = [i for i in (bel, esc) if i >= 0]
    return min(found) if found else -1


def user_dirs(spool):
    """The learners' directories: real directories only, never a link to one (lstat)."""
    found = []
    for d in sorted(glob.glob(os.path.join(spool, "*"))):
        try:
            if stat.S_ISDIR(os.lstat(d).st_mode):
                found.append(d)
        except OSError:
            continue
    return found


# Opening a spool file: never by a name checked earlier (on a node of the older layout the learner
# owns the directory and can swap a name for a link between a check and an open), never following
# a link (O_NOFOLLOW), never blocking on a FIFO (O_NONBLOCK). Every check is made on the
# descriptor that is then read.
OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


_UIDS = {}  # type: dict  # learner name -> uid (None: no such account)


def _learner_uid(name, default):
    """The uid of the learner a spool directory is named after (`default` when there is none).
    Remembered, an unknown name too: passwd is read once per learner while this reader runs."""
    if name not in _UIDS:
        try:
            _UIDS[name] = pwd.getpwnam(name).pw_uid
        except KeyError:
            _UIDS[name] = None
    uid = _UIDS[name]
    return default if uid is None else uid


def open_checked(full):
    """(fd, fstat) of a spool file the reader may read, or (None, why it is refused).

    The file must be a regular file with one link and the right owner (docs/node-protocol.md
    "Who owns what"): a session file is the learner's (root makes it for him; his `script` writes
    it), the index `sessions.jsonl` and a run record (`*.run`) are the directory's owner's (root's;
    the learner's own on a node of the older, learner-owned layout, where the attestation helper
    writes no records and the grader trusts none it did not find signed). A link (symbolic: the
    open fails; hard: a second name), a device, a FIFO, or a file of another account (a hard
    link to someone else's file, a file the grader account could read but the learner could not)
    is refused, and its bytes are never read.
    """
    try:
        user_dir = os.path.dirname(full)
        owner = os.lstat(user_dir).st_uid
        base = os.path.basename(full)
        if base != INDEX_NAME and not base.endswith(RUN_SUFFIX):
            owner = _learner_uid(os.path.basename(user_dir), owner)
        fd = os.open(full, OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, "a symbolic link, not a file the capture shell wrote"
        return None, None  # vanished, or unreadable: tried again at the next pass
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None, None
    why = None
    if not stat.S_ISREG(st.st_mode):
        why = "not a regular file"
    elif st.st_nlink != 1:
        why = f"a file with {st.st_nlink} links (a hard link to another file)"
    elif st.st_uid != owner:
        why = f"owned by uid {st.st_uid}, not by uid {owner}"
    if why is not None:
        os.close(fd)
        return None, why
    return fd, st


def list_files(spool, dirs=None):
    """The files to follow; `dirs` is user_dirs(spool) when the caller has it already."""
    # A learner's index goes first, so a session's nonce reaches the daemon before its bytes; then
    # the run records, so a record reaches it before the command end that its run belongs to.
    found = []
    for user_dir in user_dirs(spool) if dirs is None else dirs:
        index = os.path.join(user_dir, "sessions.jsonl")
        if os.path.exists(index):
            found.append(index)
        found.extend(run_records(user_dir))
        found.extend(sorted(glob.glob(os.path.join(user_dir, "*.ts"))))
    return found


def run_records(user_dir):
    """The run records in a learner's directory (the helper writes each under a dot-name and
    renames it: a listed record is whole)."""
    return sorted(glob.glob(os.path.join(user_dir, "*" + RUN_SUFFIX)))


def records_first(spool, rel, files, followers):
    """Before a session file's new bytes go out: records its directory got since the last
    listing (a run's record is renamed into place before its command's end marker is printed,
    but the listing is only refreshed every RESCAN_S, or on an inotify event that may not have
    been read yet). Returns the relative paths to pump first, now added to `files`."""
    f = followers.get(rel)
    try:
        size = os.lstat(os.path.join(spool, rel)).st_size
    except OSError:
        return []
    if f is not None and size == f.offset + len(f.held):
        return []  # nothing new in the session: no command can have ended
    known = set(files)
    new = []
    for path in run_records(os.path.join(spool, os.path.dirname(rel))):
        name = os.path.relpath(path, spool)
        if name not in known:
            new.append(name)
            files.append(name)
    return new


def pump(out, spool, rel, f, now=None):
    """Read what is new in one file and send what is due; returns True when bytes were sent.

    Due (see the module docstring): a whole D marker, an index file, HOLD_BYTES held, or the
    oldest held byte HOLD_S old. `now` (time.time()) is passed by callers that already have it.
    """
    now = time.time() if now is None else now
    full = os.path.join(spool, rel)
    # A cheap look first (lstat: one syscall, no link followed): a file that has not changed
    # since it was last read or refused, with nothing held, needs no open. It only decides
    # whether to look; what is read is checked on the descriptor (open_checked).
    try:
        pre = os.lstat(full)
    except OSError:
        return False
    seen = (pre.st_dev, pre.st_ino, pre.st_size, pre.st_mode, pre.st_nlink, pre.st_uid)
    if seen == f.seen and not f.held:
        return False
    fd, st = open_checked(full)
    if fd is None:
        if st is not None:
            f.seen = seen
            if f.refused != st:  # once per reason, not every pass
                f.refused = st
                write_frame(out, KIND_REFUSED, rel, 0, st.encode("utf-8", "replace"))
        return False
    try:
        why = _hole(fd, f, st)
        if why is not None:
            f.seen = seen
            if f.refused != why:
                f.refused = why
                write_frame(out, KIND_REFUSED, rel, 0, why.encode("utf-8", "replace"))
            return False
        f.refused = None
        sent = _pump_fd(out, rel, f, fd, st, now)
        # Read to the end: nothing new until the file changes. (A file read only in part, past
        # READ_PER_PASS, is looked at again next pass.)
        f.seen = seen if f.offset + len(f.held) == st.st_size == pre.st_size else None
        return sent
    finally:
        os.close(fd)


SEEK_HOLE = getattr(os, "SEEK_HOLE", None)


def _hole(fd, f, st):
    """Why the unread part of a file is refused: it has a hole (a sparse file, made with
    `truncate` or a seek past the end, never by `script`, which writes every byte); else None.
    Its "bytes" would be zeros the learner never wrote, streamed at no disk cost to him.
    Filesystems without SEEK_HOLE report no hole."""
    start = f.offset + len(f.held) if f.ino == st.st_ino else 0
    if SEEK_HOLE is None or st.st_size <= start:
        return None
    try:
        hole = os.lseek(fd, start, SEEK_HOLE)
    except OSError:
        return None
    if hole < st.st_size:
        return f"a file with holes (sparse at byte {hole}): not written by the capture shell"
    return None


def _pump_fd(out, rel, f, fd, st, now):
    read_to = f.offset + len(f.held)
    if f.ino is not None and st.st_ino != f.ino:
        log(f"{rel} replaced (inode changed); restarting from 0")
        f.restart()
        read_to = 0
        write_frame(out, KIND_RESET, rel, 0, b"")
    elif st.st_size < read_to:
        log(f"{rel} shrank from {read_to} to {st.st_size} bytes; restarting from 0")
        f.restart()
        read_to = 0
        write_frame(out, KIND_RESET, rel, 0, b"")
    f.ino = st.st_ino
    due = False
    if st.st_size > read_to:
        try:
            data = _read_at(fd, read_to, min(st.st_size - read_to, READ_PER_PASS))
            f.failed = False
        except OSError as exc:
            if not f.failed:  # report once, not every tick
                write_frame(out, KIND_ERROR, rel, read_to, str(exc).encode("utf-8", "replace"))
                f.failed = True
            data = b""
        if data:
            if not f.held:
                f.held_since = now
            f.held += data
            f.note_phase(data, now)
            due = f.ends_command(data) or rel.endswith((INDEX_NAME, RUN_SUFFIX))
    if not f.held:
        return False
    if not (due or len(f.held) >= HOLD_BYTES or now - f.held_since >= f.hold_s()):
        return False
    view = memoryview(f.held)
    for start in range(0, len(view), CHUNK_MAX):
        chunk = view[start : start + CHUNK_MAX]
        write_frame(out, KIND_DATA, rel, f.offset, chunk)
        f.offset += len(chunk)
    view.release()
    f.held = bytearray()
    return True


def _read_at(fd, offset, size):
    """Up to `size` bytes at `offset` of the checked descriptor (pread loop: short reads happen)."""
    parts = []
    while size > 0:
        data = os.pread(fd, size, offset)
        if not data:
            break
        parts.append(data)
        offset += len(data)
        size -= len(data)
    return b"".join(parts)


# inotify(7): the events that mean "a spool file or directory changed".
IN_MODIFY = 0x2
IN_MOVED_TO = 0x80
IN_CREATE = 0x100
IN_Q_OVERFLOW = 0x4000
IN_IGNORED = 0x8000  # the watch is gone (its directory was removed)
IN_NONBLOCK = os.O_NONBLOCK
IN_CLOEXEC = getattr(os, "O_CLOEXEC", 0o2000000)
IN_ONLYDIR = 0x01000000
WATCH_MASK = IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_ONLYDIR
EVENT = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len (+ name)


class Wake:
    """The loop's alarm: an inotify descriptor watching the spool and each learner's directory.

    Only a wake-up: the loop still finds what changed by stat'ing its files, so events are read
    to clear the descriptor and to learn whether the directory listing changed (a new learner,
    session or renamed file) or events were lost; their names are not used. open() returns None
    where inotify is unavailable, and the caller polls instead.
    """

    def __init__(self, libc, fd):
        self.libc = libc
        self.fd = fd
        self.watched = {}  # directory -> watch descriptor

    @classmethod
    def open(cls):
        try:
            libc = ctypes.CDLL(None, use_errno=True)  # the process's own symbols: libc's
            init = libc.inotify_init1
            libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
        except (OSError, AttributeError):
            return None
        fd = init(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            log(f"inotify unavailable ({os.strerror(ctypes.get_errno())}); polling")
            return None
        return cls(libc, fd)

    def watch(self, directories):
        """Watch these directories (the ones already watched are skipped). Raises OSError when
        the kernel is out of watches (the per-user limit, ENOSPC): the caller falls back to
        polling. A directory that is gone or unreadable is skipped and tried again at the next
        listing: the loop could not read its files either."""
        for d in directories:
            if d in self.watched:
                continue
            wd = self.libc.inotify_add_watch(self.fd, os.fsencode(d), WATCH_MASK)
            if wd < 0:
                err = ctypes.get_errno()
                if err in (errno.ENOSPC, errno.ENOMEM):
                    raise OSError(err, f"inotify_add_watch {d}: {os.strerror(err)}")
                continue
            self.watched[d] = wd

    def drain(self):
        """Read every pending event; True when the directory listing may have changed."""
        rescan = False
        while True:
            try:
                buf = os.read(self.fd, 64 * 1024)
            except BlockingIOError:
                return rescan
            if not buf:
                return rescan
            i = 0
            while i + EVENT.size <= len(buf):
                wd, mask, _cookie, size = EVENT.unpack_from(buf, i)
                i += EVENT.size + size
                if mask & IN_IGNORED:
                    self.watched = {d: w for d, w in self.watched.items() if w != wd}
                if mask & (IN_CREATE | IN_MOVED_TO | IN_Q_OVERFLOW | IN_IGNORED):
                    rescan = True

    def close(self):
        os.close(self.fd)


class InputLines:
    """Splits stdin bytes into lines of at most LINE_MAX bytes; a longer line is dropped whole."""

    def __init__(self):
        self.buf = bytearray()
        self.skipping = False  # inside a line that grew past LINE_MAX: drop up to its newline

    def feed(self, data):
        """Whole lines in `data` (with what came before), without the newline; None stands for
        one line that was too long and was skipped."""
        self.buf += data
        lines = []
        while True:
            i = self.buf.find(b"\n")
            if i < 0:
                break
            line = bytes(self.buf[:i])
            del self.buf[: i + 1]
            if self.skipping:
                self.skipping = False
                continue
            lines.append(line if len(line) <= LINE_MAX else None)
        if len(self.buf) > LINE_MAX:
            if not self.skipping:
                lines.append(None)
            self.buf = bytearray()
            self.skipping = True
        return lines


def valid_learner(name):
    return isinstance(name, str) and len(name) <= LEARNER_MAX and bool(LEARNER_RE.fullmatch(name))


def write_progress(root, learner, doc):
    """<root>/progress/<learner>/progress.json, atomically: a temp file in that directory with
    PROGRESS_MODE (fchmod: the umask cannot filter it), then rename. Raises OSError."""
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    directory = os.path.join(root, "progress", learner)
    tmp = os.path.join(directory, f".progress.json.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, PROGRESS_MODE)
    try:
        os.fchmod(fd, PROGRESS_MODE)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    os.rename(tmp, os.path.join(directory, "progress.json"))
    return len(data)


def progress_line(out, root, line, failed):
    """Act on one input line after the start line: write the progress document it carries.

    `failed` holds the learners whose last write failed (a success then sends PROGRESS_OK).
    Refusals and failures are PROGRESS_FAILED frames; the reader keeps going either way.
    """
    if line is None:
        write_frame(out, KIND_PROGRESS_FAILED, "", 0, b"input line over LINE_MAX bytes: skipped")
        return
    try:
        msg = json.loads(line.decode("utf-8"))
        learner, doc = msg["progress"], msg["doc"]
    except (ValueError, KeyError, TypeError) as exc:
        write_frame(out, KIND_PROGRESS_FAILED, "", 0, f"bad input line: {exc}".encode())
        return
    if not valid_learner(learner) or not isinstance(doc, dict):
        shown = str(learner)[:LEARNER_MAX].encode("utf-8", "replace").decode("utf-8")
        write_frame(out, KIND_PROGRESS_FAILED, shown, 0, b"refused: not a learner name")
        return
    try:
        write_progress(root, learner, doc)
    except OSError as exc:
        failed.add(learner)
        write_frame(out, KIND_PROGRESS_FAILED, learner, 0, str(exc).encode("utf-8", "replace"))
        return
    if learner in failed:
        failed.discard(learner)
        write_frame(out, KIND_PROGRESS_OK, learner, 0, b"")


def main():
    # Raw reads of fd 0, never sys.stdin: a buffered reader would read progress lines ahead into
    # its buffer, where select() cannot see them.
    lines = InputLines()
    pending = []
    while not pending:
        data = os.read(0, READ_MAX)
        if not data:
            return 0
        pending = lines.feed(data)
    if pending[0] is None:
        log("start line over LINE_MAX bytes")
        return 2
    start = json.loads(pending.pop(0).decode("utf-8"))
    root = start["root"]
    spool = os.path.join(root, "spool")
    followers = {}
    for rel, offset in start.get("offsets", {}).items():
        followers[rel] = Follower(int(offset))
    out = sys.stdout.buffer
    wake = Wake.open() if start.get("wake", "inotify") != "poll" else None
    hello = {"v": 1, "pid": os.getpid(), "python": sys.version.split()[0]}
    hello["wake"] = "poll" if wake is None else "inotify"
    write_frame(out, KIND_HELLO, "", 0, json.dumps(hello).encode())
    failed = set()
    for line in pending:  # progress lines that came with the start line
        progress_line(out, root, line, failed)
    out.flush()
    last_scan = 0.0
    last_sent = time.time()
    files = []
    while True:
        now = time.time()
        if now - last_scan >= (RESCAN_S if wake is None else SAFETY_S):
            dirs = user_dirs(spool)
            if wake is not None:
                try:  # before listing: a file made in between is then both listed and seen
                    wake.watch([spool, *dirs])
                except OSError as exc:
                    msg = f"inotify: {exc}; polling every {POLL_S} s"
                    write_frame(out, KIND_ERROR, "", 0, msg.encode("utf-8", "replace"))
                    wake.close()
                    wake = None
            files = [os.path.relpath(p, spool) for p in list_files(spool, dirs)]
            last_scan = now
        sent = False
        for rel in list(files):
            todo = [rel]
            if rel.endswith(".ts"):
                todo = records_first(spool, rel, files, followers) + todo
            for path in todo:
                f = followers.get(path)
                if f is None:
                    f = followers[path] = Follower(0)
                sent = pump(out, spool, path, f, now) or sent
        if sent:
            last_sent = now
        elif now - last_sent >= HEARTBEAT_S:
            write_frame(out, KIND_HEARTBEAT, "", 0, json.dumps({"t": now}).encode())
            last_sent = now
        out.flush()
        if sent:
            timeout = 0  # a file may have more to send than one pass sends
        elif wake is None:
            timeout = POLL_S
        else:  # the next thing due without a change: a hold, the heartbeat, the safety pass
            due = min(last_scan + SAFETY_S, last_sent + HEARTBEAT_S)
            for f in followers.values():
                if f.held:
                    due = min(due, f.held_since + f.hold_s())
            timeout = max(0.0, due - time.time())
        # Sleeping in select on stdin doubles as the EOF check: the channel closed, we stop.
        ready, _, _ = select.select([0] if wake is None else [0, wake.fd], [], [], timeout)
        if wake is not None and wake.fd in ready and wake.drain():
            last_scan = 0.0  # list the directories again now
        if 0 in ready:
            data = os.read(0, READ_MAX)
            if not data:
                return 0
            for line in lines.feed(data):
                progress_line(out, root, line, failed)
            out.flush()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
