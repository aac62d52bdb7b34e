"""`grader run`: the daemon — watch the configured nodes, grade, store, feed back, serve the API."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import sys
import time
from pathlib import Path

from grader.printable import printable

LOG_FORMAT = "ts=%(asctime)s level=%(levelname)s logger=%(name)s %(message)s"
# The cyclic collector's young-generation threshold (CPython's default: 700). See tune_gc().
GC_GEN0_THRESHOLD = 20_000
#: The pid file's name beside the config, unless --pid-file names one.
PID_FILE = "grader.pid"


def tune_gc() -> None:
    """Fewer full collections, over fewer objects.

    Why: a daemon watching 1,000 nodes holds about a million long-lived objects (connections,
    parsers, grading engines). Each full (generation 2) collection walks all of them, stopping
    every node's grading for 230-300 ms; with CPython's default thresholds four such collections
    in a 60 s benchmark class are most of the p99 (measured, BENCHMARKS.md). What is built while
    starting (modules, labs, the API app) lives as long as the process: freeze() takes it out of
    every collection. A young generation ~30x larger lets a command's short-lived objects die
    young instead of being promoted, and full collections become rare. Reference counting still
    frees everything that is not in a cycle at once; cycles wait longer, not forever.
    """
    gc.collect()
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GC_GEN0_THRESHOLD, gen1, gen2)


class _UtcFormatter(logging.Formatter):
    """UTC times, and one record per line whatever a node put in a field: the message (not a
    traceback, which is ours) goes through grader.printable, so a newline or an escape sequence
    in a file name, a command line or a reader's message cannot start a forged record."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return printable(super().formatMessage(record))

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + (
            f".{int(record.msecs):03d}Z"
        )


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "run",
        help="run the grader daemon: stream nodes' spools over SSH, grade, serve the API",
        description=(
            "Run the labgrader daemon from a grader.yaml (see docs/daemon.md).\n"
            "It leases the configured nodes in the database (several daemons can share one\n"
            "PostgreSQL), streams each node's capture spool over SSH with a pinned host key,\n"
            "grades every finished command against the learner's labs, records progress once\n"
            "and only once, writes progress/<user>/progress.json back to the node, and serves\n"
            "the HTTP API in the same process. Logs are key=value lines on stderr, one per event.\n"
            "SIGTERM or SIGINT: flush, release the leases and exit 0.\n"
            "SIGHUP (or `grader reload`): read grader.yaml again and apply it without a restart."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", required=True, help="grader.yaml")
    p.add_argument("--db", help="database URL (default: the config's db)")
    p.add_argument(
        "--reader",
        choices=("auto", "reader", "sftp"),
        default="auto",
        help="how to follow the spool: the python3 reader on the node, falling back to SFTP "
        "polling when python3 is missing (auto, the default), or force one of them",
    )
    p.add_argument("--log-level", default="INFO", help="DEBUG, INFO (default), WARNING, ERROR")
    p.add_argument(
        "--pid-file",
        help=f"where to write this process's id for `grader reload` (default: {PID_FILE} "
        "beside the config; several daemons started from one folder each need their own)",
    )
    p.set_defaults(func=run)


def pid_file_for(config: str, given: str | None) -> Path:
    """The pid file `grader run` writes and `grader reload` reads."""
    return Path(given) if given else Path(config).resolve().parent / PID_FILE


def _write_pid(path: Path) -> bool:
    """This process's id into `path` (temp file + rename); False, logged, when it cannot be
    written: the daemon runs all the same (`kill -HUP PID` reloads it too)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        tmp.write_text(f"{os.getpid()}\n")
        tmp.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):  # a read-only folder refuses the unlink too (EROFS)
            tmp.unlink(missing_ok=True)
        logging.getLogger("grader.daemon").warning(
            "event=pid_file_not_written path=%s detail=%s", path, exc.strerror or exc
        )
        return False
    return True


def _remove_pid(path: Path) -> None:
    """The pid file, removed if it still names this process (another daemon may have taken it)."""
    try:
        if path.read_text().strip() == str(os.getpid()):
            path.unlink()
    except OSError:
        pass


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from grader.daemon.reload import read_config
    from grader.daemon.service import Daemon
    from grader.store import Store

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_UtcFormatter(LOG_FORMAT))
    logging.basicConfig(level=args.log_level.upper(), handlers=[handler], force=True)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # its INFO is per-channel chatter
    found = read_config(Path(args.config))  # what a reload reads too
    if isinstance(found, list):
        for problem in found:
            print(problem, file=sys.stderr)
        return 2
    config, labs = found
    if args.db:
        config = replace(config, db=args.db)
    store = Store.open(config.db)
    if config.api.enabled:
        # The daemon imports the web stack at start: loaded here, tune_gc freezes it too.
        from grader.api import create_app  # noqa: F401
    tune_gc()
    pid_file = pid_file_for(args.config, args.pid_file)
    wrote = _write_pid(pid_file)
    try:
        asyncio.run(Daemon(config, store, labs, reader_mode=args.reader).run())
    finally:
        if wrote:
            _remove_pid(pid_file)
        store.close()
    return 0
