"""Attested runs on the fake node: real sshd, bash, sudo, capture shell (docs/attestation.md).

A lab program reached through its wrapper (/usr/local/bin/NAME -> sudo -> attest_run.py as root ->
the real program as the node's run account) must behave like a direct run (exit status, Ctrl-C,
terminal, pipes, environment) and leave one signed `133;T` marker inside its own C..D block of the
capture spool, which verifies with the node's key as the grader account reads it. A learner must
not be able to read the key, nor make the helper run anything but the allowlisted programs, nor
smuggle code through arguments or environment values.

Besides the lab's programs, the module installs `attest-probe` (tests/node/attest_probe.sh) as an
attested program, with the node's own installer: it prints what a program sees.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pytest
import yaml
from fakenode import HOSTNAME, REPO, FakeNode, InteractiveShell, learner_shell
from signing import NodeKey

from grader.capture.events import AttestationSeen, CommandEnded
from grader.capture.parser import SessionParser
from grader.cli import main
from grader.matching.attest import verify
from grader.protocol import signed_run
from grader.protocol.markers import unescape

SPOOL = "/var/lib/labgrader/spool"
LIB = "/usr/local/lib/labgrader"
HELPER = f"{LIB}/attest_run.py"
INSTALL_ATTEST = "/opt/labgrader/node-files/install-attest.sh"
PROBE = f"{LIB}/attest-probe"
#: The one command line the sudoers rule allows (followed by anything).
SUDO_HELPER = ["sudo", "-n", "/usr/bin/python3", "-I", "-S", HELPER]
GRADER = "labgrader"

#: A command's block in a session file: its 633;E line, then C ... D.
BLOCK = re.compile(
    rb"\x1b\]633;E;([^\x07]*);[^;\x07]*\x07\x1b\]133;C;[^\x07]*\x07(.*?)\x1b\]133;D;", re.S
)
ATTESTATION = re.compile(rb"\x1b\](133;T;[^\x07]*)\x07")


def with_probe(fake_node: FakeNode) -> FakeNode:
    """The fake node with `attest-probe` installed as an attested program (idempotent)."""
    probe = (Path(__file__).parent / "attest_probe.sh").read_text()
    script = 'printf "%s" "$2" >"$1" && chmod 755 "$1" && "$3" --program "attest-probe=$1"'
    result = fake_node.exec(["sh", "-c", script, "sh", PROBE, probe, INSTALL_ATTEST])
    assert result.exit_code == 0, result.text
    return fake_node


def public_key(node: FakeNode) -> bytes:
    """The node's public attestation key, read as the grader account reads it."""
    result = node.exec(["cat", signed_run.PUBLIC_KEY_PATH], user=GRADER)
    assert result.exit_code == 0, result.text
    return signed_run.load_key(result.output)


#: The module's fake node (with attest-probe) and its public key, as fixtures.
_node = pytest.fixture(scope="module", name="node")(with_probe)
_key = pytest.fixture(scope="module", name="key")(public_key)


@dataclass
class Recorded:
    """A finished login session as the spool holds it."""

    nonce: str
    transcript: bytes

    def markers(self, line: str) -> list[list[bytes]]:
        """For each run of `line`, the `133;T` payloads inside its C..D block."""
        return [
            ATTESTATION.findall(m.group(2))
            for m in BLOCK.finditer(self.transcript)
            if unescape(m.group(1)) == line
        ]

    def attestation(self, key: bytes, line: str) -> signed_run.Attestation:
        """The one verified attestation of the one run of `line`."""
        (found,) = self.markers(line)
        assert len(found) == 1, found
        assert verify(key, found[0])
        att = signed_run.parse(found[0])
        assert att is not None and att.nonce == self.nonce
        return att


def last_session(node: FakeNode) -> Recorded:
    """The learner's newest login session, read as the grader account."""
    user = node.learner.user
    jsonl = node.exec(["cat", f"{SPOOL}/{user}/sessions.jsonl"], user=GRADER)
    assert jsonl.exit_code == 0, jsonl.text
    sessions = [json.loads(ln) for ln in jsonl.text.splitlines() if ln.strip()]
    session = [s for s in sessions if s["kind"] == "login"][-1]
    ts = node.exec(["cat", f"{SPOOL}/{user}/{session['file']}"], user=GRADER)
    assert ts.exit_code == 0, ts.text
    return Recorded(session["nonce"], ts.output)


async def status(shell: InteractiveShell) -> int:
    out = await shell.run("echo status=$?")
    return int(re.search(r"status=(\d+)", out).group(1))


async def test_run_is_signed_inside_its_block(node: FakeNode, key: bytes) -> None:
    line = "NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2"
    async with learner_shell(node) as shell:
        out = await shell.run(line)
        assert "Out of bounds values : 0 OK" in out, out
        shell_pid = int(re.search(r"pid=(\d+)", await shell.run("echo pid=$$")).group(1))
    recorded = last_session(node)
    att = recorded.attestation(key, line)
    assert att.program == "all_reduce_perf"
    assert att.args == ("-b", "8M", "-e", "8M", "-g", "2")
    assert ("NCCL_DEBUG", "INFO") in att.env
    assert (att.exit, att.user, att.host, att.ppid) == (0, "learner", HOSTNAME, shell_pid)
    assert att.t0 <= att.t1
    (body,) = recorded.markers(line)[0]
    assert not verify(key, body.replace(b";x=0;", b";x=1;"))
    assert not verify(NodeKey.from_seed(3).public, body)
    # The grader's own parser sees the same marker as the signed run of that command.
    parser = SessionParser("s", recorded.nonce)
    events = parser.feed(recorded.transcript) + parser.close()
    (seen,) = [e for e in events if isinstance(e, AttestationSeen)]
    ended = next(e.record for e in events if isinstance(e, CommandEnded) and e.record.line == line)
    assert (seen.aid, seen.body) == (shell_pid, body) and seen.n == ended.n


async def test_exit_status_matches_a_direct_run(node: FakeNode, key: bytes) -> None:
    broken = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
    async with learner_shell(node) as shell:
        for code in (0, 1, 3):
            await shell.run(f"attest-probe exit {code}")
            assert await status(shell) == code
            await shell.run(f"{PROBE} exit {code}")
            assert await status(shell) == code
        await shell.run(broken)
        assert await status(shell) == 3
    recorded = last_session(node)
    for code in (0, 1, 3):
        assert recorded.attestation(key, f"attest-probe exit {code}").exit == code
        assert recorded.markers(f"{PROBE} exit {code}") == [[]]  # direct: not attested
    assert recorded.attestation(key, broken).exit == 3


async def _started(node: FakeNode, pidfile: str) -> str:
    """The pid `attest-probe sleep PIDFILE` wrote, once it has (10 s at most)."""
    pid = ""
    for _ in range(200):
        read = node.exec(["cat", pidfile])
        pid = read.text.strip() if read.exit_code == 0 else ""
        if pid:
            break
        await asyncio.sleep(0.05)
    assert pid.isdigit(), f"attest-probe did not start: {pid!r}"
    return pid


async def _interrupted(node: FakeNode, shell: InteractiveShell, program: str, how: str) -> int:
    """Start `program sleep PIDFILE`, interrupt it (Ctrl-C or kill -INT); the shell's $?."""
    pidfile = f"/tmp/attest-probe-{how}.pid"
    node.exec(["rm", "-f", pidfile])
    running = asyncio.create_task(shell.run(f"{program} sleep {pidfile}"))
    pid = await _started(node, pidfile)
    if how == "ctrl-c":
        shell.process.stdin.write(b"\x03")
    else:
        assert node.exec(["kill", "-INT", pid]).exit_code == 0
    await running
    return await status(shell)


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
async def test_sigint_ends_it_with_130_like_a_direct_run(
    node: FakeNode, key: bytes, how: str
) -> None:
    async with learner_shell(node) as shell:
        assert await _interrupted(node, shell, "attest-probe", how) == 130
        assert await _interrupted(node, shell, PROBE, how) == 130
        assert "still here" in await shell.run("echo still here")
    att = last_session(node).attestation(key, f"attest-probe sleep /tmp/attest-probe-{how}.pid")
    assert att.exit == 130


async def test_terminal_pipes_cwd_umask_and_the_labs_environment_are_the_learners(
    node: FakeNode, key: bytes
) -> None:
    env_line = "LD_LIBRARY_PATH=/opt/lg-lib NCCL_PROBE=1 attest-probe"
    async with learner_shell(node) as shell:
        out = await shell.run(env_line)
        for want in ("stdin=tty", "stdout=tty", "stderr=tty", "LD_LIBRARY_PATH=[]"):
            assert want in out, out
        assert "NCCL_PROBE=[1]" in out
        piped = await shell.run("attest-probe | cat")
        assert "stdin=tty" in piped and "stderr=tty" in piped and "stdout=tty" not in piped
        info = "NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep NET/Socket"
        assert "NET/Socket : Using [0]eth0:" in await shell.run(info)
        assert "cwd=/tmp" in await shell.run("cd /tmp && attest-probe")
        assert "umask=0027" in await shell.run("umask 027; attest-probe; umask 022")
    att = last_session(node).attestation(key, env_line)
    env = dict(att.env)
    assert env["NCCL_PROBE"] == "1" and "LD_LIBRARY_PATH" not in env


async def test_nothing_of_the_learners_can_stand_in_for_the_program(
    node: FakeNode, key: bytes
) -> None:
    """A signed run means the node's program ran: no preloaded library, no interpreter or script
    earlier in PATH, no python startup file or user site, no NCCL/CUDA variable that loads code
    (issue: LD_PRELOAD and a python3 in ~/bin verified six steps with made-up output)."""
    fake_python = "mkdir -p ~/lgbin && printf '#!/bin/sh\\necho FAKE-PYTHON\\n' > ~/lgbin/python3"
    async with learner_shell(node) as shell:
        await shell.run(f"{fake_python} && chmod +x ~/lgbin/python3")
        await shell.run("mkdir -p ~/.local/lib && echo 'import os' > ~/.local/lib/sitecustomize.py")
        hostile = (
            "PATH=~/lgbin:$PATH LD_PRELOAD=/tmp/lg-fake.so PYTHONPATH=~/.local/lib "
            "BASH_ENV=~/.bashrc NCCL_PROBE=2 attest-probe"
        )
        out = await shell.run(hostile)
        for want in (
            "LD_PRELOAD=[] PYTHONPATH=[] BASH_ENV=[]",
            "PATH=[/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin] HOME=[/]",
            "PYTHONNOUSERSITE=[1]",
            "NCCL_PROBE=[2]",
        ):
            assert want in out, out
        # The simulator is a python3 script: the learner's python3 first in PATH is not used.
        sim = "PATH=~/lgbin:$PATH nvidia-smi -L"
        smi = await shell.run(sim)
        assert "FAKE-PYTHON" not in smi and "GPU 0:" in smi, smi
        plugin = "NCCL_NET_PLUGIN=/tmp/lg-evil.so all_reduce_perf -b 8M -e 8M -g 2"
        refused = await shell.run(plugin)
        assert "NCCL_NET_PLUGIN loads code" in refused, refused
        assert await status(shell) == 126
        injected = "CUDA_INJECTION64_PATH=/tmp/lg-evil.so attest-probe"
        assert "CUDA_INJECTION64_PATH loads code" in await shell.run(injected)
    recorded = last_session(node)
    assert dict(recorded.attestation(key, hostile).env) == {"NCCL_DEBUG": "WARN", "NCCL_PROBE": "2"}
    assert recorded.markers(plugin) == [[]]  # nothing ran, nothing was signed
    assert recorded.attestation(key, sim).program == "nvidia-smi"


async def test_the_program_runs_as_the_run_account_which_the_learner_cannot_touch(
    node: FakeNode,
) -> None:
    """Not as the learner (who could ptrace it, or preload into it, and print what he likes under
    the node's signature): as labgrader-run, with no capability. The learner can neither read its
    memory or environment nor signal it by pid; Ctrl-C and his job control still reach it."""
    run_ids = node.exec(["id", "labgrader-run"]).text
    uid = re.search(r"uid=(\d+)", run_ids).group(1)
    pidfile = "/tmp/attest-probe-untouchable.pid"
    async with learner_shell(node) as shell, learner_shell(node) as other:
        mine = re.search(r"me=(\d+)", await shell.run("echo me=$(id -u)")).group(1)
        out = await shell.run("attest-probe")
        assert "cwd=/\r\n" in await shell.run("cd ~ && attest-probe")  # his home is 0700
        node.exec(["rm", "-f", pidfile])
        running = asyncio.create_task(shell.run(f"attest-probe sleep {pidfile}"))
        pid = await _started(node, pidfile)
        touch = await other.run(
            f"cat /proc/{pid}/environ; head -c1 /proc/{pid}/mem; kill -TERM {pid}; echo rc=$?"
        )
        assert touch.count("Permission denied") == 2 and "Operation not permitted" in touch, touch
        assert "rc=1" in touch, touch
        shell.process.stdin.write(b"\x03")  # his terminal's Ctrl-C still reaches it
        await running
        assert await status(shell) == 130
    assert f"uid={uid} " in out and f"uid={mine} " not in out, out
    assert "uid=0 " not in out
    caps = re.findall(r"Cap(?:Inh|Prm|Eff|Amb): ([0-9a-f]+)", out)
    assert len(caps) == 4 and all(int(c, 16) == 0 for c in caps), out


async def test_hostile_arguments_and_environment_reach_the_program_literally(
    node: FakeNode, key: bytes
) -> None:
    line = (
        "NCCL_PROBE='$(touch /tmp/lg-pwned-env);`touch /tmp/lg-pwned-env2`' attest-probe "
        "'$(touch /tmp/lg-pwned)' ';' 'a b' \"q'\\\"\" $'x\\ny' '`touch /tmp/lg-pwned2`' '--'"
    )
    args = (
        "$(touch /tmp/lg-pwned)",
        ";",
        "a b",
        "q'\"",
        "x\ny",
        "`touch /tmp/lg-pwned2`",
        "--",
    )
    async with learner_shell(node) as shell:
        out = await shell.run(line)
    for arg in args:
        assert f"arg=[{arg}]".replace("\n", "\r\n") in out, out
    att = last_session(node).attestation(key, line)
    assert att.args == args
    assert dict(att.env)["NCCL_PROBE"] == "$(touch /tmp/lg-pwned-env);`touch /tmp/lg-pwned-env2`"
    assert node.exec("ls /tmp/lg-pwned*").exit_code != 0


def test_only_root_can_sign_and_the_grader_reads_only_the_public_key(node: FakeNode) -> None:
    """The private key is root's alone: neither a learner nor the grader account (whose reader a
    learner once aimed at it) can read it. The public key verifies and cannot sign."""
    stat = node.exec(["stat", "-c", "%a %U %G", signed_run.KEY_PATH]).text.split()
    assert stat == ["400", "root", "root"]
    for who in (node.learner.user, GRADER):
        denied = node.exec(["cat", signed_run.KEY_PATH], user=who)
        assert denied.exit_code != 0 and "Permission denied" in denied.text, who
    stat = node.exec(["stat", "-c", "%a %U %G", signed_run.PUBLIC_KEY_PATH]).text.split()
    assert stat == ["644", "root", "root"]
    pem = node.exec(["cat", signed_run.KEY_PATH]).output
    assert NodeKey.from_pem(pem).public == signed_run.load_key(
        node.exec(["cat", signed_run.PUBLIC_KEY_PATH], user=GRADER).output
    )
    for path, mode in ((HELPER, "755"), ("/etc/labgrader/attested-programs", "644")):
        assert node.exec(["stat", "-c", "%a %U", path]).text.split() == [mode, "root"]
    sudoers = node.exec(["stat", "-c", "%a %U", "/etc/sudoers.d/labgrader-attest"])
    assert sudoers.text.split() == ["440", "root"]


def _with_env(argv: list[str], blob: str) -> list[str]:
    """`argv` run with `blob` on descriptor 3, as the wrappers hand the environment over."""
    return ["sh", "-c", f"exec \"$@\" 3<<'LGENV'\n{blob}\nLGENV", "sh", *argv]


def test_sudo_runs_the_helper_and_nothing_else(node: FakeNode) -> None:
    learner = node.learner.user
    node.exec(
        ["sh", "-c", "printf 'import os\\nos.system(\"touch /tmp/lg-s3\")\\n' >/tmp/lg-evil.py"],
        user=learner,
    )
    blob = base64.b64encode(b"NCCL_PROBE=1\0").decode()  # as the wrapper's `env -0 | base64`
    refused_by_sudo = [
        ["sudo", "-n", "/bin/sh", "-c", "touch /tmp/lg-s1"],
        ["sudo", "-n", "/usr/bin/python3", "-c", "import os; os.system('touch /tmp/lg-s2')"],
        ["sudo", "-n", "/usr/bin/python3", "-I", "-S", "/tmp/lg-evil.py", "x"],
        ["sudo", "-n", "/usr/bin/python3", "-I", HELPER, "attest-probe"],
        ["sudo", "-n", "/usr/bin/python3", "-I", "-S", "-i", HELPER, "attest-probe"],
        [*SUDO_HELPER],
    ]
    for argv in refused_by_sudo:
        result = node.exec(_with_env(argv, blob), user=learner)
        assert result.exit_code == 1 and "a password is required" in result.text, (argv, result)
    refused_by_helper = [
        _with_env([*SUDO_HELPER, "/bin/sh", "-c", "touch /tmp/lg-s4"], blob),
        _with_env([*SUDO_HELPER, "sh", "-c", "touch /tmp/lg-s5"], blob),
        _with_env([*SUDO_HELPER, "../../../bin/sh", "-c", "touch /tmp/lg-s6"], blob),
        _with_env([*SUDO_HELPER, "attest-probe"], "$(touch /tmp/lg-s7)"),
        [*SUDO_HELPER, "attest-probe"],  # no environment on descriptor 3
    ]
    for argv in refused_by_helper:
        result = node.exec(argv, user=learner)
        assert result.exit_code == 126 and "labgrader attest:" in result.text, (argv, result)
    assert node.exec("ls /tmp/lg-s*").exit_code != 0
    # The allowed form works without a terminal (and writes no marker: there is none).
    ok = node.exec(_with_env([*SUDO_HELPER, "attest-probe", "hello"], blob), user=learner)
    assert ok.exit_code == 0 and "arg=[hello]" in ok.text and "NCCL_PROBE=[1]" in ok.text
    assert b"133;T" not in ok.output


async def test_without_a_terminal_or_a_session_the_program_just_runs(node: FakeNode) -> None:
    async with asyncssh.connect(**node.connect_kwargs(node.learner)) as conn:
        plain = await conn.run("attest-probe exit 4; echo status=$?")
        assert "status=4" in plain.stdout
        forced = await conn.run("LABGRADER_NONCE=abc attest-probe x; echo status=$?")
        assert "arg=[x]" in forced.stdout and "status=0" in forced.stdout
        assert "133;T" not in forced.stdout + forced.stderr


def test_installers_are_idempotent_keep_the_key_and_refuse_bad_names(node: FakeNode) -> None:
    before = node.exec(["sha256sum", signed_run.KEY_PATH, signed_run.PUBLIC_KEY_PATH]).text
    again = node.exec([INSTALL_ATTEST, "--program", f"attest-probe={PROBE}"])
    assert again.exit_code == 0 and again.text.strip() == "install-attest: done", again.text
    check = node.exec([INSTALL_ATTEST, "--check", "--program", "nvidia-smi=/bin/true"])
    assert check.text.splitlines() == [
        "install-attest: would install /etc/labgrader/attested-programs",
        "install-attest: would install /usr/local/bin/nvidia-smi",
        "install-attest: done",
    ], check.text
    capture = node.exec(
        ["/opt/labgrader/node-files/install-capture.sh", "--no-reload", "--learner", "learner"]
    )
    assert capture.exit_code == 0, capture.text
    assert node.exec(["sha256sum", signed_run.KEY_PATH, signed_run.PUBLIC_KEY_PATH]).text == before
    allowlist = node.exec(["cat", "/etc/labgrader/attested-programs"]).text
    assert "nvidia-smi\t/usr/local/lib/labgrader/sim/progs/nvidia-smi\n" in allowlist  # --check
    bad_specs = (
        "x;touch /tmp/lg-i=/bin/true",
        "x=/bin/true;touch /tmp/lg-i",
        "x=relative",
        "attest-probe=/usr/local/bin/attest-probe",  # the wrapper itself: it would run itself
    )
    for bad in bad_specs:
        result = node.exec([INSTALL_ATTEST, "--program", bad])
        assert result.exit_code == 1 and "install-attest:" in result.text, result.text
    assert node.exec(["cat", "/etc/labgrader/attested-programs"]).text == allowlist
    assert node.exec("ls /tmp/lg-i* /usr/local/bin/x").exit_code != 0


async def test_the_whole_lab_verifies_with_attestation_enforced(
    node: FakeNode, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first lab done honestly on the node, graded as its lab.yaml says (every program the
    node wraps needs a signed run): all steps verify with the node's key; with another key none of
    the programs' steps do."""
    lab_dir = REPO / "labs" / "nccl-bootstrap"
    script = (lab_dir / "tests" / "clean-run.script").read_text().splitlines()
    async with learner_shell(node) as shell:
        for line in script:
            if line and line != "exit":
                await shell.run(line)
    lab = lab_dir
    allowlist = node.exec(["cat", "/etc/labgrader/attested-programs"]).text.splitlines()
    names = [ln.split("\t")[0] for ln in allowlist if "\t" in ln and "probe" not in ln]
    assert "lab" in names  # the node's own, unwrapped: `lab answer` has the helper sign it
    programs = [n for n in names if n != "lab"]
    assert len(programs) == 12  # nvidia-smi and the eleven nccl-tests names
    # The lab lists exactly the programs the node wraps: none of its steps can go unsigned.
    listed = yaml.safe_load((lab / "lab.yaml").read_text())["attest"]["programs"]
    assert sorted(listed) == sorted(programs)
    spool = tmp_path / "spool"
    spool.mkdir()
    recorded = last_session(node)
    session_file = spool / "session.ts"
    session_file.write_bytes(recorded.transcript)
    # the signed runs' output records, beside the session as on the node (read as the grader)
    for name in re.findall(rb";r=([0-9A-Za-z_.-]+);rh=", recorded.transcript):
        path = f"{SPOOL}/{node.learner.user}/{name.decode()}"
        (spool / name.decode()).write_bytes(node.exec(["cat", path], user=GRADER).output)
    key_file = tmp_path / "attest.pub"
    key_file.write_bytes(node.exec(["cat", signed_run.PUBLIC_KEY_PATH], user=GRADER).output)
    wrong_key = tmp_path / "wrong.pub"
    wrong_key.write_text(NodeKey.from_seed(3).public.hex())
    steps = len(yaml.safe_load((lab / "lab.yaml").read_text())["steps"])

    capsys.readouterr()
    args = ["replay", "--lab", str(lab), "--learner", "learner", str(session_file)]
    main([*args, "--attest-key", str(key_file)])
    assert f"{steps}/{steps} steps verified" in capsys.readouterr().out
    main([*args, "--attest-key", str(wrong_key)])
    out = capsys.readouterr().out
    assert "forged_attestation" in out and f"{steps}/{steps} steps verified" not in out, out


async def test_lab_answer_is_signed_and_a_function_named_lab_is_not(
    node: FakeNode, key: bytes
) -> None:
    """`lab answer` has the helper run the node's own lab and sign it (p=lab, its three args);
    a shell function or alias named `lab` that exits 0 gets no signed run, so where attestation
    is enforced its answer counts for nothing (tests/matching/test_attest.py)."""
    honest = "lab answer why-socket a"
    fake = "lab answer why-gpus-first b"
    async with learner_shell(node) as shell:
        out = await shell.run(honest)
        assert "Answer 'a' for step 'why-socket' sent" in out, out
        assert await status(shell) == 0
        await shell.run('lab() { echo "Answer sent"; }')
        assert "Answer sent" in await shell.run(fake)
        await shell.run("unset -f lab; alias lab='true'")
        await shell.run(fake)
    recorded = last_session(node)
    att = recorded.attestation(key, honest)
    assert (att.program, att.args, att.exit, att.user) == (
        "lab",
        ("answer", "why-socket", "a"),
        0,
        "learner",
    )
    assert recorded.markers(fake) == [[], []]
