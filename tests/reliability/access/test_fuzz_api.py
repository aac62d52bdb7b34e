"""Schemathesis over the API's own OpenAPI document: no request is a 5xx, and every answer is
what the document says.

Every operation in /openapi.json is fuzzed (path, query, header and body values from its schema,
and, in negative mode, values that break it) with the operator token and with each learner's,
against a seeded store. In process, the SSE stream is left out: with no new events it waits for
them by design, so a generated request to it never ends there. Against a real server, every
route is fuzzed, the stream too (schemathesis reads a stream until STREAM_READ_S passes, then
checks each event it got against the event schema the document gives), with every check
schemathesis has: status codes, content types, headers and bodies as documented, and valid
requests accepted.

CI runs MAX_EXAMPLES_CI examples per token and mode; LABGRADER_THOROUGH=1 runs
MAX_EXAMPLES_THOROUGH (minutes; run it after touching grader/api/).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from api.server import running
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi

from grader.api import ApiSettings, create_app
from grader.store import Store
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
# Examples per (token, generation mode) against the real server, every check on: about 30 s for
# the six combinations here (each request to the stream waits STREAM_READ_S).
MAX_EXAMPLES_CONFORMANCE = 25
STREAM_READ_S = 1.0  # how long a request's answer is read: the stream's are cut there
FUZZ_CONFORMANCE = settings(
    max_examples=MAX_EXAMPLES_THOROUGH if THOROUGH else MAX_EXAMPLES_CONFORMANCE,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not THOROUGH,
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


@pytest.fixture(scope="module")
def served(seeded_store: Store, access_settings: ApiSettings) -> Iterator[str]:
    """The access suite's API on a real uvicorn (an app of its own: its lifespan is the
    server's), for the requests transport that reads event streams as they arrive."""
    with running(create_app(seeded_store, access_settings)) as url:
        yield url


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=str)
@pytest.mark.parametrize("who", sorted(TOKENS))
def test_every_route_answers_what_the_document_says(
    served: str, who: str, mode: GenerationMode
) -> None:
    schema = schemathesis.openapi.from_url(f"{served}/openapi.json")
    operations = {op.ok().label for op in schema.get_all_operations()}
    assert f"GET {STREAM_PATH}" in operations and "DELETE /api/announcements/{seq}" in operations

    @FUZZ_CONFORMANCE
    @given(case=schema.as_strategy(generation_mode=mode))
    def each(case: schemathesis.Case) -> None:
        case.call_and_validate(base_url=served, headers=bearer(TOKENS[who]), timeout=STREAM_READ_S)

    each()
