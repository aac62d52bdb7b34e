"""Real databases for store and API tests: a SQLite file in a temp dir, and PostgreSQL.

PostgreSQL comes from GRADER_TEST_PG_URL:
  export GRADER_TEST_PG_URL="$(scripts/ensure-postgres.sh)"
Each test gets its own schema (search_path in the URL), dropped afterwards, so tests never see
each other's rows. Without the variable the PostgreSQL cases skip, saying how to enable them;
with CI=true they fail instead: a CI run that tested no PostgreSQL must not look green.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.store import Store
from grader.store.database import fresh_schema

PG_ENV = "GRADER_TEST_PG_URL"


def pg_base_url() -> str:
    url = os.environ.get(PG_ENV)
    if url:
        return url
    message = f'{PG_ENV} is not set; run: export {PG_ENV}="$(scripts/ensure-postgres.sh)"'
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh, empty schema."""
    with fresh_schema(pg_base_url()) as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'grader.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        request.applymarker(pytest.mark.postgres)
        return request.getfixturevalue("pg_url")
    return request.getfixturevalue("sqlite_url")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store.open(db_url)
    try:
        yield s
    finally:
        s.close()
