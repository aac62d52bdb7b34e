"""Learners' reasons say patterns in the author's words, or in plain words, never as raw regexes
(docs/matching.md "Reasons")."""

from __future__ import annotations

from pathlib import Path

import pytest
from matching_helpers import Shell

from grader.labs import Pattern, pattern_in_words, value_in_words
from grader.labs.loader import load_lab
from grader.labs.model import OutputExpect
from grader.matching.engine import LabGrader
from grader.matching.output_check import OutputMatcher
from grader.matching.variables import pending_value

REPO = Path(__file__).resolve().parents[2]
LABS = sorted(p.parent for p in (REPO / "labs").glob("*/lab.yaml"))
SOCKET_LINE = "localhost:24133:24153 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>"


def grader(lab: str) -> LabGrader:
    return LabGrader(load_lab(REPO / "labs" / lab), "alice")


@pytest.mark.parametrize(
    ("regex", "said"),
    [
        (
            "(?i)socket|bootstrap|oob",
            "something containing `socket`, `bootstrap` or `oob` (in any case)",
        ),
        ("^(?i:info|trace)$", "`info` or `trace` (in any case)"),
        ("WARN", "something containing `WARN`"),
        ("^busbw=", "something starting with `busbw=`"),
        (".", "any value"),
        (r"NET/IB ?: Using", None),
        (r"busbw=(\S+)", None),
    ],
)
def test_a_value_regex_in_words(regex: str, said: str | None) -> None:
    assert value_in_words(regex) == said


def test_an_output_regex_in_words() -> None:
    assert pattern_in_words(r"^\s*3\s*$") is None
    assert pattern_in_words("^3$") == "a line that is `3`"
    assert pattern_in_words(r"via P2P/|via SHM/") == "`via P2P/` or `via SHM/`"
    assert pattern_in_words(r"\S") == "a line with anything on it"
    # an undescribed one in a reason: in words when it can be, else as written
    matcher = OutputMatcher(
        OutputExpect(all=(Pattern("regex", "^3$"), Pattern("regex", r"x\d+"))), {}
    )
    matcher.feed(["4"])
    assert matcher.result().reason == "the output never showed a line that is `3`, `x\\d+`"


def test_the_log_steps_grep_is_said_in_words() -> None:
    g, sh = grader("nccl-bootstrap"), Shell()
    line = "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via"
    out = g.feed_all(sh.run(line, SOCKET_LINE + "\n", pipestatus=(0, 0)))
    reasons = " ".join(v.reason for v in out)
    assert "(?i)" not in reasons and "/" not in reasons.replace("NET/Socket", "")
    line = "all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'"
    out = g.feed_all(sh.run(line, SOCKET_LINE + "\n", pipestatus=(0, 0)))
    assert [(v.step, v.reason) for v in out] == [
        (
            "socket-iface",
            "Right program, but NCCL_DEBUG was WARN, expected `info` or `trace` (in any case)",
        )
    ]


def test_a_number_read_by_a_regex_is_named_by_its_label() -> None:
    g, sh = grader("nccl-transport"), Shell()
    out = g.feed_all(sh.run("echo busbw=", "busbw=\n"))
    assert [v.step for v in out] == ["report"]
    assert "`busbw=(\\S+)`" not in out[0].reason
    assert "the line that gives the busbw you reported" in out[0].reason


@pytest.mark.parametrize("labdir", LABS, ids=lambda p: p.name)
def test_every_shipped_step_has_hints_and_every_regex_reads_in_words(labdir: Path) -> None:
    lab = load_lab(labdir)
    assert [s.id for s in lab.steps if not s.hints] == []
    for step in lab.steps:
        outputs = [step.output] + [a.output for a in step.alternatives]
        for output in outputs:
            if output is None:
                continue
            for p in (*output.all, *output.any, *output.none):
                assert p.description or p.kind != "regex" or pattern_in_words(p.text), (
                    step.id,
                    p.text,
                )


GOOD_RUN = "#  Rank  0 Group  0 Pid 1 on localhost device  0\n# Avg bus bandwidth    : 11.3 \n"


def test_a_value_not_found_yet_is_named_by_the_step_that_finds_it() -> None:
    """Pinning before the interface is found: the reason names the step that finds it, by its
    number and title, never the lab's variable (`iface`) or "an earlier step" alone."""
    g, sh = grader("nccl-bootstrap"), Shell()
    line = "NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2"
    out = g.feed_all(sh.run(line, GOOD_RUN))
    [pin] = [v for v in out if v.step == "pin-iface"]
    n = [s.id for s in g.lab.steps].index("socket-iface") + 1
    assert pin.reason == (
        "Right program, but NCCL_SOCKET_IFNAME was lo, expected the value step "
        f"{n} finds (“Find the interface NCCL picks on its own”: do step {n} first)"
    )
    assert "iface" not in pin.reason and "not found yet" not in pin.reason


def test_a_number_not_captured_yet_is_named_by_its_label_and_step() -> None:
    lab = load_lab(REPO / "labs" / "nccl-transport")
    said = pending_value("busbw_p2p", lab)
    assert said == (
        "your baseline run's busbw, which step 1 finds "
        "(“Measure what fast looks like”: do step 1 first)"
    )
    assert pending_value("busbw_p2p", None) == "a value an earlier step finds (do that step first)"
