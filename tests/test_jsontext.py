"""grader/jsontext.py: orjson's JSON text is the json module's compact text for every value the
grader writes (progress documents, the store's JSON columns), floats read back the same, and a
value orjson refuses still becomes JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from grader.jsontext import compact_json, json_text


def _stdlib(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _nested(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
        max_leaves=30,
    )


_exact = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.text()  # any code point but a lone surrogate: control characters, U+2028, emoji
)


@given(_nested(_exact))
def test_the_bytes_are_the_json_modules(value: Any) -> None:
    assert compact_json(value) == _stdlib(value)


@given(_nested(_exact | st.floats(allow_nan=False, allow_infinity=False)))
def test_floats_read_back_the_same(value: Any) -> None:
    # orjson may spell a float otherwise (0.00001 for 1e-05): the same number when read
    assert json.loads(json_text(value)) == value == json.loads(_stdlib(value))


def test_a_lone_surrogate_becomes_a_question_mark_not_a_failed_write() -> None:
    assert compact_json({"line": "a\udcffb"}) == b'{"line":"a?b"}'


def test_an_integer_beyond_64_bits_takes_the_json_modules_way() -> None:
    # a number a learner's output can carry into a document: never a failed write
    huge = {"n": 10**40, "neg": -(2**70)}
    assert (
        compact_json(huge)
        == _stdlib(huge)
        == b'{"n":10000000000000000000000000000000000000000,"neg":-1180591620717411303424}'
    )


def test_keys_that_are_not_strings_become_strings_as_json_makes_them() -> None:
    value = {1: "a", "2": "b"}
    assert compact_json(value) == _stdlib(value) == b'{"1":"a","2":"b"}'


def test_a_progress_line_is_one_line() -> None:
    from grader.daemon.transport import progress_line

    line = progress_line("alice", {"reason": "two\nlines\u2028and a separator", "n": 1})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {
        "progress": "alice",
        "doc": {"reason": "two\nlines\u2028and a separator", "n": 1},
    }
