"""Node leases between graders: expiry hands nodes over, SKIP LOCKED never waits, writes fenced."""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa

from grader.store import LeaseLost, Store
from grader.store.leases import shares
from store.batches import NODE, batch

TTL_S = 0.6


def test_two_owners_split_and_take_over_after_expiry(store: Store) -> None:
    store.upsert_node(NODE, "h", 22, ["alice"])
    assert store.acquire_nodes("grader-a", [NODE, "node-b"], TTL_S) == [NODE, "node-b"]
    assert store.acquire_nodes("grader-b", [NODE, "node-b"], TTL_S) == []
    assert store.acquire_nodes("grader-a", [NODE], TTL_S) == [NODE]  # renewal
    store.ingest(batch(1, owner="grader-a"))
    time.sleep(TTL_S + 0.2)  # grader-a stops renewing: its leases expire
    assert store.acquire_nodes("grader-b", [NODE, "node-b"], TTL_S) == [NODE, "node-b"]
    assert store.acquire_nodes("grader-a", [NODE], TTL_S) == []
    with pytest.raises(LeaseLost):
        store.ingest(batch(2, owner="grader-a"))  # the stale grader writes nothing
    assert [e.step for e in store.events_after(0)] == ["step-1"]
    assert [e.step for e in store.ingest(batch(2, owner="grader-b"))] == ["step-2"]


def test_release_frees_nodes_at_once(store: Store) -> None:
    assert store.acquire_nodes("grader-a", ["n1", "n2"], 60) == ["n1", "n2"]
    store.release_nodes("grader-a")
    assert store.acquire_nodes("grader-b", ["n1", "n2"], 60) == ["n1", "n2"]


def test_renewal_inserts_only_the_missing_lease_rows(store: Store) -> None:
    """Every renewal used to insert (on conflict: nothing) a row per node: at 1,000 nodes a
    3,000-parameter statement compiled anew every ttl/3 while holding the write lock. Now
    only rows that are missing are inserted: none on a plain renewal, the new node's when the
    list grows, and a row someone deleted comes back."""
    from grader.store import schema

    nodes = [f"n{i:03d}" for i in range(300)]
    inserts: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany) -> None:
        if statement.lstrip().upper().startswith("INSERT") and "leases" in statement:
            inserts.append(statement)

    assert store.acquire_nodes("grader-a", nodes, 60) == nodes  # the first round makes rows
    sa.event.listen(store._engine, "before_cursor_execute", count)
    try:
        assert store.acquire_nodes("grader-a", nodes, 60) == nodes
        assert inserts == []  # a renewal writes the expiry, nothing else
        grown = [*nodes, "n300"]
        assert store.acquire_nodes("grader-a", grown, 60) == grown
        assert len(inserts) == 1  # the one new node's row
        with store._engine.begin() as conn:
            conn.execute(sa.delete(schema.leases).where(schema.leases.c.node_id == "n007"))
        assert store.acquire_nodes("grader-a", grown, 60) == grown  # n007's row is back
        assert store.acquire_nodes("grader-b", grown, 60) == []  # and held by grader-a
    finally:
        sa.event.remove(store._engine, "before_cursor_execute", count)


@pytest.mark.postgres
def test_skip_locked_does_not_wait_for_a_locking_grader(pg_url: str) -> None:
    store = Store.open(pg_url)
    try:
        store.acquire_nodes("grader-a", ["n1", "n2"], 0.01)
        time.sleep(0.05)  # both expired: free for anyone
        other = sa.create_engine(pg_url)
        with other.connect() as conn, conn.begin():
            # Another grader is in the middle of taking n1 (row locked, not committed).
            conn.exec_driver_sql("SELECT * FROM leases WHERE node_id = 'n1' FOR UPDATE")
            result: list[list[str]] = []
            t = threading.Thread(
                target=lambda: result.append(store.acquire_nodes("grader-b", ["n1", "n2"], 60))
            )
            t.start()
            t.join(timeout=5)
            assert not t.is_alive(), "acquire_nodes blocked on a locked lease row"
            assert result == [["n2"]]
        other.dispose()
        assert store.acquire_nodes("grader-b", ["n1", "n2"], 60) == ["n1", "n2"]
    finally:
        store.close()


NINE = [f"n{i}" for i in range(9)]


def test_a_grader_takes_only_its_fair_share_of_free_nodes(store: Store) -> None:
    """Balanced leases (docs/scaling.md): live graders know each other through the `graders`
    rows renewed with the leases; each takes free nodes only up to its share (9 nodes, two
    graders: 5 and 4, the odd one to the first owner), and one above it is told so (it hands
    its excess over itself, after a flush)."""
    first = store.lease_round("grader-a", NINE, 60)
    assert (first.held, first.share, first.graders) == (NINE, 9, 1)  # alone: every node
    joined = store.lease_round("grader-b", NINE, 60)
    assert (joined.held, joined.share, joined.graders) == ([], 4, 2)  # nothing free
    over = store.lease_round("grader-a", NINE, 60)
    assert (len(over.held), over.share) == (9, 5)  # renewed, never dropped here: A hands over
    store.release_nodes("grader-a", NINE[5:])  # A's handover of its excess
    assert store.lease_round("grader-b", NINE, 60).held == NINE[5:]
    store.lease_round("grader-c", NINE, 60)  # a third grader: shares of 3
    a, b = store.lease_round("grader-a", NINE, 60), store.lease_round("grader-b", NINE, 60)
    assert (a.share, b.share, a.graders) == (3, 3, 3)
    store.release_nodes("grader-a", a.held[3:])
    store.release_nodes("grader-b", b.held[3:])
    c = store.lease_round("grader-c", NINE, 60)
    assert len(c.held) == 3 and not set(c.held) & set(a.held[:3] + b.held[:3])
    holders = store.lease_holders()
    assert sorted(holders) == NINE
    assert (
        sorted(owner for owner, _ in holders.values())
        == ["grader-a"] * 3 + ["grader-b"] * 3 + ["grader-c"] * 3
    )
    assert all(since > 0 for _, since in holders.values())


def test_capacity_weights_the_share_and_a_leaving_grader_frees_it_at_once(store: Store) -> None:
    big = store.lease_round("grader-big", NINE, 60, capacity=2.0)
    small = store.lease_round("grader-small", NINE, 60, capacity=1.0)
    big = store.lease_round("grader-big", NINE, 60, capacity=2.0)
    assert (big.share, small.share) == (6, 3)
    store.release_nodes("grader-big")  # SIGTERM: every lease and its `graders` row, at once
    alone = store.lease_round("grader-small", NINE, 60)
    assert (alone.share, alone.graders, alone.held) == (9, 1, NINE)


@pytest.mark.parametrize(
    ("nodes", "capacities", "expected"),
    [
        (4, {"a": 1, "b": 1, "c": 1}, {"a": 2, "b": 1, "c": 1}),  # rounded up: c got none
        (6, {"a": 1, "b": 1, "c": 1, "d": 1}, {"a": 2, "b": 2, "c": 1, "d": 1}),
        (4, {"big": 2, "small": 1}, {"big": 3, "small": 1}),
        (9, {"a": 1, "b": 1, "c": 1}, {"a": 3, "b": 3, "c": 3}),
        (1000, {"a": 1, "b": 1, "c": 1}, {"a": 334, "b": 333, "c": 333}),
    ],
)
def test_shares_add_up_to_the_nodes_so_no_grader_waits_for_ever(
    nodes: int, capacities: dict[str, float], expected: dict[str, int]
) -> None:
    """Rounding every share up made them add up to more than the nodes: with 4 nodes and three
    graders (2/2/2) two reached their share and the third never got a node."""
    got = shares(nodes, capacities)
    assert got == expected and sum(got.values()) == nodes


def test_graders_listing_other_nodes_are_another_pool(store: Store) -> None:
    """Two graders with disjoint node lists (the old way to split a class) each keep all of
    theirs: no node is freed for a grader that does not list it."""
    xs, ys = [f"x{i}" for i in range(10)], [f"y{i}" for i in range(10)]
    gx = store.lease_round("gx", xs, 60)
    gy = store.lease_round("gy", ys, 60)
    gx = store.lease_round("gx", xs, 60)
    assert (gx.held, gx.share, gx.graders) == (xs, 10, 1)
    assert (gy.held, gy.share, gy.graders) == (ys, 10, 1)


def test_shares_are_exact_whatever_order_the_graders_come_in() -> None:
    """Summed as floats in another row order, 0.1 + 0.3 + 0.6 is another total, a remainder
    tie flips and two graders disagree (PostgreSQL returns rows in no fixed order)."""
    caps = {"g0": 0.1, "g1": 0.3, "g2": 0.6}
    seen = {
        tuple(sorted(shares(44, dict(order)).items()))
        for order in (sorted(caps.items()), sorted(caps.items(), reverse=True))
    }
    assert len(seen) == 1 and sum(dict(next(iter(seen))).values()) == 44
