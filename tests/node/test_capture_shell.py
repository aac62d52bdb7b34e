"""The capture shell + hooks, end to end: real bash, real `script`, parsed by the real parser."""

from __future__ import annotations

import getpass
import json
import re
import time
from pathlib import Path

import pytest

from grader.capture.events import Anomaly, PromptWithoutCommand

USER = getpass.getuser()


def test_session_record_and_basic_commands(session, root: Path, captured) -> None:
    rec = session()
    rec.run("echo hello")
    rec.run("false")
    rec.run("echo $?")
    rec.run("true | false | true")
    cap = captured(rec)

    record = cap.record
    assert record["v"] == 1 and record["kind"] == "login" and record["parent"] is None
    assert re.fullmatch(r"\d{8}T\d{6}-\d+-[0-9a-f]{8}", record["session"])
    assert re.fullmatch(r"[0-9a-f]{32}", record["nonce"])
    assert record["file"] == record["session"] + ".ts" and record["user"] == USER
    spool = root / "spool" / USER
    # A local recording (no sudo: session_open.py as the current user) keeps it private too.
    assert spool.stat().st_mode & 0o7777 == 0o750

    assert cap.command("echo hello").output.strip() == "hello"
    assert cap.command("echo hello").exit == 0
    assert cap.command("false").exit == 1
    # $? survives the hooks: `echo $?` after `false` prints 1 (the seed lab's exit-code step)
    assert cap.command("echo $?").output.strip() == "1"
    pipe = cap.command("true | false | true")
    assert pipe.exit == 0 and pipe.pipestatus == (0, 1, 0)
    assert [c.n for c in cap.commands] == sorted({c.n for c in cap.commands})
    assert not cap.of_kind(Anomaly)


def test_cwd_with_spaces_and_semicolons(session, tmp_path: Path, captured) -> None:
    odd = tmp_path / "a b;c\\d"
    odd.mkdir()
    rec = session()
    rec.run(f"cd '{odd}'")
    rec.run("pwd")
    cap = captured(rec)
    assert cap.command("pwd").cwd == str(odd)
    assert cap.command("pwd").output.strip() == str(odd)
    assert cap.command(f"cd '{odd}'").line == f"cd '{odd}'"


def test_exec_stderr_to_devnull_does_not_hide_markers(session, captured) -> None:
    rec = session()
    rec.run("exec 2>/dev/null")
    rec.run("ls /nonexistent-labgrader")
    rec.run("echo still")
    cap = captured(rec)
    assert cap.command("ls /nonexistent-labgrader").exit == 2
    assert cap.command("echo still").output.strip() == "still"


def test_histcontrol_ignorespace_does_not_break_line_capture(session, captured) -> None:
    rec = session()
    rec.run("HISTCONTROL=ignorespace:ignoredups HISTIGNORE='ls*'")
    rec.run(" echo spaced")
    rec.run("echo twice")
    rec.run("echo twice")
    rec.run("ls -d /")
    cap = captured(rec)
    lines = [c.line.strip() for c in cap.commands]
    assert lines[1:5] == ["echo spaced", "echo twice", "echo twice", "ls -d /"]
    assert all(c.line_reliable for c in cap.commands)


def test_history_turned_off_is_never_graded_and_never_silent(session, captured) -> None:
    """`set +o history` stops bash adding lines, so `history 1` in PS0 is an older line. HISTCMD
    then reads 1 on every bash, which made the next line look trusted on 5.2: PS0 now takes h
    from `history 1` and checks HISTCMD agrees (history on), the line is untrusted, the
    learner is told, the operator gets one line_unreliable, and `set -o history` typed at the
    prompt brings grading back."""
    rec = session()
    rec.run("echo one")
    rec.run("set +o history")
    rec.run("echo two")
    rec.run("set -o history")
    rec.run("echo four")
    cap = captured(rec)
    trusted = [(c.line.strip(), c.line_reliable) for c in cap.commands]
    assert trusted[:2] == [("echo one", True), ("set +o history", True)]
    assert [ok for _, ok in trusted[2:4]] == [False, False]
    assert all(line == "set +o history" for line, _ in trusted[2:4])  # what history 1 said
    assert trusted[4] == ("echo four", True)
    unreliable = [a for a in cap.of_kind(Anomaly) if a.kind == "line_unreliable"]
    assert len(unreliable) == 1
    # told at the first untaken line (and, before 5.1, at `set -o history` too: it was not taken)
    assert bytes(rec.output).count(b"did not reach the shell history") in (1, 2)


PLANTED = "tar -czf x.tgz dir"
#: Ways to make `history 1` in PS0 a line that never ran (found by attacking the hooks): a later
#: PROMPT_COMMAND entry plants it with `history -s` while history is off or filtered, or cmdhist
#: off keeps only a continued command's last physical line. Each `tricks` list is typed, then
#: `real` lines that must never be graded as the planted one.
TRICKS = {
    "history-off": ["set +o history"],
    "ignorespace": ["PROMPT_COMMAND+=$'\\nHISTCONTROL=ignorespace'"],
    "histignore": ["PROMPT_COMMAND+=$'\\nHISTIGNORE=\\'*\\''"],
}


@pytest.mark.parametrize("trick", sorted(TRICKS))
def test_a_line_planted_in_history_is_never_graded(session, captured, trick: str) -> None:
    rec = session()
    typed = [f"FAKE='{PLANTED}'", "PROMPT_COMMAND+=$'\\nhistory -s \"$FAKE\"'"]
    typed += [*TRICKS[trick], " echo real1", " false", "echo real3"]
    for line in typed:
        rec.run(line)
    cap = captured(rec)
    # The invariant: a trusted line is always the line that was typed (and so ran).
    trusted = [c.line for c in cap.commands if c.line_reliable and c.line != "exit"]
    assert trusted == typed[: len(trusted)], trusted
    assert PLANTED not in trusted
    assert len(trusted) < len(typed)  # the trick did take the rest out of grading ...
    assert [a.kind for a in cap.of_kind(Anomaly)] == ["line_unreliable"]  # ... and said so


def test_a_continued_line_is_captured_whole_even_with_cmdhist_off(session, captured) -> None:
    rec = session()
    rec.run("shopt -u cmdhist")
    rec.type("true || \\")
    rec.key("enter")  # PS2: the command goes on on the next line
    rec.run(PLANTED)
    cap = captured(rec)
    (cont,) = [c for c in cap.commands if PLANTED in c.line]
    assert cont.line == f"true || {PLANTED}" and cont.line_reliable


@pytest.mark.parametrize("mode", ["array", "string"])
def test_user_prompt_command_keeps_running(session, mode: str, captured) -> None:
    """Appending, prepending and (array mode) replacing PROMPT_COMMAND keep both working."""
    rec = session(LABGRADER_PC_MODE=mode)
    if mode == "array":
        rec.run("PROMPT_COMMAND+=('echo pc-appended')")
    else:
        rec.run("PROMPT_COMMAND+=$'\\n'\"echo pc-appended\"")
    rec.run("(exit 4)")
    rec.run('PROMPT_COMMAND="echo pc-prepended; $PROMPT_COMMAND"')
    rec.run("(exit 5)")
    rec.run("(exit 6)")
    cap = captured(rec)
    text = cap.raw.decode()
    assert text.count("pc-appended") >= 4 and text.count("pc-prepended") >= 2
    assert cap.command("(exit 4)").exit == 4
    # prepending costs at most the one prompt right after it; then we are first again
    assert cap.command("(exit 6)").exit == 6


@pytest.mark.bash_min(5, 1)  # an array PROMPT_COMMAND
def test_replacing_prompt_command_in_array_mode_recovers(session, captured) -> None:
    rec = session(LABGRADER_PC_MODE="array")
    rec.run("PROMPT_COMMAND='echo pc-replaced'")
    rec.run("(exit 7)")
    rec.run("(exit 8)")
    cap = captured(rec)
    assert b"pc-replaced" in cap.raw
    assert cap.command("(exit 7)").exit == 7
    assert cap.command("(exit 8)").exit == 8


def test_ctrl_c_and_empty_enter_are_prompts_without_command(session, captured) -> None:
    rec = session()
    rec.type("sleep 100")
    rec.key("ctrl-c")  # at the prompt: the typed line is discarded
    rec.wait_prompt()
    rec.key("enter")
    rec.wait_prompt()
    rec.run("sleep 0.1")
    rec.type("echo after")
    rec.key("enter")
    rec.wait_prompt()
    cap = captured(rec)
    prompts = cap.of_kind(PromptWithoutCommand)
    assert any(p.exit == 130 for p in prompts)
    assert [c.line.strip() for c in cap.commands][:2] == ["sleep 0.1", "echo after"]


def _wait_for_descendant(root: int, cmdline: bytes, timeout: float = 20.0) -> None:
    """Until a process under `root` has exec'd `cmdline` (NUL-separated argv).

    Why: pressing Ctrl-C after a fixed pause assumes the program is already running; a slow
    machine can still be between bash's C marker and the child's exec.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        parent: dict[int, int] = {}
        found: list[int] = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_bytes()
                argv = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            parent[int(entry.name)] = int(stat[stat.rindex(b")") + 2 :].split()[1])
            if argv == cmdline:
                found.append(int(entry.name))
        for pid in found:
            while pid > 1 and pid != root:
                pid = parent.get(pid, 0)
            if pid == root:
                return
        time.sleep(0.05)
    raise AssertionError(f"no {cmdline!r} under pid {root} within {timeout} s")


def test_ctrl_c_interrupts_running_command(session, captured) -> None:
    rec = session()
    rec.type("sleep 30")
    rec.key("enter")
    assert rec.pid is not None
    _wait_for_descendant(rec.pid, b"sleep\x0030\x00")
    rec.key("ctrl-c")
    rec.wait_prompt()
    rec.run("echo $?")
    cap = captured(rec)
    assert cap.command("sleep 30").exit == 130
    assert cap.command("echo $?").output.strip() == "130"


def test_history_up_arrow_and_backspace(session, captured) -> None:
    rec = session()
    rec.run("echo one")
    rec.key("up")
    rec.key("backspace")
    rec.key("backspace")
    rec.key("backspace")
    rec.type("two")
    rec.key("enter")
    rec.wait_prompt()
    cap = captured(rec)
    assert cap.command("echo two").output.strip() == "two"


def test_feedback_line_shown_once(session, root: Path, captured, write_progress) -> None:
    doc = {
        "v": 1,
        "learner": USER,
        "updated": time.time(),
        "labs": [],
        "events": [
            {
                "seq": 1,
                "lab": "l",
                "step": "a",
                "index": 1,
                "count": 9,
                "title": "Old one",
                "state": "verified",
                "at": 1.0,
            },
        ],
    }
    write_progress(root, USER, doc)
    rec = session()
    rec.run("true")
    doc["events"].append(
        {
            "seq": 2,
            "lab": "l",
            "step": "b",
            "index": 3,
            "count": 9,
            "title": "Read the exit code",
            "state": "verified",
            "at": 2.0,
        }
    )
    doc["events"].append(
        {
            "seq": 3,
            "lab": "l",
            "step": "c",
            "index": 4,
            "count": 9,
            "title": "Not yet",
            "state": "attempted",
            "at": 3.0,
        }
    )
    time.sleep(0.05)
    write_progress(root, USER, doc)
    rec.run("echo a")
    rec.run("echo b")
    rec.run("echo c")
    cap = captured(rec)
    text = cap.raw.decode()
    # a file without the head (an older grader) is still read, by its modification time; its
    # events carry no `done` count, so the ✓ line names the step alone
    assert text.count("✓ step 3 verified: Read the exit code") == 1
    assert text.count("✗ step 4 Not yet — not yet right") == 1
    assert "Old one" not in text
    # the line lands between commands, never inside one
    assert all("✓" not in c.output and "✗" not in c.output for c in cap.commands)


def _verified(seq: int, index: int, title: str) -> dict:
    return {
        "seq": seq,
        "lab": "l",
        "step": f"s{index}",
        "index": index,
        "count": 9,
        "title": title,
        "state": "verified",
        "at": float(seq),
    }


def test_lines_a_dead_first_login_never_showed_appear_in_the_next(
    session, root: Path, captured, write_progress
) -> None:
    """The first login ends (a node restart) before any prompt drew the first ✓ lines; the
    next login shows them once. A first login that finds progress already there still learns
    it as old (test_feedback_line_shown_once)."""
    first = session()
    first.run("true")  # the learner's first steps; their progress lands after this prompt
    captured(first)
    doc = {"v": 1, "learner": USER, "updated": time.time(), "labs": [], "events": []}
    doc["events"] = [_verified(41, 1, "See the GPUs"), _verified(42, 2, "Read the topology")]
    write_progress(root, USER, doc)
    second = session()
    second.run("true")
    second.run("true")
    second.close()
    # both logins' session files (captured() would parse the first login's)
    text = "".join(p.read_text() for p in sorted((root / "spool" / USER).glob("*.ts")))
    assert text.count("✓ step 1 verified: See the GPUs") == 1
    assert text.count("✓ step 2 verified: Read the topology") == 1


def test_lab_environment_is_exported(session, tmp_path: Path, captured) -> None:
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "environment").write_text(
        "# from the lab\nNCCL_DEBUG=WARN\nQUOTED='a b'$(id)\nPROMPT_COMMAND=evil\nbad-name=1\n"
    )
    rec = session(LABGRADER_ETC=str(etc))
    rec.run('echo "[$NCCL_DEBUG][$QUOTED]"')
    cap = captured(rec)
    assert cap.commands[0].output.strip() == "[WARN]['a b'$(id)]"
    assert b"evil" not in cap.raw.split(b"\n", 1)[1].replace(b"PROMPT_COMMAND=evil", b"")


def test_no_epochrealtime_falls_back_to_date(session, captured) -> None:
    rec = session()
    rec.run("unset EPOCHREALTIME")
    rec.run("echo x")
    cap = captured(rec)
    c = cap.command("echo x")
    assert c.t0 is not None and c.t1 is not None and c.t1 >= c.t0 > 1e9


def test_nested_bash_on_same_tty_gets_hooks(session, captured) -> None:
    from grader.node.paths import node_file

    rec = session()
    rec.run(f"bash --rcfile {node_file('bashrc-guard.bash')} -i")
    rec.run("(exit 9)")
    rec.run("exit")
    rec.run("echo back")
    cap = captured(rec)
    inner = cap.command("(exit 9)")
    outer = cap.command("echo back")
    assert inner.exit == 9 and inner.aid != outer.aid
    assert len([r for r in rec.sessions() if r["kind"] == "pty"]) == 0


def test_new_pty_is_rewrapped_with_parent(session, root: Path, captured) -> None:
    """A shell on another tty (what a tmux pane is) gets its own script and session file."""
    from grader.node.paths import node_file

    rec = session()
    guard = node_file("bashrc-guard.bash")
    rec.run(f"script -qfc 'bash --rcfile {guard} -i' /dev/null")  # a new pty, like a tmux pane
    rec.run("echo in-pane")
    rec.type("exit")
    rec.key("enter")
    rec.wait_prompt()  # back in the outer shell: the inner script ended
    rec.run("echo outer")
    rec.close()
    records = rec.sessions()
    login = next(r for r in records if r["kind"] == "login")
    pane = next(r for r in records if r["kind"] == "pty")
    assert pane["parent"] == login["session"] and pane["nonce"] != login["nonce"]
    cap = captured(rec, "pty")
    assert cap.command("echo in-pane").output.strip() == "in-pane"
    assert json.loads((root / "spool" / USER / "sessions.jsonl").read_text().splitlines()[-1])
