"""One benchmark phase: a node farm, the real `grader run`, a measuring SSE client; or the poller.

The grader is the production path unchanged: `python -m grader.cli run --config grader.yaml`
in its own process (SQLite store, API in-process), talking SSH to the farm. Its CPU time and
peak RSS are read from /proc. The measuring client subscribes to /api/events/stream with an
operator token and takes, for each verdict event, latency = arrival time - evidence.node_t1 (an
ISO-8601 UTC time, grader/api/models.py), the D marker's time, which the farm stamped when it
appended the command's last bytes (farm and grader share this machine's clock).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import httpx

TOKEN = "bench-operator-token"
CONNECT_WAIT_PER_NODE_S = 0.4  # 8 handshakes at a time on 2 loaded cores: a few per second
CONNECT_WAIT_MIN_S = 30.0
DRAIN_QUIET_S = 3.0  # after activity: stop once no event arrived for this long
DRAIN_MAX_S = 30.0
LAB_ID = "nccl-bootstrap"
GRADERS_LEASE_TTL_S = 6.0  # renewals every 2 s: N graders share the nodes within seconds
#: Before the typing starts, every node connected and quiet for this long: the idle CPU measured.
IDLE_S = 3.0
BALANCE_WAIT_S = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_cpu_s(pid: int) -> float:
    """utime + stime of a process, in seconds (/proc/<pid>/stat fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_mem_kib(pid: int, key: str = "VmHWM") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


class Farm:
    """The farm subprocess (farm.py) and what it told us when ready."""

    def __init__(self, workdir: Path, nodes: int, speed: float):
        workdir.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "grader.bench.farm",
                "--workdir",
                str(workdir),
                "--nodes",
                str(nodes),
                "--speed",
                str(speed),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.info = self._read()
        assert self.info.get("event") == "ready", self.info

    def _read(self) -> dict:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"node farm exited with {self.proc.wait()}")
        return json.loads(line)

    def send(self, **msg) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()

    async def wait_done(self) -> dict:
        return await asyncio.to_thread(self._read)

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.send(cmd="stop")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def grader_config(
    workdir: Path,
    farm: Farm,
    lab_dir: Path,
    api_port: int,
    db: str = "sqlite:///grader.db",
    owner: str = "bench",
    lease_ttl_s: float | None = None,
) -> Path:
    info = farm.info
    nodes = [
        {
            "id": f"n{i:04d}",
            "host": "127.0.0.1",
            "port": port,
            "user": info["user"],
            "key": info["client_key"],
            "known_hosts": [info["host_key"]],
            "learners": {learner: [LAB_ID]},
            "spool_root": root,
        }
        for i, (port, root, learner) in enumerate(
            zip(info["ports"], info["roots"], info["learners"], strict=True)
        )
    ]
    cfg = {
        "db": db,
        "labs": [str(lab_dir.resolve())],
        # --pages opens every learner's stream with this one token at once (a real class uses
        # each learner's own): the per-token limit would answer most of them 429.
        "api": {
            "host": "127.0.0.1",
            "port": api_port,
            "tokens": {"operator": [TOKEN]},
            "rate_limits": {"per_token": "1000000/second"},
        },
        "nodes": nodes,
        "daemon": {"owner": owner, **({"lease_ttl_s": lease_ttl_s} if lease_ttl_s else {})},
        # the farm's simulated nodes have no attestation key: enforce only where there is one
        "attestation": "auto",
    }
    path = workdir / f"{owner}.yaml"
    path.write_text(json.dumps(cfg))  # JSON is YAML
    return path


@dataclass
class GraderPhase:
    """Result of one phase with the real grader."""

    nodes: int
    latencies: list[float] = field(default_factory=list)  # verified steps, seconds
    attempted_latencies: list[float] = field(default_factory=list)
    by_learner: dict[str, list[float]] = field(default_factory=dict)
    cpu_s: float = 0.0
    # The grader's CPU while every node was connected and nobody typed (IDLE_S before the
    # typing starts), and the typing phase's wall time: what idle costs per node-second, and
    # what the commands cost above it.
    idle_cpu_s: float = 0.0
    idle_s: float = 0.0
    wall_s: float = 0.0
    commands: int = 0  # command ends the farm sent during the phase
    rss_kib: int = 0
    connect_s: float = 0.0
    verify_n: dict[int, str] = field(default_factory=dict)
    duplicates: int = 0
    # Learners' pages (--pages): each one's stream, scoped to its learner, and what it received.
    pages: int = 0
    page_events: int = 0
    page_expected: int = 0  # the events of those learners on the operator's stream
    # Per command end: the farm's delay before its frame was on the channel (farm.py).
    node_side: list[float] = field(default_factory=list)
    # Per verified step: its latency less the farm's delay for the same command (learner, n):
    # the grader's own share, which a real node's own CPU would leave unchanged.
    own: list[float] = field(default_factory=list)
    own_by_learner: dict[str, list[float]] = field(default_factory=dict)
    # --graders N: per grader, the nodes it held during the phase and its CPU seconds.
    graders: list[dict] = field(default_factory=list)
    # The stream follower against the feed's record (a poll of /api/events from 0 afterwards):
    # seqs it never received, and seqs it received more than once. Both must be 0 (docs/api.md).
    feed_events: int = 0
    feed_missed: int = 0
    feed_doubled: int = 0
    # --profile: py-spy's busy samples of the (first) grader during the typing, per job
    # (grader/bench/profile.py).
    profile: dict[str, int] | None = None


#: py-spy's samples a second (--profile). Non-blocking: py-spy reads the grader's memory
#: without stopping it (a blocking run at 250 Hz added ~40 % to the grader's CPU), at the price
#: of some samples lost (BENCHMARKS.md "What is measured").
PROFILE_RATE = 500


class Sampler:
    """py-spy recording one process in raw (collapsed stack) format until stop()."""

    def __init__(self, pid: int, out: Path, rate: int = PROFILE_RATE) -> None:
        exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if not Path(exe).exists():
            raise RuntimeError("--profile needs py-spy: pip install -e '.[bench]'")
        self.out = out
        command = [exe, "record", "--pid", str(pid), "--rate", str(rate), "--nonblocking"]
        self.proc = subprocess.Popen(
            [*command, "--format", "raw", "--output", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def stop(self) -> dict[str, int]:
        """Stop recording (py-spy writes its file on SIGINT); busy samples per job."""
        from grader.bench import profile

        self.proc.send_signal(signal.SIGINT)
        try:
            _, err = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        if not self.out.exists():
            why = err.decode("utf-8", "replace").strip()[-500:]
            raise RuntimeError(f"py-spy wrote no profile (it needs ptrace rights): {why}")
        with self.out.open(encoding="utf-8", errors="replace") as lines:
            return dict(profile.jobs(lines))


async def wait_balanced(grader: Grader, owners: list[str], nodes: int) -> dict[str, int]:
    """Wait until every node is connected and held, and the graders' counts are within one of
    each other (their fair shares); the nodes each holds."""
    deadline = time.monotonic() + BALANCE_WAIT_S
    held: dict[str, int] = {}
    async with httpx.AsyncClient(base_url=grader.base, headers=grader.headers) as client:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                rows = (await client.get("/api/nodes", timeout=10)).json()
                held = {o: sum(1 for n in rows if n.get("holder") == o) for o in owners}
                connected = sum(bool(n["connected"]) for n in rows)
                if (
                    connected >= nodes
                    and sum(held.values()) == nodes
                    and max(held.values()) - min(held.values()) <= 1
                ):
                    return held
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the {len(owners)} graders did not share the nodes in time: {held}")


class Grader:
    def __init__(self, workdir: Path, config: Path, api_port: int, name: str = "grader"):
        self.log = (workdir / f"{name}.log").open("wb")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "grader.cli",
                "run",
                "--config",
                str(config),
                "--log-level",
                "WARNING",
            ],
            cwd=workdir,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.base = f"http://127.0.0.1:{api_port}"
        self.headers = {"Authorization": f"Bearer {TOKEN}"}

    async def wait_connected(self, count: int) -> float:
        start = time.monotonic()
        deadline = start + max(CONNECT_WAIT_MIN_S, count * CONNECT_WAIT_PER_NODE_S)
        async with httpx.AsyncClient(base_url=self.base, headers=self.headers) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"grader exited with {self.proc.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    r = await client.get("/api/nodes", timeout=10)
                    if r.status_code == 200 and sum(n["connected"] for n in r.json()) >= count:
                        return time.monotonic() - start
                await asyncio.sleep(0.5)
        raise RuntimeError(f"not all {count} nodes connected in time")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


async def polled_seqs(base: str, headers: dict) -> list[int]:
    """Every event's seq, polled from 0 page by page as docs/api.md says to follow the feed."""
    out: list[int] = []
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        while True:
            resp = await client.get("/api/events", params={"after": out[-1] if out else 0})
            resp.raise_for_status()
            page = [int(e["seq"]) for e in resp.json()]
            if not page:
                return out
            out += page


async def sse_events(
    base: str, headers: dict, queue: asyncio.Queue, learner: str | None = None
) -> None:
    """Every SSE verdict event as (arrival time, event dict), onto `queue`; only `learner`'s
    when given, as that learner's dashboard page follows them."""
    client = httpx.AsyncClient(base_url=base, headers=headers, timeout=None)
    params = {"learner": learner} if learner is not None else None
    async with client, client.stream("GET", "/api/events/stream", params=params) as resp:
        resp.raise_for_status()
        async for line in resp.aiter_lines():
            if line.startswith("data:"):
                queue.put_nowait((time.time(), json.loads(line[5:].strip())))


async def grader_phase(
    workdir: Path,
    nodes: int,
    lab_dir: Path,
    duration_s: float,
    speed: float,
    stagger_s: float,
    cat: dict | None = None,
    pages: int = 0,
    graders: int = 1,
    db: str | None = None,
    profile: bool = False,
) -> GraderPhase:
    """`pages`: that many learners also have their dashboard page open (a stream each, scoped
    to its learner), as in a class where learners watch their own progress. `graders`: that
    many `grader run` processes sharing the nodes through `db` (PostgreSQL); the measuring
    client follows the first one's stream, which carries every grader's events (NOTIFY).
    `profile`: py-spy samples the first grader during the typing (Sampler)."""
    result = GraderPhase(nodes, pages=min(pages, nodes))
    farm = Farm(workdir, nodes, speed)
    owners = ["bench"] if graders == 1 else [f"bench-{k}" for k in range(graders)]
    fleet = []
    for owner in owners:
        port = free_port()
        # Several graders settle their shares within a few renewal rounds (every ttl/3).
        ttl = GRADERS_LEASE_TTL_S if graders > 1 else None
        cfg = grader_config(workdir, farm, lab_dir, port, db or "sqlite:///grader.db", owner, ttl)
        fleet.append(Grader(workdir, cfg, port, name="grader" if graders == 1 else owner))
    grader = fleet[0]
    queue: asyncio.Queue = asyncio.Queue()
    sse: asyncio.Task | None = None
    page_queue: asyncio.Queue = asyncio.Queue()
    page_tasks = []
    sampler: Sampler | None = None
    try:
        result.connect_s = await grader.wait_connected(nodes)
        held = await wait_balanced(grader, owners, nodes) if graders > 1 else {"bench": nodes}
        sse = asyncio.create_task(sse_events(grader.base, grader.headers, queue))
        page_tasks = [
            asyncio.create_task(sse_events(grader.base, grader.headers, page_queue, learner))
            for learner in farm.info["learners"][: result.pages]
        ]
        await asyncio.sleep(0.5)  # the stream is open before the first byte is typed
        idle0, idle_t0 = sum(proc_cpu_s(g.proc.pid) for g in fleet), time.monotonic()
        await asyncio.sleep(IDLE_S)
        result.idle_cpu_s = sum(proc_cpu_s(g.proc.pid) for g in fleet) - idle0
        result.idle_s = time.monotonic() - idle_t0
        cpu0 = proc_cpu_s(grader.proc.pid)
        cpus0 = [proc_cpu_s(g.proc.pid) for g in fleet]
        if profile:
            sampler = Sampler(grader.proc.pid, workdir / "profile.raw")
        typing_t0 = time.monotonic()
        go = {"cmd": "go", "duration_s": duration_s, "stagger_s": stagger_s, "seed": nodes}
        if cat:
            go.update(cat_node=0, cat=cat)
        farm.send(**go)
        done = asyncio.create_task(farm.wait_done())
        seen: set[tuple] = set()
        seqs: list[int] = []  # every seq the stream delivered, in arrival order
        samples: list[tuple] = []  # kept in the workdir: when in the run the slow ones came
        last_event = time.monotonic()
        while True:
            try:
                got, ev = await asyncio.wait_for(queue.get(), 0.25)
            except TimeoutError:
                if sse.done():
                    sse.result()  # raises what broke the stream
                quiet = time.monotonic() - last_event
                if done.done() and (quiet >= DRAIN_QUIET_S or quiet >= DRAIN_MAX_S):
                    break
                continue
            last_event = time.monotonic()
            seqs.append(int(ev["seq"]))
            key = (ev["learner"], ev["lab"], ev["step"], ev["state"])
            if key in seen:
                result.duplicates += 1
                continue
            seen.add(key)
            t1 = (ev.get("evidence") or {}).get("node_t1")
            if t1 is None:
                continue
            lat = got - datetime.fromisoformat(t1).timestamp()
            n = int(ev["evidence"]["n"])
            samples.append(
                (round(got, 4), round(lat, 4), ev["learner"], ev["step"], ev["state"], n)
            )
            if ev["state"] == "verified":
                result.latencies.append(lat)
                result.by_learner.setdefault(ev["learner"], []).append(lat)
                result.verify_n[n] = ev["step"]
            else:
                result.attempted_latencies.append(lat)
        result.cpu_s = proc_cpu_s(grader.proc.pid) - cpu0
        if sampler is not None:
            result.profile, sampler = sampler.stop(), None
        stored = await polled_seqs(grader.base, grader.headers)
        result.feed_events = len(stored)
        result.feed_missed = len(set(stored) - set(seqs))
        result.feed_doubled = len(seqs) - len(set(seqs))
        result.wall_s = time.monotonic() - typing_t0
        result.rss_kib = proc_mem_kib(grader.proc.pid)
        if graders > 1:  # the class's CPU is every grader's; RSS the largest one's
            cpus = [proc_cpu_s(g.proc.pid) - c0 for g, c0 in zip(fleet, cpus0, strict=True)]
            result.cpu_s = sum(cpus)
            result.rss_kib = max(proc_mem_kib(g.proc.pid) for g in fleet)
            result.graders = [
                {"owner": o, "nodes": held.get(o, 0), "cpu_s": round(c, 3)}
                for o, c in zip(owners, cpus, strict=True)
            ]
        result.page_events = page_queue.qsize()
        paged = set(farm.info["learners"][: result.pages])
        result.page_expected = sum(1 for key in seen if key[0] in paged)
        by_command = {(lr, n): d for lr, n, d in done.result().get("node_side", [])}
        result.node_side = list(by_command.values())
        result.commands = len(done.result().get("node_side", []))
        for _got, lat, learner, _step, state, n in samples:
            node = by_command.get((learner, n))
            if state == "verified" and node is not None:
                result.own.append(lat - node)
                result.own_by_learner.setdefault(learner, []).append(lat - node)
        (workdir / "latencies.json").write_text(json.dumps(samples))
    finally:
        if sampler is not None:
            sampler.proc.kill()
            sampler.proc.wait()
        streams = [t for t in [sse, *page_tasks] if t is not None]
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        for g in fleet:
            g.stop()
        farm.close()
    return result


async def idle_grader_rss(workdir: Path, lab_dir: Path) -> int:
    """Peak RSS of the grader watching one idle node: the base the per-node figure is above."""
    farm = Farm(workdir, 1, 1.0)
    port = free_port()
    grader = Grader(workdir, grader_config(workdir, farm, lab_dir, port), port)
    try:
        await grader.wait_connected(1)
        await asyncio.sleep(2.0)
        return proc_mem_kib(grader.proc.pid)
    finally:
        grader.stop()
        farm.close()


@dataclass
class PollerPhase:
    nodes: int
    latencies: list[float]
    cpu_s: float
    polls: int
    errors: int
    last_error: str | None


async def poller_phase(
    workdir: Path,
    nodes: int,
    duration_s: float,
    speed: float,
    stagger_s: float,
    interval_s: float,
    verify_n: dict[int, str],
) -> PollerPhase:
    farm = Farm(workdir, nodes, speed)
    info = farm.info
    job = {
        "nodes": [
            {"port": p, "root": r, "learner": lr}
            for p, r, lr in zip(info["ports"], info["roots"], info["learners"], strict=True)
        ],
        "host_key": info["host_key"],
        "client_key": info["client_key"],
        "user": info["user"],
        "interval_s": interval_s,
        "duration_s": duration_s + interval_s + 1.0,
        "verify_n": {str(k): v for k, v in verify_n.items()},
    }
    poller = subprocess.Popen(
        [sys.executable, "-m", "grader.bench.poller"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert poller.stdin is not None and poller.stdout is not None
        poller.stdin.write(json.dumps(job) + "\n")
        poller.stdin.flush()
        farm.send(cmd="go", duration_s=duration_s, stagger_s=stagger_s, seed=nodes)
        out = json.loads(await asyncio.to_thread(poller.stdout.readline))
    finally:
        if poller.poll() is None:
            poller.kill()
        poller.wait()
        farm.close()
    return PollerPhase(
        nodes, out["latencies"], out["cpu_s"], out["polls"], out["errors"], out["last_error"]
    )
