"""Real nested shells introduce their aid with 133;A before their first command (hooks.bash).

Why: the parser audits a C for an aid that no A introduced as an invented shell
(`unannounced_shell`, docs/SECURITY.md); an honest `bash` typed at the prompt must never raise it,
whatever the learner's ~/.bashrc does to PROMPT_COMMAND.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from grader.authoring.record import PROMPT_MARK, PROMPT_TIMEOUT, Recorder
from grader.capture.events import Anomaly
from grader.node.paths import node_file


def wait_for(rec: Recorder, what: bytes, count: int) -> None:
    """Until the pty stream holds `what` `count` times. Not wait_prompt: it counts one more
    133;A than it consumed, and a shell without precmd prints no prompt A but one in PS0."""
    deadline = time.monotonic() + PROMPT_TIMEOUT
    while rec.output.count(what) < count:
        assert time.monotonic() < deadline, bytes(rec.output[-400:])
        assert rec._pump(0.05), bytes(rec.output[-400:])


@pytest.mark.parametrize("mode", ["array", "string"])
def test_nested_bash_is_not_an_unannounced_shell(session, captured, mode: str) -> None:
    rec = session(LABGRADER_PC_MODE=mode)
    rec.run(f"bash --rcfile {node_file('bashrc-guard.bash')} -i")
    rec.run("(exit 9)")
    rec.run("exit")
    rec.run("echo back")
    cap = captured(rec)
    assert not cap.of_kind(Anomaly), cap.of_kind(Anomaly)
    inner, outer = cap.command("(exit 9)"), cap.command("echo back")
    assert inner.exit == 9 and inner.aid != outer.aid


def test_nested_bash_whose_bashrc_replaced_prompt_command_announces_in_ps0(
    session, captured, tmp_path: Path
) -> None:
    """bash < 5.1 (string PROMPT_COMMAND): a ~/.bashrc that assigns PROMPT_COMMAND after the
    guard drops precmd, so the nested shell prints no D and no prompt A; PS0 introduces it."""
    rc = tmp_path / "bashrc"
    guard = node_file("bashrc-guard.bash")
    rc.write_text(f". {guard}\nPROMPT_COMMAND='echo own-prompt-command'\nPS1='nested$ '\n")
    rec = session(LABGRADER_PC_MODE="string")  # the login shell's prompt: A number 1
    rec.type(f"bash --rcfile {rc} -i")
    rec.key("enter")  # the nested shell's precmd never runs: no D, no prompt A
    wait_for(rec, b"nested$ ", 1)  # readline is ready: keys typed ahead would echo into output
    rec.type("echo in")
    rec.key("enter")
    wait_for(rec, PROMPT_MARK, 2)  # PS0's A for `echo in`
    wait_for(rec, b"nested$ ", 2)
    rec.type("exit")
    rec.key("enter")
    wait_for(rec, PROMPT_MARK, 4)  # PS0's A for `exit`, then the login shell's prompt
    rec.type("echo back")
    rec.key("enter")
    wait_for(rec, PROMPT_MARK, 5)
    cap = captured(rec)
    assert b"own-prompt-command" in cap.raw  # the learner's PROMPT_COMMAND did replace ours
    assert not cap.of_kind(Anomaly), cap.of_kind(Anomaly)
    inner, outer = cap.command("echo in"), cap.command("echo back")
    # no D for the nested commands (precmd is gone): `echo in` ends, exit unknown, when the same
    # shell starts `exit`, so its output runs to there (the documented cost of losing precmd)
    assert inner.output.startswith("in\n") and inner.exit is None and inner.aid != outer.aid
