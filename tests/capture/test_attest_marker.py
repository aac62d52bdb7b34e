"""The parser and the node-signed 133;T marker: an event for the innermost open command, not output.

Markers are made by the format's own code (grader/protocol/signed_run.py `marker`, which the node's
helper imports), so the bytes are those the helper writes to the learner's terminal.
"""

from __future__ import annotations

from signing import NodeKey

from grader.capture.events import AttestationSeen, OutputLines
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.matching.attest import verify
from grader.protocol import signed_run

from .parsing import kinds, merged, parse, records

NODE = NodeKey.from_seed(1)


def marker(nonce: str = DEFAULT_NONCE, program: str = "nvidia-smi") -> bytes:
    att = signed_run.Attestation(
        program, ("-L",), (("CUDA_VISIBLE_DEVICES", "0,1"),), 0, 1796321703.1, 1796321703.4,
        "alice", "node1", 5001, 4242, nonce,
    )  # fmt: skip
    return signed_run.marker(NODE.sign, att)


def attested_session(m: bytes) -> bytes:
    t = Transcript().prompt()
    t.typed("nvidia-smi -L").start("nvidia-smi -L").output("GPU 0: H200\n").raw(m)
    t.output("GPU 1: H200\n").prompt(0)
    return bytes(t)


def test_a_signed_marker_is_an_event_of_its_command_and_not_output() -> None:
    m = marker()
    for chunk in (None, 1, 7, 64):
        events = parse(attested_session(m), chunk, DEFAULT_NONCE)
        (seen,) = [e for e in events if isinstance(e, AttestationSeen)]
        assert (seen.aid, seen.n) == (4242, 1)
        assert (
            seen.body == m[2:-1]
        )  # between ESC ] and BEL: what the signature covers, and the signature
        assert verify(NODE.public, seen.body)
        (rec,) = records(events)
        assert rec.output == "GPU 0: H200\nGPU 1: H200"
        # no anomaly; the output printed before the marker comes before its event
        assert kinds(merged(events)) == [
            "PromptWithoutCommand", "CommandStarted", "OutputLines",
            "AttestationSeen", "OutputLines", "CommandEnded",
        ]  # fmt: skip


def test_a_marker_with_another_nonce_is_bad_nonce_and_no_event() -> None:
    events = parse(attested_session(marker("f" * 32)), None, DEFAULT_NONCE)
    assert not [e for e in events if isinstance(e, AttestationSeen)]
    bad = [e for e in events if getattr(e, "kind", "") == "bad_nonce"]
    assert len(bad) == 1 and bad[0].extra["nonce"] == "f" * 32


def test_a_marker_outside_any_command_belongs_to_nothing() -> None:
    t = Transcript().prompt().raw(marker())
    t.command("ls", "a b\n")
    events = parse(bytes(t), 5, DEFAULT_NONCE)
    assert not [e for e in events if isinstance(e, AttestationSeen)]
    assert [r.output for r in records(events)] == ["a b"]


def test_a_nested_shells_run_belongs_to_the_innermost_command() -> None:
    outer = Transcript(aid=100).prompt()
    inner = Transcript(aid=200, header=False)
    outer.typed("bash").start("bash")
    inner._parts = outer._parts  # one stream: the inner shell writes into the outer's output
    inner.t = outer.t
    inner.prompt().typed("nvidia-smi -L").start("nvidia-smi -L").raw(marker()).prompt(0)
    events = parse(bytes(outer), None, DEFAULT_NONCE)
    (seen,) = [e for e in events if isinstance(e, AttestationSeen)]
    assert (seen.aid, seen.n) == (200, 1)
    assert not [e for e in events if isinstance(e, OutputLines) and "133;T" in str(e.lines)]
