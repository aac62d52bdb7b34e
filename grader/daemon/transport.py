"""SSH to one node: a pinned, keep-alive, self-reconnecting connection and the spool stream on it.

docs/architecture.md "Transport": asyncssh has no reconnect and no keepalive by default, so this
module adds both; concurrent handshakes are bounded by a semaphore shared by every node (sshd's
MaxStartups drops unauthenticated connections past 10). Host keys come only from the pinned
lines in grader.yaml: an unknown key is an error, never accepted.

The spool is streamed by grader/node/files/spool_reader.py, sent over stdin to `python3 -c` so
nothing has to be installed on the node; where python3 is missing, an SFTP polling loop yields
the same frames. Frame format: docs/daemon.md. Where the reader runs, the daemon's progress
documents go to it over its stdin (ReaderInput) instead of over SFTP.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import shlex
import stat
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping
from importlib import resources
from typing import Any, TypeVar

import asyncssh

from grader import metrics
from grader.config import (
    DEFAULT_NODE_BUFFER_BYTES,
    DEFAULT_NODE_STALL_S,
    DaemonSettings,
    NodeConfig,
)
from grader.daemon.logbudget import LogBudget
from grader.daemon.nodecommand import run_on_node
from grader.daemon.pacing import TokenBucket
from grader.jsontext import compact_json
from grader.node import SIMULATOR_MARK
from grader.protocol import signed_run
from grader.protocol.frames import (  # the frame format's home (grader/protocol/frames.py)
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_REFUSED,
    KIND_RESET,
    NAME_MAX,
    Frame,
    FrameDecoder,
    StreamError,
)

log = logging.getLogger("grader.daemon.transport")
T = TypeVar("T")

# The reader's LINE_MAX: a longer progress line would be skipped, so it goes over SFTP instead.
READER_LINE_MAX = 4 * 1024 * 1024
READ_SIZE = 64 * 1024  # bytes per read from the channel
# The reader channel's SSH receive window: what the node may send before the daemon has taken it.
# 512 KiB keeps a LAN link busy (window / RTT: 500 MB/s at 1 ms) and bounds what one node can put
# in flight; ReaderChannel bounds the rest (docs/daemon.md "Back-pressure").
READER_WINDOW = 512 * 1024
# One stderr line of the reader is logged up to this many characters (the rest is cut).
STDERR_LINE_MAX = 1000
# The SFTP fallback polls: every stat is a round trip, so tick slower than the local reader.
SFTP_POLL_S = 0.25
SFTP_CHUNK = 256 * 1024
EXIT_COMMAND_NOT_FOUND = 127  # what a POSIX shell returns when python3 is not on PATH
# Cipher preference: AES-GCM first. asyncssh's chacha20-poly1305 (its default first choice) builds
# cipher objects per packet in Python; a spool stream is many small packets (keystroke echoes,
# heartbeats), and AES-GCM cost 2.4x less CPU per packet in our measurement (BENCHMARKS.md).
# Both are OpenSSH defaults of equal strength; chacha and CTR stay as fallbacks.
ENCRYPTION_ALGS = (
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
    "chacha20-poly1305@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
)


#: A connection that lasted this long was healthy: the next reconnect starts the backoff over.
#: One that failed sooner (a node that accepts the connection and breaks the stream at once, a
#: session that raises on its first frame) backs off as one that never connected: else such a
#: node was reconnected about once a second for as long as it kept failing.
CONNECTION_HEALTHY_S = 30.0


class NodeFault(StreamError):
    """The node misbehaved (stalled, over its budget): its connection was dropped, and however
    long it lasted, it does not count as healthy (the backoff goes on growing)."""


class NodeStalled(NodeFault):
    """The node gave nothing useful within the stall timeout at some step of its connection."""


async def within(seconds: float, step: str, awaitable: Awaitable[T]) -> T:
    """`awaitable`'s result, or NodeStalled when it takes longer than `seconds` (a node that
    accepts a channel or an SFTP request and never answers would hold the step for ever)."""
    try:
        async with asyncio.timeout(seconds) as cm:
            return await awaitable
    except TimeoutError:
        if cm.expired():
            raise NodeStalled(f"{step}: no answer from the node in {seconds:.0f} s") from None
        raise


def backoff_delay(attempt: int, base_s: float, max_s: float, jitter: bool, rng=random) -> float:
    """Exponential backoff with full jitter: uniform(0, min(max, base * 2^attempt))."""
    cap = min(max_s, base_s * (2 ** min(attempt, 32)))
    return rng.uniform(0, cap) if jitter else cap


def pinned_known_hosts(node: NodeConfig) -> asyncssh.SSHKnownHosts:
    """The node's pinned keys. A bare `<type> <base64>` line is pinned to this host and port."""
    pattern = node.host if node.port == 22 else f"[{node.host}]:{node.port}"
    lines = []
    for line in node.known_hosts:
        first = line.split(None, 1)[0] if line.strip() else ""
        if first.startswith(("ssh-", "ecdsa-", "sk-")):
            line = f"{pattern} {line}"
        lines.append(line)
    return asyncssh.import_known_hosts("\n".join(lines) + "\n")


#: How long the second look at a refused host's key may take (no login: only the key exchange).
HOST_KEY_LOOK_S = 10.0


async def host_key_problem(node: NodeConfig, settings: DaemonSettings) -> str:
    """The node status for a host key that matches no pin: both fingerprints and the fix.

    The offered key is read with a key exchange of its own (asyncssh.get_server_host_key, no
    login), asking for the pinned keys' types so the two fingerprints compare like for like.
    """
    where = node.host if node.port == 22 else f"[{node.host}]:{node.port}"
    pins = pinned_known_hosts(node).match(node.host, "", node.port)[0]
    algs = sorted({k.get_algorithm() for k in pins})
    try:
        async with asyncio.timeout(min(HOST_KEY_LOOK_S, settings.connect_timeout_s)):
            offered = await asyncssh.get_server_host_key(
                node.host, node.port, server_host_key_algs=algs or (), config=[]
            )
    except (TimeoutError, OSError, asyncssh.Error):
        offered = None
    said = f"{offered.get_algorithm()} {offered.get_fingerprint()}" if offered else "unreadable"
    pinned = ", ".join(f"{k.get_algorithm()} {k.get_fingerprint()}" for k in pins) or "none"
    return (
        f"unknown host key: {where} offers {said}, grader.yaml pins {pinned}. Compare with "
        "`ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` on the node's console; if the node "
        "was reinstalled, pin its new key in the inventory's host_keys and run grader provision "
        "--write-config (docs/operator-guide.md §6)"
    )


#: The modules spool_reader.py imports from the grader's package (the frame format's home), in
#: import order: reader_script sends their sources with it.
READER_MODULES = ("grader", "grader.protocol", "grader.protocol.frames")
_READER_PACKAGES = frozenset(("grader", "grader.protocol"))
# Run on the node before the reader: make a module from its source, as `import` would have
# (sys.modules, the parent's attribute, a package's __path__), with nothing read from disk.
_READER_PRELUDE = b"""import sys, types
def _labgrader_module(name, source, package):
    module = types.ModuleType(name)
    if package:
        module.__path__ = []
    sys.modules[name] = module
    path = name.replace(".", "/") + ("/__init__.py" if package else ".py")
    exec(compile(source, path, "exec"), module.__dict__)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
"""


def _module_source(name: str) -> bytes:
    package, _, leaf = name.rpartition(".")
    if name in _READER_PACKAGES:
        return resources.files(name).joinpath("__init__.py").read_bytes()
    return resources.files(package).joinpath(leaf + ".py").read_bytes()


@functools.cache
def reader_script() -> bytes:
    """What `reader_command` runs on the node: the reader with the protocol modules it imports.

    Made once per process: every node's stream holds it while the stream runs, and at 1,000
    nodes a copy each was 35 KiB per node of the grader's memory (tracemalloc, BENCHMARKS.md).
    The node gets the reader of the running grader, whatever has been installed since.

    A prelude builds READER_MODULES from their sources (so `from grader.protocol.frames import`
    finds them with nothing installed on the node), then spool_reader.py runs as `__main__` under
    its own file name. Every piece is a bytes literal: the bundle is ASCII whatever the sources
    hold. tests/daemon/test_frame_format.py runs it with `python3 -I -S` in an empty directory.
    """
    lines = [_READER_PRELUDE]
    for name in READER_MODULES:
        source = _module_source(name)
        package = name in _READER_PACKAGES
        lines.append(b"_labgrader_module(%r, %r, %r)\n" % (name, source, package))
    reader = resources.files("grader.node.files").joinpath("spool_reader.py").read_bytes()
    lines.append(b"del _labgrader_module\n")
    lines.append(b"exec(compile(%r, 'spool_reader.py', 'exec'))\n" % (reader,))
    return b"".join(lines)


def reader_command(script_len: int) -> str:
    """`python3 -c <bootstrap>`: the bootstrap execs the first script_len bytes of stdin.

    It reads fd 0 itself, exactly that many bytes: sys.stdin's buffer would read the start line
    and progress lines ahead, out of the reader's sight (it selects on fd 0).
    """
    boot = (
        f'import os\n_n={int(script_len)}\n_b=b""\n'
        "while len(_b)<_n:\n"
        " _c=os.read(0,_n-len(_b))\n"
        " if not _c:raise SystemExit(1)\n"
        " _b+=_c\n"
        'exec(compile(_b,"labgrader-reader","exec"))'
    )
    return "exec python3 -c " + shlex.quote(boot)


class _LineLog:
    """A node's stderr lines logged within its log budget (grader/daemon/logbudget.py). Lines are
    cut at STDERR_LINE_MAX characters; a line that never ends is logged once, then dropped up to
    its newline."""

    def __init__(self, peer: object, clock: Callable[[], float] = time.monotonic) -> None:
        self.peer = peer
        self.budget = LogBudget(clock=clock)
        self._partial = bytearray()
        self._dropping = False  # inside an over-long line that was logged already

    def feed(self, data: bytes) -> None:
        while data:
            nl = data.find(b"\n")
            part, data = (data, b"") if nl < 0 else (data[:nl], data[nl + 1 :])
            if not self._dropping:
                self._partial += part[: STDERR_LINE_MAX * 4 + 1 - len(self._partial)]
                if len(self._partial) > STDERR_LINE_MAX * 4:
                    self._emit(bytes(self._partial), cut=True)
                    self._partial.clear()
                    self._dropping = True
            if nl < 0:
                return
            if self._dropping:
                self._dropping = False
            else:
                self._emit(bytes(self._partial), cut=False)
                self._partial.clear()

    def _emit(self, raw: bytes, cut: bool) -> None:
        text = raw.decode("utf-8", "replace").rstrip()
        if len(text) > STDERR_LINE_MAX or cut:
            text = text[:STDERR_LINE_MAX] + " [cut]"
        self.budget.log(log, logging.INFO, "event=reader_log peer=%s line=%s", self.peer, _q(text))


class ReaderChannel(asyncssh.SSHClientSession[bytes]):
    """The spool reader's SSH channel, with back-pressure that reaches the node.

    Why not asyncssh's process streams: when a reader stops reading, they pause the channel, but
    on resuming, asyncssh's channel grants the whole receive window again at the first chunk it
    delivers (it counts what arrived, not what was delivered) and the stream pauses again after
    that one chunk: each pause/resume lets the node send one more window while almost nothing is
    taken. Measured: read at ~6 MB/s, a node writing as fast as it can leaves 379 MB buffered in
    the channel after 6 s (asyncssh 2.24.1; BENCHMARKS.md). Here, resuming takes *everything* the
    channel holds (at most one window: no window update was sent while paused) before pausing
    again, so what this node can make the daemon hold is bounded by `limit` + 2 windows + one
    frame, whatever it sends (tests/daemon/test_backpressure.py).
    """

    def __init__(self, limit: int, peer: object = "") -> None:
        self._limit = limit
        self._buf = bytearray()
        # What the buffer costs, not only its size: each SSH packet counts at least PACKET_COST
        # (a node sending 40-byte packets makes the loop decrypt and dispatch ~25,000 of them per
        # MiB). Reduced in proportion as bytes are read.
        self._cost = 0.0
        # A node's stderr is logged as it comes, so it has its own budget: past it, the channel
        # is paused (stdout with it) until the debt is repaid.
        self._stderr_bucket = TokenBucket(STDERR_RATE_BYTES_S, STDERR_BURST_BYTES)
        self._stderr_held: asyncio.TimerHandle | None = None
        self._packets = 0  # SSH data packets, and their bytes, since the window was last sized
        self._packet_bytes = 0
        self._chan: asyncssh.SSHClientChannel[bytes] | None = None
        self._paused = False
        self._resuming = False
        self._eof = False
        self._exc: BaseException | None = None
        self._wakeup: asyncio.Event = asyncio.Event()
        self._can_write: asyncio.Event = asyncio.Event()
        self._can_write.set()
        self.exit_status: int | None = None
        self.stderr = _LineLog(peer)

    # -- asyncssh callbacks
    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self._chan = chan

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._packets += 1
        self._packet_bytes += len(data)
        if self._packets >= 2 * PACKETS_PER_WINDOW:  # the average follows recent packets
            self._packets //= 2
            self._packet_bytes //= 2
        # Full packets (bulk output) get the whole window back at once, not at the next pause:
        # a window sized down by earlier typing would otherwise cap a WAN link at window / RTT
        # for as long as the daemon keeps up (and so never pauses).
        if (
            len(data) >= PACKET_FULL
            and self._chan is not None
            and getattr(self._chan, "_init_recv_window", READER_WINDOW) < READER_WINDOW
        ):
            self._chan._init_recv_window = READER_WINDOW
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr.feed(data)  # logged or counted at once, never held
            wait = self._stderr_bucket.spend(max(len(data), PACKET_COST), time.monotonic())
            if wait > 0 and self._stderr_held is None:
                self._stderr_held = asyncio.get_running_loop().call_later(wait, self._stderr_paid)
                if not self._resuming and not self._paused:
                    self._pause()
            return
        self._buf += data
        self._cost += max(len(data), PACKET_COST)
        self._wakeup.set()
        if not self._resuming and not self._paused and self._cost >= self._limit:
            self._pause()

    def eof_received(self) -> bool:
        self._eof = True
        self._wakeup.set()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._stderr_held is not None:
            self._stderr_held.cancel()
            self._stderr_held = None
        self._eof = True
        self._exc = exc
        self._wakeup.set()
        self._can_write.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def pause_writing(self) -> None:
        self._can_write.clear()

    def resume_writing(self) -> None:
        self._can_write.set()

    # -- flow control
    def _pause(self) -> None:
        assert self._chan is not None
        self._paused = True
        self._chan.pause_reading()

    def _size_window(self) -> None:
        """Grant at most about PACKETS_PER_WINDOW packets a window: a node sending tiny packets
        gets a small window (each grant costs the loop a decrypt and a dispatch per packet, and
        the whole grant is taken at once, see _resume); one sending full packets, READER_WINDOW.
        asyncssh grants `_init_recv_window - remaining` once less than half remains, so a
        smaller figure only delays the next grant (it never makes a negative one)."""
        if self._packets < 64 or self._chan is None:
            return
        average = self._packet_bytes / self._packets
        window = int(min(READER_WINDOW, max(READER_WINDOW_MIN, average * PACKETS_PER_WINDOW)))
        if isinstance(getattr(self._chan, "_init_recv_window", None), int):
            self._chan._init_recv_window = window  # no public setter (asyncssh 2.x)
        self._packets = self._packet_bytes = 0

    def _resume(self) -> None:
        assert self._chan is not None
        self._size_window()
        self._paused = False
        self._resuming = True  # take all the channel holds: it is at most one window
        try:
            self._chan.resume_reading()
        finally:
            self._resuming = False
        if self._cost >= self._limit or self._stderr_held is not None:
            self._pause()

    def _stderr_paid(self) -> None:
        self._stderr_held = None
        if self._paused and not self._eof and self._cost < self._limit // 2:
            self._resume()

    @property
    def held(self) -> int:
        """Bytes taken from the channel and not yet read by the daemon."""
        return len(self._buf)

    # -- the daemon's side
    async def read(self, size: int) -> bytes:
        """Up to `size` bytes; b"" at the end of the stream."""
        while not self._buf and not self._eof:
            self._wakeup.clear()
            await self._wakeup.wait()
        data = bytes(self._buf[:size])
        self._cost = self._cost * (len(self._buf) - len(data)) / len(self._buf) if self._buf else 0
        del self._buf[:size]
        if self._paused and self._stderr_held is None and self._cost < self._limit // 2:
            self._resume()
        return data

    def write(self, data: bytes) -> None:
        assert self._chan is not None
        self._chan.write(data)

    async def drain(self) -> None:
        """Wait until the node's side takes more (SSH flow control on our writes)."""
        await self._can_write.wait()
        if self._exc is not None:
            raise self._exc

    def close(self) -> None:
        if self._chan is not None:
            self._chan.close()

    async def wait_closed(self) -> None:
        if self._chan is not None:
            await self._chan.wait_closed()


class ReaderInput:
    """The running spool reader's stdin, where this connection's progress documents go.

    Why: a progress write over SFTP is an open, write, close, chmod and rename, five round trips
    the daemon's loop encrypts and dispatches per verdict (~32 % of its busy samples at 1,000
    nodes). One line on a channel that is already open is one packet. The reader writes the file
    as the grader account, as SFTP did; a failure comes back as a PROGRESS_FAILED frame.
    """

    def __init__(self, stdin: ReaderChannel) -> None:
        self._stdin = stdin

    async def send_progress(self, learner: str, doc: Mapping[str, Any]) -> int:
        """Hand one document to the reader; returns the line's size, 0 when it is too long for
        the reader (the caller writes it another way)."""
        line = progress_line(learner, doc)
        if len(line) > READER_LINE_MAX:
            return 0
        self._stdin.write(line)
        await self._stdin.drain()  # SSH flow control: a stalled reader holds us, not our memory
        return len(line)


def progress_line(learner: str, doc: Mapping[str, Any]) -> bytes:
    """`{"progress": learner, "doc": doc}` and a newline (JSON never holds a raw newline)."""
    return compact_json({"progress": learner, "doc": doc}) + b"\n"


class NodeLink:
    """One node's SSH connection, re-established with backoff until stopped."""

    def __init__(
        self,
        node: NodeConfig,
        settings: DaemonSettings,
        handshakes: asyncio.Semaphore,
        on_status: Callable[[bool, str | None], None] | None = None,
    ):
        self.node = node
        self.settings = settings
        self._handshakes = handshakes
        self._on_status = on_status or (lambda connected, error: None)
        self.attempt = 0

    async def connect(self) -> asyncssh.SSHClientConnection:
        # The handshake timeout is asyncio.timeout, not asyncssh's connect_timeout: that one is
        # asyncio.wait_for, which on Python 3.11 swallows a cancel that lands as the handshake
        # ends (it returns or raises the handshake's outcome instead, gh-86296, fixed in 3.12).
        # run_forever then backed off and reconnected for ever, and stop() waited on it for ever.
        # The semaphore is outside the timeout: at 1,000 nodes waiting for a handshake slot is
        # not a slow node.
        async with self._handshakes, asyncio.timeout(self.settings.connect_timeout_s):
            return await asyncssh.connect(
                self.node.host,
                port=self.node.port,
                username=self.node.user,
                client_keys=[str(self.node.key)],
                known_hosts=pinned_known_hosts(self.node),
                encryption_algs=list(ENCRYPTION_ALGS),
                keepalive_interval=self.settings.keepalive_interval_s,
                keepalive_count_max=self.settings.keepalive_count_max,
                agent_path=None,  # only the configured key; never the operator's agent
                config=[],  # ignore ~/.ssh/config: the grader.yaml is the whole truth
            )

    async def run_forever(
        self, session: Callable[[asyncssh.SSHClientConnection], Awaitable[None]]
    ) -> None:
        """Connect, run `session` until it ends or the link drops, back off, repeat."""
        nid = self.node.id
        while True:
            error: str | None
            level = logging.WARNING
            try:
                conn = await self.connect()
            except asyncssh.HostKeyNotVerifiable as exc:
                error, level = await host_key_problem(self.node, self.settings), logging.ERROR
                detail = _one_line(exc)
                log.error("event=unknown_host_key node=%s detail=%s", nid, _q(error or detail))
            except (TimeoutError, OSError, asyncssh.Error) as exc:
                error = f"connect failed: {_one_line(exc)}"
            else:
                log.info("event=node_connected node=%s host=%s", nid, self.node.host)
                self._on_status(True, None)
                metrics.NODES_CONNECTED.inc()
                began = time.monotonic()
                faulted = False
                try:
                    async with conn:
                        await session(conn)
                    error = "stream ended"
                except NodeStalled as exc:
                    error, faulted = f"stalled: {_one_line(exc)}", True
                except NodeFault as exc:
                    error, faulted = f"disconnected: {_one_line(exc)}", True
                except (OSError, asyncssh.Error, StreamError, asyncio.IncompleteReadError) as exc:
                    error = f"disconnected: {_one_line(exc)}"
                except Exception as exc:  # a bug or a dependency failing: never end the link
                    error, level = f"session failed: {_one_line(exc)}", logging.ERROR
                    log.exception("event=session_failed node=%s", nid)
                finally:
                    metrics.NODES_CONNECTED.dec()
                if not faulted and time.monotonic() - began >= CONNECTION_HEALTHY_S:
                    self.attempt = 0  # it was healthy: start the backoff over
                log.warning("event=node_disconnected node=%s reason=%s", nid, _q(error))
            self._on_status(False, error)
            delay = backoff_delay(
                self.attempt,
                self.settings.backoff.base_s,
                self.settings.backoff.max_s,
                self.settings.backoff.jitter,
            )
            self.attempt += 1
            log.log(level, "event=reconnect node=%s in_s=%.2f error=%s", nid, delay, _q(error))
            await asyncio.sleep(delay)
            metrics.RECONNECTS.inc()


def _one_line(exc: BaseException) -> str:
    return (str(exc) or type(exc).__name__).replace("\n", " ")


def _q(text: str | None) -> str:
    return json.dumps(text or "")


class PythonMissing(Exception):
    """python3 is not on the node's PATH: use the SFTP fallback."""


OnReader = Callable[[ReaderInput | None], None]


#: What an SSH packet from a reader counts at least, against the channel's buffer limit and
#: the stderr budget: the loop's work is per packet (decrypt, dispatch) as much as per byte.
PACKET_COST = 4096
#: A reader channel's receive window is sized for about this many packets (ReaderChannel's
#: _size_window), between READER_WINDOW_MIN and READER_WINDOW.
PACKETS_PER_WINDOW = 512
READER_WINDOW_MIN = 16 * 1024
#: A packet this large is bulk output: the window goes back to READER_WINDOW at once.
PACKET_FULL = 8 * 1024
#: A reader's stderr (tracebacks, warnings: lines a day, not a stream) past a 256 KiB burst.
STDERR_RATE_BYTES_S = 64 * 1024
STDERR_BURST_BYTES = 256 * 1024

#: What one node's reader channel may hold that the daemon has not read yet (ReaderChannel);
#: grader.yaml's daemon.node_buffer_bytes.
READER_BUFFER_LIMIT = DEFAULT_NODE_BUFFER_BYTES


async def stream_with_reader(
    conn: asyncssh.SSHClientConnection,
    root: str,
    offsets: dict[str, int],
    on_reader: OnReader | None = None,
    buffer_limit: int = READER_BUFFER_LIMIT,
    stall_s: float = DEFAULT_NODE_STALL_S,
) -> AsyncIterator[Frame]:
    """Run spool_reader.py on the node and yield its frames; raises PythonMissing when it can't.

    on_reader gets the reader's ReaderInput just before its HELLO frame is yielded (the reader
    runs: progress lines will be read) and None once it is gone. Opening the channel is
    NodeStalled past stall_s; what comes on it is timed by stream_spool's `unstalled`.
    """
    script = reader_script()
    peer = conn.get_extra_info("peername")
    _, chan = await within(
        stall_s,
        "opening the reader's channel",
        conn.create_session(
            lambda: ReaderChannel(buffer_limit, peer),
            reader_command(len(script)),
            encoding=None,
            window=READER_WINDOW,
        ),
    )
    assert isinstance(chan, ReaderChannel)
    start = json.dumps({"root": root, "offsets": offsets}).encode() + b"\n"
    chan.write(script + start)
    decoder = FrameDecoder()
    seen_hello = False
    # The reader's HELLO comes within stall_s of the channel's opening, whatever else comes.
    hello_by = asyncio.get_running_loop().time() + stall_s
    try:
        while True:
            try:
                async with asyncio.timeout_at(None if seen_hello else hello_by) as cm:
                    data = await chan.read(READ_SIZE)
            except TimeoutError:
                if not cm.expired():
                    raise
                raise NodeStalled(f"no HELLO from the spool reader in {stall_s:.0f} s") from None
            if not data:
                break
            for frame in decoder.feed(data):
                if frame.kind == KIND_HELLO and not seen_hello and on_reader is not None:
                    on_reader(ReaderInput(chan))
                seen_hello = seen_hello or frame.kind == KIND_HELLO
                yield frame
        await chan.wait_closed()
        if not seen_hello and chan.exit_status == EXIT_COMMAND_NOT_FOUND:
            raise PythonMissing()
        raise ConnectionResetError(f"spool reader exited with status {chan.exit_status}")
    finally:
        if on_reader is not None:
            on_reader(None)
        chan.close()


async def stream_with_sftp(
    conn: asyncssh.SSHClientConnection,
    root: str,
    offsets: dict[str, int],
    learners: Collection[str] | None = None,
    log_budget: LogBudget | None = None,
) -> AsyncIterator[Frame]:
    """Fallback: poll the spool over SFTP (stat + read at offset), yielding the reader's frames.
    Its log lines (a listing cut, a file reset) go through `log_budget`, the node's.

    Same rules as spool_reader.py: a learner's sessions.jsonl before their .ts files, a file that
    shrank or changed inode restarts from 0 with a RESET frame.
    """
    spool = f"{root}/spool"
    budget = LogBudget() if log_budget is None else log_budget
    pos = dict(offsets)
    refused: set[str] = set()
    yield Frame(KIND_HELLO, "", 0, json.dumps({"v": 1, "sftp": True}).encode())
    async with conn.start_sftp_client() as sftp:
        last_sent = time.time()
        while True:
            sent = False
            for user in sorted(await _listdir(sftp, spool, budget)):
                if user.startswith(".") or (learners is not None and user not in learners):
                    continue  # only the node's learners: a spool of made-up names is not read
                udir = f"{spool}/{user}"
                try:
                    names = await _listdir(sftp, udir, budget)
                except asyncssh.SFTPError:
                    continue
                ordered = ["sessions.jsonl"] if "sessions.jsonl" in names else []
                # signed runs' output records before the session bytes that end their commands
                ordered += sorted(n for n in names if n.endswith(".run") and len(n) <= NAME_MAX)
                ordered += sorted(n for n in names if n.endswith(".ts") and len(n) <= NAME_MAX)
                if len(pos) + len(refused) > SFTP_FILES_MAX:
                    raise StreamError(f"more than {SFTP_FILES_MAX} spool files over SFTP")
                try:
                    owner = (await sftp.lstat(udir)).uid
                except asyncssh.SFTPError:
                    continue
                for name in ordered:
                    rel = f"{user}/{name}"
                    pump = _sftp_pump(sftp, f"{udir}/{name}", rel, pos, owner, refused, budget)
                    async for frame in pump:
                        sent = True
                        yield frame
            now = time.time()
            if sent:
                last_sent = now
            elif now - last_sent >= 1.0:
                yield Frame(KIND_HEARTBEAT, "", 0, json.dumps({"t": now}).encode())
                last_sent = now
            await asyncio.sleep(0 if sent else SFTP_POLL_S)


#: Names the SFTP fallback takes from one directory listing: a learner has at most 5,000 sessions
#: (session_open.py), a node a few hundred learners. A directory that never ends (a hostile
#: SFTP server) must not grow the daemon's memory: the rest of the listing is not read.
SFTP_LIST_MAX = 10_000
#: Files the SFTP fallback keeps an offset for: a node whose listings bring new names at every
#: poll is cut off here (a protocol error of that node), not followed for ever.
SFTP_FILES_MAX = 200_000


async def _listdir(
    sftp: asyncssh.SFTPClient, path: str, budget: LogBudget | None = None
) -> list[str]:
    """The first SFTP_LIST_MAX names in `path` (scandir streams them; listdir reads them all)."""
    names: list[str] = []
    async for entry in sftp.scandir(path):
        name = entry.filename
        names.append(name if isinstance(name, str) else name.decode("utf-8", "replace"))
        if len(names) >= SFTP_LIST_MAX:
            (budget or LogBudget()).log(
                log,
                logging.WARNING,
                "event=sftp_listing_cut path=%s kept=%d",
                json.dumps(path),
                len(names),
            )
            break
    return [n for n in names if n not in (".", "..")]


def _owner_ok(rel: str, uid: int, dir_owner: int) -> bool:
    """spool_reader.open_checked's owner rule, as far as SFTP can tell (it cannot look up the
    learner's uid by name): the index is the directory owner's; a session file is the learner's,
    which is the directory owner on an older, learner-owned spool. In a root-owned directory
    only root creates files (session_open.py, for the learner: node-protocol.md), so any owner
    is one root chose."""
    if rel.endswith("/sessions.jsonl") or dir_owner != 0:
        return uid == dir_owner
    return True


async def _sftp_pump(
    sftp,
    full: str,
    rel: str,
    pos: dict[str, int],
    owner: int | None,
    refused: set[str],
    budget: LogBudget,
):
    """New bytes of one spool file over SFTP. lstat, never stat: a link is refused, as are files
    another account owns (the spool reader's rules, spool_reader.open_checked). SFTP v3 has no
    O_NOFOLLOW open and no link count, so a swap between this lstat and the open remains possible
    on nodes that need this fallback (no python3); docs/SECURITY.md says so."""
    try:
        attrs = await sftp.lstat(full)
    except asyncssh.SFTPError:
        return
    why = None
    if attrs.permissions is not None and not stat.S_ISREG(attrs.permissions):
        why = "not a regular file (a link or a device)"
    elif owner is not None and attrs.uid is not None and not _owner_ok(rel, attrs.uid, owner):
        why = f"owned by uid {attrs.uid}, which may not write it here (directory: uid {owner})"
    if why is not None:
        if rel not in refused:
            refused.add(rel)
            yield Frame(KIND_REFUSED, rel, 0, why.encode())
        return
    refused.discard(rel)
    offset = pos.get(rel, 0)
    size = attrs.size or 0
    # SFTP v3 has no inode; a shrink is the signal we can see.
    if size < offset:
        budget.log(log, logging.INFO, "event=file_reset path=%s from=%d size=%d", rel, offset, size)
        offset = pos[rel] = 0
        yield Frame(KIND_RESET, rel, 0, b"")
    if size == offset:
        return
    try:
        async with sftp.open(full, "rb") as fh:
            while offset < size:
                data = await fh.read(SFTP_CHUNK, offset)
                if not data:
                    break
                yield Frame(KIND_DATA, rel, offset, data)
                offset += len(data)
                pos[rel] = offset
    except asyncssh.SFTPError as exc:
        yield Frame(KIND_ERROR, rel, offset, str(exc).encode())


# A public key file is 64 hex digits and a newline; anything much longer is not one.
ATTEST_KEY_MAX_BYTES = 4096


async def fetch_attest_key(
    conn: asyncssh.SSHClientConnection, path: str
) -> tuple[bytes | None, str]:
    """The node's attestation public key read as the grader account, or (None, why not).

    Over SFTP: no shell on the node parses the path, and it works where python3 is missing. The
    key is what lets the grader tell a node-signed 133;T from a learner's (grader.matching.attest);
    it is public (it verifies, it cannot sign), so reading it here gives nobody anything. It is
    read at every connection, so a key rotated by `grader provision --rotate-attest-key` is the
    one in use from the daemon's next connection to that node on.

    Only an answer about the file itself (missing, unreadable, not a key) is "no key". A link that
    drops mid-read raises: the session fails and reconnects, because bytes parsed without the key
    under `attestation: required` would leave honest steps unverified for good.
    """
    try:
        async with conn.start_sftp_client() as sftp, sftp.open(path, "rb") as fh:
            raw = await fh.read(ATTEST_KEY_MAX_BYTES)
    except asyncssh.SFTPConnectionLost:
        raise
    except asyncssh.SFTPError as exc:
        return None, f"{path}: {_one_line(exc)}"
    try:
        return signed_run.load_key(raw), ""
    except ValueError as exc:
        return None, f"{path}: {exc}"


#: What `command -v python3` may print (a path) before its channel is closed on it.
PYTHON_CHECK_MAX_BYTES = 4096


async def has_python3(
    conn: asyncssh.SSHClientConnection, stall_s: float = DEFAULT_NODE_STALL_S
) -> bool:
    """One round trip per connection: is python3 on the grader account's PATH? NodeStalled when
    the node does not answer within stall_s."""
    res = await within(
        stall_s, "python3 probe", run_on_node(conn, "command -v python3", PYTHON_CHECK_MAX_BYTES)
    )
    return res.exit_status == 0


async def stream_spool(
    conn: asyncssh.SSHClientConnection,
    root: str,
    offsets: dict[str, int],
    mode: str = "auto",
    on_reader: OnReader | None = None,
    learners: Collection[str] | None = None,
    buffer_limit: int = READER_BUFFER_LIMIT,
    stall_s: float = DEFAULT_NODE_STALL_S,
    log_budget: LogBudget | None = None,
) -> AsyncIterator[Frame]:
    """The node's spool as frames: the python reader, or SFTP polling when python3 is missing.

    mode: "auto" (reader, falling back), "reader" or "sftp" (forced; tests use both).
    on_reader: see stream_with_reader (never called on the SFTP path: it has no reader).
    stall_s: every step has it as its timeout (the python3 probe, opening the channel, the
    HELLO, each next frame): past it, NodeStalled (see unstalled).
    log_budget: the node's, for the lines its stream causes (a new LogBudget if None).
    """
    budget = LogBudget() if log_budget is None else log_budget
    async for frame in unstalled(
        _stream_spool(
            conn, root, offsets, mode, on_reader, learners, buffer_limit, stall_s, budget
        ),
        stall_s,
    ):
        yield frame


async def unstalled(frames: AsyncIterator[Frame], stall_s: float) -> AsyncIterator[Frame]:
    """`frames`, or NodeStalled when, once the HELLO came, the next frame does not come within
    stall_s of being asked for (an honest reader sends a heartbeat every 5 s, the SFTP poller
    every second; a node that sends a byte a second completes no frame). The steps before the
    HELLO time themselves (the python3 probe, opening the channel, the reader's HELLO). The time
    the daemon takes between two frames (pacing) is not the node's."""
    loop = asyncio.get_running_loop()
    hello = False
    it = aiter(frames)
    try:
        while True:
            try:
                async with asyncio.timeout_at(loop.time() + stall_s if hello else None) as cm:
                    frame = await anext(it)
            except StopAsyncIteration:
                return
            except TimeoutError:
                if not cm.expired():
                    raise
                raise NodeStalled(f"no frame in {stall_s:.0f} s") from None
            hello = hello or frame.kind == KIND_HELLO
            yield frame
    finally:
        await it.aclose()  # type: ignore[attr-defined]


async def _stream_spool(
    conn: asyncssh.SSHClientConnection,
    root: str,
    offsets: dict[str, int],
    mode: str,
    on_reader: OnReader | None,
    learners: Collection[str] | None,
    buffer_limit: int,
    stall_s: float,
    budget: LogBudget,
) -> AsyncIterator[Frame]:
    if mode == "auto" and not await has_python3(conn, stall_s):
        peer = conn.get_extra_info("peername")
        budget.log(log, logging.WARNING, "event=python_missing peer=%s fallback=sftp", peer)
        mode = "sftp"
    if mode != "sftp":
        try:
            frames = stream_with_reader(conn, root, offsets, on_reader, buffer_limit, stall_s)
            async for frame in frames:
                yield frame
            return
        except PythonMissing:
            if mode == "reader":
                raise
            peer = conn.get_extra_info("peername")
            budget.log(log, logging.WARNING, "event=python_missing peer=%s fallback=sftp", peer)
    async for frame in stream_with_sftp(conn, root, offsets, learners, budget):
        yield frame


#: Where a node's nvidia-smi may be: the attested allowlist's entry first (the wrapper on PATH
#: is not the program), then the usual places of an unattested node.
NVIDIA_SMI_PLACES = ("/usr/local/bin/nvidia-smi", "/usr/bin/nvidia-smi")
#: How much of a program is read for SIMULATOR_MARK (it sits on the simulator's second line).
SIMULATOR_MARK_WINDOW = 4096


async def fetch_simulated(conn: asyncssh.SSHClientConnection) -> bool:
    """Whether the node's nvidia-smi is the GPU simulator (SIMULATOR_MARK in the program).

    Over SFTP as the grader account, like the attestation key: the allowlist names the real
    program behind the wrapper; the server's realpath follows its links. Any answer short of
    the mark (no file, unreadable) is "not simulated": nothing is claimed that was not seen.
    """
    try:
        async with conn.start_sftp_client() as sftp:
            places = list(NVIDIA_SMI_PLACES)
            try:
                async with sftp.open(signed_run.PROGRAMS_PATH, "rb") as fh:
                    raw = await fh.read(65536)
                listed = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
                for line in listed.splitlines():
                    name, _, path = line.partition("\t")
                    if name == "nvidia-smi" and path.startswith("/"):
                        places.insert(0, path)
            except asyncssh.SFTPError:
                pass
            for place in places:
                try:
                    real = await sftp.realpath(place)
                    async with sftp.open(real, "rb") as fh:
                        head = await fh.read(SIMULATOR_MARK_WINDOW)
                except asyncssh.SFTPError:
                    continue
                mark = SIMULATOR_MARK.encode() if isinstance(head, bytes) else SIMULATOR_MARK
                return mark in head  # type: ignore[operator]
    except asyncssh.SFTPConnectionLost:
        raise
    except (asyncssh.SFTPError, asyncssh.ChannelOpenError):
        return False
    return False
