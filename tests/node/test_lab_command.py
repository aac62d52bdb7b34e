"""The learner's `lab` command against a real progress file (subprocess, as on the node)."""

from __future__ import annotations

import getpass
import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

from grader.config import config_schema
from grader.node.paths import node_file

USER = getpass.getuser()


def step(step_id: str, n: int, title: str, **fields: Any) -> dict[str, Any]:
    """One step of the progress document as the grader writes it: pending, no reason, one point,
    no hints and no time, unless `fields` say otherwise."""
    base = {"id": step_id, "n": n, "title": title, "state": "pending", "reason": "", "points": 1}
    return {**base, "hints": [], "at": None, **fields}


def question(step_id: str, n: int, title: str, text: str, *choices: str) -> dict[str, Any]:
    """A question step whose choices are a, b, ... with these texts."""
    listed = [{"id": "abcdefgh"[i], "text": t} for i, t in enumerate(choices)]
    return step(step_id, n, title, type="question", question=text, choices=listed)


PROGRESS = {
    "v": 1,
    "learner": USER,
    "updated": 1.0,
    "labs": [
        {
            "id": "nccl-bootstrap",
            "title": "The Job That Never Starts",
            "points": 9,
            "score": 1,
            "steps": [
                step("run-broken", 1, "Run the job", state="verified", hints=["h1"], at=1.0),
                step(
                    "topo",
                    2,
                    "Clear the hardware",
                    state="attempted",
                    reason="missing -m",
                    hints=["first", "second"],
                    instructions="Print the matrix with `nvidia-smi topo -m`.",
                ),
                question(
                    "why-socket",
                    3,
                    "Why a socket?",
                    "Why does one machine need a socket?",
                    "Bootstrap.",
                    "NVLink.",
                ),
            ],
        }
    ],
    "events": [],
}


def lab(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"LABGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin", "HOME": str(root)}
    return subprocess.run(
        [sys.executable, str(node_file("lab")), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_no_progress_yet_is_explained(root: Path) -> None:
    for args in (["status"], ["hint"], []):
        r = lab(root, *args)
        assert r.returncode == 0 and "No progress recorded yet" in r.stdout


def test_status_lists_steps_with_state(root: Path, write_progress) -> None:
    write_progress(root, USER, PROGRESS)
    r = lab(root, "status")
    assert r.returncode == 0
    assert "The Job That Never Starts (nccl-bootstrap): 1/9 points" in r.stdout
    assert "[✓] 1. Run the job [run-broken]" in r.stdout
    assert "[✗] 2. Clear the hardware [topo]  (missing -m)" in r.stdout
    # the id and number `lab answer` takes, for a question not yet answered right
    assert "[ ] 3. Why a socket? [why-socket]  (a question: lab answer 3 CHOICE)" in r.stdout


def test_the_login_welcome_says_the_lab_where_the_learner_stands_and_what_next(
    root: Path, write_progress
) -> None:
    none = lab(root, "_welcome").stdout
    assert none.startswith("labgrader: every command you type in this shell is checked."), none
    write_progress(root, USER, PROGRESS)
    assert lab(root, "_welcome").stdout.splitlines() == [
        "Lab: The Job That Never Starts: 1/3 steps done, 1/9 points.",
        "Next: step 2. Clear the hardware. `lab` shows it, `lab status` every step, "
        "`lab hint` a hint.",
    ]
    write_progress(root, USER, {**PROGRESS, "node": {"simulated": True}})
    welcome = lab(root, "_welcome").stdout
    assert welcome.startswith("Simulated GPUs: ")
    # the notice's own line break is a line break, not an escaped "\x0a"
    assert "\\x0a" not in welcome and welcome.splitlines()[1].startswith("labgrader simulator")


PAGE = "https://grader.example/dashboard/learner"


def test_the_welcome_and_status_name_the_learner_page(root: Path, write_progress) -> None:
    """The grader's `learner_page` (grader.yaml api.public_url): the welcome's last line, and
    `lab status`'s (so `lab` too)."""
    write_progress(root, USER, {**PROGRESS, "learner_page": PAGE})
    line = f"Your page: {PAGE} (sign in with your learner token)"
    assert lab(root, "_welcome").stdout.splitlines()[-1] == line
    assert lab(root, "status").stdout.splitlines()[-1] == line
    assert line in lab(root).stdout
    write_progress(root, USER, {**PROGRESS, "learner_page": None})
    assert "Your page" not in lab(root, "_welcome").stdout + lab(root, "status").stdout


def test_a_learner_page_that_is_no_plain_address_is_not_printed(root: Path, write_progress) -> None:
    """The file is the grader's but sits on the learner's node: a value that is no plain http(s)
    URL (an escape sequence, a line break, a user in it, not a string) prints nothing at all."""
    for bad in (
        PAGE + "\x1b]0;owned\x07",
        PAGE + "\x9b2J",
        PAGE + "\nNext: type rm -rf ~",
        PAGE + "\u202e",
        "javascript:alert(1)",
        "https://alice:pw@grader.example/dashboard/learner",
        'https://grader.example/dashboard/learner?x="',
        "https://" + "a" * 400,
        ["https://grader.example"],
        42,
    ):
        write_progress(root, USER, {**PROGRESS, "learner_page": bad})
        shown = lab(root, "_welcome").stdout + lab(root, "status").stdout
        assert "Your page" not in shown and "owned" not in shown, bad
        assert "Lab: The Job That Never Starts" in shown, bad


def test_the_page_pattern_is_grader_yamls_public_url_pattern() -> None:
    """`PAGE_RE` (what the node prints) and api.public_url's schema pattern (what the grader
    accepts, grader/config.schema.json) are one pattern written twice: the node script cannot
    read the grader's schema. Equal, so neither drifts from the other."""
    loader = importlib.machinery.SourceFileLoader("labgrader_lab_page", str(node_file("lab")))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    script = importlib.util.module_from_spec(spec)
    loader.exec_module(script)
    pattern = config_schema()["properties"]["api"]["properties"]["public_url"]["pattern"]
    assert pattern.startswith("^") and pattern.endswith("$"), pattern
    assert script.PAGE_RE.pattern == pattern[1:-1]


def test_status_says_when_the_nodes_gpus_are_simulated(root: Path, write_progress) -> None:
    """The grader marks a node whose nvidia-smi is the simulator (`node.simulated`); only an
    explicit true makes `lab status` say so, first."""
    write_progress(root, USER, {**PROGRESS, "node": {"simulated": True}})
    first = lab(root, "status").stdout.splitlines()[0]
    assert first.startswith("Simulated GPUs: this practice node has no real GPU"), first
    for node in ({"simulated": False}, {"simulated": "yes"}, "simulated", None):
        write_progress(root, USER, {**PROGRESS, "node": node})
        assert "Simulated GPUs" not in lab(root, "status").stdout, node


def test_lab_shows_what_to_do_next_and_a_question_with_its_choices(
    root: Path, write_progress
) -> None:
    write_progress(root, USER, PROGRESS)
    overview = lab(root).stdout
    assert "[✗] 2. Clear the hardware [topo]" in overview  # the checklist first
    assert "Next:\nStep 2. Clear the hardware  [topo]\n  last try: missing -m" in overview
    assert "Print the matrix with `nvidia-smi topo -m`." in overview
    question = lab(root, "show", "3").stdout
    assert "Why does one machine need a socket?" in question
    assert "  a) Bootstrap.\n  b) NVLink." in question
    assert "lab answer 3 CHOICE" in question
    assert lab(root, "show", "why-socket").stdout == question
    assert "is a question: `lab show 3`" in lab(root, "hint", "3").stdout
    assert lab(root, "show", "nope").returncode == 1


def test_hint_gives_one_more_each_time(root: Path, write_progress) -> None:
    write_progress(root, USER, PROGRESS)
    (root / "spool" / USER).mkdir(parents=True)
    first = lab(root, "hint").stdout
    assert "hint 1/2: first" in first and "second" not in first
    second = lab(root, "hint").stdout
    assert "hint 2/2: second" in second and "ask again" not in second
    assert "hint 2/2" in lab(root, "hint", "topo").stdout  # capped at the last hint
    assert "hint 1/1: h1" in lab(root, "hint", "1").stdout
    assert "is a question" in lab(root, "hint", "why-socket").stdout  # no hints: how to answer
    assert lab(root, "hint", "nope").returncode == 1


def test_answer_acknowledges_and_validates(root: Path, write_progress) -> None:
    write_progress(root, USER, PROGRESS)
    ok = lab(root, "answer", "why-socket", "b")
    assert ok.returncode == 0 and "Answer 'b' for step 'why-socket' sent" in ok.stdout
    assert lab(root, "answer", "no-such-step", "b").returncode == 1
    assert lab(root, "answer", "why-socket", "b; rm").returncode == 2


def test_lab_status_inside_captured_session(session, captured, root: Path, write_progress):
    write_progress(root, USER, PROGRESS)
    rec = session()  # /etc/profile resets PATH, so type the full path
    rec.run(f"{node_file('lab')} status")
    cap = captured(rec)
    assert "[✓] 1. Run the job" in cap.command(f"{node_file('lab')} status").output


FIRST_LAB: dict[str, Any] = cast(list, PROGRESS["labs"])[0]
SECOND_LAB: dict[str, Any] = {
    "id": "nccl-transport",
    "title": "The Job That Runs Slow",
    "points": 2,
    "score": 0,
    "steps": [
        step("baseline", 1, "Measure what fast looks like"),
        question(
            "why-busbw", 2, "Two bandwidths that agree", "Why do they agree?", "Two ranks.", "Luck."
        ),
        question("why-socket", 3, "A question whose id the other lab has too", "Same id?", "Yes."),
    ],
}


def test_a_step_is_the_current_labs_unless_the_lab_is_named(root: Path, write_progress) -> None:
    """A bare `lab answer 3 a` (or `lab show 3`) is the step of the lab the learner is on: the
    progress file's `current`, else the first unfinished lab; `LAB:STEP` names another lab's,
    and an id only another lab has names that one. The grader reads `lab answer` by the same
    rule (grader/matching/engine.py `_answer_here`); anything else is refused with exit 1 (the
    grader counts an answer only from a `lab answer` that exited 0)."""
    doc = {**PROGRESS, "labs": [FIRST_LAB, SECOND_LAB]}
    write_progress(root, USER, doc)  # no `current`: the first unfinished lab, nccl-bootstrap
    assert "Why does one machine need a socket?" in lab(root, "show", "3").stdout
    assert lab(root, "answer", "3", "a").returncode == 0
    assert lab(root, "answer", "why-socket", "a").returncode == 0  # the current lab's id first
    assert lab(root, "answer", "why-busbw", "a").returncode == 0  # only lab 2 has it
    assert lab(root, "answer", "nccl-transport:3", "a").returncode == 0
    missing = lab(root, "answer", "4", "a")
    assert missing.returncode == 1
    assert "LAB:STEP, e.g. `lab show nccl-transport:3`" in missing.stdout, missing.stdout
    status = lab(root, "status").stdout
    assert "[why-socket]  (a question: lab answer 3 CHOICE)" in status
    assert "[why-busbw]  (a question: lab answer nccl-transport:2 CHOICE)" in status
    assert "(nccl-bootstrap): 1/9 points  <- the lab you are on" in status
    # the learner started lab 2: the same words now name lab 2's steps
    write_progress(root, USER, {**doc, "current": "nccl-transport"})
    assert "Same id?" in lab(root, "show", "3").stdout
    assert "Why do they agree?" in lab(root, "show", "2").stdout
    assert "Print the matrix" in lab(root, "show", "nccl-bootstrap:2").stdout
    assert "lab answer 3 a)" in lab(root, "show", "3").stdout
    over = lab(root).stdout
    assert "You are on The Job That Runs Slow (nccl-transport)." in over, over
    assert "Step 1. Measure what fast looks like" in over.split("Next:", 1)[1], over
    assert "You are on The Job That Runs Slow (nccl-transport)" in lab(root, "_welcome").stdout


def test_lab_start_names_the_lab_and_refuses_one_the_learner_has_not(
    root: Path, write_progress
) -> None:
    write_progress(root, USER, {**PROGRESS, "labs": [FIRST_LAB, SECOND_LAB]})
    started = lab(root, "start", "nccl-transport")
    assert started.returncode == 0, started.stdout
    assert started.stdout.startswith("You are on The Job That Runs Slow (nccl-transport) now")
    assert "Next: step 1. Measure what fast looks like" in started.stdout
    assert lab(root, "switch", "nccl-bootstrap").returncode == 0
    wrong = lab(root, "start", "nccl-transprot")
    assert wrong.returncode == 1  # so the grader reads no choice from it
    assert "yours: nccl-bootstrap, nccl-transport" in wrong.stdout


def test_help_is_help_and_documents_lab_step(root: Path) -> None:
    for words in (["help"], ["-h"]):
        shown = lab(root, *words)
        assert shown.returncode == 0, shown.stderr
        assert "LAB:STEP" in shown.stdout and "lab start" in shown.stdout, shown.stdout
        assert "_welcome" not in shown.stdout and "_feedback" not in shown.stdout
    wrong = lab(root, "nope")
    assert wrong.returncode == 2
    assert "_welcome" not in wrong.stderr and "_feedback" not in wrong.stderr, wrong.stderr


def test_feedback_lines_name_the_lab_when_the_learner_has_several(
    root: Path, write_progress
) -> None:
    events = [
        {"seq": 1, "lab": "nccl-transport", "index": 1, "count": 3, "done": 1,
         "title": "Measure what fast looks like", "state": "verified"},
        {"seq": 2, "lab": "nccl-bootstrap", "index": 2, "count": 3,
         "title": "Clear the hardware", "state": "attempted", "reason": "missing -m"},
    ]  # fmt: skip
    write_progress(root, USER, {**PROGRESS, "labs": [FIRST_LAB, SECOND_LAB], "events": events})
    lines = lab(root, "_feedback").stdout.splitlines()
    assert lines[:2] == [
        "✓ 1/3 done · nccl-transport step 1 verified: Measure what fast looks like",
        "✗ nccl-bootstrap step 2 Clear the hardware — missing -m",
    ], lines
    write_progress(root, USER, {**PROGRESS, "events": events[1:]})  # one lab: no name
    assert lab(root, "_feedback").stdout.startswith("✗ step 2 Clear the hardware — missing -m")


def test_the_welcome_names_the_lab_of_the_next_step_and_ends_a_question_once(
    root: Path, write_progress
) -> None:
    first = {**FIRST_LAB, "steps": FIRST_LAB["steps"][2:]}
    write_progress(root, USER, {**PROGRESS, "labs": [first, SECOND_LAB]})
    lines = lab(root, "_welcome").stdout.splitlines()
    assert lines[-1].startswith(
        "Next: step 3 of The Job That Never Starts. Why a socket? `lab` shows it"
    ), lines


def test_a_reset_line_names_the_lab_that_started_over(root: Path, write_progress) -> None:
    reset = {"seq": 4, "lab": "nccl-transport", "step": "", "state": "reset", "reason": "redo"}
    doc = {**PROGRESS, "labs": [FIRST_LAB, SECOND_LAB], "events": [reset]}
    write_progress(root, USER, doc)
    shown = lab(root, "_feedback", "--after", "3").stdout
    assert shown.splitlines()[0] == (
        "↺ your progress in “The Job That Runs Slow” was reset by the instructor: redo"
    ), shown


def test_hint_alone_answers_about_the_step_the_learner_is_at(root: Path, write_progress) -> None:
    """`lab hint` with no step follows `lab`'s rule (grader/verdict.py `current_step`): a question
    never answered while a later step has a verdict was skipped, so the hint is the later step's."""
    doc = {
        **PROGRESS,
        "labs": [
            {
                **FIRST_LAB,
                "steps": [
                    step("run-broken", 1, "Run the job", state="verified", at=1.0),
                    question("why-socket", 2, "Why a socket?", "Why?", "Bootstrap.", "NVLink."),
                    step("topo", 3, "Clear the hardware", state="attempted", hints=["topo -m"]),
                ],
            }
        ],
    }
    write_progress(root, USER, doc)
    shown = lab(root, "hint").stdout
    assert shown.startswith("Step 3. Clear the hardware\n  hint 1/1: topo -m"), shown
    assert "Next:\nStep 3. Clear the hardware" in lab(root).stdout  # where `lab` says it is


def test_status_shows_control_characters_from_the_progress_file_as_text(
    root: Path, write_progress
) -> None:
    """Titles and reasons come from lab authors and the grader (a reason can quote the learner's
    own environment): `lab status`, `lab show`, `lab` and the welcome print each control
    character as `\\xHH`, never raw, like the prompt's feedback lines."""
    evil = "\x1b[31mred\x07"
    doc = {
        **PROGRESS,
        "labs": [
            {
                **FIRST_LAB,
                "title": "Lab " + evil,
                "steps": [
                    step("topo", 1, "Clear " + evil, state="attempted", reason="got " + evil),
                ],
            }
        ],
    }
    write_progress(root, USER, doc)
    status = lab(root, "status").stdout
    assert "\x1b" not in status and "\x07" not in status, status
    assert "[✗] 1. Clear \\x1b[31mred\\x07 [topo]  (got \\x1b[31mred\\x07)" in status
    for args in (["show", "1"], [], ["_welcome"], ["hint"]):
        shown = lab(root, *args).stdout
        assert "\x1b" not in shown and "\x07" not in shown, (args, shown)
        assert "\\x1b[31mred\\x07" in shown, (args, shown)
