"""Node leases: which grader streams which node, so N graders can share one database.

A lease is a row (node_id, owner, expires_at). A grader takes nodes whose lease is free or
expired and renews its own; a grader that dies stops renewing, and after expires_at another one
takes its nodes over. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED, so
two graders acquiring at the same moment split the nodes instead of blocking on each other; on
SQLite the write transaction (BEGIN IMMEDIATE) already serialises them.

Balance: every grader renews a row of its own in `graders` (owner, capacity, the key of its node
list, expiry) in the same transaction as its leases, so the live graders know each other. The
graders listing the same nodes share them: each one's share is its capacity's part of the nodes,
rounded down, the nodes left over going one each to the graders with the largest remainders
(then by owner), so the shares add up to exactly the node count and every grader computes the
same ones. A grader takes free or expired leases only up to its share; one above it is told so
(`LeaseRound.share`) and hands its excess over itself after a flush (grader/daemon/service.py
Daemon._rebalance): leases are never taken from a live grader, so no batch is ever written by
two graders. Graders with another node list (disjoint lists, a config change rolling out) are
another pool: they never count in this one's shares, so no node is freed for a grader that
does not list it.

Time comes from the database on PostgreSQL (one clock for every grader, so skew between grader
hosts cannot make two of them believe they hold the same node); SQLite is one machine anyway.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
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
    started: float = 0.0  # time.monotonic() when the round began (set by the caller)


#: Rows of graders gone this long (crashed, never back under that owner) are deleted.
GONE_KEPT_S = 3600.0


def nodes_key(node_ids: list[str]) -> str:
    """The key of a node list: graders with the same key share those nodes."""
    return hashlib.sha256("\n".join(sorted(node_ids)).encode()).hexdigest()[:16]


def heartbeat(
    conn: sa.Connection,
    insert: Callable[[sa.Table], Any],
    owner: str,
    capacity: float,
    key: str,
    now: float,
    ttl_s: float,
) -> None:
    """Upsert `owner`'s row in `graders`: alive until now + ttl_s, with its capacity and the key
    of its node list; delete rows of graders gone for GONE_KEPT_S."""
    g = t.graders
    stmt = insert(g).values(
        owner=owner, capacity=capacity, nodes_key=key, expires_at=now + ttl_s, started_at=now
    )
    conn.execute(
        stmt.on_conflict_do_update(
            index_elements=[g.c.owner],
            set_={"capacity": capacity, "nodes_key": key, "expires_at": now + ttl_s},
        )
    )
    conn.execute(g.delete().where(g.c.expires_at < now - GONE_KEPT_S))


def shares(nodes: int, capacities: dict[str, float]) -> dict[str, int]:
    """Each grader's share of `nodes` by capacity: the parts rounded down, the nodes left over
    one each to the largest remainders (ties: by owner). They add up to `nodes` exactly, and
    every grader, seeing the same rows, computes the same shares."""
    # Exact: with floats, 0.1 + 0.3 + 0.6 summed in another order is another total, a tie at
    # the remainders flips, and two graders disagree on their shares.
    caps = {owner: Fraction(str(cap)) for owner, cap in capacities.items()}
    total = sum(caps.values(), Fraction(0))
    if total <= 0:
        return {owner: 0 for owner in capacities}
    exact = {owner: nodes * cap / total for owner, cap in caps.items()}
    out = {owner: int(x) for owner, x in exact.items()}
    left = nodes - sum(out.values())
    for owner in sorted(exact, key=lambda o: (-(exact[o] - out[o]), o))[:left]:
        out[owner] += 1
    return out


def fair_share(
    conn: sa.Connection, owner: str, key: str, nodes: int, now: float
) -> tuple[int, int]:
    """(owner's share of `nodes`, live graders of its pool: those with the same nodes key)."""
    g = t.graders.c
    rows = conn.execute(
        sa.select(g.owner, g.capacity)
        .where((g.expires_at > now) & (g.nodes_key == key))
        .order_by(g.owner)
    ).all()
    capacities = {who: max(float(cap), 0.0) for who, cap in rows}
    if owner not in capacities:  # our own row is written first; never share without it
        return nodes, 1
    return shares(nodes, capacities)[owner], len(capacities)


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
    # as one cached statement run for each: a 1,000-row VALUES list would be compiled anew at
    # every renewal (~100 ms of CPU at 1,000 nodes, every ttl/3, holding SQLite's one write lock:
    # every group commit would wait behind it; measured, BENCHMARKS.md).
    have = set(conn.execute(_EXISTING, {"node_ids": node_ids}).scalars())
    missing = [
        {"node_id": n, "owner": FREE_OWNER, "expires_at": 0.0} for n in node_ids if n not in have
    ]
    if missing:
        conn.execute(insert(leases).on_conflict_do_nothing(), missing)
    now = db_now(conn)
    key = nodes_key(node_ids)
    heartbeat(conn, insert, owner, capacity, key, now, ttl_s)
    share, graders = fair_share(conn, owner, key, len(node_ids), now)
    # Our own rows are locked waiting, not skipped: this grader's ingest transactions hold them
    # (check_held) for milliseconds, and skipping them would make a busy node look lost, so its
    # watcher would be dropped and restarted every few renewals.
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
