"""A learner in a course (grader/matching/course.py): both labs' honest runs, as recorded on a
node (labs/*/tests/clean-run.ts), typed by one learner who takes both labs.

The issue's learner: lab 1 typed while lab 2 is the one he is on records nothing on lab 2 but
what verifies there outright; then lab 2 to the end: every step verified, no attempt on a step
he had not reached, and the typos of its variables named."""

from __future__ import annotations

from pathlib import Path

from matching_helpers import Shell

from grader.authoring.session_files import parse_file, session_info
from grader.capture import CommandEnded, Event
from grader.labs import load_lab
from grader.matching import LabGrader, current_lab, feed_course, grade_course
from grader.verdict import State, StepVerdict

REPO = Path(__file__).resolve().parents[2]
BOOTSTRAP = REPO / "labs" / "nccl-bootstrap"
TRANSPORT = REPO / "labs" / "nccl-transport"


def recorded(lab_dir: Path, name: str = "clean-run") -> list[Event]:
    path = lab_dir / "tests" / f"{name}.ts"
    return parse_file(path, session_info(path))


def course() -> list[LabGrader]:
    return [LabGrader(load_lab(BOOTSTRAP), "bob"), LabGrader(load_lab(TRANSPORT), "bob")]


def typed(graders: list[LabGrader], events: list[Event]) -> list[StepVerdict]:
    out: list[StepVerdict] = []
    for ev in events:
        out.extend(feed_course(graders, ev))
    return out


def states(g: LabGrader) -> dict[str, State]:
    return {sid: v.state for sid, v in g.verdicts().items()}


def start(graders: list[LabGrader], lab: str, shell: Shell) -> list[StepVerdict]:
    return typed(graders, shell.run(f"lab start {lab}", f"Now on lab {lab}\n"))


def test_the_lab_a_learner_is_on_defaults_to_the_first_unfinished() -> None:
    graders = course()
    boot, transport = graders
    here = current_lab(graders)
    assert here is boot
    typed(graders, recorded(BOOTSTRAP))
    # lab 1 done, nothing chosen: the first unfinished lab
    assert all(s is State.VERIFIED for s in states(boot).values()), states(boot)
    assert current_lab(graders) is transport


def test_lab_one_typed_while_lab_two_is_current_records_nothing_on_lab_two() -> None:
    graders = course()
    boot, transport = graders
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    assert start(graders, "nccl-transport", sh) == []
    assert current_lab(graders) is transport
    out = typed(graders, recorded(BOOTSTRAP))
    assert current_lab(graders) is transport  # chosen, unfinished: it stays the current lab
    on_two = [v for v in out if v.lab == "nccl-transport"]
    assert all(v.state is State.VERIFIED for v in on_two), on_two
    assert all(transport.attempts(s.id) == 0 for s in transport.lab.steps)
    # lab 1's commands verified lab 1 all the same (outright, away from the current lab)
    assert all(s is State.VERIFIED for s in states(boot).values()), states(boot)
    # then lab 2, typed to the end: every step verified, no attempt recorded on the way
    out = typed(graders, recorded(TRANSPORT))
    assert [v for v in out if v.state is not State.VERIFIED] == []
    assert all(s is State.VERIFIED for s in states(transport).values()), states(transport)
    assert all(transport.attempts(s.id) == 0 for s in transport.lab.steps)


def test_lab_two_typed_while_lab_one_is_current_is_no_try_at_lab_one() -> None:
    graders = course()
    boot, transport = graders
    out = typed(graders, recorded(TRANSPORT))
    assert current_lab(graders) is boot
    assert [v for v in out if v.lab == "nccl-bootstrap" and v.state is not State.VERIFIED] == []
    assert all(boot.attempts(s.id) == 0 for s in boot.lab.steps)
    # lab 2's honest run verifies every lab-2 step outright (its answers name their step ids)
    assert all(s is State.VERIFIED for s in states(transport).values()), states(transport)


def test_answers_name_the_current_lab_unless_they_say_which() -> None:
    graders = course()
    boot, transport = graders
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    # `2` is the current lab's step 2 (lab 1's why-socket): a wrong choice is its attempt
    (v,) = typed(graders, sh.run("lab answer 2 c", "sent\n"))
    assert (v.lab, v.step, v.state) == ("nccl-bootstrap", "why-socket", State.ATTEMPTED)
    # lab 2's step 2, named: its own, even while lab 1 is current
    (v,) = typed(graders, sh.run("lab answer nccl-transport:2 a", "sent\n"))
    assert (v.lab, v.step, v.state) == ("nccl-transport", "why-busbw", State.VERIFIED)
    # an id only lab 2 has names lab 2's step
    (v,) = typed(graders, sh.run("lab answer slow-job b", "sent\n"))
    assert (v.lab, v.step, v.state) == ("nccl-transport", "slow-job", State.VERIFIED)
    start(graders, "nccl-transport", sh)
    assert current_lab(graders) is transport
    # now `2` is lab 2's step 2 (verified already: nothing new), never lab 1's why-socket
    assert typed(graders, sh.run("lab answer 2 b", "sent\n")) == []
    assert boot.attempts("why-socket") == 1


def test_the_choice_survives_a_snapshot() -> None:
    graders = course()
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    start(graders, "nccl-transport", sh)
    restored = [LabGrader.restore(g.lab, "bob", g.snapshot()) for g in graders]
    assert current_lab(restored) is restored[1]
    start(restored, "nccl-bootstrap", sh)
    assert current_lab(restored) is restored[0]
    # a failed `lab start` (an unknown lab: the node's `lab` exits 1) chooses nothing
    typed(restored, sh.run("lab start nccl-transport", "lab: no lab", exit=1))
    assert current_lab(restored) is restored[0]


def test_no_attempt_on_a_later_step_a_correct_line_also_fits() -> None:
    """The issue's step 4: its line verifies it; the plain SHM run (step 5) has the same program
    and variables, but the line pipes into grep: no ✗ for step 5, reached or not."""
    (transport,) = graders = [LabGrader(load_lab(TRANSPORT), "bob")]
    events = recorded(TRANSPORT)
    lines: list[tuple[str, list[StepVerdict]]] = []
    for ev in events:
        out = feed_course(graders, ev)
        if isinstance(ev, CommandEnded):
            lines.append((ev.record.line, out))
    assert [v for _, vs in lines for v in vs if v.state is not State.VERIFIED] == [], lines
    assert all(transport.attempts(s.id) == 0 for s in transport.lab.steps)


def test_a_near_miss_in_a_variable_name_names_the_variable() -> None:
    graders = [LabGrader(load_lab(TRANSPORT), "bob")]
    sh = Shell()
    table = recorded_output(TRANSPORT, "all_reduce_perf -b 128M -e 128M -g 2")
    typed(graders, sh.run("all_reduce_perf -b 128M -e 128M -g 2", table))
    (v,) = typed(graders, sh.run("NCCL_P2P_DISABLED=1 all_reduce_perf -b 128M -e 128M -g 2", table))
    assert (v.step, v.state) == ("shm-busbw", State.ATTEMPTED)
    assert "`NCCL_P2P_DISABLED`" in v.reason and "`NCCL_P2P_DISABLE`" in v.reason, v.reason
    via = "NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via"
    typed(graders, sh.run(via, "x [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct\n"))
    (v,) = typed(
        graders,
        sh.run(
            "NCCL_P2P_DISABLE=1 NCCL_SHM_DISABEL=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M"
            " -g 2 2>&1 | grep via",
            "x [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct\n",
        ),
    )
    assert (v.step, v.state) == ("socket-channels", State.ATTEMPTED)
    assert "did you mean `NCCL_SHM_DISABLE`?" in v.reason, v.reason


def recorded_output(lab_dir: Path, line: str) -> str:
    """What the recorded clean run printed for `line`."""
    for ev in recorded(lab_dir):
        if isinstance(ev, CommandEnded) and ev.record.line == line:
            return ev.record.output
    raise AssertionError(f"{line!r} is not in {lab_dir.name}'s clean run")


def test_a_later_step_the_line_plainly_meant_is_tried() -> None:
    """The socket run typed first: a later step, but the only one whose command the line is
    (program and both variables), so its ✗ says what is missing."""
    graders = [LabGrader(load_lab(TRANSPORT), "bob")]
    line = "NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2"
    table = recorded_output(TRANSPORT, f"{line} | tee socket.txt")
    (v,) = typed(graders, Shell().run(line, table))
    assert (v.step, v.state) == ("socket-busbw", State.ATTEMPTED)
    assert v.reason.startswith("Do the step “Measure what fast looks like” first"), v.reason


def test_a_regrade_of_the_course_keeps_its_rules() -> None:
    """Stored records replayed for the whole course (grade_course): the same verdicts as the
    live engines, `lab start` included."""
    live = course()
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    events = [*sh.run("lab start nccl-transport", "ok\n"), *recorded(BOOTSTRAP)]
    typed(live, events)
    records = [e.record for e in events if isinstance(e, CommandEnded)]
    again = grade_course([g.lab for g in live], records, "bob")
    for old, new in zip(live, again, strict=True):
        assert new.verdicts() == old.verdicts()
        assert all(new.attempts(s.id) == old.attempts(s.id) for s in new.lab.steps)
    assert current_lab(again) is again[1]
