"""`grader import-lesson LESSON.txt`: a published lesson's text to a draft lab folder.

    grader import-lesson lesson.txt                  # labs/<id from the title>/lab.yaml
    grader import-lesson lesson.txt -o labs/my-lab   # the id is the folder's name
    grader import-lesson lesson.txt --id my-lab --force

The lesson is read by grader.labs.lesson and drafted by grader.authoring.draft (both pure); this
module is the edge: it reads the file, builds the whole draft in memory, lints it in a scratch
folder and only then moves it into place, so bad input writes nothing. It prints one list of
what the author must still decide. Beside the draft, `tests/` gets an honest script (the
lesson's answers) and a dishonest one (the same runs with the expected output echoed, which
must not verify), for `grader record` (docs/authoring.md "From a lesson").
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from grader.authoring.draft import LAB_ID, DraftError, build_draft, slug
from grader.authoring.forgeries import first_scripts
from grader.authoring.lesson_runs import answers_on_profiles
from grader.authoring.new_cmd import schema_hint
from grader.authoring.profile_matrix import ProfileNotFound, select_profiles
from grader.labs import (
    LAB_FILE,
    Lesson,
    LessonError,
    bash_syntax_problem,
    check_lab,
    load_lab,
    parse_lesson,
)
from grader.node import simulator_missing

#: What the draft's tests/ starts with (forgeries.first_scripts): the lesson's answers typed
#: honestly, the same runs faked with echo, and the fake's expectation (no step verifies).
SCAFFOLD = ("honest.script", "dishonest.script", "dishonest.expect.yaml")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "import-lesson",
        help="draft a lab folder from a published lesson's plain text",
        description=(
            "Read a lesson's plain text (prose, practice boxes `prompt: … answer: … output: …\n"
            "hint: …`, `>>>` question explanations, JSON diagram lines) and write a draft lab:\n"
            "a command step per box (the answer read by the matcher's own parser, output\n"
            "patterns proposed for review), a question step per `>>>` line (TODO choices), the\n"
            "prose as the steps' instructions. The draft lints; what the author must still\n"
            "decide is printed as one list and marked TODO / REVIEW in lab.yaml.\n"
            "Each box's answer is typed, in the lesson's order, on every node profile of the\n"
            "GPU simulator (--profiles): a proposed pattern is generalised until it holds on all\n"
            "of them, or marked profile-specific in the list.\n"
            "\n"
            "Exit status: 0 written, 1 the lesson cannot be read or a box's answer is not a\n"
            "command bash accepts (nothing written), 2 the folder exists (without --force), the\n"
            "id is not a lab id, or --profiles names no profile or the simulator is missing."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lesson", metavar="LESSON.txt", help="the lesson's plain text")
    parser.add_argument(
        "-o", "--output", metavar="DIR", help="the lab folder to write (default: labs/<id>)"
    )
    parser.add_argument("--id", help="the lab id (default: the folder's name, or the title's)")
    parser.add_argument("--force", action="store_true", help="replace an existing folder")
    parser.add_argument(
        "--profiles",
        default="all",
        metavar="NAMES",
        help=(
            "node profiles to hold the proposed output patterns against: all (default), "
            "comma-separated names from the simulator's profiles/matrix, or none"
        ),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    source = Path(args.lesson)
    try:
        text = source.read_text(encoding="utf-8")
        lesson = parse_lesson(text)
    except OSError as exc:
        print(f"{source}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except (LessonError, UnicodeDecodeError) as exc:
        line = getattr(exc, "line", 0)  # 0: the whole text, no line to name
        print(f"{source}:{line}: " if line else f"{source}: ", end="", file=sys.stderr)
        print(_message(exc), file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 1
    out = Path(args.output) if args.output else None
    lab_id = args.id or (out.name if out else slug(lesson.title, 63))
    if not LAB_ID.match(lab_id or ""):
        print(f"{lab_id!r}: a lab id is lowercase words joined by hyphens; give --id")
        return 2
    if out is None:
        out = Path("labs") / lab_id
    if out.name != lab_id:
        print(f"the lab id {lab_id!r} must be the folder's name, not {out.name!r}")
        return 2
    if out.exists() and not args.force:
        print(f"{out} exists already: nothing was written (--force replaces it)", file=sys.stderr)
        return 2
    for box in lesson.boxes:
        problem = bash_syntax_problem(box.answer)
        if problem:
            print(f"{source}:{box.line}: the answer `{box.answer}`: {problem}", file=sys.stderr)
            print("nothing was written", file=sys.stderr)
            return 1
    runs = _runs(lesson, args.profiles, source)
    if isinstance(runs, str):
        print(f"grader import-lesson --profiles: {runs}", file=sys.stderr)
        return 2
    try:
        draft = build_draft(lesson, lab_id, schema_hint(out), runs)
    except DraftError as exc:
        print(f"{source}:{exc.line}: {str(exc).split(': ', 1)[1]}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="import-lesson-") as scratch:
        staged = Path(scratch) / lab_id
        (staged / "tests").mkdir(parents=True)
        (staged / LAB_FILE).write_text(draft.yaml_text, encoding="utf-8")
        problems = check_lab(staged / LAB_FILE)
        if problems:  # a draft that does not lint is a bug here, not the author's
            for p in problems:
                print(p, file=sys.stderr)
            print("the draft does not lint: nothing was written", file=sys.stderr)
            return 1
        scripts = first_scripts(load_lab(staged))
        if scripts is not None:
            for name, text in zip(SCAFFOLD, scripts, strict=True):
                (staged / "tests" / name).write_text(text, encoding="utf-8")
        out.parent.mkdir(parents=True, exist_ok=True)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(staged, out)
    steps = sum(1 for s in lesson.sections)
    print(f"wrote {out / LAB_FILE}: {steps} steps from {source.name}")
    print(f"To decide ({len(draft.decisions)}), also marked TODO / REVIEW in the file:")
    for d in draft.decisions:
        print(f"  - {d}")
    if scripts is None:
        print(
            f"Next: `grader lint {out}`, then write tests/*.script and `grader record {out} NAME`."
        )
    else:
        print("tests/honest.script types the lesson's answers, tests/dishonest.script fakes their")
        print("output with echo (dishonest.expect.yaml: no faked step may verify). Next:")
        print(
            f"`grader lint {out}`, `grader record {out} honest`, `grader record {out} dishonest`."
        )
    return 0


def _runs(lesson: Lesson, names: str, source: Path) -> dict[int, dict[str, str]] | str | None:
    """What each box's answer printed on each chosen profile (box line -> profile -> output),
    None for `none`, or why the profiles cannot be run. A box not run (lesson_runs.runnable)
    is named on stderr and left out."""
    if names.strip() == "none":
        return None
    missing = simulator_missing()
    if missing:
        return f"{missing} (or give --profiles none)"
    try:
        profiles = select_profiles([n for n in names.split(",") if n])
    except ProfileNotFound as exc:
        return str(exc)
    boxes = lesson.boxes
    printed = answers_on_profiles([b.answer for b in boxes], profiles)
    for i, why in printed.skipped.items():
        print(
            f"{source}:{boxes[i].line}: not run on the node profiles ({why}): its output "
            "patterns are not held against them",
            file=sys.stderr,
        )
    return {
        box.line: {name: str(out[i]) for name, out in printed.outputs.items()}
        for i, box in enumerate(boxes)
        if i not in printed.skipped
    }


def _message(exc: Exception) -> str:
    if isinstance(exc, LessonError):
        return exc.message
    return f"not UTF-8 text ({exc})"
