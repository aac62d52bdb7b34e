"""Which road (NCCL transport) a run took, and whether a step that measures one can trust it.

A step with `road: socket` (docs/lab-format.md "road") measures the TCP socket: its number means
nothing if the run went over InfiniBand, which a node with an HCA uses as soon as P2P and shared
memory are closed (NCCL tries its IB transport before the socket one: `ncclNetIb` comes before
`ncclNetSocket` in NCCL's src/net.cc list of built-in networks). The evidence, in order:

1. the run's own `NCCL INFO Channel … via <transport>` lines (NCCL_DEBUG=INFO; src/transport.cc
   prints them as each channel connects): every one must name the step's road;
2. without such lines, the run's transport variables must force the road on any node
   (`forces`): shared memory is what is left once P2P is off; the socket once P2P and shared
   memory are off and IB is off too (NCCL_IB_DISABLE=1, or NCCL_NET=Socket);
3. or an earlier run of this learner on the same node, with the same transport variables, showed
   in its own lines that they lead to this road there (a node with no HCA takes the socket with
   P2P and shared memory closed alone): `RoadMemory`.

P2P cannot be forced by a variable (NVML and the topology decide; docs/nccl-facts.md), so a
`road: p2p` step is proven by its own lines only.

The lines are the program's own: for an attested step the signed output record, never the
terminal (grader/matching/signed_output.py), else the command's output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

ROADS = ("p2p", "shm", "socket", "ib")
#: The variables that pick NCCL's transport between two GPUs of one node.
TRANSPORT_VARS = (
    "NCCL_P2P_DISABLE",
    "NCCL_P2P_LEVEL",
    "NCCL_SHM_DISABLE",
    "NCCL_IB_DISABLE",
    "NCCL_NET",
)
#: A channel's transport line: `… NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer`,
#: `… [send] via NET/Socket/0`, `via NET/IB/0/GDRDMA`, `via SHM/direct/direct`, and before NCCL
#: 2.13 `via direct shared memory`.
_VIA = re.compile(
    r"NCCL INFO .*?\bvia (?:(P2P)/|(SHM)/|(direct shared memory)|NET/([A-Za-z0-9_.-]+))"
)
_LABEL = {"p2p": "P2P", "shm": "SHM", "socket": "NET/Socket", "ib": "NET/IB"}
#: What closes the other roads, for the learner.
_HOW = {
    "p2p": "run it with P2P open (no NCCL_P2P_DISABLE) and NCCL_DEBUG=INFO, so the run shows it",
    "shm": "put NCCL_P2P_DISABLE=1 in front of it and leave shared memory open",
    "socket": (
        "close InfiniBand too (NCCL_IB_DISABLE=1 with NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1), "
        "or add NCCL_DEBUG=INFO so the run shows its road"
    ),
    "ib": "close P2P and shared memory and pick it with NCCL_NET=IB",
}


def label(road: str) -> str:
    """A road as NCCL's lines name it."""
    return _LABEL.get(road, road.removeprefix("net:").join(("NET/", "")))


def road_of(line: str) -> str | None:
    """The road a line names (`p2p`, `shm`, `socket`, `ib`, `net:<name>` for another network
    plugin), or None when it is no channel transport line."""
    m = _VIA.search(line)
    if m is None:
        return None
    if m[1]:
        return "p2p"
    if m[2] or m[3]:
        return "shm"
    net = m[4].casefold()
    return {"socket": "socket", "ib": "ib"}.get(net, f"net:{m[4]}")


def roads_in(lines: Iterable[str]) -> set[str]:
    return {r for r in map(road_of, lines) if r is not None}


def _on(value: str | None) -> bool:
    """An NCCL integer switch as NCCL reads it (strtoll): set and not 0."""
    if value is None:
        return False
    try:
        return int(value.strip(), 0) != 0
    except ValueError:
        return False


def _p2p_off(env: Mapping[str, str]) -> bool:
    level = (env.get("NCCL_P2P_LEVEL") or "").strip().upper()
    return _on(env.get("NCCL_P2P_DISABLE")) or level in ("LOC", "0")


def forces(road: str, env: Mapping[str, str]) -> bool:
    """Whether these variables leave NCCL only `road` between two GPUs of any one node."""
    net = (env.get("NCCL_NET") or "").strip().casefold()
    shm_off = _on(env.get("NCCL_SHM_DISABLE"))
    if road == "shm":
        return _p2p_off(env) and not shm_off
    if road == "socket":
        return _p2p_off(env) and shm_off and (_on(env.get("NCCL_IB_DISABLE")) or net == "socket")
    if road == "ib":
        return _p2p_off(env) and shm_off and net == "ib" and not _on(env.get("NCCL_IB_DISABLE"))
    return False


def env_key(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The transport variables of a run: runs with equal keys take one road on one node."""
    return tuple((n, env[n]) for n in TRANSPORT_VARS if n in env)


#: Roads remembered per learner and lab: a learner choosing variables freely (NCCL_P2P_LEVEL
#: takes any text) must not grow it without end; the oldest is forgotten first.
MEMORY_MAX = 64


class RoadMemory:
    """Roads a learner's runs showed on each node: (host, env_key) -> road. A run whose lines
    all name one road teaches it; a later run with the same variables on that node is known to
    take it too (NCCL's choice is a function of the node and these variables)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}

    def learn(self, host: str, env: Mapping[str, str], lines: Iterable[str]) -> None:
        shown = roads_in(lines)
        if len(shown) != 1:
            return
        key = (host, env_key(env))
        self.seen.pop(key, None)
        self.seen[key] = next(iter(shown))
        while len(self.seen) > MEMORY_MAX:
            del self.seen[next(iter(self.seen))]

    def recall(self, host: str, env: Mapping[str, str]) -> str | None:
        return self.seen.get((host, env_key(env)))

    def to_json(self) -> list[list[object]]:
        return [[host, [list(p) for p in key], road] for (host, key), road in self.seen.items()]

    @classmethod
    def from_json(cls, data: Iterable[list[object]]) -> RoadMemory:
        memory = cls()
        for host, key, road in list(data)[-MEMORY_MAX:]:
            pairs = tuple((str(n), str(v)) for n, v in key)  # type: ignore[attr-defined]
            memory.seen[(str(host), pairs)] = str(road)
        return memory


def problem(road: str, lines: Iterable[str], env: Mapping[str, str], remembered: str | None) -> str:
    """Why this run does not prove it took `road` (empty: it does); see the module doc."""
    shown = roads_in(lines)
    want = label(road)
    if shown:
        other = sorted(shown - {road})
        if not other:
            return ""
        return f"the run's own lines say `via {label(other[0])}`, not {want}: {_HOW[road]}"
    if forces(road, env) or remembered == road:
        return ""
    if remembered is not None:
        return (
            f"with these variables your earlier run on this node went via {label(remembered)}, "
            f"not {want}: {_HOW[road]}"
        )
    return f"nothing shows this run went via {want}: {_HOW[road]}"
