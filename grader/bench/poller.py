"""The baseline: a check-script poller, as Check-button lab platforms grade.

Every INTERVAL seconds per node (random phase, so polls spread evenly), a NEW SSH connection
(pinned host key, public-key auth, like the daemon's) runs one check over the learner's spool and
disconnects. The check is deliberately the cheapest one that could grade this lab: one `grep` of
the finished-command markers (exit, n, t), and the poller counts a step verified when the command
the real grader verified it with (the daemon run's evidence: command n -> step) shows up. A real
check script would run one grep per step, so every figure here flatters the poller.

Runs as its own process so its CPU time is its own: reads a JSON job on stdin, prints a JSON result.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shlex
import sys
import time
from typing import Any, cast

import asyncssh

from grader.bench.farm import CHECK_PATTERN

# A poller opens connections in parallel (fabric's ThreadingGroup, Ansible's forks); 32 is a
# generous pool for two cores, far above sshd's default MaxStartups of 10 per real node (each
# simulated node is its own server, so that limit does not bind here).
CONCURRENCY = 32
CONNECT_TIMEOUT_S = 15.0
_D = re.compile(rb"n=(\d+);h=\d*;t=([0-9.]+)")


def check_command(root: str, learner: str) -> str:
    files = f"{root}/spool/{learner}/*.ts"
    return f"grep -a -o -h -E {shlex.quote(CHECK_PATTERN)} -- {files}"


async def poll_node(node: dict, job: dict, sem: asyncio.Semaphore, out: dict, until: float):
    verify = {int(n): step for n, step in job["verify_n"].items()}
    seen: set[int] = set()
    known = asyncssh.import_known_hosts(f"[127.0.0.1]:{node['port']} {job['host_key']}\n")
    cmd = check_command(node["root"], node["learner"])
    await asyncio.sleep(random.uniform(0, job["interval_s"]))
    while time.time() < until:
        started = time.time()
        try:
            async with (
                sem,
                asyncssh.connect(
                    "127.0.0.1",
                    port=node["port"],
                    username=job["user"],
                    client_keys=[job["client_key"]],
                    known_hosts=known,
                    connect_timeout=CONNECT_TIMEOUT_S,
                    agent_path=None,
                    config=[],
                ) as conn,
            ):
                res = await conn.run(cmd, check=False, encoding=None)
            got = time.time()
            out["polls"] += 1
            for m in _D.finditer(cast(bytes, res.stdout or b"")):  # encoding=None: bytes
                n = int(m[1])
                if n in verify and n not in seen:
                    seen.add(n)
                    out["latencies"].append(got - float(m[2]))
        except (OSError, asyncssh.Error, TimeoutError) as exc:
            out["errors"] += 1
            out["last_error"] = str(exc)
        await asyncio.sleep(max(0.0, job["interval_s"] - (time.time() - started)))


async def main_async(job: dict) -> dict:
    out: dict[str, Any] = {"polls": 0, "errors": 0, "latencies": [], "last_error": None}
    sem = asyncio.Semaphore(CONCURRENCY)
    until = time.time() + job["duration_s"]
    cpu0 = time.process_time()
    await asyncio.gather(*(poll_node(n, job, sem, out, until) for n in job["nodes"]))
    out["cpu_s"] = time.process_time() - cpu0
    out["verified"] = len(out["latencies"])
    return out


def main() -> int:
    job = json.loads(sys.stdin.readline())
    print(json.dumps(asyncio.run(main_async(job))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
