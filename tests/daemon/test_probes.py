"""Probe argv: lab variables are substituted inside each word, never re-split or re-expanded.

The end-to-end proof (a hostile captured value over real SSH on a fake node, no file created) is
tests/reliability/access/test_hostile_values.py::test_hostile_captured_value_is_one_literal_probe_word;
these pin the pure part on the real lab model.
"""

from __future__ import annotations

import asyncio
import shlex
from typing import Any, cast

import pytest

from grader.capture import CommandRecord
from grader.daemon.ingest import Ended
from grader.daemon.probes import (
    PROBE_ROUND_EVERY_S,
    NodeProbes,
    missing_variables,
    probe_argv,
    probe_command,
)
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


def _ended(learner: str, n: int) -> Ended:
    record = CommandRecord("s", 1, n, "true", 0, (0,), "/", 1.0, 2.0, "")
    return Ended(learner, record)


def test_a_nodes_probe_rounds_start_at_most_every_quarter_second() -> None:
    """Commands that end within PROBE_ROUND_EVERY_S of the node's last round wait for the next
    one, which is for all of them; `due_in` says when it may start."""
    probes = NodeProbes("node-1", {})  # no learner takes a lab: a round probes nothing
    # run() reaches neither the connection nor the ingest for a node without labs to probe
    conn, ingest = cast(Any, None), cast(Any, None)
    first = _ended("alice", 1)
    assert asyncio.run(probes.run(conn, ingest, [first], now=10.0)) == ([first], False)
    assert probes.due_in(10.0) is None  # nothing waits
    later = [_ended("alice", 2), _ended("bob", 1)]
    assert asyncio.run(probes.run(conn, ingest, later, now=10.1)) == ([], False)
    assert probes.due_in(10.1) == pytest.approx(PROBE_ROUND_EVERY_S - 0.1)
    assert asyncio.run(probes.run(conn, ingest, [], now=10.2)) == ([], False)  # not yet
    last = _ended("alice", 3)
    got = asyncio.run(probes.run(conn, ingest, [last], now=10.0 + PROBE_ROUND_EVERY_S))
    assert got == ([*later, last], False)
    assert probes.due_in(11.0) is None
    # commands a disconnected node's round will not run for are handed back, once
    asyncio.run(probes.run(conn, ingest, [_ended("bob", 2)], now=10.3))
    assert [e.record.n for e in probes.unprobed()] == [2]
    assert probes.unprobed() == [] and probes.due_in(10.3) is None
