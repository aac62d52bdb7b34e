"""Acceptance: two daemons on one real PostgreSQL share two fake nodes through leases. The first
takes both; when the second starts, the first hands one over (balanced leases, docs/scaling.md).
One daemon is SIGKILLed while the learners type; the other takes its node over within the lease
time plus one heartbeat and goes on grading; the final progress equals an uninterrupted replay of
the same session bytes, nothing lost, nothing doubled."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest
import sqlalchemy as sa
from store.databases import pg_url  # noqa: F401  (fixture: a fresh schema on a real server)

from grader.labs.loader import load_lab
from grader.store import schema

from .conftest import started_nodes
from .harness import LAB_DIR, Daemon, free_port, replay, type_lab, wait_for, write_config
from .test_faults import daemon_states

pytestmark = [pytest.mark.fakenode, pytest.mark.postgres]

LAB = load_lab(LAB_DIR)
STEP_IDS = [s.id for s in LAB.steps]
#: Short, so the takeover is quick to watch; the daemons renew every ttl/3 (the heartbeat).
LEASE_TTL_S = 3.0
HEARTBEAT_S = LEASE_TTL_S / 3
#: The dead daemon's lease expires at most ttl after its last renewal; the survivor tries every
#: heartbeat. On top: a lease loop's own time (one PostgreSQL transaction, a watcher start) on a
#: loaded 2-core machine. Past this the takeover is late.
TAKEOVER_SLACK_S = 1.5
#: Which practice line the kill comes before (0-based), for the first learner; the second learner
#: types on regardless.
KILL_AT = 5
NODES = 2


def lease_owners(engine: sa.Engine) -> dict[str, str]:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(schema.leases.c.node_id, schema.leases.c.owner)).all()
    return dict(rows)


def test_killed_daemons_nodes_move_to_the_other_within_the_lease_time(
    fake_node_image,
    fake_node_keys,
    tmp_path,
    pg_url,  # noqa: F811  (the imported fixture)
):
    engine = sa.create_engine(pg_url)
    with started_nodes(fake_node_image, fake_node_keys, tmp_path, NODES) as seats:
        node_ids = {s.node_id for s in seats}
        ports = {"a": free_port(), "b": free_port()}
        daemons = {
            name: Daemon(
                write_config(
                    tmp_path, seats, pg_url, ports[name], f"grader-{name}", lease_ttl_s=LEASE_TTL_S
                ),
                ports[name],
                tmp_path / f"daemon-{name}.log",
            )
            for name in ports
        }
        a, b = daemons["a"], daemons["b"]
        a.start()
        wait_for(
            lambda: lease_owners(engine) == dict.fromkeys(node_ids, "grader-a"),
            what="grader-a holds both nodes",
        )
        b.start()

        def one_each() -> bool:
            return sorted(lease_owners(engine).values()) == ["grader-a", "grader-b"]

        wait_for(one_each, 60.0, "the nodes spread one to each daemon")
        takeover: dict[str, float] = {}

        async def fault(i: int, line: str, sh) -> None:
            if i != KILL_AT:
                return
            # What was typed so far is graded; each daemon holds one node.
            await asyncio.to_thread(
                wait_for, lambda: a.steps(seats[0].learner)[STEP_IDS[3]] == "verified"
            )
            assert one_each()
            await asyncio.to_thread(a.kill)
            killed = time.monotonic()
            sh.process.stdin.write(b"true\r")  # typed while nobody grades this node
            await sh._read_until_prompts(1)

            def moved() -> bool:
                return lease_owners(engine) == dict.fromkeys(node_ids, "grader-b")

            await asyncio.to_thread(wait_for, moved, 30.0, "grader-b holds both nodes")
            takeover["s"] = time.monotonic() - killed

        async def everyone() -> list:
            return await asyncio.gather(
                type_lab(seats[0], len(STEP_IDS), pause=fault),
                type_lab(seats[1], len(STEP_IDS)),
            )

        try:
            typed = asyncio.run(everyone())
            b.wait_every_step_verified([s.learner for s in seats], "after the takeover")
            stored = b.events()
        finally:
            for d in daemons.values():
                if d.proc is not None and d.proc.poll() is None:
                    assert d.stop() == 0, d.log_text()
            engine.dispose()

        print(
            f"takeover_s={takeover['s']:.2f} bound_s={LEASE_TTL_S + HEARTBEAT_S + TAKEOVER_SLACK_S}"
        )
        assert takeover["s"] <= LEASE_TTL_S + HEARTBEAT_S + TAKEOVER_SLACK_S, takeover
        assert len({e["seq"] for e in stored}) == len(stored)
        for seat, seen in zip(seats, typed, strict=True):
            mine = [e for e in stored if e["learner"] == seat.learner]
            expected_counts, expected_states = replay(seat, LAB)
            assert expected_states == dict.fromkeys(STEP_IDS, "verified")
            assert daemon_states(mine) == expected_states, seat.learner
            # Nothing doubled: the re-fed overlap after the kill made no second event.
            assert Counter((e["step"], e["state"]) for e in mine) == expected_counts, seat.learner
            assert len(seen.checks) == len(STEP_IDS), seat.learner
        log_a, log_b = a.log_text(), b.log_text()
        for node_id in node_ids:
            assert f"event=lease_acquired node={node_id} owner=grader-a" in log_a
            assert f"event=lease_acquired node={node_id} owner=grader-b" in log_b
        assert "event=daemon_stopped" not in log_a  # it really died: no clean shutdown
