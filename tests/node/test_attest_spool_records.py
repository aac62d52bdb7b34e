"""The spool reader streams run records (grader/protocol/run_record.py) like the index: root's
(the directory owner's) files only, at once, and before the session bytes that end their command.
The real reader runs as a subprocess, as the daemon starts it (tests/daemon/framing.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from daemon.framing import ReaderProcess, file_bytes

from grader.protocol import run_record
from grader.protocol.frames import KIND_DATA, KIND_REFUSED

END = b"\x1b]133;D;aid=1;n=1;x=0;k=ab\x07"


@pytest.mark.parametrize("wake", ["inotify", "poll"])
def test_records_go_before_the_end_of_their_command_and_foreign_ones_are_refused(
    tmp_path: Path, wake: str
) -> None:
    d = tmp_path / "spool" / "alice"
    d.mkdir(parents=True)
    (d / "sessions.jsonl").write_text(json.dumps({"session": "s1", "nonce": "ab"}) + "\n")
    session = d / "s1.ts"
    session.write_bytes(b"typing")
    keeper = run_record.Keeper(merged=True)
    keeper.feed(1, b"# Avg bus bandwidth : 42.0\n")
    record = keeper.encode()
    name = run_record.record_name("s1", 7, 1.5)
    r = ReaderProcess(tmp_path, wake=wake)
    try:
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"typing")
        # as the helper does: the record under a dot-name, renamed, then the command's end
        (d / f".{name}.tmp").write_bytes(record)
        os.rename(d / f".{name}.tmp", d / name)
        foreign = d / run_record.record_name("s1", 8, 1.5)
        foreign.write_bytes(record)
        os.chown(foreign, 12345, 12345)
        with session.open("ab") as fh:
            fh.write(END)
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts").endswith(END))
        r.read_until(lambda fs: f"alice/{foreign.name}" in {f.path for f in fs})
    finally:
        rc, err = r.close()
    assert rc == 0, err
    data = [f for f in r.frames if f.kind == KIND_DATA]
    paths = [f.path for f in data]
    assert file_bytes(r.frames, f"alice/{name}") == record
    assert paths.index(f"alice/{name}") < max(
        i for i, f in enumerate(data) if f.path == "alice/s1.ts" and END in f.data
    )
    refused = {f.path: f.data.decode() for f in r.frames if f.kind == KIND_REFUSED}
    assert "owned by uid 12345" in refused[f"alice/{foreign.name}"]
    assert f"alice/.{name}.tmp" not in paths
