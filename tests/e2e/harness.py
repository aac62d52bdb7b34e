"""End-to-end harness: fake nodes, learners typing over SSH, `grader run` as a real process.

Nothing here is simulated on the grader side: the daemon is the installed `grader run` in a
subprocess with a generated grader.yaml (the fixture's pinned host keys, the grader account key),
talking real SSH to fake-node containers whose capture shell records what the learners type.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import httpx
from fakenode import Account, FakeNode, InteractiveShell

REPO = Path(__file__).resolve().parents[2]
LAB_DIR = REPO / "labs" / "nccl-bootstrap"
LAB_ID = "nccl-bootstrap"
#: The lab's own honest run (its self-test), minus the closing pin-iface task and `exit`: the
#: interface to pin is the node's real one, read from what NCCL printed in the learner's terminal.
CLEAN_RUN = LAB_DIR / "tests" / "clean-run.script"
PIN_IFACE = "NCCL_SOCKET_IFNAME={iface} all_reduce_perf -b 8M -e 128M -f 2 -g 2"
_IFACE = re.compile(r"NET/Socket : Using \[0\]([A-Za-z0-9_.-]+)")
# "✓ 5/11 done · step 6 verified: <title>" (grader/node/files/lab feedback_line)
_FEEDBACK = re.compile(r"✓ (\d+)/(\d+) done · step (\d+) verified: ([^\r\n\x1b]+)")
OPERATOR_TOKEN = "e2e-operator-token-0123456789"
#: The daemon answers its API within a second of starting; a cold Python start on a loaded
#: 2-core machine takes a few. 30 s is a hang.
DAEMON_START_TIMEOUT_S = 30.0
#: Every step of the lab verified within this long after the learner typed the last command:
#: feedback is coalesced for 200 ms and a batch window is 30 ms; 30 s is a hang.
VERDICT_TIMEOUT_S = 30.0


def learner_token(learner: str) -> str:
    return f"e2e-learner-token-{learner}-0123456789"


def practice_lines() -> list[str]:
    lines = script_lines(CLEAN_RUN)
    assert lines[-1].startswith("NCCL_SOCKET_IFNAME=eth0"), lines[-1:]
    return lines[:-1]


def script_lines(script: Path) -> list[str]:
    """A lab's typed self-test (tests/<name>.script), minus its closing `exit`: what a learner
    types at the prompt, one line each."""
    lines = [ln for ln in script.read_text().splitlines() if ln.strip()]
    assert lines[-1] == "exit", lines[-1:]
    return lines[:-1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(pred: Callable[[], Any], timeout: float = VERDICT_TIMEOUT_S, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)


@dataclass(frozen=True)
class Seat:
    """One learner working on one node (one fake node per learner, as in a class)."""

    node_id: str
    node: FakeNode
    account: Account  # the learner's login on the node; the learner's name in the grader

    @property
    def learner(self) -> str:
        return self.account.user


def write_config(
    directory: Path,
    seats: list[Seat],
    db_url: str,
    api_port: int,
    owner: str,
    lease_ttl_s: float = 3.0,
    known_hosts: dict[str, str] | None = None,
    ports: dict[str, int] | None = None,
    labs: Sequence[Path] = (LAB_DIR,),
    learner_labs: Sequence[str] = (LAB_ID,),
    public_url: str | None = None,
    daemon: dict[str, object] | None = None,
) -> Path:
    """A grader.yaml (JSON is YAML) for these seats; `known_hosts` overrides a node's pin,
    `ports` its address (127.0.0.1:port, a PortForward). The daemon loads `labs`; each seat's
    learner takes `learner_labs` (lab ids); `public_url`: api.public_url, when given; `daemon`:
    more daemon settings."""
    nodes = []
    for seat in seats:
        pin = (known_hosts or {}).get(seat.node_id)
        forwarded = (ports or {}).get(seat.node_id)
        nodes.append(
            {
                "id": seat.node_id,
                "host": "127.0.0.1" if forwarded else seat.node.host,
                "port": forwarded or seat.node.port,
                "user": seat.node.grader.user,
                "key": str(seat.node.grader.key_path),
                # The bare key: pinned to whatever host:port the node is configured at.
                "known_hosts": [pin or " ".join(seat.node.known_hosts_line.split()[1:])],
                "learners": {seat.learner: list(learner_labs)},
            }
        )
    cfg = {
        "db": db_url,
        "labs": [str(d) for d in labs],
        "api": {
            "enabled": True,
            "host": "127.0.0.1",
            "port": api_port,
            "tokens": {
                "operator": [OPERATOR_TOKEN],
                "learners": {s.learner: learner_token(s.learner) for s in seats},
            },
            **({} if public_url is None else {"public_url": public_url}),
        },
        "nodes": nodes,
        "daemon": {
            "owner": owner,
            "lease_ttl_s": lease_ttl_s,
            "connect_timeout_s": 5,
            "keepalive_interval_s": 2,
            "keepalive_count_max": 2,
            "backoff": {"base_s": 0.2, "max_s": 1.0},
            **(daemon or {}),
        },
    }
    path = directory / f"grader-{owner}.yaml"
    path.write_text(json.dumps(cfg, indent=2))
    return path


class Daemon:
    """`grader run --config` as a subprocess, plus a client for its API."""

    def __init__(self, config: Path, port: int, log: Path):
        self.config, self.port, self.log = config, port, log
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Daemon:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "grader.cli", "run", "--config", str(self.config)],
            cwd=self.config.parent,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("ab"),
        )
        wait_for(self._healthy, DAEMON_START_TIMEOUT_S, f"{self.url}/healthz ({self.log})")
        return self

    def _healthy(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"grader run exited {self.proc.returncode}: {self.log_text()}")
        try:
            return httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """SIGKILL: no flush, no lease release."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        """SIGTERM and the exit status (0 after a clean shutdown)."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise

    def dump_stacks(self) -> None:
        """SIGUSR1: the daemon logs every task's and thread's stack (event=stack_dump), so a test
        that timed out waiting on it keeps what the daemon was waiting on."""
        if self.proc is None or self.proc.poll() is not None:
            return
        before = self.log_text().count("event=stack_dump")
        self.proc.send_signal(signal.SIGUSR1)
        with contextlib.suppress(AssertionError):
            wait_for(lambda: self.log_text().count("event=stack_dump") > before, 10, "stack dump")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def get(self, path: str, token: str | None = OPERATOR_TOKEN, **params: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.get(f"{self.url}{path}", headers=headers, params=params, timeout=10)

    def progress(self, learner: str, lab: str = LAB_ID) -> dict[str, Any]:
        """The lab's entry of /api/learners/{learner}/progress: its steps with state, evidence
        and captures."""
        r = self.get(f"/api/learners/{learner}/progress", lab=lab)
        r.raise_for_status()
        (entry,) = r.json()["labs"]
        assert entry["id"] == lab, entry["id"]
        return entry

    def steps(self, learner: str, lab: str = LAB_ID) -> dict[str, str]:
        """step id -> state, from /api/learners/{learner}/progress."""
        return {s["id"]: s["state"] for s in self.progress(learner, lab)["steps"]}

    def wait_every_step_verified(self, learners: list[str], when: str, lab: str = LAB_ID) -> None:
        """Until the API shows each learner's every step verified (the class ran to its end)."""
        for learner in learners:
            wait_for(
                lambda lr=learner: set(self.steps(lr, lab).values()) == {"verified"},
                what=f"{learner}: every step of {lab} verified {when}",
            )

    def events(self, learner: str | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while True:
            params: dict[str, Any] = {"after": out[-1]["seq"] if out else 0}
            if learner:
                params["learner"] = learner
            page = self.get("/api/events", **params)
            page.raise_for_status()
            if not page.json():
                return out
            out += page.json()


class SseCollector:
    """Reads /api/events/stream in a thread; keeps every (id, event) it delivered, in order."""

    def __init__(self, url: str, token: str = OPERATOR_TOKEN):
        self.url, self.token = url, token
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.error: httpx.TransportError | None = None  # the stream broke while still wanted
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> SseCollector:
        self._thread.start()
        return self

    def _run(self) -> None:
        # The daemon closing the stream after close() is the normal end; before it, a test that
        # waits on `events` times out and `error` says why.
        try:
            self._read()
        except httpx.TransportError as exc:
            if not self._stop.is_set():
                self.error = exc

    def _read(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        timeout = httpx.Timeout(10, read=None)
        with httpx.stream(
            "GET", f"{self.url}/api/events/stream", headers=headers, timeout=timeout
        ) as r:
            r.raise_for_status()
            seq: int | None = None
            for line in r.iter_lines():
                if self._stop.is_set():
                    return
                if line.startswith("id:"):
                    seq = int(line[3:].strip())
                elif line.startswith("data:") and seq is not None:
                    self.events.append((seq, json.loads(line[5:].strip())))
                    seq = None

    def close(self) -> None:
        self._stop.set()


@dataclass
class Typed:
    """What one learner saw: the terminal bytes, ✓ lines, `lab status`."""

    seat: Seat
    transcript: str = ""
    checks: dict[int, str] = field(default_factory=dict)  # step number -> title of its ✓ line
    count: int = 0  # N of the ✓ lines
    status: str = ""
    iface: str = ""


async def open_shell(seat: Seat) -> tuple[asyncssh.SSHClientConnection, InteractiveShell]:
    conn = await asyncssh.connect(**seat.node.connect_kwargs(seat.account))
    return conn, await InteractiveShell.open(conn)


async def welcome(seat: Seat) -> str:
    """What a new login of the seat's learner shows before its first prompt (`lab _welcome`)."""
    conn, sh = await open_shell(seat)
    try:
        shown = sh.transcript.decode("utf-8", "replace")
        await sh.exit()
    finally:
        conn.close()
    return shown


def find_iface(output: str) -> str:
    m = _IFACE.search(output)
    assert m, f"no NET/Socket line in: {output[-2000:]!r}"
    return m.group(1)


def feedback_lines(text: str) -> dict[int, tuple[int, str]]:
    """index -> (count, title) for each ✓ line the shell printed."""
    return {int(m[3]): (int(m[2]), m[4].strip()) for m in _FEEDBACK.finditer(text)}


async def type_lab(
    seat: Seat,
    steps: int,
    pause: Callable[[int, str, InteractiveShell], Any] | None = None,
    feedback_timeout: float = VERDICT_TIMEOUT_S,
    lines: Sequence[str] | None = None,
) -> Typed:
    """Type the lab's practice answers and the pin-iface task; wait for every ✓ at a prompt.

    `pause(i, line, shell)` (optional, may be async) runs before typing line i: faults go
    there. When it returns a Seat the learner logs in there again (a new session), goes on.
    `lines`: another lab's lines (`script_lines`), typed as they are (no pin-iface task).
    """
    conn, sh = await open_shell(seat)
    typed = Typed(seat)
    earlier = ""  # transcripts of logins that ended in a fault
    try:
        todo: list[str | None] = [*practice_lines(), None] if lines is None else [*lines]
        out = ""
        for i, line in enumerate(todo):
            if line is None:
                line = PIN_IFACE.format(iface=typed.iface)
            if pause is not None:
                got = pause(i, line, sh)
                if asyncio.iscoroutine(got):
                    got = await got
                if isinstance(got, Seat):  # the login died with the fault: log in again
                    conn.close()
                    earlier += sh.transcript.decode("utf-8", "replace")
                    conn, sh = await open_shell(got)
            out = await sh.run(line)
            if "NET/Socket" in line:
                typed.iface = find_iface(out)
        # Each ✓ shows at the first prompt after its progress file landed: press Enter until
        # every step has shown (an empty line is no command; it only draws a prompt).
        loop = asyncio.get_running_loop()
        deadline = loop.time() + feedback_timeout
        # A new login shows only steps verified after it began (older ✓ lines are not replayed),
        # so the ✓ lines of every login the learner had count.
        while (
            len(seen := feedback_lines(earlier + sh.transcript.decode("utf-8", "replace"))) < steps
        ):
            assert loop.time() < deadline, f"✓ lines: {sorted(seen)}; terminal: {sh.tail(600)!r}"
            await asyncio.sleep(0.3)
            await sh.run("")
        typed.status = await sh.run("lab status")
        await sh.exit()
    finally:
        conn.close()
    typed.transcript = earlier + sh.transcript.decode("utf-8", "replace")
    lines_seen = feedback_lines(typed.transcript)
    typed.checks = {k: title for k, (_, title) in lines_seen.items()}
    typed.count = max((n for n, _ in lines_seen.values()), default=0)
    return typed


SPOOL = "/var/lib/labgrader/spool"


def replay(seat: Seat, lab: Any) -> tuple[Counter, dict[str, str]]:
    """An uninterrupted run of the same bytes: every session file on the node, in start order,
    through a fresh parser and engine in this process. Returns ((step, state) event counts,
    final step states)."""
    index = seat.node.exec(["cat", f"{SPOOL}/{seat.learner}/sessions.jsonl"])
    assert index.exit_code == 0, index.text
    sessions = sorted(
        (json.loads(line) for line in index.text.splitlines() if line.strip()),
        key=lambda s: s["start"],
    )
    recorded = []
    for s in sessions:
        data = seat.node.exec(["cat", f"{SPOOL}/{seat.learner}/{s['file']}"])
        assert data.exit_code == 0, data.text
        recorded.append((s["session"], s["nonce"], data.output))
    return replay_bytes(lab, seat.learner, recorded)


def replay_bytes(
    lab: Any, learner: str, sessions: list[tuple[str, str, bytes]]
) -> tuple[Counter, dict[str, str]]:
    """`replay` for session bytes held by the caller ((session, nonce, bytes) in start order):
    for suites whose spool files were truncated, rotated or deleted on the node."""
    from grader.capture.parser import SessionParser
    from grader.matching.engine import LabGrader

    engine = LabGrader(lab, learner)
    counts: Counter = Counter()
    for session, nonce, data in sessions:
        parser = SessionParser(session, nonce)
        for v in engine.feed_all([*parser.feed(data), *parser.close()]):
            counts[(v.step, str(v.state))] += 1
    return counts, {sid: str(v.state) for sid, v in engine.verdicts().items()}


class PortForward:
    """A stable local address for a node whose published port changes (docker restart picks a
    new ephemeral host port; a real node keeps its address). Plain TCP relay, one thread pair
    per connection; `target` may be changed while running."""

    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()

    def close(self) -> None:
        self._server.close()


def _pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while data := src.recv(65536):
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
