"""What the outbound tests share: a grader.yaml with an `outbound:` section, the delivery run
in this process until a condition holds, the crash driver run as a process of its own."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grader.config import GraderConfig, load_config
from grader.labs import Lab
from grader.outbound import Delivery, sinks_for
from grader.store import Store

from . import honest
from .lrs import PASSWORD, USERNAME

HERE = Path(__file__).resolve().parent
HOMEPAGE = "https://lms.example.edu"
ACTIVITY_BASE = "https://lms.example.edu/labs"
#: A whole run's events reach a local receiver within seconds; 90 s is a hang.
DELIVERED_TIMEOUT_S = 90.0


def write_config(
    tmp_path: Path,
    db: str,
    *,
    lrs_endpoint: str | None = None,
    batch: int = 50,
    webhooks: list[dict[str, Any]] | None = None,
) -> Path:
    outbound: dict[str, Any] = {"backoff": {"base_s": 0.2, "max_s": 1.0}}
    if lrs_endpoint is not None:
        outbound["xapi"] = {
            "endpoint": lrs_endpoint,
            "username": USERNAME,
            "password": {"env": "GRADER_TEST_LRS_PASSWORD"},
            "homepage": HOMEPAGE,
            "activity_base": ACTIVITY_BASE,
            "batch": batch,
            "timeout_s": 2,
        }
    if webhooks:
        outbound["webhooks"] = webhooks
    config = {
        "db": db,
        "labs": [str(honest.LAB_DIR)],
        "api": {"enabled": False},
        "outbound": outbound,
        # a node nobody listens for: the daemon's watcher retries it while the sinks deliver
        "nodes": [
            {
                "id": honest.NODE,
                "host": "127.0.0.1",
                "port": 9,
                "key": str(tmp_path / "no-such-key"),
                "known_hosts": "[127.0.0.1]:9 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI0000",
                "learners": {"alice": [honest.LAB_ID], "bob": [honest.LAB_ID]},
            }
        ],
    }
    path = tmp_path / "grader.yaml"
    path.write_text(json.dumps(config, indent=1))
    return path


def config_env() -> dict[str, str]:
    return {**os.environ, "GRADER_TEST_LRS_PASSWORD": PASSWORD}


def load(path: Path) -> GraderConfig:
    os.environ["GRADER_TEST_LRS_PASSWORD"] = PASSWORD
    return load_config(path)


def deliver_until(
    store: Store,
    config: GraderConfig,
    labs: dict[str, Lab],
    done: Callable[[], bool],
    *,
    also: Callable[[], None] | None = None,
    timeout_s: float = DELIVERED_TIMEOUT_S,
) -> None:
    """Run the real Delivery in an asyncio loop until `done()` (checked in a thread), calling
    `also()` once after the first check, then stop it as the daemon does (cancel)."""

    async def main() -> None:
        delivery = Delivery(
            store, sinks_for(config.outbound, labs), config.outbound.backoff, poll_s=0.2
        )
        task = asyncio.create_task(delivery.run())
        deadline = time.monotonic() + timeout_s
        first = True
        try:
            while not await asyncio.to_thread(done):
                if task.done():
                    task.result()
                if first and also is not None:
                    await asyncio.to_thread(also)
                first = False
                assert time.monotonic() < deadline, "not delivered in time"
                await asyncio.sleep(0.1)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(main())


def crash_driver(config: Path, kill_after: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, str(HERE / "crash_driver.py"), str(config), str(kill_after)],
        env=config_env(),
        cwd=HERE,
    )
