"""The API served inside another program's asyncio loop: `grader run` embeds it.

`app_for_config` builds the app for both ways of serving it, the daemon's and `grader serve`'s,
from the same grader.yaml, so each class view answers the same whichever process serves it.

The daemon owns the process's signals (SIGTERM/SIGINT stop its watchers first), so this server
installs none and is stopped by the daemon instead (EmbeddedServer.stop). `grader serve` runs
the API alone with uvicorn's own handling (serve_cmd.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from grader.api.app import create_app
from grader.api.settings import ApiSettings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from grader.config import GraderConfig
    from grader.labs import Lab
    from grader.store import Store

#: Upper bound on waiting for in-flight HTTP requests at shutdown; event streams end at once.
API_GRACEFUL_SHUTDOWN_S = 5


class EmbeddedServer:
    """uvicorn in the caller's loop, without its own signal handling."""

    def __init__(self, app: FastAPI, host: str, port: int):
        import uvicorn

        self.app = app

        class Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield

        # An open SSE stream (a dashboard tab) would otherwise hold shutdown open forever:
        # uvicorn waits for it, and sse-starlette only notices an exit through uvicorn's own
        # signal handlers, which this server does not install (see stop()).
        self.server = Server(
            uvicorn.Config(
                app,
                host=host,
                port=port,
                log_level="warning",
                timeout_graceful_shutdown=API_GRACEFUL_SHUTDOWN_S,
            )
        )

    def reconfigure(self, config: GraderConfig, labs: Mapping[str, Lab]) -> None:
        """grader.yaml read again: its tokens, labs and learners from the next request on
        (create_app's `reconfigure`); host and port stay the ones it listens on."""
        self.app.state.reconfigure(ApiSettings.from_config(config, labs))

    async def serve(self) -> None:
        await self.server.serve()

    def stop(self) -> None:
        from sse_starlette.sse import AppStatus

        AppStatus.should_exit = True  # ends every open event stream now
        self.server.should_exit = True


def app_for_config(
    store: Store, config: GraderConfig, labs: Mapping[str, Lab] | None = None
) -> FastAPI:
    """The API over `store` as grader.yaml configures it: its tokens, limits, learner -> labs
    map and labs (`labs`: already loaded by the caller; None: loaded from the config)."""
    return create_app(store, ApiSettings.from_config(config, labs))


def embedded_server(store: Store, config: GraderConfig, labs: Mapping[str, Lab]) -> EmbeddedServer:
    """The API over `store` for labs already loaded, listening where grader.yaml's `api` says."""
    return EmbeddedServer(app_for_config(store, config, labs), config.api.host, config.api.port)
