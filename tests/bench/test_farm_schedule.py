"""The farm's simulated reader runs `pump` only at the ticks that send: its frames must be the
real loop's.

`ReadSchedule` (grader/bench/farm.py) decides when a simulated spool reader runs the shipped
module's `pump`, so that 1,000 simulated nodes do not wake on every echoed keystroke. Both
models run here on a virtual clock over real files, fed the same appends: the real loop calls
`pump` at every POLL_S tick of its grid; the farm's model only at the ticks ReadSchedule names
(with the replayed read it asks for). Every data frame (tick sent, offset, bytes) must be equal:
otherwise the benchmark would time frames a real node never sends.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from grader.bench.farm import SR, ReadSchedule

END = SR.D_MARKER + b"0;aid=1;n=1;h=1;t=1.0;ps=0;k=x\x07"
REL = "l0000/s.ts"


def frames(buf: bytes) -> list[tuple[int, int, bytes]]:
    """(kind, offset, data) of each frame in a reader's output."""
    out, i = [], 0
    while i < len(buf):
        _magic, kind, plen, offset, dlen = SR.HEADER.unpack_from(buf, i)
        i += SR.HEADER.size + plen
        out.append((kind, offset, buf[i : i + dlen]))
        i += dlen
    return out


class Model:
    """One reader over one file: `run(t)` is one pass of the loop at virtual time t."""

    def __init__(self, root: Path):
        self.spool = root / "spool"
        (self.spool / "l0000").mkdir(parents=True)
        self.path = self.spool / REL
        self.path.touch()
        self.f = SR.Follower(0)
        self.sent: list[tuple[int, int, bytes]] = []  # (tick index, offset, data)

    def write(self, data: bytes) -> None:
        with self.path.open("ab") as fh:
            fh.write(data)

    def pump(self, now: float, tick: int) -> bool:
        out = io.BytesIO()
        sent = SR.pump(out, str(self.spool), REL, self.f, now)
        for kind, offset, data in frames(out.getvalue()):
            assert kind == SR.KIND_DATA
            self.sent.append((tick, offset, data))
        return sent


appends = st.lists(
    st.tuples(
        st.integers(1, 2500),  # ms since the previous append: keystrokes, pauses, bursts
        st.sampled_from(["echo", "echo", "echo", "end", "bulk"]),
    ),
    min_size=1,
    max_size=60,
)


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
    timeline, t = [], 0.0
    for gap_ms, kind in appends:
        t += gap_ms / 1000
        data = {"echo": b"k", "end": b"out\r\n" + END, "bulk": b"x" * 40_000}[kind]
        timeline.append((t, data, kind == "end"))
    stop = t + 3 * SR.HOLD_S

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
    farm = Model(tmp_path_factory.mktemp("farm"))
    wake: float | None = None
    i = 0
    while i < len(timeline) or wake is not None:
        if wake is not None and (i == len(timeline) or wake < timeline[i][0]):
            w, k = wake, index(wake)
            then = schedule.catch_up(w)
            for now in (w,) if then is None else (then, w):
                farm.pump(now, k)
            deadline = schedule.deadline([farm.f], math.inf)
            wake = None if deadline == math.inf else schedule.tick_after(deadline)
            if wake is not None and wake <= w:  # due by the clock but not yet by pump's float
                wake = tick(k + 1)
            continue
        at, data, ends = timeline[i]
        i += 1
        farm.write(data)
        if schedule.appended(at, len(data), ends, len(farm.f.held)):
            nxt = schedule.tick_after(at)
        else:
            nxt = schedule.tick_after(schedule.deadline([farm.f], math.inf))
        wake = nxt if wake is None else min(wake, nxt)

    assert farm.sent == real.sent
    # and every appended byte was sent, in order
    assert b"".join(d for _, _, d in farm.sent) == b"".join(d for _, d, _ in timeline)


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
