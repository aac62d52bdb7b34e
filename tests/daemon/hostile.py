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
import itertools
import json
import os
import re
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

import httpx

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
from grader.store import Store

from .demo import Shell
from .nodesim import LEARNER, Spool, write_config
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
}


# --- the crafted node (its own process) ------------------------------------------------------


def serve(case: str, workdir: Path) -> None:
    """Serve CASES[case] to every spool reader the daemon starts, once `workdir/go` exists;
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
            "api_failures": len(a.api_failures),
            "log_kib": round(len(self.log.encode()) / 1024, 1),
            "crafted_connections": self.crafted_connections,
            "exit_code": self.exit_code,
        }


class HostileRun:
    """One `grader run` watching the honest node and a crafted node serving `case`."""

    def __init__(self, tmp: Path, case: str, **daemon: object) -> None:
        if case not in CASES:
            raise ValueError(f"unknown case {case!r}; cases: {', '.join(CASES)}")
        self.tmp, self.case = tmp, case
        self.crafted_dir = tmp / "crafted"
        self.crafted_dir.mkdir(parents=True)
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.crafted = subprocess.Popen(
            [sys.executable, "-m", "tests.daemon.hostile", "serve", case, str(self.crafted_dir)],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(tmp / "crafted.log").open("ab"),
        )
        self.honest = SshPeer(tmp / "honest-peer").start()
        self.spool = Spool(tmp / "honest")
        self.shell = Shell("20261201T080000-4242-9f3a01bc")
        self.spool.begin(self.shell)
        peer_json = self.crafted_dir / "peer.json"
        deadline = time.monotonic() + 30
        while not peer_json.exists():
            if self.crafted.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the crafted node did not start: " + self._crafted_log())
            time.sleep(0.05)
        crafted = json.loads(peer_json.read_text())
        self.api_port = _free_port()
        api = {
            "enabled": True,
            "host": "127.0.0.1",
            "port": self.api_port,
            "tokens": {"operator": [OPERATOR_TOKEN]},
        }
        cfg_path = write_config(
            tmp, self.honest, self.spool.root, db=f"sqlite:///{tmp / 'grader.db'}", api=api,
            lease_ttl_s=10, **daemon,
        )  # fmt: skip
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
        """/api/nodes polled in a thread while the block runs; answers and failures noted."""
        done = threading.Event()

        def poll() -> None:
            headers = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
            url = f"http://127.0.0.1:{self.api_port}/api/nodes"
            with httpx.Client(timeout=10) as client:
                while not done.is_set():
                    t0 = time.monotonic()
                    try:
                        status = client.get(url, headers=headers).status_code
                    except httpx.HTTPError as exc:
                        phase.api_failures.append(type(exc).__name__)
                    else:
                        if status == 200:
                            phase.api.append(time.monotonic() - t0)
                        else:
                            phase.api_failures.append(f"HTTP {status}")
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
        (self.crafted_dir / "go").write_text("")

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
        if self.daemon.poll() is None:
            self.daemon.kill()
            self.daemon.wait(10)
        self.crafted.terminate()
        try:
            self.crafted.wait(10)
        except subprocess.TimeoutExpired:
            self.crafted.kill()
        self.honest.close()

    def states(self) -> dict[str, str]:
        return {p.step: p.state for p in self.store.progress(LEARNER, "daemon-demo")}


def run_case(
    tmp: Path, case: str, commands: int = 20, every_s: float = 0.1, timeout_s: float = 10.0,
    settle_s: float = 1.0, **daemon: object,
) -> Outcome:  # fmt: skip
    """Plain phase (crafted node connected, quiet), then the attack, then SIGTERM."""
    run = HostileRun(tmp, case, **daemon)
    try:
        plain, attack = Phase(), Phase()
        deadline = time.monotonic() + 30
        while run.crafted_connections < 1:
            assert time.monotonic() < deadline, "the daemon never connected to the crafted node"
            time.sleep(0.05)
        run.type_commands(Phase(), 1, 0, 30)  # the honest node is streaming: warmed up
        with run.sampling_api(plain):
            run.type_commands(plain, commands, every_s, timeout_s)
        run.attack()
        time.sleep(settle_s)  # the attack is under way
        with run.sampling_api(attack):
            run.type_commands(attack, commands, every_s, timeout_s)
        states = run.states()
        exit_code = run.stop()
        log = run.log_path.read_text(errors="replace")
        return Outcome(case, plain, attack, exit_code, log, run.crafted_connections, states)
    finally:
        run.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.daemon.hostile", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("serve", help="be the crafted node (the harness starts this)")
    s.add_argument("case", choices=sorted(CASES))
    s.add_argument("workdir", type=Path)
    b = sub.add_parser("bench", help="run cases, print one JSON line of figures per case")
    b.add_argument("cases", nargs="*", choices=[[], *sorted(CASES)], default=[])
    b.add_argument("--commands", type=int, default=50, help="alice's commands per phase")
    b.add_argument("--out", type=Path, help="also write the figures here (JSON lines)")
    args = parser.parse_args(argv)
    if args.what == "serve":
        serve(args.case, args.workdir)
        return 0
    import tempfile

    rows = []
    for case in args.cases or list(CASES):
        with tempfile.TemporaryDirectory(prefix=f"hostile-{case}-") as tmp:
            row = run_case(Path(tmp), case, commands=args.commands).summary()
        print(json.dumps(row), flush=True)
        rows.append(row)
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
