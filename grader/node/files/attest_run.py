"""Attested runs: the node's own word that a lab program really ran, which a learner cannot forge.

Why: the learner owns the shell that prints the capture markers, so a learner who reads the session
nonce can print a whole forged C..D block (docs/SECURITY.md). What the learner cannot do is make a
marker signed with a key they cannot read. The lab's graded programs (nccl-tests, nvidia-smi) are
therefore reached through a wrapper that runs them via a privileged helper (this file, run as root
by a narrow sudoers rule); the helper runs the real program as the node's run account (never as
the learner, who could ptrace it) with a clean environment, waits for it, and
writes one signed `133;T` marker to the learner's terminal saying which program ran, with which
arguments, NCCL/CUDA environment and exit status, when, in which capture session (nonce).

The marker's format (Attestation, `marker`, the key paths) is grader/protocol/signed_run.py, the
grader's own module: install-protocol.sh installs that package beside this file, and the helper
imports it from there (see LIB_DIR), so node and grader run one definition. Standard library
only: it runs on the node's system python3 (3.6 on RHEL 8).

The standard library has no Ed25519, so the helper signs with the node's OpenSSL (>= 1.1.1, which
RHEL 8, Ubuntu 20.04 and Debian 11 ship): its libcrypto through ctypes, else the `openssl pkeyutl
-rawin` command of OpenSSL 3 (openssl_signer); the grader verifies with the `cryptography`
package.
"""

import base64
import binascii
import contextlib
import errno
import fcntl
import json
import os
import pwd
import re
import resource
import select
import signal
import stat
import subprocess
import sys
import tempfile
import termios
import time
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

#: The helper's own directory: install-attest.sh puts it in /usr/local/lib/labgrader, and
#: install-protocol.sh the protocol package beside it (grader/protocol/*.py). Run as root under
#: `python3 -I -S`, the helper has the standard library alone on sys.path, so it puts this
#: directory first itself, and only once no one but root could have changed what it would import.
LIB_DIR = os.path.dirname(os.path.realpath(__file__))
#: The package directories root imports from, under LIB_DIR.
PROTOCOL_DIRS = ("grader", os.path.join("grader", "protocol"))


def _not_roots(path: str) -> str:
    """Why someone other than root could change `path` ('' when only root can): a link, another
    owner, or write permission for a group other than root's or for everyone."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return path + " is a link"
    if st.st_uid != 0:
        return path + " is not root's"
    if st.st_mode & stat.S_IWOTH or (st.st_mode & stat.S_IWGRP and st.st_gid != 0):
        return path + " is writable by others than root"
    return ""


def untrusted_lib(lib: str = LIB_DIR) -> str:
    """Why root may not import from `lib` ('' when it may): `lib`, a directory above it, the
    package directories under it or an entry in them is not root's alone. An import from there
    runs as root, so it must be as trustworthy as the helper itself."""
    try:
        here, chain = lib, []
        while True:
            chain.append(here)
            if os.path.dirname(here) == here:
                break
            here = os.path.dirname(here)
        dirs = [os.path.join(lib, d) for d in PROTOCOL_DIRS]
        entries = [os.path.join(d, e) for d in dirs for e in sorted(os.listdir(d))]
        for path in dirs + entries + chain:
            why = _not_roots(path)
            if why:
                return why
    except OSError as exc:
        return f"{exc.filename}: {exc.strerror}"
    return ""


if __name__ == "__main__":  # the helper itself: import the protocol installed beside it
    _why = untrusted_lib()
    if _why:
        sys.stderr.write("labgrader attest: the protocol package is unsafe: " + _why + "\n")
        raise SystemExit(126)
    # No __pycache__ beside the sources: sudo keeps the learner's umask, so a directory root made
    # there could be the learner's to write (and the check above would then refuse every run).
    sys.dont_write_bytecode = True
    sys.path.insert(0, LIB_DIR)

from grader.protocol import run_record  # noqa: E402 (after the sys.path line above)
from grader.protocol.signed_run import (  # noqa: E402
    ENV_NAME,
    KEY_PATH,
    PROGRAMS_PATH,
    Attestation,
    attested_env,
    marker,
)

#: Where the helper looks for openssl (root's own, never the learner's PATH).
OPENSSL_CANDIDATES = ("/usr/bin/openssl", "/bin/openssl", "/usr/local/bin/openssl")
#: The libcrypto the helper signs with, by soname: OpenSSL 3 (Debian 12, Ubuntu 22.04+, RHEL 9),
#: then 1.1 (Debian 11, Ubuntu 20.04, RHEL 8). The dynamic linker finds it the way it finds
#: the openssl program's own (ld.so.cache, the system directories; sudo strips LD_*).
LIBCRYPTO_NAMES = ("libcrypto.so.3", "libcrypto.so.1.1")
#: OpenSSL's NID_ED25519 (obj_mac.h, the same in 1.1.1 and 3.x): the key must be Ed25519.
_NID_ED25519 = 1087
#: An Ed25519 signature's length (RFC 8032).
SIGNATURE_BYTES = 64


def openssl_signer(
    key_path: str = KEY_PATH, libcrypto: Sequence[str] = LIBCRYPTO_NAMES
) -> Callable[[bytes], bytes]:
    """A function signing bytes with the node's Ed25519 private key through OpenSSL.

    Why two ways: OpenSSL 1.1.1's command line cannot sign Ed25519 at all (`pkeyutl -rawin`
    came with 3.0; 1.1.1's pkeyutl says "operation not supported for this keytype" and its
    dgst "Key type not supported"), while its library can, with the same calls as 3.x's
    (EVP_DigestSignInit with no digest, then the one-shot EVP_DigestSign). So the helper calls
    the library through ctypes first (no process to start, either version), and the `openssl
    pkeyutl -rawin` command (3.x) only when the library cannot be loaded or fails. Ed25519 is
    deterministic: both ways give the same 64 bytes. OSError, naming each way's error, when
    neither signs; nothing is signed then.
    """
    by_library = None  # type: Optional[Callable[[bytes], bytes]]
    library_error = ""
    try:
        by_library = libcrypto_signer(key_path, libcrypto)
    except OSError as exc:
        library_error = str(exc)

    def sign(data: bytes) -> bytes:
        why = library_error
        if by_library is not None:
            try:
                return by_library(data)
            except OSError as exc:
                why = str(exc)
        try:
            return command_signer(key_path)(data)
        except OSError as exc:
            raise OSError(why + "; " + str(exc)) from None

    return sign


def libcrypto_signer(
    key_path: str = KEY_PATH, names: Sequence[str] = LIBCRYPTO_NAMES
) -> Callable[[bytes], bytes]:
    """A function signing bytes with the Ed25519 key at `key_path` through libcrypto (OpenSSL
    1.1.1 or 3.x), called with ctypes; `names`: the library's sonames or paths, first loadable
    wins (a test names an OpenSSL 1.1.1 libcrypto by path). OSError when none loads; the
    function raises OSError with OpenSSL's own error when the key cannot be read or used."""
    try:
        import ctypes  # here: the rest of the helper and the command's fallback do without it
    except ImportError as exc:  # a python3 built without it (libffi)
        raise OSError("no ctypes module (" + str(exc) + ")") from None

    lib, tried = None, []
    for name in names:
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError as exc:
            tried.append(str(exc))
    if lib is None:
        raise OSError("no libcrypto (" + "; ".join(tried) + ")")
    ptr, size_t = ctypes.c_void_p, ctypes.c_size_t
    try:
        prototypes = (
            ("BIO_new_file", ptr, (ctypes.c_char_p, ctypes.c_char_p)),
            ("BIO_free", ctypes.c_int, (ptr,)),
            ("PEM_read_bio_PrivateKey", ptr, (ptr, ptr, ptr, ptr)),
            ("EVP_PKEY_free", None, (ptr,)),
            ("EVP_MD_CTX_new", ptr, ()),
            ("EVP_MD_CTX_free", None, (ptr,)),
            ("EVP_DigestSignInit", ctypes.c_int, (ptr, ptr, ptr, ptr, ptr)),
            (
                "EVP_DigestSign",
                ctypes.c_int,
                (ptr, ctypes.c_char_p, ctypes.POINTER(size_t), ctypes.c_char_p, size_t),
            ),
            ("ERR_clear_error", None, ()),
            ("ERR_get_error", ctypes.c_ulong, ()),
            ("ERR_error_string_n", None, (ctypes.c_ulong, ctypes.c_char_p, size_t)),
        )
        for symbol, restype, argtypes in prototypes:
            fn = getattr(lib, symbol)
            fn.restype, fn.argtypes = restype, argtypes
        # A function in 3.x (EVP_PKEY_id is a macro for it there), the name itself in 1.1.1.
        key_type = getattr(lib, "EVP_PKEY_get_id", None) or lib.EVP_PKEY_id
        key_type.restype, key_type.argtypes = ctypes.c_int, (ptr,)
    except AttributeError as exc:
        raise OSError("libcrypto lacks " + str(exc)) from None

    def failed(what: str) -> OSError:
        code = lib.ERR_get_error()
        text = ctypes.create_string_buffer(256)
        if code:
            lib.ERR_error_string_n(code, text, len(text))
        lib.ERR_clear_error()
        detail = ": " + text.value.decode(errors="replace") if code else ""
        return OSError("libcrypto could not sign: " + what + detail)

    def sign(data: bytes) -> bytes:
        lib.ERR_clear_error()
        bio = lib.BIO_new_file(os.fsencode(key_path), b"r")
        if not bio:
            raise failed("cannot open " + key_path)
        try:
            pkey = lib.PEM_read_bio_PrivateKey(bio, None, None, None)
        finally:
            lib.BIO_free(bio)
        if not pkey:
            raise failed(key_path + " holds no private key")
        ctx = None
        try:
            if key_type(pkey) != _NID_ED25519:
                raise failed(key_path + " is not an Ed25519 key")
            ctx = lib.EVP_MD_CTX_new()
            if not ctx or lib.EVP_DigestSignInit(ctx, None, None, None, pkey) != 1:
                raise failed("EVP_DigestSignInit")
            sig = ctypes.create_string_buffer(SIGNATURE_BYTES)
            length = size_t(SIGNATURE_BYTES)
            if lib.EVP_DigestSign(ctx, sig, ctypes.byref(length), data, len(data)) != 1:
                raise failed("EVP_DigestSign")
            if length.value != SIGNATURE_BYTES:
                raise failed(f"a signature of {length.value} bytes")
            return sig.raw
        finally:
            if ctx:
                lib.EVP_MD_CTX_free(ctx)
            lib.EVP_PKEY_free(pkey)

    return sign


def command_signer(key_path: str = KEY_PATH) -> Callable[[bytes], bytes]:
    """A function signing bytes with the node's Ed25519 private key through `openssl pkeyutl
    -rawin` (OpenSSL 3.x only: 1.1.1 has no -rawin and cannot sign Ed25519 from the command line).

    The payload goes in as an unlinked temporary file (`-in /dev/fd/N`): OpenSSL 3 refuses a pipe
    for Ed25519's one-shot signing. OSError when openssl is missing or fails; nothing is signed.
    """
    exe = next((c for c in OPENSSL_CANDIDATES if os.access(c, os.X_OK)), None)
    if exe is None:
        raise OSError("no openssl binary (" + ", ".join(OPENSSL_CANDIDATES) + ")")

    def sign(data: bytes) -> bytes:
        with tempfile.TemporaryFile() as f:
            f.write(data)
            f.flush()
            fd = f.fileno()
            done = subprocess.run(  # noqa: UP022 (capture_output is 3.7+; RHEL 8 has 3.6)
                [exe, "pkeyutl", "-sign", "-rawin", "-inkey", key_path, "-in", f"/dev/fd/{fd}"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(fd,),
                env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
                check=False,
            )
        if done.returncode != 0 or len(done.stdout) != SIGNATURE_BYTES:
            why = [ln for ln in done.stderr.decode(errors="replace").splitlines() if ln.strip()]
            raise OSError("openssl could not sign: " + (why[0].strip() if why else "no signature"))
        return done.stdout

    return sign


# --- the privileged helper (run as root through sudo; see install-attest.sh) --------------------

#: Signals a terminal or `kill` may send to the run that the helper passes on to the program: the
#: program runs in its own right, the helper only waits for it. SIGINT and SIGQUIT are not here:
#: the terminal sends them to the whole foreground group (program included), so the helper
#: ignores them while it waits, as system(3) does.
_FORWARDED = ("SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGALRM")


class RunError(Exception):
    """A request the helper refuses (nothing ran); the message goes to the learner's stderr."""


def read_programs(path: str = PROGRAMS_PATH) -> Dict[str, str]:
    """The allowlist, {name: absolute real path}; RunError when the file could be tampered with.

    Why the ownership check: the helper runs as root, so the list must be as trustworthy as the
    helper itself (root-owned, writable by root alone).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        raise RunError(f"no program list ({path}: {exc.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if st.st_uid != 0 or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            raise RunError(f"{path} must be root-owned and writable by root alone")
        text = f.read().decode("utf-8", "surrogateescape")
    programs = {}
    for line in text.splitlines():
        name, tab, real = line.partition("\t")
        if tab and name and not line.startswith("#") and real.startswith("/"):
            programs[name] = real
    return programs


#: The descriptor the wrapper hands the learner's environment on (`env -0 | base64 -w0`, a
#: here-document in the sh wrapper, an unlinked file from `lab answer`), never a command-line
#: argument: every account on the node reads every process's argv (`ps`, /proc/PID/cmdline).
#: sudo passes it because the sudoers rule sets `closefrom=4` for the helper alone.
ENV_FD = 3
#: The most environment the helper reads (base64 of `env -0`): a shell's is a few KiB; the
#: kernel's own limit on argv + environment together is 2 MiB.
ENV_MAX_BYTES = 4 * 1024 * 1024


def read_env_fd(fd: int = ENV_FD) -> str:
    """The base64 text the wrapper wrote on `fd`, which is closed after (the program never
    inherits it); RunError when there is none or it is too big."""
    parts = []
    size = 0
    try:
        while True:
            data = os.read(fd, 65536)
            if not data:
                break
            size += len(data)
            if size > ENV_MAX_BYTES:
                raise RunError(f"the environment is over {ENV_MAX_BYTES} bytes")
            parts.append(data)
    except OSError as exc:
        raise RunError(f"no environment on descriptor {fd} ({exc.strerror})") from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
    return b"".join(parts).decode("ascii", "replace").strip()


def decode_env(blob: str) -> Dict[bytes, bytes]:
    """The learner's environment from the wrapper's `env -0 | base64 -w0` (no-`=` items dropped)."""
    try:
        raw = base64.b64decode(blob.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise RunError("the environment is not base64") from None
    env: Dict[bytes, bytes] = {}
    for item in raw.split(b"\0"):
        name, eq, value = item.partition(b"=")
        if eq and name:
            env[name] = value
    return env


#: The PATH a signed run gets, whatever the learner's was: a `python3` or a library earlier in the
#: learner's PATH must not stand in for the node's own (the simulator is a python3 script).
SAFE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
#: What else of the learner's environment a signed run keeps: the terminal and the locale, and the
#: capture session's own variables (the marker names the session by them).
_KEPT = re.compile(
    r"(?:TERM|COLORTERM|LANG|LANGUAGE|LC_[A-Z_]+|TZ|COLUMNS|LINES|LABGRADER_NONCE|LABGRADER_SESSION)"
    r"\Z"
)
#: NCCL_/CUDA_/NVIDIA_ variables that load code or settings from a file the learner can write
#: (NCCL_NET_PLUGIN, NCCL_TUNER_PLUGIN, NCCL_PROFILER_PLUGIN, NCCL_ENV_PLUGIN,
#: CUDA_INJECTION64_PATH, NCCL_CONF_FILE, NCCL_TOPO_FILE, NCCL_GRAPH_FILE, CUDA_CACHE_PATH): with
#: one, the output could be the learner's own code's or settings'. And the NCCL_*_FILE variables
#: that write a file they name (NCCL_DEBUG_FILE, NCCL_TOPO_DUMP_FILE, NCCL_GRAPH_DUMP_FILE): the
#: program runs as the run account every learner's runs share, so one learner could truncate the
#: files of another's runs.
_CODE_LOADING = re.compile(
    r"[A-Z0-9_]*(?:PLUGIN|INJECTION)[A-Z0-9_]*\Z|NCCL_[A-Z0-9_]*_FILE\Z|CUDA_CACHE_PATH\Z"
)


def clean_env(env: Mapping[bytes, bytes], user: str) -> Dict[bytes, bytes]:
    """The environment a signed run gets: the lab's NCCL_/CUDA_/NVIDIA_ variables the learner set,
    the terminal and locale, and nothing else of his (no LD_*, PYTHON*, BASH_ENV, ENV, IFS, PATH,
    HOME: a preloaded library, a startup file or another interpreter would make the signed output
    his). PATH is SAFE_PATH, HOME is `/` (NCCL reads ~/.nccl.conf; the learner writes his home),
    and PYTHONNOUSERSITE keeps a script's python3 from the learner's ~/.local site-packages.
    RunError for a variable that loads code (_CODE_LOADING): nothing runs, nothing is signed.
    """
    out: Dict[bytes, bytes] = {}
    for raw_name, value in env.items():
        name = os.fsdecode(raw_name)
        if ENV_NAME.match(name):
            if _CODE_LOADING.match(name):
                raise RunError(
                    f"{name} loads code or settings from a file, or writes one: not allowed in "
                    "a graded run (unset it and run again)"
                )
            out[raw_name] = value
        elif _KEPT.match(name):
            out[raw_name] = value
    name_b = os.fsencode(user)
    out.update(
        {
            b"PATH": SAFE_PATH.encode(),
            b"HOME": b"/",
            b"USER": name_b,
            b"LOGNAME": name_b,
            b"PYTHONNOUSERSITE": b"1",
        }
    )
    return out


def _invoker() -> Tuple[int, int, str]:
    """(uid, gid, name) of the learner who ran sudo: sudo's SUDO_UID/SUDO_GID, name from passwd."""
    try:
        uid, gid = int(os.environ["SUDO_UID"]), int(os.environ["SUDO_GID"])
    except (KeyError, ValueError):
        raise RunError("run through sudo only (no SUDO_UID/SUDO_GID)") from None
    if uid == 0:
        raise RunError("not for root: run the program directly")
    try:
        return uid, gid, pwd.getpwuid(uid).pw_name
    except KeyError:
        raise RunError(f"uid {uid} has no account") from None


def _shell_pid() -> int:
    """The pid of sudo's parent (the learner's shell or subshell): up the tree past sudo's own."""
    pid = os.getppid()
    for _ in range(4):  # sudo, and its monitor process when it makes one
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                line = f.read()
        except OSError:
            return pid
        comm = line[line.index(b"(") + 1 : line.rindex(b")")]
        if comm != b"sudo":
            return pid
        pid = int(line[line.rindex(b")") + 2 :].split()[1])
    return pid


#: The account a signed run's program runs as (install-attest.sh makes it: no login, no home,
#: the GPU device groups). Not the learner's: a learner can ptrace, or read and write the memory
#: of, any process of his own uid, so a program running as him could print whatever he liked
#: under the node's signature. Another uid he cannot touch; the terminal still delivers Ctrl-C.
RUN_ACCOUNT = "labgrader-run"


def _run_account() -> Tuple[int, int, str]:
    """(uid, gid, name) of RUN_ACCOUNT; RunError when the node has none (nothing runs)."""
    try:
        pw = pwd.getpwnam(RUN_ACCOUNT)
    except KeyError:
        raise RunError(f"no {RUN_ACCOUNT} account on this node (run install-attest.sh)") from None
    if pw.pw_uid == 0 or pw.pw_gid == 0:
        raise RunError(f"{RUN_ACCOUNT} must not be root")
    return pw.pw_uid, pw.pw_gid, pw.pw_name


def _drop_to(uid: int, gid: int, user: str) -> None:
    """In the child: become the run account (groups, gid, uid); prove root cannot be regained."""
    groups = os.getgrouplist(user, gid)
    os.setgroups(groups)
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    stuck = os.getresuid() == (uid, uid, uid) and os.getresgid() == (gid, gid, gid)
    if not stuck or set(os.getgroups()) != set(groups):
        raise OSError("privileges did not drop")
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise OSError("root could be regained after dropping privileges")


def _child(
    real: str,
    name: str,
    args: List[str],
    env: Dict[bytes, bytes],
    ids: Tuple[int, int, str],
    sigint_ignored: bool,
    outputs: Mapping[int, int],
) -> None:
    """In the forked child: the witness's channels as stdout/stderr, drop to the run account,
    default signals, exec. Never returns.

    sigint_ignored: SIGINT was ignored when the helper started (a background job's program
    keeps that, as it would have run directly). outputs: {1 or 2: the channel's write end}.
    """
    try:
        for target, fd in outputs.items():
            os.dup2(fd, target)
        for fd in set(outputs.values()):
            if fd not in outputs:
                os.close(fd)
        _drop_to(*ids)
        # The learner's cwd (sudo keeps it) when the run account may enter it, else `/`: his home
        # is 0700, and a program should not start in a directory it cannot reach.
        if not os.access(".", os.X_OK):
            os.chdir("/")
        # Python ignores SIGPIPE and SIGXFSZ; a directly run program has them at their default
        # (`all_reduce_perf | head` must end the same way). SIGINT: as it was when we started.
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGQUIT, signal.SIGWINCH):
            signal.signal(sig, signal.SIG_DFL)
        if sigint_ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        os.execve(real, [os.fsencode(name), *map(os.fsencode, args)], env)
    except OSError as exc:
        os.write(2, f"{name}: {exc}\n".encode(errors="replace"))
        os._exit(127 if isinstance(exc, FileNotFoundError) else 126)
    os._exit(127)  # not reached


# --- the witness: what the program wrote, relayed and kept ---------------------------------------

#: How long the helper still relays once the program has exited, for what a process it left
#: behind (a background child holding its stdout) writes; after that the run is over, as the
#: learner's shell would say at its next prompt.
DRAIN_AFTER_EXIT_S = 0.5
#: How often the helper looks whether the program has exited while it writes nothing.
EXIT_POLL_S = 0.1
#: Bytes per read from the program (a pipe's buffer).
READ_BYTES = 65536


def _same_place(a: int, b: int) -> bool:
    """Whether descriptors a and b lead to one file (a terminal, a pipe, a file): `2>&1`."""
    try:
        sa, sb = os.fstat(a), os.fstat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino, sa.st_rdev) == (sb.st_dev, sb.st_ino, sb.st_rdev)


def _copy_terminal(src: int, slave: int) -> None:
    """The learner's terminal's modes and size on the program's pty, with no output processing
    (the pty passes the program's bytes as written; the learner's own terminal then turns `\n`
    into `\r\n` as it would have)."""
    with contextlib.suppress(OSError, termios.error):
        attrs = termios.tcgetattr(src)
        attrs[1] &= ~termios.OPOST
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    _copy_size(src, slave)


def _copy_size(src: int, dest: int) -> None:
    with contextlib.suppress(OSError):
        size = fcntl.ioctl(src, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(dest, termios.TIOCSWINSZ, size)


def _write_all(fd: int, data: bytes) -> bool:
    """Write everything to the learner's descriptor; False when it is gone (its reader exited:
    `| head`), when the program's own write would have failed too."""
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:  # the learner's descriptor is non-blocking: wait until it drains
            select.select([], [fd], [])
        except OSError:
            return False
    return True


def _exited(pid: int) -> bool:
    """Whether the program has exited (not reaped: its pid stays its own until the helper reaps)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


class Witness:
    """The program's standard output and error: the helper gives it its own channels to write
    to, relays every byte to where the learner's descriptor 1 or 2 goes, and keeps a bounded
    copy (run_record.Keeper) for the signed record.

    A terminal stays a terminal: a learner's descriptor that is a tty gets a pty (his modes and
    window size), so the program behaves as it does for him (line buffering, colours, width);
    anything else (a pipe, a file, /dev/null) gets a pipe. When 1 and 2 lead to one place (his
    terminal, `2>&1 | grep`, `|&`) the program gets one channel for both, so their order is
    what the learner's side sees; else one each, kept apart (`2>/dev/null`, `| grep` with
    errors to the terminal). A closed descriptor stays closed for the program.
    """

    def __init__(self) -> None:
        # where the learner's 1 and 2 lead, asked before anything is opened: the record's truth
        # about what reached his terminal (run_record.place_of), whatever the line shows
        places = (run_record.place_of(1), run_record.place_of(2))
        self.keeper = run_record.Keeper(merged=_same_place(1, 2), places=places)
        self.channels: Dict[int, Tuple[int, int]] = {}  # read end -> (learner's fd, stream)
        self.outputs: Dict[int, int] = {}  # the program's 1/2 -> write end
        self.ptys: List[Tuple[int, int]] = []  # (learner's fd, master) for window size changes
        self._open(1)
        if self.keeper.merged and 1 in self.outputs:
            self.outputs[2] = self.outputs[1]
        else:
            self._open(2)

    def _open(self, fd: int) -> None:
        try:
            os.fstat(fd)
        except OSError:
            return
        if os.isatty(fd):
            read, write = os.openpty()  # (the slave is opened O_NOCTTY: no one's terminal)
            _copy_terminal(fd, write)
            self.ptys.append((fd, read))
        else:
            read, write = os.pipe()
        self.channels[read] = (fd, fd)
        self.outputs[fd] = write

    def started(self) -> None:
        """In the helper after the fork: only the program holds the write ends now."""
        for fd in set(self.outputs.values()):
            os.close(fd)

    def resized(self, _sig: int, _frame: object) -> None:
        """SIGWINCH (the learner's terminal changed size): the program's pty follows."""
        for src, master in self.ptys:
            _copy_size(src, master)

    def relay(self, pid: int) -> None:
        """Relay and keep until every channel is closed by the program (end of file; on a pty,
        EIO once no one holds it) or DRAIN_AFTER_EXIT_S after the program exited."""
        channels = dict(self.channels)
        exited_at = None  # type: Optional[float]
        while channels:
            timeout = EXIT_POLL_S
            if exited_at is not None:
                timeout = exited_at + DRAIN_AFTER_EXIT_S - time.monotonic()
                if timeout <= 0:
                    break
            ready, _, _ = select.select(list(channels), [], [], timeout)
            for fd in ready:
                dest, stream = channels[fd]
                try:
                    data = os.read(fd, READ_BYTES)
                except OSError as exc:
                    if exc.errno != errno.EIO:
                        raise
                    data = b""
                if data:
                    self.keeper.feed(stream, data)
                if not data or not _write_all(dest, data):
                    # End of output, or the learner's side is gone: closing the channel makes
                    # the program's next write fail as it would have (SIGPIPE on a pipe).
                    os.close(fd)
                    del channels[fd]
            if exited_at is None and _exited(pid):
                exited_at = time.monotonic()
        for fd in channels:
            os.close(fd)


def _status(wait_status: int) -> Tuple[int, int]:
    """(exit as bash reports it, signal or 0): 128+N for a death by signal N."""
    if os.WIFSIGNALED(wait_status):
        sig = os.WTERMSIG(wait_status)
        return 128 + sig, sig
    return os.WEXITSTATUS(wait_status), 0  # (os.waitstatus_to_exitcode is 3.9+)


def _write_marker(data: bytes) -> None:
    """Write the marker to the learner's terminal; no terminal (`ssh node cmd`): nothing."""
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError:
        pass
    finally:
        os.close(fd)


#: The learners' spools: root's index of the sessions the node opened (session_open.py).
SPOOL_ROOT = "/var/lib/labgrader/spool"
#: How much of the end of an index is searched for the running session (a login appends ~250 B).
INDEX_TAIL_BYTES = 4 << 20


def session_problem(user: str, env: Mapping[bytes, bytes], spool: str = SPOOL_ROOT) -> str:
    """Why a run in this environment's capture session may not be signed ('' when it may).

    The session and its nonce must be a line of the learner's index, which root alone writes
    (session_open.py): a nonce the learner made up, or one of a session he wrote himself, gets
    no signature. The index is opened without following links and must be root's.
    """
    session = os.fsdecode(env.get(b"LABGRADER_SESSION", b""))
    nonce = os.fsdecode(env.get(b"LABGRADER_NONCE", b""))
    if not session or not nonce:
        return "not in a capture session"
    path = os.path.join(spool, user, "sessions.jsonl")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        return f"no session index ({exc.strerror})"
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if st.st_uid != 0 or not stat.S_ISREG(st.st_mode):
            return "the session index is not root's (re-run install-capture.sh)"
        f.seek(max(0, st.st_size - INDEX_TAIL_BYTES))
        tail = f.read(INDEX_TAIL_BYTES)
    needle = session.encode("utf-8", "surrogateescape")
    for line in tail.splitlines():
        if needle not in line:
            continue  # most lines: no parse
        try:
            doc = json.loads(line.decode("utf-8"))
        except ValueError:
            continue
        if isinstance(doc, dict) and doc.get("session") == session and doc.get("nonce") == nonce:
            return ""
    return f"session {session} is not one this node opened"


def write_record(user: str, name: str, data: bytes, spool: str = SPOOL_ROOT) -> None:
    """Put a run's output record into the learner's spool directory as `name`, root's and
    readable by the directory's group (the grader account's, as the session files), 0640.

    Written under a temporary name and renamed, so the spool reader never sees half a record.
    The directory must be root's (session_open.py makes it so); it is opened without following
    a link, and every name is made inside it (`dir_fd`), never through a path the learner could
    change. OSError when it cannot be written: the run is then signed without a record.
    """
    dir_fd = os.open(os.path.join(spool, user), os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        st = os.fstat(dir_fd)
        if st.st_uid != 0:
            raise OSError(f"the spool directory of {user} is not root's")
        tmp = "." + name + ".tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(tmp, flags, 0o600, dir_fd=dir_fd)
        try:
            os.fchown(fd, 0, st.st_gid)
            os.fchmod(fd, 0o640)  # (sudo's umask=0777 would filter the open's mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        except OSError:
            os.close(fd)
            os.unlink(tmp, dir_fd=dir_fd)
            raise
        os.close(fd)
        os.rename(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    finally:
        os.close(dir_fd)


def learner_writable(path: str, uid: int, gid: int, user: str) -> str:
    """Why the learner could change the program at `path` ('' when he cannot): the resolved
    file or a directory above it is his, or writable by him through its group or by everyone (a
    sticky directory's entries are safe from him unless they are his). A program found in a
    build directory he can write would make what is signed his choice."""
    try:
        groups = set(os.getgrouplist(user, gid))
        real = os.path.realpath(path)
        parts = real.split("/")
        for i in range(len(parts), 0, -1):
            here = "/".join(parts[:i]) or "/"
            st = os.stat(here)
            if st.st_uid == uid:
                return f"{here} is the learner's"
            is_dir = stat.S_ISDIR(st.st_mode)
            sticky = is_dir and bool(st.st_mode & stat.S_ISVTX)
            if st.st_mode & stat.S_IWOTH and not sticky:
                return f"{here} is writable by everyone"
            if st.st_mode & stat.S_IWGRP and st.st_gid in groups and not sticky:
                return f"{here} is writable by the learner's group"
    except OSError as exc:
        return f"{path}: {exc.strerror}"
    return ""


def _die_like(sig: int, code: int) -> int:
    """Die of `sig` as the program did, so sudo, then the shell, report the same $? (or `code`)."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the program dumped its own core, if any
    signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {sig})
    os.kill(os.getpid(), sig)
    return code  # a signal whose default is not to terminate: exit as bash would have said


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run a lab program as the run account, witness what it writes, sign what happened (see
    the module doc).

    argv: `attest_run.py NAME [ARG...]`, as the wrapper /usr/local/bin/NAME passes them, with the
    learner's environment on ENV_FD. Returns (or dies with) the program's own status. Nothing the
    learner passes is evaluated: NAME only selects a line of the root-owned allowlist, ARGs and
    the environment go to execve as data.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if not argv:
            raise RunError("usage: attest_run.py NAME [ARG...] (environment on descriptor 3)")
        name, args = argv[0], argv[1:]
        blob = read_env_fd()
        real = read_programs().get(name)
        if real is None:
            raise RunError(f"{name!r} is not an attested program")
        learner = _invoker()
        unsafe = learner_writable(real, learner[0], learner[1], learner[2])
        if unsafe:
            raise RunError(f"{name} is not signed here: {unsafe} (ask the operator)")
        runner = _run_account()
        env = clean_env(decode_env(blob), learner[2])
    except RunError as exc:
        sys.stderr.write(f"labgrader attest: {exc}\n")
        return 126
    sigint_ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    # Ignored from before the fork on (the child restores them): a Ctrl-C reaches the whole
    # foreground group, and the helper must live to report the program's death by it.
    for ignored in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(ignored, signal.SIG_IGN)
    witness = Witness()
    t0 = time.time()
    pid = os.fork()
    if pid == 0:
        _child(real, name, args, env, runner, sigint_ignored, witness.outputs)
    witness.started()

    def forward(sig: int, _frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)

    for sig_name in _FORWARDED:
        signal.signal(getattr(signal, sig_name), forward)
    signal.signal(signal.SIGWINCH, witness.resized)
    witness.relay(pid)
    # Wait without reaping: until it is reaped the program's pid cannot be reused, so `forward`
    # can only ever reach it. Then stop forwarding (ignore: the program is gone) and reap. A
    # forwarder left in place after the reap would send root's signals to whatever process got
    # the pid next, while the helper signs (and a learner can stall its write to the terminal).
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    for sig_name in _FORWARDED:
        signal.signal(getattr(signal, sig_name), signal.SIG_IGN)
    _, wait_status = os.waitpid(pid, 0)
    t1 = time.time()
    code, sig = _status(wait_status)
    strenv = {os.fsdecode(k): os.fsdecode(v) for k, v in env.items()}
    att = Attestation(
        program=name,
        args=tuple(args),
        env=attested_env(strenv),
        exit=code,
        t0=t0,
        t1=t1,
        user=learner[2],
        host=os.uname().nodename,  # what gethostname(2) returns
        pid=pid,
        ppid=_shell_pid(),
        nonce=os.fsdecode(env.get(b"LABGRADER_NONCE", b"")),
    )
    try:
        unsigned = session_problem(learner[2], env)
        if unsigned:
            raise OSError(unsigned)
        att = _recorded(att, os.fsdecode(env.get(b"LABGRADER_SESSION", b"")), witness)
        _write_marker(marker(openssl_signer(), att))
    except OSError as exc:
        sys.stderr.write(f"labgrader attest: this run is not signed: {exc}\n")
    for sig_name in _FORWARDED:
        signal.signal(getattr(signal, sig_name), signal.SIG_DFL)
    return _die_like(sig, code) if sig else code


def _recorded(att: Attestation, session: str, witness: Witness) -> Attestation:
    """The attestation naming the run's output record, once it is written (unchanged, with a
    line to the learner, when it cannot be: the run is signed, its output is not)."""
    name = run_record.record_name(session, att.pid, att.t0)
    data = witness.keeper.encode()
    try:
        if run_record.record_session(name) != session:
            raise OSError(f"session {session!r} cannot name a file")
        write_record(att.user, name, data)
    except OSError as exc:
        sys.stderr.write(f"labgrader attest: the output of this run is not recorded: {exc}\n")
        return att
    return att._replace(record=name, record_hash=run_record.digest(data))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
