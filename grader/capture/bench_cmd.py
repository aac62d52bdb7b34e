"""`grader bench-parser`: how fast the capture parser turns session bytes into command events.

The worst realistic load is a learner running nccl-tests with NCCL_DEBUG=INFO in a loop: tens of
MB of short log lines. The stream is built with the same Transcript the tests use (markers, prompts,
CR LF line ends, colour escapes), with progress bars (CR) and background noise between prompts, and
fed to one SessionParser in chunks the size the spool reader delivers. The parser runs in one
thread, so the figure is per core (--pin-cpu keeps it on one CPU). Wall time and CPU time are both
reported: on a shared machine the CPU-time figure is the steadier one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

from grader.capture.events import CommandEnded, OutputLines
from grader.capture.parser import SessionParser
from grader.capture.transcript import Transcript

FEED_BYTES = 64 * 1024
"""Chunk size per feed(): what one framed spool-reader read typically carries."""

TARGET_MB_S = 100.0


def _nccl_run(rng: random.Random, host: str, pid: int, broken: bool) -> str:
    """One all_reduce_perf run's output at NCCL_DEBUG=INFO (docs/nccl-facts.md formats, 2.30.7)."""
    tids = (pid, pid + 11, pid + 12)
    lines = [
        "# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007",
        "# Collective test starting: all_reduce_perf\n# nThread 1 nGpus 2 minBytes 8 maxBytes "
        "134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1",
        "#",
        "# Using devices",
        f"#  Rank  0 Group  0 Pid {pid:6d} on {host:>10} device  0 [0000:01:00] NVIDIA H100",
        f"#  Rank  1 Group  0 Pid {pid:6d} on {host:>10} device  1 [0000:02:00] NVIDIA H100",
    ]
    p = f"{host}:{pid}:{pid}"
    lines += [
        f"{p} [0] NCCL INFO Bootstrap: Using eth0:172.17.0.{rng.randint(2, 250)}<0>",
        f"{p} [0] NCCL INFO cudaDriverVersion 12040",
        f"{p} [0] NCCL INFO NCCL version 2.30.7+cuda12.4",
        f"{p} [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network "
        "plugin.",
        f"{p} [0] NCCL INFO Count not open libibverbs.so",
        f"{p} [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>",
        f"{p} [0] NCCL INFO Using network Socket",
    ]
    if broken:
        return "\n".join(
            [
                *lines[:6],
                "",
                f"[2026-11-29 18:16:40] {p} [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN "
                "Bootstrap : no socket interface found",
                f"{p} [0] NCCL INFO init.cc:185 (ncclGetUniqueId) -> 5",
                f"{host}: Test NCCL failure common.cu:1550 'invalid usage (run with "
                "NCCL_DEBUG=WARN for details)'",
                f" .. {host} pid {pid}: Test failure common.cu:1454",
            ]
        )
    for dev in (0, 1):
        q = f"{host}:{pid}:{tids[dev]}"
        lines += [
            f"{q} [{dev}] NCCL INFO ncclCommInitAll comm 0x55d0c0ffee{dev}0 rank {dev} nranks 2 "
            f"cudaDev {dev} nvmlDev {dev} busId {dev + 1}000 commId 0x{rng.getrandbits(64):x} "
            "- Init START",
            f"{q} [{dev}] NCCL INFO Setting affinity for GPU {dev} to ffffffff,ffffffff",
            f"{q} [{dev}] NCCL INFO NVLS multicast support is not available on dev {dev}",
        ]
        for ch in range(24):
            lines.append(
                f"{q} [{dev}] NCCL INFO Channel {ch:02d}/0 : {dev}[{dev}] -> {1 - dev}[{1 - dev}] "
                "via P2P/CUMEM/read"
            )
        lines += [
            f"{q} [{dev}] NCCL INFO Connected all rings, use ring PXN 0 GDR 1",
            f"{q} [{dev}] NCCL INFO Connected all trees",
            f"{q} [{dev}] NCCL INFO ncclCommInitAll comm 0x55d0c0ffee{dev}0 rank {dev} nranks 2 "
            f"cudaDev {dev} nvmlDev {dev} busId {dev + 1}000 commId 0x1 - Init COMPLETE",
        ]
    lines.append("#       size         count      type   redop    root     time   algbw   busbw")
    size = 8
    while size <= 134217728:
        t = size / 2e4 + rng.random()
        lines.append(
            f"{size:12d}  {size // 4:12d}     float     sum      -1  {t:7.2f}  "
            f"{size / t / 1e3:6.2f}  {size / t / 1e3:6.2f}       0"
        )
        size *= 2
    lines += ["# Out of bounds values : 0 OK", "# Avg bus bandwidth    : 67.9284", "#"]
    return "\n".join(lines) + "\n"


def _progress(rng: random.Random) -> str:
    steps = "".join(f"\r[{'#' * (i // 5):<20}] {i:3d}% \x1b[K" for i in range(0, 101, 2))
    return f"Downloading nccl-tests-{rng.randint(1, 9)}.tar.gz\n{steps}\n\x1b[32mdone\x1b[0m\n"


def build_stream(megabytes: float, seed: int = 1) -> bytes:
    """A session of NCCL_DEBUG=INFO runs and friends, at least `megabytes` MB long."""
    rng = random.Random(seed)
    t = Transcript(aid=31337, cwd="/home/alice/nccl-tests").prompt()
    target = int(megabytes * 1_000_000)
    while t.size < target:
        pid = rng.randint(2000, 60000)
        kind = rng.random()
        if kind < 0.85:
            broken = rng.random() < 0.2
            ifname = "doesnotexist0" if broken else "eth0"
            line = f"NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME={ifname} ./build/all_reduce_perf -g 2"
            t.command(line, _nccl_run(rng, "node1", pid, broken), exit=3 if broken else 0)
        elif kind < 0.95:
            t.command("./fetch.sh", _progress(rng))
        else:  # a background job, its notice and the hooks' feedback land between prompts
            t.command("sleep 2 &", f"[1] {pid}\n")
            t.raw(f"[1]+  Done                    sleep 2\r\n\u2713 {rng.randint(1, 9)}/9 step\r\n")
    return bytes(t)


def measure(data: bytes, feed_bytes: int = FEED_BYTES) -> dict[str, Any]:
    """Parse `data` once in `feed_bytes` chunks; throughput in MB/s (10^6 bytes)."""
    parser = SessionParser("bench")
    commands = lines = 0
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    for i in range(0, len(data), feed_bytes):
        for ev in parser.feed(data[i : i + feed_bytes]):
            if isinstance(ev, OutputLines):
                lines += len(ev.lines)
            elif isinstance(ev, CommandEnded):
                commands += 1
    for ev in parser.close():
        commands += isinstance(ev, CommandEnded)
    wall = time.perf_counter() - start_wall
    cpu = time.process_time() - start_cpu
    mb = len(data) / 1e6
    return {
        "bytes": len(data),
        "commands": commands,
        "output_lines": lines,
        "feed_bytes": feed_bytes,
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
        "mb_per_s": round(mb / wall, 1),
        # on a shared machine CPU time is the steadier figure: wall time includes waiting to run
        "mb_per_cpu_s": round(mb / cpu, 1) if cpu > 0 else None,
    }


def _pin(cpu: int | None) -> str:
    """The parser is single-threaded; pinning also keeps the OS from moving it between cores."""
    if cpu is None:
        return "single thread, not pinned"
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    os.sched_setaffinity(0, {cpu})
    return f"pinned to cpu {cpu}"


def run(args: argparse.Namespace) -> int:
    data = build_stream(args.mb, args.seed)
    pinned = _pin(args.pin_cpu)
    best: dict[str, Any] | None = None
    for _ in range(args.repeat):
        result = measure(data, args.feed_bytes)
        if best is None or result["mb_per_s"] > best["mb_per_s"]:
            best = result
    assert best is not None
    best.update(repeat=args.repeat, cpu=pinned, target_mb_per_s=TARGET_MB_S)
    if args.json:
        print(json.dumps(best))
    else:
        print(
            f"parsed {best['bytes'] / 1e6:.1f} MB ({best['commands']} commands, "
            f"{best['output_lines']} output lines) in {best['seconds']:.2f} s "
            f"({best['cpu_seconds']:.2f} s CPU), {pinned}, best of {args.repeat}: "
            f"{best['mb_per_s']:.1f} MB/s wall, {best['mb_per_cpu_s']:.1f} MB/s per CPU second "
            f"(target {TARGET_MB_S:.0f} MB/s)"
        )
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench-parser",
        help="measure the capture parser's throughput on a generated NCCL_DEBUG=INFO session",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--mb", type=float, default=50.0, help="stream size in MB (default 50)")
    p.add_argument("--repeat", type=int, default=3, help="runs; the best is reported (default 3)")
    p.add_argument("--feed-bytes", type=int, default=FEED_BYTES, help="bytes per feed() call")
    p.add_argument("--seed", type=int, default=1, help="random seed of the generated stream")
    p.add_argument("--pin-cpu", type=int, metavar="N", help="pin the process to CPU N first")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)
