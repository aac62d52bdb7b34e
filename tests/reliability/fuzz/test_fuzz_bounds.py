"""Work and memory per input byte, for every fuzz target: four times the input costs about four
times the work and the memory, never the square.

Each family below grows one shape of input a target may be fed (a shipped transcript repeated,
a stack of open commands, a pipeline past bashlex's cap, ...) from `k` units to `4k` and runs the
target's own code (tests/reliability/fuzz/targets.py) on both:

- work is counted, not timed: the Python lines the interpreter runs (a trace function counting
  `line` events), the same on every machine, so the ratio is exact and the bound can be tight;
- time is measured as well where the work is in C regular expressions the count does not see
  (the marker grammar, the parser's marker search: a pattern that backtracks): the process's
  CPU time, not the wall clock (on a shared box a longer run is more often preempted), the best
  of several interleaved tries, and a generous ratio (see TIME_RATIO);
- memory is tracemalloc's peak while the target runs.

Linear work gives a ratio of 4; a quadratic one gives 16. The bounds sit between.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from grader.api import views
from grader.protocol import frames, markers

from . import targets
from .targets import ROOT, count_lines

GROWTH = 4
"""How much larger the second input is than the first."""
LINES_RATIO = GROWTH * 1.25
"""Python lines run on the larger input per line on the smaller: linear plus a log factor's slack
(a sort of the errors, a dict that rehashes), well under a quadratic GROWTH**2."""
TIME_RATIO = GROWTH * 2.5
"""CPU seconds on the larger input per CPU second on the smaller, best of TIME_TRIES each: a
backstop for a super-linear cost in C (a backtracking pattern), the line count above being the
linearity check. CPU time per byte is not constant even for linear work (an input that outgrows
the CPU's caches costs more per byte): measured ratios 3.4-5.5 on the shared box, quadratic 16."""
TIME_TRIES = 7
PEAK_RATIO = GROWTH * 1.25
"""tracemalloc peak on the larger input per peak on the smaller."""
PEAK_SLACK_BYTES = 256 * 1024
"""Peak allowance on top of the ratio: interpreter caches and free lists that a short run may or
may not reach, independent of the input."""

_TRANSCRIPTS = b"".join(p.read_bytes() for p in sorted((ROOT / "labs").glob("*/tests/*.ts"))[:6])
_NONCE = "0123456789abcdef0123456789abcdef"


def _marker_runs(k: int) -> bytes:
    """k prompt-and-command cycles in the hooks' exact grammar (the fast path's runs)."""
    return b"".join(
        markers.encode_d(0, 7, i, i + 1, "1795975700.5", [0, 1], _NONCE)
        + markers.encode_p("/home/alice")
        + markers.encode_a(7, _NONCE)
        + b"$ "
        + markers.encode_e(f"echo {i}", _NONCE)
        + markers.encode_c(7, i + 1, i + 2, "1795975701.5", _NONCE)
        + b"%d\r\n" % i
        for i in range(k * 40)
    )


def _open_commands(k: int) -> bytes:
    """k*200 shells, each announced and left with a command open (the issue's stack flood)."""
    return b"".join(
        markers.encode_a(aid, _NONCE) + markers.encode_c(aid, 1, 2, "1795975701.5", _NONCE)
        for aid in range(1000, 1000 + k * 200)
    )


def _lab_with_keys(k: int) -> bytes:
    """A lab of k*100 unknown keys: every one a located error."""
    return b"id: x\n" + b"".join(b"unknown_%d: value\n" % i for i in range(k * 100))


def _long_evidence(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    shown = views.command_evidence(
        {
            "session": "s",
            "aid": 1,
            "n": 1,
            "line": text[:4096],
            "exit": 0,
            "pipestatus": [0] * (len(data) // 64),
            "t0": 1795975700.5,
            "t1": 1795975701.5,
            "excerpt": text,
            "matched": text.splitlines(),
        }
    )
    assert shown is not None
    json.dumps(shown.model_dump(mode="json"), allow_nan=False)


@dataclass(frozen=True)
class Family:
    run: Callable[[bytes], None]
    make: Callable[[int], bytes]
    k: int = 4
    timed: bool = False
    """Its work is mostly in C patterns: the wall-time backstop applies (TIME_RATIO)."""


FAMILIES = {
    "frames/data-frames": Family(
        targets.fuzz_frames,
        lambda k: b"".join(
            frames.encode(frames.KIND_DATA, "alice/s.ts", i * 512, _TRANSCRIPTS[:512])
            for i in range(k * 16)
        ),
    ),
    "frames/empty-frames": Family(
        targets.fuzz_frames,
        lambda k: frames.encode(frames.KIND_HEARTBEAT, "", 0, b"") * (k * 400),
    ),
    "markers/runs": Family(targets.fuzz_markers, _marker_runs, timed=True),
    "markers/osc-starts": Family(
        targets.fuzz_markers, lambda k: b"\x1b]133;D;" * (k * 1000), timed=True
    ),
    "markers/long-value": Family(
        # under the command line's bound (grader/protocol/bounds.py LINE_MAX_BYTES)
        targets.fuzz_markers,
        lambda k: b"\x1b]633;E;" + b"x\\x20" * (k * 2000) + b";k\x07",
        k=1,
        timed=True,
    ),
    "parser/transcripts": Family(targets.fuzz_parser, lambda k: _TRANSCRIPTS * k, k=1, timed=True),
    "parser/runs": Family(targets.fuzz_parser, _marker_runs, timed=True),
    "parser/open-commands": Family(targets.fuzz_parser, _open_commands, timed=True),
    "parser/unterminated": Family(
        targets.fuzz_parser, lambda k: b"\x1b]133;C;" * (k * 500), timed=True
    ),
    "cmdline/pipeline": Family(targets.fuzz_cmdline, lambda k: b"a -x 1 | " * (k * 30)),
    "cmdline/past-bashlex": Family(targets.fuzz_cmdline, lambda k: b"a -x 1 | " * (k * 1000), k=1),
    # past the parse cache's line length (PARSE_CACHE_LINE_CHARS) at both sizes
    "cmdline/nested": Family(
        targets.fuzz_cmdline, lambda k: b"echo " + b"$(" * (k * 150) + b"x" + b")" * (k * 150)
    ),
    "cmdline/nested-procsub": Family(
        targets.fuzz_cmdline, lambda k: b"cat " + b"<(" * (k * 100) + b"x" + b")" * (k * 100)
    ),
    "matcher/transcripts": Family(targets.fuzz_matcher, lambda k: _TRANSCRIPTS * k, k=1),
    "matcher/runs": Family(targets.fuzz_matcher, _marker_runs),
    "lab_loader/unknown-keys": Family(targets.fuzz_lab_loader, _lab_with_keys),
    "api_models/long-evidence": Family(
        _long_evidence, lambda k: (_TRANSCRIPTS * k)[: k * 32 * 1024], k=2
    ),
}


def _best_seconds(run: Callable[[bytes], None], small: bytes, large: bytes) -> tuple[float, float]:
    """The least CPU time of TIME_TRIES runs on each, interleaved so both see the same machine."""
    best = [float("inf"), float("inf")]
    for _ in range(TIME_TRIES):
        for i, data in enumerate((small, large)):
            t0 = time.process_time()
            run(data)
            best[i] = min(best[i], time.process_time() - t0)
    return best[0], best[1]


def _peak(run: Callable[[bytes], None], data: bytes) -> int:
    tracemalloc.start()
    try:
        run(data)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _inputs(name: str) -> tuple[Family, bytes, bytes]:
    family = FAMILIES[name]
    small, large = family.make(family.k), family.make(family.k * GROWTH)
    # warm: compiled patterns, the shipped labs, and the bounded caches (the command-line
    # parse cache keeps 2,048 lines) filled by both, so neither run pays for the other's misses
    family.run(small)
    family.run(large)
    return family, small, large


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_work_per_byte_is_bounded(name: str) -> None:
    family, small, large = _inputs(name)
    assert len(large) >= GROWTH * len(small) * 0.9, "the family must grow its input"
    lines = count_lines(family.run, small), count_lines(family.run, large)
    assert lines[1] <= LINES_RATIO * lines[0], lines
    if family.timed:
        seconds = _best_seconds(family.run, small, large)
        assert seconds[1] <= TIME_RATIO * seconds[0], seconds


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_memory_per_byte_is_bounded(name: str) -> None:
    family, small, large = _inputs(name)
    peaks = _peak(family.run, small), _peak(family.run, large)
    assert peaks[1] <= PEAK_RATIO * peaks[0] + PEAK_SLACK_BYTES, peaks
