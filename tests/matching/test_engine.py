"""The verdict engine over capture events: ordering, trust, captures, progress, persistence."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from matching_helpers import BROKEN_OUTPUT, GOOD_TAIL, SOCKET_LINE, Shell, seed_like_lab

from grader.capture.events import Anomaly
from grader.matching.engine import LabGrader, grade_records
from grader.verdict import State

BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
FIND = "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'"


def grader() -> LabGrader:
    return LabGrader(seed_like_lab(), "alice")


def states(g: LabGrader) -> dict[str, str]:
    return {k: v.state.value for k, v in g.verdicts().items()}


def test_clean_run_verifies_every_step_in_order() -> None:
    g, sh = grader(), Shell()
    out = g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    assert [(v.step, v.state) for v in out] == [("run-broken", State.VERIFIED)]
    ev = out[0].evidence
    assert ev is not None and ev.line == BROKEN and ev.exit == 3 and ev.n == 1
    assert any("no socket interface found" in m for m in ev.matched)
    assert "NCCL WARN" in ev.excerpt
    out = g.feed_all(sh.run("echo $?", "3\n"))
    assert [(v.step, v.state) for v in out] == [("read-exit", State.VERIFIED)]
    out = g.feed_all(sh.run(FIND, SOCKET_LINE + "\n", pipestatus=(0, 0)))
    assert [(v.step, v.state, v.captures) for v in out] == [
        ("find-iface", State.VERIFIED, {"iface": "eth0"})
    ]
    assert g.variables == {"iface": "eth0"}
    out = g.feed_all(sh.run("NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 8M -g 2", GOOD_TAIL))
    assert [(v.step, v.state) for v in out] == [("pin-iface", State.VERIFIED)]
    out = g.feed_all(sh.run("lab answer why-socket b", "recorded\n"))
    assert [(v.step, v.state) for v in out] == [("why-socket", State.VERIFIED)]
    assert set(states(g).values()) == {"verified"}


def test_echo_of_the_expected_text_never_verifies() -> None:
    g, sh = grader(), Shell()
    fake = 'echo "NCCL WARN Bootstrap : no socket interface found"; exit_code=3'
    out = g.feed_all(sh.run(fake, "NCCL WARN Bootstrap : no socket interface found\n", exit=0))
    # echo is read-exit's program, but without its `$?` the line is no attempt at it either
    assert out == []
    out = g.feed_all(
        sh.run("printf 'NCCL WARN Bootstrap : no socket interface found\\n'; false", "x", exit=1)
    )
    assert out == []
    out = g.feed_all(
        sh.run(
            "bash -c 'echo NCCL WARN Bootstrap : no socket interface found; exit 3'",
            "NCCL WARN Bootstrap : no socket interface found\n",
            exit=3,
        )
    )
    assert out == []
    assert states(g)["run-broken"] == "pending"


def test_output_of_a_different_command_never_counts() -> None:
    g, sh = grader(), Shell()
    # the matching command printed nothing useful ...
    out = g.feed_all(sh.run(BROKEN, "Segmentation fault\n", exit=3))
    assert [(v.step, v.state) for v in out] == [("run-broken", State.ATTEMPTED)]
    assert (
        out[0].reason
        == "The output never showed `NCCL WARN`, `Bootstrap ?: no socket interface found`"
    )
    # ... and a later `cat` of a saved log shows the text, but cat is not all_reduce_perf
    out = g.feed_all(sh.run("cat old-run.log", BROKEN_OUTPUT))
    assert out == []
    assert states(g)["run-broken"] == "attempted"


def test_partial_match_reasons() -> None:
    g, sh = grader(), Shell()
    # a healthy run without the variable is closest to run-broken, whose `-b 8M` it has and
    # where the learner is; it names nothing of pin-iface's own (NCCL_SOCKET_IFNAME)
    out = g.feed_all(sh.run("all_reduce_perf -b 8M -e 8M -g 2", GOOD_TAIL))
    assert [(v.step, v.reason) for v in out] == [
        (
            "run-broken",
            "Right program, but NCCL_SOCKET_IFNAME was not set; exit code 0, expected 3;"
            " the output never showed `NCCL WARN`, `Bootstrap ?: no socket interface found`",
        )
    ]
    out = g.feed_all(sh.run("all_reduce_perf -b 8M -e 8M -g 2 -w 1", "Segmentation fault", 139))
    assert [(v.step, v.reason) for v in out] == [
        (
            "run-broken",
            "Right program, but NCCL_SOCKET_IFNAME was not set; exit code 139, expected 3;"
            " the output never showed `NCCL WARN`, `Bootstrap ?: no socket interface found`",
        )
    ]
    out = g.feed_all(sh.run("NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -g 1", BROKEN_OUTPUT, 3))
    assert out[0].reason == (
        "Right program, but NCCL_SOCKET_IFNAME was eth1, expected doesnotexist0;"
        " `-g` should be 2, not 1"
    )
    assert g.attempts("run-broken") == 3 and g.attempts("pin-iface") == 0


def test_typos_and_retries_then_success() -> None:
    g, sh = grader(), Shell()
    assert (
        g.feed_all(
            sh.run("all_reduce_pref -b 8M -g 2", "bash: all_reduce_pref: command not found", 127)
        )
        == []
    )
    assert g.feed_all(
        sh.run("NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -g 2 -e", "", 255)
    )
    out = g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    assert out[0].state is State.VERIFIED


def test_immediately_after_holds_across_empty_enter() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    g.feed_all(sh.enter())
    g.feed_all(sh.enter())
    out = g.feed_all(sh.run("echo $?", "3\n"))
    assert [(v.step, v.state) for v in out] == [("read-exit", State.VERIFIED)]


def test_immediately_after_breaks_on_an_intervening_command() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    g.feed_all(sh.run("ls", "a b\n"))
    out = g.feed_all(sh.run("echo $?", "0\n"))
    assert [(v.step, v.state) for v in out] == [("read-exit", State.ATTEMPTED)]
    assert "right after the command of “Run the job and watch it die”" in out[0].reason
    # rerunning the broken job re-arms it
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    out = g.feed_all(sh.run("echo $?", "3\n"))
    assert [(v.step, v.state) for v in out] == [("read-exit", State.VERIFIED)]


def test_immediately_after_breaks_on_ctrl_c_or_syntax_error() -> None:
    for prompt in ({"exit": 130}, {"exit": 2, "not_executed": True}):
        g, sh = grader(), Shell()
        g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
        g.feed_all(sh.enter(**prompt))
        out = g.feed_all(sh.run("echo $?", f"{prompt['exit']}\n"))
        assert out[0].state is State.ATTEMPTED


def test_echo_status_after_the_wrong_command() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    # a different failing command, then `echo $?` prints a 3 of its own
    g.feed_all(sh.run("bash -c 'exit 3'", "", exit=3))
    out = g.feed_all(sh.run("echo $?", "3\n"))
    assert out[0].state is State.ATTEMPTED


def test_immediately_needs_the_same_shell() -> None:
    g, a, b = grader(), Shell(aid=1), Shell(session="other", aid=2)
    g.feed_all(a.run(BROKEN, BROKEN_OUTPUT, exit=3))
    out = g.feed_all(b.run("echo $?", "3\n"))
    assert out[0].state is State.ATTEMPTED


def test_after_requires_the_earlier_step_verified() -> None:
    g, sh = grader(), Shell()
    out = g.feed_all(sh.run("echo $?", "3\n"))
    assert out[0].state is State.ATTEMPTED
    assert out[0].reason.startswith("Do the step “Run the job and watch it die” first")


def test_captured_variable_is_reused_and_only_set_once() -> None:
    g, sh = grader(), Shell()
    pin = "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -g 2"
    out = g.feed_all(sh.run(pin, GOOD_TAIL))
    # before the capture exists ${iface} stays unresolved, and `after` is not met
    assert out[0].state is State.ATTEMPTED
    g.feed_all(sh.run(FIND, SOCKET_LINE + "\n"))
    g.feed_all(sh.run(FIND, SOCKET_LINE.replace("eth0", "eth9") + "\n"))
    assert g.variables == {"iface": "eth0"}
    out = g.feed_all(sh.run("NCCL_SOCKET_IFNAME=eth9 all_reduce_perf -g 2", GOOD_TAIL))
    assert out[0].reason == "Right program, but NCCL_SOCKET_IFNAME was eth9, expected eth0"
    assert g.feed_all(sh.run(pin, GOOD_TAIL))[0].state is State.VERIFIED


def test_exported_variables_count_for_later_commands() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run("export NCCL_DEBUG=INFO"))
    out = g.feed_all(sh.run("all_reduce_perf -g 2 2>&1 | grep NET/Socket", SOCKET_LINE))
    assert [(v.step, v.state) for v in out] == [("find-iface", State.VERIFIED)]


def test_lab_environment_is_the_starting_point() -> None:
    g, sh = grader(), Shell()
    out = g.feed_all(sh.run("all_reduce_perf -g 2 2>&1 | grep NET/Socket", ""))
    assert out[0].reason.startswith("Right program, but NCCL_DEBUG was WARN, expected INFO")


def test_progress_never_goes_backwards() -> None:
    g, sh = grader(), Shell()
    g.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    assert g.feed_all(sh.run(BROKEN, "different\n", exit=0)) == []
    assert g.verdicts()["run-broken"].state is State.VERIFIED
    assert g.verdicts()["run-broken"].evidence.n == 1


def test_question_answers_and_retries() -> None:
    g, sh = grader(), Shell()
    out = g.feed_all(sh.run("lab answer why-socket a"))
    assert out[0].state is State.ATTEMPTED and "`a` is not the right answer" in out[0].reason
    assert g.feed_all(sh.run("lab answer nope b")) == []
    out = g.feed_all(sh.run("lab answer why-socket b"))
    assert out[0].state is State.VERIFIED and out[0].evidence.line == "lab answer why-socket b"
    assert g.feed_all(sh.run("lab answer why-socket a")) == []
    assert g.attempts("why-socket") == 1


def test_a_question_answered_by_its_number_or_with_the_lab_id() -> None:
    """`lab` takes a step by id or by the number `lab status` shows (why-socket is step 5 here);
    the grader reads the same words, so `lab answer 5 b` is recorded, not thrown away."""
    g, sh = grader(), Shell()
    out = g.feed_all(sh.run("lab answer 5 a"))
    assert [(v.step, v.state) for v in out] == [("why-socket", State.ATTEMPTED)]
    assert g.feed_all(sh.run("lab answer 9 b")) == []  # no step 9
    assert g.feed_all(sh.run("lab answer other-lab:5 b")) == []  # another lab's step
    out = g.feed_all(sh.run("lab answer nccl-test:5 b"))
    assert [(v.step, v.state) for v in out] == [("why-socket", State.VERIFIED)]
    assert g.step_ref("why-socket") == "why-socket" and g.step_ref("1") == "run-broken"
    assert g.step_ref("0") is None and g.step_ref("٣") is None


def test_an_answer_counts_only_when_lab_answer_is_the_whole_line_and_succeeded() -> None:
    """`false && lab answer …` never ran `lab`; `… || true` and pipelines hide its failure; a
    `lab` that refused the answer (exit 1) did not take it. None of them is an answer."""
    g, sh = grader(), Shell()
    for line, exit in (
        ("false && lab answer why-socket b", 1),
        ("lab answer why-socket b || true", 0),
        ("lab answer why-socket b | cat", 0),
        ("echo x; lab answer why-socket b", 0),
        ("lab answer why-socket b", 1),
        ("lab answer why-socket b extra", 0),
    ):
        out = g.feed_all(sh.run(line, exit=exit))
        assert [v for v in out if v.step == "why-socket"] == [], line
    assert states(g)["why-socket"] == "pending"
    out = g.feed_all(sh.run("lab answer why-socket b"))
    assert out[0].state is State.VERIFIED


def test_a_question_with_limited_attempts_stops_counting_and_says_so() -> None:
    from dataclasses import replace

    lab = seed_like_lab()
    steps = tuple(replace(s, attempts=2) if s.id == "why-socket" else s for s in lab.steps)
    g, sh = LabGrader(replace(lab, steps=steps), "alice"), Shell()
    out = g.feed_all(sh.run("lab answer why-socket a"))
    assert "(1 attempt left)" in out[0].reason
    out = g.feed_all(sh.run("lab answer why-socket a"))
    assert "(0 attempts left)" in out[0].reason
    out = g.feed_all(sh.run("lab answer why-socket b"))  # right, but too late: recorded, refused
    assert out[0].state is State.ATTEMPTED and "no attempts left" in out[0].reason
    assert g.attempts("why-socket") == 3  # every answer is recorded for the operator
    restored = LabGrader.restore(replace(lab, steps=steps), "alice", g.snapshot())
    assert "no attempts left" in restored.answer("why-socket", "b")[0].reason


def test_replayed_and_unreliable_commands_are_ignored() -> None:
    g, sh = grader(), Shell()
    events = sh.run(BROKEN, BROKEN_OUTPUT, exit=3)
    g.feed_all(events)
    assert g.feed_all(events) == []  # a `cat` of the old session replays n=1
    g2, sh2 = grader(), Shell()
    assert g2.feed_all(sh2.run(BROKEN, BROKEN_OUTPUT, exit=3, reliable=False)) == []


def test_anomalies_pass_through_ungraded() -> None:
    g = grader()
    a = Anomaly("s", "bad_nonce", "k=deadbeef")
    assert g.feed(a) == []
    assert g.anomalies == [a] and g.anomalies_seen == 1


def transcript() -> list:
    sh, other = Shell(), Shell(session="pane", aid=77)
    ev = []
    ev += sh.run("all_reduce_perf -g 2", GOOD_TAIL)
    ev += sh.run(BROKEN, BROKEN_OUTPUT, exit=3)
    ev += sh.enter()
    ev += sh.run("echo $?", "3\n")
    ev += other.run("export NCCL_DEBUG=INFO")
    ev += other.run("all_reduce_perf -g 2 2>&1 | grep NET/Socket", SOCKET_LINE)
    ev += sh.run("lab answer why-socket a")
    ev += other.run("NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -g 2", GOOD_TAIL)
    ev += sh.run("lab answer why-socket b")
    return ev


def test_snapshot_restore_equals_grading_everything() -> None:
    events = transcript()
    whole = grader()
    whole.feed_all(events)
    for cut in range(len(events) + 1):
        first = grader()
        first.feed_all(events[:cut])
        snap = json.loads(json.dumps(first.snapshot()))
        resumed = LabGrader.restore(seed_like_lab(), "alice", snap)
        resumed.feed_all(events[cut:])
        assert resumed.verdicts() == whole.verdicts(), cut
        assert resumed.variables == whole.variables
    assert set(states(whole).values()) == {"verified"}


def test_grade_records_regrades_stored_records() -> None:
    from grader.capture.events import CommandEnded

    records = [e.record for e in transcript() if isinstance(e, CommandEnded)]
    g = grade_records(seed_like_lab(), records, "alice")
    live = grader()
    live.feed_all(transcript())
    assert g.verdicts() == live.verdicts()


_WORDS = st.sampled_from(
    [
        "all_reduce_perf",
        "echo",
        "$?",
        "-g",
        "2",
        "-b8M",
        "NCCL_SOCKET_IFNAME=doesnotexist0",
        "NCCL_DEBUG=INFO",
        "export",
        "unset",
        "|",
        "&&",
        ";",
        "grep",
        "'NET/Socket'",
        "sudo",
        "env",
        "-u",
        "lab",
        "answer",
        "why-socket",
        "(",
        ")",
        "[[",
        "]]",
        '"',
        "${iface}",
    ]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(_WORDS, max_size=10).map(" ".join),
            st.sampled_from(["", BROKEN_OUTPUT, SOCKET_LINE, GOOD_TAIL, "3"]),
            st.integers(min_value=0, max_value=255),
        ),
        max_size=8,
    )
)
def test_random_sessions_never_raise_and_never_regress(cmds: list) -> None:
    g, sh = grader(), Shell()
    best: dict[str, int] = {}
    for line, output, code in cmds:
        g.feed_all(sh.run(line, output, code))
        for sid, v in g.verdicts().items():
            assert v.state.rank >= best.get(sid, 0)
            best[sid] = v.state.rank
    json.dumps(g.snapshot())


def test_a_step_number_past_int_s_digit_limit_names_no_step() -> None:
    """`lab answer <5,000 digits> x` is a number no lab has a step for; Python's int() refuses
    strings past 4,300 digits, so the engine must not be the one to try."""
    g, sh = grader(), Shell()
    huge = "9" * 5000
    assert g.step_ref(huge) is None and g.step_ref("0" * 5000 + "1") is None
    assert g.step_ref("01") is None  # the node's `lab` names step 1 `1` only
    assert g.step_ref(f"nccl-test:{huge}") is None
    assert g.feed_all(sh.run(f"lab answer {huge} b")) == []
    out = g.feed_all(sh.run("lab answer why-socket b"))
    assert [(v.step, v.state) for v in out] == [("why-socket", State.VERIFIED)]


def test_the_shells_a_learner_announces_are_bounded() -> None:
    """Each prompt of a new (session, aid) gave the engine a shell kept for good, in memory and
    in the snapshot the daemon stores with every batch of the learner: 1,024 shells a session
    (the parser's MAX_SHELLS) times up to 5,000 sessions made each batch serialise millions.
    Past MAX_SHELLS_KEPT the oldest shells are forgotten; the newest shell still grades."""
    from grader.capture.events import PromptWithoutCommand
    from grader.matching.engine import MAX_SHELLS_KEPT

    g = grader()
    for s in range(3):
        for aid in range(1, MAX_SHELLS_KEPT // 2 + 1):
            g.feed(PromptWithoutCommand(f"s{s}", aid, 0, 0, False))
    snap = g.snapshot()
    assert len(snap["shells"]) <= MAX_SHELLS_KEPT
    assert len(json.dumps(snap)) < MAX_SHELLS_KEPT * 400
    restored = LabGrader.restore(seed_like_lab(), "alice", snap)
    sh = Shell(session="s2", aid=MAX_SHELLS_KEPT // 2)
    sh.n = 5
    out = restored.feed_all(sh.run(BROKEN, BROKEN_OUTPUT, exit=3))
    assert [(v.step, v.state) for v in out] == [("run-broken", State.VERIFIED)]


def test_the_shell_a_learner_types_in_is_kept_whatever_he_opens_beside_it() -> None:
    """Shells are forgotten by last use, not by age: a learner's first shell, still in use while
    he opens MAX_SHELLS_KEPT others, keeps its exported variables and grades as ever."""
    from grader.capture.events import PromptWithoutCommand
    from grader.matching.engine import MAX_SHELLS_KEPT

    g = grader()
    first = Shell(session="s1", aid=1)
    g.feed_all(first.run("export NCCL_DEBUG=INFO", ""))
    for aid in range(2, 3 * MAX_SHELLS_KEPT):
        g.feed(PromptWithoutCommand("s2", aid, 0, 0, False))
        if aid % 100 == 0:  # he goes on typing in his first shell meanwhile
            g.feed_all(first.run("true", ""))
    snap = g.snapshot()
    assert len(snap["shells"]) <= MAX_SHELLS_KEPT
    kept = {(s["session"], s["aid"]): s for s in snap["shells"]}
    assert ("s1", 1) in kept and ("s2", 2) not in kept
    assert kept[("s1", 1)]["env"]["exported"].get("NCCL_DEBUG") == "INFO"
