"""What one open session costs the daemon's ingest: `python -m tests.daemon.session_memory`.

NodeIngest is fed, with the real parser and engine and no I/O, N sessions of one learner in
three shapes, and tracemalloc gives the growth per session, before and after the idle walk
compacts them (BENCHMARKS.md, issue 37):

- `prompt`: a command run, then idle at the prompt (the usual open session);
- `open`: a command left running after 800 lines of output (a `top`, a build waiting);
- `osc`: a session ending in an `ESC ]` that never ends (250 KB carried).
"""

from __future__ import annotations

import argparse
import gc
import logging
import tempfile
import tracemalloc
from pathlib import Path

from grader.daemon import ingest as ingest_module
from grader.daemon.ingest import NodeIngest
from grader.protocol.frames import KIND_DATA, Frame

from .demo import LAB_ID, Shell, demo_lab

# (a tree from before idle compaction has no such constant: its idle walk only closes sessions)
COMPACT_IDLE_S: float = getattr(ingest_module, "SESSION_COMPACT_IDLE_S", 10.0)

SHAPES = ("prompt", "open", "osc")


def per_session(shape: str, sessions: int) -> tuple[float, float, int]:
    """KiB per session after feeding and after the idle walk (compaction), and how many
    sessions the learner's budget quarantined on the way."""
    lab = demo_lab(Path(tempfile.mkdtemp()))
    ing = NodeIngest("n", {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda _u, _l: None)
    index_at = 0

    def open_sessions(first: int, count: int) -> None:
        nonlocal index_at
        for i in range(first, first + count):
            sh = Shell(f"20261204T000000-{i}-0000a11c")
            line = sh.index_line("alice")
            ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", index_at, line), now=0.0)
            index_at += len(line)
            data = sh.header() + sh.command("ls", "a  b\r\n")
            if shape == "open":
                data += sh.start("top") + ("y" * 150 + "\r\n").encode() * 800
            elif shape == "osc":
                data += b"\x1b]633;E;" + b"a" * 250_000
            ing.feed(Frame(KIND_DATA, f"alice/{sh.session}.ts", 0, data), now=0.0)
            ing.take_batch()

    open_sessions(0, 20)  # the first engine, snapshot and caches are not a session's
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    open_sessions(20, sessions)
    gc.collect()
    fed = tracemalloc.get_traced_memory()[0] - base
    ing.close_idle(now=COMPACT_IDLE_S + 1)
    gc.collect()
    idle = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return fed / sessions / 1024, idle / sessions / 1024, getattr(ing, "shed_sessions", 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.daemon.session_memory")
    parser.add_argument("--sessions", type=int, default=300)
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)  # the osc shape's quarantines are audited, not shown
    for shape in SHAPES:
        fed, idle, shed = per_session(shape, args.sessions)
        print(f"{shape:7} {fed:6.1f} KiB/session fed {idle:6.1f} idle {shed:5d} quarantined")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
