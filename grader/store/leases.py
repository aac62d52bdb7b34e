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
    # Make sure every wanted node has a row to lock; a concurrent insert of the same row just
    # waits for the other transaction, then does nothing.
    conn.execute(
        insert(t.leases)
        .values([{"node_id": n, "owner": FREE_OWNER, "expires_at": 0.0} for n in node_ids])
        .on_conflict_do_nothing()
    )
    now = db_now(conn)
    leases = t.leases
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


def check_held(conn: sa.Connection, node_id: str, owner: str) -> None:
    """Raise LeaseLost unless `owner` holds an unexpired lease on node_id.

    The row is locked (FOR UPDATE on PostgreSQL) until the caller's transaction ends, so nobody
    can take the lease between this check and the commit of the writes it guards.
    """
    row = conn.execute(
        sa.select(t.leases.c.owner, t.leases.c.expires_at)
        .where(t.leases.c.node_id == node_id)
        .with_for_update()
    ).first()
    if row is None or row.owner != owner or row.expires_at <= db_now(conn):
        holder = None if row is None else row.owner or None
        raise LeaseLost(f"{owner} does not hold the lease on node {node_id} (holder: {holder})")
