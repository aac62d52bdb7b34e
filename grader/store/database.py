"""Opening a database by URL: connection settings per dialect, then migrations.

SQLite ("sqlite:///path.db") is the embedded default: WAL so the API reads while the daemon
writes, a busy timeout so a second writer waits instead of failing, foreign keys on (off by
default in SQLite). Writes begin with BEGIN IMMEDIATE: the write lock is taken up front, so two
writers queue on busy_timeout instead of deadlocking on a read->write upgrade (SQLITE_BUSY that
busy_timeout cannot retry). PostgreSQL ("postgresql+psycopg://...") uses its defaults
(READ COMMITTED) and row locks where they matter.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from grader.jsontext import json_text

# How long a SQLite writer waits for another's lock before failing. An ingest transaction holds it
# for milliseconds; 10 s absorbs a burst from many nodes and a slow disk without hiding a deadlock.
SQLITE_BUSY_TIMEOUT_MS = 10_000

# Serialises concurrent migrations of one PostgreSQL database (several graders starting at once):
# any constant works as long as every grader uses the same one.
PG_MIGRATION_LOCK_KEY = 0x6C616267  # "labg"

MIGRATIONS_DIR = Path(__file__).with_name("migrations")

SQLITE_BEGIN_OPTION = "sqlite_begin"
"""Execution option naming the BEGIN flavour on SQLite: "IMMEDIATE" for writes, else DEFERRED."""


def create_engine(url: str) -> sa.Engine:
    """An engine for `url` with this project's per-dialect settings installed."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = sa.create_engine(
            parsed, connect_args={"check_same_thread": False}, json_serializer=json_text
        )
        _configure_sqlite(engine)
        return engine
    if parsed.get_backend_name() == "postgresql":
        return sa.create_engine(parsed, pool_pre_ping=True, json_serializer=json_text)
    raise ValueError(
        f"unsupported database URL {parsed.render_as_string()!r}: use sqlite or postgresql"
    )


def _configure_sqlite(engine: sa.Engine) -> None:
    # SQLAlchemy's documented recipe for pysqlite: turn off the driver's own transaction handling
    # (it would BEGIN lazily and DEFERRED) and emit BEGIN ourselves.
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        # NORMAL is durable in WAL mode except for the last commits before a power loss; a
        # re-feed from the stored offsets recovers exactly those.
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn: sa.Connection) -> None:
        mode = conn.get_execution_options().get(SQLITE_BEGIN_OPTION, "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest revision, in one transaction, safe to race."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.connect() as conn:
        conn = conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(PG_MIGRATION_LOCK_KEY)))
            config.attributes["connection"] = conn
            command.upgrade(config, "head")


@contextlib.contextmanager
def fresh_schema(base_url: str, prefix: str = "t") -> Iterator[str]:
    """A fresh, empty schema on the PostgreSQL at base_url, as a URL with it as the search_path,
    dropped afterwards (tests and `grader bench --db` start each store from nothing)."""
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(base_url)
    with admin.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base_url else "?"
    try:
        yield f"{base_url}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()
