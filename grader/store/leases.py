"""Node leases: which grader streams which node, so N graders can share one database.

A lease is a row (node_id, owner, expires_at). A grader takes nodes whose lease is free or
expired and renews its own; a grader that dies stops renewing, and after expires_at another one
takes its nodes over. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED, so
two graders acquiring at the same moment split the nodes instead of blocking on each other; on
SQLite the write transaction (BEGIN IMMEDIATE) already serialises them.

Balance: every grader renews a row of its own in `graders` (owner, capacity, expiry) in the same
transaction as its leases, so the live graders know each other. A grader's fair share is
ceil(nodes × its capacity / the live graders' capacity); it takes free or expired leases only up
to that share. A grader above its share is told so (`LeaseRound.share`) and hands its excess
over itself, one node at a time after a flush (grader/daemon/service.py Daemon._rebalance):
leases are never taken from a live grader, so no batch is ever written by two graders.

Time comes from the database on PostgreSQL (one clock for every grader, so skew between grader
hosts cannot make two of them believe they hold the same node); SQLite is one machine anyway.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class LeaseRound:
    """One renewal's outcome: the nodes `owner` holds now, its fair share, the live graders."""

    held: list[str]
    share: int
    graders: int


def heartbeat(
    conn: sa.Connection,
    insert: Callable[[sa.Table], Any],
    owner: str,
    capacity: float,
    now: float,
    ttl_s: float,
) -> None:
    """Upsert `owner`'s row in `graders`: alive until now + ttl_s, with its capacity."""
    stmt = insert(t.graders).values(
        owner=owner, capacity=capacity, expires_at=now + ttl_s, started_at=now
    )
    conn.execute(
        stmt.on_conflict_do_update(
            index_elements=[t.graders.c.owner],
            set_={"capacity": capacity, "expires_at": now + ttl_s},
        )
    )


def fair_share(conn: sa.Connection, owner: str, nodes: int, now: float) -> tuple[int, int]:
    """(owner's share of `nodes`, live graders): ceil(nodes × capacity / live capacity)."""
    g = t.graders.c
    rows = conn.execute(sa.select(g.owner, g.capacity).where(g.expires_at > now)).all()
    total = sum(max(cap, 0.0) for _, cap in rows)
    mine = next((max(cap, 0.0) for who, cap in rows if who == owner), 0.0)
    if total <= 0 or mine <= 0:
        return (nodes if mine > 0 or not rows else 0), len(rows)
    return min(nodes, math.ceil(nodes * mine / total - 1e-9)), len(rows)


def acquire(
    conn: sa.Connection,
    insert: Callable[[sa.Table], Any],
    owner: str,
    node_ids: list[str],
    ttl_s: float,
    capacity: float = 1.0,
) -> LeaseRound:
    if not owner:
        raise ValueError("a lease owner must be a non-empty string")
    if not node_ids:
        return LeaseRound([], 0, 0)
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
    heartbeat(conn, insert, owner, capacity, now, ttl_s)
    share, graders = fair_share(conn, owner, len(node_ids), now)
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
    held = list(conn.execute(mine).scalars())
    new: list[str] = []
    if len(held) < share:  # up to the share only: the others' shares are theirs to take
        new = list(conn.execute(takeable.limit(share - len(held))).scalars())
    if held:
        conn.execute(
            leases.update().where(leases.c.node_id.in_(held)).values(expires_at=now + ttl_s)
        )
    if new:
        conn.execute(
            leases.update()
            .where(leases.c.node_id.in_(new))
            .values(owner=owner, expires_at=now + ttl_s, since=now)
        )
    return LeaseRound(sorted([*held, *new]), share, graders)


def release(conn: sa.Connection, owner: str, node_ids: list[str] | None = None) -> None:
    """Free `owner`'s leases (only those of node_ids when given); freeing all of them (a grader
    leaving) also removes its row from `graders`, so the others' shares grow at once."""
    where = t.leases.c.owner == owner
    if node_ids is not None:
        where = where & t.leases.c.node_id.in_(node_ids)
    conn.execute(t.leases.update().where(where).values(owner=FREE_OWNER, expires_at=0.0, since=0.0))
    if node_ids is None:
        conn.execute(t.graders.delete().where(t.graders.c.owner == owner))


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
