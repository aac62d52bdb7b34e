"""The attestation helper's own rules, on this machine's file system (grader/node/files/
attest_run.py, loaded as the node runs it). On the fake node the same rules are exercised end to
end: tests/node/test_attested_runs.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.node.paths import node_module

attest_run = node_module("attest_run.py")
#: A learner that is not the test's own account (the rules compare owners and groups).
LEARNER_UID, LEARNER_GID, LEARNER = 54321, 54321, "nobody"


@pytest.mark.parametrize(
    "name",
    [
        "NCCL_NET_PLUGIN",
        "NCCL_TUNER_PLUGIN",
        "CUDA_INJECTION64_PATH",
        "NCCL_CONF_FILE",
        "NCCL_TOPO_FILE",
        "NCCL_GRAPH_FILE",
        "NCCL_DEBUG_FILE",
        "NCCL_TOPO_DUMP_FILE",
        "NCCL_GRAPH_DUMP_FILE",
        "CUDA_CACHE_PATH",
    ],
)
def test_variables_that_load_or_write_a_file_are_refused(name: str) -> None:
    with pytest.raises(attest_run.RunError, match=name):
        attest_run.clean_env({name.encode(): b"/tmp/x", b"NCCL_DEBUG": b"INFO"}, "alice")


def test_the_lab_variables_pass_and_the_learners_others_do_not() -> None:
    env = attest_run.clean_env(
        {b"NCCL_DEBUG": b"INFO", b"LD_PRELOAD": b"/tmp/x.so", b"PATH": b"/home/a/bin"}, "alice"
    )
    assert env[b"NCCL_DEBUG"] == b"INFO" and b"LD_PRELOAD" not in env
    assert env[b"PATH"] == attest_run.SAFE_PATH.encode()


def test_a_program_the_learner_can_change_is_not_signed(tmp_path: Path) -> None:
    """A program in a directory the learner owns or can write (a build tree of his, a
    world-writable directory) would make what is signed his choice: the helper refuses it."""
    prog = tmp_path / "bin" / "all_reduce_perf"
    prog.parent.mkdir()
    prog.write_text("#!/bin/sh\n")
    prog.chmod(0o755)
    tmp_path.chmod(0o755)
    check = attest_run.learner_writable
    assert check(str(prog), LEARNER_UID, LEARNER_GID, LEARNER) == ""
    prog.parent.chmod(0o777)
    assert "writable by everyone" in check(str(prog), LEARNER_UID, LEARNER_GID, LEARNER)
    prog.parent.chmod(0o1777)  # sticky, like /tmp: only his own entries are his
    assert check(str(prog), LEARNER_UID, LEARNER_GID, LEARNER) == ""
    link = tmp_path / "link"
    link.symlink_to(prog)
    # As the account that owns these files (the test's), the learner owns the program: judged
    # where the link leads.
    me = os.getuid()
    assert "is the learner's" in check(str(link), me, os.getgid(), "root" if me == 0 else LEARNER)
