"""The recorder types what learners type: heredocs, `\\` continuations, open quotes, Ctrl-C at the
continuation prompt, and a pager (`| less`, then `q`), on every shell of the matrix.

Why: every Enter used to wait for the primary prompt (133;A), which a continuation line never
gets, so no script could type a heredoc or a `| less` session. The capture shell's PS2 now
starts with 633;F (grader/node/files/hooks.bash) and the recorder waits for either prompt, or,
after `@wait quiet`, for a program that holds the terminal and sleeps (grader/authoring/record.py).
What the parser makes of these sessions is checked too: one command per multi-line command.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shells

from grader.authoring.record import CONTINUATION_MARK, RecorderError, play
from grader.capture.events import Anomaly, PromptWithoutCommand


def test_multi_line_commands_wait_at_the_continuation_prompt(session, captured, home) -> None:
    rec = session()
    typed = [
        ("cat <<EOF > ~/notes.txt", "continuation"),
        ("first $HOME", "continuation"),
        ("exit", "continuation"),  # a heredoc's body, not the shell's exit
        ("EOF", "prompt"),
        ("echo joined \\", "continuation"),
        ("line", "prompt"),
        ('echo "one', "continuation"),
        ('two"', "prompt"),
        ("for i in 1 2", "continuation"),
        ("do echo i=$i", "continuation"),
        ("done", "prompt"),
    ]
    assert [rec.run(line) for line, _ in typed] == [state for _, state in typed]
    cap = captured(rec)
    assert (home / "notes.txt").read_text() == f"first {home}\nexit\n"
    lines = [c.line for c in cap.commands]
    assert lines[:4] == [
        "cat <<EOF > ~/notes.txt\nfirst $HOME\nexit\nEOF",
        "echo joined line",
        'echo "one\ntwo"',
        "for i in 1 2; do echo i=$i; done",
    ]
    outputs = [c.output for c in cap.commands[:4]]
    assert outputs == ["", "joined line", "one\ntwo", "i=1\ni=2"]
    assert all(c.line_reliable for c in cap.commands[:4])
    assert not cap.of_kind(Anomaly), cap.of_kind(Anomaly)
    assert cap.raw.count(CONTINUATION_MARK) == 7  # one per continuation line, none elsewhere


def test_ctrl_c_at_the_continuation_prompt_returns_to_the_prompt(session, captured) -> None:
    rec = session()
    assert rec.run("echo 'never closed") == "continuation"
    rec.key("ctrl-c")
    assert rec.wait_input() == "prompt"
    assert rec.run("echo after") == "prompt"
    cap = captured(rec)
    assert [c.line for c in cap.commands][:1] == ["echo after"]
    assert any(p.exit == 130 and p.not_executed for p in cap.of_kind(PromptWithoutCommand))


def test_a_pager_is_waited_for_then_quit(session, captured) -> None:
    rec = session()
    rec.type("seq 1 200 | less")
    rec.key("enter")
    assert rec.wait_quiet() == "program"  # less shows its first page and waits for a key
    rec.key("space")
    assert rec.settle() == "program"  # the next page
    rec.key("q")
    assert rec.settle() == "prompt"
    assert rec.run("echo back") == "prompt"
    cap = captured(rec)
    pager = cap.command("seq 1 200 | less")
    assert pager.exit == 0 and pager.fullscreen
    assert "46" in pager.output.split("\n")  # the second page was shown
    assert cap.command("echo back").output == "back"


def test_a_line_left_without_its_prompt_names_what_it_waited_for(session) -> None:
    rec = session()
    rec.type("seq 1 200 | less")
    rec.key("enter")
    with pytest.raises(RecorderError) as err:
        rec.settle(timeout=1)
    said = str(err.value)
    assert "continuation prompt (PS2, 633;F)" in said and "in vain" in said
    # the end of the screen, printable: less's last line shown and its prompt, no escapes
    assert said.endswith("the screen ends: 21 | 22 | 23 | :") and "\x1b" not in said
    rec.key("q")
    assert rec.settle() == "prompt"


def _script_env(home: Path, node_shell: shells.Shell) -> dict[str, str]:
    return {"HOME": str(home), "PATH": node_shell.path_env()}


def test_a_script_types_heredocs_and_a_pager(
    root: Path, home: Path, node_shell: shells.Shell, captured
) -> None:
    script = [
        "cat <<EOF > ~/done.txt",
        "@type typex",
        "@key backspace",
        "@type d",
        "@key enter",
        "EOF",
        "seq 1 200 | less",
        "@wait quiet",
        "@key G",
        "@key q",
        "cat ~/done.txt",
        "exit",
    ]
    rec = play(script, root, env=_script_env(home, node_shell))
    cap = captured(rec)
    assert [c.line for c in cap.commands] == [
        "cat <<EOF > ~/done.txt\ntyped\nEOF",
        "seq 1 200 | less",
        "cat ~/done.txt",
        "exit",
    ]
    assert "200" in cap.command("seq 1 200 | less").output.split("\n")  # G: the last page
    assert cap.command("cat ~/done.txt").output == "typed"


@pytest.mark.parametrize(
    ("script", "said"),
    [
        (["seq 1 200 | less", "@key q"], "script line 1 'seq 1 200 | less': waited 2 s"),
        (["echo hi", "@key q"], "script line 2 '@key q': a one-character key goes to a program"),
    ],
)
def test_a_script_that_cannot_go_on_says_which_line(
    root: Path, home: Path, node_shell: shells.Shell, script: list[str], said: str
) -> None:
    with pytest.raises(RecorderError) as err:
        play(script, root, env=_script_env(home, node_shell), timeout=2)
    assert str(err.value).startswith(said), err.value
    if "waited" in said:
        assert "needs `@wait quiet` after it" in str(err.value)
