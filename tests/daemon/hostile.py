"""The malicious-node harness: `grader run` (a real process) watching two nodes over real SSH.

One node is honest: a real SSH server on loopback running the real spool reader over a spool on
local disk, where learner alice types `echo hello` again and again (tests/daemon/nodesim.py's
Spool, tests/daemon/demo.py's Shell). The other is a node whose owner has root: an SSH server, in
a process of its own, whose spool reader is replaced by one of CASES, a stream of crafted frames
(and stderr) that starts when the harness says so. Measured, per case, in two phases of the same
run (the crafted node connected but quiet, then attacking): alice's command-to-database latency,
the daemon's RSS, the API's response time (`/api/nodes`, operator token), the log's size and
shape, and whether SIGTERM stops the daemon with exit 0.

Used by tests/daemon/test_hostile_harness.py (what must hold) and, as a benchmark, by

    python -m tests.daemon.hostile bench [--commands N] [CASE ...]

(the figures in BENCHMARKS.md); `python -m tests.daemon.hostile serve CASE DIR` is the crafted
node's own process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from grader.protocol import markers
from grader.protocol.frames import (
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_PROGRESS_FAILED,
    KIND_PROGRESS_OK,
    KIND_RESET,
    encode,
)
from grader.store import AuditEntry, Store

from .demo import LAB_ID, Shell
from .nodesim import LEARNER, NODE_ID, Spool, write_config
from .sshpeer import SshPeer

REPO = Path(__file__).resolve().parents[2]
OPERATOR_TOKEN = "hostile-harness-operator-token"
#: A forged record a node tries to slip into the log through a field (a newline, then a line
#: that looks like ours).
FORGED = "x\nts=2026-12-01T00:00:00.000Z level=INFO logger=grader event=verdict node=node-1"
LOG_LINE = re.compile(r"ts=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z level=[A-Z]+ logger=\S+ ")


def hello() -> bytes:
    return encode(KIND_HELLO, "", 0, json.dumps({"wake": "inotify", "python": "3"}).encode())


def _index_line(session: str, user: str = "mallory") -> bytes:
    return Shell(session).index_line(user)


class Stderr(bytes):
    """A chunk the crafted node writes to its stderr rather than its stdout."""


# --- the cases: each yields what the crafted node writes once the attack starts -----------------


def data_flood(_conn: int) -> Iterator[bytes]:
    """Finding 1: well-formed DATA for a real session of the node's learner, without end."""
    sh = Shell("20261201T000000-7-0badf00d")
    line = _index_line(sh.session)
    yield encode(KIND_DATA, "mallory/sessions.jsonl", 0, line)
    chunk = b"y" * (256 * 1024)  # one never-ending output line
    for i in range(1_000_000):
        yield encode(KIND_DATA, f"mallory/{sh.session}.ts", i * len(chunk), chunk)


def frame_rate(_conn: int) -> Iterator[bytes]:
    """Finding 2: 100,000 index lines, then a 1-byte DATA frame per session."""
    sessions = [f"20261201T000000-{i}-{i:08x}" for i in range(100_000)]
    frames, offset, batch = [], 0, b""
    for session in sessions:
        batch += _index_line(session)
        if len(batch) > 512 * 1024:
            frames.append(encode(KIND_DATA, "mallory/sessions.jsonl", offset, batch))
            offset += len(batch)
            batch = b""
    frames.append(encode(KIND_DATA, "mallory/sessions.jsonl", offset, batch))
    frames += [encode(KIND_DATA, f"mallory/{session}.ts", 0, b"x") for session in sessions]
    yield from frames


def unknown_names(_conn: int) -> Iterator[bytes]:
    """Finding 3: frames for learners the node does not have, each with a long new name."""
    for i in range(50_000):
        name = f"u{i:06d}" + "n" * 200
        yield encode(KIND_DATA, f"{name}/{'s' * 3800}.ts", 0, b"data")


def sessions_without_index(_conn: int) -> Iterator[bytes]:
    """Finding 3: session bytes for sessions no index line names, 1 MiB each, many sessions."""
    chunk = b"z" * (1024 * 1024 - 64)
    for i in range(5_000):
        yield encode(KIND_DATA, f"mallory/20261201T000000-{i}-{i:08x}.ts", 0, chunk)


def huge_offset(_conn: int) -> Iterator[bytes]:
    """Finding 4: an offset the store cannot hold, at every connection."""
    sh = Shell("20261201T000000-4-0000beef")
    yield encode(KIND_DATA, "mallory/sessions.jsonl", 0, _index_line(sh.session))
    yield encode(KIND_DATA, f"mallory/{sh.session}.ts", 2**63 - 2, b"abc")
    yield encode(KIND_DATA, f"mallory/{sh.session}.ts", 2**64 - 8, b"abc")


def error_flood(_conn: int) -> Iterator[bytes]:
    """Finding 5: ERROR frames whose detail carries a forged log record and a NUL."""
    for i in range(2_000_000):
        yield encode(KIND_ERROR, f"mallory/{i}.ts", 0, (FORGED + "\x00").encode())


def hello_reset_progress_spam(_conn: int) -> Iterator[bytes]:
    """Findings 5 and 6: HELLO, RESET and PROGRESS_* frames without end, forgeries in fields."""
    forged_hello = json.dumps({"wake": "inotify", "python": FORGED}).encode()
    for i in range(2_000_000):
        yield encode(KIND_HELLO, "", 0, forged_hello)
        yield encode(KIND_RESET, f"mallory/{i}.ts", 0, b"")
        yield encode(KIND_PROGRESS_FAILED, "mallory", 0, FORGED.encode())
        yield encode(KIND_PROGRESS_OK, "mallory", 0, b"")


def heartbeat_flood(_conn: int) -> Iterator[bytes]:
    """Finding 6: heartbeats as fast as the channel takes them."""
    beat = encode(KIND_HEARTBEAT, "", 0, json.dumps({"t": time.time()}).encode())
    for _ in range(20_000_000):
        yield beat


def stderr_flood(_conn: int) -> Iterator[bytes]:
    """Finding 5: a never-ending stderr line, then forged records on stderr."""
    for _ in range(2_000):
        yield Stderr(b"e" * 65536)
    for _ in range(200_000):
        yield Stderr((FORGED + "\n").encode())


#: command-flood: commands per DATA frame (a node's reader sends what the spool file grew by; a
#: shell that prints a prompt per command writes ~300 bytes each).
FLOOD_COMMANDS_PER_FRAME = 50


def command_flood(_conn: int) -> Iterator[bytes]:
    """Issue 37: whole short commands of a real session of the node's learner, as fast as the
    channel takes them (the issue measured 16-19k a minute from one node): each one is parsed,
    judged and committed, so what it costs the grader is work per command, not bytes."""
    yield encode(KIND_DATA, "mallory/sessions.jsonl", 0, _index_line(_FLOOD_SHELL.session))
    for i in range(200_000):
        yield _flood_chunk(i)


#: Every connection of command-flood (the reader's, and each probe's: the node answers any
#: command with it) sends the same session from its start, so its chunks are made once and
#: kept. Made afresh for each, they were ~20 probes a second of ~200 commands each, encoded in
#: Python: this process then took a core of the two the daemon is measured on.
_FLOOD_SHELL = Shell("20261201T000000-37-0c0ffee0")
_FLOOD_CHUNKS: list[bytes] = []  # encoded DATA frames, in order
_FLOOD_END = [0]  # the session file's size after each of them (its first: before any)


def _flood_chunk(i: int) -> bytes:
    while len(_FLOOD_CHUNKS) <= i:
        chunk = b"".join(
            _FLOOD_SHELL.command("echo hi", "hi\r\n") for _ in range(FLOOD_COMMANDS_PER_FRAME)
        )
        offset = _FLOOD_END[-1]
        _FLOOD_CHUNKS.append(encode(KIND_DATA, f"mallory/{_FLOOD_SHELL.session}.ts", offset, chunk))
        _FLOOD_END.append(offset + len(chunk))
    return _FLOOD_CHUNKS[i]


def unterminated_markers(_conn: int) -> Iterator[bytes]:
    """Issue 37: 5,000 sessions of the node's learner, each indexed and begun like the capture
    shell's, each ending in an `ESC ]` that never ends: the parser carries up to 256 KiB of an
    OSC while it waits for the terminator, so they held 1.2 GB in the daemon until one
    learner's parsers got a budget (ingest.LEARNER_HOLDS_MAX_BYTES)."""
    tail = b"\x1b]633;E;" + b"a" * 250_000
    offset = 0
    for i in range(5_000):
        sh = Shell(f"20261201T000000-{i}-0badf00d")
        line = _index_line(sh.session)
        yield encode(KIND_DATA, "mallory/sessions.jsonl", offset, line)
        offset += len(line)
        yield encode(KIND_DATA, f"mallory/{sh.session}.ts", 0, sh.header() + tail)


def open_sessions(_conn: int) -> Iterator[bytes]:
    """Issue 37: 5,000 honest-looking sessions of the node's learner (the most he may have),
    each with a command run and then left at its prompt: what an open, idle session costs the
    daemon (80-114 KiB each when the issue was filed; the rule is that it is freed or small)."""
    if not _OPEN_SESSIONS:  # made once: every connection (the reader's, each command's) sends it
        output = "".join(
            f"GPU {i}: NVIDIA H100 80GB HBM3 (UUID: GPU-{i:08x})\r\n" for i in range(8)
        )
        offset = 0
        for i in range(5_000):
            sh = Shell(f"20261201T000000-{i}-00051de5")
            line = _index_line(sh.session)
            _OPEN_SESSIONS.append(encode(KIND_DATA, "mallory/sessions.jsonl", offset, line))
            offset += len(line)
            data = sh.header() + sh.command("nvidia-smi -L", output)
            _OPEN_SESSIONS.append(encode(KIND_DATA, f"mallory/{sh.session}.ts", 0, data))
    yield from _OPEN_SESSIONS


_OPEN_SESSIONS: list[bytes] = []


def unicode_separators(_conn: int) -> Iterator[bytes]:
    """Issue 32: U+2028/U+2029 and bidi controls in a HELLO field (its `hello` below, the
    connection's first) and in RESET paths, each before a forged record: a log reader that
    splits with str.splitlines() saw the record."""
    for i in range(2_000):
        yield encode(KIND_RESET, f"mallory/x\u2029{SEPARATED}\u202e{i}.ts", 0, b"")


#: FORGED behind a Unicode line separator instead of a newline, a bidi override after it.
SEPARATED = FORGED.replace("\n", "\u2028") + "\u202e"
unicode_separators.hello = lambda: encode(  # type: ignore[attr-defined]
    KIND_HELLO, "", 0, json.dumps({"wake": "inotify", "python": SEPARATED}).encode()
)


CASES: dict[str, Callable[[int], Iterator[bytes]]] = {
    "data-flood": data_flood,
    "frame-rate": frame_rate,
    "unknown-names": unknown_names,
    "sessions-without-index": sessions_without_index,
    "huge-offset": huge_offset,
    "error-flood": error_flood,
    "hello-reset-progress-spam": hello_reset_progress_spam,
    "heartbeat-flood": heartbeat_flood,
    "stderr-flood": stderr_flood,
    "unicode-separators": unicode_separators,
    "command-flood": command_flood,
    "unterminated-markers": unterminated_markers,
    "open-sessions": open_sessions,
}


# --- the crafted node (its own process) ------------------------------------------------------


def serve(case: str, workdir: Path) -> None:
    """Serve CASES[case] to every command the daemon runs there (the spool reader, the self-check,
    a lab's probes: a node with root answers any of them), once `workdir/go` exists;
    write `workdir/peer.json` (port, known-hosts line, client key) when listening."""
    peer = SshPeer(workdir, python=False)
    script = CASES[case]
    connections = 0

    async def handle(process) -> None:  # asyncssh.SSHServerProcess
        nonlocal connections
        if (process.command or "").startswith("command -v"):  # the daemon's python3 probe
            process.exit(0)
            return
        connections += 1
        (workdir / "connections").write_text(str(connections))
        try:
            process.stdout.write(getattr(script, "hello", hello)())  # a case's own, or ours
            await process.stdout.drain()
            # The first chunk is made before the attack starts: a case that builds its frames
            # up front (frame_rate) does so then, not while the honest node is measured on the
            # same machine.
            chunks = script(connections)
            first = next(chunks, None)
            while not (workdir / "go").exists():
                await asyncio.sleep(0.05)
            for chunk in itertools.chain([] if first is None else [first], chunks):
                stream = process.stderr if isinstance(chunk, Stderr) else process.stdout
                stream.write(bytes(chunk))
                await stream.drain()
            await asyncio.sleep(3600)
        except Exception:  # the daemon dropped the node (as it should): this reader is done
            return

    peer._handle = handle  # type: ignore[method-assign]
    peer.start()
    doc = {"port": peer.port, "known_hosts": peer.known_hosts_line, "key": str(peer.client_key)}
    (workdir / "peer.json.tmp").write_text(json.dumps(doc))
    os.replace(workdir / "peer.json.tmp", workdir / "peer.json")
    signal.sigwait({signal.SIGTERM, signal.SIGINT})


# --- the learner's cases: what an unprivileged learner prints into his own session -------------
# Mallory is a learner on the honest node, beside alice: his shell is his, so he can print any
# marker with his session's nonce (it is in his readable index line). Each case gets his login
# (Mallory) once the attack starts and a stop event; it writes into his own session files,
# which the node's real spool reader sends like any other, or it uses his API token. What it
# returns is noted in the outcome (`facts`).

MALLORY = "mallory"
MALLORY_TOKEN = "hostile-harness-mallory-token"
#: A number past int()'s 4,300-digit limit (Python 3.11's default for int <-> str).
BIG = b"9" * 5000
#: An end time in the year 11476: past what datetime can render (it stops at year 9999).
FAR_T = 300000000000.5
#: An end time in the year 2096: within what a marker may carry, 70 years from the grader's.
NEAR_FAR_T = 4000000000.5
#: A marker field's value in an encoded marker that a case swaps for bytes no encoder writes.
SENTINEL = 271828182845
STACK_SHELLS = 12_000  # announced shells, each with a command open (~2 MB)
PS_MARKERS = 350  # prompt markers, each with a distinct ~250 KB ps= list (~87 MB)
PS_BYTES = 250_000
SSE_STREAMS = 1_000
#: sse-flood opens its streams at this rate (4 s for 1,000): the attack is holding them. A burst
#: of 1,000 requests is another one (any request, refused or not, costs the API's loop ~1-3 ms
#: on the 2-core box: /api/nodes waited 3.5 s behind such a burst of refused streams).
SSE_OPENS_PER_S = 250
#: How long alice goes on typing after mallory's bytes are written, until the daemon has read
#: them (ps-memory's ~87 MB take ~11 s at the node's default 8 MB/s budget); and how far from a
#: file's end its stored offset may stay (the prompt after the last D: never a resume point).
DRAIN_S = 30.0
DRAIN_SLACK_BYTES = 1024
DRAIN_LINE = "true"


@dataclass
class Mallory:
    """The attacker: a learner of the honest node with a real session per login (an index line
    with its own random nonce, then script's header) and a learner token for the API."""

    spool: Spool
    api_port: int
    #: how much of its attack a case writes (ps-memory: markers), 1.0 as the issue measured
    scale: float = 1.0
    sessions: list[Shell] = field(default_factory=list)
    #: set by a case that holds what it took (sse-flood's streams) once all of it is held
    holding: threading.Event = field(default_factory=threading.Event)

    #: a last session, begun after the attack, with only an honest `true` (see done)
    drain: Shell | None = None

    def login(self, attack: bool = True) -> Shell:
        i = len(self.sessions) + (not attack) * 100
        sh = Shell(f"20261201T090000-{7000 + i}-{i:08x}", nonce=secrets.token_hex(16), aid=7000 + i)
        self.spool.begin(sh)
        if attack:
            self.sessions.append(sh)
        return sh

    def type(self, sh: Shell, data: bytes) -> None:
        self.spool.append(sh, data)

    def done(self) -> None:
        """Each session ends with an honest `true` (DRAIN_LINE): the daemon has read a session
        to its end once that is stored (HostileRun.drained). Then one more login runs `true`:
        for a session whose own `true` can never be recorded (stack-flood's: its commands stay
        open), the node's stream has gone past it once that one is stored."""
        for sh in self.sessions:
            self.type(sh, sh.command(DRAIN_LINE, ""))
        self.drain = self.login(attack=False)
        self.type(self.drain, self.drain.command(DRAIN_LINE, ""))


def _swap(marker: bytes, old: bytes, new: bytes) -> bytes:
    assert marker.count(old) == 1, (marker, old)
    return marker.replace(old, new)


def huge_aid(m: Mallory, _stop: threading.Event) -> dict[str, object]:
    """Issue 32: a 5,000-digit number in a marker (int() raises); one session per field:
    aid, n and h of a command's start, exit and a ps entry of its end."""
    t = time.time()
    for name in ("aid", "n", "h", "exit", "ps"):
        sh = m.login()
        line = sh.start("echo hi")  # the E C run of a command, as the hooks write it
        e, c = line.split(b"\x1b]133;C;")
        c = b"\x1b]133;C;" + c
        if name in ("aid", "n", "h"):
            value = {"aid": sh.aid, "n": sh.n, "h": sh.hist}[name]
            field_ = f";{name}=".encode()
            m.type(sh, e + _swap(c, field_ + b"%d;" % value, field_ + BIG + b";") + b"hi\r\n")
            continue
        exit_, ps = (SENTINEL, [0]) if name == "exit" else (0, [0, SENTINEL])
        d = markers.encode_d(exit_, sh.aid, sh.n, sh.hist, t, ps, sh.nonce)
        d = _swap(d, b"%d" % SENTINEL, BIG)
        m.type(
            sh, line + b"hi\r\n" + d + markers.encode_p("/tmp") + markers.encode_a(sh.aid, sh.nonce)
        )
    m.done()
    return {"sessions": [sh.session for sh in m.sessions]}


def far_clock(m: Mallory, _stop: threading.Event) -> dict[str, object]:
    """Issue 32: an honest `echo hello` whose end marker says year 11476 (a redefined clock);
    in a second session, one whose end says year 2096: a time a marker may carry, decades from
    the grader's clock."""
    for t in (FAR_T, NEAR_FAR_T):
        sh = m.login()
        m.type(sh, sh.command("echo hello", "hello\r\n", t=t))
    m.done()
    return {"sessions": [sh.session for sh in m.sessions]}


def stack_flood(m: Mallory, _stop: threading.Event) -> dict[str, object]:
    """Issue 32: 12,000 announced shells, each with a command open (~2 MB at once)."""
    sh = m.login()
    t = time.time()
    parts = []
    for k in range(STACK_SHELLS):
        aid = 100_000 + k
        parts.append(
            markers.encode_a(aid, sh.nonce)
            + markers.encode_e("sleep 1000", sh.nonce)
            + markers.encode_c(aid, 1, 1, t, sh.nonce)
        )
    data = b"".join(parts)
    m.type(sh, data)
    m.done()
    return {"sessions": [sh.session], "bytes": len(data)}


def ps_memory(m: Mallory, stop: threading.Event) -> dict[str, object]:
    """Issue 32: 350 prompt markers, each a D P A run with a distinct ~250 KB ps= list."""
    sh = m.login()
    numbers = itertools.count(1_000_000)
    base = b",".join(b"%d" % next(numbers) for _ in range(PS_BYTES // 8))  # 7 digits and a comma
    written = 0
    for j in range(max(1, round(PS_MARKERS * m.scale))):
        if stop.is_set():
            break
        d = markers.encode_d(0, sh.aid, sh.n, sh.hist, time.time(), [SENTINEL], sh.nonce)
        d = _swap(d, b"ps=%d" % SENTINEL, b"ps=%d," % j + base)  # distinct: its first entry
        run = d + markers.encode_p("/home/mallory") + markers.encode_a(sh.aid, sh.nonce) + b"$ "
        m.type(sh, run)
        written += len(run)
    m.done()
    return {"sessions": [sh.session], "bytes": written}


def sse_flood(m: Mallory, stop: threading.Event) -> dict[str, object]:
    """Issue 32: 1,000 concurrent SSE streams on one learner token, held until the attack ends;
    what each was answered (the status line), and one refusal's text."""
    request = (
        "GET /api/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {MALLORY_TOKEN}\r\nAccept: text/event-stream\r\n\r\n"
    ).encode()
    socks: list[socket.socket] = []
    statuses: dict[str, int] = {}
    refused = ""
    try:
        start = time.monotonic()
        for i in range(SSE_STREAMS):
            s = socket.create_connection(("127.0.0.1", m.api_port), timeout=10)
            socks.append(s)
            s.sendall(request)
            time.sleep(max(0.0, start + (i + 1) / SSE_OPENS_PER_S - time.monotonic()))
        for s in socks:
            try:
                head = s.recv(4096)
            except OSError as exc:
                status = type(exc).__name__
            else:
                status = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/") else "none"
                if status == "429" and not refused:
                    refused = head.decode(errors="replace")
            statuses[status] = statuses.get(status, 0) + 1
        m.holding.set()
        stop.wait()
    finally:
        for s in socks:
            s.close()
    return {"sse": statuses, "sse_refusal": refused}


LEARNER_CASES: dict[str, Callable[[Mallory, threading.Event], dict[str, object]]] = {
    "huge-aid": huge_aid,
    "far-clock": far_clock,
    "stack-flood": stack_flood,
    "ps-memory": ps_memory,
    "sse-flood": sse_flood,
}


# --- the run, seen from outside --------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)  # s, command written -> in the database
    api: list[float] = field(default_factory=list)  # s, /api/nodes answered (200 only)
    health: list[float] = field(default_factory=list)  # s, /healthz answered (200 only)
    api_failures: list[str] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)


@dataclass
class Outcome:
    case: str
    plain: Phase
    attack: Phase
    exit_code: int | None
    log: str
    crafted_connections: int
    states: dict[str, str]
    #: every API route after the attack (then again after a reset of mallory's lab, `reset:`
    #: first): its status, or for a stream whether it delivered every stored event
    routes: dict[str, str] = field(default_factory=dict)
    #: the audit's suspicious entries (anomalies), whoever they name
    anomalies: list[AuditEntry] = field(default_factory=list)
    facts: dict[str, object] = field(default_factory=dict)  # what the learner case noted
    #: the start and end times of mallory's stored commands
    mallory_times: list[tuple[float | None, float | None]] = field(default_factory=list)
    attack_s: float = 0.0  # from the attack's start to the routes' check after it

    def anomalies_of(self, learner: str) -> list[AuditEntry]:
        return [a for a in self.anomalies if a.learner == learner]

    @property
    def failed_routes(self) -> dict[str, str]:
        return {route: got for route, got in self.routes.items() if not got.startswith(("2", "4"))}

    @property
    def log_lines(self) -> list[str]:
        return self.log.splitlines()

    def summary(self) -> dict[str, object]:
        p, a = self.plain, self.attack
        return {
            "case": self.case,
            "plain_p50_ms": round(1000 * statistics.median(p.latencies), 1),
            "plain_p99_ms": round(1000 * percentile(p.latencies, 0.99), 1),
            "attack_p50_ms": round(1000 * statistics.median(a.latencies), 1),
            "attack_p99_ms": round(1000 * percentile(a.latencies, 0.99), 1),
            "p99_ratio": round(percentile(a.latencies, 0.99) / percentile(p.latencies, 0.99), 2),
            "rss_plain_mib": round(max(p.rss_mib), 1),
            "rss_attack_mib": round(max(a.rss_mib), 1),
            "api_plain_p99_ms": round(1000 * percentile(p.api, 0.99), 1) if p.api else None,
            "api_attack_p99_ms": round(1000 * percentile(a.api, 0.99), 1) if a.api else None,
            "api_attack_p50_ms": round(1000 * statistics.median(a.api), 1) if a.api else None,
            "api_attack_max_ms": round(1000 * max(a.api), 1) if a.api else None,
            "health_attack_p50_ms": (
                round(1000 * statistics.median(a.health), 1) if a.health else None
            ),
            "health_attack_max_ms": round(1000 * max(a.health), 1) if a.health else None,
            "api_failures": len(a.api_failures),
            "attack_max_ms": round(1000 * max(a.latencies), 1),
            "failed_routes": len(self.failed_routes),
            "anomalies_mallory": len(self.anomalies_of(MALLORY)),
            "anomaly_kinds": sorted({a.kind for a in self.anomalies_of(MALLORY)}),
            **({"sse": self.facts["sse"]} if "sse" in self.facts else {}),
            "log_kib": round(len(self.log.encode()) / 1024, 1),
            "crafted_connections": self.crafted_connections,
            "exit_code": self.exit_code,
        }


class HostileRun:
    """One `grader run` watching the honest node and, for a case of CASES, a crafted node
    serving it; for a case of LEARNER_CASES, mallory is a second learner of the honest node."""

    def __init__(self, tmp: Path, case: str, scale: float = 1.0, **daemon: object) -> None:
        if case not in CASES and case not in LEARNER_CASES:
            known = ", ".join([*CASES, *LEARNER_CASES])
            raise ValueError(f"unknown case {case!r}; cases: {known}")
        self.tmp, self.case = tmp, case
        self.learner_case = LEARNER_CASES.get(case)
        self.crafted_dir = tmp / "crafted"
        self.crafted_dir.mkdir(parents=True)
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.crafted: subprocess.Popen[bytes] | None = None
        if self.learner_case is None:
            self.crafted = subprocess.Popen(
                [sys.executable, "-m", "tests.daemon.hostile", "serve", case, str(tmp / "crafted")],
                cwd=REPO,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=(tmp / "crafted.log").open("ab"),
            )  # fmt: skip
        self.honest = SshPeer(tmp / "honest-peer").start()
        self.spool = Spool(tmp / "honest")
        self.shell = Shell("20261201T080000-4242-9f3a01bc")
        self.spool.begin(self.shell)
        self.api_port = _free_port()
        tokens: dict[str, object] = {"operator": [OPERATOR_TOKEN]}
        api: dict[str, object] = {
            "enabled": True,
            "host": "127.0.0.1",
            "port": self.api_port,
            "tokens": tokens,
        }
        learners = {LEARNER: [LAB_ID]}
        if self.learner_case is not None:
            learners[MALLORY] = [LAB_ID]
            tokens["learners"] = {MALLORY: MALLORY_TOKEN}
            # The per-token request rate is another limit: wide here, so what refuses mallory's
            # streams is the cap on streams (sse-flood opens 1,000 in a few seconds).
            api["rate_limits"] = {"per_token": "100000/minute"}
        settings: dict[str, Any] = dict(daemon)  # grader.yaml's daemon section
        cfg_path = write_config(
            tmp, self.honest, self.spool.root, db=f"sqlite:///{tmp / 'grader.db'}", api=api,
            learners=learners, lease_ttl_s=10, **settings,
        )  # fmt: skip
        if self.crafted is not None:
            self._add_crafted_node(cfg_path)
        self.log_path = tmp / "daemon.log"
        self.daemon = subprocess.Popen(
            [sys.executable, "-m", "grader.cli", "run", "--config", str(cfg_path)],
            cwd=tmp,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log_path.open("ab"),
        )
        self.store = Store.open(f"sqlite:///{tmp / 'grader.db'}")
        self.typed = 0
        self.mallory = Mallory(Spool(tmp / "honest", MALLORY), self.api_port, scale)
        self._stop_attack = threading.Event()
        self._attack_thread: threading.Thread | None = None
        self.facts: dict[str, object] = {}

    def _add_crafted_node(self, cfg_path: Path) -> None:
        """node-2 in the config: the crafted node, once its process says where it listens."""
        assert self.crafted is not None
        peer_json = self.crafted_dir / "peer.json"
        deadline = time.monotonic() + 30
        while not peer_json.exists():
            if self.crafted.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the crafted node did not start: " + self._crafted_log())
            time.sleep(0.05)
        crafted = json.loads(peer_json.read_text())
        cfg = json.loads(cfg_path.read_text())
        honest_node = cfg["nodes"][0]
        cfg["nodes"].append(
            dict(
                honest_node,
                id="node-2",
                port=crafted["port"],
                key=crafted["key"],
                known_hosts=[crafted["known_hosts"]],
                learners={"mallory": honest_node["learners"][LEARNER]},
                spool_root="/var/lib/labgrader",
            )
        )
        cfg_path.write_text(json.dumps(cfg, indent=2))

    def _crafted_log(self) -> str:
        return (self.tmp / "crafted.log").read_text(errors="replace")[-2000:]

    @property
    def crafted_connections(self) -> int:
        path = self.crafted_dir / "connections"
        return int(path.read_text() or 0) if path.exists() else 0

    def type_commands(self, phase: Phase, n: int, every_s: float, timeout_s: float) -> None:
        """Alice types `echo hello` n times; each one's latency until it is in the database.
        A command not stored within timeout_s is an AssertionError (the honest node frozen)."""
        for _ in range(n):
            t0 = time.monotonic()
            self.spool.append(self.shell, self.shell.command("echo hello", "hello\r\n"))
            self.typed += 1
            while len(self.store.command_records(LEARNER)) < self.typed:
                waited = time.monotonic() - t0
                assert waited < timeout_s, (
                    f"{self.case}: alice's command {self.typed} not stored after {waited:.1f} s"
                )
                time.sleep(0.002)
            phase.latencies.append(time.monotonic() - t0)
            phase.rss_mib.append(_rss_mib(self.daemon.pid))
            time.sleep(every_s)

    @contextlib.contextmanager
    def sampling_api(self, phase: Phase, every_s: float = 0.2) -> Iterator[None]:
        """/api/nodes and /healthz polled in a thread while the block runs; answers and
        failures noted."""
        done = threading.Event()

        def poll() -> None:
            headers = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
            base = f"http://127.0.0.1:{self.api_port}"
            with httpx.Client(timeout=10) as client:
                while not done.is_set():
                    for path, answers in (("/api/nodes", phase.api), ("/healthz", phase.health)):
                        t0 = time.monotonic()
                        try:
                            status = client.get(base + path, headers=headers).status_code
                        except httpx.HTTPError as exc:
                            phase.api_failures.append(f"{path}: {type(exc).__name__}")
                        else:
                            if status == 200:
                                answers.append(time.monotonic() - t0)
                            else:
                                phase.api_failures.append(f"{path}: HTTP {status}")
                    with contextlib.suppress(OSError, RuntimeError):
                        phase.rss_mib.append(_rss_mib(self.daemon.pid))
                    done.wait(every_s)

        thread = threading.Thread(target=poll, daemon=True)
        thread.start()
        try:
            yield
        finally:
            done.set()
            thread.join(15)

    def attack(self) -> None:
        if self.learner_case is None:
            (self.crafted_dir / "go").write_text("")
            return
        case = self.learner_case

        def run() -> None:
            self.facts.update(case(self.mallory, self._stop_attack))

        self._attack_thread = threading.Thread(target=run, name=self.case, daemon=True)
        self._attack_thread.start()

    @property
    def attacking(self) -> bool:
        """A learner case's attack is still being written (or held: sse-flood's streams)."""
        thread = self._attack_thread
        return thread is not None and thread.is_alive()

    def end_attack(self) -> None:
        """Stop a learner case (sse-flood closes its streams) and wait for it."""
        self._stop_attack.set()
        if self._attack_thread is not None:
            self._attack_thread.join(60)

    def drained(self) -> bool:
        """The daemon has read each of mallory's attack sessions to its end: its last command
        (Mallory.done) is stored; or its stored offset is within DRAIN_SLACK_BYTES of the
        file's size (a quarantined session's bytes are skipped, its offset moved past them);
        or an anomaly names it and the last login's `true` is stored."""
        m = self.mallory
        offsets = self.store.offsets(NODE_ID)
        ended = {r.session for r in self.store.command_records(MALLORY) if r.line == DRAIN_LINE}
        named = {str(a.detail.get("session")) for a in self.anomalies() if a.learner == MALLORY}
        after = m.drain is not None and m.drain.session in ended
        for sh in m.sessions:
            path = f"{MALLORY}/{sh.session}.ts"
            size = (m.spool.dir / f"{sh.session}.ts").stat().st_size
            read = offsets.get(path, 0) >= size - DRAIN_SLACK_BYTES
            if not (sh.session in ended or read or (after and sh.session in named)):
                return False
        return True

    def routes(self) -> dict[str, str]:
        """Every API route, with the operator's token and with mallory's where he has one: the
        status, and for the event stream whether it delivered every event stored so far."""
        who = {"operator": OPERATOR_TOKEN}
        if self.learner_case is not None:
            who["mallory"] = MALLORY_TOKEN
        paths = [
            "/healthz", "/metrics", "/api/labs", "/api/nodes", "/api/learners",
            "/api/export.csv", "/api/announcements", "/api/events?after=0",
            f"/api/learners/{LEARNER}/progress", f"/api/learners/{MALLORY}/progress",
            "/api/dashboard/whoami", f"/api/dashboard/grid?lab={LAB_ID}",
            "/api/dashboard/downgrades", f"/api/dashboard/labs/{LAB_ID}",
            f"/api/dashboard/checklist/{LEARNER}?lab={LAB_ID}",
            f"/api/dashboard/checklist/{MALLORY}?lab={LAB_ID}",
        ]  # fmt: skip
        out = {}
        # A connection per request: a 500 may close one, and the next route must not fail for it.
        fresh = httpx.Limits(max_keepalive_connections=0)
        base = f"http://127.0.0.1:{self.api_port}"
        with httpx.Client(base_url=base, timeout=10, limits=fresh) as client:
            for name, token in who.items():
                headers = {"Authorization": f"Bearer {token}"}
                for path in paths:
                    try:
                        got = str(client.get(path, headers=headers).status_code)
                    except httpx.HTTPError as exc:
                        got = type(exc).__name__
                    out[f"{name} {path}"] = got
                out[f"{name} /api/events/stream?after=0"] = self._stream(client, headers)
        return out

    def _stream(self, client: httpx.Client, headers: dict[str, str]) -> str:
        """The SSE stream from 0: "200" once it has sent every event this token may see (the
        JSON poll's last seq), else what went wrong."""
        try:
            seqs = [e["seq"] for e in client.get("/api/events?after=0", headers=headers).json()]
        except (httpx.HTTPError, ValueError, TypeError, KeyError) as exc:
            seqs = []
            polled = f" (the poll failed too: {type(exc).__name__})"
        else:
            polled = ""
        last = max(seqs, default=0)
        seen = 0
        try:
            with client.stream(
                "GET", "/api/events/stream?after=0", headers=headers, timeout=5
            ) as response:
                if response.status_code != 200:
                    return str(response.status_code)
                if not last and not polled:
                    return "200"
                for line in response.iter_lines():
                    if line.startswith("id:"):
                        seen = int(line[3:])
                        if seen >= last:
                            return "200" + polled
        except httpx.HTTPError as exc:
            return f"stream broke after seq {seen} of {last}: {type(exc).__name__}{polled}"
        return f"stream ended after seq {seen} of {last}{polled}"

    def reset_mallory(self) -> str:
        """An operator starts mallory's lab over (his stored values stay in the event log)."""
        with httpx.Client(timeout=10) as client:
            response = client.post(
                f"http://127.0.0.1:{self.api_port}/api/learners/{MALLORY}/labs/{LAB_ID}/reset",
                headers={"Authorization": f"Bearer {OPERATOR_TOKEN}"},
                json={"reason": "the hostile harness starts mallory over"},
            )
        return str(response.status_code)

    def anomalies(self) -> list[AuditEntry]:
        found, after = [], 0
        while batch := self.store.audit(after):
            found += [a for a in batch if a.suspicious]
            after = batch[-1].seq
        return found

    def stop(self) -> int | None:
        """SIGTERM the daemon; its exit status (None if it did not stop within 20 s)."""
        self.daemon.send_signal(signal.SIGTERM)
        try:
            return self.daemon.wait(20)
        except subprocess.TimeoutExpired:
            self.daemon.kill()
            self.daemon.wait(10)
            return None

    def close(self) -> None:
        self.end_attack()
        if self.daemon.poll() is None:
            self.daemon.kill()
            self.daemon.wait(10)
        if self.crafted is not None:
            self.crafted.terminate()
            try:
                self.crafted.wait(10)
            except subprocess.TimeoutExpired:
                self.crafted.kill()
        self.honest.close()

    def states(self) -> dict[str, str]:
        return {p.step: p.state for p in self.store.progress(LEARNER, "daemon-demo")}


@contextlib.contextmanager
def harness_gc_paused() -> Iterator[None]:
    """No collection in this process while latencies are measured: a full collection of the
    harness's own heap took 45-70 ms and landed inside one of alice's store polls, the command
    flood's "p99" then being the harness's pause, not the daemon's (seen with gc.callbacks: the
    daemon's loop never stalled and its commit was in 3 ms). The daemon collects as it always
    does; what is measured is its latency."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def run_case(
    tmp: Path, case: str, commands: int = 20, every_s: float = 0.1, timeout_s: float = 10.0,
    settle_s: float = 1.0, scale: float = 1.0, **daemon: object,
) -> Outcome:  # fmt: skip
    """Plain phase (crafted node connected and quiet; or mallory idle), then the attack, then
    every API route (for a learner case: again after a reset of mallory's lab), then SIGTERM.

    A learner case's attack phase starts with its first bytes (alice's commands are measured
    throughout, no settling), lasts at least `commands` commands, until its writing is done and
    the daemon has read it (HostileRun.drained, at most DRAIN_S more) or, for one that holds
    something, until all of it is held; then the attack ends and alice types twice more."""
    run = HostileRun(tmp, case, scale, **daemon)
    try:
        plain, attack = Phase(), Phase()
        deadline = time.monotonic() + 30
        while run.crafted is not None and run.crafted_connections < 1:
            assert time.monotonic() < deadline, "the daemon never connected to the crafted node"
            time.sleep(0.05)
        run.type_commands(Phase(), 1, 0, 30)  # the honest node is streaming: warmed up
        with harness_gc_paused(), run.sampling_api(plain):
            run.type_commands(plain, commands, every_s, timeout_s)
        run.attack()
        attack_began = time.monotonic()
        if run.learner_case is None:
            time.sleep(settle_s)  # the attack is under way
        with harness_gc_paused(), run.sampling_api(attack):
            run.type_commands(attack, commands, every_s, timeout_s)
            while run.attacking and not run.mallory.holding.is_set():
                run.type_commands(attack, 1, every_s, timeout_s)
            drain_until = time.monotonic() + DRAIN_S
            while not run.drained() and time.monotonic() < drain_until:
                run.type_commands(attack, 1, every_s, timeout_s)
            if run.learner_case is not None:
                run.end_attack()
                run.type_commands(attack, 2, every_s, timeout_s)  # after it: what it left
        attack_s = time.monotonic() - attack_began
        routes = run.routes()
        if run.learner_case is not None:
            routes["operator POST reset"] = run.reset_mallory()
            routes.update({f"reset: {k}": v for k, v in run.routes().items()})
        states = run.states()
        anomalies = run.anomalies()
        times = [(r.t0, r.t1) for r in run.store.command_records(MALLORY)]
        exit_code = run.stop()
        log = run.log_path.read_text(errors="replace")
        return Outcome(
            case, plain, attack, exit_code, log, run.crafted_connections, states, routes,
            anomalies, run.facts, times, attack_s,
        )  # fmt: skip
    finally:
        run.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.daemon.hostile", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("serve", help="be the crafted node (the harness starts this)")
    s.add_argument("case", choices=sorted(CASES))
    s.add_argument("workdir", type=Path)
    b = sub.add_parser("bench", help="run cases, print one JSON line of figures per case")
    b.add_argument("cases", nargs="*", choices=[[], *sorted([*CASES, *LEARNER_CASES])], default=[])
    b.add_argument("--commands", type=int, default=50, help="alice's commands per phase")
    b.add_argument("--out", type=Path, help="also write the figures here (JSON lines)")
    args = parser.parse_args(argv)
    if args.what == "serve":
        serve(args.case, args.workdir)
        return 0
    import tempfile

    rows = []
    for case in args.cases or [*CASES, *LEARNER_CASES]:
        with tempfile.TemporaryDirectory(prefix=f"hostile-{case}-") as tmp:
            try:
                row = run_case(Path(tmp), case, commands=args.commands).summary()
            except AssertionError as exc:  # alice's command not stored in time: the figure
                row = {"case": case, "failed": str(exc).splitlines()[0]}
        print(json.dumps(row), flush=True)
        rows.append(row)
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
