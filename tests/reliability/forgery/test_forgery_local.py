"""Forgery against a real captured bash: what a learner can type to fake a step, and what the
grader makes of it (the daemon's ingest, the seed lab, a real SQLite store and its audit log).

Every case is typed key by key into real bash under real `script` (grader.node.record). A case
passes when no step is verified by the forgery; marker forgeries must also leave an anomaly in
the store's audit log (suspicious=True). The honest baseline proves the same pipeline does verify
real work, so "nothing verified" is not vacuous.
"""

from __future__ import annotations

import pytest

from grader.node.paths import node_file

RUN_BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
WARN = "NCCL WARN Bootstrap : no socket interface found"
# The session nonce, as the learner can read it from their own spool index.
READ_NONCE = (
    'K=$(sed -n \'s/.*"nonce": *"\\([0-9a-f]*\\)".*/\\1/p\' '
    '"$LABGRADER_ROOT/spool/$(id -un)/sessions.jsonl" | tail -1)'
)


def _block(n: str, aid: str = "$$", k: str = "$K") -> str:
    """printf of a whole forged command: 633;E line, 133;C, the expected output, 133;D exit 3."""
    line = "NCCL_SOCKET_IFNAME=doesnotexist0\\\\x20all_reduce_perf\\\\x20-g\\\\x202"
    return (
        f"printf '\\033]633;E;{line};%s\\007\\033]133;C;aid=%s;n={n};h={n};t=1.0;k=%s\\007"
        f"{WARN}\\n\\033]133;D;3;aid=%s;n={n};h={n};t=2.0;ps=3;k=%s\\007' "
        f'"{k}" "{aid}" "{k}" "{aid}" "{k}"'
    )


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
        f"printf '%s\\n' '# Using devices' '{WARN}' > /tmp/$$-their-output.txt",
        "cat /tmp/$$-their-output.txt",
        "cat /tmp/$$-their-output.txt | grep WARN",
        "echo $?",
    ],
    "script-inside-the-session": [
        f"script -qc \"echo '{WARN}'; exit 3\" /dev/null",
        "echo $?",
    ],
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_output_forgery_is_never_verified(learner, name: str) -> None:
    graded = learner(FORGERIES[name])
    assert not graded.verified, graded.progress


MARKER_FORGERIES = {
    # no nonce at all / a made-up nonce: the parser ignores the markers (bad_nonce)
    "markers-without-nonce": ([_block("900", k="")], {"bad_nonce"}),
    "markers-with-wrong-nonce": ([_block("900", k="0" * 32)], {"bad_nonce"}),
    # the right nonce (read from the learner's own spool) but an old command number: replay
    "right-nonce-old-n": ([READ_NONCE, _block("1")], {"replayed_marker"}),
}


@pytest.mark.parametrize("name", sorted(MARKER_FORGERIES))
def test_marker_forgery_is_rejected_and_audited(learner, name: str) -> None:
    lines, kinds = MARKER_FORGERIES[name]
    graded = learner([*lines, "echo $?"])
    assert not graded.verified, graded.progress
    assert kinds <= graded.anomaly_kinds(), graded.audit


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
    assert "bad_nonce" in graded.anomaly_kinds()


def test_right_nonce_fresh_n_in_the_same_shell_verifies_but_is_audited(learner) -> None:
    """The tamper-evidence limit (docs/SECURITY.md): with the nonce (the learner can read it) and
    a number above the shell's, a forged C..D block IS taken for a command. It cannot hide: the
    shell's real numbers are now below the forged one, so every later real command is rejected
    as a replay and audited."""
    graded = learner([READ_NONCE, _block("900"), "echo $?", "true"])
    assert graded.verified == {"run-broken"}  # the limit, pinned down
    assert "replayed_marker" in graded.anomaly_kinds()


@pytest.mark.parametrize("n", ["1", "900"])
def test_right_nonce_invented_shell_verifies_but_is_audited(learner, n: str) -> None:
    """The forged block claims a shell pid (aid) that no 133;A introduced: the parser still reads
    it as a nested shell's command, so the step is verified (the limit, docs/SECURITY.md), but the
    store's audit log holds a suspicious `anomaly:unannounced_shell` row."""
    graded = learner([READ_NONCE, _block(n, aid="1"), "echo $?", "true"])
    assert graded.verified == {"run-broken"}  # the limit, pinned down
    assert graded.anomaly_kinds() == {"unannounced_shell"}, graded.audit


def test_real_nested_shell_is_verified_without_an_anomaly(learner) -> None:
    """No false alarm: a `bash` typed at the prompt gets the hooks (bashrc guard) and introduces
    its own aid with 133;A before its first command, so its work is graded and nothing audited."""
    guard = node_file("bashrc-guard.bash")
    graded = learner([f"bash --rcfile {guard} -i", RUN_BROKEN, "echo $?", "exit"])
    assert {"run-broken", "exit-code"} <= graded.verified, graded.progress
    assert not graded.anomaly_kinds(), graded.audit
