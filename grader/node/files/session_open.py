"""Open a capture session: its index line in sessions.jsonl and its empty session file.

Why a privileged step (docs/node-protocol.md "Who owns what"): the capture shell runs as the
learner, so a spool the learner can write is a spool he can aim: plant a file of his own with an
index line he wrote himself, link another file in, rename one under another's name. So the
learner's spool directory and its `sessions.jsonl` are root's; this helper, run as root through
a narrow sudoers rule (install-capture.sh), makes the one session file the capture shell's
`script` then writes (owned by the learner, group = the grader's, 0640) and appends the one line
that names it. The learner can write into that file (it is his terminal's record) but can neither
add, remove nor rename entries nor touch the index. The attestation helper (attest_run.py) only
signs runs whose session and nonce the index holds.

    sudo -n /usr/bin/python3 -I -S session_open.py KIND PARENT SHELL_PID TTY CLIENT

KIND is `login` or `pty`; PARENT the enclosing session (`-` for none); SHELL_PID the capture
shell's pid (it goes into the session's name); TTY and CLIENT are free text (escaped in JSON).
Prints `SESSION NONCE FILE` on one line. Run without sudo by a user other than root (local
recordings, tests), it opens the session for that user under $LABGRADER_ROOT instead.

The index line's format has one home, `record()` here; docs/node-protocol.md describes it.
Standard library only, Python >= 3.6 (RHEL 8's system python3).
"""

import binascii
import contextlib
import errno
import grp
import json
import os
import pwd
import re
import stat
import sys
import time
from typing import Dict, Optional, Sequence, Tuple

DEFAULT_ROOT = "/var/lib/labgrader"
INDEX_NAME = "sessions.jsonl"
SESSION_RE = re.compile(r"[0-9]{8}T[0-9]{6}-[0-9]+-[0-9a-f]{8}\Z")
#: The grader account's group: it reads the spool (install-capture.sh makes it).
GRADER_GROUP = "labgrader"
#: Free-text fields are cut to this many characters: the index is the learner's to fill a little.
TEXT_MAX = 256
#: Session files a learner may have in his spool. A course of daily logins with a few tmux panes
#: each stays far below; a learner calling this helper in a loop stops here, not at the disk's
#: inode count (the reader lists every file each pass).
MAX_SESSIONS = 5000


class OpenError(Exception):
    """Why no session was opened; the capture shell then gives an unrecorded shell, loudly."""


def record(session: str, user: str, parent: Optional[str], tty: str, start: float,
           client: str, nonce: str, file: str, kind: str) -> bytes:  # fmt: skip
    """One index line (what the spool reader and the daemon parse: docs/node-protocol.md)."""
    doc = {
        "v": 1,
        "session": session,
        "user": user,
        "parent": parent,
        "tty": tty[:TEXT_MAX],
        "start": start,
        "client": client[:TEXT_MAX],
        "nonce": nonce,
        "file": file,
        "kind": kind,
    }
    return (json.dumps(doc, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


def _who(environ: Dict[str, str]) -> Tuple[int, str, bool]:
    """(uid, name, privileged): the learner who ran sudo (root, with sudo's SUDO_UID), or the
    current user, for a local recording, when not started through sudo."""
    if os.geteuid() == 0 and "SUDO_UID" in environ:
        try:
            uid = int(environ["SUDO_UID"])
        except ValueError:
            raise OpenError("SUDO_UID is not a number") from None
        if uid == 0:
            raise OpenError("not for root")
        privileged = True
    else:
        uid, privileged = os.getuid(), False
    try:
        return uid, pwd.getpwuid(uid).pw_name, privileged
    except KeyError:
        raise OpenError(f"uid {uid} has no account") from None


def _user_dir(root: str, user: str, privileged: bool) -> Tuple[int, str]:
    """(directory fd, path) of the learner's spool directory, made if missing. As root it must be
    a real directory owned by root (an older learner-owned one is taken over: root's now)."""
    spool = os.path.join(root, "spool")
    path = os.path.join(spool, user)
    if not privileged:
        os.makedirs(path, mode=0o750, exist_ok=True)
        return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW), path
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o751)
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    st = os.fstat(fd)
    try:
        gid = grp.getgrnam(GRADER_GROUP).gr_gid
    except KeyError:
        gid = os.stat(spool).st_gid
    if (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) != (0, gid, 0o751):
        os.fchown(fd, 0, gid)
        os.fchmod(fd, 0o751)
    return fd, path


def _state_dir(root: str, user: str, uid: int, privileged: bool) -> None:
    """Make `<root>/state/<user>`, the learner's own (0700), if missing: what his shells remember
    between logins (the ✓ lines shown, the hints given: docs/node-protocol.md). Only root adds
    entries to `state/`, so the name cannot be a link the learner planted."""
    state = os.path.join(root, "state")
    path = os.path.join(state, user)
    if not privileged:
        os.makedirs(path, mode=0o700, exist_ok=True)
        return
    with contextlib.suppress(FileExistsError):
        os.mkdir(state, 0o755)
    st = os.lstat(state)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != 0:
        raise OpenError(f"{state} is not root's directory")
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        st = os.fstat(fd)
        if st.st_uid != uid:
            os.fchown(fd, uid, pwd.getpwuid(uid).pw_gid)
            os.fchmod(fd, 0o700)
    finally:
        os.close(fd)


def _index(dir_fd: int, gid: int, privileged: bool, now: float) -> int:
    """The index, open for appending. As root, an index root did not make (a learner's, from the
    older layout where the directory was his: maybe a link to another file) is never written or
    chowned: it is moved aside, and root starts a new one."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(INDEX_NAME, flags, dir_fd=dir_fd)
    except FileNotFoundError:
        fd = None
    except OSError as exc:
        if not privileged or exc.errno not in (
            errno.ELOOP,
            errno.ENXIO,
            errno.EACCES,
            errno.EISDIR,
        ):
            raise
        fd = -1  # a symbolic link, a FIFO or a directory: not ours
    if fd is not None and fd >= 0:
        st = os.fstat(fd)
        if not privileged or (st.st_uid == 0 and st.st_nlink == 1 and stat.S_ISREG(st.st_mode)):
            return fd
        os.close(fd)
    if fd is not None:
        aside = f"{INDEX_NAME}.learner-{int(now)}"
        os.rename(INDEX_NAME, aside, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    fd = os.open(INDEX_NAME, flags | os.O_CREAT | os.O_EXCL, 0o640, dir_fd=dir_fd)
    if privileged:
        os.fchown(fd, 0, gid)
    os.fchmod(fd, 0o640)
    return fd


def open_session(argv: Sequence[str], environ: Dict[str, str]) -> str:
    """Do the work; the `SESSION NONCE FILE` line to print."""
    if len(argv) != 5:
        raise OpenError("usage: session_open.py KIND PARENT SHELL_PID TTY CLIENT")
    kind, parent, shell_pid, tty, client = argv
    if kind not in ("login", "pty"):
        raise OpenError("KIND is login or pty")
    if not shell_pid.isdigit() or len(shell_pid) > 10:
        raise OpenError("SHELL_PID is a number")
    parent_id = parent if SESSION_RE.match(parent) else None
    uid, user, privileged = _who(environ)
    root = DEFAULT_ROOT if privileged else environ.get("LABGRADER_ROOT") or DEFAULT_ROOT
    start = time.time()
    session = "{}-{}-{}".format(
        time.strftime("%Y%m%dT%H%M%S", time.gmtime(start)),
        shell_pid,
        binascii.hexlify(os.urandom(4)).decode(),
    )
    nonce = binascii.hexlify(os.urandom(16)).decode()
    file = session + ".ts"
    path = os.path.join(root, "spool", user)
    try:
        dir_fd, path = _user_dir(root, user, privileged)
    except OSError as exc:
        raise OpenError(f"cannot open a session in {path}: {exc.strerror}") from None
    try:
        _state_dir(root, user, uid, privileged)
    except (OSError, OpenError) as exc:  # the session is still recorded: say so, go on
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        sys.stderr.write(
            f"labgrader: no state directory for {user} ({why}): a login cut "
            "before its prompt showed new step lines will not show them later\n"
        )
    try:
        if sum(1 for name in os.listdir(dir_fd) if name.endswith(".ts")) >= MAX_SESSIONS:
            raise OpenError(
                f"{path} already holds {MAX_SESSIONS} sessions: ask the operator to archive them"
            )
        gid = os.fstat(dir_fd).st_gid
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(file, flags, 0o640, dir_fd=dir_fd)
        try:
            if privileged:
                os.fchown(fd, uid, gid)  # script writes it as the learner; the grader reads it
            os.fchmod(fd, 0o640)
        finally:
            os.close(fd)
        line = record(session, user, parent_id, tty, start, client, nonce, file, kind)
        index = _index(dir_fd, gid, privileged, start)
        try:
            os.write(index, line)  # one write: O_APPEND keeps concurrent logins' lines whole
        finally:
            os.close(index)
    except OSError as exc:
        raise OpenError(f"cannot open a session in {path}: {exc.strerror}") from None
    finally:
        os.close(dir_fd)
    return f"{session} {nonce} {file}"


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        line = open_session(sys.argv[1:] if argv is None else argv, dict(os.environ))
    except OpenError as exc:
        sys.stderr.write(f"labgrader session: {exc}\n")
        return 1
    sys.stdout.write(line + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
