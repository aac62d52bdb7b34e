"""The benchmark's learner: one real session recorded through the capture shell, with its pacing.

`record()` types data/session.script (the seed lab done honestly, with think pauses, an
NCCL_DEBUG=INFO run whose full output is large) into the real capture shell (`script -qf` + the
hooks, via grader.authoring.record) with the simulated nvidia-smi / nccl-tests on PATH, and
watches the session file grow: every RECORD_POLL_S it notes (seconds since start, file size).
The replay in farm.py appends the same bytes at the same offsets at the same relative times, so
the grader sees what a real node's spool would show, keystroke echoes and all.

Regenerate with `grader bench --record` (about a minute of typing at human speed).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import grader.authoring.record
from grader.authoring import install_simulator
from grader.labs import load_lab

# A human types 5-10 keys/s; 0.1 s per key is the pace a learner copying a command types at.
KEY_DELAY_S = 0.1
# Growth sampling: finer than the reader's 50 ms poll, so replayed pacing is never coarser than
# what the daemon can observe.
RECORD_POLL_S = 0.005
LAB = "nccl-bootstrap"


@dataclass(frozen=True)
class Recording:
    """Session bytes, its sessions.jsonl entry, and when each prefix of the bytes existed."""

    data: bytes
    index: dict
    timeline: list[tuple[float, int]]  # (seconds since the session began, bytes written by then)

    @property
    def duration_s(self) -> float:
        return self.timeline[-1][0] if self.timeline else 0.0

    @property
    def nonce(self) -> str:
        return str(self.index["nonce"])


def data_dir() -> Path:
    return Path(str(resources.files("grader.bench") / "data"))


def load() -> Recording:
    """The recording shipped with the package."""
    d = data_dir()
    raw = json.loads((d / "session.timeline.json").read_text())
    timeline = [(float(t), int(n)) for t, n in raw]
    return Recording(
        data=(d / "session.ts").read_bytes(),
        index=json.loads((d / "session.jsonl").read_text()),
        timeline=timeline,
    )


class _Watcher(threading.Thread):
    """Samples the size of the first .ts file that appears under the spool."""

    def __init__(self, spool: Path):
        super().__init__(daemon=True)
        self.spool = spool
        self.samples: list[tuple[float, int]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        start = None
        last = -1
        while not self.stop.is_set():
            found = sorted(self.spool.glob("*/*.ts"))
            if found:
                size = found[0].stat().st_size
                now = time.monotonic()
                if start is None:
                    start = now
                if size != last:
                    self.samples.append((round(now - start, 4), size))
                    last = size
            time.sleep(RECORD_POLL_S)


def record(labs_dir: Path, out: Path | None = None) -> Recording:
    """Type session.script into the real capture shell; write session.{ts,jsonl,timeline.json}."""
    out = out or data_dir()
    lab = load_lab(labs_dir / LAB)
    script = (data_dir() / "session.script").read_text().splitlines()
    # A fixed, machine-neutral place, so paths inside the transcript name no checkout.
    base = Path(tempfile.gettempdir()) / "labgrader-bench-rec"
    shutil.rmtree(base, ignore_errors=True)
    lib = base / "lib"
    shutil.copytree(grader.authoring.record.node_file("capture-shell").parent, lib, symlinks=True)
    home, root, etc, bin_ = base / "home", base / "root", base / "etc", base / "bin"
    for d in (home, root, etc, bin_):
        d.mkdir(parents=True)
    install_simulator(base / "sim", bin_)
    (bin_ / "lab").symlink_to(lib / "lab")
    (etc / "environment").write_text("".join(f"{k}={v}\n" for k, v in lab.environment.items()))
    (home / ".profile").write_text(f'PATH="{bin_}:$PATH"\n')
    env_lines = [f"@env HOME={home}", f"@env LABGRADER_ETC={etc}"]
    here = Path.cwd()
    original = grader.authoring.record.node_file
    watcher = _Watcher(root / "spool")
    watcher.start()
    try:
        grader.authoring.record.node_file = lambda name: lib / name
        os.chdir(home)
        rec = grader.authoring.record.play(env_lines + script, root, KEY_DELAY_S)
    finally:
        os.chdir(here)
        grader.authoring.record.node_file = original
        time.sleep(0.2)
        watcher.stop.set()
        watcher.join()
    entry = next(r for r in rec.sessions() if r["kind"] == "login")
    data = rec.session_file(entry).read_bytes()
    timeline = [(t, n) for t, n in watcher.samples if n <= len(data)]
    if not timeline or timeline[-1][1] != len(data):
        timeline.append((timeline[-1][0] if timeline else 0.0, len(data)))
    shutil.rmtree(base, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    (out / "session.ts").write_bytes(data)
    (out / "session.jsonl").write_text(json.dumps(entry) + "\n")
    (out / "session.timeline.json").write_text(json.dumps(timeline))
    return Recording(data, entry, timeline)
