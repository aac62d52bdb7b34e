"""Forgery against a real captured bash: what a learner can type to fake a step, and what the
grader makes of it (the daemon's ingest, the seed lab, a real SQLite store and its audit log).

Every case is typed key by key into real bash under real `script` (grader.authoring.record). A case
passes when no step is verified by the forgery and the forgery left its anomaly in the store's
audit log (suspicious=True): output forgeries exactly `expected_output_elsewhere` (the engine's:
a step's expected output shown by a command whose program cannot verify it), marker forgeries
their marker kinds as well. The honest baseline proves the same pipeline does verify real work
and audits nothing, so "nothing verified" is not vacuous and the audit is not raised by anything.

This suite tests the capture layer (markers, nonce, command numbers) on its own: bash runs on
this machine, where there is no node key and no signing helper, so attestation
(docs/attestation.md) is off (conftest's NodeIngest gets no key and does not enforce it) and the
programs of the lab's `attest.programs` verify on the command line alone. The right-nonce
forgeries that markers alone cannot stop (`…_unattested_is_taken_for_a_command…`) are therefore
only audited here; with attestation enforced, on a fake node under the real daemon, they verify
nothing: tests/reliability/forgery/test_forgery_fakenode.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from grader.node.paths import node_file

from .conftest import Graded

RUN_BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
WARN = "NCCL WARN Bootstrap : no socket interface found"
# The session nonce, as the learner can read it from their own spool index.
READ_NONCE = (
    'K=$(sed -n \'s/.*"nonce": *"\\([0-9a-f]*\\)".*/\\1/p\' '
    '"$LABGRADER_ROOT/spool/$(id -un)/sessions.jsonl" | tail -1)'
)


#: The forged command's line as the hooks escape it in 633;E (`\x20` for a space), for a printf
#: format: the run-broken step's line.
BROKEN_LINE = "NCCL_SOCKET_IFNAME=doesnotexist0\\\\x20all_reduce_perf\\\\x20-g\\\\x202"


def _opening(n: str, aid: str = "$$", k: str = "$K", line: str = BROKEN_LINE) -> str:
    """printf of a forged command's start: its 633;E line and 133;C (t=1.0)."""
    return (
        f"printf '\\033]633;E;{line};%s\\007\\033]133;C;aid=%s;n={n};h={n};t=1.0;k=%s\\007' "
        f'"{k}" "{aid}" "{k}"'
    )


def _closing(
    n: str,
    aid: str = "$$",
    k: str = "$K",
    *,
    output: str = WARN,
    exit: int = 3,
    t1: str = "2.0",
    signed: str | None = None,
) -> str:
    """printf of a forged command's end: the expected output, [a 133;T], 133;D.

    `signed`: a shell word holding a 133;T body (`"$T"`), printed before the D as the node's
    helper would; `t1`, the D's time, lets the forger widen the block's time window around a
    signed run. Used by the fake-node suite too (attestation enforced there).
    """
    t_fmt, t_arg = ("\\033]%s\\007", f' "{signed}"') if signed else ("", "")
    return (
        f"printf '{output}\\n{t_fmt}"
        f'\\033]133;D;{exit};aid=%s;n={n};h={n};t={t1};ps={exit};k=%s\\007\'{t_arg} "{aid}" "{k}"'
    )


def _block(n: str, aid: str = "$$", k: str = "$K", *, line: str = BROKEN_LINE, **end: Any) -> str:
    """printf of a whole forged command: 633;E line, 133;C, the expected output, 133;D (exit 3
    unless `end` says otherwise; `end` is _closing's)."""
    return f"{_opening(n, aid, k, line)}; {_closing(n, aid, k, **end)}"


def test_honest_run_is_verified(learner) -> None:
    graded = learner([RUN_BROKEN, "echo $?"])
    assert {"run-broken", "exit-code"} <= graded.verified
    assert not graded.anomaly_kinds()


FORGERIES = {
    "echo-expected-output": [f'echo "{WARN}"', "echo 3; (exit 3)", "echo $?"],
    "printf-expected-output": [
        f"printf '%s\\n' '{WARN}' '# Avg bus bandwidth : 12.5' 'GPU0 X PHB' 'GPU1 PHB X'",
        f"bash -c 'echo \"{WARN}\"; exit 3'",
        "echo $?",
    ],
    "env-prefixed-echo": [f"NCCL_SOCKET_IFNAME=doesnotexist0 echo '{WARN}' -g 2", "echo $?"],
    "program-named-like-the-tool": [
        f"mkdir -p ~/bin && printf '#!/bin/sh\\necho \"{WARN}\"\\nexit 3\\n' > ~/bin/x",
        "chmod +x ~/bin/x && cp ~/bin/x ~/bin/nvidia-smi-not",
        "NCCL_SOCKET_IFNAME=doesnotexist0 ~/bin/x -b 8M -e 8M -g 2",
        "echo $?",
    ],
    "history-file-edit": [
        f"echo '{RUN_BROKEN}' >> ~/.bash_history && history -r",
        f"history -s '{RUN_BROKEN}'; echo '{WARN}'",
        "echo $?",
    ],
    "copied-output-of-another-learner": [
        f"printf '%s\\n' '# Using devices' '{WARN}' > ~/their-output.txt",
        "cat ~/their-output.txt",
        "cat ~/their-output.txt | grep WARN",
        "echo $?",
    ],
    "script-inside-the-session": [
        f"script -qc \"echo '{WARN}'; exit 3\" /dev/null",
        "echo $?",
    ],
}


#: Each output forgery's command that printed the warning: its program and number in the shell.
PRINTED_BY = {
    "echo-expected-output": ("echo", "1"),
    "printf-expected-output": ("printf", "1"),
    "env-prefixed-echo": ("echo", "1"),
    "program-named-like-the-tool": ("x", "3"),
    "history-file-edit": ("history", "2"),
    "copied-output-of-another-learner": ("cat", "2"),
    "script-inside-the-session": ("script", "1"),
}
ELSEWHERE = "expected_output_elsewhere"


def _elsewhere(graded: Graded) -> dict[str, tuple[str, str]]:
    """step -> (program, n) of each `expected_output_elsewhere` row."""
    rows = [e.detail.get("extra", {}) for e in graded.audit if e.kind == f"anomaly:{ELSEWHERE}"]
    return {r["step"]: (r["program"], r["n"]) for r in rows}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_output_forgery_is_never_verified_and_is_audited(learner, name: str) -> None:
    """Not verified, and not silent either: the command that printed run-broken's warning is an
    `expected_output_elsewhere` row naming the step, its program and its number (warn-line wants
    the same line; printf's topology lines are topo's output, its bandwidth line pin-iface's: a
    warning no longer spoils that step's output), and nothing else is audited."""
    graded = learner(FORGERIES[name])
    assert not graded.verified, graded.progress
    assert graded.anomaly_kinds() == {ELSEWHERE}, graded.audit
    rows = _elsewhere(graded)
    assert rows["run-broken"] == PRINTED_BY[name], rows
    assert set(rows) <= {"run-broken", "warn-line", "topo", "pin-iface"}, rows


MARKER_FORGERIES = {
    # no nonce at all / a made-up nonce: the parser ignores the markers (bad_nonce)
    # (and the warning the printf showed is its own command's output: expected_output_elsewhere)
    "markers-without-nonce": ([_block("900", k="")], {"bad_nonce", ELSEWHERE}),
    "markers-with-wrong-nonce": ([_block("900", k="0" * 32)], {"bad_nonce", ELSEWHERE}),
    # the right nonce (read from the learner's own spool) but an old command number: replay
    "right-nonce-old-n": ([READ_NONCE, _block("1")], {"replayed_marker", ELSEWHERE}),
}


@pytest.mark.parametrize("name", sorted(MARKER_FORGERIES))
def test_marker_forgery_is_rejected_and_audited(learner, name: str) -> None:
    lines, kinds = MARKER_FORGERIES[name]
    graded = learner([*lines, "echo $?"])
    assert not graded.verified, graded.progress
    assert graded.anomaly_kinds() == kinds, graded.audit


def test_cat_of_an_old_session_file_is_rejected_and_audited(learner, tmp_path) -> None:
    honest = learner([RUN_BROKEN, "echo $?"])
    assert {"run-broken", "exit-code"} <= honest.verified
    old = tmp_path / "old-session.ts"
    old.write_bytes(honest.raw)
    # a fresh learner (new spool, new store) replays the honest learner's file in their shell
    (tmp_path / "root").rename(tmp_path / "root-honest")
    (tmp_path / "store.db").unlink()
    graded = learner([f"cat {old}", f"script -qc 'cat {old}' /dev/null", "echo $?"])
    assert not graded.verified, graded.progress
    assert {"bad_nonce", ELSEWHERE} <= graded.anomaly_kinds()
    # the old session's output, shown by `cat` (its first command here): the steps it verified
    assert _elsewhere(graded)["run-broken"] == ("cat", "1")


def test_right_nonce_fresh_n_unattested_is_taken_for_a_command_but_audited(learner) -> None:
    """The capture layer alone (no node key here, so attestation is off: see the module
    docstring): with the nonce (the learner can read it) and a number above the shell's, a forged
    C..D block IS taken for a command. It cannot hide: the shell's real numbers are now below the
    forged one, so every later real command is rejected as a replay and audited. With
    attestation enforced the step stays pending (`unattested`): test_forgery_fakenode.py's
    `f-freshn`."""
    graded = learner([READ_NONCE, _block("900"), "echo $?", "true"])
    assert graded.verified == {"run-broken"}  # what markers alone allow
    assert "replayed_marker" in graded.anomaly_kinds()


@pytest.mark.parametrize("n", ["1", "900"])
def test_right_nonce_invented_shell_unattested_is_taken_for_a_command_but_audited(
    learner, n: str
) -> None:
    """The capture layer alone (attestation off here): the forged block claims a shell pid (aid)
    that no 133;A introduced; the parser still reads it as a nested shell's command, so on markers
    alone the step is verified, but the store's audit log holds a suspicious
    `anomaly:unannounced_shell` row. With attestation enforced the step stays pending:
    test_forgery_fakenode.py's `f-inventor`."""
    graded = learner([READ_NONCE, _block(n, aid="1"), "echo $?", "true"])
    assert graded.verified == {"run-broken"}  # what markers alone allow
    # the warning belongs to the forged all_reduce_perf command, not to the printf around it
    # (its t=1.0 also lies outside the daemon's window around its own clock)
    assert graded.anomaly_kinds() == {"unannounced_shell", "clock_out_of_window"}, graded.audit


def test_real_nested_shell_is_verified_without_an_anomaly(learner) -> None:
    """No false alarm: a `bash` typed at the prompt gets the hooks (bashrc guard) and introduces
    its own aid with 133;A before its first command, so its work is graded and nothing audited."""
    guard = node_file("bashrc-guard.bash")
    graded = learner([f"bash --rcfile {guard} -i", RUN_BROKEN, "echo $?", "exit"])
    assert {"run-broken", "exit-code"} <= graded.verified, graded.progress
    assert not graded.anomaly_kinds(), graded.audit


def test_cat_of_ones_own_saved_log_is_a_known_false_alarm(learner) -> None:
    """The audit's known false alarm, pinned (docs/SECURITY.md): an honest learner who sent the
    job's output to a file and reads it with `cat` shows run-broken's expected output outside
    its command; that is `expected_output_elsewhere` like a forgery. An operator tells them
    apart by the step's own evidence next to it: here the real run, attempted, just before."""
    graded = learner([f"{RUN_BROKEN} > ~/run.log 2>&1", "cat ~/run.log", "echo $?"])
    assert graded.progress["run-broken"] == "attempted", graded.progress
    assert graded.anomaly_kinds() == {ELSEWHERE}, graded.audit
    assert _elsewhere(graded)["run-broken"] == ("cat", "2")
