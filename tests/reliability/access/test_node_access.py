"""The grader account on a node cannot write learner files, over real SSH on a fake node.

tests/fakenode_tests/test_fakenode_access.py checks a handful of paths with `echo >>`. This sweep
asks the node (as root, out of band) for every path a learner owns once they have logged in and
worked (home, dotfiles, history, the spool directory, session files, the index, feedback stamps)
and tries every kind of write on each as the grader account: append, truncate, touch, chmod,
rename, replace by a symlink, and for directories create an entry. Not one may succeed. The
capture shell's own files (hooks, installer, lab environment) are swept the same way: a grader
that could edit the hooks would run code as every learner. A positive control runs the same
probe as a learner on their own scratch files, so "nothing succeeded" cannot mean "the probe is
broken".
"""

from __future__ import annotations

import asyncio
import shlex

import asyncssh
import pytest
from fakenode import Account, FakeNode, InteractiveShell

pytestmark = pytest.mark.fakenode

#: Each operation, run by `sh` with the target as $1; prints `WROTE op path` when it succeeded.
#: Directories get their own operations (an entry created inside counts as a write).
WRITE_PROBE = r"""
for p in "$@"; do
  try() { op=$1; shift; if ( "$@" ) 2>/dev/null; then echo "WROTE $op $p"; fi; }
  if [ -d "$p" ] && [ ! -L "$p" ]; then
    try mkdir mkdir "$p/.planted-dir"
    try create sh -c ': > "$1/.planted"' - "$p"
    try chmod chmod 0777 "$p"
    try rename mv "$p" "$p.moved"
  else
    try append sh -c 'printf x >> "$1"' - "$p"
    try truncate sh -c ': > "$1"' - "$p"
    try touch touch -c "$p"
    try chmod chmod 0666 "$p"
    try rename mv "$p" "$p.moved"
    try symlink ln -sf /tmp/planted "$p"
  fi
done
echo PROBE-DONE
"""
LEARNER_LINES = ["echo hello > notes.txt", "mkdir -p work && cd work", "ls -la ~", "history"]
#: Root-owned files of the capture shell and the node's configuration, and the spool (root's
#: directories and indexes, the learners' session files: docs/node-protocol.md "Who owns what").
CAPTURE_FILES = " ".join(
    (
        "/opt/labgrader /etc/labgrader /etc/bash.bashrc /etc/ssh /usr/local/bin",
        "/var/lib/labgrader/spool",
    )
)


async def _run(node: FakeNode, account: Account, argv: list[str]) -> asyncssh.SSHCompletedProcess:
    async with asyncssh.connect(**node.connect_kwargs(account)) as conn:
        return await conn.run(shlex.join(argv))


def _probe_writes(node: FakeNode, account: Account, paths: list[str]) -> list[str]:
    """The `WROTE op path` lines of WRITE_PROBE run over SSH as `account` on `paths`."""
    result = asyncio.run(_run(node, account, ["sh", "-c", WRITE_PROBE, "probe", *paths]))
    out = str(result.stdout)
    assert out.rstrip().endswith("PROBE-DONE"), (result.exit_status, out, result.stderr)
    return [line for line in out.splitlines() if line.startswith("WROTE ")]


def _find(node: FakeNode, args: str) -> list[str]:
    found = node.exec(f"find {args} -print")
    assert found.exit_code == 0, found.text
    return sorted(found.text.split("\n")[:-1])


@pytest.fixture(scope="module")
def learner_paths(fake_node: FakeNode) -> list[str]:
    """Every path the learners own after the first one logged in and worked."""

    async def work() -> None:
        async with asyncssh.connect(**fake_node.connect_kwargs(fake_node.learner)) as conn:
            shell = await InteractiveShell.open(conn)
            for line in LEARNER_LINES:
                await shell.run(line)
            await shell.exit()

    asyncio.run(work())
    users = " -o ".join(f"-user {a.user}" for a in (fake_node.learner, fake_node.learner2))
    return _find(fake_node, f"/ -xdev \\( {users} \\)")


def test_the_sweep_covers_homes_history_spool_and_session_files(
    fake_node: FakeNode, learner_paths: list[str]
) -> None:
    user = fake_node.learner.user
    spool = f"/var/lib/labgrader/spool/{user}"
    must = {f"/home/{user}", f"/home/{user}/notes.txt", f"/home/{user}/.bash_history"}
    must |= {f"/home/{fake_node.learner2.user}"}
    assert must <= set(learner_paths), learner_paths
    assert any(p.startswith(spool) and p.endswith(".ts") for p in learner_paths), learner_paths
    # The spool directory and its index are root's (swept with the capture shell's files below).
    assert spool not in learner_paths and f"{spool}/sessions.jsonl" not in learner_paths


def test_grader_cannot_write_any_learner_path(
    fake_node: FakeNode, learner_paths: list[str]
) -> None:
    assert _probe_writes(fake_node, fake_node.grader, learner_paths) == []


def test_grader_cannot_write_the_capture_shell_or_node_config(fake_node: FakeNode) -> None:
    paths = _find(fake_node, CAPTURE_FILES)
    assert "/opt/labgrader/node-files/hooks.bash" in paths, paths
    assert f"/var/lib/labgrader/spool/{fake_node.learner.user}/sessions.jsonl" in paths, paths
    assert _probe_writes(fake_node, fake_node.grader, paths) == []


def test_grader_has_no_sudo(fake_node: FakeNode) -> None:
    result = asyncio.run(_run(fake_node, fake_node.grader, ["sudo", "-n", "true"]))
    assert result.exit_status != 0, result


def test_the_write_probe_sees_a_write_when_there_is_one(fake_node: FakeNode) -> None:
    """Positive control: the same probe, as a learner on their own scratch file and directory,
    reports every operation."""
    scratch = asyncio.run(
        _run(fake_node, fake_node.learner2, ["sh", "-c", "mkdir -p d && : > f && echo $HOME"])
    )
    home = str(scratch.stdout).strip()
    wrote = _probe_writes(fake_node, fake_node.learner2, [f"{home}/d", f"{home}/f"])
    ops = {(line.split()[1], line.split()[2]) for line in wrote}
    assert {(op, f"{home}/d") for op in ("mkdir", "create", "chmod", "rename")} <= ops, wrote
    file_ops = ("append", "truncate", "touch", "chmod", "rename")
    assert {(op, f"{home}/f") for op in file_ops} <= ops, wrote
