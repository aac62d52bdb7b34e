"""The pure parts of grades out: the Standard Webhooks signature (the spec's own test vector),
the xAPI mapping of the states a run does not produce, the retry delay, the config section."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grader.config import Backoff, ConfigError
from grader.labs import Lab
from grader.outbound import retry_delay, signature, statement, statement_id, verify
from grader.store import LoggedEvent

from .grading import load, write_config

BASE = "https://lms.example.edu/labs"


def event(state: str, step: str = "topo", evidence: dict | None = None) -> LoggedEvent:
    return LoggedEvent(7, "alice", "nccl-bootstrap", step, state, "why", 1000.0, 2000.0, evidence)


def test_the_signature_is_the_standard_webhooks_test_vector() -> None:
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    body = b'{"test": 2432232314}'
    sig = signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)
    assert sig == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    headers = {
        "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
        "webhook-timestamp": "1614265330",
        "webhook-signature": f"v1,bm90LXRoaXMtb25l {sig}",  # several: any one may match
    }
    assert verify(secret, headers, body, now=1614265330 + 60)
    assert not verify(secret, headers, body + b" ", now=1614265330)
    assert not verify(secret, headers, body, now=1614265330 + 301)  # a replay, too old


def test_a_downgrade_and_a_reset_have_verbs_of_their_own(lab: Lab) -> None:
    down = statement(
        event("downgraded", evidence={"from": "verified", "to": "attempted"}),
        lab,
        sink="xapi",
        homepage="https://lms.example.edu",
        activity_base=BASE,
    )
    assert down is not None
    assert down["verb"]["id"] == f"{BASE}/verbs/downgraded"
    assert down["result"]["success"] is False
    assert down["result"]["extensions"][f"{BASE}/extensions/to"] == "attempted"
    reset = statement(event("reset", step="*"), lab, sink="xapi", homepage="h", activity_base=BASE)
    assert reset is not None and reset["object"]["id"] == f"{BASE}/nccl-bootstrap"
    assert "voided" not in reset["verb"]["id"] and "result" not in reset


def test_an_unknown_state_is_skipped_and_an_unknown_step_sent_without_score(lab: Lab) -> None:
    assert statement(event("pondered"), lab, sink="xapi", homepage="h", activity_base=BASE) is None
    gone = statement(
        event("verified", step="removed-step"), lab, sink="xapi", homepage="h", activity_base=BASE
    )
    assert gone is not None and "score" not in gone["result"]


def test_statement_ids_are_fixed_per_sink_and_seq() -> None:
    assert statement_id("xapi", 7) == statement_id("xapi", 7)
    assert len({statement_id("xapi", 7), statement_id("xapi", 8), statement_id("x2", 7)}) == 3


def test_the_retry_delay_doubles_is_capped_and_jittered() -> None:
    b = Backoff(base_s=1.0, max_s=300.0, jitter=False)
    assert [retry_delay(b, n) for n in (1, 2, 3, 9, 10, 500)] == [1, 2, 4, 256, 300, 300]
    rng = random.Random(1)
    jittered = [retry_delay(Backoff(1.0, 300.0, True), 4, rng) for _ in range(200)]
    assert min(jittered) >= 4.0 and max(jittered) <= 8.0 and len(set(jittered)) > 100


def test_the_outbound_section_reads_secrets_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = [{"name": "gb", "url": "http://127.0.0.1:1/h", "secret": {"env": "GB_SECRET"}}]
    path = write_config(tmp_path, "sqlite:///g.db", lrs_endpoint="http://lrs/xAPI", webhooks=hooks)
    monkeypatch.delenv("GB_SECRET", raising=False)
    with pytest.raises(ConfigError) as err:
        load(path)
    assert any("GB_SECRET is not set" in p for p in err.value.problems)
    monkeypatch.setenv("GB_SECRET", "whsec_c2VjcmV0")
    config = load(path).outbound
    assert config.xapi is not None and config.xapi.endpoint == "http://lrs/xAPI/"
    assert config.webhooks[0].secret == "whsec_c2VjcmV0"
    assert (config.backoff.base_s, config.backoff.max_s) == (0.2, 1.0)
    twice = write_config(tmp_path, "sqlite:///g.db", webhooks=hooks * 2)
    with pytest.raises(ConfigError, match="appears twice"):
        load(twice)
