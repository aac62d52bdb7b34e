"""The parser's fast event builders make the very objects the dataclass constructors make.

Downstream code (matching, the daemon, the store, the API) compares, hashes, pickles, replaces and
serialises events; a builder-made event must be indistinguishable from a constructor-made one.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.capture import events
from grader.capture.events import CommandEnded, CommandRecord, CommandStarted, OutputLines

_text = st.text(max_size=20)
_int = st.integers(-(2**40), 2**40)
_opt_float = st.none() | st.floats(allow_nan=False)

_records = st.builds(
    CommandRecord,
    _text, _int, _int, _text, st.none() | _int, st.tuples(_int, _int), st.none() | _text,
    _opt_float, _opt_float, _text, _int, st.booleans(), st.booleans(), st.booleans(),
)  # fmt: skip
_started = st.builds(
    CommandStarted,
    _text, _int, _int, _text, _opt_float, st.none() | _text, st.none() | _int, st.booleans(),
)  # fmt: skip
_lines = st.builds(OutputLines, _text, _int, _int, st.lists(_text, max_size=4).map(tuple))
_ended = st.builds(CommandEnded, _records)

_BUILDERS: dict[type, Any] = {
    CommandStarted: events.new_command_started,
    OutputLines: events.new_output_lines,
    CommandRecord: events.new_command_record,
    CommandEnded: events.new_command_ended,
}


def _check_same(made: Any) -> None:
    cls = type(made)
    values = [getattr(made, f.name) for f in dataclasses.fields(made)]
    built = _BUILDERS[cls](*values)
    assert type(built) is cls
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert dataclasses.asdict(built) == dataclasses.asdict(made)
    assert pickle.loads(pickle.dumps(built)) == made
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, first, getattr(built, first))
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(built, first)
    assert dataclasses.replace(built) == made


@given(_started | _lines | _records | _ended)
def test_builders_make_what_the_constructors_make(made: Any) -> None:
    _check_same(made)


def test_builder_made_events_match_class_patterns() -> None:
    record = events.new_command_record(
        "s", 1, 2, "ls", 0, (0,), "/", 1.0, 2.0, "x", 1, False, False, True, ()
    )
    match events.new_command_ended(record):
        case CommandEnded(record=CommandRecord(line="ls", exit=0)):
            pass
        case _:
            pytest.fail("a builder-made event did not match its class pattern")


def test_a_builder_needs_slots_in_field_order() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    with pytest.raises(TypeError):
        events._builder(NoSlots)
