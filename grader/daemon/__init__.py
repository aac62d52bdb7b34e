"""The grader daemon: leases nodes, streams their spools over SSH, grades, stores, feeds back.

Data flow (one module per job): transport (SSH, spool frames) -> ingest (parser, engine, store
batch) -> committer (group commit) -> feedback_loop and feedback (progress files on the node)
and probes (read-only checks). watcher runs all of it for one leased node; service's Daemon
leases the nodes (leasekeeper), starts their watchers, writes their lags (lagboard) and embeds
the API (grader.api.server). grader.yaml is read by grader.config.

What other packages use is named here and imported on first use, so `import grader.daemon.ingest`
(sans-I/O) loads neither asyncssh nor SQLAlchemy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grader.daemon.leasekeeper import LeaseKeeper
    from grader.daemon.run_cmd import register
    from grader.daemon.service import Daemon
    from grader.daemon.transport import ENCRYPTION_ALGS, reader_script
    from grader.daemon.watcher import NodeWatcher

__all__ = ["ENCRYPTION_ALGS", "Daemon", "LeaseKeeper", "NodeWatcher", "reader_script", "register"]

_HOMES = {
    "Daemon": "grader.daemon.service",
    "LeaseKeeper": "grader.daemon.leasekeeper",
    "NodeWatcher": "grader.daemon.watcher",
    "reader_script": "grader.daemon.transport",
    "ENCRYPTION_ALGS": "grader.daemon.transport",  # the ciphers a node is offered (bench floor)
    "register": "grader.daemon.run_cmd",  # `grader run`
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        module = importlib.import_module(home)
    except AttributeError as exc:  # else `from grader.daemon import X` hides it as a missing X
        raise ImportError(f"importing {home}: {exc}") from exc
    return getattr(module, name)
