"""Fixtures for forgery tests: a real captured bash (grader.authoring.record) with the simulated GPU
programs on PATH, graded by the daemon's own ingest into a real SQLite store."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.authoring.record import Recorder
from grader.authoring.sandbox import install_simulator
from grader.daemon.ingest import NodeIngest
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store
from grader.store.model import AuditEntry, StepProgress

REPO = Path(__file__).resolve().parents[3]
SEED_LAB = REPO / "labs" / "nccl-bootstrap"
USER = getpass.getuser()
NODE = "forgery-node"
# Frames the size the spool reader sends (its read chunk): the carry logic runs as on a node.
FRAME_BYTES = 4096


@pytest.fixture(scope="session")
def seed_lab() -> Lab:
    return load_lab(SEED_LAB)


@pytest.fixture(scope="session")
def sim_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("sim")
    install_simulator(root / "lib", root / "bin")
    return str(root / "bin")


@dataclass
class Graded:
    """One recorded session graded the way the daemon grades it."""

    progress: dict[str, str]  # step -> state
    audit: list[AuditEntry]
    raw: bytes

    @property
    def verified(self) -> set[str]:
        return {step for step, state in self.progress.items() if state == "verified"}

    def anomaly_kinds(self) -> set[str]:
        return {e.kind.removeprefix("anomaly:") for e in self.audit if e.suspicious}


def grade_spool(root: Path, lab: Lab, store_path: Path) -> Graded:
    """Feed every spool file under root through NodeIngest into a fresh SQLite store."""
    store = Store.open(f"sqlite:///{store_path}")
    try:
        store.upsert_node(NODE, "127.0.0.1", 22, [USER])
        ing = NodeIngest(NODE, {USER: (lab.id,)}, {lab.id: lab}, {}, store.snapshot)
        spool = root / "spool" / USER
        raw = b""
        for path in [spool / "sessions.jsonl", *sorted(spool.glob("*.ts"))]:
            data = path.read_bytes()
            raw += data if path.suffix == ".ts" else b""
            for off in range(0, len(data), FRAME_BYTES):
                ing.feed(
                    Frame(KIND_DATA, f"{USER}/{path.name}", off, data[off : off + FRAME_BYTES])
                )
        while (taken := ing.take_batch()) is not None:
            store.ingest(taken[0])
        progress: list[StepProgress] = store.progress(USER, lab.id)
        return Graded({p.step: p.state for p in progress}, store.audit(), raw)
    finally:
        store.close()


@pytest.fixture
def learner(tmp_path: Path, sim_path: str, seed_lab: Lab) -> Callable[[list[str]], Graded]:
    """learner(lines): type the lines into a fresh captured bash, exit, grade the spool."""

    def play(lines: list[str], *, env: dict[str, str] | None = None) -> Graded:
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        root = tmp_path / "root"
        # login start-up replays /etc/profile (which resets PATH), then ~/.profile: put the
        # simulated GPU programs on PATH there, as provisioning links them on a node
        (home / ".profile").write_text(f'export PATH="{sim_path}:$PATH" NCCL_DEBUG=WARN\n')
        rec = Recorder(root, env={"HOME": str(home), **(env or {})}).start()
        try:
            for line in lines:
                rec.run(line)
        finally:
            rec.close()
        return grade_spool(root, seed_lab, tmp_path / "store.db")

    return play
