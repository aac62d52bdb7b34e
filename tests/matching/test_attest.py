"""Attested runs judged end to end on transcripts: parser -> Attester (node key) -> engine.

The signed markers are made by the format's own code (signed_run.marker, as the node's helper),
so these tests exercise the very format the node writes; a forged marker is one signed with
another key, as a learner who cannot read the node key would have to.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from signing import NodeKey, recorded_run

from grader.capture.events import CommandEnded, Event
from grader.capture.parser import SessionParser
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.cli import main
from grader.labs.errors import LabInvalid
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.attest import Attester, payloads, records_of
from grader.matching.engine import LabGrader, grade_records
from grader.protocol import signed_run
from grader.verdict import State

NODE = NodeKey.from_seed(1)
OTHER = NodeKey.from_seed(2)  # another node's key, or a learner's own
KEY = NODE.public
LINE = "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -g 2"
ARGS = ("-b", "8M", "-g", "2")
ENV = (("NCCL_DEBUG", "WARN"), ("NCCL_SOCKET_IFNAME", "eth0"))
OUTPUT = "# Avg bus bandwidth    : 11.3\n"
#: The output records the signed runs of a test name (the node's helper writes them beside the
#: session; the daemon holds them until the command ends): what `grade` gives the Attester.
RECORDS: dict[str, bytes] = {}

LAB_YAML = """\
schema_version: 1
id: attest-demo
title: Attested runs
description: One attested program step and one plain step.
environment: {NCCL_DEBUG: WARN}
attest:
  programs: [all_reduce_perf, nvidia-smi]
steps:
  - id: run-job
    title: Run the job on eth0
    command:
      program: all_reduce_perf
      env: {NCCL_SOCKET_IFNAME: eth0}
      flags: {-b: 8M, -g: "2"}
    output:
      all: [Avg bus bandwidth]
    exit: zero
  - id: say-hello
    title: Say hello
    command:
      program: echo
    output:
      all: [hello]
"""


def demo_lab(tmp_path_factory: pytest.TempPathFactory) -> Lab:
    d = tmp_path_factory.mktemp("labs") / "attest-demo"
    d.mkdir()
    (d / "lab.yaml").write_text(LAB_YAML)
    return load_lab(d)


_lab = pytest.fixture(scope="module", name="lab")(demo_lab)


def signed(
    t: Transcript,
    key: NodeKey = NODE,
    *,
    program: str = "all_reduce_perf",
    args: tuple[str, ...] = ARGS,
    env: tuple[tuple[str, str], ...] = ENV,
    exit: int = 0,
    t0: float | None = None,
    t1: float | None = None,
    nonce: str | None = None,
    user: str = "alice",
    places: tuple[int, int] = (0, 0),
) -> bytes:
    """The marker the node's helper writes for a run inside the command `t` just started;
    `places`: where its stdout and stderr went (run_record.PLACE_*, 0: not recorded)."""
    start = t.t if t0 is None else t0  # the C marker's time: the run starts right after it
    att = signed_run.Attestation(
        program, args, env, exit, start + 0.1, start + 0.5 if t1 is None else t1,
        user, "node1", 5001, 4242, t.nonce if nonce is None else nonce,
    )  # fmt: skip
    return recorded_run(key, att, OUTPUT.encode(), RECORDS, "s1", places)


def run_with(t: Transcript, marker: bytes | None, line: str = LINE, exit: int = 0) -> Transcript:
    """`line` runs, prints its output with the node's marker at its end, exits with `exit`."""
    t.typed(line).start(line).output(OUTPUT)
    if marker is not None:
        t.raw(marker)
    return t.prompt(exit)


def grade(
    lab: Lab, data: bytes, key: bytes | None = KEY, enforce: bool = True
) -> tuple[LabGrader, list[Event]]:
    parser = SessionParser("s1", DEFAULT_NONCE)
    events = Attester(key, dict(RECORDS)).events(parser.feed(data) + parser.close())
    g = LabGrader(lab, "alice", enforce_attestation=enforce)
    g.feed_all(events)
    return g, events


def kinds(g: LabGrader) -> Counter[str]:
    return Counter(a.kind for a in g.anomalies)


def state(g: LabGrader, step: str = "run-job") -> State:
    return g.verdicts()[step].state


def test_a_valid_signed_run_verifies_the_step(lab: Lab) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t)).prompt(0)
    g, events = grade(lab, bytes(t))
    assert state(g) is State.VERIFIED
    assert not g.anomalies
    (rec,) = [e.record for e in events if isinstance(e, CommandEnded)]
    assert len(payloads(rec.attestations)) == 1 and len(records_of(rec.attestations)) == 1
    assert "133;T" not in rec.output  # the marker is not output


def test_the_same_line_without_a_signed_run_is_unattested(lab: Lab) -> None:
    g, _ = grade(lab, bytes(run_with(Transcript().prompt(), None)))
    v = g.verdicts()["run-job"]
    assert v.state is State.ATTEMPTED
    assert "no signed record" in v.reason
    assert kinds(g) == Counter({"unattested": 1})
    assert g.anomalies[0].extra["step"] == "run-job"


def test_another_learners_signed_run_does_not_back_this_learners_step(lab: Lab) -> None:
    """u= is the account the helper ran the program as: bob's run, printed into alice's
    session with her nonce (a shared screen, a copied transcript), is not her work."""
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t, user="bob")).prompt(0)
    g, _ = grade(lab, bytes(t))
    v = g.verdicts()["run-job"]
    assert v.state is State.ATTEMPTED and "'bob''s, not 'alice''s" in v.reason
    assert kinds(g) == Counter({"unattested": 1})


def test_a_marker_signed_with_another_key_is_forged(lab: Lab) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t, OTHER)).prompt(0)
    g, _ = grade(lab, bytes(t))
    assert state(g) is State.ATTEMPTED
    assert kinds(g) == Counter({"forged_attestation": 1, "unattested": 1})


def test_a_tampered_payload_does_not_verify(lab: Lab) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT)
    t.raw(signed(t, exit=1).replace(b";x=1;", b";x=0;")).prompt(0)
    g, _ = grade(lab, bytes(t))
    assert state(g) is State.ATTEMPTED
    assert kinds(g)["forged_attestation"] == 1


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"program": "nvidia-smi", "args": ()}, "the signed run is nvidia-smi"),
        ({"args": ("-b", "8M", "-g", "1")}, "`-g` should be 2, not 1"),
        ({"env": (("NCCL_SOCKET_IFNAME", "lo"),)}, "NCCL_SOCKET_IFNAME was lo"),
        ({"exit": 1}, "exit code 1"),
        ({"t0": 1000.0, "t1": 1001.0}, "started before the command did"),
        ({"t1": 9e9}, "ended after the command did"),
    ],
)
def test_a_signed_run_that_does_not_fit_the_step_does_not_verify_it(
    lab: Lab, change: dict, why: str
) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t, **change)).prompt(0)
    g, _ = grade(lab, bytes(t))
    v = g.verdicts()["run-job"]
    assert v.state is State.ATTEMPTED
    assert why.lower() in v.reason.lower()
    assert kinds(g) == Counter({"unattested": 1})
    assert why in g.anomalies[0].detail


def spent_run() -> tuple[Transcript, bytes]:
    """A signed run used by a line that misses the step (the variable): attempted, run spent."""
    t = Transcript().prompt()
    wrong = "all_reduce_perf -b 8M -g 2"
    t.typed(wrong).start(wrong).output(OUTPUT)
    marker = signed(t)
    t.raw(marker).prompt(0)
    return t, marker


def test_a_signed_run_replayed_in_a_later_command_counts_once(lab: Lab) -> None:
    t, marker = spent_run()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(marker).prompt(0)  # inside the time window
    g, _ = grade(lab, bytes(t))
    assert state(g) is State.ATTEMPTED
    assert kinds(g) == Counter({"replayed_attestation": 1, "unattested": 1})


def test_a_marker_with_another_sessions_nonce_is_bad_nonce(lab: Lab) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t, nonce="0" * 32)).prompt(0)
    g, events = grade(lab, bytes(t))
    assert state(g) is State.ATTEMPTED
    assert kinds(g) == Counter({"bad_nonce": 1, "unattested": 1})
    assert not any(e.record.attestations for e in events if isinstance(e, CommandEnded))


@pytest.mark.parametrize("key", [None, KEY], ids=["auto-without-key", "off"])
def test_without_enforcement_sessions_without_markers_grade_as_before(
    lab: Lab, key: bytes | None
) -> None:
    t = Transcript().prompt()
    run_with(t, None)
    t.command("echo hello", "hello\n")
    g, _ = grade(lab, bytes(t), key, enforce=False)
    plain = LabGrader(lab, "alice")
    parser = SessionParser("s1", DEFAULT_NONCE)
    plain.feed_all(parser.feed(bytes(t)) + parser.close())
    assert g.verdicts() == plain.verdicts()
    assert state(g) is State.VERIFIED and state(g, "say-hello") is State.VERIFIED
    assert not g.anomalies
    assert g.snapshot() == plain.snapshot()


def test_steps_whose_program_is_not_attested_need_no_signed_run(lab: Lab) -> None:
    g, _ = grade(lab, bytes(Transcript().prompt().command("echo hello", "hello\n")))
    assert state(g, "say-hello") is State.VERIFIED
    assert not g.anomalies


def test_regrading_the_records_reaches_the_same_verdicts(lab: Lab) -> None:
    t, marker = spent_run()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(marker).prompt(0)  # replayed: refused
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t)).prompt(0)  # fresh: verifies
    g, events = grade(lab, bytes(t))
    records = [e.record for e in events if isinstance(e, CommandEnded)]
    again = grade_records(lab, records, "alice", enforce_attestation=True)
    assert again.verdicts() == g.verdicts()
    assert g.verdicts()["run-job"].evidence.n == 3  # type: ignore[union-attr]
    assert kinds(again) == kinds(g) == Counter({"replayed_attestation": 1, "unattested": 1})


def test_a_restored_engine_remembers_used_runs(lab: Lab) -> None:
    t, marker = spent_run()
    first, _ = grade(lab, bytes(t))
    snap = first.snapshot()
    assert len(snap["attest_macs"]) == 1
    t2 = Transcript().prompt()
    t2.n, t2.t = t.n, t.t
    t2.typed(LINE).start(LINE).output(OUTPUT).raw(marker).prompt(0)
    parser = SessionParser("s1", DEFAULT_NONCE)
    restored = LabGrader.restore(lab, "alice", snap, enforce_attestation=True)
    restored.feed_all(Attester(KEY).events(parser.feed(bytes(t2)) + parser.close()))
    assert state(restored) is State.ATTEMPTED
    assert [a.kind for a in restored.take_anomalies()] == ["replayed_attestation", "unattested"]


def test_replay_cli_enforces_only_with_a_key(
    lab: Lab, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = Transcript().prompt()
    t.typed(LINE).start(LINE).output(OUTPUT).raw(signed(t, OTHER)).prompt(0)
    session = tmp_path / "s1.ts"
    session.write_bytes(bytes(t))
    key_file = tmp_path / "attest.pub"
    key_file.write_text(KEY.hex() + "\n")
    os.chmod(key_file, 0o400)
    assert main(["replay", "--lab", lab.source, str(session)]) == 0
    out = capsys.readouterr().out
    assert out.count("attestation: not enforced") == 1
    assert "run-job    verified" in out
    assert main(["replay", "--lab", lab.source, "--attest-key", str(key_file), str(session)]) == 0
    out = capsys.readouterr().out
    assert "not enforced" not in out
    assert "run-job    attempted" in out
    assert "forged_attestation" in out and "unattested" in out
    bad = tmp_path / "bad.key"
    bad.write_text("not hex\n")
    with pytest.raises(SystemExit) as exc:
        main(["replay", "--lab", lab.source, "--attest-key", str(bad), str(session)])
    assert exc.value.code == 2


def test_test_lab_enforces_only_with_a_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labdir = tmp_path / "attest-demo"
    (labdir / "tests").mkdir(parents=True)
    (labdir / "lab.yaml").write_text(LAB_YAML)
    (labdir / "tests" / "unsigned.ts").write_bytes(bytes(run_with(Transcript().prompt(), None)))
    (labdir / "tests" / "unsigned.expect.yaml").write_text(
        "steps:\n  run-job: {state: attempted, reason: no signed record}\nanomalies: [unattested]\n"
    )
    key_file = tmp_path / "attest.pub"
    key_file.write_text(KEY.hex())
    assert main(["test-lab", "--attest-key", str(key_file), str(labdir)]) == 0
    assert "not enforced" not in capsys.readouterr().out
    assert main(["test-lab", str(labdir)]) == 1  # without the key the line alone verifies
    out = capsys.readouterr().out
    assert out.count("attestation: not enforced for attest-demo") == 1
    assert "run-job: got verified, expected attempted" in out


QUESTION_LAB = """\
schema_version: 1
id: attest-question
title: A question on an attested node
description: One attested program step and one question.
attest:
  programs: [nvidia-smi]
steps:
  - id: list
    title: List the GPUs
    command: {program: nvidia-smi}
  - id: why
    type: question
    title: Why?
    question: Why?
    choices:
      - {id: a, text: Because.}
      - {id: b, text: Not.}
    answer: a
"""


def test_lab_answer_counts_only_with_the_nodes_signed_run_of_lab(tmp_path: Path) -> None:
    """Attestation enforced: `lab answer` counts only when the node signed a run of its own
    `lab answer STEP CHOICE` inside that command; a line alone (a shell function or alias named
    `lab` that exits 0) answers nothing and is audited `unattested`. Not enforced: the line
    counts, as before."""
    d = tmp_path / "attest-question"
    d.mkdir()
    (d / "lab.yaml").write_text(QUESTION_LAB)
    qlab = load_lab(d)
    line = "lab answer why a"

    def session(marker_args: tuple[str, ...] | None) -> bytes:
        t = Transcript().prompt()
        t.typed(line).start(line).output("Answer sent\n")
        if marker_args is not None:
            t.raw(signed(t, program="lab", args=marker_args, env=()))
        return bytes(t.prompt(0))

    signed_ok, _ = grade(qlab, session(("answer", "why", "a")))
    assert state(signed_ok, "why") is State.VERIFIED and not kinds(signed_ok)
    for args in (None, ("answer", "why", "b"), ("status",)):
        g, _ = grade(qlab, session(args))
        assert state(g, "why") is State.PENDING, args
        assert kinds(g) == Counter({"unattested": 1}), (args, g.anomalies)
    loose, _ = grade(qlab, session(None), enforce=False)
    assert state(loose, "why") is State.VERIFIED


def _duration_lab(tmp_path: Path, bounds: str) -> Lab:
    d = tmp_path / "attest-demo"
    d.mkdir(exist_ok=True)
    (d / "lab.yaml").write_text(
        LAB_YAML.replace("    exit: zero\n", f"    exit: zero\n    duration: {bounds}\n", 1)
    )
    return load_lab(d)


def test_a_step_may_ask_for_a_plausible_duration(tmp_path: Path) -> None:
    """`duration:` bounds how long the job takes: the signed run's own t0..t1 where attestation
    is enforced (a 2 ms all_reduce_perf did not run the job, whatever the line and output
    say), the command's C..D time otherwise."""
    timed = _duration_lab(tmp_path, "{min_seconds: 0.3, max_seconds: 60}")

    def session(took: float) -> bytes:
        t = Transcript().prompt()
        t.typed(LINE).start(LINE).output(OUTPUT)
        return bytes(t.raw(signed(t, t1=t.t + 0.1 + took)).prompt(0))

    assert state(grade(timed, session(0.4))[0]) is State.VERIFIED
    g, _ = grade(timed, session(0.002))
    assert state(g) is State.ATTEMPTED
    (anomaly,) = g.anomalies
    assert anomaly.kind == "unattested" and "the signed run took 0.002 s" in anomaly.detail
    # not enforced: the command's own C..D time (1 s in these transcripts)
    slow = _duration_lab(tmp_path, "{min_seconds: 2}")
    t = Transcript().prompt()
    loose, _ = grade(slow, bytes(run_with(t, None)), None, enforce=False)
    assert state(loose) is State.ATTEMPTED
    assert "The command took 1.000 s, less than the 2 s" in loose.verdicts()["run-job"].reason


def test_a_duration_no_run_could_meet_is_a_lab_error(tmp_path: Path) -> None:
    with pytest.raises(LabInvalid, match="min_seconds 5 is more than max_seconds 1"):
        _duration_lab(tmp_path, "{min_seconds: 5, max_seconds: 1}")
