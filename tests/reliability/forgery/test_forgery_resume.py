"""The unannounced-shell audit survives daemon restarts without false alarms.

Why: after a crash the daemon restarts a session's parser fresh (no parser state is stored) at
the stored resume offset, just after the login shell's last D marker with nothing in flight
(grader/daemon/ingest.py). The parser knows a shell only from its 133;A, so a restarted parser
must meet that A again before the shell's next C: the hooks print it in the same precmd run as
the D. Here a real captured bash with a nested shell is re-ingested through NodeIngest into a real
SQLite store, killed (its unflushed batch lost) at growing points and restarted each time from
the store's offsets: every command is graded as in one uninterrupted pass and the audit log stays
empty.
"""

from __future__ import annotations

from pathlib import Path

from grader.daemon.ingest import NodeIngest
from grader.labs.model import Lab
from grader.node.paths import node_file
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

from .conftest import NODE, USER
from .test_forgery_local import RUN_BROKEN

FRAME = 97  # bytes per frame: many restart points, markers cut anywhere
REACH = 640  # each daemon life reads this much further into the file than the one before


def ingest_with_crashes(spool: Path, lab: Lab, db: Path) -> tuple[Store, set[int]]:
    """Re-ingest the spool, one daemon life after another; the store and the offsets resumed at."""
    store = Store.open(f"sqlite:///{db}")
    store.upsert_node(NODE, "127.0.0.1", 22, [USER])
    index = (spool / "sessions.jsonl").read_bytes()
    (ts,) = spool.glob("*.ts")  # the nested shell runs on the login's tty: one session file
    data, path = ts.read_bytes(), f"{USER}/{ts.name}"
    starts: set[int] = set()
    for life in range(1, len(data) // REACH + 2):
        ing = NodeIngest(
            NODE, {USER: (lab.id,)}, {lab.id: lab}, store.offsets(NODE), store.snapshot
        )
        ing.feed(Frame(KIND_DATA, f"{USER}/sessions.jsonl", 0, index))
        start = ing.start_offsets().get(path, 0)
        starts.add(start)
        end = min(len(data), life * REACH)
        for off in range(start, end, FRAME):
            ing.feed(Frame(KIND_DATA, path, off, data[off : min(off + FRAME, end)]))
            if off // FRAME % 3 == 0 and (taken := ing.take_batch()) is not None:
                store.ingest(taken[0])  # batches close at varying points; the last is lost
        if end == len(data) and (taken := ing.take_batch()) is not None:
            store.ingest(taken[0])  # the last life runs to the end and flushes
    return store, starts


def test_restarted_daemon_knows_the_shells_and_audits_nothing(learner, seed_lab, tmp_path) -> None:
    guard = node_file("bashrc-guard.bash")
    clean = learner(
        ["echo warm-up", f"bash --rcfile {guard} -i", RUN_BROKEN, "exit", "echo $?", "true"]
    )
    assert {"run-broken"} <= clean.verified and not clean.anomaly_kinds(), clean.audit
    store, starts = ingest_with_crashes(
        tmp_path / "root" / "spool" / USER, seed_lab, tmp_path / "r.db"
    )
    try:
        # Restarted mid-file more than once. A life resumes at the last committed command's end,
        # so how many distinct points there are depends on where this recording's commands end
        # (a CI run's recording gave {0, 640, 2971}): two mid-file points is what every one has.
        assert len(starts - {0}) >= 2, starts
        progress = {p.step: p.state for p in store.progress(USER, seed_lab.id)}
        assert progress == clean.progress
        assert not [e for e in store.audit() if e.suspicious], store.audit()
    finally:
        store.close()
