"""A real uvicorn server on a free loopback port, in a thread, for streaming tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

# uvicorn binds in well under a second here; 10 s covers a loaded CI machine.
STARTUP_TIMEOUT_S = 10.0
# At shutdown uvicorn waits for open responses; an event stream a page still follows never ends
# by itself, so after this long its task is cancelled (the app's lifespan shutdown still runs).
# Without it every browser test's teardown waited out the 10 s join below.
GRACEFUL_SHUTDOWN_S = 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(app: FastAPI) -> Iterator[str]:
    """Serve `app` and yield its base URL; shut the server down afterwards."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
