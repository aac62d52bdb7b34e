"""Forgeries of a lab's honest transcripts (grader/authoring/forgeries.py): `grader test-lab`
types them on a sandbox node and names every step a forgery verifies, with the trick.

The fixture lab tests/labs/forgeable/ is written the way the third lesson's author first wrote
it, without `attest:` and without `only:`: its honest transcript passes, and each of its three
steps is faked by `; echo '<line>'`, `> /dev/null && echo`, `cat` and `| sed` (and a shell
function named like the program). The same lab with its programs attested refuses all of them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from grader.authoring.forgeries import (
    CAT_FILE,
    ECHO_AFTER,
    ECHO_INSTEAD,
    SED_EDIT,
    Target,
    first_scripts,
    forge,
    occurrence,
    quoted,
)
from grader.cli import main
from grader.labs import load_lab
from grader.verdict import Evidence

FIXTURE = Path(__file__).resolve().parent / "forgeable"
STEPS = ("list-gpus", "topo", "socket-iface")


def test_every_fake_of_a_lab_without_attest_or_only_is_named(capsys) -> None:
    assert main(["test-lab", "--jobs", "2", str(FIXTURE)]) == 1
    out = capsys.readouterr().out
    assert "PASS  forgeable/tests/honest.ts" in out  # honest work still verifies
    for step in STEPS:
        for trick in (ECHO_AFTER, ECHO_INSTEAD, CAT_FILE, SED_EDIT):
            assert f"FAIL  forgeable: step {step} verified by a forgery (trick: {trick}):" in out
    assert "step socket-iface verified by a forgery (trick: a shell function named " in out
    # the faked line is shown as typed: the lesson's three fakes, recognisable
    assert re.search(r"step list-gpus .*: nvidia-smi -L > /dev/null 2>&1; echo 'GPU 1: ", out)
    assert re.search(r"step topo .*\(trick: echo instead.*&& echo \$'GPU0\\t X \\tPHB", out)
    assert re.search(r"step socket-iface .*\| sed -e '\$!d' -e 's/.*NET\\/Socket", out)
    assert "forgeable: 0/15 forgeries of 3 steps refused" in out
    # skipped on request, and then the lab passes on its transcripts alone
    assert main(["test-lab", "--no-forgeries", str(FIXTURE)]) == 0
    assert "forgeries" not in capsys.readouterr().out


def test_the_same_lab_with_its_programs_attested_refuses_every_fake(tmp_path: Path, capsys) -> None:
    lab = tmp_path / "forgeable"
    shutil.copytree(FIXTURE, lab)
    text = (lab / "lab.yaml").read_text()
    attested = "attest:\n  programs: [nvidia-smi, all_reduce_perf]\nsteps:\n"
    (lab / "lab.yaml").write_text(text.replace("steps:\n", attested, 1))
    # re-recorded on the sandbox, which now signs the programs' runs (tests/attest.pub)
    assert main(["record", str(lab), "honest"]) == 0
    assert (lab / "tests" / "attest.pub").is_file()
    capsys.readouterr()
    assert main(["test-lab", "--jobs", "2", str(lab)]) == 0
    out = capsys.readouterr().out
    assert "forgeable: 15/15 forgeries of 3 steps refused" in out
    assert "FAIL" not in out


# ---------------------------------------------------------------- the generator, pure
def _evidence(line: str, n: int, matched: tuple[str, ...], exit: int = 0) -> Evidence:
    return Evidence("s1", 1, n, line, exit, matched=matched)


def test_the_nth_run_of_a_line_is_forged_where_the_script_typed_it() -> None:
    script = [
        "@env LANG=C",
        "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2",
        "echo $?",
        "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2",
        "NCCL_SOCKET_IFNAME={{iface}} all_reduce_perf -g 2",
        "exit",
    ]
    line = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2"
    commands = [("s1", 1, 1, line), ("s1", 1, 2, "echo $?"), ("s1", 1, 3, line)]
    assert occurrence(commands, _evidence(line, 3, ("x",))) == 1
    assert occurrence(commands, _evidence(line, 9, ("x",))) is None
    t = Target("run-broken", "all_reduce_perf", line, 1, ("NCCL WARN Bootstrap",), 3)
    by_trick = {f.trick: f for f in forge(script, t)}
    after = by_trick[ECHO_AFTER]
    assert after.line == f"{line} > /dev/null 2>&1; echo 'NCCL WARN Bootstrap'; (exit 3)"
    assert after.script == (*script[:3], after.line, "exit")  # the second run is replaced
    assert by_trick[ECHO_INSTEAD].line.startswith(f"{line} > /dev/null 2>&1 || echo ")
    cat = by_trick[CAT_FILE].script
    assert cat[0] == "@env LANG=C"  # written after the set-up, before anything is typed
    assert cat[1] == "printf '%s\\n' 'NCCL WARN Bootstrap' > saved-output.txt"
    function = by_trick["a shell function named all_reduce_perf"].script
    assert function[-3:] == (
        "all_reduce_perf() { echo 'NCCL WARN Bootstrap'; return 3; }",
        line,
        "exit",
    )
    # a placeholder in the script stands for the value the honest session typed
    placed = Target("pin", "all_reduce_perf", line.replace("doesnotexist0", "eth0"), 0, ("a",), 0)
    assert forge(script, placed)[0].script[-2].startswith("NCCL_SOCKET_IFNAME={{iface}} all_")
    # a line the script never typed as such (an @type, say) gives nothing to forge
    assert forge(script, Target("x", "nvidia-smi", "nvidia-smi topo", 0, ("a",), 0)) == []


def test_lines_with_tabs_and_quotes_type_as_one_word() -> None:
    assert quoted("it's") == "'it'\"'\"'s'"
    assert quoted("GPU0\t X \tPHB") == "$'GPU0\\t X \\tPHB'"
    assert quoted("a'b\nc\\") == "$'a\\'b\\nc\\\\'"


def test_a_lesson_draft_gets_an_honest_and_a_dishonest_script(tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.txt"
    lesson.write_text(
        "Learn › GPU Operations › Count the GPUs\n"
        "Ask the driver which GPUs a node has.\n"
        "Ask it for the list.\n"
        "prompt: engineer@ml-node-07:~$ answer: nvidia-smi -L output: GPU 0: NVIDIA RTX 4000 "
        "(UUID: GPU-5f2c8a1e-0b3d-4c6e-9a7f-1d2e3f4a5b6c) hint: -L lists the GPUs.\n"
        "Practice Count the GPUs in a real Linux terminal.\n"
    )
    out = tmp_path / "gpu-census"
    assert main(["import-lesson", str(lesson), "-o", str(out)]) == 0
    tests = out / "tests"
    assert (tests / "honest.script").read_text() == "nvidia-smi -L\nexit\n"
    assert (tests / "dishonest.script").read_text() == (
        "nvidia-smi -L > /dev/null 2>&1; echo 'GPU 0: NVIDIA RTX 4000 "
        "(UUID: GPU-5f2c8a1e-0b3d-4c6e-9a7f-1d2e3f4a5b6c)'\nexit\n"
    )
    assert "nvidia-smi: not verified" in (tests / "dishonest.expect.yaml").read_text()
    assert first_scripts(load_lab(out)) is not None


@pytest.mark.parametrize("attest", [False, True])
def test_a_recorded_dishonest_script_fails_exactly_without_attest(
    tmp_path: Path, attest: bool, capsys
) -> None:
    """The scaffold's claim, recorded: the echo fake verifies a draft step until its program is
    attested; `not verified` in its expectation is what test-lab then holds."""
    lab = tmp_path / "gpu-census"
    lab.mkdir()
    yaml_text = (FIXTURE / "lab.yaml").read_text().replace("id: forgeable", "id: gpu-census")
    if attest:
        yaml_text = yaml_text.replace("steps:\n", "attest:\n  programs: [nvidia-smi]\nsteps:\n", 1)
    (lab / "lab.yaml").write_text(yaml_text)
    (lab / "tests").mkdir()
    (lab / "tests" / "dishonest.script").write_text(
        "nvidia-smi -L > /dev/null 2>&1; echo 'GPU 1: NVIDIA A100 (UUID: GPU-0000)'\nexit\n"
    )
    (lab / "tests" / "dishonest.expect.yaml").write_text("steps:\n  list-gpus: not verified\n")
    assert main(["record", str(lab), "dishonest"]) == (0 if attest else 1)
    out = capsys.readouterr().out
    if not attest:
        assert "list-gpus: got verified, expected not verified" in out
