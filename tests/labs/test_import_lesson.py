"""`grader import-lesson`: a lesson's text to a draft lab that lints and asks for what it matches.

The acceptance test imports the seed lesson (tests/labs/lessons/seed-lesson.txt, the text the
first lab was written from) and holds the draft's command steps against the hand-written
labs/nccl-bootstrap, step by step, through the Practice Zone's path (grader.api.practice: the
real matcher on one line): each draft answer is accepted by the lab's step, and each of the
lab's practice answers by the draft's step.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.api.practice import check_command_line
from grader.authoring.draft import DraftError, build_draft, propose_patterns
from grader.authoring.lesson_runs import answers_on_profiles
from grader.authoring.profile_matrix import matrix_profiles
from grader.authoring.proposals import widen
from grader.cli import main
from grader.labs import check_lab, load_lab
from grader.labs.lesson import Box, LessonError, Question, parse_lesson

REPO = Path(__file__).resolve().parents[2]
SEED_LESSON = REPO / "tests" / "labs" / "lessons" / "seed-lesson.txt"
SEED_LAB = REPO / "labs" / "nccl-bootstrap"
BLANK_LINE_LESSON = REPO / "tests" / "labs" / "lessons" / "blank-line-box.txt"
UNTERMINATED_LESSON = REPO / "tests" / "labs" / "lessons" / "unterminated-box.txt"

HEAD = "Learn › Course › A Lesson\nA summary of the lesson.\n"


def _import(tmp_path: Path, lesson: Path, *extra: str, profiles: str = "none") -> tuple[int, Path]:
    """`grader import-lesson`; `profiles`: none unless a test holds the patterns against the
    node profiles (each profile types the whole lesson)."""
    out = tmp_path / "labs" / "draft-lab"
    args = ["import-lesson", str(lesson), "-o", str(out), "--profiles", profiles, *extra]
    return main(args), out


def test_the_seed_lesson_drafts_the_commands_nccl_bootstrap_expects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out = _import(tmp_path, SEED_LESSON)
    printed = capsys.readouterr().out
    assert rc == 0, printed
    assert check_lab(out) == []
    draft = load_lab(out)
    seed = load_lab(SEED_LAB)
    commands = [s for s in draft.steps if s.type == "command"]
    questions = [s for s in draft.steps if s.type == "question"]
    terminal = [s for s in seed.steps if s.type == "command" and s.practice is not None]
    assert len(questions) == 3 and all(q.explanation for q in questions)
    assert len(commands) == len(terminal) == 7
    for mine, theirs in zip(commands, terminal, strict=True):
        assert mine.practice is not None and theirs.practice is not None
        accepted = check_command_line(seed, theirs, mine.practice.answer)
        assert accepted.ok, (theirs.id, mine.practice.answer, accepted.reason)
        back = check_command_line(draft, mine, theirs.practice.answer)
        assert back.ok, (mine.id, theirs.practice.answer, back.reason)
    # the shape the hand-written lab uses: env, flags, pipe stages
    first = commands[0].command
    assert first is not None and first.main is not None
    assert first.main.program == ("all_reduce_perf",)
    assert first.main.env["NCCL_SOCKET_IFNAME"].value == "doesnotexist0"
    assert first.main.flags["-g"] is not None and first.main.flags["-g"].value == "2"
    socket = commands[3].command
    assert socket is not None and [p.program for p in socket.pipe] == [("grep",)]
    # the draft's own command does not accept a different program or a missing stage
    assert not check_command_line(draft, commands[3], "all_reduce_perf -g 2").ok
    assert not check_command_line(draft, commands[1], "nvidia-smi -L").ok
    # one list of what is left, every step that has a TODO/REVIEW in the file named in it
    text = (out / "lab.yaml").read_text(encoding="utf-8")
    assert "To decide (" in printed
    for step in draft.steps:
        assert f"step {step.id}: " in printed, step.id
    assert printed.count("  - ") == len(re.findall(r"^\s*# (?:TODO|REVIEW):", text, re.M))
    assert "NCCL starts twice" in printed  # the diagram's caption, a note for the author


def test_the_seed_lesson_draft_holds_on_every_profile_or_says_where_not(tmp_path: Path) -> None:
    """Issue 35's measure: the raw draft's patterns held on 2 of 8 profiles, unflagged. Each
    box's answer is typed on every node profile (the simulator, in the lesson's order); every
    pattern of the draft holds on all of them, or the review names it profile-specific."""
    lesson = parse_lesson(SEED_LESSON.read_text(encoding="utf-8"))
    printed = answers_on_profiles([b.answer for b in lesson.boxes], matrix_profiles()).outputs
    assert len(printed) == len(matrix_profiles()) + 1  # and the default profile
    runs = {b.line: {n: outs[i] for n, outs in printed.items()} for i, b in enumerate(lesson.boxes)}
    draft = build_draft(lesson, "nccl-draft", "lab.schema.json", runs)
    (tmp_path / "nccl-draft").mkdir()
    (tmp_path / "nccl-draft" / "lab.yaml").write_text(draft.yaml_text, encoding="utf-8")
    assert main(["lint", str(tmp_path / "nccl-draft")]) == 0
    lab = load_lab(tmp_path / "nccl-draft")
    commands = [s for s in lab.steps if s.type == "command"]
    reviews = [str(d) for d in draft.decisions]
    flagged = 0
    for box, step in zip(lesson.boxes, commands, strict=True):
        for p in step.output.all if step.output else ():
            rx = re.compile(p.text)  # line by line, as the grader matches output
            outputs = runs[box.line].items()
            holds = [n for n, out in outputs if any(map(rx.search, out.splitlines()))]
            if len(holds) < len(printed):
                source = p.description.removeprefix("a line like `").removesuffix("`")
                note = (
                    f"step {step.id}: REVIEW: output: profile-specific: `{source}` holds on "
                    f"{len(holds)} of {len(printed)} node profiles"
                )
                assert any(r.startswith(note) for r in reviews), (note, reviews)
                flagged += 1
    assert flagged >= 3  # NET/Socket (no such line on InfiniBand), NET/IB, the joined topo header
    # the cold open's WARN line without 2.30.7's `(bootstrapNetInit)`: it holds everywhere
    warn = commands[0].output
    assert warn is not None and warn.all[0].text.startswith(r"NCCL\s+WARN\s+Bootstrap")
    assert any(
        "generalised to `NCCL WARN Bootstrap : no socket interface found`" in r for r in reviews
    )
    assert any("the 8 node profiles (default, ib-nccl-2.26" in r for r in reviews)


def test_a_pattern_is_widened_only_as_far_as_the_profiles_need() -> None:
    (version,) = propose_patterns("# nccl-tests version 2.19.6 nccl-headers=23007", [])
    outputs = {
        "new": "# nccl-tests version 2.19.6 nccl-headers=23007",
        "old": "# nccl-tests version 2.10.1 nccl-headers=20909",
    }
    wide = widen(version, outputs)
    assert wide.everywhere and wide.proposal.level == 1
    assert wide.proposal.source == "nccl-tests version <n>.<n>.<n> nccl-headers=<n>"
    same = widen(version, {"new": outputs["new"]})
    assert same.proposal == version and same.everywhere
    # a bare number made any number would prove nothing: it stays, flagged
    (code,) = propose_patterns("3", [])
    kept = widen(code, {"a": "0", "b": "0"})
    assert kept.proposal == code and kept.holds == () and kept.instead == "0"


@pytest.mark.parametrize("answer", ["| grep foo", "ls )", "echo $(("])
def test_an_answer_bash_rejects_names_its_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    lesson = tmp_path / "bad.txt"
    lesson.write_text(HEAD + "Prose.\n" + f"prompt: $ answer: {answer} hint: h\n", "utf-8")
    rc, out = _import(tmp_path, lesson)
    assert rc == 1 and not out.exists()
    err = capsys.readouterr().err
    assert f"{lesson}:4: the answer `{answer}`: " in err and "nothing was written" in err


def test_proposed_patterns_generalise_volatile_parts_and_match_their_line() -> None:
    seed = load_lab(SEED_LAB)
    lesson = parse_lesson(SEED_LESSON.read_text(encoding="utf-8"))
    for box in lesson.boxes:
        for p in propose_patterns(box.output, ["ml-node-07"]):
            rx = re.compile(p.regex)
            assert any(rx.search(line) for line in box.output.splitlines()), p
            assert not rx.search("") and not rx.search("anything at all")
            for volatile in ("24281", "24133", "localhost", "172.232", "2026-07-29"):
                assert volatile not in p.regex, (volatile, p.regex)
    # the NET/Socket proposal finds the same line on another node, with other pids and address
    socket = next(b for b in lesson.boxes if "NET/Socket" in b.answer)
    (p,) = propose_patterns(socket.output, [])
    assert re.search(p.regex, "gpu-b:991:1002 [0] NCCL INFO NET/Socket : Using [0]eth0:10.1.2.3<0>")
    # and the hand-written lab's own practice output (real line breaks) satisfies the proposal
    warn = next(s for s in seed.steps if s.id == "run-broken")
    assert warn.practice is not None
    (first_box,) = [b for b in lesson.boxes if b.answer == warn.practice.answer]
    for p in propose_patterns(first_box.output, []):
        assert any(re.search(p.regex, x) for x in warn.practice.output.splitlines()), p


def test_a_multi_line_output_runs_to_its_hint() -> None:
    lesson = parse_lesson(
        HEAD + "Run it.\n"
        "prompt: $ answer: ls -l /tmp output:\n"
        "total 0\n"
        "drwx 2 a b 40 x hint: list it long\n"
        "After the box.\n"
        ">>> Because.\n"
    )
    (box,) = lesson.boxes
    assert box.output == "total 0\ndrwx 2 a b 40 x" and box.hint == "list it long"
    assert lesson.sections[0].prose == ("Run it.",)
    assert lesson.sections[1].prose == ("After the box.",)
    assert isinstance(lesson.sections[1].item, Question)


def test_a_box_without_hint_is_its_own_line_only_when_nothing_could_be_more_of_it() -> None:
    lesson = parse_lesson(HEAD + "prompt: $ answer: uname -r output: 6.1.0\n\n>>> Because.\n")
    (box,) = lesson.boxes
    assert (box.output, box.hint, box.last_line) == ("6.1.0", "", 3)
    # prose after it may be more output: the text does not say, so it is an error, not a cut
    with pytest.raises(LessonError, match="line 4 may be its output") as caught:
        parse_lesson(HEAD + "prompt: $ answer: uname -r output: 6.1.0\nProse, or output?\n")
    assert caught.value.line == 3


def test_a_blank_line_inside_a_box_output_keeps_the_box_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `nvidia-smi topo -m` box as the simulator prints it: a blank line before `Legend:`
    and after it. The box runs to its hint; the prose after it is the next step's."""
    lesson = parse_lesson(BLANK_LINE_LESSON.read_text(encoding="utf-8"))
    topo, echo = lesson.boxes
    assert (topo.line, topo.last_line) == (5, 18)
    assert "\n\nLegend:\n\n  X    = Self" in topo.output
    assert topo.output.endswith("NV#  = Connection traversing a bonded set of # NVLinks")
    assert topo.hint.startswith("The driver tool is nvidia-smi")
    assert lesson.sections[1].prose[0].startswith("Read the matrix like a mileage chart")
    assert echo.answer == "echo $?"
    rc, out = _import(tmp_path, BLANK_LINE_LESSON, profiles="all")
    assert rc == 0 and check_lab(out) == []
    printed = capsys.readouterr().out
    assert "runs over blank lines, lesson lines 5–18" in printed
    # typed on the profiles: the header has no NUMA columns on NCCL 2.9's node (an older
    # driver), and the PHB cell is PHB only on the PCIe host-bridge profiles: both are said
    assert "the 8 node profiles" in printed
    header = "profile-specific: `GPU0 GPU1 CPU Affinity NUMA Affinity GPU NUMA ID` holds on 7"
    assert header in printed and "on pcie-nccl-2.9 the command printed `GPU0" in printed
    assert "profile-specific: `GPU0 X PHB 0-7 0 N/A` holds on 3 of 8" in printed
    draft = load_lab(out)
    step = next(s for s in draft.steps if s.practice and s.practice.answer == topo.answer)
    assert step.practice is not None and "\n\nLegend:\n" in step.practice.output
    assert step.hints == (topo.hint,)
    assert "topology matrix" in step.instructions and "mileage" not in step.instructions


def test_an_unterminated_box_is_an_error_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out = _import(tmp_path, UNTERMINATED_LESSON)
    assert rc == 1 and not out.exists()
    err = capsys.readouterr().err
    assert f"{UNTERMINATED_LESSON}:5: a practice box with `output:` but no `hint:`" in err
    assert "before the next box (line 22)" in err and "nothing was written" in err
    with pytest.raises(LessonError, match="whose `output:` is empty") as caught:
        parse_lesson(HEAD + "Prose.\nprompt: $ answer: ls output:\n\n")
    assert caught.value.line == 4


def test_a_box_without_output() -> None:
    lesson = parse_lesson(HEAD + "prompt: $ answer: true hint: it prints nothing\n")
    (box,) = lesson.boxes
    assert (box.answer, box.output, box.hint) == ("true", "", "it prints nothing")
    lesson = parse_lesson(HEAD + "prompt: $ answer: true\n")
    assert lesson.boxes[0] == Box(3, 3, "$", "true")


def test_a_json_line_is_a_diagram_kept_as_a_note(tmp_path: Path) -> None:
    lesson = parse_lesson(
        HEAD + '{"caption": "Click the boxes", "nodes": []}\n'
        "prompt: $ answer: nvidia-smi -L output: GPU 0: X hint: h\n"
        "Practice it in a real terminal.\n"
    )
    (section,) = lesson.sections
    assert section.prose == () and [d.caption for d in section.diagrams] == ["Click the boxes"]
    assert lesson.invitation.startswith("Practice")
    draft = build_draft(lesson, "a-lesson", "lab.schema.json")
    assert any("Click the boxes" in d.text for d in draft.decisions)
    (tmp_path / "a-lesson").mkdir()
    (tmp_path / "a-lesson" / "lab.yaml").write_text(draft.yaml_text, encoding="utf-8")
    assert check_lab(tmp_path / "a-lesson") == []


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("Just prose.\nMore prose.\n>>> An explanation.\n", 0, "no practice box"),
        ("prompt: $ output: x hint: y\n", 3, "without `answer:`"),
        ("prompt: $ answer:   hint: y\n", 3, "empty `answer:`"),
    ],
)
def test_bad_lessons_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(LessonError, match=re.escape(words)) as caught:
        parse_lesson(HEAD + text)
    assert caught.value.line == line


@pytest.mark.parametrize("answer", ["grep 'NET/Socket", "FOO=1", "ls |"])
def test_an_unparsable_answer_names_its_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    lesson = tmp_path / "bad.txt"
    lesson.write_text(HEAD + "Prose.\n" + f"prompt: $ answer: {answer} hint: h\n", "utf-8")
    with pytest.raises(DraftError) as caught:
        build_draft(parse_lesson(lesson.read_text("utf-8")), "bad", "x")
    assert caught.value.line == 4
    rc, out = _import(tmp_path, lesson)
    assert rc == 1 and not out.exists()
    assert f"{lesson}:4: " in capsys.readouterr().err


def test_no_boxes_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lesson = tmp_path / "empty.txt"
    lesson.write_text(HEAD + "Only prose.\n", "utf-8")
    rc, out = _import(tmp_path, lesson)
    assert rc == 1 and not out.exists()
    err = capsys.readouterr().err
    assert f"{lesson}: no practice box" in err and "::" not in err


def test_an_existing_folder_is_kept_unless_forced(tmp_path: Path) -> None:
    rc, out = _import(tmp_path, SEED_LESSON)
    assert rc == 0
    (out / "lab.yaml").write_text("mine\n", "utf-8")
    rc, _ = _import(tmp_path, SEED_LESSON)
    assert rc == 2 and (out / "lab.yaml").read_text("utf-8") == "mine\n"
    rc, _ = _import(tmp_path, SEED_LESSON, "--force")
    assert rc == 0 and check_lab(out) == []
    rc, _ = _import(tmp_path, SEED_LESSON, "--id", "other-id")
    assert rc == 2


def test_a_lesson_answer_runs_here_only_if_it_is_simulated_and_writes_nothing() -> None:
    """A lesson is text from elsewhere; import-lesson runs its answers on the author's machine
    (grader/authoring/lesson_runs.py), so only the simulator's programs and read-only text tools
    run, with nothing hidden and nothing written."""
    from grader.authoring.lesson_runs import runnable

    simulated = frozenset({"nvidia-smi", "all_reduce_perf"})
    for ok in (
        "nvidia-smi topo -m",
        "NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 8M -g 2 2>&1 | grep -i warn",
        "all_reduce_perf -g 2 > /dev/null; echo $?",
    ):
        assert runnable(ok, simulated) == "", ok
    for bad, why in (
        ("rm -rf ~", "runs rm"),
        ("env curl http://example.invalid", "runs curl"),
        ("echo $(cat ~/.ssh/id_rsa)", "substitution"),
        ("nvidia-smi > ~/.bashrc", "writes to ~/.bashrc"),
        ("for f in *; do shred $f; done", "runs shred"),
    ):
        assert why in runnable(bad, simulated), bad
    assert "writes to /tmp/x" in runnable("nvidia-smi >&/tmp/x", simulated)
    assert runnable("all_reduce_perf -g 2 2>&1 >/dev/null | grep x", simulated) == ""
