"""The coverage-guided fuzz targets: one function per part a node, a learner or a lab author
feeds, each taking any bytes and raising only when a property breaks.

A target is a plain function of `bytes`, so the same code is what atheris drives
(tests/reliability/fuzz/run.py), what the committed corpus and crash inputs replay through in
pytest (tests/reliability/fuzz/test_fuzz_replay.py) and what the work and memory bounds measure
(tests/reliability/fuzz/test_fuzz_bounds.py). The property every target checks: no exception
escapes but the part's documented error (the frame decoder's StreamError, the marker decoder's
MarkerError, the lab loader's LabInvalid); the per-target checks are in each docstring.
docs/SECURITY.md "Fuzzing" says how to run them.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import re
import struct
import sys
import tempfile
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar, get_args

from grader.api import models as m
from grader.api import views
from grader.capture import events as capture
from grader.capture.parser import SessionParser
from grader.labs.errors import LabError, LabInvalid
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.cmdline import Pipeline, parse_flags, parse_line, simple_commands
from grader.matching.engine import LabGrader
from grader.matching.road import ROADS, forces, problem, road_of, run_shape
from grader.matching.signed_output import Unfollowable, Unseen, render, shown
from grader.node.selfcheck import degraded_status, self_check_problems
from grader.protocol import frames, markers, run_record
from grader.store import NodeStatus, StepProgress

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[3]
FUZZ_DIR = Path(__file__).resolve().parent
CORPUS = FUZZ_DIR / "corpus"
"""Committed seed inputs, a folder per seed family (written by tests/reliability/fuzz/seeds.py)."""
CRASHES = FUZZ_DIR / "crashes"
"""Committed inputs that once broke a target, one folder per target: replayed by pytest."""
LABS = ("nccl-bootstrap", "nccl-transport")
"""The shipped labs the matcher target grades against."""

EVENT_TYPES = get_args(capture.Event)
"""What the parser may return: the members of grader.capture.events' `Event` union."""
_ANOMALY_KIND = re.compile(r"[a-z][a-z_]*")
"""An anomaly's kind is a name the store and the dashboards key on (the set grows with the
parser's bounds, so only its shape is checked here)."""


# --- helpers the targets share ------------------------------------------------------------------


CHUNK_CHOICE_BYTES = 16
"""How much of an input's start picks its chunk size: the fuzzer varies it by mutating those
bytes, and a longer input with the same start is cut the same way (the bounds tests compare)."""


def chunk_size(data: bytes, most: int) -> int:
    """A chunk size in 1..most chosen by the input itself, so a replay is exact."""
    return 1 + zlib.crc32(data[:CHUNK_CHOICE_BYTES]) % most


def chunks(data: bytes, size: int) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


def count_lines(run: Callable[[T], object], data: T) -> int:
    """Python lines run by `run(data)`: a deterministic measure of its work (the bounds tests
    compare it between a small and a larger input)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return tracer

    previous = sys.gettrace()  # coverage's, under scripts/test.sh: put back after
    sys.settrace(tracer)
    try:
        run(data)
    finally:
        sys.settrace(previous)
    return count


def check_events(events: list[capture.Event]) -> None:
    """What every consumer of the parser relies on, whatever the input."""
    last_n: dict[int, int] = defaultdict(lambda: -(2**80))
    for ev in events:
        assert isinstance(ev, EVENT_TYPES), ev
        if isinstance(ev, capture.Anomaly):
            assert _ANOMALY_KIND.fullmatch(ev.kind), ev
        if isinstance(ev, capture.CommandStarted):
            # the replay rule: a shell's command numbers only go up
            assert ev.n > last_n[ev.aid], ev
            last_n[ev.aid] = ev.n


def parse_session(data: bytes, size: int, nonce: str | None = None) -> list[capture.Event]:
    parser = SessionParser("fuzz", nonce)
    events: list[capture.Event] = []
    for piece in chunks(data, size):
        events += parser.feed(piece)
    return events + parser.close()


class Provider:
    """Reads typed values off the front of fuzz bytes (atheris' FuzzedDataProvider, but in plain
    Python so a replay needs nothing but this file); past the end every read is zero/empty."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def take(self, n: int) -> bytes:
        out = self._data[self._at : self._at + n]
        self._at += n
        return out

    def byte(self) -> int:
        b = self.take(1)
        return b[0] if b else 0

    def pick(self, options: tuple[object, ...]) -> object:
        return options[self.byte() % len(options)]

    def integer(self) -> int:
        """Small, edge or (one byte in 8) up to 64 bytes of digits' worth: stored integers."""
        mode = self.byte() % 8
        if mode == 0:
            return int.from_bytes(self.take(self.byte() % 64), "big", signed=True)
        if mode == 1:
            return int(self.pick((0, -1, 2**31, 2**63 - 1, -(2**63), 2**64, 10**4300)))  # type: ignore[call-overload]
        return int.from_bytes(self.take(2), "big", signed=True)

    def number(self) -> float:
        """A stored time or measure: the raw double of 8 bytes, an edge, or an epoch."""
        mode = self.byte() % 4
        if mode == 0:
            raw = self.take(8).ljust(8, b"\0")
            return float(struct.unpack(">d", raw)[0])
        if mode == 1:
            edges = (math.nan, math.inf, -math.inf, -0.0, 1e300, -1e300, 3e11, -6.3e10, 2.0**63)
            return float(self.pick(edges))  # type: ignore[arg-type]
        return 1.7e9 + int.from_bytes(self.take(4), "big") / 7.0

    def maybe_number(self) -> float | None:
        return None if self.byte() % 5 == 0 else self.number()

    def text(self) -> str:
        return self.take(self.byte()).decode("utf-8", "replace")

    def texts(self) -> list[str]:
        return [self.text() for _ in range(self.byte() % 4)]


# --- the targets --------------------------------------------------------------------------------


def fuzz_frames(data: bytes) -> None:
    """FrameDecoder: only StreamError escapes; the frames are the same in one feed and in chunks
    of any size (a corrupt stream fails in both; a feed that fails returns nothing, so the
    frames before the corruption in that feed are not reported), each within the format's
    bounds, and each encodes back to a frame that decodes to itself."""

    def decode(size: int) -> tuple[list[frames.Frame], bool]:
        decoder, out = frames.FrameDecoder(), []
        try:
            for piece in chunks(data, size):
                out += decoder.feed(piece)
        except frames.StreamError:
            return out, True
        return out, False

    whole, whole_failed = decode(max(1, len(data)))
    chunked, chunked_failed = decode(chunk_size(data, 97))
    assert whole_failed == chunked_failed
    assert whole == chunked if not whole_failed else chunked[: len(whole)] == whole
    for f in whole:
        assert len(f.data) <= frames.FRAME_DATA_MAX and 0 <= f.offset <= frames.OFFSET_MAX
        again = frames.FrameDecoder().feed(frames.encode(f.kind, f.path, f.offset, f.data))
        assert again == [f] or "\ufffd" in f.path  # a path read with replacement re-encodes


_MARKER_TYPES = (
    markers.PromptEnd,
    markers.Cwd,
    markers.PromptStart,
    markers.CommandLine,
    markers.CommandStart,
)
_NONCE_IN = re.compile(rb"k=([^;\x07\x1b]{1,64})")
_STOP = re.compile(rb"[\x07\x1b]")
_OSC = re.compile(rb"\x1b\]")


def fuzz_markers(data: bytes) -> None:
    """The marker grammar: `decode` of any payload is None, a marker or MarkerError; where the
    fast path's run pattern (run_patterns, with the nonce the input carries) matches a D P A
    run, the per-marker decoder reads the same numbers from each marker of it (or refuses the
    marker as a whole: a field beyond the grammar's bounds)."""
    for payload in (data, *data.split(b"\x1b]")[1:]):
        try:
            m = markers.decode(_STOP.split(payload, maxsplit=1)[0])
        except markers.MarkerError:
            continue
        assert m is None or isinstance(m, _MARKER_TYPES), m
    found = _NONCE_IN.search(data)
    nonce = found.group(1) if found else b"0123456789abcdef"
    patterns = markers.run_patterns(nonce)
    if patterns is None:
        return
    cycle, start = patterns
    for at in (m.start() for m in _OSC.finditer(data)):
        run = cycle.match(data, at)
        d = _decoded(data, at) if run is not None else None
        if run is not None and d is not None:
            assert isinstance(d, markers.PromptEnd), d
            g = run.groups()
            assert (d.exit, d.aid, d.n, d.hist) == tuple(int(x) for x in g[:4]), (d, g)
            assert d.pipestatus == tuple(int(x) for x in g[5].split(b",")), (d, g)
            if run["k"].isascii():  # (the decoder's text of other bytes is its own matter)
                assert d.nonce == run["k"].decode(), (d, g)
        begun = start.match(data, at)
        c = _decoded(data, begun.start(3)) if begun is not None else None
        if begun is not None and c is not None:
            assert isinstance(c, markers.CommandStart), c
            assert (c.aid, c.n, c.hist) == tuple(int(x) for x in begun.groups()[3:6]), c
            if begun["k"].isascii():
                assert c.nonce == begun["k"].decode(), c


def _decoded(data: bytes, osc: int) -> markers.Marker | None:
    """The marker at `osc`, None when the decoder refuses it (MarkerError)."""
    try:
        return markers.decode(_payload(data, osc))
    except markers.MarkerError:
        return None


def _payload(data: bytes, osc: int) -> bytes:
    """The payload of the OSC starting at `osc`: up to its BEL or ESC."""
    end = _STOP.search(data, osc + 2)
    return data[osc + 2 : end.start() if end else len(data)]


def fuzz_parser(data: bytes) -> None:
    """SessionParser: never raises; its events keep the consumers' invariants; the commands and
    how they end are the same in one feed and in chunks of any size."""
    whole = parse_session(data, max(1, len(data)))
    check_events(whole)
    chunked = parse_session(data, chunk_size(data, 4099))
    check_events(chunked)
    ends = [e.record for e in whole if isinstance(e, capture.CommandEnded)]
    assert ends == [e.record for e in chunked if isinstance(e, capture.CommandEnded)]


def fuzz_cmdline(data: bytes) -> None:
    """parse_line: never raises (bashlex's errors fall back to the coarse splitter) and returns
    pipelines of commands; parse_flags reads any command's words."""
    line = data.decode("utf-8", "replace")  # as markers.unescape gives a command line
    result = parse_line(line)
    assert isinstance(result, list)
    for pipeline in result:
        assert isinstance(pipeline, Pipeline)
        for cmd in pipeline.commands:
            assert isinstance(cmd.program, str) and isinstance(cmd.argv, list)
            parse_flags(cmd.args, ["-g", "-b", "--op", "-x"])
    assert [c.program for c in simple_commands(line)] == [
        c.program for p in result for c in p.commands
    ]


@cache
def shipped_labs() -> tuple[Lab, ...]:
    return tuple(load_lab(ROOT / "labs" / name) for name in LABS)


def fuzz_matcher(data: bytes) -> None:
    """LabGrader on each shipped lab, fed the events the parser makes of the input: never
    raises, and its snapshot is JSON that restores to a grader with the same verdicts.
    (An input the parser itself refuses is the parser target's finding, not this one's.)"""
    try:
        events = parse_session(data, max(1, len(data)))
    except Exception:
        return
    for lab in shipped_labs():
        grader = LabGrader(lab, "fuzz")
        for ev in events:
            grader.feed(ev)
        grader.take_anomalies()
        snap = json.loads(json.dumps(grader.snapshot(), allow_nan=False))
        again = LabGrader.restore(lab, "fuzz", snap)
        assert again.verdicts() == grader.verdicts()


@cache
def _scratch() -> Path:
    """One lab folder per process for the loader target (it reads a path)."""
    return Path(tempfile.mkdtemp(prefix="labgrader-fuzz-"))


def fuzz_lab_loader(data: bytes) -> None:
    """load_lab on any bytes: a Lab, or LabInvalid listing located LabErrors; nothing else."""
    path = _scratch() / "lab.yaml"
    path.write_bytes(data)
    try:
        lab = load_lab(path)
    except LabInvalid as exc:
        assert exc.errors and all(isinstance(e, LabError) for e in exc.errors)
        return
    assert isinstance(lab, Lab) and lab.steps


def fuzz_api_models(data: bytes) -> None:
    """The API's conversions of stored values (grader/api/views.py into grader/api/models.py):
    any value of a stored row's type (times of any double, integers of any size, any text)
    becomes a model whose JSON the API can send (starlette refuses NaN and infinities)."""
    p = Provider(data)
    evidence = {
        "session": p.text(),
        "aid": p.integer(),
        "n": p.integer(),
        "line": p.text(),
        "exit": p.integer() if p.byte() % 3 else None,
        "pipestatus": [p.integer() for _ in range(p.byte() % 4)],
        "cwd": p.text() if p.byte() % 3 else None,
        "t0": p.maybe_number(),
        "t1": p.maybe_number(),
        "excerpt": p.text(),
        "matched": p.texts(),
        "values": p.texts(),
    }
    shown: list[object] = [
        m.iso(p.number()),
        views.evidence("verified", evidence),
        views.evidence("reset", {"actor": p.text(), "cleared": {}, "after_record": p.integer()}),
        views.evidence("downgraded", {"from": "verified", "to": "attempted", "reason": p.text()}),
        views.node_info(
            NodeStatus(
                id=p.text(),
                host=p.text(),
                port=p.integer(),
                learners=p.texts(),
                connected=bool(p.byte() % 2),
                lag_s=p.maybe_number(),
                error=p.text() or None,
                updated=p.number(),
                holder=p.text() or None,
                held_since=p.maybe_number(),
            )
        ),
    ]
    lab = shipped_labs()[p.byte() % len(LABS)]
    rows = [
        StepProgress(
            step=step.id,
            state=str(p.pick(("attempted", "verified"))),
            reason=p.text(),
            at=p.maybe_number(),
            evidence=evidence if p.byte() % 2 else None,
            captures={p.text(): p.text()},
            recorded=p.maybe_number(),
        )
        for step in lab.steps
        if p.byte() % 2
    ]
    shown.append(views.lab_progress(lab, rows))
    for model in shown:
        dumped = model.model_dump(mode="json") if isinstance(model, m.BaseModel) else model
        json.dumps(dumped, allow_nan=False)


_MODELLED_LINES = ("prog", "prog 2>&1 | grep -i a", "prog > /dev/null", "prog | head -3 | tee x")
"""Command lines the run-record target models a record through (signed_output.shown)."""


def fuzz_run_record(data: bytes) -> None:
    """A signed run's output record as the node's helper writes it (grader/protocol/run_record.py)
    and what the grader makes of it: `parse` is None or a record within the format's bounds
    (known places only), never an exception; its lines, the output model over them with the
    record's places, and the road check (grader/matching/road.py: channel lines, the variables
    read from the input's own bytes, the run's shape) never raise."""
    out = run_record.parse(data)
    text = data[:64].decode("utf-8", "replace")
    env = {"NCCL_IB_DISABLE": text, "NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": text[:1]}
    shape = run_shape("all_reduce_perf", text.split())
    if out is None:
        lines = render(data[:4096])
    else:
        assert len(data) <= run_record.RECORD_MAX
        assert {out.stdout_place, out.stderr_place} <= set(run_record.PLACES)
        assert out.stdout_total >= 0 and out.stderr_total >= 0 and out.dropped >= 0
        lines = render(out.both())
        for line in _MODELLED_LINES:
            with contextlib.suppress(Unfollowable, Unseen):  # lines the model refuses
                assert isinstance(shown(line, "prog", out, 0), list)
    for road in ROADS:
        assert isinstance(problem(road, lines, env, None), str)
        assert isinstance(forces(road, env), bool)
    named = [road_of(line) for line in lines]
    assert all(r is None or r in ROADS or r.startswith("net:") for r in named)
    assert shape.startswith("all_reduce_perf -g ")


_STATUS_FORMS = re.compile(
    r"capture hooks missing \((?:capture-shell|hooks\.bash|labenv\.bash)(?:, [a-z.-]+)*\): "
    r"logins are not graded"
    r"|the learners' sshd block is not in effect for alice \([a-z, ]+ differ\)"
    r"|signing files missing \([/a-z._, ]+\)"
    r"|attested wrappers not on a login PATH \([A-Za-z0-9_.+, -]+\): runs are not signed"
)
"""Every problem a node's self-check output can become (grader/node/selfcheck.py)."""


def fuzz_selfcheck(data: bytes) -> None:
    """The daemon's self-check output as the node prints it (hostile: the node's bytes): the
    problems read from it are only the forms the grader writes, naming only what the script can
    print, and the status line stays short, whatever the bytes (grader/node/selfcheck.py)."""
    problems = self_check_problems(data.decode("utf-8", "replace"), "alice")
    assert all(_STATUS_FORMS.fullmatch(p) for p in problems), problems
    line = degraded_status(problems)
    assert len(line) < 1024 and "\n" not in line and "\x1b" not in line, line


@dataclass(frozen=True)
class Target:
    name: str
    run: Callable[[bytes], None]
    seeds: tuple[str, ...]
    """Folders under CORPUS that seed it."""
    max_len: int
    """Longest input atheris makes (libFuzzer's -max_len): past a few of the part's units."""


TARGETS = {
    t.name: t
    for t in (
        Target("frames", fuzz_frames, ("frames",), 4096),
        Target("markers", fuzz_markers, ("markers",), 8192),
        Target("parser", fuzz_parser, ("transcripts",), 16384),
        Target("cmdline", fuzz_cmdline, ("cmdlines",), 4096),
        Target("matcher", fuzz_matcher, ("transcripts",), 16384),
        Target("lab_loader", fuzz_lab_loader, ("labs",), 32768),
        Target("api_models", fuzz_api_models, ("api_models",), 2048),
        Target("run_record", fuzz_run_record, ("run_records",), 16384),
        Target("selfcheck", fuzz_selfcheck, ("selfchecks",), 8192),
    )
}


def corpus_files(target: Target) -> list[Path]:
    """The committed inputs a target replays: its seeds and its crashes, in a stable order."""
    folders = [CORPUS / s for s in target.seeds] + [CRASHES / target.name]
    return sorted(
        itertools.chain.from_iterable(f.iterdir() for f in folders if f.is_dir()),
        key=lambda f: (f.parent.name, f.name),
    )
