"""The ingest path's statements, built and compiled once per dialect, executed with parameters only.

Why: a command's end runs ~8 statements. Built from scratch each time (`insert().values(...)`,
`select().where(...)`), constructing them, coercing every value and computing their cache keys is
most of the store's CPU per command end, several times the database's own work (measured,
BENCHMARKS.md "Store write path"). Here each statement is built once and compiled once
(Prepared): its SQL, parameter order and bind processors come from SQLAlchemy, so the driver
receives what `conn.execute(statement, params)` would have sent, and exec_driver_sql keeps
SQLAlchemy's error wrapping and connection invalidation. Inserts are built without `.values()`:
the parameter dicts name the columns, so a column added to a row is written without touching
these statements.

Each read-then-write is a single upsert whose ON CONFLICT ... DO UPDATE carries the read's
condition in its WHERE (both SQLite >= 3.24 and PostgreSQL): progress only moves up, an unchanged
engine snapshot is not rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from grader.store import leases
from grader.store import schema as t
from grader.verdict import State


def _rank(column: Any) -> sa.Case[Any]:
    """A progress state's rank in SQL (State.rank); an unknown state ranks below pending."""
    return sa.case({s.value: s.rank for s in State}, value=column, else_=-1)


class Prepared:
    """A statement compiled once for one dialect, run with exec_driver_sql.

    Why: even a prebuilt statement costs SQLAlchemy ~35 µs per execution (execution context,
    compiled-cache lookup, parameter processing, result setup); the driver's own execute is a
    few. Here the SQL string, the parameter order and each parameter's bind processor (JSON
    serialisation, psycopg's Jsonb wrapper, booleans) are taken from SQLAlchemy's compilation
    once, so the driver gets exactly what `conn.execute(statement, params)` would have sent.
    The driver's cursor runs it (_execute), with SQLAlchemy's error wrapping and invalidation
    of a lost connection, which the group commit's failure handling relies on. Inserts are
    compiled per set of parameter names (the row dicts name the columns), so a column added to
    a row needs no change here. Rows come back as the driver gives them: no result processing,
    so a statement read here returns only columns the driver already gives as Python values
    (text, numbers; not JSON).
    """

    def __init__(self, statement: Any, dialect: sa.Dialect) -> None:
        self._statement = statement
        self._dialect = dialect
        self._by_keys: dict[tuple[str, ...], tuple[str, Callable[[dict[str, Any]], Any]]] = {}

    def _compile(self, keys: tuple[str, ...]) -> tuple[str, Callable[[dict[str, Any]], Any]]:
        compiled = self._statement.compile(dialect=self._dialect, column_keys=list(keys))
        defaults = compiled.construct_params(_check=False)
        names = list(compiled.positiontup) if compiled.positional else list(defaults)
        fixed = {name: defaults[name] for name in names if name not in keys}
        table = getattr(self._statement, "table", None)
        missing = [name for name in fixed if table is not None and name in table.c]
        if missing and table is not None:  # a column default is computed per execution
            raise ValueError(f"{table.name}: parameters must name every column, missing {missing}")
        processors = {}
        for name in names:
            process = compiled.binds[name].type._cached_bind_processor(self._dialect)
            if process is not None:
                processors[name] = process

        def convert(params: dict[str, Any]) -> Any:
            values = {**fixed, **params}
            for name, process in processors.items():
                values[name] = process(values[name])
            return tuple(values[n] for n in names) if compiled.positional else values

        found = (compiled.string, convert)
        self._by_keys[keys] = found
        return found

    def _prepared(self, params: dict[str, Any]) -> tuple[str, Callable[[dict[str, Any]], Any]]:
        keys = tuple(params)
        return self._by_keys.get(keys) or self._compile(keys)

    def run(self, conn: sa.Connection, params: dict[str, Any]) -> None:
        sql, convert = self._prepared(params)
        self._execute(conn, sql, convert(params), many=False)

    def scalar(self, conn: sa.Connection, params: dict[str, Any]) -> Any:
        """Run it; the first column of its first row (a RETURNING), None without a row."""
        sql, convert = self._prepared(params)
        row = self._execute(conn, sql, convert(params), many=False, fetch=_fetchone)
        return None if row is None else row[0]

    def rows(self, conn: sa.Connection, params: dict[str, Any]) -> list[Any]:
        """Run it; every row, as the driver's tuples."""
        sql, convert = self._prepared(params)
        return list(self._execute(conn, sql, convert(params), many=False, fetch=_fetchall))

    def run_many(self, conn: sa.Connection, rows: list[dict[str, Any]]) -> None:
        """One executemany; every row must name the same parameters."""
        sql, convert = self._prepared(rows[0])
        self._execute(conn, sql, [convert(row) for row in rows], many=True)

    def _execute(
        self,
        conn: sa.Connection,
        sql: str,
        values: Any,
        *,
        many: bool,
        fetch: Callable[[Any], Any] | None = None,
    ) -> Any:
        """Execute on the driver's cursor; what `fetch` reads from it (None without one), the
        cursor closed either way.

        Why the driver's cursor: SQLAlchemy's execution path (context, result set-up, event
        dispatch) cost ~20 µs a statement, about the driver's own work again, on the ingest
        path's ~8 statements a command end (BENCHMARKS.md). What that path gave the callers is
        kept: a driver error is raised as SQLAlchemy's (IntegrityError, OperationalError, ...),
        and a lost connection is invalidated, which the group commit's failure handling reads
        (writes._fails_the_transaction). Where something listens to the engine's cursor
        executions (a statement count in a test or bench-store), the statement goes through
        SQLAlchemy so that it is seen."""
        if conn.engine.dispatch.before_cursor_execute or conn.engine.dispatch.after_cursor_execute:
            cursor: Any = conn.exec_driver_sql(sql, values)  # fetchone(), fetchall(), close()
        else:
            cursor = self._driver_execute(conn, sql, values, many)
        try:
            return None if fetch is None else fetch(cursor)
        finally:
            cursor.close()

    def _driver_execute(self, conn: sa.Connection, sql: str, values: Any, many: bool) -> Any:
        dbapi_conn = conn.connection.dbapi_connection
        assert dbapi_conn is not None
        cursor = dbapi_conn.cursor()
        try:
            if many:
                cursor.executemany(sql, values)
            else:
                cursor.execute(sql, values)
        except self._dialect.loaded_dbapi.Error as exc:
            lost = self._dialect.is_disconnect(exc, dbapi_conn, cursor)
            cursor.close()
            if lost:
                conn.invalidate(exc)
            raise sa.exc.DBAPIError.instance(
                sql,
                values,
                exc,
                self._dialect.loaded_dbapi.Error,
                connection_invalidated=lost,
                dialect=self._dialect,
                ismulti=many,
            ) from exc
        return cursor


def _fetchone(cursor: Any) -> Any:
    return cursor.fetchone()


def _fetchall(cursor: Any) -> Any:
    return cursor.fetchall()


@dataclass(frozen=True)
class IngestStatements:
    """One dialect's prebuilt statements for Store._ingest_batch."""

    lease: sa.Select[Any]  # leases.held_query
    offset: Prepared
    record: Prepared
    event: Prepared
    progress: Prepared
    audit: Prepared
    snapshot: Prepared

    @classmethod
    def build(cls, engine_dialect: sa.Dialect) -> IngestStatements:
        dialect = engine_dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        offset = insert(t.offsets)
        offset = offset.on_conflict_do_update(
            index_elements=[t.offsets.c.node_id, t.offsets.c.path],
            set_={"offset": offset.excluded.offset},
        )

        event = insert(t.verdict_events).on_conflict_do_nothing().returning(t.verdict_events.c.seq)

        p = t.progress
        progress = insert(p)
        new = progress.excluded
        refreshed = State.ATTEMPTED.value
        progress = progress.on_conflict_do_update(
            index_elements=[p.c.learner, p.c.lab, p.c.step],
            set_={c: new[c] for c in ("state", "reason", "at", "evidence", "captures", "recorded")},
            where=(_rank(new.state) > _rank(p.c.state))
            | ((new.state == refreshed) & (p.c.state == refreshed)),
        )

        s = t.engine_snapshots
        snapshot = insert(s)
        changed = (
            s.c.data.op("IS DISTINCT FROM")(snapshot.excluded.data)
            if dialect == "postgresql"
            else s.c.data != snapshot.excluded.data  # JSON text on SQLite, NOT NULL both sides
        )
        snapshot = snapshot.on_conflict_do_update(
            index_elements=[s.c.learner, s.c.lab],
            set_={"data": snapshot.excluded.data, "updated": snapshot.excluded.updated},
            where=changed,
        )
        return cls(
            lease=leases.held_query(dialect),
            offset=Prepared(offset, engine_dialect),
            record=Prepared(insert(t.command_records).on_conflict_do_nothing(), engine_dialect),
            event=Prepared(event, engine_dialect),
            progress=Prepared(progress, engine_dialect),
            audit=Prepared(t.audit.insert(), engine_dialect),
            snapshot=Prepared(snapshot, engine_dialect),
        )
