"""Bytes in, events out: a shell must introduce its aid with 133;A before its first 133;C.

Why: with the session nonce (the learner can read it) a printf of a whole C..D block for a shell
pid that never existed was taken for a nested shell's command, verified, and left no trace. The
hooks introduce every shell (the login shell and a nested `bash`) with A at its first prompt, so
a C for an aid no A introduced is a forgery's signature: `unannounced_shell`, audited once per
aid (docs/SECURITY.md). The command is still parsed: the audit flags it, it does not reject it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.capture.events import Anomaly, Event
from grader.capture.parser import SessionParser
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.protocol import markers

from .parsing import kinds, parse, records, restart_points, split

REPO = Path(__file__).resolve().parents[2]
WARN = "NCCL WARN Bootstrap : no socket interface found\n"
# Chunkings: whole (the hooks' D P A / E C runs read by one match each), 1 byte (every marker
# by the per-marker path), and an odd size that cuts runs at varying places.
CHUNKS = [None, 1, 7]


def forged_block(aid: int, n: int = 900, nonce: str = DEFAULT_NONCE) -> bytes:
    """What `printf` of a forged command prints: E, C, the expected output, D; no A."""
    return (
        markers.encode_e("all_reduce_perf -g 2", nonce)
        + markers.encode_c(aid, n, n, 1.0, nonce)
        + WARN.replace("\n", "\r\n").encode()
        + markers.encode_d(3, aid, n, n, 2.0, [3], nonce)
    )


def unannounced(events: list[Event]) -> list[Anomaly]:
    return [e for e in events if isinstance(e, Anomaly) and e.kind == "unannounced_shell"]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_invented_aid_is_audited_once_and_still_parsed(chunk: int | None) -> None:
    t = Transcript().prompt().typed("printf ...").start("printf ...")
    offset = t.size + len(markers.encode_e("all_reduce_perf -g 2", DEFAULT_NONCE))
    t.raw(forged_block(1)).raw(forged_block(1, n=901)).prompt()
    events = parse(bytes(t), chunk)
    found = unannounced(events)
    assert len(found) == 1, kinds(events)  # once per aid, not once per forged command
    assert found[0].offset == offset  # at the forged C
    assert found[0].extra == {"aid": "1", "n": "900"}
    assert "no 133;A" in found[0].detail
    # the audit flags the block; the parser still reads it as a (nested) command
    assert [(r.aid, r.n, r.exit) for r in records(events)] == [
        (1, 900, 3),
        (1, 901, 3),
        (4242, 1, 0),
    ]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_real_nested_shell_is_graded_without_an_anomaly(chunk: int | None) -> None:
    """A `bash` typed at the prompt: its hooks' first prompt (D n=0, P, A) comes before its C."""
    outer = Transcript().prompt().typed("bash").start("bash")
    inner = Transcript(aid=5555, header=False).prompt().command("echo in", "in\n")
    outer.raw(bytes(inner.typed("exit").start("exit"))).output("exit\n").prompt()
    events = parse(bytes(outer), chunk)
    assert not [e for e in events if isinstance(e, Anomaly)], kinds(events)
    assert [(r.aid, r.line) for r in records(events)] == [
        (5555, "echo in"), (5555, "exit"), (4242, "bash"),
    ]  # fmt: skip


def test_nested_shell_without_precmd_is_introduced_by_ps0() -> None:
    """hooks.bash: a shell whose precmd never ran (its ~/.bashrc replaced a string
    PROMPT_COMMAND) prints A in PS0, just before E C: no D, no anomaly, the command is read."""
    outer = Transcript().prompt().typed("bash").start("bash")
    inner = Transcript(aid=5555, header=False).raw("$ ").typed("echo in")
    inner.raw(markers.encode_a(5555, DEFAULT_NONCE)).start("echo in").output("in\n")
    outer.raw(bytes(inner)).prompt()
    events = parse(bytes(outer), 5)
    assert not [e for e in events if isinstance(e, Anomaly)], kinds(events)
    assert [(r.aid, r.line, r.output) for r in records(events)] == [
        (5555, "echo in", "in"), (4242, "bash", "$ echo in"),  # the inner prompt: outer output
    ]  # fmt: skip


def test_prompt_marker_with_another_nonce_introduces_nothing() -> None:
    t = Transcript().prompt().typed("printf ...").start("printf ...")
    t.raw(markers.encode_a(1, "f" * 32)).raw(forged_block(1)).prompt()
    assert set(kinds(parse(bytes(t)))) >= {"bad_nonce", "unannounced_shell"}


def test_prompt_end_alone_does_not_introduce_a_shell() -> None:
    """A forger's `D n=0` is not an A: only A introduces (a D precedes A at a shell's start)."""
    t = Transcript().prompt().typed("printf ...").start("printf ...")
    t.raw(markers.encode_d(0, 1, 0, 1, 1.0, [0], DEFAULT_NONCE)).raw(forged_block(1)).prompt()
    assert "unannounced_shell" in kinds(parse(bytes(t)))


def test_resumed_parser_knows_the_shell_at_every_restart_point() -> None:
    """After a crash the daemon starts a fresh parser (no state restored) at a resume point: just
    after the login shell's D. The same precmd prints P and A next, so the aid is introduced again
    before its next C, nested shells included (they start after the resume point)."""
    t = Transcript().prompt().command("echo a", "a\n").empty_enter()
    t.typed("bash").start("bash")
    inner = Transcript(aid=5555, header=False).prompt().command("echo in", "in\n")
    t.raw(bytes(inner.typed("exit").start("exit"))).output("exit\n").prompt()
    t.command("echo b", "b\n", exit=1).footer()
    data = bytes(t)
    whole = records(parse(data))
    points = restart_points(data)
    assert len(points) == 5  # first prompt, after `echo a`, empty Enter, after `bash`, `echo b`
    for point in points:
        parser = SessionParser("s1", DEFAULT_NONCE)
        events = [ev for piece in split(data[point:], 13) for ev in parser.feed(piece)]
        events += parser.close()
        assert not [e for e in events if isinstance(e, Anomaly)], (point, kinds(events))
        resumed = records(events)
        assert resumed == whole[len(whole) - len(resumed) :], point
    assert len(records(parse(data[points[1] :]))) == len(whole) - 1  # the restart is not vacuous


@pytest.mark.parametrize(
    "path", sorted(REPO.glob("labs/*/tests/*.ts")), ids=lambda p: f"{p.parent.parent.name}/{p.name}"
)
def test_sessions_recorded_before_the_check_have_no_unannounced_shell(path: Path) -> None:
    """Transcripts recorded by the hooks before this audit existed already introduce every shell."""
    assert not unannounced(parse(path.read_bytes()))


def test_parser_started_after_lost_bytes_audits_a_live_shell_once() -> None:
    """The known false alarm (docs/SECURITY.md): after a stream gap (bytes lost, the daemon logs
    `event=stream_gap` and restarts the parser where the bytes resume) the parser has not seen the
    shell's A, so its next command is audited once; it is still graded the same."""
    t = Transcript().prompt().command("echo a", "a\n")
    cut = t.size
    t.typed("echo b").start("echo b").output("b\n").prompt().command("echo c", "c\n")
    data = bytes(t)
    events = parse(data[cut:], nonce=DEFAULT_NONCE)
    assert [(a.extra["aid"], a.extra["n"]) for a in unannounced(events)] == [("4242", "2")]
    graded = [(r.aid, r.n, r.line, r.exit, r.output) for r in records(events)]
    assert graded == [(4242, 2, "echo b", 0, "b"), (4242, 3, "echo c", 0, "c")]
