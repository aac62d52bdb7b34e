"""One API over a real, seeded SQLite store for the access suite: two learners, a node, events.

The app carries the real first lab (its practice endpoint runs the real matcher on whatever the
fuzzer sends) and a small lab whose id the seeded events use. Tokens: one operator, two learners
(bob's configured in its `sha256:` form, so both token kinds are exercised).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from store.batches import LAB, NODE, batch

from grader.api import ApiSettings, create_app
from grader.api.auth import token_digest
from grader.labs.loader import load_lab
from grader.labs.model import Lab, Step
from grader.store import Store

OPERATOR = "operator-token-0123456789"
ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdef00"
LEARNERS = {"alice": ALICE, "bob": BOB}

REPO = Path(__file__).resolve().parents[3]
FIRST_LAB = REPO / "labs" / "nccl-bootstrap"

SMALL_LAB = Lab(
    id=LAB,
    title="Lab One",
    description="A test lab.",
    steps=(Step(id="step-1", title="First", points=2), Step(id="step-2", title="Second")),
)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def seeded_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """Module-scoped: the fuzzers send hundreds of requests, and GETs leave the store as it was."""
    path = tmp_path_factory.mktemp("access") / "grader.db"
    store = Store.open(f"sqlite:///{path}")
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    store.set_node_status(NODE, connected=True, lag_s=1.5)
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="bob", path="bob/s1.ts"))
    try:
        yield store
    finally:
        store.close()


@pytest.fixture(scope="module")
def access_settings() -> ApiSettings:
    first = load_lab(FIRST_LAB)
    return ApiSettings(
        labs={SMALL_LAB.id: SMALL_LAB, first.id: first},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE, "bob": "sha256:" + token_digest(BOB).hex()},
        # These tests check every route's answers, hundreds of them from one client: the rate
        # limits (tests/api/test_rate_limits.py) would answer 429 instead.
        rate_per_token="100000/second",
        failed_auth_per_client="100000/minute",
    )


@pytest.fixture(scope="module")
def access_app(seeded_store: Store, access_settings: ApiSettings) -> FastAPI:
    return create_app(seeded_store, access_settings)
