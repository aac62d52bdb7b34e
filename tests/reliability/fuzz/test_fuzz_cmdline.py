"""Fuzzing the command-line parser: a learner can type anything, the grader must not fall over.

`parse_line` promises it never raises (bashlex errors fall back to a coarser splitter). Hostile
lines here are what bashlex handles worst: deep nesting, unterminated quotes and here-docs,
megabyte pastes, control bytes, and the shell syntax bashlex does not implement.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from slowdown import allowance

from grader.matching.cmdline import (
    MAX_BASHLEX_CHARS,
    MAX_BASHLEX_NESTING,
    PARSE_CACHE_LINE_CHARS,
    Pipeline,
    parse_flags,
    parse_line,
)

from ..profiles import FUZZ
from .targets import count_lines

_shell_bits = st.sampled_from(
    [
        "all_reduce_perf", "-g", "2", "NCCL_SOCKET_IFNAME=eth0", "sudo", "-E", "env", "-i", "-u",
        "|", "||", "&&", ";", "&", "(", ")", "{", "}", "$(", "`", "'", '"', "\\", "<<", "<<-",
        "EOF", ">", "2>&1", "<(", "[[", "]]", "$((", "))", "!", "#", "\n", "\t", "time", "-p",
        "case", "esac", "in", "for", "do", "done", "if", "then", "fi", "function", "=", "${x",
        "}", "*", "?", "~", "\x00", "\x1b", "\u200b", "é",
    ]
)  # fmt: skip
hostile_lines = st.one_of(
    st.text(max_size=300),
    st.lists(_shell_bits, max_size=80).map(" ".join),
    st.lists(_shell_bits, max_size=80).map("".join),
)


def _check(result: list[Pipeline]) -> None:
    assert isinstance(result, list)
    for pipeline in result:
        assert isinstance(pipeline, Pipeline)
        for cmd in pipeline.commands:
            assert isinstance(cmd.program, str) and isinstance(cmd.argv, list)


@FUZZ
@given(hostile_lines)
def test_any_line_parses_without_raising(line: str) -> None:
    result = parse_line(line)
    _check(result)
    for p in result:
        for cmd in p.commands:
            parse_flags(cmd.args, ["-g", "-b", "--op"])


# Hand-written lines that broke or slowed bash parsers elsewhere; each must parse quickly.
HOSTILE = {
    "deep-subshells": "(" * 3000 + "true" + ")" * 3000,
    "deep-substitution": "echo " + "$(" * 2000 + "x" + ")" * 2000,
    "deep-backticks": "echo " + "`" * 999,
    "deep-braces": "{ " * 2000 + "true; " + "} " * 2000,
    "deep-arith": "echo " + "$((" * 1000 + "1" + "))" * 1000,
    "unterminated-heredoc": "cat <<EOF\nline\n",
    "many-heredocs": "cat " + " ".join(f"<<E{i}" for i in range(2000)),
    "unterminated-quote": "echo 'abc" + "x" * 5000,
    "just-under-bashlex-cap": "echo " + "a " * ((MAX_BASHLEX_CHARS - 6) // 2),
    "just-over-bashlex-cap": "echo " + "a " * (MAX_BASHLEX_CHARS // 2 + 1),
    "megabyte-paste": "all_reduce_perf " + "-g 2 " * 200_000,
    "pipes-only": "|" * 10_000,
    "nul-and-escapes": "echo \x00\x1b]133;C\x07 | grep \x00",
    "env-wrappers": "env " * 5000 + "all_reduce_perf -g 2",
    "sudo-wrappers": "sudo -E " * 3000 + "all_reduce_perf",
    "assignments-only": " ".join(f"V{i}=x" for i in range(20_000)),
}
# A line is parsed once per command the learner runs; a second on the worst paste is plenty.
LINE_SECONDS = 5.0


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_line_parses_quickly(name: str) -> None:
    t0 = time.perf_counter()
    result = parse_line(HOSTILE[name])
    assert time.perf_counter() - t0 < allowance(LINE_SECONDS)
    _check(result)


def test_deep_nesting_costs_what_a_flat_line_costs() -> None:
    """bashlex's work grows with the square of a substitution's nesting: a line nested deeper
    than MAX_BASHLEX_NESTING goes to the fallback splitter, so it costs about what a flat line of
    the same length does (Python lines run, counted: deterministic)."""
    depth = 400
    deep = "echo " + "$(" * depth + "x" + ")" * depth
    flat = "echo " + "$(x) " * (len(deep) // 5)
    assert depth > MAX_BASHLEX_NESTING and len(flat) >= len(deep) - 5
    assert len(deep) > PARSE_CACHE_LINE_CHARS  # parsed every time, as the count needs
    deep_lines, flat_lines = count_lines(parse_line, deep), count_lines(parse_line, flat)
    assert deep_lines <= 2 * flat_lines, (deep_lines, flat_lines)
    # a line nested as deep as the bound is still bashlex's, its substitutions read
    inner = "echo " + "$(" * MAX_BASHLEX_NESTING + "x" + ")" * MAX_BASHLEX_NESTING
    assert "x" in [c.program for p in parse_line(inner) for c in p.commands]
