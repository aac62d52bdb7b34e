"""Attested steps judged on the program's signed output (grader/matching/signed_output.py).

The terminal is the learner's to write; the output record the node's helper kept is not. These
transcripts carry a real signed run of the step's program, whose record holds what it printed,
and something else on the line that prints the expected text: none verifies, each is audited as
`output_mismatch`. Honest pipelines (grep, head, tail, tee, less, `|&`, `2>&1 |`) still verify.
The lab here has no `only:` anywhere: safe by default.
"""

from __future__ import annotations

from collections import Counter

import pytest
from test_attest import (
    LAB_YAML,
    LINE,
    OUTPUT,
    demo_lab,
    grade,
    kinds,
    signed,
    state,
)

from grader.capture.transcript import Transcript
from grader.labs.model import Lab
from grader.matching.cmdline import parse_line
from grader.matching.signed_output import Unfollowable, render, through
from grader.protocol import run_record
from grader.verdict import State

#: Where the helper found stdout and stderr going (run_record.PLACE_*).
TTY = run_record.PLACE_TERMINAL
PIPE = run_record.PLACE_PIPE
NULL = run_record.PLACE_DEVICE
FILE = run_record.PLACE_FILE
#: A record from a helper older than places: the line alone says where the output went.
UNKNOWN = (run_record.PLACE_UNKNOWN, run_record.PLACE_UNKNOWN)

EXPECTED = OUTPUT.strip()
#: test_attest's lab (no `only:` anywhere), as this module's fixture.
_lab = pytest.fixture(scope="module", name="lab")(demo_lab)


def ran(line: str, shown: str, places: tuple[int, int] = UNKNOWN, exit: int = 0) -> Transcript:
    """`line` ran the step's program for real (its signed record holds OUTPUT and says where
    its output went); the terminal showed `shown`."""
    t = Transcript().prompt()
    t.typed(line).start(line).output(shown).raw(signed(t, places=places)).prompt(exit)
    return t


#: name -> (line, what the terminal showed, where bash sent the program's stdout and stderr)
FORGERIES = {
    "echo after": (f"{LINE} | grep -c xyz; echo '{EXPECTED}'", f"0\n{EXPECTED}\n", (PIPE, TTY)),
    "printf after": (
        f"{LINE} | grep -c xyz && printf '{EXPECTED}\\n'",
        f"0\n{EXPECTED}\n",
        (PIPE, TTY),
    ),
    "to /dev/null": (f"{LINE} > /dev/null && echo '{EXPECTED}'", f"{EXPECTED}\n", (NULL, TTY)),
    "cat a file": (f"{LINE} | cat /dev/stdin f/avg.txt", f"{EXPECTED}\n{EXPECTED}\n", (PIPE, TTY)),
    "grep a file": (f"{LINE} | grep Avg f/avg.txt", f"{EXPECTED}\n", (PIPE, TTY)),
    "sed": (f"{LINE} | sed 's/xyz/abc/'", OUTPUT, (PIPE, TTY)),
}
#: A printed C..D block can show any line: these lines hide where the real run's output went
#: (`> /dev/null 2>&1`, `> out.txt`, `| cat FILE`), which the record's places still say.
HIDDEN = {
    "hidden /dev/null": (LINE, OUTPUT, (NULL, NULL)),
    "hidden file": (LINE, OUTPUT, (FILE, FILE)),
}
#: stdout went into a pipe the line does not show: a line hiding `| cat FILE`, or an honest
#: shell that ran `exec > >(tee -a log)` before; the two look alike to the grader.
UNSEEN_PIPE = {
    "hidden pipe": (LINE, OUTPUT, (PIPE, TTY)),
    "hidden pipe, stderr away": (f"{LINE} 2>/dev/null", OUTPUT, (PIPE, NULL)),
}


@pytest.mark.parametrize(
    ("name", "old_helper"),
    [(n, False) for n in sorted(FORGERIES)]
    + [(n, True) for n in sorted(FORGERIES)]
    + [(n, False) for n in sorted(HIDDEN)],
)
def test_a_forgery_on_the_line_never_verifies_and_is_audited(
    lab: Lab, name: str, old_helper: bool
) -> None:
    """Every forgery fails, whether the record says where the output went (places) or comes
    from a helper that did not say (the line's own redirections and pipe decide then)."""
    assert "only" not in LAB_YAML  # safe by default: no step says `only: true`
    line, shown, places = {**FORGERIES, **HIDDEN}[name]
    g, _ = grade(lab, bytes(ran(line, shown, UNKNOWN if old_helper else places)))
    assert state(g) is State.ATTEMPTED, g.verdicts()["run-job"]
    assert kinds(g) == Counter({"output_mismatch": 1}), g.anomalies
    (audit,) = g.anomalies
    assert audit.extra["learner"] == "alice" and audit.extra["session"] == "s1"
    assert audit.extra["step"] == "run-job"


HONEST = {
    "plain": (LINE, OUTPUT, (TTY, TTY)),
    "grep -i": (f"{LINE} | grep -i 'avg bus'", OUTPUT, (PIPE, TTY)),
    "2>&1 | grep": (f"{LINE} 2>&1 | grep Avg", OUTPUT, (PIPE, PIPE)),
    "|& grep": (f"{LINE} |& grep Avg", OUTPUT, (PIPE, PIPE)),
    "tee": (f"{LINE} | tee out.txt", OUTPUT, (PIPE, TTY)),
    "less": (f"{LINE} | less", OUTPUT, (PIPE, TTY)),
    "head tail": (f"{LINE} | head -n 5 | tail -1", OUTPUT, (PIPE, TTY)),
    "2>/dev/null": (f"{LINE} 2>/dev/null", OUTPUT, (TTY, NULL)),
    # the place decides, not the line: what went to the terminal is what the program printed
    "terminal, line shows a pipe": (f"{LINE} | grep -c Avg", OUTPUT, (TTY, TTY)),
}


@pytest.mark.parametrize(
    ("name", "old_helper"),
    [(n, False) for n in sorted(HONEST)] + [(n, True) for n in sorted(HONEST) if "," not in n],
)
def test_honest_pipelines_verify(lab: Lab, name: str, old_helper: bool) -> None:
    line, shown, places = HONEST[name]
    g, _ = grade(lab, bytes(ran(line, shown, UNKNOWN if old_helper else places)))
    assert state(g) is State.VERIFIED, g.verdicts()["run-job"]
    assert not g.anomalies


def test_the_model_follows_grep_head_tail_and_refuses_what_it_cannot() -> None:
    lines = render(b"a 1\nB 2\nc 3\r\n\x1b[1mb 4\x1b[0m\n")
    assert lines == ["a 1", "B 2", "c 3", "b 4"]

    def model(pipe: str) -> list[str]:
        return through(parse_line("prog " + pipe)[0].commands[1:], lines)

    assert model("| grep -i b") == ["B 2", "b 4"]
    assert model("| grep -v b") == ["a 1", "B 2", "c 3"]
    assert model("| grep -c b") == ["1"]
    assert model("| grep -n -E '[ab] '") == ["1:a 1", "4:b 4"]
    assert model("| grep -o '[0-9]'") == ["1", "2", "3", "4"]
    assert model("| grep -m1 -i b") == ["B 2"]
    assert model("| head -2") == ["a 1", "B 2"]
    assert model("| tail -n +3") == ["c 3", "b 4"]
    assert model("| tail -1 | cat -") == ["b 4"]
    for pipe in ("| sed s/a/b/", "| grep -A1 a", "| cat - f", "| grep a f", "| sort", "| cat -n"):
        with pytest.raises(Unfollowable):
            model(pipe)


def test_a_count_of_thousands_of_digits_is_all_lines_not_an_exception() -> None:
    """`| head -n <5,000 digits>`: int() refuses strings past 4,300 digits, and the engine raised
    on the learner's line (his session quarantined). head, tail and grep read such a count as
    "more lines than there are" (coreutils clamps an overflowing count)."""
    lines = ["a 1", "b 2"]
    huge = "9" * 5000

    def model(pipe: str) -> list[str]:
        return through(parse_line("prog " + pipe)[0].commands[1:], lines)

    for pipe in (f"| head -n {huge}", f"| head -{huge}", f"| tail -n {huge}", f"| tail -n +{huge}"):
        assert model(pipe) in (lines, []), pipe
    assert model(f"| head -n {huge}") == lines and model(f"| tail -n {huge}") == lines
    for pipe in (f"| grep -m{huge} .", f"| grep -m {huge} .", f"| grep --max-count={huge} ."):
        assert model(pipe) == lines, pipe
    with pytest.raises(Unfollowable):  # grep refuses a count that is no ASCII number
        model("| grep -m ² .")


@pytest.mark.parametrize("name", sorted(UNSEEN_PIPE))
def test_output_into_a_pipe_the_line_does_not_show_verifies_nothing_and_is_not_audited(
    lab: Lab, name: str
) -> None:
    g, _ = grade(lab, bytes(ran(*UNSEEN_PIPE[name])))
    v = g.verdicts()["run-job"]
    assert v.state is State.ATTEMPTED and "pipe the command line does not show" in v.reason, v
    assert not g.anomalies  # an honest `exec > >(tee log)` looks the same: no false alarm
