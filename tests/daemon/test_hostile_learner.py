"""Issue 32's attacks by a learner with no privileges, against a real `grader run` watching a
real node (tests/daemon/hostile.py's LEARNER_CASES): mallory, a learner of the honest node,
prints markers with his own session's nonce into his own session file (the node's real spool
reader sends them), or holds SSE streams on his own token; alice, on the same node, types
`echo hello` throughout. Hostile bytes hurt only their sender (issue 32 "Acceptance"):

- the sender is audited by name: each of his sessions the attack used is named in an anomaly
  (quarantined, or its bad markers audited), or his excess streams are refused with a 429 that
  says why; alice is named in none;
- alice's every command is in the database within FROZEN_S, throughout the attack and after
  it, her step verified, and the node's connection never fails;
- `/healthz` and `/api/nodes` answer every poll during the attack, each within FROZEN_S: a loop
  the attack takes from the API answers in seconds (stack-flood's /healthz: 5.2 s, sse-flood's
  /api/nodes: 3.3 s before). Issue 32's 100 ms is the benchmark's figure (median and maximum
  per case, BENCHMARKS.md), not asserted here: on the 2-core box, where the node, its SSH
  server and this harness share the cores with the daemon, single polls of the plain run,
  without any attack, took 100-400 ms, and under other work on the box (load 14) medians
  came near 100 ms in the plain run too;
- the daemon's memory during and after the attack stays within RSS_BOUND_MIB of the plain run;
- every API route answers non-500 afterwards, and again after mallory's lab is reset; the SSE
  stream from 0 delivers every stored event; SIGTERM stops the daemon with exit 0.

The figures (latencies, maxima, RSS) are the benchmark's: `python -m tests.daemon.hostile bench
huge-aid far-clock stack-flood ps-memory sse-flood` (BENCHMARKS.md).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .hostile import LEARNER_CASES, MALLORY, SSE_STREAMS, run_case
from .nodesim import LEARNER

#: The daemon's memory above its plain figure while (and after) one learner attacks.
RSS_BOUND_MIB = 64
#: An honest command not in the database after this long: the learner's bytes hurt the class.
FROZEN_S = 5.0
#: How much of a case's attack the test writes. ps-memory's 87 MB take ~40 s through the
#: harness's node on the 2-core box; 100 of its 350 markers (25 MB) still made the daemon keep
#: 93 MiB more for good before the parser's caches were bounded (measured), past RSS_BOUND_MIB.
#: The benchmark writes all of it.
SCALE = {"ps-memory": 100 / 350}
#: A stored time this far ahead of the grader's clock is the node's clock taken on trust.
CLOCK_AHEAD_S = 24 * 3600


@pytest.mark.parametrize("case", list(LEARNER_CASES))
def test_hostile_bytes_hurt_only_their_sender(tmp_path: Path, case: str) -> None:
    scale = SCALE.get(case, 1.0)
    out = run_case(tmp_path, case, commands=10, every_s=0.1, timeout_s=FROZEN_S, scale=scale)
    summary = out.summary()
    # alice: each command stored within FROZEN_S (run_case asserts it), her step verified, her
    # node's connection never failed, and nothing of mallory's was put on her
    assert out.states.get("say-hello") == "verified", out.states
    assert not out.anomalies_of(LEARNER), out.anomalies_of(LEARNER)[:3]
    failed = [ln for ln in out.log_lines if "event=session_failed" in ln]
    assert not failed, failed[:3]
    # the sender: named in the audit, for each session he attacked with
    if case == "sse-flood":
        sse = out.facts["sse"]
        assert isinstance(sse, dict) and sum(sse.values()) == SSE_STREAMS, sse
        assert sse.get("429", 0) > 0 and set(sse) <= {"200", "429"}, sse
        assert "stream" in str(out.facts["sse_refusal"]).lower(), out.facts["sse_refusal"]
    else:
        named = {str(a.detail.get("session")) for a in out.anomalies_of(MALLORY)}
        attacked = out.facts["sessions"]
        assert isinstance(attacked, list)
        assert set(attacked) <= named, (attacked, out.anomalies_of(MALLORY)[:5])
    if case == "far-clock":  # what is stored keeps a time on the grader's clock
        ahead = time.time() + CLOCK_AHEAD_S
        assert all((t or 0) < ahead for pair in out.mallory_times for t in pair), out.mallory_times
    # the API: every poll answered, fast, during the attack; every route afterwards
    assert out.attack.api and out.attack.health, summary
    assert not out.attack.api_failures, out.attack.api_failures[:5]
    assert max(out.attack.api + out.attack.health) < FROZEN_S, summary
    assert not out.failed_routes, out.failed_routes
    grew = max(out.attack.rss_mib) - max(out.plain.rss_mib)
    assert grew < RSS_BOUND_MIB, f"{case}: RSS grew {grew:.0f} MiB"
    assert out.exit_code == 0, out.log[-3000:]
