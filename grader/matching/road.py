"""Which road (NCCL transport) a run took, and whether a step that measures one can trust it.

A step with `road: socket` (docs/lab-format.md "road") measures the TCP socket: its number means
nothing if the run went over InfiniBand, which a node with an HCA uses as soon as P2P and shared
memory are closed (NCCL tries its IB transport before the socket one: `ncclNetIb` comes before
`ncclNetSocket` in NCCL's src/net.cc list of built-in networks). The evidence, in order:

1. the run's own `NCCL INFO Channel … via <transport>` lines (NCCL_DEBUG=INFO; src/transport.cc
   prints them as each channel connects): every one must name the step's road. Only whole
   channel lines count (`… NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via …`), never a
   `via` inside another message (NCCL echoes variables' values: `NCCL_SOCKET_FAMILY set by
   environment to x via NET/Socket/0`), and a run whose variables hold a line break has no line
   evidence at all (NCCL prints the value as it is: it could be a whole forged line);
2. without such lines, the run's transport variables must force the road on any node
   (`forces`): shared memory is what is left once P2P is off; the socket once P2P and shared
   memory are off and IB is off too (NCCL_IB_DISABLE=1, or NCCL_NET=Socket). Only the exact
   spellings NCCL is sure to read so count: `1`, `LOC`, `Socket`/`IB` (NCCL reads its integer
   switches with C's strtoll, which takes no `0b1` or full-width digit, and turns P2P and shared
   memory off only at exactly 1: src/misc/param.cc, src/graph/paths.cc, src/transport/shm.cc);
3. or an earlier run of this learner on the same node, exited 0, with the same program, GPU and
   thread counts and the same NCCL/CUDA variables (all but NCCL_DEBUG*), showed in its own lines
   that they lead to this road there (a node with no HCA takes the socket with P2P and shared
   memory closed alone): `RoadMemory`.

P2P cannot be forced by a variable (NVML and the topology decide; docs/nccl-facts.md), so a
`road: p2p` step is proven by its own lines only. A network plugin (`libnccl-net.so`, tried
before the built-in networks) is not closed by NCCL_IB_DISABLE: on such a node only the run's
own lines or NCCL_NET=Socket prove the socket, and variables alone are taken at their word.

The lines are the program's own: for an attested step the signed output record, never the
terminal (grader/matching/signed_output.py), else the command's output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from grader.protocol.signed_run import ENV_NAME

ROADS = ("p2p", "shm", "socket", "ib")
#: A channel's transport line: `… NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer`,
#: `… [send] via NET/Socket/0`, `via NET/IB/0/GDRDMA`, `via SHM/direct/direct`, and before NCCL
#: 2.13 `Ring 00 : 1[1] -> 0[0] via direct shared memory`. Anchored on the message's start, so
#: a `via` inside another message (a variable's echoed value) is none.
_VIA = re.compile(
    r"(?:^|\s)NCCL INFO (?:Channel|Ring) \d+(?:/\d+)? ?: \d+\[[0-9A-Fa-f]+\] -> \d+\[[0-9A-Fa-f]+\]"
    r"(?: \[(?:send|receive)\])? via (?:(P2P)/|(SHM)/|(direct shared memory)|NET/([A-Za-z0-9_.-]+))"
)
#: Variables that do not change the road: NCCL's logging.
_LOGGING = "NCCL_DEBUG"
#: A memory key longer than this is not learned: a key holds the run's variables, which a learner
#: may make as long as a signed marker allows.
KEY_CHARS_MAX = 1024
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


def _one(env: Mapping[str, str], name: str) -> bool:
    """The switch is set to exactly `1`: what every NCCL reads as on (see the module doc)."""
    return env.get(name) == "1"


def _p2p_off(env: Mapping[str, str]) -> bool:
    return _one(env, "NCCL_P2P_DISABLE") or env.get("NCCL_P2P_LEVEL") == "LOC"


def _maybe_on(env: Mapping[str, str], name: str) -> bool:
    """Set to anything but a plain 0 or nothing: NCCL might read it as on."""
    return env.get(name, "0").strip() not in ("0", "")


def forces(road: str, env: Mapping[str, str]) -> bool:
    """Whether these variables leave NCCL only `road` between two GPUs of any one node (the exact
    spellings only: anything NCCL might read otherwise forces nothing)."""
    net = env.get("NCCL_NET")
    shm_off = _one(env, "NCCL_SHM_DISABLE")
    if road == "shm":
        return _p2p_off(env) and not _maybe_on(env, "NCCL_SHM_DISABLE")
    if road == "socket":
        return (
            _p2p_off(env)
            and shm_off
            and (_one(env, "NCCL_IB_DISABLE") or (net or "").casefold() == "socket")
        )
    if road == "ib":
        return (
            _p2p_off(env)
            and shm_off
            and (net or "").casefold() == "ib"
            and not _maybe_on(env, "NCCL_IB_DISABLE")
        )
    return False


def env_key(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """A run's NCCL/CUDA/NVIDIA variables but its logging, sorted: runs with equal keys (and
    equal program and GPU counts, `RoadMemory`) take one road on one node."""
    return tuple(
        sorted((n, v) for n, v in env.items() if ENV_NAME.match(n) and not n.startswith(_LOGGING))
    )


def trusted_lines(lines: Iterable[str], env: Mapping[str, str]) -> list[str]:
    """The run's lines as road evidence: none when an NCCL/CUDA/NVIDIA variable holds a line
    break (NCCL prints values as they are, so a value could be a whole channel line of the
    learner's making; other variables, such as a multi-line PS1, it never prints)."""
    if any("\n" in v or "\r" in v for n, v in env.items() if ENV_NAME.match(n)):
        return []
    return list(lines)


#: Roads remembered per learner and lab: a learner choosing variables freely (NCCL_P2P_LEVEL
#: takes any text) must not grow it without end; the oldest is forgotten first.
MEMORY_MAX = 64


class RoadMemory:
    """Roads a learner's runs showed on each node: (host, env_key) -> road. A run whose lines
    all name one road teaches it; a later run with the same variables on that node is known to
    take it too (NCCL's choice is a function of the node and these variables)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], str] = {}

    @staticmethod
    def key(host: str, run: str, env: Mapping[str, str]) -> tuple[str, str]:
        """(host, the run's shape and variables as one text): `run` names the program and its
        GPU and thread counts (`run_shape`)."""
        return host, repr((run, env_key(env)))

    def learn(
        self, host: str, run: str, env: Mapping[str, str], lines: Iterable[str], exit: int
    ) -> None:
        """Remember the road a run's own lines named (only a run that exited 0 and named one)."""
        shown = roads_in(trusted_lines(lines, env))
        key = self.key(host, run, env)
        if exit != 0 or len(shown) != 1 or len(key[1]) > KEY_CHARS_MAX:
            return
        self.seen.pop(key, None)
        self.seen[key] = next(iter(shown))
        while len(self.seen) > MEMORY_MAX:
            del self.seen[next(iter(self.seen))]

    def recall(self, host: str, run: str, env: Mapping[str, str]) -> str | None:
        return self.seen.get(self.key(host, run, env))

    def to_json(self) -> list[list[str]]:
        return [[host, key, road] for (host, key), road in self.seen.items()]

    @classmethod
    def from_json(cls, data: Iterable[object]) -> RoadMemory:
        """Entries of a snapshot; one not of the shape `to_json` writes is left out."""
        memory = cls()
        for entry in list(data)[-MEMORY_MAX:]:
            if (
                isinstance(entry, list)
                and len(entry) == 3
                and all(isinstance(x, str) for x in entry)
                and (entry[2] in ROADS or entry[2].startswith("net:"))
            ):
                memory.seen[(entry[0], entry[1])] = entry[2]
        return memory


def run_shape(program: str, args: Iterable[str]) -> str:
    """What of a run besides its variables decides its road: the program and its GPU and thread
    counts (nccl-tests' `-g`/`--ngpus`, `-t`/`--nthreads`; a one-GPU run has no transport)."""
    words = list(args)
    counts = {"g": "1", "t": "1"}
    for i, w in enumerate(words):
        for short, long in (("g", "--ngpus"), ("t", "--nthreads")):
            if w in (f"-{short}", long) and i + 1 < len(words):
                counts[short] = words[i + 1]
            elif w.startswith(f"-{short}") and len(w) > 2 and not w.startswith("--"):
                counts[short] = w[2:]
            elif w.startswith(long + "="):
                counts[short] = w.partition("=")[2]
    return f"{program} -g {counts['g']} -t {counts['t']}"


def problem(road: str, lines: Iterable[str], env: Mapping[str, str], remembered: str | None) -> str:
    """Why this run does not prove it took `road` (empty: it does); see the module doc.
    `remembered`: what RoadMemory recalls for this run (never used for p2p)."""
    shown = roads_in(trusted_lines(lines, env))
    if road == "p2p":
        remembered = None
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
