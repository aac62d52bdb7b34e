"""Where the grader's CPU goes, by job: py-spy's samples of the `grader run` process.

`grader bench --profile` runs py-spy (a sampling profiler that reads the process from outside,
https://github.com/benfred/py-spy) against the grader during each phase's typing, in its raw
("collapsed stacks") format: one line per distinct stack, `frame;frame;…;frame COUNT`, each
frame `function (path:line)`, root first. This module is pure: it reads those lines and says
which job each sample's CPU belongs to; runner.py starts and stops py-spy.

A sample is given to a job by the innermost frame (nearest the leaf) that decides it:
- a frame of the `logging` package is "logging", whoever called it;
- else the innermost grader frame names the job by its module (JOBS): the JSON and the SSH
  send of a progress write are the write-back's, a SQLAlchemy statement is the store's;
- a stack with no grader frame is the library's own work: asyncssh receiving and decrypting a
  packet, SQLAlchemy or the HTTP server between calls (their socket writes through asyncio
  included); only a stack of nothing but asyncio and the executor is the event loop's own, or a
  hand-off between threads (a worker's result woken onto the loop: call_soon_threadsafe).

What py-spy cannot see: the garbage collector has no frame, so its time lands in the job whose
allocation started it. Samples where a thread waits (the selector, an idle worker, a condition)
are not CPU and are dropped (IDLE_LEAVES).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

#: A frame as py-spy writes it: `function (path:line)`; path is absolute.
_FRAME = re.compile(r"^(?P<func>.*) \((?P<path>[^():]*)(?::\d+)?\)$")

#: Leaves where a thread waits rather than runs: the loop's selector, an idle executor worker
#: (its queue's get is C, so the worker function is the leaf), a condition or event wait.
IDLE_LEAVES = frozenset(
    {
        ("select", "selectors.py"),
        ("_worker", "thread.py"),
        ("wait", "threading.py"),
        ("_wait_for_tstate_lock", "threading.py"),
    }
)

#: The jobs, in the order the table prints them.
RECEIVE = "SSH receive and send (asyncssh packets, crypto)"
FRAMES = "frames and ingest glue (watcher, ingest, protocol)"
PARSER = "parser (markers, output)"
CMDLINE = "command-line parse (bashlex)"
MATCHING = "matching (engine, checks, closeness)"
STORE = "store: statements and commit"
WRITEBACK = "progress write-back (document, JSON, its SSH send)"
FEED = "API and event feed (HTTP, SSE, JSON)"
LEASES = "leases"
POLLS = "probes, self-check, reset and announcement polls"
LOGGING = "logging"
THREADS = "thread hand-offs (executor, futures)"
LOOP = "event loop core (asyncio)"
OTHER = "other"
JOB_ORDER = (
    RECEIVE,
    FRAMES,
    PARSER,
    CMDLINE,
    MATCHING,
    STORE,
    WRITEBACK,
    FEED,
    LEASES,
    POLLS,
    LOGGING,
    THREADS,
    LOOP,
    OTHER,
)

# grader/<package>/<module>.py -> job; a package alone covers its modules not named.
_GRADER_MODULES = {
    "capture": PARSER,
    "matching/cmdline.py": CMDLINE,
    "matching/shellenv.py": CMDLINE,
    "matching": MATCHING,
    "labs": MATCHING,
    "verdict.py": MATCHING,
    "store/leases.py": LEASES,
    "daemon/leasekeeper.py": LEASES,
    "store/notify.py": FEED,
    "store": STORE,
    "daemon/committer.py": STORE,
    "api": FEED,
    "daemon/feedback.py": WRITEBACK,
    "daemon/feedback_loop.py": WRITEBACK,
    "daemon/announce_feed.py": POLLS,
    "daemon/probes.py": POLLS,
    "daemon/selfcheck.py": POLLS,
    "daemon/nodecommand.py": POLLS,
    "daemon/resets.py": POLLS,
    "daemon/logbudget.py": LOGGING,
    "daemon": FRAMES,
    "protocol": FRAMES,
}
# Modules whose caller decides the job: the process's entry (`grader run`, the root of every
# sample of the loop's thread) and helpers every job calls (JSON text, metrics).
_OUTER = frozenset({"cli.py", "daemon/run_cmd.py", "jsontext.py", "metrics.py"})
# Classes of daemon/transport.py whose callers decide: the reader's channel carries both the
# frames in and the progress lines out (its write is the write-back's SSH send).
_TRANSPORT_SHARED = frozenset({"ReaderChannel"})
# Functions of daemon/transport.py that belong to the progress write-back (the rest of that
# module is the stream of frames).
_WRITEBACK_FUNCS = frozenset({"send_progress", "progress_line"})

# site-packages/<top>/… or the standard library's module -> job, for stacks without a grader frame.
_LIBRARIES = {
    "asyncssh": RECEIVE,
    "cryptography": RECEIVE,
    "sqlalchemy": STORE,
    "sqlite3": STORE,
    "psycopg": STORE,
    "psycopg_pool": STORE,
    "starlette": FEED,
    "sse_starlette": FEED,
    "fastapi": FEED,
    "uvicorn": FEED,
    "h11": FEED,
    "anyio": FEED,
    "pydantic": FEED,
    "logging": LOGGING,
    "concurrent": THREADS,
    "threading.py": THREADS,
    "queue.py": THREADS,
    "asyncio": LOOP,
    "selectors.py": LOOP,
}


def _parts(path: str) -> list[str]:
    """The path from its import root: py-spy writes `grader/daemon/watcher.py` and
    `asyncssh/connection.py` (relative to the sys.path entry); an absolute path is cut at its
    site-packages or at the repository's `grader/`."""
    parts = path.replace("\\", "/").split("/")
    if "site-packages" in parts:
        return parts[len(parts) - parts[::-1].index("site-packages") :]
    if "grader" in parts and parts[0] != "grader":
        return parts[len(parts) - 1 - parts[::-1].index("grader") :]
    return parts


def _grader_job(parts: list[str], func: str) -> str | None:
    """The job of a frame in the grader package, None for a frame outside it."""
    if len(parts) < 2 or parts[0] != "grader" or parts[1] == "bench":
        return None  # the bench's own modules never run in the grader process
    rel = "/".join(parts[1:])
    if rel in _OUTER:
        return None
    if rel == "daemon/transport.py":
        if func.partition(".")[0] in _TRANSPORT_SHARED:
            return None  # the reader's channel: its caller says whether a frame or a write-back
        return WRITEBACK if func.rpartition(".")[2] in _WRITEBACK_FUNCS else FRAMES
    while rel:
        if rel in _GRADER_MODULES:
            return _GRADER_MODULES[rel]
        rel = rel.rpartition("/")[0]
    return OTHER


# asyncio's functions that hand work between threads: a worker's result woken onto the loop.
_HAND_OFFS = frozenset({"call_soon_threadsafe", "_write_to_self", "_read_from_self"})


def _library_job(parts: list[str]) -> str | None:
    """The job of a library frame (`asyncssh/…`, the standard library's `asyncio/…`,
    `threading.py`) when no grader frame is nearer the leaf."""
    return _LIBRARIES.get(parts[0]) if parts else None


def frames_of(stack: str) -> list[tuple[str, str]]:
    """`(function, path)` per frame of one collapsed stack, root first."""
    out = []
    for text in stack.split(";"):
        m = _FRAME.match(text)
        out.append((m["func"], m["path"]) if m else (text, ""))
    return out


def job_of(frames: list[tuple[str, str]]) -> str | None:
    """The job one sample's CPU belongs to; None for a waiting thread (no CPU)."""
    if not frames:
        return None
    func, path = frames[-1]
    if (func.rpartition(".")[2], path.rpartition("/")[2]) in IDLE_LEAVES:
        return None
    library: str | None = None  # the innermost library frame's job, asyncio's and threads' aside
    machinery: str | None = None  # the innermost asyncio or executor frame's
    for func, path in reversed(frames):
        parts = _parts(path)
        lib = _library_job(parts)
        if lib == LOGGING:
            return LOGGING
        job = _grader_job(parts, func)
        if job is not None:
            return job
        if func.rpartition(".")[2] in _HAND_OFFS and machinery is None:
            machinery = THREADS
        elif lib in (LOOP, THREADS):
            machinery = machinery or lib
        elif library is None:
            library = lib
    return library or machinery or OTHER


def jobs(lines: Iterable[str]) -> Counter[str]:
    """Busy samples per job, from py-spy's raw output."""
    counts: Counter[str] = Counter()
    for line in lines:
        stack, _, n = line.rstrip("\n").rpartition(" ")
        if not stack or not n.isdigit():
            continue
        job = job_of(frames_of(stack))
        if job is not None:
            counts[job] += int(n)
    return counts


def table(counts: Counter[str], cpu_ms_per_step: float | None) -> list[dict[str, object]]:
    """One row per job: its busy samples, its share, and that share of a verified step's CPU."""
    total = sum(counts.values())
    rows: list[dict[str, object]] = []
    for job in JOB_ORDER:
        n = counts.get(job, 0)
        share = n / total if total else 0.0
        rows.append(
            {
                "job": job,
                "samples": n,
                "share": round(share, 4),
                "ms_per_step": None
                if cpu_ms_per_step is None
                else round(share * cpu_ms_per_step, 3),
            }
        )
    return rows
