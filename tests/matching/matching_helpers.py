"""Builders for matching tests: a lab shaped like the seed lab, and a fake shell emitting events.

The events are the capture contract (grader.capture.events) exactly as the parser emits them; the
engine under test is real. End-to-end tests over real session bytes live with the CLI tests.
"""

from __future__ import annotations

from grader.capture.events import (
    CommandEnded,
    CommandRecord,
    CommandStarted,
    Event,
    OutputLines,
    PromptWithoutCommand,
)
from grader.labs.model import (
    After,
    Choice,
    CommandExpect,
    ExitExpect,
    Lab,
    OutputExpect,
    Pattern,
    StageExpect,
    Step,
    ValueMatch,
)

BROKEN_OUTPUT = """\
# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
#
# Using devices
#  Rank  0 Group  0 Pid 24281 on localhost device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid 24281 on localhost device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-07-29 07:21:55] localhost:24281:24281 [0] bootstrap.cc:126 (bootstrapNetInit) \
NCCL WARN Bootstrap : no socket interface found
localhost: Test NCCL failure common.cu:1550 \
'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. localhost pid 24281: Test failure common.cu:1454
"""
SOCKET_LINE = "localhost:24133:24153 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>"
GOOD_TAIL = "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 11.3 \n#\n"


def seed_like_lab() -> Lab:
    """Five steps covering env/flags/exit/immediately/pipe/captures/${var}/question."""
    return Lab(
        id="nccl-test",
        title="The Job That Never Starts",
        description="",
        environment={"NCCL_DEBUG": "WARN"},
        steps=(
            Step(
                id="run-broken",
                title="Run the job and watch it die",
                command=CommandExpect(
                    main=StageExpect(
                        program=("all_reduce_perf",),
                        env={"NCCL_SOCKET_IFNAME": ValueMatch("equals", "doesnotexist0")},
                        flags={
                            "-b": ValueMatch("equals", "8M"),
                            "-g|--ngpus": ValueMatch("equals", "2"),
                        },
                    )
                ),
                output=OutputExpect(
                    all=(
                        Pattern("contains", "NCCL WARN"),
                        Pattern("regex", r"Bootstrap ?: no socket interface found"),
                    )
                ),
                exit=ExitExpect("code", 3),
            ),
            Step(
                id="read-exit",
                title="Read the exit code",
                command=CommandExpect(
                    main=StageExpect(
                        program=("echo", "printf"), args=(ValueMatch("contains", "$?"),)
                    )
                ),
                output=OutputExpect(all=(Pattern("regex", r"^3$"),)),
                after=After("run-broken", immediately=True),
            ),
            Step(
                id="find-iface",
                title="Find the interface NCCL chose",
                command=CommandExpect(
                    main=StageExpect(
                        program=("all_reduce_perf",),
                        env={
                            "NCCL_DEBUG": ValueMatch("equals", "INFO"),
                            "NCCL_SOCKET_IFNAME": ValueMatch("absent"),
                        },
                    ),
                    pipe=(
                        StageExpect(
                            program=("grep",), args=(ValueMatch("contains", "NET/Socket"),)
                        ),
                    ),
                ),
                output=OutputExpect(
                    all=(Pattern("regex", r"NET/Socket : Using \[0\](?P<iface>[A-Za-z0-9_.-]+):"),)
                ),
                captures=("iface",),
            ),
            Step(
                id="pin-iface",
                title="Pin the interface and run",
                command=CommandExpect(
                    main=StageExpect(
                        program=("all_reduce_perf",),
                        env={"NCCL_SOCKET_IFNAME": ValueMatch("equals", "${iface}")},
                        flags={"-g|--ngpus": ValueMatch("equals", "2")},
                    )
                ),
                output=OutputExpect(all=(Pattern("contains", "Avg bus bandwidth"),)),
                exit=ExitExpect("zero"),
                after=After("find-iface"),
            ),
            Step(
                id="why-socket",
                title="Why a socket?",
                type="question",
                question="Why does a two-GPU job need a socket?",
                choices=(
                    Choice("a", "NVLink is missing"),
                    Choice("b", "Bootstrap always uses one"),
                ),
                answer="b",
            ),
        ),
    )


class Shell:
    """One interactive shell (session, aid) producing capture events in the parser's shape."""

    def __init__(self, session: str = "20261129T181502-4242-9f3a01bc", aid: int = 4242) -> None:
        self.session = session
        self.aid = aid
        self.n = 0
        self.t = 1796321702.0
        self.exit = 0

    def run(
        self,
        line: str,
        output: str = "",
        exit: int = 0,
        pipestatus: tuple[int, ...] | None = None,
        *,
        reliable: bool = True,
        chunk: int = 3,
    ) -> list[Event]:
        self.n += 1
        self.t += 1.0
        lines = output.splitlines()
        events: list[Event] = [
            CommandStarted(
                self.session, self.aid, self.n, line, self.t, "/home/alice", self.n, reliable
            )
        ]
        for i in range(0, len(lines), chunk):
            events.append(OutputLines(self.session, self.aid, self.n, tuple(lines[i : i + chunk])))
        rec = CommandRecord(
            session=self.session,
            aid=self.aid,
            n=self.n,
            line=line,
            exit=exit,
            pipestatus=pipestatus if pipestatus is not None else (exit,),
            cwd="/home/alice",
            t0=self.t,
            t1=self.t + 0.5,
            output=output,
            output_chars=len(output),
            line_reliable=reliable,
        )
        events.append(CommandEnded(rec))
        self.exit = exit
        return events

    def enter(self, exit: int | None = None, not_executed: bool = False) -> list[Event]:
        """An empty Enter (or Ctrl-C / syntax error) at the prompt: a D without a C."""
        code = self.exit if exit is None else exit
        self.exit = code
        return [PromptWithoutCommand(self.session, self.aid, self.n, code, not_executed)]
