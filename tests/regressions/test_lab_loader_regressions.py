"""Minimal failing examples the fuzz suite found in the lab loader, kept as plain tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.labs.document import MAX_NESTING_DEPTH, read_document
from grader.labs.loader import check_lab


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 500 + b"]" * 500,  # flow sequences: RecursionError in the composer before the fix
        b"{a: " * 500 + b"1" + b"}" * 500,  # flow mappings
        b"a:\n" + b"".join(b"  " * i + b"- \n" for i in range(1, 400)),  # block style
    ],
    ids=["flow-seq", "flow-map", "block"],
)
def test_deep_nesting_is_an_error_not_a_recursion_error(raw: bytes, tmp_path: Path) -> None:
    doc = read_document("lab.yaml", raw)
    assert doc.data is None
    assert [e.schema_path for e in doc.errors] == ["yaml/depth"]
    lab = tmp_path / "lab.yaml"
    lab.write_bytes(raw)
    assert [e.schema_path for e in check_lab(lab)] == ["yaml/depth"]


def test_nesting_up_to_the_cap_still_reads() -> None:
    depth = MAX_NESTING_DEPTH
    doc = read_document("lab.yaml", b"[" * depth + b"]" * depth)
    assert doc.errors == [] and doc.data is not None
