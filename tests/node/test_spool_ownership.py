"""Who owns what under the spool, tried as a hostile learner over SSH on the fake node.

docs/node-protocol.md "Who owns what": a learner's spool directory and its sessions.jsonl are
root's; root (session_open.py, through its sudoers rule) makes each session file for the
learner's `script` to write. So a learner cannot plant a session file, write an index line, link
another file (his own or another learner's, or the node's keys) into his spool, or rename one;
and a run in a session the node did not open gets no signature (attest_run.py session_problem).
"""

from __future__ import annotations

import json
import re

import asyncssh
import pytest
from fakenode import FakeNode, learner_shell

from grader.daemon.transport import stream_with_sftp
from grader.protocol.frames import KIND_DATA, KIND_HEARTBEAT, KIND_REFUSED

SPOOL = "/var/lib/labgrader/spool"
GRADER = "labgrader"
ATTESTATION = re.compile(rb"\x1b\]133;T;")


def sessions(node: FakeNode, user: str) -> list[dict]:
    text = node.exec(["cat", f"{SPOOL}/{user}/sessions.jsonl"], user=GRADER).text
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(
    "attempt",
    [
        'echo \'{"session":"x","nonce":"n","file":"x.ts"}\' >> {d}/sessions.jsonl',
        "printf 'forged' > {d}/20990101T000000-1-deadbeef.ts",
        "ln -s /etc/labgrader/attest.pub {d}/link.ts",
        "ln -s {other}/sessions.jsonl {d}/other.ts",
        "ln ~/.bashrc {d}/hard.ts",
        "mv {d}/sessions.jsonl {d}/old.jsonl",
        "rm -f {d}/sessions.jsonl",
        "mkfifo {d}/fifo.ts",
    ],
    ids=["index-line", "plant", "symlink-key", "symlink-other", "hardlink", "rename", "rm", "fifo"],
)
async def test_a_learner_cannot_add_change_or_remove_spool_entries(
    fake_node: FakeNode, attempt: str
) -> None:
    user, other = fake_node.learner.user, fake_node.learner2.user
    async with learner_shell(fake_node, fake_node.learner2):
        pass  # the other learner has a spool with an index too
    async with learner_shell(fake_node) as shell:
        before = fake_node.exec(["ls", "-la", f"{SPOOL}/{user}"]).text
        line = attempt.replace("{d}", f"{SPOOL}/{user}").replace("{other}", f"{SPOOL}/{other}")
        out = await shell.run(f"{line}; echo rc=$?")
        assert "rc=0" not in out and ("Permission denied" in out or "cannot" in out), out
        after = fake_node.exec(["ls", "-la", f"{SPOOL}/{user}"]).text
    assert next(ln for ln in after.splitlines() if "sessions.jsonl" in ln).split()[2] == "root"
    for name in ("link.ts", "other.ts", "hard.ts", "fifo.ts", "old.jsonl", "20990101"):
        assert name not in after, after
    assert all(s["session"] != "x" for s in sessions(fake_node, user))
    assert before.count(".ts") <= after.count(".ts")  # only the login above added one


async def test_a_run_in_a_session_the_node_did_not_open_is_not_signed(fake_node: FakeNode) -> None:
    """The helper signs only for a session and nonce root's index holds: a made-up nonce, or
    another session's with the wrong nonce, gets the program's run and no signature."""
    user = fake_node.learner.user
    made_up = "LABGRADER_SESSION=20990101T000000-1-deadbeef LABGRADER_NONCE=" + "ab" * 16
    async with learner_shell(fake_node) as shell:
        out = await shell.run(f"{made_up} nvidia-smi -L")
        assert "GPU 0:" in out, out
        assert "this run is not signed: session 20990101T000000-1-deadbeef is not one" in out
        wrong_nonce = await shell.run(f"LABGRADER_NONCE={'cd' * 16} nvidia-smi -L")
        assert "GPU 0:" in wrong_nonce and "this run is not signed" in wrong_nonce, wrong_nonce
        honest = await shell.run("nvidia-smi -L")
        assert "not signed" not in honest, honest
    newest = sessions(fake_node, user)[-1]
    data = fake_node.exec(["cat", f"{SPOOL}/{user}/{newest['file']}"], user=GRADER).output
    assert len(ATTESTATION.findall(data)) == 1  # the honest run's only


async def test_an_older_learner_owned_spool_is_taken_over_at_login(
    fresh_fake_node: FakeNode,
) -> None:
    """A node of the older layout (the learner's own 2750 directory and index, maybe with a line
    he wrote): at his next login root takes the directory and starts an index of its own; the
    learner's index is moved aside, never written, chowned or trusted."""
    node = fresh_fake_node
    user = node.learner.user
    d = f"{SPOOL}/{user}"
    legacy = (
        f"chown {user}:{GRADER} {d} && chmod 2750 {d} && "
        f"printf '%s\\n' '{{\"session\":\"forged\"}}' > {d}/sessions.jsonl && "
        f"chown {user}:{GRADER} {d}/sessions.jsonl"
    )
    assert node.exec(["sh", "-c", legacy]).exit_code == 0
    async with learner_shell(node) as shell:
        assert "ok" in await shell.run("echo ok")
    listing = node.exec(["stat", "-c", "%n %a %U", d, f"{d}/sessions.jsonl"]).text.split("\n")
    assert listing[0].split()[1:] == ["751", "root"], listing
    assert listing[1].split()[1:] == ["640", "root"], listing
    assert [s["session"] for s in sessions(node, user)] != ["forged"]
    assert all(s["session"] != "forged" for s in sessions(node, user))
    aside = node.exec(["sh", "-c", f"cat {d}/sessions.jsonl.learner-*"]).text
    assert "forged" in aside


async def test_the_sftp_fallback_reads_the_root_owned_layout(fake_node: FakeNode) -> None:
    """Nodes without python3 are read over SFTP, which cannot look up a learner's uid: in a
    root-owned directory a session file of the learner's is read, the index must be root's."""
    user = fake_node.learner.user
    async with learner_shell(fake_node) as shell:
        await shell.run("echo via-sftp")
    newest = f"{user}/{sessions(fake_node, user)[-1]['file']}"
    frames = []
    async with asyncssh.connect(**fake_node.connect_kwargs(fake_node.grader)) as conn:
        async for frame in stream_with_sftp(conn, "/var/lib/labgrader", {}):
            frames.append(frame)
            if frame.kind == KIND_HEARTBEAT or len(frames) > 2000:
                break  # one whole pass over the spool
    by_path = {(f.path, f.kind) for f in frames}
    assert (newest, KIND_DATA) in by_path and (f"{user}/sessions.jsonl", KIND_DATA) in by_path
    assert not [f for f in frames if f.kind == KIND_REFUSED], [f.path for f in frames]
    assert b"via-sftp" in b"".join(f.data for f in frames if f.path == newest)


async def test_the_learners_shell_state_is_his_own_and_a_cut_login_misses_no_line(
    fake_node: FakeNode,
) -> None:
    """The spool is root's, so the shells' own state (which ✓ lines were shown, the feedback
    stamps, `lab hint`'s count) lives in state/<user>, his 0700 directory: a login that died
    before a prompt drew the newest ✓ lines (a node restart) has them shown by the next login."""
    user = fake_node.learner.user
    state = f"/var/lib/labgrader/state/{user}"
    progress = f"/var/lib/labgrader/progress/{user}/progress.json"
    async with learner_shell(fake_node) as shell:
        await shell.run("true")
    shown = fake_node.exec(["cat", f"{state}/lab-shown"]).text.strip()
    assert shown.isdigit(), shown
    owner = fake_node.exec(["stat", "-c", "%U %a", state]).text.split()
    assert owner == [user, "700"], owner
    seq = int(shown)
    events = [
        dict(
            seq=seq + i,
            lab="l",
            step=f"s{i}",
            index=i,
            count=9,
            title=f"Step number {i}",
            state="verified",
            at=float(i),
        )
        for i in (1, 2)
    ]
    doc = {"v": 1, "learner": user, "updated": 1.0, "labs": [], "events": events}
    write = f"cat > {progress}.tmp <<'E'\n{json.dumps(doc)}\nE\nmv {progress}.tmp {progress}"
    wrote = fake_node.exec(["sh", "-c", write], user=GRADER)
    assert wrote.exit_code == 0, wrote.text
    async with learner_shell(fake_node) as shell:
        await shell.run("true")
        out = shell.transcript.decode("utf-8", "replace")  # from the login's first prompt on
        listing = fake_node.exec(["ls", "-a", state]).text
    assert (
        out.count("✓ step 1 verified: Step number 1") == 1
        and out.count("✓ step 2 verified: Step number 2") == 1
    ), out
    assert fake_node.exec(["cat", f"{state}/lab-shown"]).text.strip() == str(seq + 2)
    # the stamps of ended shells went at the next login: only live shells' stamps are left
    assert listing.count(".seen") <= 2, listing
    assert not any(".seen" in n or "lab-" in n for n in fake_node.exec(
        ["ls", "-a", f"{SPOOL}/{user}"]).text.split())  # fmt: skip
