"""Test helpers: a node's spool on local disk, a grader.yaml pointing at an SSH peer, waiting."""

from __future__ import annotations

import json
import time
from pathlib import Path

from .demo import Shell, write_lab

LEARNER = "alice"
NODE_ID = "node-1"


class Spool:
    """<root>/spool/<learner>/ and <root>/progress/, as the capture shell lays them out."""

    def __init__(self, root: Path, learner: str = LEARNER):
        self.root = root
        self.dir = root / "spool" / learner
        self.dir.mkdir(parents=True, exist_ok=True)
        (root / "progress" / learner).mkdir(parents=True, exist_ok=True)
        self.learner = learner

    def begin(self, shell: Shell) -> None:
        with (self.dir / "sessions.jsonl").open("ab") as fh:
            fh.write(shell.index_line(self.learner))
        self.append(shell, shell.header())

    def append(self, shell: Shell, data: bytes) -> None:
        with (self.dir / f"{shell.session}.ts").open("ab") as fh:
            fh.write(data)

    def progress(self) -> dict | None:
        p = self.root / "progress" / self.learner / "progress.json"
        return json.loads(p.read_text()) if p.exists() else None


def write_config(
    tmp: Path,
    peer,
    spool_root: Path,
    known_hosts: str | None = None,
    *,
    db: str = "sqlite:///grader.db",
    api: dict | None = None,
    learners: dict[str, list[str]] | None = None,
    **daemon,
):
    """A grader.yaml for one node (the peer) with the demo lab; returns its path. `db`, `api`
    and the node's `learners` replace the defaults (SQLite beside it, no API, alice)."""
    lab_dir = write_lab(tmp / "labs", tmp / "flag")
    settings = {
        "owner": "test-daemon",
        "lease_ttl_s": 3,
        "connect_timeout_s": 5,
        "keepalive_interval_s": 2,
        "backoff": {"base_s": 0.05, "max_s": 0.5},
    }
    settings.update(daemon)
    cfg = {
        "db": db,
        "labs": [str(lab_dir)],
        "api": api or {"enabled": False},
        "nodes": [
            {
                "id": NODE_ID,
                "host": "127.0.0.1",
                "port": peer.port,
                "user": "labgrader",
                "key": str(peer.client_key),
                "known_hosts": [known_hosts or peer.known_hosts_line],
                "learners": learners or {LEARNER: ["daemon-demo"]},
                "spool_root": str(spool_root),
            }
        ],
        "daemon": settings,
    }
    path = tmp / "grader.yaml"
    path.write_text(json.dumps(cfg, indent=2))  # JSON is YAML
    return path


def wait_for(pred, timeout: float = 20.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
