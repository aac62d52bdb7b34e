"""Attested steps judged on what the program printed, not on what the terminal showed.

Why (docs/SECURITY.md "Signed output"): the terminal is the learner's to write. Anything else on
the command line can print a step's expected lines (`; echo '<line>'`, `| cat /dev/stdin FILE`,
`| grep PAT FILE`, `> /dev/null && echo`), so for a step whose program the lab attests, the
output patterns, captures and numbers are matched against the program's own bytes: the output
record the node's helper kept while relaying them (grader/protocol/run_record.py), whose hash
the signed run carries (grader.matching.attest keeps the record beside the payload). What the
pipeline after the program did to those bytes is modelled here:

- where the program's stdout and stderr went: to the terminal, into a pipe, or away (a file,
  /dev/null), as the helper found the descriptors it was handed (the record's places,
  run_record.place_of): the shell's truth, which a forged command line cannot change. The
  line's own pipe is read only for a stdout that went into a pipe (and a line that shows a
  redirection away is believed, as it can only cost the learner). stderr went with stdout when
  both descriptors led to one place (`2>&1 |`, `|&`, the terminal: FLAG_MERGED);
- the pipe's stages: `grep` (grader/matching/grep.py reads its options: -i, -v, -E, -F, -w,
  -x, -c, -o, -q, -n, -m), `head` and `tail` with a line count, and what passes lines through
  unchanged (`tee`, `cat` and `less`/`more` with no file operand). Anything else (`sed`, `awk`,
  `sort`, a file operand, an option the model does not know) cannot be followed: such a step
  is not verified, and the reason says which stage to drop.

A step verifies only when the modelled lines satisfy it; then its captures are the signed
output's. When the terminal's own lines satisfied the step and the signed output does not (or
gives other captured values), the mismatch is audited as `output_mismatch`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from grader.capture import Anomaly, CommandRecord, LineRenderer
from grader.labs import NumberCapture, OutputExpect, Step
from grader.matching.attest import record_fits, records_of
from grader.matching.cmdline import SimpleCommand, parse_line
from grader.matching.grep import _INSTEAD, GREPS, _parse, _regex, _Unknown
from grader.matching.output_check import OutputMatcher, OutputResult
from grader.protocol import run_record
from grader.protocol.signed_run import Attestation

#: Programs a pipe may pass the output through unchanged (with no file operand).
PASS_THROUGH = frozenset({"tee", "cat", "less", "more"})
#: What a pass-through stage may read besides its standard input and still be one: itself.
_STDIN_NAMES = frozenset({"-", "/dev/stdin"})
#: grep options that add lines around each match (context): not modelled.
_CONTEXT = re.compile(r"-[A-Za-z]*[ABC]|--(?:after|before)?-?context")
#: Redirection targets that are the learner's terminal.
_TERMINAL = frozenset({"/dev/tty", "/dev/stdout"})
#: A count (head/tail lines, grep -m) of more digits is more lines than any output has: read
#: as 10**18, as coreutils and grep clamp an overflowing count (and int() raises past 4,300).
_COUNT_DIGITS_MAX = 18


def _number(digits: str, program: str) -> int:
    """A count's digits as head, tail and grep read them: ASCII only, clamped (above)."""
    if not (digits.isascii() and digits.isdigit()):
        raise Unfollowable(f"`{program}` with a count of {digits[:20]!r}")
    return int(digits) if len(digits) <= _COUNT_DIGITS_MAX else 10**_COUNT_DIGITS_MAX


class Unfollowable(Exception):
    """A stage (or redirection) whose effect on the lines the grader does not model."""


class Unseen(Exception):
    """The output went into a pipe the command line does not show: `exec > >(tee log)` earlier
    in the shell (honest), or a printed line hiding `| cat FILE` (not). Not verified, and not
    audited either: the two cannot be told apart."""


@dataclass(frozen=True, slots=True)
class Judged:
    """The signed output's verdict on a step: `problem` empty when it satisfies it; `result`
    the output expectation's result over the modelled lines (None when none could be made);
    `mismatch` says why the terminal's lines are not the program's, when they satisfied it."""

    problem: str
    result: OutputResult | None
    mismatch: str = ""


def render(data: bytes) -> list[str]:
    """A stream's bytes as the lines a terminal shows (the capture's own renderer)."""
    r = LineRenderer()
    return r.feed(data) + r.flush()


def program_lines(att: Attestation, records: Mapping[str, bytes]) -> list[str]:
    """Everything the run's program printed (both streams, as written), from its output record;
    [] when the node kept none that fits the signed run. `records`: `records_of` the kept."""
    data = records.get(att.record)
    output = run_record.parse(data) if data is not None and record_fits(att, data) else None
    return render(output.both()) if output is not None else []


# ---------------------------------------------------------------- the pipeline, modelled
def _grep(argv: Sequence[str], lines: list[str]) -> list[str]:
    if any(_CONTEXT.match(w) for w in argv[1:]):
        raise Unfollowable("`grep` with context lines (-A, -B, -C)")
    try:
        opts, patterns, operands = _parse(argv)
        regex = _regex(opts, patterns)
    except _Unknown as exc:
        raise Unfollowable(f"`grep` ({exc})") from None
    if [o for o in operands if o != "-"]:
        raise Unfollowable(f"`grep` reading `{operands[0]}`")
    limit = None
    for i, w in enumerate(argv[1:], 1):
        m = re.fullmatch(r"-m(\d+)|--max-count=(\d+)", w)
        if m:
            limit = _number(m[1] or m[2], "grep")
        elif w in ("-m", "--max-count") and i + 1 < len(argv) and argv[i + 1].isdigit():
            limit = _number(argv[i + 1], "grep")
    picked = [
        (n, line)
        for n, line in enumerate(lines, 1)
        if (regex.search(line) is None) == ("v" in opts)
    ]
    if limit is not None:
        picked = picked[:limit]
    if "q" in opts:
        return []
    if "c" in opts:
        return [str(len(picked))]
    if "o" in opts and "v" not in opts:
        return [m[0] for _, line in picked for m in regex.finditer(line) if m[0]]
    if any(o in opts for o in _INSTEAD):
        raise Unfollowable("`grep` printing file names")
    if "n" in opts:
        return [f"{n}:{line}" for n, line in picked]
    return [line for _, line in picked]


def _count(cmd: SimpleCommand) -> tuple[str, int]:
    """head/tail's line count: ('', N) for N lines, ('-', N) for all but / from (+) N."""
    sign, count = "", 10
    words = list(cmd.args)
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        value: str | None = None
        if re.fullmatch(r"-\d+", w):
            value = w[1:]
        elif w in ("-n", "--lines") and i < len(words):
            value, i = words[i], i + 1
        elif w.startswith("--lines="):
            value = w.partition("=")[2]
        elif w.startswith("-n"):
            value = w[2:]
        elif w in _STDIN_NAMES:
            continue
        else:
            raise Unfollowable(f"`{cmd.program} {w}`")
        m = re.fullmatch(r"([+-]?)(\d+)", value)
        if m is None:
            raise Unfollowable(f"`{cmd.program}` with a count of {value!r}")
        sign, count = m[1], _number(m[2], cmd.program)
    return sign, count


def _head(cmd: SimpleCommand, lines: list[str]) -> list[str]:
    sign, n = _count(cmd)
    return lines[: len(lines) - n] if sign == "-" else lines[:n]


def _tail(cmd: SimpleCommand, lines: list[str]) -> list[str]:
    sign, n = _count(cmd)
    return lines[n - 1 :] if sign == "+" else lines[len(lines) - n :] if n else []


def _pass(cmd: SimpleCommand, lines: list[str]) -> list[str]:
    if cmd.program != "tee":
        files = [a for a in cmd.args if not a.startswith("-") or a == "-"]
        other = [f for f in files if f not in _STDIN_NAMES]
        if other:
            raise Unfollowable(f"`{cmd.program}` reading `{other[0]}`")
        if cmd.program == "cat" and len(files) < len(cmd.args):
            raise Unfollowable("`cat` with options")
    return lines


def through(stages: Sequence[SimpleCommand], lines: list[str]) -> list[str]:
    """The lines the last of `stages` prints, reading `lines`; Unfollowable when unsure."""
    for cmd in stages:
        if cmd.program in GREPS:
            lines = _grep(cmd.argv, lines)
        elif cmd.program == "head":
            lines = _head(cmd, lines)
        elif cmd.program == "tail":
            lines = _tail(cmd, lines)
        elif cmd.program in PASS_THROUGH:
            lines = _pass(cmd, lines)
        else:
            raise Unfollowable(f"`{cmd.program}`")
    return lines


def _stdout_away(cmd: SimpleCommand) -> bool:
    """Whether this stage's stdout goes to a file (or /dev/null), not on down the line."""
    for r in cmd.redirects:
        to_file = not r.target.isdigit() and r.target not in _TERMINAL
        if r.op in ("&>", "&>>") and to_file:
            return True
        if r.op in (">", ">>", ">|", ">&") and r.fd in (None, 1) and to_file:
            return True
    return False


def _stderr_away(cmd: SimpleCommand) -> bool:
    for r in cmd.redirects:
        to_file = not r.target.isdigit() and r.target not in _TERMINAL and r.target != "-"
        if r.op in ("&>", "&>>") and to_file:
            return True
        if r.op in (">", ">>", ">|", ">&") and r.fd == 2 and to_file:
            return True
    return False


def shown(line: str, program: str, output: run_record.RunOutput, occurrence: int) -> list[str]:
    """The lines the `occurrence`-th run of `program` on `line` put on the terminal: its
    signed output through the line's redirections and pipe. Unfollowable when unsure."""
    found = [
        (pl.commands, i)
        for pl in parse_line(line)
        for i, cmd in enumerate(pl.commands)
        if cmd.program == program and not cmd.nested
    ]
    if occurrence >= len(found):
        raise Unfollowable(f"{program} is not where the line runs it")
    stages, at = found[occurrence]
    cmd, after = stages[at], stages[at + 1 :]
    if output.merged:
        out, err = render(output.both()), []
    else:
        out, err = (
            render(output.stream(run_record.STDOUT)),
            render(output.stream(run_record.STDERR)),
        )
    return _stdout_shown(output.stdout_place, cmd, after, out) + _stderr_shown(
        output.stderr_place, cmd, err
    )


def _stdout_shown(
    place: int, cmd: SimpleCommand, after: Sequence[SimpleCommand], out: list[str]
) -> list[str]:
    """What of the program's stdout lines reached the terminal. The record's place decides
    (the descriptor the helper was handed); the line's pipe is read only where the place is a
    pipe, and a line that says the output went away is believed only in the learner's
    disfavour (a forged line can hide a redirection, never invent output)."""
    if place == run_record.PLACE_UNKNOWN:  # a helper from before places: the line alone
        if _stdout_away(cmd):
            return []
        return ([] if _stdout_away(after[-1]) else through(after, out)) if after else out
    if place in run_record.AWAY or _stdout_away(cmd):
        return []
    if place == run_record.PLACE_TERMINAL:
        return out
    if not after:
        raise Unseen("a pipe the command line does not show")
    return [] if _stdout_away(after[-1]) else through(after, out)


def _stderr_shown(place: int, cmd: SimpleCommand, err: list[str]) -> list[str]:
    """The program's own stderr lines that reached the terminal (merged ones are stdout's)."""
    if place == run_record.PLACE_UNKNOWN:
        return [] if _stderr_away(cmd) else err
    # a pipe of its own (`2> >(grep …)`) is not modelled: its lines count as not shown
    return err if place == run_record.PLACE_TERMINAL and not _stderr_away(cmd) else []


# ---------------------------------------------------------------- judging a step
def judge(
    step: Step,
    expect: OutputExpect | None,
    numbers: Sequence[NumberCapture],
    runs: Sequence[Attestation],
    kept: Iterable[str],
    line: str,
    session: str,
    variables: Mapping[str, str],
    terminal: OutputResult,
) -> Judged:
    """The step's output judged on its program's signed output (see the module doc).

    `runs`: the command's signed runs (verified); `kept`: the record's kept entries (payloads and
    output records); `terminal`: the result the terminal's lines gave (what a mismatch is told
    against). The first run of the step's program whose modelled lines satisfy it decides.
    """
    assert step.command is not None and step.command.main is not None
    programs = step.command.main.program
    records = records_of(kept)
    mine = sorted((a for a in runs if getattr(a, "program", None) in programs), key=lambda a: a.t0)
    seen: dict[str, int] = {}
    best: Judged | None = None
    for att in mine:
        occurrence = seen.get(att.program, 0)
        seen[att.program] = occurrence + 1
        data = records.get(att.record)
        if not record_fits(att, data):
            problem = f"the node kept no record of what {att.program} printed in this run"
            best = best or Judged(problem, None)
            continue
        assert data is not None
        output = run_record.parse(data)
        if output is None:
            best = best or Judged(f"the record of what {att.program} printed is unreadable", None)
            continue
        try:
            lines = shown(line, att.program, output, occurrence)
        except Unseen as exc:
            problem = (
                f"{att.program}'s output went into {exc} (a shell redirected with `exec`, a "
                "function or a subshell): run it plainly, or pipe it on the line itself"
            )
            best = best or Judged(problem, None)
            continue
        except Unfollowable as exc:
            problem = (
                f"the grader cannot follow what {att.program} printed through {exc}: pipe it "
                "only into grep, head, tail, tee or less, with no file to read"
            )
            best = Judged(problem, None, problem)
            continue
        matcher = OutputMatcher(expect, variables, numbers)
        matcher.feed(lines)
        res = matcher.result()
        own = set(step.captures)
        differs = sorted(
            k for k in own if k in terminal.captures and res.captures.get(k) != terminal.captures[k]
        )
        if res.ok and not differs:
            return Judged("", res)
        if not res.ok:
            problem = f"what {att.program} itself printed does not show it: {res.reason}"
        else:
            problem = (
                f"the terminal showed other values than {att.program} printed "
                f"({', '.join(differs)})"
            )
        best = Judged(problem, res, problem)
    if best is None:
        names = " or ".join(programs)
        return Judged(f"the node has no signed record of this {names} run", None)
    return best


@dataclass(frozen=True, slots=True)
class StepJudgement:
    """What the engine takes from `judge_step`: the problem (empty: the signed output backs the
    step) and the `output_mismatch` anomaly to audit, if the terminal's lines were not the
    program's."""

    problem: str
    audit: Anomaly | None


def judge_step(
    step: Step,
    expect: OutputExpect | None,
    runs: Sequence[Attestation],
    rec: CommandRecord,
    variables: Mapping[str, str],
    terminal: OutputResult,
    lab_id: str,
    learner: str,
) -> StepJudgement:
    """`judge` for the engine: one command's record, the mismatch worded as an anomaly."""
    j = judge(
        step, expect, step.number_captures, runs, rec.attestations, rec.line, rec.session,
        variables, terminal,
    )  # fmt: skip
    if not j.mismatch:
        return StepJudgement(j.problem, None)
    audit = Anomaly(
        rec.session,
        "output_mismatch",
        f"step {step.id} of {lab_id}: the terminal of {learner or 'the learner'} showed in "
        f"aid={rec.aid} n={rec.n} what the signed run did not print: {j.mismatch}",
        0,
        {
            "aid": str(rec.aid),
            "n": str(rec.n),
            "step": step.id,
            "lab": lab_id,
            "learner": learner,
            "session": rec.session,
        },
    )
    return StepJudgement(j.problem, audit)
