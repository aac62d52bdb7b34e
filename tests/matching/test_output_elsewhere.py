"""`expected_output_elsewhere`: a step's expected output shown by a command that cannot verify it.

The engine never verifies a step from another program's output (test_engine.py); this audits it:
`echo`, `printf`, `cat` or `script -c` printing what an unverified step expects is a suspicious
row for the operator, once per (session, step), and never a verdict (docs/SECURITY.md).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from matching_helpers import BROKEN_OUTPUT, GOOD_TAIL, SOCKET_LINE, Shell, seed_like_lab

from grader.authoring.session_files import replay
from grader.capture.events import Anomaly, CommandEnded
from grader.labs.loader import load_lab
from grader.labs.model import OutputExpect, Pattern, Step
from grader.matching.engine import LabGrader
from grader.verdict import State

KIND = "expected_output_elsewhere"
BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
WARN = "NCCL WARN Bootstrap : no socket interface found"


SEED_LAB = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"
#: The seed lab's recorded sessions (real bash under `script`) that raise the audit: (step,
#: program) rows. The forgeries, and one honest session: output saved to a file and read back
#: with `cat`/`grep` (the known false alarm, docs/SECURITY.md). Every other one raises none.
RAISED = {
    "cat-old-session": {
        (step, "cat")
        for step in (
            "run-broken",
            "topo",
            "exit-code",
            "socket-iface",
            "ib-check",
            "warn-line",
            "p2p-channels",
        )
    },
    # printf's table line with no failure in it is a whole pin-iface output (a harmless WARN above
    # it would not spoil a real run either, so pin-iface no longer refuses that line)
    "echo-expected-text": {("run-broken", "echo"), ("warn-line", "echo"), ("pin-iface", "printf")},
    "forged-markers": {("run-broken", "printf"), ("warn-line", "printf")},
    "output-from-another-command": {
        ("run-broken", "cat"),
        ("warn-line", "cat"),
        ("socket-iface", "grep"),
    },
}


def grader() -> LabGrader:
    return LabGrader(seed_like_lab(), "alice")


def audited(g: LabGrader) -> list[Anomaly]:
    """The anomalies of this kind the engine handed to its caller since the last call."""
    return [a for a in g.take_anomalies() if a.kind == KIND]


def test_echoed_expected_output_is_audited_once_per_session_and_step() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run(f'echo "{WARN}"', WARN + "\n"))
    (a,) = audited(g)
    assert a.session == sh.session
    assert a.extra == {
        "aid": str(sh.aid),
        "n": "1",
        "step": "run-broken",
        "lab": "nccl-test",
        "program": "echo",
    }
    assert "run-broken" in a.detail and "`echo`" in a.detail
    assert g.anomalies == [a]  # kept like the parser's anomalies, too
    # the same text again, by another program, in the same session: already said
    g.feed_all(sh.run("cat run.log", BROKEN_OUTPUT))
    assert audited(g) == []
    # another session of the same learner: its own row
    other = Shell(session="20261129T190000-5151-0a1b2c3d", aid=5151)
    g.feed_all(other.run(f"script -qc \"echo '{WARN}'\" /dev/null", WARN + "\n"))
    assert [(a.session, a.extra["program"]) for a in audited(g)] == [(other.session, "script")]
    # never a verdict: the step is untouched
    assert g.verdicts()["run-broken"].state is State.PENDING


def test_each_step_whose_output_is_shown_gets_its_own_row() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run("cat saved.txt", f"{WARN}\n{SOCKET_LINE}\n{GOOD_TAIL}"))
    assert sorted(a.extra["step"] for a in audited(g)) == ["find-iface", "pin-iface", "run-broken"]


def test_output_that_only_partly_fits_is_not_audited() -> None:
    g, sh = grader(), Shell()
    # run-broken wants both `NCCL WARN` and the bootstrap sentence
    g.feed_all(sh.run("echo NCCL WARN something else", "NCCL WARN something else\n"))
    # read-exit's `^3$` is line-anchored: a 3 inside a line is not its output
    g.feed_all(sh.run("wc -l f", "13 f\n"))
    assert audited(g) == []
    g.feed_all(sh.run("expr 1 + 2", "3\n"))
    assert [a.extra["step"] for a in audited(g)] == ["read-exit"]


def test_line_anchors_hold_at_every_line_break_the_matcher_knows() -> None:
    """The whole-text pre-filter must not miss what the per-line matcher sees: `^3$` on the
    first line, after a carriage return, after a form feed."""
    for out in ("3\n", "progress 50%\r3\n", "x\x0c3"):
        g, sh = grader(), Shell()
        g.feed_all(sh.run("cat status.txt", out))
        assert [a.extra["step"] for a in audited(g)] == ["read-exit"], repr(out)


def test_a_verified_step_is_not_audited() -> None:
    """`cat` of one's own saved log after the step verified: nothing left to forge."""
    g, sh = grader(), Shell()
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    assert g.verdicts()["run-broken"].state is State.VERIFIED
    g.feed_all(sh.run("cat run.log", BROKEN_OUTPUT))
    assert audited(g) == []


def test_a_command_of_the_steps_program_is_not_audited() -> None:
    """The step's own program, even a wrong line of it, is an attempt, not a forgery."""
    g, sh = grader(), Shell()
    g.feed_all(sh.run("NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 1", BROKEN_OUTPUT))
    assert g.verdicts()["run-broken"].state is State.ATTEMPTED
    # find-iface without its grep stage: a partial match of all_reduce_perf, output shown
    g.feed_all(sh.run("NCCL_DEBUG=INFO all_reduce_perf -g 2", SOCKET_LINE + "\n"))
    # read-exit's programs are echo and printf: `echo 3` is read-exit's own (out of order)
    g.feed_all(sh.run("echo 3", "3\n"))
    assert audited(g) == []


def test_output_only_steps_are_not_audited() -> None:
    """A step with no command expectation is verified by any command's output, so showing its
    output is how it is done, not a forgery."""
    lab = seed_like_lab()
    seen = Step(
        id="see-bandwidth",
        title="See a bandwidth",
        output=OutputExpect(all=(Pattern("contains", "Avg bus bandwidth"),)),
    )
    pin = replace(lab.step("pin-iface"), output=None)  # leave the text to the output-only step
    steps = tuple(pin if s.id == "pin-iface" else s for s in lab.steps)
    g = LabGrader(replace(lab, steps=(*steps, seen)), "alice")
    sh = Shell()
    g.feed_all(sh.run("cat bench.log", GOOD_TAIL))
    assert g.verdicts()["see-bandwidth"].state is State.VERIFIED
    assert audited(g) == []


def test_a_line_the_shell_did_not_vouch_for_is_not_judged() -> None:
    """With an unreliable line (HISTCMD did not advance) the program is unknown."""
    g, sh = grader(), Shell()
    g.feed_all(sh.run(f'echo "{WARN}"', WARN + "\n", reliable=False))
    assert audited(g) == []


def test_the_audit_survives_snapshot_and_restore() -> None:
    g, sh = grader(), Shell()
    assert "output_elsewhere" not in g.snapshot()  # snapshots without one stay as they were
    g.feed_all(sh.run(f'echo "{WARN}"', WARN + "\n"))
    assert len(audited(g)) == 1
    snap = json.loads(json.dumps(g.snapshot()))
    assert snap["output_elsewhere"] == [[sh.session, "run-broken"]]
    resumed = LabGrader.restore(seed_like_lab(), "alice", snap)
    resumed.feed_all(sh.run("cat run.log", BROKEN_OUTPUT))
    assert audited(resumed) == []  # not repeated after a restart
    resumed.feed_all(sh.run("cat find.log", SOCKET_LINE + "\n"))
    assert [a.extra["step"] for a in audited(resumed)] == ["find-iface"]


def test_a_command_in_flight_at_snapshot_is_audited_from_its_record() -> None:
    """Snapshot between the command's start and end (the daemon died): the restored engine
    judges the command from its record when the end arrives, so the row is not lost."""
    g, sh = grader(), Shell()
    events = sh.run(f'echo "{WARN}"', WARN + "\n")
    g.feed_all(events[:-1])
    snap = json.loads(json.dumps(g.snapshot()))
    resumed = LabGrader.restore(seed_like_lab(), "alice", snap)
    end = events[-1]
    assert isinstance(end, CommandEnded)
    resumed.feed(end)
    assert [a.extra["step"] for a in audited(resumed)] == ["run-broken"]


@pytest.mark.parametrize("ts", sorted((SEED_LAB / "tests").glob("*.ts")), ids=lambda p: p.stem)
def test_recorded_sessions_raise_it_only_where_output_was_shown_elsewhere(ts: Path) -> None:
    g = replay(load_lab(SEED_LAB), [ts]).grader
    rows = {(a.extra["step"], a.extra["program"]) for a in g.anomalies if a.kind == KIND}
    assert rows == RAISED.get(ts.stem, set()), rows
