"""`grader record` records what learners type: a `\\` continuation, a heredoc, `| less` paged and
quit with `q`, with attestation on, and the lab grades the transcript as it should.

Why: the recorder waited for the primary prompt after every Enter, so none of these could be
typed (grader/authoring/record.py). Here the seed lab (labs/nccl-bootstrap attests
all_reduce_perf and nvidia-smi) is done with them; the steps verify from the signed runs the
sandbox made, and from what the terminal showed: a results table paged past without looking
(`q` on the first page) does not verify the step that reads its last line.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from grader.authoring import record_cmd, replay
from grader.authoring.profile_matrix import select_profiles
from grader.capture import CommandEnded, SessionParser
from grader.cli import main
from grader.labs import load_lab

REPO = Path(__file__).resolve().parents[2]
LAB = REPO / "labs" / "nccl-bootstrap"
PROFILE = "pcie-nccl-2.30-docker"  # one eth0 node: NET/Socket names the interface

SCRIPT = """\
NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf \\
  -b 8M -e 8M -g 2
nvidia-smi topo -m | less
@wait quiet
@key q
NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
cat <<EOF > run.sh
NCCL_SOCKET_IFNAME={{iface}} all_reduce_perf -b 8 -e 128M -f 2 -g 2
EOF
NCCL_SOCKET_IFNAME={{iface}} all_reduce_perf -b 8 -e 128M -f 2 -g 2 | less
@wait quiet
@key G
@key q
exit
"""


@pytest.fixture
def lab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(record_cmd, "WORK_DIR", tmp_path / "labgrader-rec")
    copy = tmp_path / "nccl-bootstrap"
    shutil.copytree(LAB, copy)
    return copy


def _commands(ts: Path) -> list[tuple[str, int | None, str]]:
    entry = next(
        json.loads(line)
        for line in (ts.parent / "sessions.jsonl").read_text().splitlines()
        if json.loads(line)["file"] == ts.name
    )
    parser = SessionParser(entry["session"], entry["nonce"])
    events = parser.feed(ts.read_bytes()) + parser.close()
    return [
        (e.record.line, e.record.exit, e.record.output)
        for e in events
        if isinstance(e, CommandEnded)
    ]


def test_a_heredoc_and_a_pager_session_is_recorded_and_verifies(lab: Path, capsys) -> None:
    (lab / "tests" / "pager.script").write_text(SCRIPT)
    assert main(["record", str(lab), "pager", "--profile", PROFILE]) == 0, capsys.readouterr()
    ts = lab / "tests" / "pager.ts"
    commands = _commands(ts)
    lines = [line for line, _, _ in commands]
    iface = lines[4].split("=", 1)[1].split()[0]  # what {{iface}} typed: the captured interface
    run = f"NCCL_SOCKET_IFNAME={iface} all_reduce_perf -b 8 -e 128M -f 2 -g 2"
    assert lines == [
        "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf   -b 8M -e 8M -g 2",
        "nvidia-smi topo -m | less",
        "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'",
        f"cat <<EOF > run.sh\n{run}\nEOF",
        f"{run} | less",
        "exit",
    ]
    paged = commands[4]
    assert paged[1] == 0 and "# Avg bus bandwidth" in paged[2]  # `G` showed the last page
    # every attested run signed, its output record kept beside the transcript
    assert ts.read_bytes().count(b"\x1b]133;T;") == 4
    assert len(list((lab / "tests" / "runs").glob("*.run"))) >= 4
    expect = yaml.safe_load((lab / "tests" / "pager.expect.yaml").read_text())
    assert expect["steps"] == {
        "run-broken": "verified",
        "topo": "verified",
        "socket-iface": "verified",
        "pin-iface": "verified",
    }
    # the recorded expectation holds when checked again, as test-lab checks it
    assert main(["record", str(lab), "pager", "--profile", PROFILE]) == 0, capsys.readouterr()


def test_a_results_table_quit_on_its_first_page_does_not_verify(lab: Path) -> None:
    script = SCRIPT.replace("@key G\n", "")
    (lab / "tests" / "first-page.script").write_text(script)
    (profile,) = select_profiles([PROFILE])
    ts = record_cmd.record_transcript(
        load_lab(lab), lab / "tests" / "first-page.script", lab / "tests", profile=profile
    )
    verdicts = replay(
        load_lab(lab), [ts], attest_key=record_cmd.tests_key(lab / "tests")
    ).grader.verdicts()
    assert verdicts["socket-iface"].state.value == "verified"
    assert verdicts["pin-iface"].state.value == "attempted"
    assert "Avg bus bandwidth" in (verdicts["pin-iface"].reason or "")
