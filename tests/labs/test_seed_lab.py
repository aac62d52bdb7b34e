"""The seed lab (labs/nccl-bootstrap) loads, lints clean, and its patterns fit real NCCL output.

Output patterns are searched line by line with `re.search` (docs/lab-format.md "Matchers"); the
sample lines below are the formats NCCL and nccl-tests print across versions (the team's NCCL
output facts, §2.3 prefixes, §3 messages, §4 nccl-tests output, §5 nvidia-smi).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.labs.loader import load_lab
from grader.labs.model import Lab, Pattern, Step
from grader.matching.output_check import OutputMatcher
from grader.matching.variables import value_matches

REPO = Path(__file__).resolve().parents[2]
SEED = REPO / "labs" / "nccl-bootstrap"


@pytest.fixture(scope="module")
def lab() -> Lab:
    return load_lab(SEED)


def _search(pattern: Pattern, output: str, variables: dict[str, str] | None = None) -> dict | None:
    """The pattern's match on some line of `output` (its named groups), or None."""
    text = pattern.text
    for name, value in (variables or {}).items():
        text = text.replace(
            "${" + name + "}", re.escape(value) if pattern.kind == "regex" else value
        )
    flags = re.IGNORECASE if pattern.ignore_case else 0
    regex = re.compile(text if pattern.kind == "regex" else re.escape(text), flags)
    for line in output.splitlines():
        m = regex.search(line)
        if m:
            return m.groupdict()
    return None


def _output_ok(step: Step, output: str, variables: dict[str, str] | None = None) -> bool:
    expect = step.output
    assert expect is not None
    return (
        all(_search(p, output, variables) is not None for p in expect.all)
        and (not expect.any or any(_search(p, output, variables) is not None for p in expect.any))
        and all(_search(p, output, variables) is None for p in expect.none)
    )


def test_seed_lab_loads_with_the_lessons_steps_in_order(lab: Lab) -> None:
    assert lab.id == "nccl-bootstrap"
    assert [s.id for s in lab.steps] == [
        "run-broken",
        "why-socket",
        "topo",
        "exit-code",
        "why-gpus-first",
        "socket-iface",
        "why-container",
        "ib-check",
        "warn-line",
        "p2p-channels",
        "pin-iface",
    ]
    assert lab.environment == {"NCCL_DEBUG": "WARN"}
    assert lab.requires_gpus == 2
    exit_code = lab.step("exit-code")
    assert exit_code.after is not None
    assert (exit_code.after.step, exit_code.after.immediately) == ("run-broken", True)
    assert lab.step("run-broken").exit is not None and lab.step("run-broken").exit.code == 3
    assert lab.step("socket-iface").captures == ("iface", "addr")
    questions = [s for s in lab.steps if s.type == "question"]
    assert len(questions) == 3
    for q in questions:
        assert len(q.choices) == 3 and q.answer in {c.id for c in q.choices} and q.explanation
    for step in lab.steps:
        if step.type == "command" and step.id != "pin-iface":
            assert step.practice is not None and step.practice.answer, step.id
    assert SEED.joinpath("lab.yaml").read_text().startswith("# yaml-language-server: $schema=")


def test_grader_lint_labs_passes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "grader.cli", "lint", "labs/"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    shipped = len(list((REPO / "labs").glob("*/lab.yaml")))
    assert shipped >= 2
    assert result.stdout.startswith(f"OK: {shipped} lab files checked")


# Bootstrap failure as each generation prints it (§2.3 prefixes, §6.3 line numbers).
WARN_LINES = [
    "ml-node-07:24281:24281 [0] bootstrap.cc:48 NCCL WARN Bootstrap : no socket interface found",
    "[2026-07-29 07:21:55] ml-node-07:24281:24281 [0] bootstrap.cc:114 NCCL WARN Bootstrap : "
    "no socket interface found",
    "[2026-07-29 07:21:55] localhost:24281:24281 [0] bootstrap.cc:126 (bootstrapNetInit) "
    "NCCL WARN Bootstrap : no socket interface found",
    "[1,0]<stdout>:localhost:24281:24281 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN "
    "Bootstrap: no socket interface found",
]
BROKEN_RUN_TAIL = (
    "# Using devices\n"
    "#  Rank  0 Group  0 Pid  24281 on  localhost device  0 [0000:00:02] NVIDIA RTX 4000 Ada\n"
    "\n{warn}\n"
    "localhost: Test NCCL failure common.cu:{line} 'invalid usage (run with NCCL_DEBUG=WARN "
    "for details) / '\n .. localhost pid 24281: Test failure common.cu:1454\n"
)


@pytest.mark.parametrize("warn", WARN_LINES)
@pytest.mark.parametrize("step_id", ["run-broken", "warn-line"])
def test_bootstrap_warning_in_every_generation(lab: Lab, step_id: str, warn: str) -> None:
    assert _output_ok(lab.step(step_id), BROKEN_RUN_TAIL.format(warn=warn, line=970))


def test_bootstrap_warning_needs_the_warning(lab: Lab) -> None:
    other = "ml-node-07:1:1 [0] misc/socket.cc:1 NCCL WARN NET/Socket : no interface found"
    assert not _output_ok(lab.step("run-broken"), other)


@pytest.mark.parametrize(
    ("line", "iface", "addr"),
    [
        ("localhost:24133:24153 [0] NCCL INFO NET/Socket : Using [0]eth0:172.232.181.15<0>",
         "eth0", "172.232.181.15"),
        ("h:1:2 [0] NCCL INFO NET/Socket : Using [0]ens5f0:10.0.0.2<0> [1]virbr0:192.168.122.1<0>",
         "ens5f0", "10.0.0.2"),
        ("h:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0.100:10.1.2.3<0>", "eth0.100", "10.1.2.3"),
        ("h:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:fe80::42:acff:fe11:2%eth0<0>",
         "eth0", "fe80::42:acff:fe11:2"),
        ("[1,0]<stdout>:h:1:2 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>",
         "lo", "127.0.0.1"),
    ],
)  # fmt: skip
def test_socket_line_captures_interface_and_address(
    lab: Lab, line: str, iface: str, addr: str
) -> None:
    step = lab.step("socket-iface")
    assert step.output is not None
    socket_pattern = next(p for p in step.output.any if "NET/Socket" in p.text)
    assert _search(socket_pattern, line) == {"iface": iface, "addr": addr}
    assert _captures(step, line) == {"iface": iface, "addr": addr}


def _captures(step: Step, output: str) -> dict[str, str] | None:
    """What the grader itself captures from `output` for the step (None: the output fails)."""
    matcher = OutputMatcher(step.output, {})
    matcher.feed(output.splitlines())
    result = matcher.result()
    return result.captures if result.ok else None


@pytest.mark.parametrize(
    ("output", "iface", "addr"),
    [
        # an InfiniBand node starts no socket network: the bootstrap line names the interface
        ("h:1:1 [0] NCCL INFO Bootstrap: Using ibp24s0:192.168.24.11<0>", "ibp24s0",
         "192.168.24.11"),
        ("h:1:1 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>", "eth0", "10.0.0.2"),
        # NCCL <= 2.7 listed every interface it kept
        ("h:1:1 [0] NCCL INFO Bootstrap : Using [0]eth0:10.0.0.2<0> [1]eth1:10.0.1.2<0>", "eth0",
         "10.0.0.2"),
        # the IB plugin's out-of-band interface is the same lookup
        ("h:1:9 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [RO]; OOB ibp24s0:192.168.24.11<0>",
         "ibp24s0", "192.168.24.11"),
    ],
)  # fmt: skip
def test_without_a_socket_line_the_bootstrap_or_oob_line_names_the_interface(
    lab: Lab, output: str, iface: str, addr: str
) -> None:
    assert _captures(lab.step("socket-iface"), output) == {"iface": iface, "addr": addr}


def test_the_interface_nccl_picks_on_its_own_is_not_a_forced_one(lab: Lab) -> None:
    step = lab.step("socket-iface")
    assert step.command is not None and step.command.main is not None
    assert step.command.main.env["NCCL_SOCKET_IFNAME"].kind == "absent"


@pytest.mark.parametrize(
    "output",
    [
        "h:1:2 [0] NCCL INFO NET/IB : No device found.",
        "h:1:2 [0] NCCL INFO NET/IB : No device found.\n"
        "h:1:2 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:172.232.181.15<0>",
        "h:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [RO]; "
        "OOB eth0:10.0.0.2<0>",
    ],
)
def test_infiniband_probe_lines(lab: Lab, output: str) -> None:
    assert _output_ok(lab.step("ib-check"), output)


@pytest.mark.parametrize(
    ("line", "ok"),
    [
        ("h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer", True),
        ("h:1:2 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer/read", True),
        ("h:1:2 [0] NCCL INFO Channel 00 : 0[1000] -> 1[2000] via P2P/direct pointer", True),
        ("h:1:2 [0] NCCL INFO Channel 01/1 : 0[3b000] -> 1[5e000] via P2P/IPC/read", True),
        ("h:1:2 [0] NCCL INFO Ring 00 : 0[0] -> 1[1] via P2P/direct pointer", True),
        ("h:1:2 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct", False),
    ],
)
def test_transport_lines(lab: Lab, line: str, ok: bool) -> None:
    assert _output_ok(lab.step("p2p-channels"), line) is ok


TOPO_M = (
    "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
    "GPU0\t X \t{link}\t0-7\t0\t\tN/A\n"
    "GPU1\t{link}\t X \t0-7\t0\t\tN/A\n\nLegend:\n\n  X    = Self\n"
)
TOPO_P2P = " \tGPU0\tGPU1\t\n GPU0\tX\tOK\t\n GPU1\tOK\tX\t\n\nLegend:\n\n  X    = Self\n"


@pytest.mark.parametrize("link", ["PHB", "SYS", "NODE", "PXB", "PIX", "NV4", "NV18"])
def test_topology_matrix(lab: Lab, link: str) -> None:
    assert _output_ok(lab.step("topo"), TOPO_M.format(link=link))


def test_p2p_matrix_is_not_the_topology_matrix(lab: Lab) -> None:
    assert not _output_ok(lab.step("topo"), TOPO_P2P)


def test_exit_code_output(lab: Lab) -> None:
    step = lab.step("exit-code")
    assert _output_ok(step, "3\n")
    assert not _output_ok(step, "0\n")
    assert not _output_ok(step, "13\n")


CLEAN_RUN = """\
# Using devices
#  Rank  0 Group  0 Pid  24133 on  localhost device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#
#       size         count      type   redop    root     time   algbw   busbw  #wrong
     8388608       2097152     float     sum      -1   1234.5    6.80    6.80       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 6.8031
#
# Collective test concluded: all_reduce_perf
"""


def test_clean_run_with_pinned_interface(lab: Lab) -> None:
    step = lab.step("pin-iface")
    assert _output_ok(step, CLEAN_RUN)
    # the real line ends in a space (NCCL_TESTS_MIN_BW unset) or in OK / FAILED
    assert _output_ok(step, CLEAN_RUN.replace("6.8031", "6.8031 "))
    assert _output_ok(step, CLEAN_RUN.replace("6.8031", "6.8031 OK"))
    assert not _output_ok(step, BROKEN_RUN_TAIL.format(warn=WARN_LINES[2], line=1550))
    # a job that ran and printed its table succeeded, whatever harmless warning came before it
    for warn in (
        "h:1:1 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]",
        "h:1:1 [1] misc/cudawrap.cc:179 NCCL WARN Failed to find CUDA library libcuda.so "
        "(NCCL_CUDA_PATH='') : libcuda.so: cannot open shared object file: No such file or "
        "directory",
    ):
        assert _output_ok(step, f"\n{warn}\n" + CLEAN_RUN)
    wrong = CLEAN_RUN.replace("# Out of bounds values : 0 OK", "# Out of bounds values : 3 FAILED")
    assert not _output_ok(step, wrong)


def test_pinned_interface_value_selects_the_captured_name(lab: Lab) -> None:
    """By meaning, under NCCL's rules: the exact name, `=name`, a prefix, a list, `:port`, or an
    exclusion that leaves it in (grader/matching/ncclifname.py)."""
    step = lab.step("pin-iface")
    assert step.command is not None and step.command.main is not None
    matcher = step.command.main.env["NCCL_SOCKET_IFNAME"]
    assert matcher.kind == "selects_interface"
    found = {"iface": "eth0.100"}
    for value in ("eth0.100", "=eth0.100", "eth0.100:5000", "eth", "eth0", "eth1,eth0.100",
                  "^docker,lo", "=eth1,eth0.100"):  # fmt: skip
        assert value_matches(matcher, value, found), value
    for value in ("eth0x100", "doesnotexist0", "=eth0.1000", "eth1", "=eth0", "^eth", "e", "",
                  "^docker", "lo,eth0.100", "^lo"):  # fmt: skip
        assert not value_matches(matcher, value, found), value
    assert not value_matches(matcher, "eth0.100", {})  # nothing captured yet


def test_debug_level_matcher_accepts_info_and_trace_any_case(lab: Lab) -> None:
    step = lab.step("socket-iface")
    assert step.command is not None and step.command.main is not None
    regex = step.command.main.env["NCCL_DEBUG"].value
    for value in ("INFO", "info", "Info", "TRACE"):
        assert re.search(regex, value)
    for value in ("WARN", "INFOx", ""):
        assert not re.search(regex, value)


def test_lint_run_inside_a_lab_folder_names_the_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`grader lint .` from inside labs/<id>/: the id is checked against the folder's real name."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap")
    assert main(["lint", "."]) == 0, capsys.readouterr().out
