"""Probe argv: lab variables are substituted inside each word, never re-split or re-expanded.

The end-to-end proof (a hostile captured value over real SSH on a fake node, no file created) is
tests/reliability/access/test_hostile_values.py::test_hostile_captured_value_is_one_literal_probe_word;
these pin the pure part on the real lab model.
"""

from __future__ import annotations

import shlex

from grader.daemon.probes import missing_variables, probe_argv, probe_command
from grader.labs.model import OutputExpect, Pattern, Probe, Step


def _step(command: list[str], output: tuple[str, ...] = ()) -> Step:
    patterns = tuple(Pattern("contains", t) for t in output)
    probe = Probe(command=tuple(command), output=OutputExpect(all=patterns))
    return Step(id="s", title="s", probe=probe)


def test_a_variable_is_substituted_inside_its_word_and_stays_one_word() -> None:
    value = "eth0; rm -rf / $(id) `id` 'q' \"dq\" * ${other}"
    step = _step(["cat", "/sys/class/net/${iface}/operstate", "${iface}"])
    argv = probe_argv(step, {"iface": value, "other": "NO"})
    # one pass: the ${other} the value holds is text, not a second substitution
    assert argv == ["cat", f"/sys/class/net/{value}/operstate", value]
    assert shlex.split(probe_command(step, {"iface": value, "other": "NO"})) == argv


def test_a_probe_with_an_uncaptured_variable_says_which() -> None:
    step = _step(["ip", "link", "show", "${iface}"], output=("${state}", "UP"))
    why = missing_variables(step, {})
    assert why == ("the probe uses ${iface}, ${state}, which no verified step has captured yet")
    assert missing_variables(step, {"iface": "eth0"}).startswith("the probe uses ${state},")
    assert missing_variables(step, {"iface": "eth0", "state": "UP"}) == ""
