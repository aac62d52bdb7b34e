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


@pytest.mark.parametrize(
    ("raw", "where"),
    [(b"\x00", (1, 1)), (b"id: a\n  b: \x1b", (2, 6))],
    ids=["nul", "esc-on-line-2"],
)
def test_control_character_is_a_located_error_not_a_reader_error(
    raw: bytes, where: tuple[int, int], tmp_path: Path
) -> None:
    """yaml's reader raised ReaderError from the loader's constructor, outside any handler."""
    doc = read_document("lab.yaml", raw)
    (error,) = doc.errors
    assert error.schema_path == "yaml/encoding" and (error.line, error.column) == where
    lab = tmp_path / "lab.yaml"
    lab.write_bytes(raw)
    assert [e.schema_path for e in check_lab(lab)] == ["yaml/encoding"]


def test_huge_integer_is_a_located_error_not_a_value_error(tmp_path: Path) -> None:
    """Python refuses int() on more than 4300 digits; the constructor's ValueError escaped."""
    raw = b"schema_version: 1\nid: " + b"9" * 5000 + b"\n"
    (error,) = read_document("lab.yaml", raw).errors
    assert (error.schema_path, error.line, error.column) == ("yaml/number", 2, 5)
    lab = tmp_path / "lab.yaml"
    lab.write_bytes(raw)
    assert [e.schema_path for e in check_lab(lab)] == ["yaml/number"]
