"""A learner's SSH login on the fake node lands in the capture shell and is recorded.

Real sshd, real capture shell, real `script`: the session file and sessions.jsonl must appear in
the learner's spool (docs/node-protocol.md), the session file carrying OSC 133/633 markers with
the nonce announced in sessions.jsonl.
"""

from __future__ import annotations

import json

import asyncssh
from fakenode import FakeNode, learner_shell

SPOOL = "/var/lib/labgrader/spool"


def _sessions(node: FakeNode, user: str) -> list[dict[str, object]]:
    result = node.exec(["cat", f"{SPOOL}/{user}/sessions.jsonl"])
    if result.exit_code != 0:
        return []
    return [json.loads(line) for line in result.text.splitlines() if line.strip()]


async def test_login_is_recorded_in_the_spool(fake_node: FakeNode) -> None:
    user = fake_node.learner.user
    before = {s["session"] for s in _sessions(fake_node, user)}
    async with learner_shell(fake_node) as shell:
        out = await shell.run("echo captured-$((6*7))")
        assert "captured-42" in out

    new = [s for s in _sessions(fake_node, user) if s["session"] not in before]
    assert len(new) == 1, new
    session = new[0]
    assert session["user"] == user
    assert session["kind"] == "login"
    assert session["parent"] is None
    assert session["file"] == f"{session['session']}.ts"
    assert str(session["tty"]).startswith("/dev/pts/")

    ts = fake_node.exec(["cat", f"{SPOOL}/{user}/{session['file']}"])
    assert ts.exit_code == 0, ts.text
    nonce = session["nonce"]
    # The typed line, escaped by the 633 rule (space -> \x20), with the session's nonce.
    assert f"\x1b]633;E;echo\\x20captured-$((6*7));{nonce}\x07".encode() in ts.output
    assert b"captured-42" in ts.output
    assert b"\x1b]133;D;0;" in ts.output
    assert f"k={nonce}".encode() in ts.output


async def test_spool_files_have_protocol_modes(fake_node: FakeNode) -> None:
    """docs/node-protocol.md "Who owns what": the directory and the index are root's (the
    learner can neither add, rename nor remove an entry, nor write an index line), the session
    file is the learner's (his `script` writes it), the grader's group reads all three."""
    user = fake_node.learner.user
    async with learner_shell(fake_node):
        pass
    newest = _sessions(fake_node, user)[-1]["file"]
    paths = [f"{SPOOL}/{user}", f"{SPOOL}/{user}/sessions.jsonl", f"{SPOOL}/{user}/{newest}"]
    listing = fake_node.exec(["stat", "-c", "%n %a %U %G", *paths])
    assert listing.exit_code == 0, listing.text
    modes = dict(line.split(" ", 1) for line in listing.text.splitlines())
    assert modes == {
        paths[0]: "751 root labgrader",
        paths[1]: "640 root labgrader",
        paths[2]: f"640 {user} labgrader",
    }, modes


async def test_exec_is_not_captured_but_gets_the_lab_environment(fake_node: FakeNode) -> None:
    """`ssh node cmd` passes straight through the capture shell (no pty, no session)."""
    user = fake_node.learner.user
    before = len(_sessions(fake_node, user))
    async with asyncssh.connect(**fake_node.connect_kwargs(fake_node.learner)) as conn:
        result = await conn.run("id -un; hostname; printf '%s\\n' \"$NCCL_DEBUG\"", check=True)
    assert result.stdout.splitlines() == [user, "ml-node-07", "WARN"]
    assert len(_sessions(fake_node, user)) == before
