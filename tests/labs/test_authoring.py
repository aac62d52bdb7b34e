"""Authoring commands: `grader new` (a skeleton that passes its own self-tests), `grader record`
(a script typed through the real capture shell, its verdicts kept as the expectation) and
`grader test-lab --update` (expectations rewritten only when asked, with the difference shown)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grader.cli import main


@pytest.fixture
def new_lab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> Path:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "gpu-census"]) == 0
    capsys.readouterr()
    return tmp_path / "labs" / "gpu-census"


def test_a_new_lab_lints_and_passes_its_self_tests(new_lab: Path, capsys) -> None:
    assert (new_lab / "lab.yaml").read_text().startswith("# yaml-language-server: $schema=")
    assert sorted(p.name for p in (new_lab / "tests").iterdir()) == [
        "attest.pub",  # the sandbox key's public half: test-lab enforces attestation with it
        "echo-the-output.expect.yaml",
        "echo-the-output.script",
        "echo-the-output.ts",
        "honest.expect.yaml",
        "honest.script",
        "honest.ts",
        "runs",  # the signed runs' output records
        "sessions.jsonl",
    ]
    assert main(["lint", str(new_lab)]) == 0
    assert main(["test-lab", "--profiles", "pcie-nccl-2.30-docker,ib-nccl-2.26", str(new_lab)]) == 0
    out = capsys.readouterr().out
    assert "gpu-census: 2/2 transcripts pass" in out
    assert "gpu-census: 4/4 script runs pass" in out
    assert main(["new", "gpu-census"]) == 2  # never over an existing lab
    assert main(["new", "GPU Census"]) == 2


def test_record_keeps_todays_verdicts_as_the_expectation(new_lab: Path, capsys) -> None:
    script = new_lab / "tests" / "no-flag.script"
    script.write_text("nvidia-smi\nexit\n")
    assert main(["record", str(new_lab), "no-flag"]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "review it" in out
    spec = yaml.safe_load((new_lab / "tests" / "no-flag.expect.yaml").read_text())
    assert spec["steps"] == {"list-gpus": "attempted"}
    assert spec["description"].startswith("TODO")
    assert (new_lab / "tests" / "no-flag.ts").is_file()
    # again, now that an expectation exists: it is checked, not rewritten
    assert main(["record", str(new_lab), "no-flag", "--profile", "pcie-nccl-2.9"]) == 0
    assert "PASS  no-flag.expect.yaml" in capsys.readouterr().out
    assert main(["record", str(new_lab), "missing"]) == 2


def test_update_rewrites_only_when_asked_and_shows_the_difference(new_lab: Path, capsys) -> None:
    expect = new_lab / "tests" / "honest.expect.yaml"
    expect.write_text("description: The step done honestly.\nsteps:\n  list-gpus: pending\n")
    assert main(["test-lab", str(new_lab)]) == 1
    assert "list-gpus: pending" in expect.read_text()  # not touched without --update
    capsys.readouterr()
    assert main(["test-lab", "--update", str(new_lab)]) == 0
    out = capsys.readouterr().out
    assert "-  list-gpus: pending" in out and "+  list-gpus: verified" in out
    assert (
        expect.read_text()
        == "description: The step done honestly.\nsteps:\n  list-gpus: verified\n"
    )
    assert main(["test-lab", str(new_lab)]) == 0
