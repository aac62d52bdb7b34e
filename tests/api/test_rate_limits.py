"""Per-token rate limits and failed sign-ins per client: 429 with Retry-After, against a real
store, at the limits the API ships with (grader.ratelimit)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.test_api import ALICE, OPERATOR, THE_LAB, op
from grader.api import ApiSettings, create_app
from grader.ratelimit import FAILED_AUTH_PER_CLIENT, RATE_PER_TOKEN
from grader.store import Store


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    store.upsert_node("node-a", "10.0.0.7", 22, ["alice"])
    settings = ApiSettings(
        labs={THE_LAB.id: THE_LAB}, operator_tokens=(OPERATOR,), learner_tokens={"alice": ALICE}
    )
    with TestClient(create_app(store, settings)) as c:
        yield c


def test_quick_requests_with_one_token_get_429_with_retry_after(client: TestClient) -> None:
    allowed = int(RATE_PER_TOKEN.split("/")[0])
    # The window moves: on a slow box (coverage's tracer) the burst may span more than a second,
    # so the 429 judged is one from within the burst, not a request after it.
    answers = [client.get("/api/labs", headers=op(ALICE)) for _ in range(allowed + 20)]
    codes = [a.status_code for a in answers]
    assert codes.count(200) >= allowed - 5 and 429 in codes, codes  # a second may roll over
    limited = answers[codes.index(429)]
    assert int(limited.headers["Retry-After"]) >= 1
    assert limited.json()["detail"] == "too many requests with this token"
    # another token has its own window
    assert client.get("/api/labs", headers=op(OPERATOR)).status_code == 200


def test_failed_sign_ins_from_one_address_are_slowed(client: TestClient) -> None:
    allowed = int(FAILED_AUTH_PER_CLIENT.split("/")[0])
    codes = [
        client.get("/api/labs", headers=op("wrong-token-000000000000")).status_code
        for _ in range(allowed + 5)
    ]
    assert codes[:allowed] == [401] * allowed and codes[allowed:] == [429] * 5, codes
    blocked = client.get("/api/labs")  # no token at all counts the same
    assert blocked.status_code == 429
    assert 1 <= int(blocked.headers["Retry-After"]) <= 60
    assert blocked.json()["detail"] == "too many requests without a valid token from this address"


def test_a_valid_token_is_served_from_an_address_over_its_failed_sign_ins(
    client: TestClient,
) -> None:
    # A class behind one NAT address: one learner's stale token fails past the limit, and
    # everyone else at that address keeps working.
    allowed = int(FAILED_AUTH_PER_CLIENT.split("/")[0])
    for _ in range(allowed + 1):
        client.get("/api/labs", headers=op("stale-token-0000000000000"))
    assert client.get("/api/labs", headers=op("stale-token-0000000000000")).status_code == 429
    assert client.get("/api/labs", headers=op(ALICE)).status_code == 200
    assert client.get("/api/labs", headers=op(OPERATOR)).status_code == 200


NODES = (
    "nodes: [{id: n1, host: h, key: k, known_hosts: ['ssh-ed25519 AAAA'],"
    " learners: {alice: [lab]}}]\n"
)


def test_grader_yaml_can_set_the_limits(tmp_path) -> None:
    from grader.config import load_config

    config = tmp_path / "grader.yaml"
    config.write_text(
        "api:\n  rate_limits: {per_token: 5/second, failed_auth_per_client: 3 per minute}\n" + NODES
    )
    api = load_config(config).api
    assert (api.rate_per_token, api.failed_auth_per_client) == ("5/second", "3 per minute")
    bad = tmp_path / "bad.yaml"
    bad.write_text("api:\n  rate_limits: {per_token: lots}\n" + NODES)
    with pytest.raises(Exception, match="rate_limits"):
        load_config(bad)
