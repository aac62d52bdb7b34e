"""Which step a near-miss line is an attempt at, on the shipped labs (docs/matching.md
"Attribution"): the step the learner most plausibly meant, or none."""

from __future__ import annotations

from pathlib import Path

from matching_helpers import BROKEN_OUTPUT, GOOD_TAIL, SOCKET_LINE, Shell

from grader.labs.loader import load_lab
from grader.matching.engine import LabGrader
from grader.verdict import State

REPO = Path(__file__).resolve().parents[2]
FIND = "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'"
RESULTS = (
    "#       size         count      type   redop    root     time   algbw   busbw  #wrong"
    "     time   algbw   busbw  #wrong\n"
    "   134217728      33554432     float     sum      -1  10320.8   13.00   13.00       0"
    "  10080.3   13.31   13.31       0\n" + GOOD_TAIL
)


def seed() -> LabGrader:
    return LabGrader(load_lab(REPO / "labs" / "nccl-bootstrap"), "alice")


def attempts(g: LabGrader) -> dict[str, str]:
    return {k: v.reason for k, v in g.verdicts().items() if v.state is State.ATTEMPTED}


def test_a_misspelt_variable_is_blamed_on_the_step_it_was_for() -> None:
    # the issue's learner: a typo in step 1's variable, so the job ran fine
    g, sh = seed(), Shell()
    out = g.feed_all(
        sh.run("NCCL_SOCKET_IFNAM=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2", RESULTS)
    )
    assert [v.step for v in out] == ["run-broken"]
    assert out[0].reason.startswith(
        "Right program, but NCCL_SOCKET_IFNAME was not set (`NCCL_SOCKET_IFNAM` was: a typo?)"
    )
    assert g.verdicts()["pin-iface"].state is State.PENDING


def test_another_labs_commands_are_no_attempts_here() -> None:
    # the transport lab's work, typed by a learner who takes both labs
    g, sh = seed(), Shell()
    via = "localhost:1:2 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct\n"
    for line, output in [
        ("all_reduce_perf -b 128M -e 128M -g 2", RESULTS),
        ("NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2", RESULTS),
        ("NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -g 2 2>&1 | grep via", via),
        ("NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via", via),
        ("echo busbw=2.28", "busbw=2.28\n"),
    ]:
        assert g.feed_all(sh.run(line, output, pipestatus=(0, 0) if "|" in line else None)) == []
    assert attempts(g) == {}


def test_a_forced_interface_in_the_log_step_stays_with_the_log_step() -> None:
    # the line meets all of socket-iface's own parts (the grep for the log line), and only the
    # variable of the broken-run and pinning steps, with another value
    g, sh = seed(), Shell()
    line = "NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo " + FIND.removeprefix("NCCL_DEBUG=INFO ")
    out = g.feed_all(sh.run(line, SOCKET_LINE.replace("eth0", "lo") + "\n", pipestatus=(0, 0)))
    assert [(v.step, v.state) for v in out] == [("socket-iface", State.ATTEMPTED)]
    assert "NCCL_SOCKET_IFNAME should not be set" in out[0].reason


def test_equally_close_steps_go_to_the_one_nearest_where_the_learner_is() -> None:
    line = "NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2"
    # at the start of the lab, a wrong interface that fails is the broken run's attempt ...
    g, sh = seed(), Shell()
    out = g.feed_all(sh.run(line, "Segmentation fault\n", 139))
    assert [v.step for v in out] == ["run-broken"]
    # ... and once the learner found the interface (step 6), the pinning step's, though the
    # broken run (step 1) is as close and still not verified
    g, sh = seed(), Shell()
    found = g.feed_all(sh.run(FIND, SOCKET_LINE + "\n", pipestatus=(0, 0)))
    assert [(v.step, v.state) for v in found] == [("socket-iface", State.VERIFIED)]
    out = g.feed_all(sh.run(line, "Segmentation fault\n", 139))
    assert [v.step for v in out] == ["pin-iface"]
    assert out[0].reason.startswith("Right program, but NCCL_SOCKET_IFNAME was eth1, expected")


def test_a_value_set_but_not_exported_is_an_attempt_at_the_step_of_that_value() -> None:
    g, sh = seed(), Shell()
    g.feed_all(sh.run("NCCL_SOCKET_IFNAME=doesnotexist0"))
    out = g.feed_all(sh.run("all_reduce_perf -b 8M -e 8M -g 2", RESULTS))
    assert [v.step for v in out] == ["run-broken"]
    assert "set in the shell but not exported" in out[0].reason
    # and the real broken run still verifies it
    out = g.feed_all(sh.run("export NCCL_SOCKET_IFNAME; all_reduce_perf -g 2", BROKEN_OUTPUT, 3))
    assert [(v.step, v.state) for v in out] == [("run-broken", State.VERIFIED)]
