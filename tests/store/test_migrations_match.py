"""The migrations create exactly the tables grader/store/schema.py declares (alembic's compare)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from grader.store import Store
from grader.store import schema as t


def test_migrated_database_matches_the_declared_schema(store: Store) -> None:
    engine = sa.create_engine(store.url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": False})
            diff = compare_metadata(context, t.metadata)
    finally:
        engine.dispose()
    # alembic's own version table is not ours to declare
    diff = [d for d in diff if not (d[0] == "remove_table" and d[1].name == "alembic_version")]
    assert diff == []
