"""A Lesson (grader.labs.lesson) turned into a draft lab: lab.yaml text plus what is left to decide.

Pure: a Lesson in, a Draft out; `grader import-lesson` (import_lesson_cmd) writes it.

- Each practice box becomes a command step. Its `answer` is read by the matcher's own parser
  (grader.matching.cmdline), so the `command:` expectation is made of what the matcher sees: the
  program with wrappers peeled off, the assignments in front of it, flags and arguments, and
  the later stages of its pipeline. The box itself becomes the step's `practice:`.
- Output patterns are proposed from the box's output (grader.authoring.proposals: volatile
  parts generalised, each checked against the line it came from) and, given what the box's
  answer printed on each node profile, widened until they hold on all of them or marked
  profile-specific in the review; every pattern is marked for review.
- Each `>>>` explanation becomes a question step with TODO question and choices.
- Everything the author must still decide is a Decision: printed as one list by the command,
  and written into lab.yaml as `# TODO:` / `# REVIEW:` comments above its step.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from grader.authoring.proposals import HOST_PROMPT, Reach, propose_patterns, reach, widen
from grader.labs import Box, Diagram, Lesson, Question
from grader.matching import SimpleCommand, parse_line

LAB_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_FLAG = re.compile(r"^--?[A-Za-z0-9][A-Za-z0-9_.-]*$")
_NUMBER = re.compile(r"^-\d")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class DraftError(ValueError):
    """A box the importer cannot turn into a step; `line` is the lesson line (1-based)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True, slots=True)
class Decision:
    """One thing the author must still decide: `kind` is TODO (missing) or REVIEW (proposed)."""

    step: str  # step id, or "" for the lab as a whole
    kind: str
    text: str

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step else "lab"
        return f"{where}: {self.kind}: {self.text}"


@dataclass(frozen=True, slots=True)
class Draft:
    lab_id: str
    yaml_text: str
    decisions: tuple[Decision, ...]


def slug(text: str, limit: int = 40) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    out = ""
    for w in words:
        nxt = f"{out}-{w}" if out else w
        if len(nxt) > limit:
            break
        out = nxt
    return out


# ---------------------------------------------------------------- the command spec
def _stage_spec(cmd: SimpleCommand) -> tuple[dict[str, Any], list[str]]:
    """The expectation of one simple command, and the words it was named by (for the id)."""
    spec: dict[str, Any] = {"program": cmd.program}
    env = {k: v for k, v in cmd.env.items() if v is not None and "${" not in v}
    removed = [k for k, v in cmd.env.items() if v is None]
    if env or removed:
        spec["env"] = {**env, **{k: {"absent": True} for k in removed}}
    flags: dict[str, str | None] = {}
    args: list[str] = []
    words = cmd.args
    i = 0
    while i < len(words):
        w = words[i]
        name, eq, value = w.partition("=")
        if w.startswith("--") and eq and _FLAG.match(name):
            flags[name] = value
        elif _FLAG.match(w) and not _NUMBER.match(w):
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is not None and not nxt.startswith("-"):
                flags[w] = nxt
                i += 1
            else:
                flags[w] = None
        elif "${" not in w:  # a `${name}` word would be read as a lab variable
            args.append(w)
        i += 1
    if flags:
        spec["flags"] = flags
    if args:
        spec["args"] = args
    return spec, args


def command_spec(answer: str, line: int) -> tuple[dict[str, Any], str, list[str]]:
    """The `command:` expectation of a box's answer, an id for its step, and review notes.

    DraftError when the answer is no command: unbalanced quotes, nothing but assignments, a
    trailing `|` or `&&` (bash would wait for more).
    """
    try:
        shlex.split(answer, comments=False)
    except ValueError as exc:
        raise DraftError(line, f"the answer `{answer}` cannot be parsed: {exc}") from None
    if re.search(r"(?:\|\|?|&&|\\)\s*$", answer):
        raise DraftError(line, f"the answer `{answer}` ends in an unfinished operator")
    pipelines = [p for p in parse_line(answer) if any(c.program for c in p.commands)]
    if not pipelines:
        raise DraftError(line, f"the answer `{answer}` runs no program")
    notes: list[str] = []
    if len(pipelines) > 1:
        notes.append(
            "the answer runs more than one pipeline; the command expectation is its first, "
            f"`{' | '.join(c.program for c in pipelines[0].commands)}`"
        )
    stages = [c for c in pipelines[0].commands if c.program]
    spec, words = _stage_spec(stages[0])
    pipe = [_stage_spec(c) for c in stages[1:]]
    if pipe:
        spec["pipe"] = [s for s, _ in pipe]
    if any(
        v is not None for s in [spec, *(p for p, _ in pipe)] for v in s.get("flags", {}).values()
    ):
        notes.append(
            "flags were read as `-x VALUE` pairs where a word follows: make a flag that takes "
            "no value `null`, keep only the flags that matter, and loosen exact values "
            "(`{regex: …}`, `{absent: true}`) where other values are right too"
        )
    if any(r.fd == 2 for c in stages for r in c.redirects):
        notes.append("the answer redirects `2>&1`; the command expectation does not require it")
    if pipe:
        notes.append(
            "pipe stages are exact as typed: accept other filters (`grep -i`, egrep, "
            "`{contains: …}`) where they show the same lines; `only: true` if a value is captured"
        )
    name_words = [spec["program"], *words[:2], *(w for _, ws in pipe for w in ws[:2])]
    return spec, slug(" ".join(name_words)) or "command", notes


# ---------------------------------------------------------------- YAML
class _Dumper(yaml.SafeDumper):
    """Block lists indented under their key, as the hand-written labs are."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _str)


def _dump(data: Any, indent: str) -> str:
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, indent=2)
    return "".join(indent + x if x.strip() else x for x in text.splitlines(keepends=True))


def _comment(text: str, indent: str) -> str:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(indent) + 2 + len(cur) + 1 + len(w) > 98:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return "".join(f"{indent}# {x}\n" for x in lines)


def _paragraphs(prose: tuple[str, ...]) -> str:
    return "\n\n".join(prose) + "\n" if prose else ""


def _multiline(text: str) -> str:
    """A text as a literal block can hold it: no trailing spaces, a final newline."""
    lines = [x.rstrip() for x in text.splitlines()]
    return "\n".join(lines).strip("\n") + "\n" if any(lines) else ""


# ---------------------------------------------------------------- the draft
def build_draft(
    lesson: Lesson,
    lab_id: str,
    schema: str,
    runs: Mapping[int, Mapping[str, str]] | None = None,
) -> Draft:
    """The draft lab of `lesson` with id `lab_id`; `schema` is the schema hint's path.

    `runs`: what each box's answer printed on each node profile (box line -> profile name ->
    output, grader.authoring.lesson_runs); each proposed pattern is widened to hold on all of
    them or flagged as profile-specific. None: the patterns are not held against any profile,
    and a lab note says so.

    DraftError names the line of a box whose answer is no command.
    """
    if not LAB_ID.match(lab_id):
        raise ValueError(f"{lab_id!r}: a lab id is lowercase words joined by hyphens")
    decisions: list[Decision] = []
    lab_notes: list[Decision] = []
    used: set[str] = set()
    blocks: list[str] = []
    n_question = 0

    def unique(base: str) -> str:
        name, k = base, 2
        while name in used:
            name = f"{base}-{k}"
            k += 1
        used.add(name)
        return name

    for section in lesson.sections:
        item = section.item
        notes: list[tuple[str, str]] = []  # (kind, text)
        step: dict[str, Any]
        if isinstance(item, Box):
            spec, base, review = command_spec(item.answer, item.line)
            sid = unique(base)
            title = f"Run `{item.answer}`" if len(item.answer) <= 60 else f"Run {spec['program']}"
            step = {"id": sid, "title": title}
            if section.prose:
                step["instructions"] = _paragraphs(section.prose)
            else:
                notes.append(("TODO", "instructions: the lesson has no prose before this box"))
            if item.hint:
                step["hints"] = [item.hint]
            else:
                notes.append(("TODO", "hints: the lesson's box has no hint"))
            if "\n\n" in item.output:
                notes.append(
                    (
                        "REVIEW",
                        f"practice: the box's output runs over blank lines, lesson lines "
                        f"{item.line}–{item.last_line} up to its `hint:`; check that it ends "
                        "where the lesson's box does",
                    )
                )
            practice: dict[str, str] = {"prompt": item.prompt, "answer": item.answer}
            if item.output:
                practice["output"] = _multiline(item.output)
            step["practice"] = practice
            step["command"] = spec
            notes.extend(("REVIEW", f"command: {r}") for r in review)
            hosts = HOST_PROMPT.findall(item.prompt)
            output, output_notes = _output_patterns(
                item, hosts, None if runs is None else runs.get(item.line, {})
            )
            if output is not None:
                step["output"] = output
            notes.extend(output_notes)
            notes.append(
                (
                    "TODO",
                    "exit: the lesson does not say what the command exits with; add `exit:` "
                    "if it matters",
                )
            )
        else:
            assert isinstance(item, Question)
            n_question += 1
            sid = unique(f"question-{n_question}")
            step = {"id": sid, "type": "question", "title": f"TODO: title of question {n_question}"}
            if section.prose:
                step["instructions"] = _paragraphs(section.prose)
            step["question"] = "TODO: the question that the explanation answers.\n"
            step["choices"] = [
                {"id": "a", "text": "TODO: the right choice"},
                {"id": "b", "text": "TODO: a wrong choice"},
                {"id": "c", "text": "TODO: another wrong choice"},
            ]
            step["answer"] = "a"
            step["explanation"] = _multiline(item.explanation)
            notes.append(
                (
                    "TODO",
                    f"title, question and choices: the lesson (line {item.line}) has only the "
                    "explanation of the right answer; `answer: a` until the choices are written",
                )
            )
        for d in section.diagrams:
            notes.append(("REVIEW", _diagram_note(d)))
        block = "".join(_comment(f"{k}: {t}", "  ") for k, t in notes)
        blocks.append(block + _dump([step], "  "))
        decisions.extend(Decision(sid, k, t) for k, t in notes)

    lab_notes.append(
        Decision(
            "",
            "REVIEW",
            "title and description: from the lesson's first lines"
            + (f"; its closing line says: {lesson.invitation}" if lesson.invitation else ""),
        )
    )
    lab_notes.append(
        Decision("", "REVIEW", "step titles: made from each step's command or numbered")
    )
    if runs is None:
        lab_notes.append(
            Decision(
                "",
                "REVIEW",
                "output patterns: proposed from the lesson's output, one node's, and not held "
                "against the node profiles; `grader test-lab --profiles all` will",
            )
        )
    else:
        names = sorted({n for box in runs.values() for n in box})
        lab_notes.append(
            Decision(
                "",
                "REVIEW",
                f"output patterns: held against what each box's command printed on the "
                f"{len(names)} node profiles ({', '.join(names)}), typed in the lesson's order; "
                "a pattern that holds on fewer is marked profile-specific at its step",
            )
        )
    lab_notes.append(
        Decision(
            "",
            "TODO",
            "environment, requires and attest: the lesson does not say what the node provides "
            "(variables in learners' shells, GPUs, programs whose runs the node signs)",
        )
    )
    for d in lesson.closing_diagrams:
        lab_notes.append(Decision("", "REVIEW", _diagram_note(d)))
    if lesson.closing:
        lab_notes.append(
            Decision(
                "",
                "REVIEW",
                "the lesson's closing prose (after its last exercise) belongs to no step: "
                "it is kept as comments at the end of this file",
            )
        )
    description = _multiline(lesson.summary or "TODO: what the learner will do, and why.")
    head = (
        f"# yaml-language-server: $schema={schema}\n"
        "#\n"
        f"# A draft made by `grader import-lesson` from the lesson {lesson.title!r}.\n"
        "# Every TODO and REVIEW below is yours to decide; `grader lint` checks the file,\n"
        '# docs/authoring.md ("From a lesson") says how to record and prove it.\n'
        + "".join(_comment(f"{d.kind}: {d.text}", "") for d in lab_notes)
        + _dump(
            {
                "schema_version": 1,
                "id": lab_id,
                "title": lesson.title,
                "description": description,
            },
            "",
        )
        + "steps:\n"
    )
    tail = ""
    if lesson.closing:
        tail = "\n# The lesson's closing prose:\n" + "".join(
            _comment(p, "") for p in lesson.closing
        )
    text = head + "\n".join(blocks) + tail
    return Draft(lab_id, text, tuple(lab_notes + decisions))


def _output_patterns(
    box: Box, hosts: list[str], outputs: Mapping[str, str] | None
) -> tuple[dict[str, Any] | None, list[tuple[str, str]]]:
    """The step's `output:` proposed from the box's output, and the notes on it; `outputs`: what
    the box's answer printed on each node profile (None: not run)."""
    proposals = propose_patterns(box.output, hosts)
    if not proposals:
        return None, [
            (
                "TODO",
                "output: no pattern could be proposed from the practice output; add "
                "`output:` if what the command prints proves the step",
            )
        ]
    reaches: list[Reach] = [widen(p, outputs) for p in proposals] if outputs else []
    chosen = [r.proposal for r in reaches] or proposals
    notes = [
        (
            "REVIEW",
            "output: patterns proposed from the lesson's practice output, volatile parts "
            "generalised; the lesson may have joined output lines, so check each against a "
            "recorded run (`grader record`) and write its description",
        )
    ]
    for r, original in zip(reaches, proposals[: len(reaches)], strict=True):
        total = len(r.holds) + len(r.misses)
        if r.proposal.regex != original.regex:
            notes.append(
                (
                    "REVIEW",
                    f"output: `{original.source}` is generalised to `{r.proposal.source}`: the "
                    f"lesson's text holds on {len(reach(original, outputs or {}).holds)} of "
                    f"{total} node profiles, this on all",
                )
            )
        elif not r.everywhere:
            where = ", ".join(r.holds) if r.holds else "none"
            printed = f"`{_cut(r.instead)}`" if r.instead else "nothing"
            notes.append(
                (
                    "REVIEW",
                    f"output: profile-specific: `{r.proposal.source}` holds on {len(r.holds)} "
                    f"of {total} node profiles ({where}); on {r.misses[0]} the command printed "
                    f"{printed}. Cover the others (`alternatives`, an `any` list) or remove it",
                )
            )
    output = {
        "all": [{"regex": p.regex, "description": f"a line like `{p.source}`"} for p in chosen]
    }
    return output, notes


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _diagram_note(d: Diagram) -> str:
    caption = d.caption or "(no caption)"
    return (
        f"an interactive diagram (lesson line {d.line}) is not a step; its caption: "
        f"{caption!r}. Describe it in the instructions or leave it out"
    )
