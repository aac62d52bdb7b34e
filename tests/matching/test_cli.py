"""`grader replay` and `grader test-lab` on sessions recorded through the real capture shell
(labs/nccl-bootstrap/tests, made by tests/tools/record_transcripts.py), plus built ones."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from grader.authoring.session_files import merged_events, replay
from grader.capture.events import CommandEnded
from grader.capture.transcript import Transcript
from grader.cli import main
from grader.labs.loader import load_lab
from grader.matching.engine import LabGrader, grade_records

REPO = Path(__file__).resolve().parents[2]
LAB = REPO / "labs" / "nccl-bootstrap"
TESTS = LAB / "tests"


def test_test_lab_passes_on_the_seed_lab(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test-lab", str(LAB)]) == 0
    out = capsys.readouterr().out
    assert len(list(TESTS.glob("*.ts"))) >= 12
    assert out.count("PASS") == len(list(TESTS.glob("*.ts")))
    assert "FAIL" not in out
    # and every forgery of its honest transcripts is refused (grader/authoring/forgeries.py)
    assert re.search(r"nccl-bootstrap: (\d+)/\1 forgeries of \d+ steps refused", out)


def test_test_lab_fails_on_a_wrong_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lab = tmp_path / "nccl-bootstrap"
    shutil.copytree(LAB, lab)
    # claim the forged markers verify the job: the grader must disagree
    (lab / "tests" / "forged-markers.expect.yaml").write_text(
        "steps:\n  run-broken: verified\n  exit-code: attempted\n"
    )
    (lab / "tests" / "clean-run.expect.yaml").write_text(
        "steps:\n  run-broken: {state: verified, reason: nope}\n"
    )
    assert main(["test-lab", "--no-forgeries", str(lab)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  nccl-bootstrap/tests/forged-markers.ts" in out
    assert "run-broken: got pending, expected verified" in out
    assert "why-socket: got verified, expected pending" in out


def test_replay_json_on_the_clean_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--lab", str(LAB), str(TESTS / "clean-run.ts"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lab"] == "nccl-bootstrap" and doc["learner"] == "root"
    assert {s["state"] for s in doc["steps"]} == {"verified"}
    assert doc["variables"]["iface"]
    broken = next(s for s in doc["steps"] if s["step"] == "run-broken")
    assert broken["evidence"]["exit"] == 3
    assert any("no socket interface found" in m for m in broken["evidence"]["matched"])


def test_replay_table_names_reasons_and_anomalies(capsys: pytest.CaptureFixture[str]) -> None:
    ts = TESTS / "forged-markers.ts"
    assert main(["replay", "--lab", str(LAB), "--learner", "bob", str(ts)]) == 0
    out = capsys.readouterr().out
    assert "exit-code       attempted" in out
    assert "0/11 steps verified for bob" in out
    assert "x bad_nonce" in out


def test_replay_without_an_index_trusts_the_first_marker(tmp_path: Path) -> None:
    ts = tmp_path / "clean-run.ts"
    shutil.copyfile(TESTS / "clean-run.ts", ts)
    result = replay(load_lab(LAB), [ts])
    assert {v.state.value for v in result.grader.verdicts().values()} == {"verified"}
    assert result.sessions[0].nonce is None


def test_replay_with_a_wrong_nonce_in_the_index_grades_nothing(tmp_path: Path) -> None:
    ts = tmp_path / "clean-run.ts"
    shutil.copyfile(TESTS / "clean-run.ts", ts)
    (tmp_path / "sessions.jsonl").write_text(
        json.dumps({"session": "clean-run", "file": "clean-run.ts", "nonce": "f" * 32}) + "\n"
    )
    g = replay(load_lab(LAB), [ts]).grader
    assert {v.state.value for v in g.verdicts().values()} == {"pending"}
    assert g.anomalies and {a.kind for a in g.anomalies} == {"bad_nonce"}


def test_missing_files_and_bad_labs_exit_2(tmp_path: Path) -> None:
    assert main(["replay", "--lab", str(LAB), str(tmp_path / "nope.ts")]) == 2
    assert main(["replay", "--lab", str(tmp_path), str(TESTS / "clean-run.ts")]) == 2


def _write(path: Path, t: Transcript) -> Path:
    path.write_bytes(bytes(t.footer()))
    return path


def test_files_are_merged_in_time_order(tmp_path: Path) -> None:
    """`after` across a login shell and a tmux pane follows the commands' timestamps."""
    find = "NCCL_DEBUG=INFO all_reduce_perf -g 2 2>&1 | grep NET/Socket"
    sock = "vm:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>\n"
    pin = "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -g 2"
    for pane_start, want in ((500.0, "attempted"), (2000.0, "verified")):
        login = Transcript(aid=10, nonce="a" * 32)
        login.t = 1000.0
        login.prompt().command(find, sock, 0, [0, 0])
        pane = Transcript(aid=20, nonce="b" * 32)
        pane.t = pane_start
        pane.prompt().command(pin, "# Avg bus bandwidth    : 12.9 \n", 0)
        files = [_write(tmp_path / "pane.ts", pane), _write(tmp_path / "login.ts", login)]
        g = replay(load_lab(LAB), files).grader
        assert g.verdicts()["socket-iface"].state.value == "verified"
        assert g.verdicts()["pin-iface"].state.value == want, pane_start


def test_snapshot_restore_on_a_recorded_session() -> None:
    lab = load_lab(LAB)
    _, events = merged_events([TESTS / "clean-run.ts"])
    whole = LabGrader(lab, "root")
    whole.feed_all(events)
    for cut in range(0, len(events) + 1, 3):
        first = LabGrader(lab, "root")
        first.feed_all(events[:cut])
        resumed = LabGrader.restore(lab, "root", json.loads(json.dumps(first.snapshot())))
        resumed.feed_all(events[cut:])
        assert resumed.verdicts() == whole.verdicts(), cut


def test_grade_records_on_a_recorded_session() -> None:
    lab = load_lab(LAB)
    _, events = merged_events([TESTS / "typos-and-retries.ts"])
    live = LabGrader(lab, "root")
    live.feed_all(events)
    stored = grade_records(lab, [e.record for e in events if isinstance(e, CommandEnded)], "root")
    assert stored.verdicts() == live.verdicts()
