"""The self-check's output read into problems and the status line (grader/node/selfcheck.py),
and --check's drift verdicts (grader/provision/drift.py): pure functions over node output. The
script itself runs against real nodes in tests/e2e/test_node_degraded.py and tests/provision."""

from __future__ import annotations

from grader.node import degraded_status, self_check_problems
from grader.provision.drift import learner_path_verdict, tools_verdict


def test_each_problem_is_named_and_the_line_ends_with_the_fix() -> None:
    out = (
        "hooks /usr/local/lib/labgrader/hooks.bash\n"
        "sshd forcecommand,allowtcpforwarding alice\n"
        "signing /etc/labgrader/attest.key\n"
        "sshd-unreadable\n"
    )
    problems = self_check_problems(out, "alice")
    assert problems == [
        "capture hooks missing (hooks.bash): logins are not graded",
        "the learners' sshd block is not in effect for alice "
        "(forcecommand, allowtcpforwarding differ)",
        "signing files missing (/etc/labgrader/attest.key)",
    ]
    assert degraded_status(problems) == "degraded: " + "; ".join(problems) + (
        " — run grader provision"
    )
    assert self_check_problems("") == [] and degraded_status([]) == ""


def test_a_status_line_holds_nothing_the_node_made_up() -> None:
    """The node writes the check's output: a hostile one prints names, lines and sizes of its
    own. Only what the script can print counts, and the learner named is the grader's."""
    forged = "\x1b]0;x\x07 <script>alert(1)</script> " + "y" * 100_000
    out = (
        "hooks /usr/local/lib/labgrader/hooks.bash\n" * 3
        + f"hooks /tmp/{forged[:50]}\nsigning {forged[:50]}\n"
        + "sshd forcecommand,evil mallory\nts=2026-12-01T00:00:00.000Z level=INFO x\n"
        + f"hooks {forged}\n"  # past SELF_CHECK_MAX_BYTES: not read at all
        + "hooks /usr/local/lib/labgrader/labenv.bash\n"
    )
    problems = self_check_problems(out, "alice")
    assert problems == [
        "capture hooks missing (hooks.bash): logins are not graded",
        "the learners' sshd block is not in effect for alice (forcecommand differ)",
    ]
    assert len(degraded_status(problems)) < 300
    assert self_check_problems("sshd bogus,keys alice\nhooks /x/evil\n", "alice") == []
    assert self_check_problems("wrapper all_reduce_perf\nwrapper a;b\nwrapper " + "x" * 65) == [
        "attested wrappers not on a login PATH (all_reduce_perf): runs are not signed"
    ]


def test_a_node_repeating_its_lines_names_each_problem_once() -> None:
    """Found by the fuzzer: 4 KiB of one repeated line made the status line ~4 KiB long. Each
    name is listed once however often a node prints it, and the worst output the parser can
    accept stays a short line."""
    repeated = "sshd forcecommand alice\nsigning /x/attest_run.py\nsigning /y/attest_run.py\n" * 200
    assert self_check_problems(repeated, "alice") == [
        "the learners' sshd block is not in effect for alice (forcecommand differ)",
        "signing files missing (attest_run.py)",
    ]
    from grader.node.selfcheck import CAPTURE_FILES, LEARNER_SSHD_SETTINGS, SIGNING_FILES

    worst = "".join(
        [f"hooks /x/{n}\n" for n in CAPTURE_FILES]
        + [f"signing {n}\nsigning /x/attest_run.py\n" for n in SIGNING_FILES]
        + [f"sshd {','.join(LEARNER_SSHD_SETTINGS)} alice\n"]
        + [f"wrapper {i:02d}{'w' * 62}\n" for i in range(20)]
    )
    line = degraded_status(self_check_problems(worst, "alice"))
    assert line.count("w" * 62) == 8 and len(line) < 1024


def test_a_missing_tool_names_its_package_and_the_login_path_names_the_fix() -> None:
    assert tools_verdict(["ip"]) == (False, "missing ip: install iproute2")
    assert tools_verdict([])[0]
    ok, detail = learner_path_verdict("missing\n")
    assert not ok and detail == (
        "all_reduce_perf: not on a login shell's PATH: learners cannot run it; run grader provision"
    )
    ok, detail = learner_path_verdict("unwrapped /opt/nccl-tests/build/all_reduce_perf\n")
    assert not ok and "not its attested wrapper" in detail
    assert learner_path_verdict("wrapped /usr/local/bin/all_reduce_perf") == (
        True,
        "all_reduce_perf: /usr/local/bin/all_reduce_perf (wrapped)",
    )
