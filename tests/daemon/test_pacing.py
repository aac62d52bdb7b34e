"""The per-node pacer: typing is never paused, a flood is held to the rate, nothing is dropped."""

from __future__ import annotations

import pytest

from grader.daemon.pacing import Pacer


def test_typing_and_ordinary_outputs_pass_unpaced():
    p = Pacer(rate=1_000_000, burst=100_000)
    t = 0.0
    for _ in range(10_000):  # a keystroke echo every 10 ms for 100 s
        assert p.spend(40, t) == 0.0
        t += 0.01
    assert p.spend(90_000, t) == 0.0  # one output within the burst


def test_a_flood_is_held_to_the_rate():
    rate, burst, frame = 1_000_000, 100_000, 65_536
    p = Pacer(rate=rate, burst=burst)
    t, sent = 0.0, 0
    while sent < 10_000_000:
        t += p.spend(frame, t)  # the watcher sleeps what it is told, then reads the next frame
        sent += frame
    # 10 MB at 1 MB/s after a 100 kB allowance: ~9.9 s, never faster.
    assert t == pytest.approx((sent - burst) / rate, rel=0.01)


def test_idle_time_refills_only_up_to_the_burst():
    p = Pacer(rate=1_000, burst=2_000)
    assert p.spend(2_000, 0.0) == 0.0
    assert p.spend(1_000, 0.0) == pytest.approx(1.0)
    # an hour idle buys one burst, not an hour of bytes
    assert p.spend(2_000, 3600.0) == 0.0
    assert p.spend(1_000, 3600.0) == pytest.approx(1.0)


def test_rate_zero_turns_pacing_off():
    p = Pacer(rate=0)
    assert p.spend(10**9, 0.0) == 0.0
