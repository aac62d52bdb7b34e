"""The Store's node registry: nodes and their status, their resume offsets, and their leases.

The daemon upserts the nodes of its configuration, reports each one's connection, lag and
simulated flag, and reads the offsets its spools were committed up to (written by the ingest
path, writes.py, in the same transaction as what they produced). Leases, which grader streams
which node, are leases.py's; here they run in the Store's write transaction.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import sqlalchemy as sa

from grader.store import leases as lease_ops
from grader.store import schema as t
from grader.store.connection import Connections
from grader.store.model import NodeStatus
from grader.store.writes import NODE_ERROR_KEEP_CHARS, clip


class Nodes(Connections):
    """The nodes a grader streams, what it knows of each, and who holds each one's lease."""

    def upsert_node(self, node_id: str, host: str, port: int, learners: list[str]) -> None:
        now = time.time()
        stmt = self._insert(t.nodes).values(
            id=node_id,
            host=host,
            port=port,
            learners=list(learners),
            connected=False,
            updated=now,
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[t.nodes.c.id],
            set_={"host": host, "port": port, "learners": list(learners), "updated": now},
        )
        with self._write() as conn:
            conn.execute(stmt)

    def set_node_status(
        self,
        node_id: str,
        *,
        connected: bool,
        lag_s: float | None = None,
        error: str | None = None,
    ) -> None:
        values = {
            "connected": connected,
            "lag_s": lag_s,
            "error": None if error is None else clip(error, NODE_ERROR_KEEP_CHARS),
            "updated": time.time(),
        }
        with self._write() as conn:
            conn.execute(t.nodes.update().where(t.nodes.c.id == node_id).values(**values))

    def set_node_simulated(self, node_id: str, simulated: bool) -> None:
        """What the daemon read from the node at its connection: simulated GPUs or not."""
        with self._write() as conn:
            conn.execute(
                t.nodes.update().where(t.nodes.c.id == node_id).values(simulated=simulated)
            )

    def set_node_lags(self, lags: Mapping[str, float]) -> None:
        """Record the heartbeat lag of many connected nodes in one transaction.

        Why: one transaction per node every STATUS_WRITE_EVERY_S is ~100 a second at 1,000 nodes,
        each on SQLite's write lock beside the ingest path. A node that disconnected meanwhile
        keeps its status: a lag never says "connected" (its connect and disconnect are
        set_node_status's, at once).
        """
        if not lags:
            return
        n = t.nodes.c
        stmt = (
            t.nodes.update()
            .where((n.id == sa.bindparam("node")) & n.connected.is_(True))
            .values(lag_s=sa.bindparam("lag"), updated=sa.bindparam("now"))
        )
        now = time.time()
        with self._write() as conn:
            conn.execute(stmt, [{"node": k, "lag": v, "now": now} for k, v in lags.items()])

    def nodes(self) -> list[NodeStatus]:
        """Every node's status, with the grader holding its lease now and since when."""
        with self._read() as conn:
            rows = conn.execute(sa.select(t.nodes).order_by(t.nodes.c.id)).mappings().all()
        held = self.lease_holders()
        return [
            NodeStatus(
                **{**row, "learners": list(row["learners"])},
                holder=held[row["id"]][0] if row["id"] in held else None,
                held_since=held[row["id"]][1] if row["id"] in held else None,
            )
            for row in rows
        ]

    def offsets(self, node_id: str) -> dict[str, int]:
        with self._read() as conn:
            rows = conn.execute(
                sa.select(t.offsets.c.path, t.offsets.c.offset).where(
                    t.offsets.c.node_id == node_id
                )
            ).all()
        return {path: offset for path, offset in rows}

    # -- leases ---------------------------------------------------------------------------------

    def acquire_nodes(self, owner: str, node_ids: list[str], ttl_s: float) -> list[str]:
        """Take free or expired leases and renew `owner`'s own; returns the nodes owner now holds.

        Call it every ttl_s/3 or so as the heartbeat. A node another live grader holds (or is
        locking right now) is skipped, never waited for. Takes at most owner's fair share
        (lease_round says what that is).
        """
        return self.lease_round(owner, node_ids, ttl_s).held

    def lease_round(
        self, owner: str, node_ids: list[str], ttl_s: float, capacity: float = 1.0
    ) -> lease_ops.LeaseRound:
        """acquire_nodes, with owner's fair share and the number of live graders."""
        with self._write() as conn:
            return lease_ops.acquire(conn, self._insert, owner, node_ids, ttl_s, capacity)

    def release_nodes(self, owner: str, node_ids: list[str] | None = None) -> None:
        """Give up `owner`'s leases (all of them: a clean shutdown, and its `graders` row goes
        too; or those of node_ids: a handover), so others need not wait for expiry."""
        with self._write() as conn:
            lease_ops.release(conn, owner, node_ids)

    def lease_holders(self) -> dict[str, tuple[str, float]]:
        """node_id -> (owner, since) of every lease held now."""
        with self._read() as conn:
            now = lease_ops.db_now(conn)
            rows = conn.execute(
                sa.select(t.leases.c.node_id, t.leases.c.owner, t.leases.c.since).where(
                    (t.leases.c.owner != lease_ops.FREE_OWNER) & (t.leases.c.expires_at > now)
                )
            ).all()
        return {node_id: (owner, since) for node_id, owner, since in rows}
