"""Probe argv: lab variables are substituted inside each word, never re-split or re-expanded.

The end-to-end proof (a hostile captured value over real SSH on a fake node, no file created) is
tests/reliability/access/test_hostile_values.py::test_hostile_captured_value_is_one_literal_probe_word;
these pin the pure part on the real lab model.
"""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path
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
from grader.labs.loader import load_lab
from grader.labs.model import Lab, OutputExpect, Pattern, Probe, Step
from grader.matching import LabGrader


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


#: A lab whose second step has an after-command probe that names a variable the first captures:
#: while the first is not verified the probe is due after every command, and each round stops
#: before the node's connection (`probe_not_run`).
PROBED_LAB = """\
schema_version: 1
id: probed
title: Probed
description: One step a probe judges.
steps:
  - id: find-iface
    title: Find the interface
    instructions: Run `ip -br link`.
    command:
      program: ip
    output:
      all:
        - regex: '(?P<iface>eth\\d+)'
    captures: [iface]
  - id: link-up
    title: Bring the link up
    instructions: Run `ip link set dev eth0 up`.
    command:
      program: ip
    probe:
      command: [cat, "/sys/class/net/${iface}/operstate"]
      output:
        all: [up]
"""


class _Engines:
    """What NodeProbes asks of the node's ingest: each learner's engine for a lab (real ones),
    and the probes' passing verdicts."""

    def __init__(self, lab: Lab) -> None:
        self.engines = {("alice", lab.id): LabGrader(lab, "alice")}
        self.verdicts: list[tuple[str, object]] = []

    def grader(self, learner: str, lab_id: str) -> LabGrader | None:
        return self.engines.get((learner, lab_id))

    def add_verdict(self, learner: str, verdict: object) -> None:
        self.verdicts.append((learner, verdict))


def test_a_nodes_probe_rounds_start_at_most_every_quarter_second(tmp_path: Path) -> None:
    """A command whose learner has a probe due waits for the node's next round when one ran
    within PROBE_ROUND_EVERY_S, which is then for all that waited (`due_in` says when); a
    learner with no probe due is judged at once."""
    (tmp_path / "probed").mkdir()
    (tmp_path / "probed" / "lab.yaml").write_text(PROBED_LAB)
    lab = load_lab(tmp_path / "probed")
    probes = NodeProbes("node-1", {"alice": ["probed"], "bob": []})
    # the probe names ${iface}, never captured: each round stops before the node's connection
    conn, ingest = cast(Any, None), cast(Any, _Engines(lab))

    def run(ended: list[Ended], now: float) -> tuple[list[Ended], bool]:
        return asyncio.run(probes.run(conn, ingest, ended, now=now))

    first = _ended("alice", 1)
    assert run([first], now=10.0) == ([first], False)  # a round, at once
    assert probes.due_in(10.0) is None  # nothing waits
    later, bob = _ended("alice", 2), _ended("bob", 1)
    assert run([later, bob], now=10.1) == ([bob], False)  # bob has no probe: judged now
    assert probes.due_in(10.1) == pytest.approx(PROBE_ROUND_EVERY_S - 0.1)
    assert run([], now=10.2) == ([], False)  # not yet
    last = _ended("alice", 3)
    assert run([last], now=10.0 + PROBE_ROUND_EVERY_S) == ([later, last], False)
    assert probes.due_in(11.0) is None
    assert ingest.verdicts == []
    # commands a disconnected node's round will not run for are handed back, once
    run([_ended("alice", 4)], now=10.3)
    assert [e.record.n for e in probes.unprobed()] == [4]
    assert probes.unprobed() == [] and probes.due_in(10.3) is None
