"""Each expectation kind on its own: values, env (with shell tracking), flags, args, pipes,
regex, output streaming and captures, exit codes, and the reasons a learner reads."""

from __future__ import annotations

import pytest

from grader.labs.model import (
    CommandExpect,
    ExitExpect,
    OutputExpect,
    Pattern,
    StageExpect,
    ValueMatch,
)
from grader.matching.command_check import check_command
from grader.matching.exit_check import check_exit
from grader.matching.output_check import EXCERPT_MAX_CHARS, OutputMatcher
from grader.matching.shellenv import ShellEnv, analyse_line
from grader.matching.variables import substitute, value_matches

ARP = ("all_reduce_perf",)


def judge(expect: CommandExpect, line: str, shell: ShellEnv | None = None, variables=None):
    return check_command(expect, analyse_line(line, shell or ShellEnv()), variables or {})


def main(**kw) -> CommandExpect:
    return CommandExpect(main=StageExpect(program=ARP, **kw))


@pytest.mark.parametrize(
    ("vm", "value", "ok"),
    [
        (ValueMatch("equals", "eth0"), "eth0", True),
        (ValueMatch("equals", "eth0"), "eth01", False),
        (ValueMatch("prefix", "eth"), "eth1", True),
        (ValueMatch("contains", "th"), "eth1", True),
        (ValueMatch("regex", r"^eth\d$"), "eth7", True),
        (ValueMatch("regex", r"^eth\d$"), "ens5", False),
        (ValueMatch("regex", r"(broken"), "x", False),
        (ValueMatch("absent"), None, True),
        (ValueMatch("absent"), "", False),
        (ValueMatch("equals", "eth0"), None, False),
    ],
)
def test_value_matchers(vm: ValueMatch, value: str | None, ok: bool) -> None:
    assert value_matches(vm, value, {}) is ok


def test_substitution_escapes_in_regexes_only() -> None:
    assert substitute("${iface}:${nope}", {"iface": "eth0.5"}) == "eth0.5:${nope}"
    assert substitute("^${iface}$", {"iface": "eth0.5"}, regex=True) == r"^eth0\.5$"
    assert value_matches(ValueMatch("regex", "^${i}$"), "eth0x5", {"i": "eth0.5"}) is False


def test_env_reasons() -> None:
    exp = main(env={"NCCL_SOCKET_IFNAME": ValueMatch("equals", "eth0")})
    m = judge(exp, "all_reduce_perf -g 2")
    assert m.relevant and not m.ok
    assert m.reason == "right program, but NCCL_SOCKET_IFNAME was not set"
    m = judge(exp, "NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -g 2")
    assert m.reason == "right program, but NCCL_SOCKET_IFNAME was eth1, expected eth0"
    assert judge(exp, "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf").ok
    assert judge(exp, "env NCCL_SOCKET_IFNAME='eth0' all_reduce_perf").ok
    absent = main(env={"NCCL_SOCKET_IFNAME": ValueMatch("absent")})
    assert judge(absent, "all_reduce_perf").ok
    m = judge(absent, "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf")
    assert m.reason == "right program, but NCCL_SOCKET_IFNAME should not be set (it was eth0)"
    assert judge(
        absent, "env -u NCCL_SOCKET_IFNAME all_reduce_perf", ShellEnv({"NCCL_SOCKET_IFNAME": "x"})
    ).ok


def test_other_programs_are_irrelevant() -> None:
    exp = main(env={"NCCL_SOCKET_IFNAME": ValueMatch("equals", "eth0")})
    m = judge(exp, 'echo "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf"')
    assert not m.relevant and not m.ok


def test_export_tracking_across_lines_and_within_a_line() -> None:
    exp = main(env={"NCCL_DEBUG": ValueMatch("equals", "INFO")})
    shell = ShellEnv({"NCCL_DEBUG": "WARN"})  # the lab environment, exported at login
    assert judge(exp, "all_reduce_perf", shell).reason == (
        "right program, but NCCL_DEBUG was WARN, expected INFO"
    )
    analyse_line("export NCCL_DEBUG=INFO", shell)
    assert judge(exp, "all_reduce_perf", shell).ok
    analyse_line("unset NCCL_DEBUG", shell)
    assert (
        judge(exp, "all_reduce_perf", shell).reason == "right program, but NCCL_DEBUG was not set"
    )
    assert judge(exp, "export NCCL_DEBUG=INFO && all_reduce_perf", ShellEnv()).ok


def test_plain_assignment_counts_only_for_exported_names() -> None:
    exp = main(env={"NCCL_SOCKET_IFNAME": ValueMatch("equals", "eth0")})
    shell = ShellEnv()
    analyse_line("NCCL_SOCKET_IFNAME=eth0", shell)
    m = judge(exp, "all_reduce_perf", shell)
    assert "NCCL_SOCKET_IFNAME was set in the shell but not exported" in m.reason
    analyse_line("export NCCL_SOCKET_IFNAME", shell)
    assert judge(exp, "all_reduce_perf", shell).ok
    # already exported (lab environment): a plain assignment updates what programs get
    shell = ShellEnv({"NCCL_DEBUG": "WARN"})
    analyse_line("NCCL_DEBUG=INFO", shell)
    assert shell.exported == {"NCCL_DEBUG": "INFO"}


def test_subshell_and_pipeline_exports_do_not_persist() -> None:
    shell = ShellEnv()
    analyse_line("(export A=1)", shell)
    analyse_line("export B=1 | cat", shell)
    assert shell.exported == {}
    analyse_line("declare -x C=3; export -n C", shell)
    assert shell.exported == {} and shell.local == {"C": "3"}


def test_flag_reasons() -> None:
    exp = main(
        flags={"-g": ValueMatch("equals", "2"), "-b": ValueMatch("equals", "8M"), "-e": None}
    )
    assert judge(exp, "all_reduce_perf -b8M -e 1 -g 2").ok
    assert judge(exp, "all_reduce_perf -g2 -e8M -b 8M").ok
    m = judge(exp, "all_reduce_perf -b 8M -e 8M -g 1")
    assert m.reason == "right program, but `-g` should be 2, not 1"
    m = judge(exp, "all_reduce_perf -b 8M -g 2")
    assert m.reason == "right program, but `-e` was not given"
    m = judge(exp, "all_reduce_perf -b 8M -e 1 -g")
    assert m.reason == "right program, but `-g` should be 2 (no value given)"


def test_long_flag_aliases() -> None:
    exp = main(flags={"-b|--minbytes": ValueMatch("equals", "8M")})
    assert judge(exp, "all_reduce_perf --minbytes=8M").ok
    assert judge(exp, "all_reduce_perf --minbytes 8M").ok
    assert (
        judge(exp, "all_reduce_perf -b 1M").reason == "right program, but `-b` should be 8M, not 1M"
    )


def test_args_and_program_any_of() -> None:
    exp = CommandExpect(
        main=StageExpect(program=("echo", "printf"), args=(ValueMatch("contains", "$?"),))
    )
    assert judge(exp, "echo $?").ok
    assert judge(exp, "printf '%s\\n' \"$?\"").ok
    assert judge(exp, "echo hello").reason == (
        "right program, but expected an argument that is something containing $?"
    )


def test_pipe_stages_after_main() -> None:
    exp = CommandExpect(
        main=StageExpect(program=ARP, env={"NCCL_DEBUG": ValueMatch("equals", "INFO")}),
        pipe=(StageExpect(program=("grep",), args=(ValueMatch("contains", "NET/Socket"),)),),
    )
    assert judge(exp, "NCCL_DEBUG=INFO all_reduce_perf -g 2 2>&1 | grep 'NET/Socket'").ok
    assert judge(
        exp, "NCCL_DEBUG=INFO all_reduce_perf 2>&1 | tee log | grep -i net/socket"
    ).reason == (
        "right program, but grep: expected an argument that is something containing NET/Socket"
    )
    assert judge(exp, "NCCL_DEBUG=INFO all_reduce_perf > log; grep NET/Socket log").reason == (
        "right program, but the output was not piped into grep"
    )
    # grep before the main stage does not count
    assert not judge(exp, "grep NET/Socket log | NCCL_DEBUG=INFO all_reduce_perf").ok


def test_regex_escape_hatch() -> None:
    only_regex = CommandExpect(regex=r"ip\s+(-br\s+)?(link|addr)")
    assert judge(only_regex, "ip -br addr").ok
    assert not judge(only_regex, "ls").relevant
    both = CommandExpect(main=StageExpect(program=("ip",)), regex=r"\baddr\b")
    assert judge(both, "ip addr").ok
    assert (
        judge(both, "ip link").reason
        == "right program, but the command line is not in the expected form"
    )


def test_any_candidate_on_the_line_can_match() -> None:
    exp = main(flags={"-g": ValueMatch("equals", "2")})
    assert judge(exp, "all_reduce_perf -g 1; all_reduce_perf -g 2").ok


def feed(expect: OutputExpect, text: str, variables=None, chunk: int = 2):
    m = OutputMatcher(expect, variables or {})
    lines = text.splitlines()
    for i in range(0, len(lines), chunk):
        m.feed(lines[i : i + chunk])
    return m.result()


def test_output_all_any_none_and_reasons() -> None:
    text = "a\nNCCL WARN Bootstrap : no socket interface found\nb\n"
    exp = OutputExpect(
        all=(Pattern("contains", "NCCL WARN"), Pattern("regex", r"Bootstrap ?: no socket")),
        none=(Pattern("contains", "Init COMPLETE"),),
    )
    r = feed(exp, text)
    assert r.ok and r.matched == ("NCCL WARN Bootstrap : no socket interface found",)
    r = feed(OutputExpect(all=(Pattern("contains", "NET/Socket : Using"),)), text)
    assert not r.ok and r.reason == "the output never showed `NET/Socket : Using`"
    r = feed(OutputExpect(any=(Pattern("contains", "x1"), Pattern("contains", "x2"))), text)
    assert r.reason == "the output showed none of `x1`, `x2`"
    r = feed(OutputExpect(none=(Pattern("contains", "WARN"),)), text)
    assert r.reason == "the output showed `WARN`, which should not appear"
    assert feed(OutputExpect(all=(Pattern("contains", "nccl warn", ignore_case=True),)), text).ok


def test_output_captures_and_variables() -> None:
    exp = OutputExpect(all=(Pattern("regex", r"Using \[0\](?P<iface>\w+):(?P<addr>[\d.]+)"),))
    r = feed(exp, "x\nNCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>\n")
    assert r.captures == {"iface": "eth0", "addr": "172.17.0.2"}
    later = OutputExpect(all=(Pattern("regex", r"^${iface}\s+UP"), Pattern("contains", "${iface}")))
    assert feed(later, "lo UNKNOWN\neth0 UP 172.17.0.2/16\n", {"iface": "eth0"}).ok
    # a captured value with regex metacharacters matches only itself
    assert not feed(later, "eth0x5 UP\n", {"iface": "eth0.5"}).ok


def test_output_memory_is_bounded_for_huge_output() -> None:
    m = OutputMatcher(OutputExpect(all=(Pattern("contains", "needle"),)), {})
    filler = ["x" * 200] * 1000
    for _ in range(50):
        m.feed(filler)
    m.feed(["the needle line"])
    m.feed(["y" * 100_000])
    r = m.result()
    assert r.ok and m.lines_seen == 50_002
    assert len(r.excerpt) <= EXCERPT_MAX_CHARS
    assert "the needle line" in r.excerpt


def test_excerpt_falls_back_to_the_tail() -> None:
    r = feed(OutputExpect(all=(Pattern("contains", "zzz"),)), "\n".join(f"l{i}" for i in range(30)))
    assert r.excerpt.splitlines()[-1] == "l29"


@pytest.mark.parametrize(
    ("exp", "exit", "ps", "reason"),
    [
        (ExitExpect("code", 3), 3, (3,), ""),
        (ExitExpect("code", 3), 0, (0,), "exit code 0, expected 3"),
        (ExitExpect("zero"), 1, (1,), "exit code 1, expected success (0)"),
        (ExitExpect("nonzero"), 0, (0,), "exit code 0, but this step expects a failure (nonzero)"),
        (ExitExpect("code", 3, stage=0), 0, (3, 0), ""),
        (
            ExitExpect("zero", stage=-1),
            0,
            (3, 1),
            "pipeline stage -1 exit code 1, expected success (0)",
        ),
        (
            ExitExpect("code", 3, stage=2),
            0,
            (3, 0),
            "the pipeline has no stage 2 to read an exit code from",
        ),
        (
            ExitExpect("code", 3),
            None,
            (),
            "the command never finished, so its exit code is unknown",
        ),
    ],
)
def test_exit_expectations(
    exp: ExitExpect, exit: int | None, ps: tuple[int, ...], reason: str
) -> None:
    assert check_exit(exp, exit, ps) == reason


def test_only_the_pipeline_itself() -> None:
    """`only`: nothing else on the line can add or hide output; `tee` may copy it on the way."""
    exp = CommandExpect(
        main=StageExpect(program=ARP),
        pipe=(StageExpect(program=("grep",)),),
        only=True,
    )
    for line in (
        "all_reduce_perf -g 2 2>&1 | grep NET/IB",
        "all_reduce_perf -g 2 |& tee run.log | grep NET/IB",
        "all_reduce_perf -g 2 2>&1 | grep NET/IB | tee found.txt",
    ):
        assert judge(exp, line).ok, line
    alone = "right program, but the line must be `all_reduce_perf | grep` alone, with nothing else"
    for line in (
        "all_reduce_perf 2>&1 | grep NET/IB; echo 'NET/IB : No device found.'",
        "echo 'NET/IB : Using'; all_reduce_perf 2>&1 | grep NET/IB",
        "all_reduce_perf >/dev/null | grep NET/IB",
        "all_reduce_perf 2>&1 | grep NET/IB > found.txt",
        "all_reduce_perf 2>&1 | grep NET/IB | head -0",
        "true | all_reduce_perf 2>&1 | grep NET/IB",
    ):
        assert judge(exp, line).reason.startswith(alone), line
    assert not judge(exp, "(all_reduce_perf 2>&1 | grep NET/IB)").ok


def test_a_flag_that_must_not_be_given() -> None:
    exp = CommandExpect(main=StageExpect(program=ARP, flags={"-h": ValueMatch("absent")}))
    assert judge(exp, "all_reduce_perf -g 2").ok
    assert (
        judge(exp, "all_reduce_perf -g 2 -h").reason
        == "right program, but `-h` should not be given"
    )


def test_a_grep_stage_that_would_show_a_line() -> None:
    line = "h:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [RO]; OOB eth0:10.0.0.2<0>"
    exp = CommandExpect(
        main=StageExpect(program=ARP), pipe=(StageExpect(program=("grep",), shows=(line,)),)
    )
    assert judge(exp, "all_reduce_perf 2>&1 | grep -i net/ib").ok
    # the reason says why the grep hides such a line; the lab's line is a made-up example, so it
    # is never quoted as if the learner's output should hold it
    wont = "right program, but grep: `grep {}` would not show the line this step looks for: {}"
    for words, why in (
        (
            "NET/Ib",
            "its pattern does not match it (grep tells upper from lower case; `-i` ignores case)",
        ),
        ("infiniband", "its pattern does not match it"),
        ("-v IB", "`-v` hides the lines its pattern matches"),
        ("-c NET/IB", "it prints a count, not the lines themselves"),
        ("-q NET/IB", "it prints nothing, not the lines themselves"),
        ("NET/IB run.log", "it reads `run.log`, not the output piped into it"),
        (
            "-f pats",
            "the grader cannot tell what it prints (patterns from a file): use a plain "
            "`grep PATTERN`",
        ),
    ):
        reason = judge(exp, f"all_reduce_perf 2>&1 | grep {words}").reason
        assert reason == wont.format(words, why), reason
        assert "mlx5_0" not in reason
