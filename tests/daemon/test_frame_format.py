"""One frame format: the node's writer (grader/node/files/spool_reader.py) imports it from
grader/protocol/frames.py, the daemon's reader, and holds no copy; the bundle the daemon sends
(transport.reader_script) runs with nothing installed; and the ingest, sans-I/O, loads neither SSH
nor the database."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.daemon.transport import reader_command, reader_script
from grader.node.paths import node_file, node_module
from grader.protocol import frames

# Run in a fresh interpreter: CPython 3.11's ast.parse can raise "SystemError: AST constructor
# recursion depth mismatch" in a process where an earlier test hit a RecursionError in the
# parser (seen once in a full run here); a child process has a clean counter.
_NAMES = """
import ast, json, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
assigned = [t.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name)]
imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
print(json.dumps({"assigned": assigned, "imported": imported}))
"""


def test_the_node_reader_has_no_copy_of_the_format() -> None:
    got = subprocess.run(
        [sys.executable, "-c", _NAMES, str(node_file("spool_reader.py"))],
        capture_output=True,
        text=True,
        check=True,
    )
    names = json.loads(got.stdout)
    assigned = set(names["assigned"])
    assert not {n for n in assigned if n in ("MAGIC", "HEADER") or n.startswith("KIND_")}
    imported = set(names["imported"])
    assert "grader.protocol.frames" in imported
    reader = node_module("spool_reader.py")
    assert reader.write_frame is frames.write
    assert reader.KIND_HELLO is frames.KIND_HELLO


def test_the_sent_bundle_runs_with_nothing_installed(tmp_path) -> None:
    """`python3 -I -S` in an empty directory: no site-packages, no grader package, no cwd on
    sys.path; the frames decode with the daemon's FrameDecoder."""
    spool = tmp_path / "root" / "spool" / "alice"
    spool.mkdir(parents=True)
    (spool / "s1.ts").write_bytes(b"hello")
    empty = tmp_path / "empty"
    empty.mkdir()
    script = reader_script()
    assert script.isascii()
    cmd = reader_command(len(script)).replace("python3", f"{sys.executable} -I -S", 1)
    start = json.dumps({"root": str(tmp_path / "root"), "offsets": {}, "wake": "poll"})
    proc = subprocess.Popen(
        ["sh", "-c", cmd], cwd=empty, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(script + start.encode() + b"\n")
    proc.stdin.flush()
    decoder = frames.FrameDecoder()
    got: list[frames.Frame] = []
    try:
        while not any(f.kind == frames.KIND_DATA for f in got):
            data = proc.stdout.read1(65536)
            assert data, proc.stderr.read() if proc.stderr else b""
            got += decoder.feed(data)
    finally:
        proc.stdin.close()
        rc = proc.wait(10)
    assert got[0].kind == frames.KIND_HELLO
    hello = json.loads(got[0].data)
    assert hello["v"] == 1
    assert [(f.path, f.offset, f.data) for f in got if f.kind == frames.KIND_DATA] == [
        ("alice/s1.ts", 0, b"hello")
    ]
    assert rc == 0, proc.stderr.read() if proc.stderr else b""


@given(
    kind=st.integers(1, 8),
    path=st.text(min_size=0, max_size=60),
    offset=st.integers(0, 2**40),
    data=st.binary(max_size=2000),
    cut=st.integers(0, 3000),
)
def test_what_the_node_writes_the_grader_reads_in_any_chunking(
    kind: int, path: str, offset: int, data: bytes, cut: int
) -> None:
    out = io.BytesIO()
    frames.write(out, kind, path, offset, data)
    raw = out.getvalue()
    assert raw == frames.encode(kind, path, offset, data)
    decoder = frames.FrameDecoder()
    got = decoder.feed(raw[:cut]) + decoder.feed(raw[cut:])
    assert got == [frames.Frame(kind, path.encode("utf-8", "surrogateescape").decode(
        "utf-8", "replace").replace("\x00", "\ufffd"), offset, data)]  # fmt: skip


def test_the_ingest_loads_neither_ssh_nor_the_database() -> None:
    """docs/architecture.md "Layers": the ingest routes frames to the parser and the engine
    and builds plain batches; SSH is the transport's, SQL the store's."""
    code = (
        "import sys, grader.daemon.ingest\n"
        "print(sorted(m for m in ('asyncssh', 'sqlalchemy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


_H = frames.HEADER.pack
FRAME_FIELDS_PAST_BOUNDS = {
    "magic": _H(b"LGSX", frames.KIND_DATA, 1, 0, 1),
    "path": _H(frames.MAGIC, frames.KIND_DATA, frames.FRAME_PATH_MAX + 1, 0, 0),
    "data": _H(frames.MAGIC, frames.KIND_DATA, 1, 0, frames.FRAME_DATA_MAX + 1),
    "offset": _H(frames.MAGIC, frames.KIND_DATA, 1, frames.OFFSET_MAX, 1),
    "u64 offset": _H(frames.MAGIC, frames.KIND_DATA, 1, 2**64 - 1, 0),
}


@pytest.mark.parametrize("field", sorted(FRAME_FIELDS_PAST_BOUNDS))
def test_a_frame_field_past_its_bound_is_refused_at_the_header(field: str) -> None:
    """Refused from the header alone, before its path or data are waited for: a hostile node
    makes the daemon buffer no more than FRAME_DATA_MAX (and FRAME_PATH_MAX) per frame."""
    with pytest.raises(frames.StreamError):
        frames.FrameDecoder().feed(FRAME_FIELDS_PAST_BOUNDS[field])


def test_frame_fields_at_their_bounds_are_accepted() -> None:
    for raw in (
        _H(frames.MAGIC, frames.KIND_DATA, frames.FRAME_PATH_MAX, 0, 0),
        _H(frames.MAGIC, frames.KIND_DATA, 1, 0, frames.FRAME_DATA_MAX),
        _H(frames.MAGIC, frames.KIND_DATA, 1, frames.OFFSET_MAX - 1, 1),
    ):
        assert frames.FrameDecoder().feed(raw) == []  # whole header read: it waits for the rest
    raw = frames.encode(frames.KIND_DATA, "a" * frames.FRAME_PATH_MAX, 0, b"x")
    assert frames.FrameDecoder().feed(raw)[0].path == "a" * frames.FRAME_PATH_MAX


def test_a_nul_in_a_frame_path_is_read_as_a_replacement_character() -> None:
    """No file name holds a NUL, so only a crafted node sends one; PostgreSQL refuses it in the
    offsets table and in an anomaly's JSON, and the node's batch failed for good (retried as it
    was). The decoder reads it as U+FFFD, like any byte that is not UTF-8."""
    data = frames.encode(frames.KIND_DATA, "alice/x\x00y.ts", 0, b"z")
    (frame,) = frames.FrameDecoder().feed(data)
    assert frame.path == "alice/x\ufffdy.ts"
