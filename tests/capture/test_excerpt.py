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
