"""A grader's delivery that dies like a killed process: run as
`python crash_driver.py CONFIG KILL_AFTER`, it delivers the config's sinks from its database and
SIGKILLs itself right after the receiver's KILL_AFTER-th acknowledgement, before the cursor
moves: the window a crash loses nothing in only if the re-sent events are recognised.
KILL_AFTER 0: never (run until SIGTERM)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import httpx

from grader.config import load_config
from grader.labs import load_lab
from grader.outbound import Delivery, sinks_for
from grader.store import Store


async def main(config_path: str, kill_after: int) -> None:
    config = load_config(config_path)
    labs = {lab.id: lab for lab in map(load_lab, config.labs)}
    store = Store.open(config.db)
    acks = 0

    async def on_response(response: httpx.Response) -> None:
        nonlocal acks
        if response.is_success:
            acks += 1
            if acks == kill_after:
                os.kill(os.getpid(), signal.SIGKILL)

    client = httpx.AsyncClient(event_hooks={"response": [on_response]})
    delivery = Delivery(
        store, sinks_for(config.outbound, labs), config.outbound.backoff, client=client, poll_s=0.2
    )
    await delivery.run()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
