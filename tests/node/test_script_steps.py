"""The recorder's script language is read whole before a shell starts
(grader/authoring/script_steps.py): a step that cannot be typed is refused, naming its line."""

from __future__ import annotations

import pytest

from grader.authoring.script_steps import QUIET_S, ScriptInvalid, Step, key_bytes, parse


def test_steps_and_environment() -> None:
    env, steps = parse(
        ["@env LANG=C", "seq 1 9 | less", "@wait quiet 1.5", "@key q", "@wait quiet", "ls"],
        numbers=[1, 3, 4, 5, 6, 9],
    )
    assert env == {"LANG": "C"}
    assert steps == [
        Step(3, "seq 1 9 | less", "line", "seq 1 9 | less"),
        Step(4, "@wait quiet 1.5", "wait", "1.5"),
        Step(5, "@key q", "key", "q"),
        Step(6, "@wait quiet", "wait", ""),
        Step(9, "ls", "line", "ls"),
    ]
    assert [s.quiet_s for s in steps if s.kind == "wait"] == [1.5, QUIET_S]
    assert steps[2].printable_key and not Step(1, "@key up", "key", "up").printable_key


def test_keys() -> None:
    assert key_bytes("ctrl-c") == b"\x03" and key_bytes("space") == b" " and key_bytes("G") == b"G"
    for bad in ("ctrl-x", "", "qq", " ", "\x1b"):
        with pytest.raises(ValueError, match="unknown key"):
            key_bytes(bad)


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (["ls", "@key ctrl-z"], "script line 2 '@key ctrl-z': unknown key 'ctrl-z'"),
        (["@wait quiet"], "script line 1 '@wait quiet': `@wait quiet` follows the line"),
        (["ls", "@sleep 1", "@wait quiet"], "script line 3 '@wait quiet': `@wait quiet` follows"),
        (["less x", "@wait 2"], "script line 2 '@wait 2': `@wait quiet [SECONDS]`"),
        (["@sleep soon"], "script line 1 '@sleep soon': `@sleep SECONDS`"),
        (["ls", "@env A=1"], "script line 2 '@env A=1': `@env` comes before the first"),
        (["@env NOEQUALS"], "script line 1 '@env NOEQUALS': `@env NAME=VALUE`"),
    ],
)
def test_a_step_that_cannot_be_typed_is_refused_before_typing(lines: list[str], said: str) -> None:
    with pytest.raises(ScriptInvalid) as err:
        parse(lines)
    assert str(err.value).startswith(said), err.value
