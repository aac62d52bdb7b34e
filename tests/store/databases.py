"""Real databases for store and API tests: a SQLite file in a temp dir, and PostgreSQL.

PostgreSQL comes from GRADER_TEST_PG_URL:
  export GRADER_TEST_PG_URL="$(scripts/ensure-postgres.sh)"
Each test gets its own schema (search_path in the URL), dropped afterwards, so tests never see
each other's rows. Without the variable the PostgreSQL cases skip, saying how to enable them;
with CI=true they fail instead: a CI run that tested no PostgreSQL must not look green.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import sqlalchemy as sa

from grader.store import Store

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
    base = pg_base_url()
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


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
