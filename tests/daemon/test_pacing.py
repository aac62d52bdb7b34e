"""The per-node pacer: typing is never paused, a flood is held to its byte rate and to its share
of the loop's time, nothing is dropped."""

from __future__ import annotations

import itertools
from pathlib import Path
from types import SimpleNamespace

import pytest

from grader.config import DEFAULT_LOOP_SHARE, ConfigError, load_config
from grader.daemon.pacing import DEFAULT_BURST_S, Pacer
from grader.daemon.watcher import (
    FEED_SLICE_BYTES,
    MIN_SLICE_BYTES,
    SLICE_COMMANDS,
    SLICE_TURN_S,
    _slices,
    next_slice_bytes,
)
from grader.protocol.frames import KIND_DATA, Frame

from .nodesim import write_config

# write_config only reads these of the SSH peer; the config is loaded, never connected
_PEER = SimpleNamespace(
    port=2222, client_key="key", known_hosts_line="[127.0.0.1]:2222 ssh-ed25519 AAAA"
)


def test_typing_and_ordinary_outputs_pass_unpaced():
    p = Pacer(rate=1_000_000, burst=100_000)
    t = 0.0
    for _ in range(10_000):  # a keystroke echo every 10 ms for 100 s, 0.2 ms of parsing each
        assert p.spend(40, t, busy_s=0.0002) == 0.0
        t += 0.01
    # one output within both bursts (~1 MiB of plain lines parse in DEFAULT_BURST_S)
    assert p.spend(90_000, t, busy_s=0.9 * DEFAULT_BURST_S) == 0.0


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


def test_a_costly_flood_is_held_to_its_share_of_the_loop():
    """Bytes that are cheap to count but slow to parse: the byte rate never bites, the loop's
    time does. The node holds the loop for its 50 ms allowance, then a quarter of the time."""
    share, burst_s, cost = 0.25, 0.05, 0.012  # a 256 KiB frame of the tokenizer's slow path
    p = Pacer(rate=0, share=share, burst_s=burst_s)
    t, held = 0.0, 0.0
    pauses = []
    while held < 10.0:
        t += cost  # the frame is parsed: the loop is this node's meanwhile
        held += cost
        pause = p.spend(262_144, t, busy_s=cost)
        pauses.append(pause)
        t += pause
    assert pauses[0] == 0.0  # the first frames pass within the allowance
    # after it, every frame is followed by a pause of three times its cost ...
    assert pauses[-1] == pytest.approx(cost * (1 - share) / share)
    # ... so over the flood the node held a quarter of the loop, no more
    assert held / t == pytest.approx(share, rel=0.01)


def test_the_longer_pause_wins():
    p = Pacer(rate=1_000, burst=1_000, share=0.5, burst_s=0.1)
    # 2,000 bytes over the byte burst: 1 s; 0.1 s of loop over its burst: 0.2 s
    assert p.spend(3_000, 0.0, busy_s=0.2) == pytest.approx(2.0)
    q = Pacer(rate=1_000_000, burst=1_000_000, share=0.5, burst_s=0.1)
    assert q.spend(10, 0.0, busy_s=1.1) == pytest.approx(2.0)  # 1 s of debt at half the loop


def test_share_zero_turns_the_loop_bucket_off():
    p = Pacer(rate=0, share=0)
    assert p.spend(10**9, 0.0, busy_s=100.0) == 0.0


def test_the_loop_share_is_read_from_the_config_and_bounded(tmp_path: Path):
    default = load_config(write_config(tmp_path, _PEER, tmp_path / "spool"))
    assert default.daemon.node_loop_share == DEFAULT_LOOP_SHARE
    set_ = load_config(write_config(tmp_path, _PEER, tmp_path / "spool", node_loop_share=0.1))
    assert set_.daemon.node_loop_share == 0.1
    with pytest.raises(ConfigError) as err:  # more than the whole loop is no share
        load_config(write_config(tmp_path, _PEER, tmp_path / "spool", node_loop_share=1.5))
    assert any("node_loop_share" in p and "1.5" in p for p in err.value.problems), err.value


def test_a_costly_frame_is_fed_in_smaller_slices() -> None:
    """Slices are sized for SLICE_TURN_S of the loop at the node's last cost per byte: cheap
    bytes go 64 KiB at a time, costly ones (a stack of announced shells) in smaller slices, so
    the loop (the API shares it) turns every few milliseconds either way."""
    assert next_slice_bytes(FEED_SLICE_BYTES, 0.0005) == FEED_SLICE_BYTES  # ~130 MB/s
    assert next_slice_bytes(FEED_SLICE_BYTES, 0.05) == int(FEED_SLICE_BYTES * SLICE_TURN_S / 0.05)
    assert next_slice_bytes(FEED_SLICE_BYTES, 60.0) == MIN_SLICE_BYTES  # never a byte at a time
    # Cheap bytes that are many commands (a flood of short ones: ~300 bytes each, every one
    # judged and committed) go SLICE_COMMANDS at a time, whatever their parse cost.
    assert next_slice_bytes(15_000, 0.0005, commands=50) == 15_000 * SLICE_COMMANDS // 50
    assert next_slice_bytes(FEED_SLICE_BYTES, 0.0005, commands=1) == FEED_SLICE_BYTES
    assert next_slice_bytes(1024, 0.0001, commands=100) == MIN_SLICE_BYTES
    # A frame is cut at the sizes asked for slice by slice; the slices chain to the same bytes.
    data = bytes(range(256)) * 1024
    sizes = iter([65536, 4096, 10000] + [70000] * 10)
    parts = list(_slices(Frame(KIND_DATA, "a/s.ts", 100, data), lambda: next(sizes)))
    assert [len(p.data) for p in parts[:3]] == [65536, 4096, 10000]
    assert b"".join(p.data for p in parts) == data
    assert [p.offset for p in parts] == list(
        itertools.accumulate([100] + [len(p.data) for p in parts[:-1]])
    )
