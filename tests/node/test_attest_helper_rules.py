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


def _lib(tmp_path: Path) -> Path:
    """An installed-looking lib directory: the helper's package directories and modules."""
    lib = tmp_path / "lib"
    (lib / "grader" / "protocol").mkdir(parents=True)
    for f in ("grader/__init__.py", "grader/protocol/__init__.py", "grader/protocol/frames.py"):
        (lib / f).write_text("")
        (lib / f).chmod(0o644)
    return lib


def test_the_helper_imports_only_what_root_alone_could_have_written(tmp_path: Path) -> None:
    """Run as root, the helper puts its own directory first on sys.path only when that
    directory, the package directories and modules in it, and every directory above are root's
    alone: anything else could make root run another's code."""
    lib = _lib(tmp_path)
    module = lib / "grader" / "protocol" / "frames.py"
    module.chmod(0o664 if os.getgid() != 0 else 0o666)
    assert str(module) in attest_run.untrusted_lib(str(lib))
    module.chmod(0o644)
    link = lib / "grader" / "protocol" / "signed_run.py"
    link.symlink_to(module)
    assert str(link) in attest_run.untrusted_lib(str(lib))
    link.unlink()
    # The package is right; what is left is above it (pytest's temporary directories are in
    # /tmp, which everyone may write; a non-root test account owns them).
    why = attest_run.untrusted_lib(str(lib))
    assert why and str(lib / "grader") not in why
    assert Path(why.split(" ")[0]) in (lib, *lib.parents)


def test_the_helper_refuses_a_lib_without_the_protocol(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    lib.mkdir()
    assert str(lib / "grader") in attest_run.untrusted_lib(str(lib))
