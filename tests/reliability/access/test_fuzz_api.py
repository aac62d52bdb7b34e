"""Schemathesis over the API's own OpenAPI document, in process: no request is a 5xx.

Every operation in /openapi.json is fuzzed (path, query, header and body values from its schema,
and, in negative mode, values that break it) with the operator token and with each learner's,
against a seeded store. The SSE stream is left out: with no new events it waits for them by
design, so a generated request to it never ends; its auth answers come before the stream and are
checked in test_access.py.

CI runs MAX_EXAMPLES_CI examples per token and mode; LABGRADER_THOROUGH=1 runs
MAX_EXAMPLES_THOROUGH (minutes; run it after touching grader/api/).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi

from reliability.access.conftest import ALICE, BOB, OPERATOR, bearer
from reliability.profiles import THOROUGH

# Examples per (token, generation mode), spread over every operation by schemathesis.
MAX_EXAMPLES_CI = 100  # about 20 s for the whole file on a CI runner
MAX_EXAMPLES_THOROUGH = 5000
STREAM_PATH = "/api/events/stream"  # waits for new events by design: never ends on its own
FUZZ_API = settings(
    max_examples=MAX_EXAMPLES_THOROUGH if THOROUGH else MAX_EXAMPLES_CI,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not THOROUGH,  # CI fails the same way twice; the thorough run explores
)
TOKENS = {"operator": OPERATOR, "alice": ALICE, "bob": BOB}  # bob's is configured as sha256:


@pytest.fixture(scope="module")
def api_schema(access_app: FastAPI) -> Iterator[schemathesis.BaseSchema]:
    schema = schemathesis.openapi.from_asgi("/openapi.json", access_app)
    yield schema.exclude(path=STREAM_PATH)
    # schemathesis keeps an app's lifespan running until exit; stop it before the store closes.
    asgi.shutdown_lifespans()


# Not schemathesis' pytest plugin (`from_fixture`): it breaks on this pytest's item internals;
# the schema's own hypothesis strategy covers the same operations and modes.
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=str)
@pytest.mark.parametrize("who", sorted(TOKENS))
def test_no_generated_request_is_a_server_error(
    api_schema: schemathesis.BaseSchema, who: str, mode: GenerationMode
) -> None:
    operations = {op.ok().label for op in api_schema.get_all_operations()}
    assert "POST /api/labs/{lab}/practice/{step}" in operations  # the fuzz reaches the matcher
    assert f"GET {STREAM_PATH}" not in operations

    @FUZZ_API
    @given(case=api_schema.as_strategy(generation_mode=mode))
    def each(case: schemathesis.Case) -> None:
        case.call_and_validate(headers=bearer(TOKENS[who]), checks=[not_a_server_error])

    each()
