"""Forgery over real SSH on a fake node, graded by the real daemon (`grader run` subprocess).

The local suite (test_forgery_local.py) types forgeries into bash under `script` on this machine;
this one does it the way a learner would: a login over SSH with a pty to the fake node, the
node's capture shell, the daemon streaming the spool and writing a real SQLite store. Each
forgery gets its own learner account, so one learner's tricks cannot mask another's.

Why a sentinel: "nothing was verified" is only meaningful once the daemon has read everything the
forger typed. Every forger ends with `nvidia-smi topo -m` (an honest, unrelated step, `topo`);
once the API shows it verified, everything typed before it in that shell has been graded, and the
forged steps must still be pending.

Attestation is enforced here as on any node: the lab lists all_reduce_perf and nvidia-smi under
`attest.programs`, the fake node has a key and the signing helper, and the daemon's default is
`attestation: required`. So the right-nonce forgeries (which the capture layer takes for commands,
test_forgery_local.py) verify nothing either: no signed run, a made-up MAC, or a signed run copied
from the learner's own session file (already used, and for another step) backs no step. Nor does a
real signed run typed inside a printed block whose line hides where its output went (WRAPPED):
the output record says the helper was handed /dev/null, whatever the printed line shows.

The scenarios run once per module (one node, one daemon, learners typing concurrently); the tests
below only read the results, each naming the claim of docs/SECURITY.md it backs.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import fakenode
import pytest
from e2e.conftest import add_learner
from e2e.harness import (
    LAB_DIR,
    LAB_ID,
    SPOOL,
    Daemon,
    Seat,
    free_port,
    learner_token,
    open_shell,
    wait_for,
    write_config,
)
from fakenode import InteractiveShell

from grader.store import Store
from grader.store.model import AuditEntry

# The local suite's forgeries, forged C..D block and expected text (one definition).
from .test_forgery_local import FORGERIES as LOCAL
from .test_forgery_local import RUN_BROKEN
from .test_forgery_local import _block as forged_block
from .test_forgery_local import _closing as forged_end
from .test_forgery_local import _opening as forged_start

pytestmark = pytest.mark.fakenode

SENTINEL = "nvidia-smi topo -m"
SENTINEL_STEP = "topo"
# The nonce, as the learner reads it: the capture shell exports it (docs/SECURITY.md).
READ_NONCE = "K=$LABGRADER_NONCE"


#: The honest learner: their session file is what the replayer replays, their saved log what the
#: copier copies. `run.log` is written after the graded commands (a redirected run prints nothing).
HONEST = "honest"
HONEST_LINES = [RUN_BROKEN, "echo $?", SENTINEL, f"{RUN_BROKEN} > ~/run.log 2>&1"]

# Pieces of the right-nonce forgeries, as typed. With the nonce the capture layer takes a printed
# C..D block for a command (test_forgery_local.py); what stops these is attestation: the lab lists
# all_reduce_perf and nvidia-smi under attest.programs and the daemon enforces it by default.
#: Introduce the invented shell `aid=1` as a real shell's first prompt would, so the parser does
#: not audit it as `unannounced_shell`.
ANNOUNCE = "printf '\\033]133;A;aid=1;k=%s\\007' \"$K\""
#: A real, signed run of the failing job whose output is thrown away: its step stays pending, and
#: the node's 133;T for it is in the learner's own session file (the learner may read their spool).
QUIET_RUN = f"{RUN_BROKEN} > /dev/null 2>&1"
#: Copy the body of that newest 133;T (ESC ] … BEL) out of the session file into $T. The learner
#: cannot list his spool directory (root's, 0751), but reads his own session file by its name.
GRAB_T = (
    "T=$(LC_ALL=C grep -aoP '(?<=\\x1b\\])133;T;[^\\x07]*' "
    f"{SPOOL}/$(id -un)/$LABGRADER_SESSION.ts | tail -1)"
)
#: A 133;T that says all the right things (program, args, env, exit 3, times inside the forged
#: block, the session's nonce) with a made-up signature.
MADE_UP_T = (
    'T="133;T;v=2;p=all_reduce_perf;a=-g\\x002\\x00;e=NCCL_SOCKET_IFNAME=doesnotexist0\\x00;x=3;'
    "t0=1.5;t1=1.6;u=$(id -un);host=$(hostname);pid=$$;ppid=$$;k=$K;s=" + "5a" * 64 + '"'
)
#: A forged D time late enough that any copied signed run lies inside the block's time window:
#: the latest a marker may carry (grader/protocol/bounds.py T_MAX is 2100-01-01; past it the D is
#: a malformed marker). The daemon's clock window then audits it and keeps its receive time.
LATE = "4000000000.0"
#: The forged blocks' own times (t=1.0, LATE) lie outside the daemon's window around its clock.
CLOCK = "clock_out_of_window"
#: The socket-iface step's line (633;E-escaped) and the output it wants: a healthy start.
SOCKET_LINE = "\\\\x20".join(
    ["NCCL_DEBUG=INFO", "all_reduce_perf", "-g", "2", "|", "grep", "Socket"]
)
SOCKET_OUT = "localhost:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.7<0>"

#: Logins typing at once: sshd's default MaxStartups (10:30:100) starts dropping connections that
#: have not authenticated yet beyond 10 (asyncssh: "Connection lost").
LOGINS_AT_ONCE = 8

#: The invented-shell forgery, pinned by its own tests below.
INVENTOR = "f-inventor"
#: A real signed run that satisfies the step, inside a printed block hiding its `> /dev/null`.
WRAPPED = "f-wrapped-same"
#: learner -> lines typed (after which the sentinel). Names are the learners' account names.
FORGERS: dict[str, list[str]] = {
    # the local suite's output forgeries, typed the same way over SSH
    "f-echo": LOCAL["echo-expected-output"],
    "f-printf": LOCAL["printf-expected-output"],
    "f-script": LOCAL["script-inside-the-session"],
    "f-history": LOCAL["history-file-edit"],
    "f-copier": [
        f"ls ~{HONEST}",
        f"cat {SPOOL}/{HONEST}/sessions.jsonl",
        f"ls {SPOOL}/{HONEST}",
        f"cat {SPOOL}/{HONEST}/*.ts",
        f"cat ~{HONEST}/run.log",
        f"cat ~{HONEST}/run.log | grep WARN",
        "echo $?",
    ],
    "f-replayer": [
        "cat ~/friend.ts",
        "script -qc 'cat ~/friend.ts' /dev/null",
        "echo $?",
    ],
    # markers the capture layer rejects: no nonce, another nonce, an old number
    "f-nononce": [forged_block("900", k=""), "echo $?"],
    "f-wrongnonce": [forged_block("900", k="0" * 32), "echo $?"],
    "f-oldn": [READ_NONCE, forged_block("1"), "echo $?"],
    # the right nonce: taken for a command, so the step rests on a signed run
    INVENTOR: [READ_NONCE, forged_block("900", aid="1"), "echo $?"],  # no A introduced aid 1
    # a fresh number in this shell; then the hooks' counter is pushed past it so later commands
    # (the sentinel) are not replays
    "f-freshn": [READ_NONCE, forged_block("900"), "__lg_n=1000", "echo $?"],
    "f-announced": [READ_NONCE, ANNOUNCE, forged_block("900", aid="1"), "echo $?"],
    "f-madeup-t": [READ_NONCE, MADE_UP_T, ANNOUNCE, forged_block("900", aid="1", signed="$T")],
    # a valid T copied from the learner's own real run: claimed for a step that run did not
    # satisfy (a healthy NET/Socket run), and for the very step it came from
    "f-copied-t-other": [
        *(READ_NONCE, QUIET_RUN, GRAB_T, ANNOUNCE),
        forged_block(
            "900", aid="1", line=SOCKET_LINE, output=SOCKET_OUT, exit=0, t1=LATE, signed="$T"
        ),
    ],
    "f-copied-t-same": [
        *(READ_NONCE, QUIET_RUN, GRAB_T, ANNOUNCE),
        forged_block("900", aid="1", t1=LATE, signed="$T"),
    ],
    # a fresh real signed run typed inside a forged block (the node's T lands in the innermost
    # open command, the forged one), claimed for a step that run does not satisfy
    "f-wrapped-other": [
        *(READ_NONCE, ANNOUNCE),
        f"{forged_start('900', '1', line=SOCKET_LINE)}; {QUIET_RUN}; "
        + forged_end("900", "1", output=SOCKET_OUT, exit=0, t1=LATE),
    ],
    # the same, claimed for the step the real run does satisfy, with its output (sent to
    # /dev/null) replaced by printed text; then a forged `echo $?` block in that shell
    WRAPPED: [
        *(READ_NONCE, ANNOUNCE),
        f"{forged_start('900', '1')}; {QUIET_RUN}; {forged_end('900', '1', t1=LATE)}",
        forged_block("901", aid="1", line="echo\\\\x20$?", output="3", exit=0),
    ],
}
#: A step's expected output shown by a command whose program cannot verify it (the engine's).
ELSEWHERE = "expected_output_elsewhere"
#: Exactly these anomaly kinds in each forger's audit log (suspicious rows): the output forgeries
#: show the expected text outside the step's command; so do the printed blocks whose markers the
#: parser ignores (their text stays the printf's output).
AUDITED = {
    "f-echo": {ELSEWHERE},
    "f-printf": {ELSEWHERE},
    "f-script": {ELSEWHERE},
    "f-history": {ELSEWHERE},
    "f-replayer": {"bad_nonce", ELSEWHERE},
    "f-nononce": {"bad_nonce", ELSEWHERE},
    "f-wrongnonce": {"bad_nonce", ELSEWHERE},
    "f-oldn": {"replayed_marker", ELSEWHERE},
    INVENTOR: {"unannounced_shell", "unattested", CLOCK},
    "f-freshn": {"replayed_marker", "unattested", CLOCK},
    "f-announced": {"unattested", CLOCK},
    "f-madeup-t": {"forged_attestation", "unattested", CLOCK},
    "f-copied-t-other": {"replayed_attestation", "unattested", CLOCK},
    "f-copied-t-same": {"replayed_attestation", "unattested", CLOCK},
    "f-wrapped-other": {"unattested", "output_mismatch", CLOCK},
    WRAPPED: {"output_mismatch", CLOCK},
}
#: The right-nonce forgeries' claimed step: the daemon judged their block for it (it would verify
#: on markers alone) and found no fitting signed run.
CLAIMED = {
    INVENTOR: "run-broken",
    "f-freshn": "run-broken",
    "f-announced": "run-broken",
    "f-madeup-t": "run-broken",
    "f-copied-t-other": "socket-iface",
    "f-copied-t-same": "run-broken",
    "f-wrapped-other": "socket-iface",
}
#: The output forgers' command that showed run-broken's warning: (program, n in that shell).
PRINTED_BY = {
    "f-echo": ("echo", "1"),
    "f-printf": ("printf", "1"),
    "f-script": ("script", "1"),
    "f-history": ("history", "2"),
    "f-replayer": ("cat", "1"),
}


@dataclass
class Graded:
    """What the daemon made of one learner's login: step states, audit rows, what they saw."""

    steps: dict[str, str]
    audit: list[AuditEntry]
    outputs: dict[str, str] = field(default_factory=dict)  # line typed -> terminal output

    @property
    def verified(self) -> set[str]:
        return {s for s, state in self.steps.items() if state == "verified"}

    def anomaly_kinds(self) -> set[str]:
        return {e.kind.removeprefix("anomaly:") for e in self.audit if e.suspicious}


#: This shell's own prompt marker (its pid and nonce), told apart from replayed ones.
_OWN_PROMPT = re.compile(rb"\x1b\]133;A;aid=\d+;k=[0-9a-f]+\x07")


async def run_line(shell: InteractiveShell, line: str, own_prompt: bytes) -> str:
    """Type a line; wait for this shell's own next prompt marker, not any 133;A.

    Why: a replayed session file prints the other session's prompt markers, and a line typed
    ahead while `script -qc cat …` runs goes into script's inner pty and is lost.
    """
    start = len(shell.transcript)
    shell.process.stdin.write(line.encode() + b"\r")
    while own_prompt not in shell.transcript[start:]:
        await shell._read_until_prompts(1)
    return shell.transcript[start:].decode("utf-8", errors="replace")


async def type_lines(seat: Seat, lines: list[str]) -> dict[str, str]:
    """Log in over SSH with a pty, type the lines, log out; the terminal output per line."""
    conn, shell = await open_shell(seat)
    try:
        own = _OWN_PROMPT.search(shell.transcript)
        assert own, shell.tail()
        outputs = {line: await run_line(shell, line, own.group()) for line in lines}
        await shell.exit()
    finally:
        conn.close()
    return outputs


def one_node_config(tmp_path: Path, seats: list[Seat], labs: list[Path], lab_ids: list[str]):
    """A grader.yaml for one node whose learners are the seats' (write_config makes one node per
    seat; here every seat is on the same node), each learner on `lab_ids`. Returns (path, port)."""
    port = free_port()
    path = write_config(tmp_path, seats[:1], f"sqlite:///{tmp_path / 'grader.db'}", port, "forge")
    cfg = json.loads(path.read_text())
    cfg["labs"] = [str(p) for p in labs]
    cfg["nodes"][0]["learners"] = {s.learner: lab_ids for s in seats}
    cfg["api"]["tokens"]["learners"] = {s.learner: learner_token(s.learner) for s in seats}
    path.write_text(json.dumps(cfg, indent=2))
    return path, port


@pytest.fixture(scope="module")
def graded(
    fake_node_image: str, fake_node_keys: fakenode.Keys, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Graded]]:
    """Every scenario typed on one fresh node under one daemon; learner -> Graded."""
    tmp = tmp_path_factory.mktemp("forgery-fakenode")
    gen = fakenode.start_node(fake_node_image, fake_node_keys, tmp)
    node = next(gen)
    try:
        seats = {name: Seat("node-1", node, add_learner(node, name)) for name in [HONEST, *FORGERS]}
        cfg, port = one_node_config(tmp, list(seats.values()), [LAB_DIR], [LAB_ID])
        daemon = Daemon(cfg, port, tmp / "daemon.log").start()
        outputs: dict[str, dict[str, str]] = {}
        try:
            outputs[HONEST] = asyncio.run(type_lines(seats[HONEST], HONEST_LINES))
            # The replayer got the honest learner's session file from them (mail, a chat): root
            # puts it in the replayer's home out of band, since the spool keeps it from them.
            copied = node.exec(
                f"cp {SPOOL}/{HONEST}/*.ts /home/f-replayer/friend.ts && "
                "chown f-replayer: /home/f-replayer/friend.ts"
            )
            assert copied.exit_code == 0, copied.text

            async def everyone() -> list[dict[str, str]]:
                at_once = asyncio.Semaphore(LOGINS_AT_ONCE)

                async def one(name: str) -> dict[str, str]:
                    async with at_once:
                        return await type_lines(seats[name], [*FORGERS[name], SENTINEL])

                return await asyncio.gather(*(one(n) for n in FORGERS))

            outputs.update(zip(FORGERS, asyncio.run(everyone()), strict=True))
            for name in seats:
                wait_for(
                    lambda n=name: daemon.steps(n).get(SENTINEL_STEP) == "verified",
                    what=f"{name}: the sentinel step verified ({daemon.log})",
                )
            steps = {name: daemon.steps(name) for name in seats}
        finally:
            assert daemon.stop() == 0, daemon.log_text()
        store = Store.open(f"sqlite:///{tmp / 'grader.db'}")
        try:
            audit = store.audit()
        finally:
            store.close()
        yield {
            name: Graded(steps[name], [e for e in audit if e.learner == name], outputs[name])
            for name in seats
        }
    finally:
        next(gen, None)


def test_honest_work_on_the_node_is_verified(graded: dict[str, Graded]) -> None:
    honest = graded[HONEST]
    assert {"run-broken", "exit-code", SENTINEL_STEP} <= honest.verified, honest.steps
    assert not honest.anomaly_kinds(), honest.audit


@pytest.mark.parametrize("name", sorted(FORGERS))
def test_forgery_verifies_no_forged_step(graded: dict[str, Graded], name: str) -> None:
    assert graded[name].verified == {SENTINEL_STEP}, graded[name].steps


@pytest.mark.parametrize("name", sorted(AUDITED))
def test_forgery_is_audited_as_suspicious(graded: dict[str, Graded], name: str) -> None:
    assert graded[name].anomaly_kinds() == AUDITED[name], sorted(graded[name].anomaly_kinds())


@pytest.mark.parametrize("name", sorted(PRINTED_BY))
def test_output_forgery_names_the_step_and_the_command_that_showed_it(
    graded: dict[str, Graded], name: str
) -> None:
    """The `expected_output_elsewhere` row is a hint an operator reads next to the step: which
    step's output appeared, in which command (program, number), in which session."""
    rows = [e.detail for e in graded[name].audit if e.kind == f"anomaly:{ELSEWHERE}"]
    extras = {r["extra"]["step"]: (r["extra"]["program"], r["extra"]["n"]) for r in rows}
    assert extras["run-broken"] == PRINTED_BY[name], rows


@pytest.mark.parametrize("name", sorted(CLAIMED))
def test_right_nonce_block_is_judged_unattested_for_its_step(
    graded: dict[str, Graded], name: str
) -> None:
    """The forged block was taken for a command matching the claimed step (so markers alone
    would have verified it), and the daemon's `unattested` row names that step."""
    rows = [e.detail for e in graded[name].audit if e.kind == "anomaly:unattested"]
    assert CLAIMED[name] in {r.get("extra", {}).get("step") for r in rows}, rows
    assert graded[name].steps[CLAIMED[name]] != "verified", graded[name].steps


def test_a_copy_that_was_refused_is_not_an_anomaly(graded: dict[str, Graded]) -> None:
    """No false alarm: the copier's reads of the honest learner's output were all refused
    (test below), so no expected output appeared and `cat`/`ls` alone audit nothing."""
    assert not graded["f-copier"].anomaly_kinds(), graded["f-copier"].audit


def test_another_learners_output_is_unreadable(graded: dict[str, Graded]) -> None:
    """The copier cannot read the honest learner's spool (root's directory, 0751: not even
    listed, so `*.ts` matches nothing; index and session files 0640, group labgrader) nor a file
    they saved in their capture shell (umask 027 there)."""
    out = graded["f-copier"].outputs
    for line in (
        f"cat {SPOOL}/{HONEST}/sessions.jsonl",
        f"ls {SPOOL}/{HONEST}",
        f"cat {SPOOL}/{HONEST}/*.ts",
        f"cat ~{HONEST}/run.log",
    ):
        refused = "Permission denied" in out[line] or "No such file" in out[line]
        assert refused, (line, out[line])
        assert "NCCL WARN" not in out[line], (line, out[line])


def test_another_learners_home_is_private(graded: dict[str, Graded]) -> None:
    """install-capture.sh makes learners' homes 0700 (useradd's Debian default is 0755), so a
    learner can neither list another learner's home nor read what sftp/scp/`ssh node cmd`
    wrote there."""
    listing = graded["f-copier"].outputs[f"ls ~{HONEST}"]
    assert "run.log" not in listing
    assert "Permission denied" in listing


def test_invented_shell_is_unattested(graded: dict[str, Graded]) -> None:
    """With the nonce, a whole C..D block claiming a shell pid never seen is still taken for a
    nested shell's command (audited as `unannounced_shell`), but no signed run backs it: the
    step stays pending and the daemon adds `unattested`. (Markers alone verified it:
    test_forgery_local.py, where attestation is off.)"""
    inventor = graded[INVENTOR]
    assert inventor.verified == {SENTINEL_STEP}, inventor.steps
    assert inventor.steps["run-broken"] != "verified"
    assert inventor.anomaly_kinds() == {"unannounced_shell", "unattested", CLOCK}, inventor.audit


def test_a_real_signed_run_inside_a_forged_block_verifies_nothing(
    graded: dict[str, Graded],
) -> None:
    """A learner who really runs the failing job with its output thrown away (`> /dev/null`),
    inside a printed C..D block whose line shows no redirection, gets nothing: the output record
    says the helper was handed /dev/null (run_record.PLACE_DEVICE), so none of the program's
    lines reached the terminal whatever the printed line claims, and the printed warning is
    audited `output_mismatch` for run-broken. The forged `echo $?` after it verifies nothing
    either."""
    wrapped = graded[WRAPPED]
    assert wrapped.verified == {SENTINEL_STEP}, wrapped.steps
    rows = [e.detail for e in wrapped.audit if e.kind == "anomaly:output_mismatch"]
    assert "run-broken" in {r.get("extra", {}).get("step") for r in rows}, rows
