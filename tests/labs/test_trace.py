"""`grader trace` (and `replay --trace`): every command of a recorded session with the verdict it
gave each step it touched; an expectation's `attempts:` pins on single commands and its
`on_profile:` outcomes, checked by `grader test-lab`.

The sessions are the seed lab's own transcripts, typed through the real capture shell
(tests/tools/record_transcripts.py); `misspelt-variable` is the learner who types
`NCCL_SOCKET_IFNAM=…` twice.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from grader.authoring.record_cmd import tests_key as key_beside
from grader.authoring.selftest import check_transcript
from grader.authoring.trace import StepTouch, TracedCommand, render
from grader.cli import main
from grader.labs import load_lab

REPO = Path(__file__).resolve().parents[2]
LAB = REPO / "labs" / "nccl-bootstrap"
TESTS = LAB / "tests"
TYPO = TESTS / "misspelt-variable.ts"
KEY = ["--attest-key", str(TESTS / "attest.pub")]


def _block(out: str, start: str) -> list[str]:
    """The trace lines of the first command whose line starts with `start`: the command's line
    and the step lines under it."""
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.split("$ ", 1)[-1].startswith(start))
    end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("#")), len(lines))
    return lines[i:end]


def test_trace_names_the_step_a_misspelt_interface_variable_went_to(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["trace", str(LAB), str(TYPO), *KEY]) == 0
    out = capsys.readouterr().out
    # the broken run's typo is the broken run's attempt ...
    first = _block(out, "NCCL_SOCKET_IFNAM=doesnotexist0 ")
    assert first[0].startswith("#1  $ ") and first[0].endswith("(exit 0)")
    assert len(first) == 2 and first[1].split()[:2] == ["run-broken", "attempted"]
    # ... and the pinning typo, after the interface was found, is the pinning step's alone
    pinning = [b for b in out.split("\n#") if "$ NCCL_SOCKET_IFNAM=" in b][1].splitlines()
    assert pinning[0].startswith("4  $ NCCL_SOCKET_IFNAM=")
    assert "doesnotexist0" not in pinning[0]
    assert [line.split()[:2] for line in pinning[1:]] == [["pin-iface", "attempted"]]
    assert "NCCL_SOCKET_IFNAME was not set (`NCCL_SOCKET_IFNAM` was: a typo?)" in pinning[1]
    assert _block(out, "NCCL_SOCKET_IFNAME=doesnotexist0 ")[1].split() == [
        "run-broken",
        "verified",
    ]
    assert _block(out, "exit")[1].strip() == "(no step)"


def test_trace_json_lists_every_command_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the lab's own transcript: graded with the sandbox key beside it, as test-lab grades it
    assert main(["trace", str(LAB), str(TYPO), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lab"] == "nccl-bootstrap" and doc["attestation"] == "enforced"
    commands = doc["commands"]
    assert [c["command"] for c in commands] == list(range(1, len(commands) + 1))
    assert [c["n"] for c in commands] == sorted(c["n"] for c in commands)
    touched = [[(s["step"], s["state"]) for s in c["steps"]] for c in commands]
    assert touched == [
        [("run-broken", "attempted")],
        [("run-broken", "verified")],
        [("socket-iface", "verified")],
        [("pin-iface", "attempted")],
        [("pin-iface", "verified")],
        [],  # exit
    ]
    assert commands[3]["line"].startswith("NCCL_SOCKET_IFNAM=")
    assert "a typo?" in commands[3]["steps"][0]["reason"]
    # a session from elsewhere: attestation is enforced only with --attest-key, as in replay
    elsewhere = tmp_path / TYPO.name
    shutil.copy(TYPO, elsewhere)
    assert main(["trace", str(LAB), str(elsewhere), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["attestation"] == "not enforced"


def test_replay_trace_prints_the_trace_before_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", "--trace", "--lab", str(LAB), str(TYPO), *KEY]) == 0
    out = capsys.readouterr().out
    trace, table = out.split("\nSTEP ", 1)
    assert trace.startswith("#1  $ NCCL_SOCKET_IFNAM=doesnotexist0")
    pin = next(row for row in table.splitlines() if row.startswith("pin-iface "))
    assert pin.split()[1:3] == ["verified", "#5"]  # numbered as the trace numbers it
    assert main(["replay", "--trace", "--json", "--lab", str(LAB), str(TYPO), *KEY]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["commands"]) == 6 and len(doc["steps"]) == 11
    assert main(["replay", "--json", "--lab", str(LAB), str(TYPO)]) == 0
    assert "commands" not in json.loads(capsys.readouterr().out)


def test_trace_shows_control_characters_escaped_and_names_shells_when_several() -> None:
    commands = [
        TracedCommand(1, "login", 1, 3, "echo \x1b[2J\nforged", 0, ()),
        TracedCommand(2, "pane", 2, 1, "ls", None, (StepTouch("s", "attempted", "bad\x07"),)),
    ]
    text = render(commands)
    assert "\x1b" not in text and "\x07" not in text
    assert text.splitlines() == [
        "#1  $ echo \\x1b[2J\\x0aforged  (exit 0)  [login shell 1]",
        "      (no step)",
        "#2  $ ls  (no exit status)  [pane shell 2]",
        "      s  attempted  bad\\x07",
    ]


def test_trace_exits_2_on_a_missing_file_or_a_bad_lab(tmp_path: Path) -> None:
    assert main(["trace", str(LAB), str(tmp_path / "nope.ts")]) == 2
    assert main(["trace", str(tmp_path), str(TYPO)]) == 2


def test_the_shipped_pins_hold_and_a_wrong_pin_fails_saying_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_transcript(load_lab(LAB), TYPO, key_beside(TESTS)).ok
    lab = tmp_path / "nccl-bootstrap"
    shutil.copytree(LAB, lab)
    expect = lab / "tests" / "misspelt-variable.expect.yaml"
    expect.write_text(
        "steps: {run-broken: verified, socket-iface: verified, pin-iface: verified}\n"
        "attempts:\n"
        "  - {command: 4, step: run-broken, state: attempted}\n"  # it went to pin-iface
        "  - {command: 4, step: pin-iface, state: attempted, reason: wrong value}\n"
        "  - {command: 5, step: pin-iface, state: untouched}\n"
        "  - {command: 7, step: pin-iface, state: verified}\n"
        "  - {line: 'ls', step: pin-iface, state: verified}\n"
        "  - {line: 'exit', step: pin-iface, state: done}\n"
        "  - {line: 'exit', step: pin-iface, state: untouched}\n"  # holds
    )
    assert main(["test-lab", str(lab)]) == 1
    out = capsys.readouterr().out
    failed = out.split("FAIL  nccl-bootstrap/tests/misspelt-variable.ts\n", 1)[1]
    problems = [line.strip() for line in failed.splitlines()[:6]]
    where = "misspelt-variable.expect.yaml attempts"
    assert problems[0].startswith(f"{where} #1: #4 `NCCL_SOCKET_IFNAM=")
    assert problems[0].endswith(
        "run-broken untouched, expected attempted (it touched pin-iface "
        "attempted (Right program, but NCCL_SOCKET_IFNAME was not set "
        "(`NCCL_SOCKET_IFNAM` was: a typo?)))"
    )
    assert problems[1].endswith("does not mention 'wrong value'")
    assert problems[2].endswith("pin-iface is verified, expected untouched")
    assert problems[3] == f"{where} #4: no command #7: the session has 6"
    assert problems[4] == f"{where} #5: no command typed as `ls`"
    assert problems[5] == (
        f"{where} #6: state: is one of attempted, verified, untouched, not 'done'"
    )
    assert f"{where} #7" not in failed


def test_a_line_typed_twice_must_be_pinned_by_number(tmp_path: Path) -> None:
    expect = tmp_path / "x.expect.yaml"
    expect.write_text(
        "steps: {run-broken: verified, exit-code: verified, topo: verified}\n"
        "attempts: [{line: 'NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2',"
        " step: run-broken, state: verified}]\n"
    )
    ts = TESTS / "any-node.ts"
    problems = check_transcript(load_lab(LAB), ts, key_beside(TESTS), expect).problems
    assert any("was typed 2 times (#" in p and "pin it by command:" in p for p in problems), (
        problems
    )


def test_on_profile_changes_only_that_profiles_outcomes(tmp_path: Path) -> None:
    lab = load_lab(LAB)
    key = key_beside(TESTS)
    expect = tmp_path / "x.expect.yaml"
    expect.write_text(
        "profiles: [default, ib-nccl-2.26]\n"
        "steps: {run-broken: verified, socket-iface: verified, pin-iface: verified}\n"
        "on_profile:\n"
        "  ib-nccl-2.26:\n"
        "    steps: {pin-iface: {state: attempted, reason: typo}, socket-iface: pending}\n"
        "    attempts: [{command: 5, step: pin-iface, state: untouched}]\n"
    )
    # the transcript was typed on `default`: the common expectation holds there ...
    assert check_transcript(lab, TYPO, key, expect).ok
    # ... and held as if it were ib-nccl-2.26's, the overrides apply, the other steps stand
    problems = check_transcript(lab, TYPO, key, expect, profile="ib-nccl-2.26").problems
    assert [p.splitlines()[0] for p in problems] == [
        "socket-iface: got verified, expected pending",
        "pin-iface: got verified, expected attempted",
        "x.expect.yaml attempts #1: #5 `NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 8M -g 2`"
        ": pin-iface is verified, expected untouched",
    ]
    # a profile the expectation does not cover, or a key that cannot differ, is an error
    expect.write_text(
        "profiles: [default]\n"
        "steps: {run-broken: verified, socket-iface: verified, pin-iface: verified}\n"
        "on_profile: {pcie-nccl-2.9: {steps: {}}, default: {learner: bob}}\n"
    )
    assert check_transcript(lab, TYPO, key, expect).problems == [
        "x.expect.yaml: on_profile: pcie-nccl-2.9 is not in profiles: ['default']",
        "x.expect.yaml: on_profile: default: only steps: and attempts: may differ",
    ]
