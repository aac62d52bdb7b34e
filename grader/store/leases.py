"""Node leases: which grader streams which node, so N graders can share one database.

A lease is a row (node_id, owner, expires_at). A grader takes nodes whose lease is free or
expired and renews its own; a grader that dies stops renewing, and after expires_at another one
takes its nodes over. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED, so
two graders acquiring at the same moment split the nodes instead of blocking on each other; on
SQLite the write transaction (BEGIN IMMEDIATE) already serialises them.

Time comes from the database on PostgreSQL (one clock for every grader, so skew between grader
hosts cannot make two of them believe they hold the same node); SQLite is one machine anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.model import LeaseLost

FREE_OWNER = ""
"""owner of a lease row nobody holds (rows are kept so SKIP LOCKED has something to lock)."""


def db_now(conn: sa.Connection) -> float:
    if conn.dialect.name == "postgresql":
        return float(
            conn.execute(
                sa.select(sa.func.extract("epoch", sa.func.clock_timestamp()))
            ).scalar_one()
        )
    return time.time()


_EXISTING = sa.select(t.leases.c.node_id).where(
    t.leases.c.node_id.in_(sa.bindparam("node_ids", expanding=True))
)


def acquire(
    conn: sa.Connection,
    insert: Callable[[sa.Table], Any],
    owner: str,
    node_ids: list[str],
    ttl_s: float,
) -> list[str]:
    if not node_ids:
        return []
    if not owner:
        raise ValueError("a lease owner must be a non-empty string")
    leases = t.leases
    # Make sure every wanted node has a row to lock; a concurrent insert of the same row just
    # waits for the other transaction, then does nothing. Only the missing rows are inserted,
    # as one cached statement run for each: a 1,000-row VALUES list was compiled anew at every
    # renewal (~100 ms of CPU at 1,000 nodes, every ttl/3, holding SQLite's one write lock:
    # every group commit waited behind it, BENCHMARKS.md eighth round).
    have = set(conn.execute(_EXISTING, {"node_ids": node_ids}).scalars())
    missing = [
        {"node_id": n, "owner": FREE_OWNER, "expires_at": 0.0} for n in node_ids if n not in have
    ]
    if missing:
        conn.execute(insert(leases).on_conflict_do_nothing(), missing)
    now = db_now(conn)
    # Our own rows are locked waiting, not skipped: this grader's ingest transactions hold them
    # (check_held) for milliseconds, and skipping them made a busy node look lost, so its
    # watcher was dropped and restarted every few renewals.
    mine = (
        sa.select(leases.c.node_id)
        .where(leases.c.node_id.in_(node_ids), leases.c.owner == owner)
        .order_by(leases.c.node_id)
        .with_for_update()
    )
    takeable = (
        sa.select(leases.c.node_id)
        .where(leases.c.node_id.in_(node_ids))
        .where(leases.c.owner != owner, leases.c.expires_at <= now)
        .order_by(leases.c.node_id)
        .with_for_update(skip_locked=True)
    )
    taken = sorted([*conn.execute(mine).scalars(), *conn.execute(takeable).scalars()])
    if taken:
        conn.execute(
            leases.update()
            .where(leases.c.node_id.in_(taken))
            .values(owner=owner, expires_at=now + ttl_s)
        )
    return taken


def release(conn: sa.Connection, owner: str) -> None:
    conn.execute(
        t.leases.update().where(t.leases.c.owner == owner).values(owner=FREE_OWNER, expires_at=0.0)
    )


def held_query(dialect: str) -> sa.Select[Any]:
    """(node_id, owner, held) of the lease rows of `node_ids`, locked FOR UPDATE until the
    transaction ends, in node_id order (the order acquire() locks them in).

    Built once per Store; the ingest path runs it once per transaction for all its batches' nodes.
    `held` compares expires_at with the database's clock in the same statement on PostgreSQL; on
    SQLite with the `now` parameter.
    """
    leases = t.leases
    if dialect == "postgresql":
        now: Any = sa.func.extract("epoch", sa.func.clock_timestamp())
    else:
        now = sa.bindparam("now", type_=t.Epoch)
    return (
        sa.select(leases.c.node_id, leases.c.owner, (leases.c.expires_at > now).label("held"))
        .where(leases.c.node_id.in_(sa.bindparam("node_ids", expanding=True)))
        .order_by(leases.c.node_id)
        .with_for_update()
    )


Held = dict[str, tuple[str, bool]]
"""node_id -> (owner, held) of the lease rows lock_held locked; a node without a row is absent."""


def lock_held(conn: sa.Connection, query: sa.Select[Any], node_ids: list[str]) -> Held:
    """Lock the lease rows of node_ids (`query`: held_query) and say who holds each.

    The rows stay locked (FOR UPDATE on PostgreSQL; SQLite's write transaction locks everything)
    until the caller's transaction ends, so nobody can take a lease between check_held and the
    commit of the writes it guards.
    """
    if not node_ids:
        return {}
    rows = conn.execute(query, {"node_ids": sorted(set(node_ids)), "now": time.time()})
    return {node_id: (owner, bool(held)) for node_id, owner, held in rows}


def check_held(held: Held, node_id: str, owner: str) -> None:
    """Raise LeaseLost unless `owner` holds an unexpired lease on node_id (rows from lock_held)."""
    row = held.get(node_id)
    if row is None or row[0] != owner or not row[1]:
        holder = None if row is None else row[0] or None
        raise LeaseLost(f"{owner} does not hold the lease on node {node_id} (holder: {holder})")
