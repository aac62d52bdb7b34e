"""The farm's simulated reader runs `pump` only when it sends: its frames must be the real loop's.

`ReadSchedule` (grader/bench/farm.py) decides when a simulated spool reader runs the shipped
module's `pump`, so that 1,000 simulated nodes do not wake on every echoed keystroke. Both
models run here on a virtual clock over real files, fed the same appends: the real loop calls
`pump` whenever it wakes (on inotify: at every append, at a held byte's HOLD_S and at each
SAFETY_S pass; polling: at every POLL_S tick of its grid); the farm's model only when
ReadSchedule says (with the replayed read it asks for). Every data frame (when sent, offset,
bytes) must be equal: otherwise the benchmark would time frames a real node never sends.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from grader.bench.farm import SR, ReadSchedule
from grader.protocol.frames import FrameDecoder

END = SR.D_MARKER + b"0;aid=1;n=1;h=1;t=1.0;ps=0;k=x\x07"
PROMPT = SR.PROMPT_MARKER + b"aid=1;k=x\x07$ "  # typing starts: the long hold
START = SR.START_MARKER + b"aid=1;n=1;h=1;t=1.0;k=x\x07"  # a command runs: the short hold
REL = "l0000/s.ts"


def frames(buf: bytes) -> list[tuple[int, int, bytes]]:
    """(kind, offset, data) of each frame in a reader's output."""
    return [(f.kind, f.offset, f.data) for f in FrameDecoder().feed(buf)]


class Model:
    """One reader over one file: `run(t)` is one pass of the loop at virtual time t."""

    def __init__(self, root: Path):
        self.spool = root / "spool"
        (self.spool / "l0000").mkdir(parents=True)
        self.path = self.spool / REL
        self.path.touch()
        self.f = SR.Follower(0)
        self.sent: list[tuple[float, int, bytes]] = []  # (tick index or time, offset, data)

    def write(self, data: bytes) -> None:
        with self.path.open("ab") as fh:
            fh.write(data)

    def pump(self, now: float, tick: float) -> bool:
        out = io.BytesIO()
        sent = SR.pump(out, str(self.spool), REL, self.f, now)
        for kind, offset, data in frames(out.getvalue()):
            assert kind == SR.KIND_DATA
            self.sent.append((tick, offset, data))
        return sent


def timeline_of(appends: list[tuple[int, str]]) -> list[tuple[float, bytes, bool, bool]]:
    """(append time, bytes, whether they end a command, whether they switch the hold) for the
    drawn gaps and kinds."""
    timeline, t = [], 0.0
    for gap_ms, kind in appends:
        t += gap_ms / 1000
        data = {
            "echo": b"k",
            "end": b"out\r\n" + END,
            "prompt": PROMPT,
            "start": START,
            "bulk": b"x" * 40_000,
        }[kind]
        timeline.append((t, data, kind == "end", kind in ("prompt", "start")))
    return timeline


def farm_run(
    root: Path,
    schedule: ReadSchedule,
    timeline: list[tuple[float, bytes, bool, bool]],
    label: Callable[[float], float],
    retry: Callable[[float], float],
) -> Model:
    """The farm's reader over `timeline`: pump only when `schedule` says, as SimReader.run does.

    `label(t)` names a pass for the comparison (the tick index, or the time itself); `retry(t)`
    is the next pass when a hold is due by the clock but not yet by pump's float subtraction
    (the grid's next tick; on inotify the next instant, as the real select's 0 timeout).
    """
    farm = Model(root)
    wake: float | None = None
    i = 0
    while i < len(timeline) or wake is not None:
        if wake is not None and (i == len(timeline) or wake < timeline[i][0]):
            w = wake
            then = schedule.catch_up(w)
            for now in (w,) if then is None else (then, w):
                farm.pump(now, label(w))
            deadline = schedule.deadline([farm.f], math.inf)
            wake = None if deadline == math.inf else schedule.tick_after(deadline)
            if wake is not None and wake <= w:
                wake = retry(w)
            continue
        at, data, ends, phase = timeline[i]
        i += 1
        if phase and (then := schedule.read_before(at)) is not None:
            farm.pump(then, label(then))  # SimReader.before_phase
        farm.write(data)
        if schedule.appended(at, len(data), ends, len(farm.f.held), phase):
            nxt = schedule.tick_after(at)
        else:
            nxt = schedule.tick_after(schedule.deadline([farm.f], math.inf))
        wake = nxt if wake is None else min(wake, nxt)
    return farm


def appends_of(kinds: list[str]) -> st.SearchStrategy[list[tuple[int, str]]]:
    return st.lists(
        st.tuples(
            st.integers(1, 2500),  # ms since the previous append: keystrokes, pauses, bursts
            st.sampled_from(kinds),
        ),
        min_size=1,
        max_size=60,
    )


# The polling model is exact for echoes, ends and bulk; the bench's readers are inotify ones,
# whose model is exact with the prompt and command-start markers too (ReadSchedule.read_before).
appends = appends_of(["echo", "echo", "echo", "end", "bulk"])
marked_appends = appends_of(["echo", "echo", "echo", "end", "prompt", "start", "bulk"])


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(appends=appends, phase=st.floats(0.0, SR.POLL_S, exclude_max=True))
# Found by hypothesis: the last echo lands at 4.470000000000001, a hair after the tick
# 0.02 + 89 * 0.05 == 4.47; the real loop reads it at the next tick, and the farm must too.
@example(appends=[(1, "echo")] * 9 + [(348, "echo"), (2234, "echo"), (1879, "echo")], phase=0.02)
def test_the_farm_sends_the_real_loops_frames_at_the_real_loops_ticks(
    tmp_path_factory, appends, phase
) -> None:
    schedule = ReadSchedule(phase)
    timeline = timeline_of(appends)
    stop = timeline[-1][0] + 2 * SR.TYPING_HOLD_S

    def tick(k: int) -> float:
        return phase + k * SR.POLL_S

    def index(t: float) -> int:
        return round((t - phase) / SR.POLL_S)

    # The real loop: pump at every tick, after the appends made up to it.
    real = Model(tmp_path_factory.mktemp("real"))
    i = 0
    for k in range(math.ceil((stop - phase) / SR.POLL_S)):
        while i < len(timeline) and timeline[i][0] <= tick(k):
            real.write(timeline[i][1])
            i += 1
        real.pump(tick(k), k)

    # The farm: pump only at ticks the schedule names, as SimReader.run does.
    farm = farm_run(
        tmp_path_factory.mktemp("farm"), schedule, timeline, index, lambda w: tick(index(w) + 1)
    )

    assert farm.sent == real.sent
    # and every appended byte was sent, in order
    assert b"".join(d for _, _, d in farm.sent) == b"".join(d for _, d, _, _ in timeline)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(appends=marked_appends)
def test_the_farm_sends_the_inotify_readers_frames_when_it_would(tmp_path_factory, appends) -> None:
    schedule = ReadSchedule(0.0, poll_s=None)
    timeline = timeline_of(appends)

    def after(due: float, last: float) -> float:
        """A hold that is due by the clock but not by pump's float subtraction is sent at the
        next instant (the real loop's select timeout is 0 then, and the clock moves on)."""
        return due if due > last else math.nextafter(last, math.inf)

    # The real loop on inotify: a pass at every append (the write wakes it), at the oldest held
    # byte's hold (its select timeout) and every SAFETY_S (its safety pass).
    real = Model(tmp_path_factory.mktemp("real"))
    i, last, safety = 0, -1.0, SR.SAFETY_S
    while i < len(timeline) or real.f.held:
        due = [safety]
        if i < len(timeline):
            due.append(timeline[i][0])
        if real.f.held:
            due.append(after(real.f.held_since + real.f.hold_s(), last))
        now = min(due)
        if now == safety:
            safety += SR.SAFETY_S
        while i < len(timeline) and timeline[i][0] <= now:
            real.write(timeline[i][1])
            i += 1
        real.pump(now, now)
        last = now

    # The farm: pump only when the schedule says, as SimReader.run does.
    farm = farm_run(
        tmp_path_factory.mktemp("farm"),
        schedule,
        timeline,
        lambda w: w,
        lambda w: math.nextafter(w, math.inf),
    )

    assert farm.sent == real.sent
    assert b"".join(d for _, _, d in farm.sent) == b"".join(d for _, d, _, _ in timeline)
    # a command's end leaves when it is appended
    ends = {t for t, _, e, _ in timeline if e}
    assert ends <= {t for t, _, _ in farm.sent}


def test_a_d_marker_is_sent_at_the_tick_after_it_an_echo_one_hold_later() -> None:
    schedule = ReadSchedule(0.01)
    assert schedule.tick_after(0.011) == schedule.tick_after(0.06)
    # an echo: no wake-up of its own; it is due HOLD_S after the tick that first saw it
    assert not schedule.appended(0.02, 1, False, 0)
    assert schedule.deadline([], math.inf) == pytest.approx(0.06 + SR.HOLD_S)
    # a D marker: the next tick sends
    assert schedule.appended(0.3, len(END), True, 0)
    # the replayed read is at the first unsent byte's tick, once
    assert schedule.catch_up(0.31) == pytest.approx(0.06)
    assert schedule.catch_up(0.31) is None


def test_on_inotify_a_d_marker_is_sent_when_appended_an_echo_one_hold_after_it() -> None:
    schedule = ReadSchedule(0.0, poll_s=None)
    assert schedule.tick_after(0.011) == 0.011
    assert not schedule.appended(0.02, 1, False, 0)
    assert schedule.deadline([], math.inf) == pytest.approx(0.02 + SR.HOLD_S)
    assert schedule.appended(0.3, len(END), True, 0)
    assert schedule.catch_up(0.3) == 0.02  # the echo's read, replayed once
    assert schedule.catch_up(0.3) is None
