"""The output excerpt kept on a record: head + tail of the rendered lines, whatever the batching."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from grader.capture.excerpt import OUTPUT_KEEP_CHARS, OutputExcerpt

HALF = OUTPUT_KEEP_CHARS // 2


def reference(lines: list[str]) -> str:
    """The rule spelled out plainly: all of it if it fits, else exactly half the cap each end."""
    full = "\n".join(lines)
    if len(full) <= OUTPUT_KEEP_CHARS:
        return full
    head, tail = full[:HALF], full[-HALF:]
    omitted = len(full) - len(head) - len(tail)
    return f"{head}\n[... {omitted} characters omitted ...]\n{tail}"


_line = st.one_of(st.just(""), st.text(max_size=30), st.integers(0, 9000).map(lambda n: "y" * n))


@settings(max_examples=150, deadline=None)
@given(st.lists(_line, max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_any_batching_keeps_the_same_excerpt(lines: list[str], cuts: list[int]) -> None:
    bounds = sorted({c for c in cuts if c < len(lines)} | {0, len(lines)})
    excerpt = OutputExcerpt()
    for a, b in itertools.pairwise(bounds):
        excerpt.add(lines[a:b])
    assert excerpt.text() == reference(lines)
    assert excerpt.chars - 1 == len("\n".join(lines)) or not lines
    assert excerpt.truncated == (len("\n".join(lines)) > OUTPUT_KEEP_CHARS)


def test_small_output_is_kept_whole() -> None:
    excerpt = OutputExcerpt()
    excerpt.add(["a", "", "b"])
    excerpt.add(["c"])
    assert excerpt.text() == "a\n\nb\nc" and not excerpt.truncated


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_line, max_size=60),
    st.lists(st.integers(0, 60), max_size=6),
    st.lists(st.integers(0, 60), max_size=4),
)
def test_compacting_between_batches_changes_nothing_but_what_is_held(
    lines: list[str], cuts: list[int], compactions: list[int]
) -> None:
    """An idle command's excerpt is compacted (the daemon's idle walk) between any two batches,
    any number of times: the text, the counts and later additions are as without it."""
    bounds = sorted({c for c in cuts if c < len(lines)} | {0, len(lines)})
    excerpt = OutputExcerpt()
    for a, b in itertools.pairwise(bounds):
        excerpt.add(lines[a:b])
        if a in compactions or b in compactions:
            excerpt.compact()
            excerpt.compact()  # a second compaction of a packed excerpt is a no-op
    if compactions:
        excerpt.compact()
    assert excerpt.text() == reference(lines)
    assert excerpt.chars - 1 == len("\n".join(lines)) or not lines
    assert excerpt.truncated == (len("\n".join(lines)) > OUTPUT_KEEP_CHARS)


def test_a_quiet_commands_excerpt_is_held_compressed() -> None:
    """The idle `top` case: 800 lines printed, then nothing; compacted, it holds a few KB."""
    excerpt = OutputExcerpt()
    for i in range(8):
        excerpt.add([f"{i:4d} {'y' * 150}" for _ in range(100)])
    text = excerpt.text()
    assert excerpt.held_chars > OUTPUT_KEEP_CHARS
    excerpt.compact()
    assert excerpt.held_chars < 4096
    assert excerpt.text() == text
    excerpt.add(["after"])
    assert excerpt.text().endswith("\nafter")
