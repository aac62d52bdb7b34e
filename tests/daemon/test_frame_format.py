"""One frame format: the node's writer (grader/node/files/spool_reader.py, which runs alone on
the node and so keeps its own constants) and the grader's reader (grader/protocol/frames.py)
agree byte for byte; and the ingest, sans-I/O, loads neither SSH nor the database."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from grader.protocol import frames

READER = Path(frames.__file__).resolve().parents[1] / "node" / "files" / "spool_reader.py"


def _reader_module():
    spec = importlib.util.spec_from_file_location("spool_reader_under_test", READER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # definitions only: main() runs under __main__
    return module


def test_the_node_reader_and_the_protocol_have_the_same_constants() -> None:
    reader = _reader_module()
    assert reader.MAGIC == frames.MAGIC
    assert reader.HEADER.format == frames.HEADER.format
    kinds = [n for n in dir(frames) if n.startswith("KIND_")]
    assert len(kinds) == 8
    assert {n: getattr(reader, n) for n in kinds} == {n: getattr(frames, n) for n in kinds}


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
    reader = _reader_module()
    out = io.BytesIO()
    reader.write_frame(out, kind, path, offset, data)
    raw = out.getvalue()
    assert raw == frames.encode(kind, path, offset, data)
    decoder = frames.FrameDecoder()
    got = decoder.feed(raw[:cut]) + decoder.feed(raw[cut:])
    assert got == [frames.Frame(kind, path.encode("utf-8", "surrogateescape").decode(
        "utf-8", "replace"), offset, data)]  # fmt: skip


def test_the_ingest_loads_neither_ssh_nor_the_database() -> None:
    """docs/architecture.md "Layers": the ingest routes frames to the parser and the engine
    and builds plain batches; SSH is the transport's, SQL the store's."""
    code = (
        "import sys, grader.daemon.ingest\n"
        "print(sorted(m for m in ('asyncssh', 'sqlalchemy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
