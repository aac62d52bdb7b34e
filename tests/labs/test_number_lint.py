"""Lint of numeric captures and comparisons: each mistake one error, at its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.labs.loader import check_lab

HEAD = """\
schema_version: 1
id: slow-job
title: The Job That Runs Slow
description: d
steps:
  - id: run-p2p
    title: P2P
    command: {program: all_reduce_perf}
"""

# the rest of the file after HEAD -> (line, column, rule, words the sentence must contain)
CASES: dict[str, tuple[str, tuple[int, int, str, tuple[str, ...]]]] = {
    "regex-without-group": (
        "    captures: [{name: bw, from: {regex: 'busbw: [0-9.]+'}}]\n",
        (9, 41, "check/capture", ("has no group", "parentheses")),
    ),
    "regex-with-two-groups": (
        "    captures: [{name: bw, from: {regex: '(a)(b)'}}]\n",
        (9, 41, "check/capture", ("2 groups", "exactly one", "(?:")),
    ),
    "duplicate-name": (
        "    captures: [{name: bw, from: {column: busbw}}]\n"
        "  - id: run-shm\n"
        "    title: SHM\n"
        "    command: {program: all_reduce_perf}\n"
        "    captures: [{name: bw, from: {footer: Avg bus bandwidth}}]\n",
        (13, 23, "check/capture", ("`bw` is captured twice", "step 1")),
    ),
    "compare-unknown": (
        "    captures: [{name: bw, from: {column: busbw}}]\n"
        "    compare: [{left: bw, op: '<', right: bw_p2p}]\n",
        (10, 42, "check/compare", ("`bw_p2p`", "no step captures", "captured: bw")),
    ),
    "compare-later": (
        "    compare: [{left: bw, op: '<', right: 3}]\n"
        "  - id: run-shm\n"
        "    title: SHM\n"
        "    command: {program: all_reduce_perf}\n"
        "    captures: [{name: bw, from: {column: busbw}}]\n",
        (9, 22, "check/compare", ("step 2, a later one",)),
    ),
    "compare-text": (
        "    output: {all: [{regex: 'busbw (?P<bw>\\\\S+)'}]}\n"
        "    captures: [bw]\n"
        "    compare: [{left: bw, op: '>', right: 1}]\n",
        (11, 22, "check/compare", ("`bw` is text", "a number")),
    ),
    "within-one-number": (
        "    captures: [{name: bw, from: {column: busbw}}]\n"
        "    compare: [{left: bw, within: bw}]\n",
        (10, 34, "check/compare", ("`within` needs", "one number")),
    ),
    "numbers-in-a-variable": (
        "    captures: [{name: all, from: {column: busbw}, as: numbers}]\n"
        "  - id: show\n"
        "    title: Show\n"
        "    command: {program: echo, args: ['${all}']}\n",
        (12, 37, "check/variable", ("`${all}`", "within")),
    ),
    "op-without-right": (
        "    captures: [{name: bw, from: {column: busbw}}]\n    compare: [{left: bw, op: '<'}]\n",
        (10, 15, "#/$defs/comparison/dependentRequired", ("`op`", "`right`")),
    ),
    "unknown-column": (
        "    captures: [{name: bw, from: {column: bandwidth}}]\n",
        (9, 42, "#/$defs/numberCapture/properties/from/properties/column/enum", ("busbw",)),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_mistake_is_one_located_error(name: str, tmp_path: Path) -> None:
    body, (line, column, rule, words) = CASES[name]
    folder = tmp_path / "slow-job"
    folder.mkdir()
    (folder / "lab.yaml").write_text(HEAD + body)
    errors = check_lab(folder)
    assert len(errors) == 1, "\n".join(map(str, errors))
    (error,) = errors
    assert (error.line, error.column, error.schema_path) == (line, column, rule), str(error)
    for word in words:
        assert word in error.message, str(error)
    assert str(error).startswith(f"{folder / 'lab.yaml'}:{line}:{column}: [{rule}] ")
