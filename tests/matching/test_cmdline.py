"""The command-line parser: wrappers, quoting, flags, lists, pipelines, the fallback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.matching.cmdline import parse_flags, parse_line, simple_commands


def only(line: str):
    cmds = simple_commands(line)
    assert len(cmds) == 1, cmds
    return cmds[0]


def test_plain_command_with_env_prefix() -> None:
    c = only("NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2")
    assert c.program == "all_reduce_perf"
    assert c.env == {"NCCL_SOCKET_IFNAME": "doesnotexist0"}
    assert c.args == ["-b", "8M", "-e", "8M", "-g", "2"]


def test_program_is_the_basename() -> None:
    assert only("./build/all_reduce_perf -g 2").program == "all_reduce_perf"
    assert (
        only("/opt/nccl-tests/build/all_reduce_perf").argv[0]
        == "/opt/nccl-tests/build/all_reduce_perf"
    )


@pytest.mark.parametrize("quoted", ["'NET/Socket'", '"NET/Socket"', "NET/Socket", "NET'/'Socket"])
def test_quoting_variants_are_equal(quoted: str) -> None:
    stages = parse_line(f"all_reduce_perf 2>&1 | grep {quoted}")[0].commands
    assert stages[1].program == "grep"
    assert stages[1].args == ["NET/Socket"]


@pytest.mark.parametrize(
    ("line", "env", "wrappers"),
    [
        ("sudo all_reduce_perf -g 2", {}, ["sudo"]),
        ("sudo -E -u root all_reduce_perf -g 2", {}, ["sudo"]),
        ("sudo --preserve-env -n all_reduce_perf -g 2", {}, ["sudo"]),
        ("sudo NCCL_DEBUG=INFO all_reduce_perf -g 2", {"NCCL_DEBUG": "INFO"}, ["sudo"]),
        ("env NCCL_DEBUG=INFO all_reduce_perf -g 2", {"NCCL_DEBUG": "INFO"}, ["env"]),
        ("env -u NCCL_SOCKET_IFNAME all_reduce_perf -g 2", {"NCCL_SOCKET_IFNAME": None}, ["env"]),
        ("env --unset=X Y=1 all_reduce_perf -g 2", {"X": None, "Y": "1"}, ["env"]),
        ("time all_reduce_perf -g 2", {}, ["time"]),
        ("time -p all_reduce_perf -g 2", {}, ["time"]),
        ("command all_reduce_perf -g 2", {}, ["command"]),
        ("nice -n 5 all_reduce_perf -g 2", {}, ["nice"]),
        ("stdbuf -oL all_reduce_perf -g 2", {}, ["stdbuf"]),
        ("stdbuf -o L -e 0 all_reduce_perf -g 2", {}, ["stdbuf"]),
        ("nohup all_reduce_perf -g 2", {}, ["nohup"]),
        ("exec all_reduce_perf -g 2", {}, ["exec"]),
        ("timeout -s KILL 60 all_reduce_perf -g 2", {}, ["timeout"]),
        (
            "A=1 sudo -E env B=2 time -p nice -n 1 stdbuf -oL all_reduce_perf -g 2",
            {"A": "1", "B": "2"},
            ["sudo", "env", "time", "nice", "stdbuf"],
        ),
    ],
)
def test_wrappers_are_seen_through(line: str, env: dict, wrappers: list[str]) -> None:
    c = only(line)
    assert c.program == "all_reduce_perf"
    assert c.args == ["-g", "2"]
    assert c.env == env
    assert c.wrappers == wrappers


def test_env_dash_i_clears_the_environment() -> None:
    c = only("env -i PATH=/usr/bin all_reduce_perf")
    assert c.env_cleared and c.env == {"PATH": "/usr/bin"}


def test_command_dash_v_is_a_lookup_not_a_wrapper() -> None:
    assert only("command -v all_reduce_perf").program == "command"


def test_assignment_alone_has_no_program() -> None:
    c = only("NCCL_DEBUG=INFO")
    assert c.program == "" and c.argv == [] and c.env == {"NCCL_DEBUG": "INFO"}


def test_lists_and_pipelines_keep_order_and_positions() -> None:
    pls = parse_line(
        "NCCL_DEBUG=INFO all_reduce_perf -g 2 2>&1 | grep NET/Socket | head -1"
        " && echo $? ; ls || true"
    )
    assert [[c.program for c in p.commands] for p in pls] == [
        ["all_reduce_perf", "grep", "head"],
        ["echo"],
        ["ls"],
        ["true"],
    ]
    assert [p.op for p in pls] == ["&&", ";", "||", ""]
    assert [c.stage for c in pls[0].commands] == [0, 1, 2]
    assert pls[0].commands[0].redirects[0].fd == 2
    assert pls[1].commands[0].args == ["$?"]


def test_subshell_stage_contributes_its_commands() -> None:
    pls = parse_line("(cd /tmp; all_reduce_perf -g 2) 2>&1 | grep WARN")
    progs = [(c.program, c.stage, c.nested) for c in pls[0].commands]
    assert progs == [("cd", 0, True), ("all_reduce_perf", 0, True), ("grep", 1, False)]


def test_loops_and_substitutions_are_walked() -> None:
    assert [c.program for c in simple_commands("for g in 1 2; do all_reduce_perf -g $g; done")] == [
        "all_reduce_perf"
    ]
    progs = [c.program for c in simple_commands('echo "iface: $(ip -br link | head -1)"')]
    assert progs == ["ip", "head", "echo"]


@pytest.mark.parametrize(
    ("line", "programs"),
    [
        ("[[ -n $NCCL_DEBUG ]] && all_reduce_perf -g 2", ["[[", "all_reduce_perf"]),
        ("echo $((1+2)); all_reduce_perf -g 2", ["echo", "all_reduce_perf"]),
        ("time -p all_reduce_perf -g 2 | tee log", ["all_reduce_perf", "tee"]),
        ('echo "unterminated', ["echo"]),
        ("cat <<EOF", ["cat"]),
    ],
)
def test_fallback_when_bashlex_gives_up(line: str, programs: list[str]) -> None:
    assert [c.program for c in simple_commands(line)] == programs


def test_fallback_keeps_env_and_pipeline_positions() -> None:
    pls = parse_line("[[ 1 ]] && NCCL_DEBUG=INFO all_reduce_perf -g2 2>&1 | grep 'NET/Socket'")
    main, grep = pls[1].commands
    assert main.env == {"NCCL_DEBUG": "INFO"} and main.args == ["-g2"]
    assert (grep.program, grep.stage, grep.args) == ("grep", 1, ["NET/Socket"])


def test_empty_and_comment_lines() -> None:
    assert parse_line("") == [] and parse_line("   ") == []
    assert simple_commands("# just a comment") == []


@pytest.mark.parametrize(
    "args",
    [
        ["-b", "8M", "-g", "2"],
        ["-b8M", "-g2"],
        ["-g", "2", "-b", "8M"],
        ["--minbytes=8M", "--ngpus", "2"],
        ["--minbytes", "8M", "--ngpus=2"],
        ["-b", "1M", "-g", "1", "-b", "8M", "-g", "2"],  # last one wins
    ],
)
def test_flag_forms_are_equivalent(args: list[str]) -> None:
    found = parse_flags(args, ["-b|--minbytes", "-g|--ngpus"])
    assert found["-b|--minbytes"][-1] == "8M"
    assert found["-g|--ngpus"][-1] == "2"


def test_flags_missing_value_and_double_dash() -> None:
    assert parse_flags(["-e"], ["-e"]) == {"-e": [None]}
    assert parse_flags(["--", "-e", "1"], ["-e"]) == {"-e": []}
    assert parse_flags(["-c", "1"], ["-e"]) == {"-e": []}


_CHARS = st.sampled_from([*"ab -=$'\"\\|&;()<>{}[]!*?#`~\n\t", "sudo ", "env ", "((", "<<", "$("])


@settings(max_examples=400, deadline=None)
@given(st.lists(_CHARS, max_size=40).map("".join))
def test_random_lines_never_raise(line: str) -> None:
    for pl in parse_line(line):
        for c in pl.commands:
            assert isinstance(c.program, str)
            parse_flags(c.args, ["-b|--minbytes", "-g"])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_raises(line: str) -> None:
    parse_line(line)


def test_a_line_typed_again_is_parsed_once_and_reads_the_same() -> None:
    """A class types the lesson's lines over and over: the second parse is the cache's, equal to
    a fresh parse, and a caller's list is its own (the pipelines inside are shared, read-only)."""
    from grader.matching import cmdline

    line = "NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 128M -f 2 -g 2 2>&1 | tee run.log"
    fresh = cmdline._parse(line)
    before = cmdline._parse_cached.cache_info()
    first = parse_line(line)
    second = parse_line(line)
    after = cmdline._parse_cached.cache_info()
    assert first == second == fresh
    assert after.hits >= before.hits + 1
    assert first is not second  # appending to one caller's list cannot reach another's
    first.clear()
    assert parse_line(line) == fresh
    assert [c.program for c in simple_commands(line)] == ["all_reduce_perf", "tee"]


def test_long_lines_are_parsed_every_time_and_not_kept() -> None:
    from grader.matching import cmdline

    line = "echo " + "x" * cmdline.PARSE_CACHE_LINE_CHARS
    before = cmdline._parse_cached.cache_info()
    assert [c.program for c in simple_commands(line)] == ["echo"]
    assert cmdline._parse_cached.cache_info().currsize <= before.currsize
    assert cmdline._parse_cached.cache_info().misses == before.misses


@pytest.mark.parametrize(
    ("line", "env", "args"),
    [
        ("mpirun --allow-run-as-root -np 1 -x NCCL_DEBUG=INFO all_reduce_perf -g 2",
         {"NCCL_DEBUG": "INFO"}, ["-g", "2"]),
        ("mpirun -np 2 --mca btl_tcp_if_include eth0 -H a,b -x PATH all_reduce_perf -g 1", {},
         ["-g", "1"]),
        ("mpiexec -n 1 all_reduce_perf -b 8M", {}, ["-b", "8M"]),
        ("srun -N 1 --gpus=2 -n 1 all_reduce_perf -g 2", {}, ["-g", "2"]),
        ("srun --ntasks 1 --partition gpu all_reduce_perf -g 2", {}, ["-g", "2"]),
    ],
)  # fmt: skip
def test_launchers_run_the_program(line: str, env: dict[str, str], args: list[str]) -> None:
    """mpirun(1) and srun(1) start the program on this node: it is the command judged, and
    mpirun's `-x NAME=VALUE` is part of its environment."""
    (cmd,) = parse_line(line)[0].commands
    assert cmd.program == "all_reduce_perf"
    assert cmd.env == env
    assert cmd.args == args


@pytest.mark.parametrize(
    "line", ["'${$'sudo ", "echo ${", "echo ${a", "x=${HOME; all_reduce_perf -g 2"]
)
def test_an_unclosed_parameter_expansion_ends(line: str) -> None:
    """bashlex alone loops forever (and grows without bound) on `${` with no `}` after it; the
    line goes to the fallback splitter instead."""
    commands = [c.program for p in parse_line(line) for c in p.commands]
    assert isinstance(commands, list)
    if "all_reduce_perf" in line:
        assert "all_reduce_perf" in commands
