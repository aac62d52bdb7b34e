"""Who may read and write what on a node (docs/node-protocol.md "Spool"), checked over real SSH.

Learners: own spool only, progress read-only. Grader: reads every spool file, writes only
progress/, never learners' homes. Also: `ssh node cmd`, sftp and scp keep working for learners
(the capture shell passes them through).
"""

from __future__ import annotations

import json
import shlex

import asyncssh
import paramiko
import pytest
from fakenode import Account, FakeNode, learner_shell

ROOT = "/var/lib/labgrader"
#: How the daemon replaces a progress file: a 0640 temp file in the same directory, then rename.
ATOMIC_WRITE = (
    'tmp=$(mktemp "$1.XXXXXX") && printf %s "$2" > "$tmp" && chmod 0640 "$tmp" && mv -f "$tmp" "$1"'
)


async def _run(node: FakeNode, account: Account, argv: list[str]) -> asyncssh.SSHCompletedProcess:
    async with asyncssh.connect(**node.connect_kwargs(account)) as conn:
        return await conn.run(shlex.join(argv))


@pytest.fixture(scope="module")
async def recorded_session(fake_node: FakeNode) -> str:
    """Path of a session file the first learner recorded (the thing others must not read)."""
    async with learner_shell(fake_node) as shell:
        await shell.run("echo secret-of-learner-one")
    found = fake_node.exec(f"ls {ROOT}/spool/{fake_node.learner.user}/*.ts")
    assert found.exit_code == 0, found.text
    return found.text.split()[0]


async def test_other_learner_cannot_read_sessions(
    fake_node: FakeNode, recorded_session: str
) -> None:
    spool = f"{ROOT}/spool/{fake_node.learner.user}"
    for path in (recorded_session, f"{spool}/sessions.jsonl"):
        result = await _run(fake_node, fake_node.learner2, ["cat", path])
        assert result.exit_status != 0
        assert "Permission denied" in str(result.stderr)
    listing = await _run(fake_node, fake_node.learner2, ["ls", spool])
    assert listing.exit_status != 0


async def test_grader_reads_every_spool_file(fake_node: FakeNode, recorded_session: str) -> None:
    spool = f"{ROOT}/spool/{fake_node.learner.user}"
    session = await _run(fake_node, fake_node.grader, ["cat", recorded_session])
    assert session.exit_status == 0, session.stderr
    assert "secret-of-learner-one" in str(session.stdout)
    index = await _run(fake_node, fake_node.grader, ["cat", f"{spool}/sessions.jsonl"])
    assert index.exit_status == 0, index.stderr
    assert '"kind":"login"' in str(index.stdout)


async def test_grader_cannot_write_learner_homes_or_spools(
    fake_node: FakeNode, recorded_session: str
) -> None:
    home = fake_node.exec(["sh", "-c", f"getent passwd {fake_node.learner.user} | cut -d: -f6"])
    targets = [
        f"{home.text.strip()}/.bashrc",
        f"{home.text.strip()}/planted",
        f"{ROOT}/spool/{fake_node.learner.user}/planted",
        recorded_session,
    ]
    for target in targets:
        result = await _run(
            fake_node, fake_node.grader, ["sh", "-c", 'echo x >> "$1"', "-", target]
        )
        assert result.exit_status != 0, target
        assert "Permission denied" in str(result.stderr), target


@pytest.fixture(scope="module")
async def progress_file(fake_node: FakeNode) -> tuple[str, str]:
    """(path, body) of a progress file the grader wrote the way the daemon does."""
    learner = fake_node.learner.user
    path = f"{ROOT}/progress/{learner}/progress.json"
    body = json.dumps({"v": 1, "learner": learner, "labs": [], "events": []})
    write = await _run(fake_node, fake_node.grader, ["sh", "-c", ATOMIC_WRITE, "-", path, body])
    assert write.exit_status == 0, write.stderr
    return path, body


async def test_learner_reads_own_progress(
    fake_node: FakeNode, progress_file: tuple[str, str]
) -> None:
    path, body = progress_file
    read = await _run(fake_node, fake_node.learner, ["cat", path])
    assert read.exit_status == 0, read.stderr
    assert read.stdout == body


async def test_learners_cannot_write_or_read_others_progress(
    fake_node: FakeNode, progress_file: tuple[str, str]
) -> None:
    path, _ = progress_file
    for argv in (
        ["sh", "-c", 'echo forged > "$1"', "-", path],
        ["sh", "-c", 'echo forged > "$1.tmp" && mv -f "$1.tmp" "$1"', "-", path],
        ["rm", "-f", path],
    ):
        result = await _run(fake_node, fake_node.learner, argv)
        assert result.exit_status != 0, argv
    other = await _run(fake_node, fake_node.learner2, ["cat", path])
    assert other.exit_status != 0
    assert "Permission denied" in str(other.stderr)


async def test_learner_exec_sftp_and_scp(fake_node: FakeNode, tmp_path) -> None:
    local = tmp_path / "train.py"
    local.write_bytes(b"print('hello from sftp')\n")
    async with asyncssh.connect(**fake_node.connect_kwargs(fake_node.learner)) as conn:
        async with conn.start_sftp_client() as sftp:
            await sftp.put(str(local), "train.py")
            assert (await sftp.stat("train.py")).size == local.stat().st_size
            await sftp.get("train.py", str(tmp_path / "back.py"))
        await asyncssh.scp(str(local), (conn, "copied.py"))
        await asyncssh.scp((conn, "copied.py"), str(tmp_path / "scp-back.py"))
        ran = await conn.run("python3 train.py && cmp train.py copied.py", check=True)
    assert ran.stdout == "hello from sftp\n"
    assert (tmp_path / "back.py").read_bytes() == local.read_bytes()
    assert (tmp_path / "scp-back.py").read_bytes() == local.read_bytes()


def test_paramiko_exec_with_pinned_host_key(fake_node: FakeNode) -> None:
    """fabric (provisioning) goes through paramiko: it must verify against the same pin."""
    client = paramiko.SSHClient()
    client.load_host_keys(str(fake_node.known_hosts_path))
    client.set_missing_host_key_policy(paramiko.RejectPolicy())
    client.connect(
        fake_node.host,
        port=fake_node.port,
        username=fake_node.learner.user,
        key_filename=str(fake_node.learner.key_path),
        look_for_keys=False,
        allow_agent=False,
        timeout=10,
    )
    try:
        _, stdout, _ = client.exec_command("hostname; echo $NCCL_DEBUG")
        assert stdout.read().decode().split() == ["ml-node-07", "WARN"]
        assert stdout.channel.recv_exit_status() == 0
    finally:
        client.close()
