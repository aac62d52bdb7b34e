"""Simulated nodes at scale: many SSH servers in one process, each replaying a real session.

Why not containers: 1,000 real nodes do not fit on a 2-core machine. Each simulated node is an
asyncssh server on its own loopback port with its own spool directory. What the grader talks to
is real SSH (key exchange, pinned host key, public-key auth, channels, SFTP), and the bytes it
streams are a real capture-shell recording (recording.py) appended to real files with the
recording's pacing.

What each node serves (the node-side interface the daemon expects, docs/daemon.md):
- `command -v python3` answers "present", so the daemon takes its streaming path.
- `exec python3 -c <bootstrap>`: the daemon sends grader/node/files/spool_reader.py on stdin; the
  farm checks that the bytes are exactly that file, reads the start line and then runs THAT
  MODULE's own `list_files`/`pump`/`write_frame` in-process instead of a python3 subprocess per
  node (1,000 interpreters would not fit in memory or CPU here). The real reader sleeps on
  inotify and stats its files when one changes (its POLL_S stat loop is only the fallback for
  nodes without inotify); the simulated one wakes only when the real one would SEND: when a D
  marker or HOLD_BYTES were appended, and when the oldest unsent byte is HOLD_S old. At such a
  moment it first replays the read the real loop made when the first unsent byte was appended
  (the module's own `pump` with that time as `now`, so the held bytes carry the real loop's
  `held_since`), then runs `pump` with the present time, which decides what is due exactly as on
  a node. A keystroke echo therefore costs no wake-up here, while the frames (their bytes and the
  moment they leave) are the real loop's; the farm is an instrument on the grader's two cores,
  and its own CPU is latency the grader would not see on real nodes. `ReadSchedule` can also
  model the polling reader (a per-node POLL_S grid), for nodes without inotify.
  Heartbeats every HEARTBEAT_S when idle, and back-to-back passes while a file has more to send,
  as the real loop does.
- Progress documents the daemon sends on the reader's stdin (one JSON line each) are split by
  the module's own `InputLines` and written by its own `progress_line`/`write_progress` (temp
  file, fchmod, rename into <root>/progress/<learner>/), its answers framed back as the real
  reader's are: the bench measures the production path.
- SFTP (asyncssh's SFTPServer over the real directory): the attestation key read, and progress
  writes where the daemon has no reader.
- The poller baseline's check (poller.py CHECK_COMMAND) is a `grep` over the spool; it is
  evaluated in-process with the same regular expression (a fork per check would bill the poller's
  node-side cost to this machine's two cores, which the real poller would not pay).

Control: JSON lines on stdin ({"cmd": "go", ...}), JSON lines on stdout ("ready", "done").
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import io
import json
import math
import os
import random
import re
import shlex
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from grader.bench.recording import Recording, load
from grader.daemon import reader_script
from grader.node import node_module

# Markers whose t= the replay rewrites to the append time (the shell writes EPOCHREALTIME then).
_TIMED_MARKER = re.compile(rb"(\x1b\]133;[CD];[^\x07]*?;t=)([0-9.]+)")
_END_N = re.compile(rb"\x1b\]133;D;[^\x07]*?;n=([0-9]+)")  # a command's end, and its number
# Chunks closer together than this are appended as one write, at the first one's time: it halves
# the farm's wake-ups at 1,000 nodes, and the latency is still measured from the write (each
# append stamps its C/D markers' t=), however the reader wakes.
COALESCE_S = 0.02
# A 100 MB `cat` is appended in writes of this size, as fast as the disk takes them (a real
# terminal's `script` writes pty reads of a few KiB; bigger writes only make the test harsher).
CAT_WRITE = 1024 * 1024
LEARNER_FMT = "l{:04d}"
USER = "labgrader"
# The poller's check: one line per finished command (exit, aid, n, h, t). See poller.py.
CHECK_PATTERN = r"\]133;D;[0-9]*;aid=[0-9]+;n=[0-9]+;h=[0-9]*;t=[0-9.]+"


SR = node_module("spool_reader.py")  # the very file the daemon ships


def chunks(rec: Recording, speed: float) -> list[tuple[float, int, int]]:
    """(time, start, end) appends; boundaries moved past any marker they would split."""
    out: list[tuple[float, int, int]] = []
    start = 0
    data = rec.data
    for t, size in rec.timeline:
        end = size
        esc = data.rfind(b"\x1b]", start, end)
        if esc >= 0 and data.find(b"\x07", esc, end) < 0:
            bel = data.find(b"\x07", end)
            end = len(data) if bel < 0 else bel + 1
        if end <= start:
            continue
        t = t / speed
        if out and t - out[-1][0] < COALESCE_S:
            out[-1] = (out[-1][0], out[-1][1], end)
        else:
            out.append((t, start, end))
        start = end
    if start < len(data):
        out.append((rec.timeline[-1][0] / speed, start, len(data)))
    return out


@dataclass
class SimNode:
    index: int
    root: Path
    rec: Recording
    learner: str = ""
    session: str = ""
    nonce: str = ""
    readers: list[SimReader] = field(default_factory=list)
    appended_commands: int = 0
    # A command's D marker appended and not yet sent, (its n, when): the node's own share of
    # the verification latency ends when a reader has written it to the channel.
    end_appended: tuple[int, float] | None = None
    node_side: list[tuple[int, float]] = field(default_factory=list)  # (n, seconds)
    fd: int = -1  # the session file, open from begin() on

    def __post_init__(self) -> None:
        self.learner = LEARNER_FMT.format(self.index)
        digest = hashlib.sha256(f"bench-node-{self.index}".encode()).hexdigest()
        self.nonce = digest[:32]
        self.session = f"bench-{self.index:04d}-{digest[32:40]}"
        self.dir = self.root / "spool" / self.learner
        self.dir.mkdir(parents=True, exist_ok=True)
        # As install-capture.sh does: the daemon writes progress/<learner>/progress.json there.
        # Without it every progress write fails and is retried, and that dominates the grader's
        # CPU (measured).
        (self.root / "progress" / self.learner).mkdir(parents=True, exist_ok=True)
        self.ts = self.dir / f"{self.session}.ts"

    def begin(self) -> None:
        # One descriptor kept open for the session, as `script` keeps its typescript open.
        self.fd = os.open(self.ts, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        entry = {
            **self.rec.index,
            "session": self.session,
            "user": self.learner,
            "nonce": self.nonce,
            "file": self.ts.name,
            "start": time.time(),
        }
        with (self.dir / "sessions.jsonl").open("ab") as fh:
            fh.write(json.dumps(entry).encode() + b"\n")
        for r in self.readers:
            r.wake(rescan=True)

    def append(self, data: bytes) -> None:
        end = None
        phase = False
        if b"\x1b]" in data:  # markers: never split across appends (chunks()), so only here
            now = f"{time.time():.6f}".encode()
            data = data.replace(self.rec.nonce.encode(), self.nonce.encode())
            data = _TIMED_MARKER.sub(lambda m: m[1] + now, data)
            end = _END_N.search(data)
            phase = SR.PROMPT_MARKER in data or SR.START_MARKER in data
        if phase:
            for r in self.readers:
                r.before_phase()
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view) :]
        if end is not None and self.end_appended is None:
            self.end_appended = (int(end[1]), time.time())
        for r in self.readers:
            r.appended(len(data), end is not None, phase)

    def sent(self, now: float) -> None:
        """A reader wrote what it read to its channel: a D appended before is on its way."""
        if self.end_appended is not None:
            n, at = self.end_appended
            self.node_side.append((n, now - at))
            self.end_appended = None

    def check(self, pattern: str) -> bytes:
        """The poller's grep, in-process: matches of `pattern` in this node's .ts files."""
        rx = re.compile(pattern.encode())
        out = bytearray()
        for ts in sorted(self.dir.glob("*.ts")):
            for m in rx.finditer(ts.read_bytes()):
                out += m[0] + b"\n"
        return bytes(out)


# A hold is due when `now - held_since >= hold` in the reader's float arithmetic; on the polling
# grid the sum `held_since + hold` can land a hair past the tick where that holds. Waking this
# much early finds that tick; a pass that finds nothing due yet tries the next one. (The inotify
# reader wakes at the sum itself, its select timeout, as the model does.)
_FLOAT_SLACK = 1e-6


class ReadSchedule:
    """When a simulated reader must run the real reader's `pump` (no I/O).

    The real loop reads whenever it wakes, but a pass sends only when `pump` finds something
    due: a D marker, HOLD_BYTES held, or a byte HOLD_S old. When those passes happen follows
    from the appends alone, so the farm wakes only there, and first replays the one read that
    set `held_since` (the first unsent append's). With `poll_s=None` the reader is the inotify
    one, which reads at each append; with a period it is the polling fallback, which reads at
    the ticks phase + k * poll_s. tests/bench/test_farm_schedule.py runs both on a virtual clock
    against `pump` called as the real loop calls it and compares the frames.
    """

    def __init__(self, phase: float, poll_s: float | None = SR.POLL_S):
        self.phase = phase
        self.poll_s = poll_s
        self.unread = 0  # bytes appended since the last read
        self.unread_tick: float | None = None  # when the real loop first read them

    def tick_after(self, t: float) -> float:
        """When the real loop reads what is appended at t: at once on inotify, else the first
        tick of its grid at or after t (phase + k * poll_s, the same float for the same k however
        it is reached). Compared as floats, not rounded: an append a hair after a tick is read at
        the next one by the real loop, and one exactly at a tick at it."""
        step = self.poll_s
        if step is None:
            return t
        k = math.ceil((t - self.phase) / step)
        while k > 0 and self.phase + (k - 1) * step >= t:  # the division rounded up
            k -= 1
        while self.phase + k * step < t:  # ... or down
            k += 1
        return self.phase + k * step

    def appended(self, now: float, size: int, ends: bool, held: int, phase: bool = False) -> bool:
        """The session file grew at `now`; True when the real loop's read of it must run then:
        it sends (a D marker, or HOLD_BYTES unsent), or it changes the hold (`phase`: a prompt
        or command-start marker, Follower.note_phase); else the oldest byte's hold is in
        deadline()."""
        if self.unread_tick is None:
            self.unread_tick = self.tick_after(now)
        self.unread += size
        return ends or phase or held + self.unread >= SR.HOLD_BYTES

    def read_before(self, now: float) -> float | None:
        """A marker that changes the hold is appended at `now`: the real loop read what came
        before it at an earlier tick, before the marker was in the file. That read's time, to
        replay before the marker is written (None when the marker's own read takes it). Exact
        for the inotify reader (a read at every append), which the bench runs; on the polling
        grid the replayed read would also see what was appended after its tick, so that model
        covers sessions without these markers only (tests/bench/test_farm_schedule.py)."""
        if self.unread_tick is None or self.unread_tick >= self.tick_after(now):
            return None
        return self.catch_up(now)

    def catch_up(self, now: float) -> float | None:
        """The past read (its time) still to be replayed; then the bytes count as read."""
        if self.unread_tick is None or self.unread_tick > now:
            return None
        then, self.unread_tick, self.unread = self.unread_tick, None, 0
        return then

    def deadline(self, followers: Iterable[Any], idle_until: float) -> float:
        """When the next send is due with no further append: a held byte's hold, an unread
        byte's HOLD_S (the shorter hold: its read, then, tells which applies), or `idle_until`
        (the heartbeat)."""
        slack = 0.0 if self.poll_s is None else _FLOAT_SLACK
        deadline = idle_until
        for f in followers:
            if f.held:
                deadline = min(deadline, f.held_since + f.hold_s() - slack)
        if self.unread_tick is not None:
            deadline = min(deadline, self.unread_tick + SR.HOLD_S - slack)
        return deadline


class SimReader:
    """spool_reader.py's loop for one channel, event-driven (see the module docstring)."""

    def __init__(self, node: SimNode, process: asyncssh.SSHServerProcess, start: dict):
        self.node = node
        self.process = process
        self.root = start["root"]
        self.spool = os.path.join(self.root, "spool")
        self.failed: set[str] = set()  # the real reader's `failed`: learners whose write failed
        self.followers = {rel: SR.Follower(int(off)) for rel, off in start["offsets"].items()}
        self.files: list[str] = []
        self.event = asyncio.Event()
        self.due = False  # the tick after the wake-up sends (else only the deadline moved)
        self.rescan = True
        self.schedule = ReadSchedule(0.0, poll_s=None)  # the inotify reader (the module's own)

    def wake(self, rescan: bool = False) -> None:
        self.rescan = self.rescan or rescan
        self.due = True
        self.event.set()

    def before_phase(self) -> None:
        """The read the real loop made before a prompt or command-start marker was appended
        (ReadSchedule.read_before), replayed now, while the file does not hold it yet."""
        then = self.schedule.read_before(time.time())
        if then is None:
            return
        out = io.BytesIO()
        for rel in self.files:
            f = self.followers.get(rel)
            if f is None:
                f = self.followers[rel] = SR.Follower(0)
            SR.pump(out, self.spool, rel, f, then)
        if out.tell():
            self.process.stdout.write(out.getvalue())

    def appended(self, size: int, ends: bool, phase: bool) -> None:
        held = sum(len(f.held) for f in self.followers.values())
        first = self.schedule.unread_tick is None and not held
        if self.schedule.appended(time.time(), size, ends, held, phase):
            self.due = True
            self.event.set()
        elif first:  # the first unsent byte: its HOLD_S is now the deadline
            self.event.set()

    def input(self, lines: list) -> None:
        """Progress lines from the daemon, handled as the real reader's main loop does."""
        out = io.BytesIO()
        for line in lines:
            SR.progress_line(out, self.root, line, self.failed)
        if out.tell():
            self.process.stdout.write(out.getvalue())

    async def run(self) -> None:
        out = io.BytesIO()
        hello = {"v": 1, "pid": os.getpid(), "python": "bench-farm", "wake": "inotify"}
        SR.write_frame(out, SR.KIND_HELLO, "", 0, json.dumps(hello).encode())
        last_sent = time.time()
        while True:
            if self.rescan:
                self.rescan = False
                self.files = [os.path.relpath(p, self.spool) for p in SR.list_files(self.spool)]
            sent = False
            now = time.time()
            then = self.schedule.catch_up(now)
            for t in (now,) if then is None else (then, now):
                for rel in self.files:
                    f = self.followers.get(rel)
                    if f is None:
                        f = self.followers[rel] = SR.Follower(0)
                    sent = SR.pump(out, self.spool, rel, f, t) or sent
            if sent:
                last_sent = now
            elif now - last_sent >= SR.HEARTBEAT_S:
                SR.write_frame(out, SR.KIND_HEARTBEAT, "", 0, json.dumps({"t": now}).encode())
                last_sent = now
            if out.tell():
                self.process.stdout.write(out.getvalue())
                out.seek(0)
                out.truncate()
                await self.process.stdout.drain()
            if sent:
                self.node.sent(time.time())
                await asyncio.sleep(0)
                continue
            # Sleep until an append that sends, the oldest unsent byte's HOLD_S, or the next
            # heartbeat ...
            self.event.clear()
            self.due = False
            while not self.due:
                deadline = self.schedule.deadline(
                    self.followers.values(), last_sent + SR.HEARTBEAT_S
                )
                try:
                    async with asyncio.timeout(max(0.0, deadline - time.time())):
                        await self.event.wait()
                except TimeoutError:
                    break
                self.event.clear()
            # ... then to when the real loop would send it (now, on inotify).
            await asyncio.sleep(max(0.0, self.schedule.tick_after(time.time()) - time.time()))


class Farm:
    def __init__(self, workdir: Path, nodes: int, speed: float):
        self.workdir = workdir
        self.rec = load()
        self.plan = chunks(self.rec, speed)
        self.speed = speed
        self.nodes = [SimNode(i, workdir / "nodes" / f"n{i:04d}", self.rec) for i in range(nodes)]
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        client = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key = workdir / "client_key"
        client.write_private_key(str(self.client_key))
        os.chmod(self.client_key, 0o600)
        self.authorized = asyncssh.import_authorized_keys(client.export_public_key().decode())
        self.ports: list[int] = []
        self.servers: list[asyncssh.SSHAcceptor] = []
        self.expected_reader = reader_script()

    async def listen(self) -> None:
        for node in self.nodes:
            server = await asyncssh.create_server(
                asyncssh.SSHServer,
                "127.0.0.1",
                0,
                server_host_keys=[self.host_key],
                authorized_client_keys=self.authorized,
                process_factory=lambda p, node=node: self.handle(node, p),
                sftp_factory=True,
                encoding=None,
                allow_scp=False,
            )
            self.servers.append(server)
            self.ports.append(server.sockets[0].getsockname()[1])

    async def handle(self, node: SimNode, process: asyncssh.SSHServerProcess) -> None:
        command = process.command or ""
        try:
            if command == "command -v python3":
                process.stdout.write(b"/usr/bin/python3\n")
                process.exit(0)
            elif command.startswith("exec python3 -c "):
                await self._reader(node, process, command)
            elif command.startswith("grep "):
                argv = shlex.split(command)
                process.stdout.write(node.check(argv[argv.index("-E") + 1]))
                process.exit(0)
            else:
                process.stderr.write(f"bench farm: {command.split()[:1]}: not found\n".encode())
                process.exit(127)
        except (asyncssh.Error, OSError, asyncio.IncompleteReadError):
            process.exit(1)

    async def _reader(self, node: SimNode, process: asyncssh.SSHServerProcess, command: str):
        m = re.search(r"_n=(\d+)", command)
        size = int(m[1]) if m else -1
        script = await process.stdin.readexactly(size) if size > 0 else b""
        if script != self.expected_reader:
            process.stderr.write(b"bench farm: not the shipped spool_reader.py\n")
            process.exit(2)
            return
        lines = SR.InputLines()
        pending: list = []
        while not pending:
            data = await process.stdin.read(SR.READ_MAX)
            if not data:
                process.exit(0)
                return
            pending = lines.feed(data)
        start = json.loads(pending.pop(0))
        reader = SimReader(node, process, start)
        node.readers.append(reader)
        task = asyncio.create_task(reader.run())
        try:
            # HELLO first, as the real reader: it is written before anything else is read.
            await asyncio.sleep(0)
            reader.input(pending)
            while data := await process.stdin.read(SR.READ_MAX):  # EOF: the daemon went away
                reader.input(lines.feed(data))
        finally:
            task.cancel()
            node.readers.remove(reader)
            process.exit(0)

    async def replay(self, node: SimNode, t0: float, until: float, cat: dict | None) -> None:
        await asyncio.sleep(max(0.0, t0 - time.time()))
        node.begin()
        cat_at = t0 + cat["after_s"] if cat else None
        for t, a, b in self.plan:
            when = t0 + t
            if when >= until:
                break
            await asyncio.sleep(max(0.0, when - time.time()))
            chunk = self.rec.data[a:b]
            node.append(chunk)
            if cat_at is not None and when >= cat_at and b"\x1b]133;A" in chunk:
                assert cat is not None  # cat_at is set only with a cat
                await self.cat(node, cat["bytes"])  # typed at a prompt, as a learner would
                cat_at = None

    async def cat(self, node: SimNode, total: int) -> None:
        """`cat` of a big log, typed in a nested shell: its A, C marker, `total` bytes, D marker.
        The bytes are the recording's own with their ESCs removed (so no marker survives): its
        NCCL INFO lines, but also its prompts and typed echoes with their bare CRs and BELs, which
        the renderer takes through its slow path (~30 MB/s against ~300 for plain lines): the
        harsher case. The shell announces itself with A as the hooks do (a C for an aid no A
        introduced is audited as a forgery, unannounced_shell)."""
        aid, n = 4242, 9000
        body = self.rec.data.replace(b"\x1b", b"")  # the recording's text, markers defused
        blob = (body * (CAT_WRITE // len(body) + 1))[:CAT_WRITE]
        k = self.rec.nonce
        node.append(f"\x1b]133;A;aid={aid};k={k}\x07".encode())
        node.append(
            f"\x1b]633;E;cat\\x20big.log;{k}\x07\x1b]133;C;aid={aid};n={n};h={n};t=0;k={k}\x07".encode()
        )
        for _ in range(total // CAT_WRITE):
            node.append(blob)
            await asyncio.sleep(0)
        node.append(f"\x1b]133;D;0;aid={aid};n={n};h={n};t=0;ps=0;k={k}\x07".encode())

    async def go(self, msg: dict) -> None:
        rng = random.Random(msg.get("seed", 1))
        start = time.time()
        until = start + msg["duration_s"]
        cat_node = msg.get("cat_node")
        tasks = [
            self.replay(
                node,
                start + rng.uniform(0, msg.get("stagger_s", 0.0)),
                until,
                msg.get("cat") if node.index == cat_node else None,
            )
            for node in self.nodes
        ]
        await asyncio.gather(*tasks)
        # The farm's own delay from a command's end to its frame on the channel: the reader's
        # wake-up (on inotify, a D marker is sent at once) plus this process's queue. A real node
        # has its own CPU for this part; here 1,000 simulated nodes share the grader's two cores.
        delays = [[node.learner, n, d] for node in self.nodes for n, d in node.node_side]
        _emit({"event": "done", "t": time.time(), "node_side": delays})


def _emit(msg: dict) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


async def main_async(args: argparse.Namespace) -> None:
    farm = Farm(Path(args.workdir), args.nodes, args.speed)
    await farm.listen()
    _emit(
        {
            "event": "ready",
            "ports": farm.ports,
            "host_key": farm.host_key.export_public_key().decode().strip(),
            "client_key": str(farm.client_key),
            "roots": [str(n.root) for n in farm.nodes],
            "learners": [n.learner for n in farm.nodes],
            "user": USER,
        }
    )
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    jobs = []
    while line := await reader.readline():
        msg = json.loads(line)
        if msg["cmd"] == "go":
            jobs.append(asyncio.create_task(farm.go(msg)))
        elif msg["cmd"] == "stop":
            break
    for server in farm.servers:
        server.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m grader.bench.farm", description=__doc__)
    p.add_argument("--workdir", required=True)
    p.add_argument("--nodes", type=int, required=True)
    p.add_argument("--speed", type=float, default=1.0, help="replay faster than recorded")
    args = p.parse_args(argv)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
