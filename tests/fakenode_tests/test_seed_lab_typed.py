"""Issue 3's acceptance, end to end: the seed lab typed by a person on a fake node, graded from
the spool as the grader account reads it.

Why this shape: every other test drives the capture shell with whole lines. A learner does not.
They mistype and backspace, interrupt a command with Ctrl-C, recall the last one with the arrow
key, and open tmux, whose pane is a new pty that tmux re-renders (dropping our OSC markers), so
the bashrc guard must give it its own `script` and session file. Here the keystrokes go one by
one, with pauses, over real SSH into a real pty; the spool is then read over SFTP as
`labgrader` with the pinned host key and graded by the real parser and engine
(grader.authoring.session_files, what `grader replay` runs). The dishonest session runs the same
pipeline, so "nothing verified" is not vacuous.

Synchronisation: the login shell's own prompt marker (its aid and nonce) says a command is over;
tmux drops markers from pane output, so inside the pane the test watches the pane's session file
out of band (docker exec as root). That is the test harness waiting, never what is graded.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shlex
from pathlib import Path

import asyncssh
import pytest
import shells
from fakenode import SHELL_TIMEOUT_S, FakeNode, InteractiveShell, install_bash

from grader.authoring.session_files import SESSIONS_INDEX, merged_events, replay
from grader.capture.events import CommandEnded, CommandRecord
from grader.labs.loader import load_lab
from grader.verdict import State

pytestmark = pytest.mark.fakenode

LAB_DIR = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"
SPOOL = "/var/lib/labgrader/spool"
RUN_BROKEN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
WARN = "NCCL WARN Bootstrap : no socket interface found"
#: How NCCL names the interface it chose (the lab's socket-iface pattern, group 1 = the name).
NET_SOCKET = re.compile(r"NET/Socket ?: Using \[0\]([^\s:\[\]<>]+):")

#: A person types 5-12 keys a second; 10-40 ms per key keeps the run short while every key
#: still arrives as its own write (readline sees single keys, not a pasted line).
KEY_PAUSE_S = (0.01, 0.04)
#: Time a person takes before pressing Ctrl-C on a command that already runs: long enough that
#: `sleep` has been forked (the C marker comes from PS0, just before).
BEFORE_CTRL_C_S = 0.4
#: How often the harness looks at a pane's session file while waiting for its prompt.
POLL_S = 0.1
#: Seeded: a failure replays with the same pauses.
RNG_SEED = 3

BACKSPACE = b"\x7f"
CTRL_C = b"\x03"
#: tmux's default prefix key.
CTRL_B = b"\x02"
ARROW_UP = b"\x1b[A"
ENTER = b"\r"
#: OSC strings (markers, window titles) and CSI sequences: what a person does not see.
INVISIBLE = re.compile(r"\x1b\][^\x07]*\x07|\x1b\[[0-9;?]*[A-Za-z]")
PROMPT_A = re.compile(rb"\x1b\]133;A;aid=(\d+);k=([0-9a-f]+)\x07")


class Typist:
    """A person at the keyboard of one captured login shell (over SSH with a pty)."""

    def __init__(self, shell: InteractiveShell) -> None:
        self.shell = shell
        self._rng = random.Random(RNG_SEED)
        first = PROMPT_A.search(bytes(shell.transcript))
        assert first is not None, shell.tail()
        #: This login shell's own prompt marker: forged or replayed ones carry another nonce.
        self.prompt = first.group(0)
        self.aid = int(first.group(1))
        self.nonce = first.group(2).decode()

    @classmethod
    async def login(cls, conn: asyncssh.SSHClientConnection) -> Typist:
        return cls(await InteractiveShell.open(conn))

    async def keys(self, *keys: bytes) -> None:
        for key in keys:
            self.shell.process.stdin.write(key)
            await asyncio.sleep(self._rng.uniform(*KEY_PAUSE_S))

    async def type(self, text: str) -> None:
        await self.keys(*(ch.encode() for ch in text))

    async def backspace(self, count: int) -> None:
        await self.keys(*([BACKSPACE] * count))

    async def wait_for(self, needle: bytes, start: int) -> bytes:
        """Read until `needle` appears after transcript offset `start`; the bytes since then."""
        transcript = self.shell.transcript
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHELL_TIMEOUT_S
        while transcript.find(needle, start) < 0:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"no {needle!r} after {SHELL_TIMEOUT_S} s: {self.shell.tail()!r}"
                )
            try:
                chunk = await asyncio.wait_for(self.shell.process.stdout.read(65536), remaining)
            except TimeoutError:
                continue
            if not chunk:
                raise EOFError(f"shell closed waiting for {needle!r}: {self.shell.tail()!r}")
            transcript += chunk
        return bytes(transcript[start:])

    async def enter(self) -> str:
        """Press Enter and wait for this shell's next prompt; the terminal output, decoded."""
        start = len(self.shell.transcript)
        await self.keys(ENTER)
        out = await self.wait_for(self.prompt, start)
        return out.decode("utf-8", errors="replace")

    async def line(self, text: str) -> str:
        await self.type(text)
        return await self.enter()


def screen_lines(out: str) -> list[str]:
    """The terminal output as the lines a person reads (escapes and carriage returns removed)."""
    return [ln.replace("\r", "").strip() for ln in INVISIBLE.sub("", out).split("\n")]


# --- out-of-band views of the spool (harness only) ------------------------------------------------


def sessions_of(node: FakeNode, user: str) -> list[dict[str, object]]:
    result = node.exec(["cat", f"{SPOOL}/{user}/{SESSIONS_INDEX}"])
    if result.exit_code != 0:
        return []
    return [json.loads(line) for line in result.text.splitlines() if line.strip()]


async def wait_for_pty_session(node: FakeNode, user: str) -> dict[str, object]:
    """The spool index entry of the first new-pty (tmux pane) session, once it is written."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SHELL_TIMEOUT_S
    while loop.time() < deadline:
        ptys = [s for s in sessions_of(node, user) if s["kind"] == "pty"]
        if ptys:
            return ptys[0]
        await asyncio.sleep(POLL_S)
    raise TimeoutError(f"no kind=pty session in {user}'s spool: {sessions_of(node, user)}")


async def wait_for_prompts(node: FakeNode, path: str, count: int) -> None:
    """Wait until the session file at `path` holds `count` prompt markers (the pane is idle)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SHELL_TIMEOUT_S
    while loop.time() < deadline:
        if len(PROMPT_A.findall(node.exec(["cat", path]).output)) >= count:
            return
        await asyncio.sleep(POLL_S)
    raise TimeoutError(f"{path} never reached {count} prompts: {node.exec(['cat', path]).text!r}")


# --- the grader's side ----------------------------------------------------------------------------


async def fetch_spool_as_grader(node: FakeNode, learner: str, dest: Path) -> list[Path]:
    """Every session file of `learner` and their sessions.jsonl, read over SFTP as `labgrader`
    (host key pinned); the local .ts paths, sessions.jsonl beside them as on the node."""
    spool = f"{SPOOL}/{learner}"
    async with (
        asyncssh.connect(**node.connect_kwargs(node.grader)) as conn,
        conn.start_sftp_client() as sftp,
    ):
        names = sorted(await sftp.listdir(spool))
        wanted = [n for n in names if n == SESSIONS_INDEX or n.endswith(".ts")]
        for name in wanted:
            await sftp.get(f"{spool}/{name}", str(dest / name))
    assert SESSIONS_INDEX in wanted, names
    return [dest / n for n in wanted if n.endswith(".ts")]


def records(paths: list[Path]) -> list[CommandRecord]:
    _, events = merged_events(paths)
    return [e.record for e in events if isinstance(e, CommandEnded)]


# --- honest: the whole lab, typed -----------------------------------------------------------------


async def type_the_lab(node: FakeNode) -> tuple[Typist, str]:
    """Type the seed lab (labs/nccl-bootstrap/tests/clean-run.script) the way a person does.
    Returns the typist and the interface NCCL reported in this session."""
    async with asyncssh.connect(**node.connect_kwargs(node.learner)) as conn:
        me = await Typist.login(conn)

        # A command started by mistake and interrupted.
        start = len(me.shell.transcript)
        await me.type("sleep 30")
        await me.keys(ENTER)
        await me.wait_for(b"\x1b]133;C;", start)
        await asyncio.sleep(BEFORE_CTRL_C_S)
        await me.keys(CTRL_C)
        await me.wait_for(me.prompt, start)

        # run-broken, with two typos fixed by backspace.
        await me.type("NCCL_SOCKET_IFNAME=doesnotexits")
        await me.backspace(2)
        await me.type("st0 all_reduce_pref")
        await me.backspace(3)
        await me.type("erf -b 8M -e 8M -g 2")
        out = await me.enter()
        assert WARN in out, out

        # why-socket, a missing blank noticed before Enter.
        await me.type("lab answer why-socketa")
        await me.backspace(1)
        await me.line(" a")

        # topo from a tmux pane: the guard re-wraps the pane with its own `script`.
        await me.type("tmux new -s lab")
        await me.keys(ENTER)
        pane = await wait_for_pty_session(node, node.learner.user)
        pane_file = f"{SPOOL}/{node.learner.user}/{pane['file']}"
        await wait_for_prompts(node, pane_file, 1)
        await me.type("nvidia-smi topo -m")
        await me.keys(ENTER)
        await wait_for_prompts(node, pane_file, 2)
        # Detach (Ctrl-B d), as tmux is meant to be used: the pane's shell and its `script`
        # live on, so the grader later reads a session file that is still open.
        start = len(me.shell.transcript)
        await me.keys(CTRL_B, b"d")
        await me.wait_for(me.prompt, start)  # the login shell's prompt is back

        # exit-code: recall the broken run (three lines up: tmux, lab answer, the run), then $?.
        await me.keys(ARROW_UP, ARROW_UP, ARROW_UP)
        out = await me.enter()
        assert WARN in out, out
        out = await me.line("echo $?")
        assert "3" in screen_lines(out), out

        await me.line("lab answer why-gpus-first b")

        out = await me.line(
            "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'"
        )
        found = NET_SOCKET.search(out)
        assert found is not None, out
        iface = found.group(1)

        await me.type("lab answer why-contianer")
        await me.backspace(5)
        await me.type("ainer c")
        await me.enter()
        await me.line("NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'")
        await me.line(f"{RUN_BROKEN} 2>&1 | grep 'NCCL WARN'")
        await me.line("NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'")
        out = await me.line(f"NCCL_SOCKET_IFNAME={iface} all_reduce_perf -b 8M -e 128M -f 2 -g 2")
        assert "Avg bus bandwidth" in out, out
        await me.shell.exit()
    return me, iface


@pytest.mark.parametrize("shell", shells.params(captures=True))
async def test_seed_lab_typed_by_a_person_is_fully_verified(
    fresh_fake_node: FakeNode, tmp_path: Path, shell: shells.Shell
) -> None:
    """On the fake node's own bash, and with each release of the shell matrix installed as the
    node's /bin/bash (Ubuntu 20.04's 5.0, RHEL 8's 4.4, ...): the same keys, every step."""
    node = fresh_fake_node
    if shell.bindir is not None:
        version = install_bash(node, shell.bindir / "bash")
        assert version.startswith(shell.label.removeprefix("bash-")), version
    lab = load_lab(LAB_DIR)
    login, iface = await type_the_lab(node)

    paths = await fetch_spool_as_grader(node, node.learner.user, tmp_path)
    index = [json.loads(x) for x in (tmp_path / SESSIONS_INDEX).read_text().splitlines()]
    by_session = {s["session"]: s for s in index}
    logins = [s for s in index if s["kind"] == "login"]
    panes = [s for s in index if s["kind"] == "pty"]
    assert len(logins) == 1 and len(panes) == 1, index
    assert panes[0]["parent"] == logins[0]["session"]
    assert logins[0]["nonce"] == login.nonce
    assert {p.name for p in paths} == {s["file"] for s in index}
    # The pane was detached, not closed: its `script` has not written its closing line yet.
    assert b"Script done" not in (tmp_path / panes[0]["file"]).read_bytes()
    assert b"Script done" in (tmp_path / logins[0]["file"]).read_bytes()

    graded = replay(lab, paths)
    verdicts = graded.grader.verdicts()
    verified = {sid for sid, v in verdicts.items() if v.state is State.VERIFIED}
    assert verified == {s.id for s in lab.steps}, {
        sid: v.reason for sid, v in verdicts.items() if v.state is not State.VERIFIED
    }
    assert not graded.grader.anomalies, graded.grader.anomalies

    # The tmux step's evidence is the pane's own session file, not tmux's rendering of it.
    topo = verdicts["topo"].evidence
    assert topo is not None and topo.line == "nvidia-smi topo -m"
    assert by_session[topo.session]["kind"] == "pty"
    # The rest came from the login shell; the interface is the one NCCL printed here.
    for sid in ("run-broken", "exit-code", "socket-iface", "pin-iface"):
        evidence = verdicts[sid].evidence
        assert evidence is not None and by_session[evidence.session]["kind"] == "login", sid
    assert verdicts["socket-iface"].captures["iface"] == iface
    assert f"NCCL_SOCKET_IFNAME={iface} " in verdicts["pin-iface"].evidence.line

    # What the keys did, as the parser saw it: the typos never reached a command line, Ctrl-C
    # ended `sleep` with 130, and the recalled line is the broken run that `echo $?` judged.
    recs = [r for r in records(paths) if r.session == logins[0]["session"]]
    lines = [r.line for r in recs]
    assert not any("exits" in ln or "pref" in ln or "socketa" in ln for ln in lines), lines
    assert (recs[0].line, recs[0].exit) == ("sleep 30", 130)
    assert (recs[1].line, recs[1].exit) == (RUN_BROKEN, 3)
    echo = lines.index("echo $?")
    assert (recs[echo - 1].line, recs[echo - 1].exit) == (RUN_BROKEN, 3)
    assert lines.count(RUN_BROKEN) == 2
    assert verdicts["exit-code"].evidence.n == recs[echo].n


# --- dishonest: what a learner might type instead -------------------------------------------------

#: Not any session's nonce: the forger does not know the live one (reading it is the
#: reliability suite's right-nonce case).
MADE_UP_NONCE = "0123456789abcdef0123456789abcdef"


def forged_block(n: int, nonce: str) -> str:
    """A printf that writes a whole command's markers: 633;E line, 133;C, the NCCL warning,
    133;D with exit 3, then a prompt marker, all carrying `nonce` and this shell's aid."""
    line = RUN_BROKEN.replace(" ", "\\\\x20")
    return (
        f"printf '\\033]633;E;{line};{nonce}\\007\\033]133;C;aid=%s;n={n};h={n};t=1.0;k={nonce}"
        f"\\007{WARN}\\n\\033]133;D;3;aid=%s;n={n};h={n};t=2.0;ps=3;k={nonce}\\007"
        f"\\033]133;A;aid=%s;k={nonce}\\007' $$ $$ $$"
    )


async def test_dishonest_session_verifies_nothing(
    fresh_fake_node: FakeNode, tmp_path: Path
) -> None:
    node = fresh_fake_node
    lab = load_lab(LAB_DIR)
    user = node.learner.user

    # A friend (the second learner) really did the first steps and shares their recording.
    async with asyncssh.connect(**node.connect_kwargs(node.learner2)) as conn:
        friend = await InteractiveShell.open(conn)
        for cmd in (
            RUN_BROKEN,
            "echo $?",
            "nvidia-smi topo -m",
            "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 | grep NET/Socket",
            "NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 8M -g 2",
        ):
            await friend.run(cmd)
        await friend.exit()
    friend_session = sessions_of(node, node.learner2.user)[0]
    async with asyncssh.connect(**node.connect_kwargs(node.learner2)) as conn:
        own = f"{SPOOL}/{node.learner2.user}/{friend_session['file']}"
        await conn.run(
            f"cp {shlex.quote(own)} /tmp/friend.ts && chmod 644 /tmp/friend.ts", check=True
        )

    # An old session of the learner's own, replayed later.
    async with asyncssh.connect(**node.connect_kwargs(node.learner)) as conn:
        old = await InteractiveShell.open(conn)
        await old.run("echo warm-up")
        await old.exit()
    old_session = sessions_of(node, user)[0]

    async with asyncssh.connect(**node.connect_kwargs(node.learner)) as conn:
        me = await Typist.login(conn)
        for cmd in (
            f'echo "{WARN}"',
            f"printf '%s\\n' '{WARN}' 'GPU0 X PHB' 'GPU1 PHB X' '# Avg bus bandwidth : 12.5'",
            f"bash -c 'echo \"{WARN}\"; exit 3'",
            "echo $?",
            forged_block(900, MADE_UP_NONCE),
            "echo $?",
            forged_block(901, ""),
            "cat /tmp/friend.ts",
            "echo $?",
            f"cat {SPOOL}/{user}/{old_session['file']}",
        ):
            await me.line(cmd)
        await me.shell.exit()

    # The friend's recording is worth something: graded as theirs, it verifies these steps.
    friend_dir = tmp_path / "friend"
    friend_dir.mkdir()
    theirs = replay(lab, await fetch_spool_as_grader(node, node.learner2.user, friend_dir))
    worth = {"run-broken", "exit-code", "topo", "socket-iface", "pin-iface"}
    assert worth <= {s for s, v in theirs.grader.verdicts().items() if v.state is State.VERIFIED}

    mine = tmp_path / "learner"
    mine.mkdir()
    paths = await fetch_spool_as_grader(node, user, mine)
    assert len(paths) == 2, paths
    graded = replay(lab, paths)
    verdicts = graded.grader.verdicts()
    for step in lab.steps:
        assert verdicts[step.id].state is not State.VERIFIED, (step.id, verdicts[step.id])

    # Not vacuous: the grader saw the forged text, inside commands that are not the program.
    recs = records(paths)
    assert any(WARN in r.output and r.line.startswith("echo ") for r in recs), recs

    # Forged and replayed markers are kept as anomalies, each source known by its nonce, all
    # in the dishonest session (the old session itself is clean).
    bad = [a for a in graded.grader.anomalies if a.kind == "bad_nonce"]
    nonces = {a.extra.get("nonce") for a in bad}
    assert MADE_UP_NONCE in nonces
    assert "" in nonces  # the forged block without any nonce
    assert friend_session["nonce"] in nonces
    assert old_session["nonce"] in nonces
    dishonest = next(s["session"] for s in sessions_of(node, user) if s["nonce"] == me.nonce)
    assert {a.session for a in graded.grader.anomalies} == {dishonest}
