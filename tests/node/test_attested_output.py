"""Signed output on the fake node: the helper witnesses what an attested program writes.

The helper relays the program's stdout and stderr to where the learner sent them (a terminal
stays a terminal: a pty; a pipe or a file gets a pipe), keeps a bounded copy as a root-owned run
record beside the session, and the signed `133;T` marker names the record and carries its hash
(docs/attestation.md "What the program wrote"). And the learner's environment reaches the helper
on a descriptor, never on a command line another learner could read (`ps`, /proc).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import re

import pytest
from fakenode import FakeNode, learner_shell
from test_attested_runs import (
    GRADER,
    PROBE,
    SPOOL,
    _started,
    last_session,
    public_key,
    status,
    with_probe,
)

from grader.protocol import run_record, signed_run

#: The module's fake node (with attest-probe) and its public key, as fixtures.
_node = pytest.fixture(scope="module", name="node")(with_probe)
_key = pytest.fixture(scope="module", name="key")(public_key)


def record_of(node: FakeNode, att: signed_run.Attestation) -> run_record.RunOutput:
    """The run record the marker names, read as the grader account; its hash must be signed."""
    path = f"{SPOOL}/{att.user}/{att.record}"
    assert att.record and run_record.record_session(att.record), att
    owner = node.exec(["stat", "-c", "%U %a", path]).text.split()
    assert owner == ["root", "640"], owner
    data = node.exec(["cat", path], user=GRADER).output
    assert run_record.digest(data) == att.record_hash
    out = run_record.parse(data)
    assert out is not None
    return out


async def test_the_record_holds_what_the_program_wrote_where_it_went(
    node: FakeNode, key: bytes
) -> None:
    lines = {
        "tty": "attest-probe hello",
        "piped": "attest-probe err oops | cat",
        "merged": "attest-probe err oops2 2>&1 | cat",
        "null": "attest-probe gone >/dev/null",
        "info": "NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep NET/Socket",
    }
    async with learner_shell(node) as shell:
        shown = {k: await shell.run(line) for k, line in lines.items()}
    recorded = last_session(node)
    out = {k: record_of(node, recorded.attestation(key, line)) for k, line in lines.items()}
    # a terminal stays a terminal (a pty), and both streams share it as on the learner's screen
    assert "stdout=tty" in shown["tty"] and "stderr=tty" in shown["tty"]
    assert out["tty"].merged and b"arg=[hello]\n" in out["tty"].stream(1)
    assert b"stdout=tty" in out["tty"].stream(1)
    # stdout into a pipe, stderr to the terminal: kept apart, each where it went
    assert not out["piped"].merged
    assert out["piped"].stream(1) == b"out\nout2\n" and out["piped"].stream(2) == b"oops\n"
    assert "oops" in shown["piped"] and "out2" in shown["piped"]
    # `2>&1 |`: one channel, in the order written
    assert out["merged"].merged and out["merged"].stream(1) == b"out\noops2\nout2\n"
    # `> /dev/null`: the terminal showed nothing, the record has it all
    assert "arg=[gone]" not in shown["null"] and b"arg=[gone]" in out["null"].both()
    assert "NET/Socket : Using" in shown["info"] and b"NET/Socket : Using" in out["info"].both()
    assert b"Avg bus bandwidth" in out["info"].both()  # what grep dropped is in the record
    # and where each stream went, as bash handed the helper its descriptors
    places = {k: (o.stdout_place, o.stderr_place) for k, o in out.items()}
    tty, pipe, null = run_record.PLACE_TERMINAL, run_record.PLACE_PIPE, run_record.PLACE_DEVICE
    assert places == {
        "tty": (tty, tty),
        "piped": (pipe, tty),
        "merged": (pipe, pipe),
        "null": (null, tty),
        "info": (pipe, pipe),
    }


async def test_a_reader_that_goes_away_and_a_big_output(node: FakeNode, key: bytes) -> None:
    """`| head -1` ends the program by SIGPIPE as a direct run; a big output is kept bounded."""
    big = 3 * 1024 * 1024
    async with learner_shell(node) as shell:
        head = await shell.run("attest-probe many | head -1; echo ps=${PIPESTATUS[0]}")
        direct = await shell.run(f"{PROBE} many | head -1; echo ps=${{PIPESTATUS[0]}}")
        await shell.run(f"attest-probe big {big} >/dev/null")
        assert await status(shell) == 0
    assert "lg-line" in head and "ps=141" in head, head
    assert "ps=141" in direct, direct
    recorded = last_session(node)
    att = recorded.attestation(key, "attest-probe many | head -1; echo ps=${PIPESTATUS[0]}")
    assert att.exit == 141 and record_of(node, att).stream(1).startswith(b"lg-line\n")
    kept = record_of(node, recorded.attestation(key, f"attest-probe big {big} >/dev/null"))
    assert kept.stdout_total == big
    assert kept.dropped == big - run_record.HEAD_BYTES - run_record.TAIL_BYTES
    assert kept.stream(1) == b"x" * run_record.HEAD_BYTES + b"\n" + b"x" * run_record.TAIL_BYTES


def _secrets_in(texts: list[bytes], secrets: list[bytes]) -> list[bytes]:
    """The secrets found in `texts`, read as they are or inside any base64 word in them."""
    found = []
    for text in texts:
        words = [text, *re.findall(rb"[A-Za-z0-9+/=]{16,}", text)]
        for word in words[1:]:
            try:
                words.append(base64.b64decode(word + b"=" * (-len(word) % 4)))
            except (binascii.Error, ValueError):
                continue
        found += [s for s in secrets if any(s in w for w in words)]
    return found


async def test_another_learner_sees_nothing_of_the_environment(node: FakeNode) -> None:
    """During learner 1's attested run, learner 2 reads every process's argv (`ps`, /proc/*/
    cmdline) and every environ he may: none holds learner 1's token or session nonce."""
    token = b"lg-token-5f3c9a1e-not-for-others"
    pidfile = "/tmp/attest-probe-secret.pid"
    node.exec(["rm", "-f", pidfile])
    read_all = (
        "ps -eo args; for f in /proc/[0-9]*/cmdline /proc/[0-9]*/environ; do "
        "cat $f 2>/dev/null | tr '\\0' ' '; echo; done"
    )
    async with learner_shell(node) as shell:
        await shell.run(f"export MY_API_TOKEN={token.decode()}")
        said = await shell.run('echo "nonce=$LABGRADER_NONCE"')
        nonce = re.search(r"nonce=([0-9a-f]{32})", said).group(1)
        running = asyncio.create_task(shell.run(f"attest-probe sleep {pidfile}"))
        await _started(node, pidfile)
        seen = node.exec(["sh", "-c", read_all], user=node.learner2.user).output
        mine = node.exec(["sh", "-c", read_all], user=node.learner.user).output
        shell.process.stdin.write(b"\x03")
        await running
    # the reading is real: learner 1 finds his nonce in his own processes' environments
    assert _secrets_in([mine], [nonce.encode()]) == [nonce.encode()]
    assert b"attest_run.py attest-probe sleep" in seen  # learner 2 saw the run
    assert _secrets_in([seen], [token, nonce.encode()]) == []
