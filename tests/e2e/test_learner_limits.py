"""Acceptance (per-learner limits): one learner's fork bomb, bounded by the node's limits
(install-limits.sh, which the fake-node image runs as provisioning does), and then his memory hog
leave another learner's next command verified by a real `grader run` within 5 s.

The fake node runs no systemd, so what bounds the bomber is limits.conf through sshd's
pam_limits: nproc, counted by the kernel per real uid, and the address space of each process
(docs/provisioning.md "Learner limits"). The bomb forks sleeping children until fork fails: it
holds every process slot the learner has without spinning the CPU of a shared test machine.

Safety: the kernel counts nproc per uid across every container on the engine (they share the
host's uids), so the bomber gets a uid of his own (BOMBER_UID), never one another test session's
learner has; the container's own pids cgroup (fakenode.PIDS_LIMIT) is the net under it; the
bomb is killed, by the bomber's uid inside the container, before the test ends.
"""

from __future__ import annotations

import asyncio
import os
import re

import pytest

from .conftest import add_learner
from .harness import (
    Daemon,
    Seat,
    free_port,
    open_shell,
    practice_lines,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.fakenode

#: The acceptance's bound: the other learner's next command verified within this long.
VERIFIED_WITHIN_S = 5.0
#: The image's limits (install-limits.sh defaults): what the bomber's login must report.
NPROC = 512
BOMBER = "mallory"
#: A uid no other fake node's learner has (those count up from 1000), unique per test process.
BOMBER_UID = 40000 + os.getpid() % 20000
#: Forks sleeping children until fork fails (bash then retries each fork, backing off).
BOMB = "while :; do sleep 1000 & done"
#: The bomb fills the learner's slots in about a second here; 60 s is a hang.
BOMB_FILLS_WITHIN_S = 60.0


def tasks_of(seat: Seat, uid: int) -> int:
    """The processes and threads `uid` has on the node (what nproc counts)."""
    got = seat.node.exec(f"ps -L -u {uid} --no-headers | wc -l")
    assert got.exit_code == 0, got.text
    return int(got.text.strip())


def kill_all_of(seat: Seat, uid: int) -> None:
    """SIGKILL every process of `uid` in the container until none is left."""

    def gone() -> bool:
        seat.node.exec(["pkill", "-KILL", "-u", str(uid)])
        return tasks_of(seat, uid) == 0

    wait_for(gone, 30, f"uid {uid}'s processes gone")


def test_a_bombing_learner_leaves_another_learners_commands_verified(one_fake_node, tmp_path):
    seat = one_fake_node
    made = seat.node.exec(["useradd", "--create-home", "-u", str(BOMBER_UID), BOMBER])
    assert made.exit_code == 0, made.text
    bomber = Seat(seat.node_id, seat.node, add_learner(seat.node, BOMBER))
    port = free_port()
    db = f"sqlite:///{tmp_path / 'grader.db'}"
    cfg = write_config(tmp_path, [seat], db, port, "e2e-limits")
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    first, second = practice_lines()[:2]  # run-broken (an attested run), why-socket

    mem_kib = int(seat.node.exec("awk '$1 == \"MemTotal:\" {print $2}' /proc/meminfo").text)

    async def scenario() -> str:
        bconn, bomb_sh = await open_shell(bomber)
        try:
            limits = await bomb_sh.run('echo "limits $(ulimit -u) $(ulimit -v)"')
            m = re.search(r"limits (\d+) (\d+)", limits)
            assert m, limits
            assert int(m[1]) == NPROC, limits  # his SSH login got the node's nproc
            address_kib = int(m[2])
            # each of his processes bounded below the node's RAM (no systemd here: limits.conf
            # `as`, not a cgroup), so the hog below is refused by the kernel before it touches a
            # page, never left to eat the node
            assert 0 < address_kib < mem_kib, limits
            bomb_sh.process.stdin.write(BOMB.encode() + b"\r")
            await asyncio.to_thread(
                wait_for,
                lambda: tasks_of(bomber, BOMBER_UID) >= NPROC,
                BOMB_FILLS_WITHIN_S,
                f"the bomb to fill {BOMBER}'s {NPROC} slots",
            )
            # Bounded: the bomb keeps trying, the kernel keeps refusing.
            assert tasks_of(bomber, BOMBER_UID) == NPROC
            conn, sh = await open_shell(seat)
            try:
                await sh.run(first)
                await asyncio.to_thread(
                    wait_for,
                    lambda: daemon.steps(seat.learner)["run-broken"] == "verified",
                    VERIFIED_WITHIN_S,
                    "run-broken verified while the bomb runs",
                )
                assert tasks_of(bomber, BOMBER_UID) == NPROC
                await asyncio.to_thread(kill_all_of, bomber, BOMBER_UID)
            finally:
                conn.close()
        finally:
            bconn.close()

        # The memory hog: a bigger allocation than the address-space limit is refused at once
        # (no page is touched), and the other learner's next command verifies just the same.
        bconn, hog_sh = await open_shell(bomber)
        conn, sh = await open_shell(seat)
        try:
            hog = f"python3 -c 'bytearray({address_kib * 1024 + (64 << 20)})'"
            hogged = await hog_sh.run(hog)
            await sh.run(second)
            await asyncio.to_thread(
                wait_for,
                lambda: daemon.steps(seat.learner)["why-socket"] == "verified",
                VERIFIED_WITHIN_S,
                "why-socket verified after the hog",
            )
        finally:
            conn.close()
            bconn.close()
        return hogged

    try:
        hogged = asyncio.run(scenario())
    finally:
        kill_all_of(bomber, BOMBER_UID)
        assert daemon.stop() == 0, daemon.log_text()
    assert "MemoryError" in hogged, hogged
