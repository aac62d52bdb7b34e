"""A step that measures an NCCL transport must prove its run took it (grader/matching/road.py).

On a node with InfiniBand, NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 leave NET/IB, not the socket:
a "socket" number measured there is InfiniBand's. The run's own `via` lines (its signed output,
never the terminal), variables that force the road on any node, or an earlier run of the learner
with the same variables on the same node decide.
"""

from __future__ import annotations

import pytest
from signing import NodeKey, recorded_run

from grader.capture.parser import SessionParser
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.attest import Attester
from grader.matching.engine import LabGrader
from grader.matching.road import MEMORY_MAX, RoadMemory, forces, problem, road_of, run_shape
from grader.protocol import run_record, signed_run
from grader.verdict import State

NODE = NodeKey.from_seed(7)
TTY = (run_record.PLACE_TERMINAL, run_record.PLACE_TERMINAL)
PIPED = (run_record.PLACE_PIPE, run_record.PLACE_PIPE)

LAB_YAML = """\
schema_version: 1
id: road-demo
title: Roads
description: One step measuring the socket.
attest:
  programs: [all_reduce_perf]
steps:
  - id: socket-busbw
    title: Measure the socket
    command:
      program: all_reduce_perf
      env: {NCCL_P2P_DISABLE: "1", NCCL_SHM_DISABLE: "1"}
    road: socket
    output:
      all: [Avg bus bandwidth]
"""

VIA_IB = "node1:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/IB/0/GDRDMA\n"
VIA_SOCKET = "node1:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0\n"
TABLE = "# Avg bus bandwidth    : 2.3\n"
CLOSED = "NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Lab:
    d = tmp_path_factory.mktemp("labs") / "road-demo"
    d.mkdir()
    (d / "lab.yaml").write_text(LAB_YAML)
    return load_lab(d)


def test_a_channel_line_names_its_road_in_every_nccl_wording() -> None:
    lines = {
        "h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer": "p2p",
        "h:1:2 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via P2P/IPC/read": "p2p",
        "h:1:2 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct/direct": "shm",
        "h:1:2 [1] NCCL INFO Ring 00 : 1[1] -> 0[0] via direct shared memory": "shm",
        VIA_SOCKET.strip(): "socket",
        VIA_IB.strip(): "ib",
        "h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/AWS-OFI/0": "net:AWS-OFI",
        "h:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.7<0>": None,
        "echo via NET/Socket/0": None,  # no NCCL INFO line
        # a variable's value echoed by NCCL is no channel line
        "h:1:2 [0] NCCL INFO NCCL_SOCKET_FAMILY set by environment to x via NET/Socket/0": None,
        "h:1:2 [0] NCCL INFO NCCL_IB_HCA set to Channel 00/0 : 0[0] -> 1[1] via NET/Socket/0": None,
    }
    assert {line: road_of(line) for line in lines} == lines


def test_variables_force_a_road_only_where_no_node_could_take_another() -> None:
    assert forces("shm", {"NCCL_P2P_DISABLE": "1"})
    assert forces("shm", {"NCCL_P2P_LEVEL": "LOC"})
    assert not forces("shm", {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1"})
    closed = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1"}
    assert not forces("socket", closed)  # an HCA would be taken first
    assert forces("socket", {**closed, "NCCL_IB_DISABLE": "1"})
    assert forces("socket", {**closed, "NCCL_NET": "Socket"})
    assert not forces("socket", {**closed, "NCCL_IB_DISABLE": "0"})
    assert forces("ib", {**closed, "NCCL_NET": "IB"})
    assert not forces("p2p", {})  # NVML and the topology decide P2P, never a variable
    # spellings Python reads as 1 and C's strtoll as 0, or that NCCL ignores: force nothing
    for odd in ("0b1", "0o1", "\u0661", "\uff11", " 1", "2", "-1", "0x1"):
        assert not forces("socket", {**closed, "NCCL_IB_DISABLE": odd}), odd
        assert not forces("socket", {**closed, "NCCL_IB_DISABLE": "1", "NCCL_SHM_DISABLE": odd})
        assert not forces("shm", {"NCCL_P2P_DISABLE": odd}), odd
    assert not forces("shm", {"NCCL_P2P_LEVEL": "loc"})  # NCCL compares level names exactly
    assert not forces("shm", {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "2"})


def test_the_runs_own_lines_decide_before_anything_else() -> None:
    forced = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", "NCCL_IB_DISABLE": "1"}
    assert problem("socket", [VIA_SOCKET], {}, None) == ""
    p = problem("socket", [VIA_SOCKET, VIA_IB], forced, "socket")
    assert "via NET/IB" in p and "NCCL_IB_DISABLE=1" in p
    assert problem("socket", [], forced, None) == ""
    assert problem("socket", [], {}, "socket") == ""
    assert "earlier run on this node went via NET/IB" in problem("socket", [], {}, "ib")
    assert "nothing shows" in problem("socket", [], {}, None).casefold()
    # a value with a line break could print a whole channel line: no line evidence then
    forged = {"NCCL_SOCKET_FAMILY": f"x\n{VIA_SOCKET}"}
    assert "nothing shows" in problem("socket", [VIA_SOCKET], forged, None).casefold()
    assert problem("p2p", [], {}, "p2p") != ""  # P2P is proven by the run's own lines only
    # a shell variable NCCL never prints (a two-line prompt) takes nothing away
    assert problem("socket", [VIA_SOCKET], {"PS1": "a\nb"}, None) == ""


def test_the_memory_is_bounded_and_survives_a_snapshot() -> None:
    memory = RoadMemory()
    run = run_shape("all_reduce_perf", ["-b", "8M", "-g", "2"])
    for i in range(MEMORY_MAX + 36):
        memory.learn("node1", run, {"NCCL_P2P_LEVEL": str(i)}, [VIA_SOCKET], 0)
    assert len(memory.seen) == MEMORY_MAX
    assert memory.recall("node1", run, {"NCCL_P2P_LEVEL": "0"}) is None  # the oldest went first
    last = {"NCCL_P2P_LEVEL": str(MEMORY_MAX + 35)}
    assert memory.recall("node1", run, last) == "socket"
    assert memory.recall("node2", run, last) is None  # another node may have an HCA
    assert memory.recall("node1", run_shape("all_reduce_perf", ["-g1"]), last) is None
    assert RoadMemory.from_json(memory.to_json()).seen == memory.seen
    # what teaches nothing: two roads, a failed run, a key longer than KEY_CHARS_MAX
    fresh = RoadMemory()
    fresh.learn("node1", run, {}, [VIA_SOCKET, VIA_IB], 0)
    fresh.learn("node1", run, {"NCCL_IB_HCA": "mlx5_9"}, [VIA_SOCKET], 1)
    fresh.learn("node1", run, {"NCCL_P2P_LEVEL": "x" * 4096}, [VIA_SOCKET], 0)
    assert fresh.seen == {}
    # variables that change the road are in the key (NCCL_IB_HCA naming no device, CUDA_*)
    fresh.learn("node1", run, {"NCCL_IB_HCA": "=nope0"}, [VIA_SOCKET], 0)
    assert fresh.recall("node1", run, {}) is None
    fresh.learn("node1", run, {"NCCL_DEBUG": "INFO"}, [VIA_SOCKET], 0)
    assert fresh.recall("node1", run, {"NCCL_DEBUG": "WARN"}) == "socket"  # logging is not
    # a snapshot entry of another shape is left out, never raised on
    bad = [["node1", "k", "{'x': 1}"], ["n", 1, "socket"], "junk", ["a", "b", "socket"]]
    assert RoadMemory.from_json(bad).seen == {("a", "b"): "socket"}


def typed(
    t: Transcript,
    records: dict[str, bytes],
    line: str,
    env: dict[str, str],
    printed: str,
    shown: str | None = None,
    places: tuple[int, int] = TTY,
) -> Transcript:
    """`line` runs all_reduce_perf for real with `env`, which prints `printed` (its signed
    record); the terminal shows `shown` (default: what it printed)."""
    t.typed(line).start(line).output(printed if shown is None else shown)
    att = signed_run.Attestation(
        "all_reduce_perf", ("-g", "2"), tuple(sorted(env.items())), 0, t.t + 0.1, t.t + 0.5,
        "alice", "node1", 5000 + len(records), 4242, t.nonce,
    )  # fmt: skip
    t.raw(recorded_run(NODE, att, printed.encode(), records, "s1", places))
    return t.prompt(0)


def grade(lab: Lab, t: Transcript, records: dict[str, bytes]) -> LabGrader:
    parser = SessionParser("s1", DEFAULT_NONCE)
    events = Attester(NODE.public, dict(records)).events(parser.feed(bytes(t)) + parser.close())
    g = LabGrader(lab, "alice", enforce_attestation=True)
    g.feed_all(events)
    return g


ENV = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1"}
DEBUG = {**ENV, "NCCL_DEBUG": "INFO"}
PLAIN = f"{CLOSED} all_reduce_perf -g 2"
FILTERED = f"{CLOSED} NCCL_DEBUG=INFO all_reduce_perf -g 2 2>&1 | grep -e via -e Avg"


def test_on_an_infiniband_node_the_plain_closed_run_is_not_the_socket(lab: Lab) -> None:
    """The debug run shows NET/IB for these variables: the plain run with them measured IB."""
    records: dict[str, bytes] = {}
    t = Transcript().prompt()
    typed(t, records, FILTERED, DEBUG, VIA_IB + TABLE, places=PIPED)
    g = grade(lab, t, records)
    v = g.verdicts()["socket-busbw"]
    assert v.state is State.ATTEMPTED and "via NET/IB" in v.reason, v
    typed(t, records, PLAIN, ENV, TABLE)
    g = grade(lab, t, records)
    v = g.verdicts()["socket-busbw"]
    assert v.state is State.ATTEMPTED and "earlier run on this node went via NET/IB" in v.reason
    # closing InfiniBand forces the socket on any node
    typed(t, records, f"NCCL_IB_DISABLE=1 {PLAIN}", {**ENV, "NCCL_IB_DISABLE": "1"}, TABLE)
    assert grade(lab, t, records).verdicts()["socket-busbw"].state is State.VERIFIED


def test_on_a_node_without_an_hca_the_debug_run_vouches_for_the_plain_one(lab: Lab) -> None:
    records: dict[str, bytes] = {}
    t = Transcript().prompt()
    typed(t, records, PLAIN, ENV, TABLE)
    v = grade(lab, t, records).verdicts()["socket-busbw"]
    assert v.state is State.ATTEMPTED and "nothing shows" in v.reason.casefold(), v
    typed(t, records, FILTERED, DEBUG, VIA_SOCKET + TABLE, places=PIPED)
    typed(t, records, PLAIN, ENV, TABLE)
    g = grade(lab, t, records)
    assert g.verdicts()["socket-busbw"].state is State.VERIFIED
    # a restarted grader remembers what the node showed
    restored = LabGrader.restore(lab, "alice", g.snapshot(), enforce_attestation=True)
    assert restored.roads.seen == g.roads.seen and restored.roads.seen


def test_a_terminal_that_shows_the_socket_does_not_count_the_signed_lines_do(lab: Lab) -> None:
    """The learner prints `via NET/Socket` himself; the run's own record says NET/IB."""
    records: dict[str, bytes] = {}
    t = Transcript().prompt()
    line = f"{FILTERED}; echo '{VIA_SOCKET.strip()}'"
    typed(t, records, line, DEBUG, VIA_IB + TABLE, VIA_IB + TABLE + VIA_SOCKET, places=PIPED)
    typed(t, records, PLAIN, ENV, TABLE)
    v = grade(lab, t, records).verdicts()["socket-busbw"]
    assert v.state is State.ATTEMPTED and "via NET/IB" in v.reason, v


def test_one_run_does_not_lend_its_proof_to_another_runs_number(lab: Lab) -> None:
    """`NCCL_IB_DISABLE=1 RUN > /dev/null; RUN`: the second run's number is InfiniBand's."""
    records: dict[str, bytes] = {}
    t = Transcript().prompt()
    line = f"NCCL_IB_DISABLE=1 {PLAIN} > /dev/null; {PLAIN}"
    t.typed(line).start(line).output(TABLE)
    forced = {**ENV, "NCCL_IB_DISABLE": "1"}
    for n, env in enumerate((forced, ENV)):
        att = signed_run.Attestation(
            "all_reduce_perf", ("-g", "2"), tuple(sorted(env.items())), 0, t.t + 0.1 + n,
            t.t + 0.5 + n, "alice", "node1", 6000 + n, 4242, t.nonce,
        )  # fmt: skip
        places = (run_record.PLACE_DEVICE, run_record.PLACE_TERMINAL) if n == 0 else TTY
        t.raw(recorded_run(NODE, att, TABLE.encode(), records, "s1", places))
    t.prompt(0)
    v = grade(lab, t, records).verdicts()["socket-busbw"]
    assert v.state is not State.VERIFIED and "nothing shows" in v.reason.casefold(), v
