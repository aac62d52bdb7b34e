"""Every follower of the event feed sees every event once, in seq order, while several graders
write one PostgreSQL database at once and are killed at random.

What runs for real: WRITERS processes (tests/store/feed_writer.py), each a grader's committer
writing group commits through `Store.ingest_many`; a real API server (uvicorn) on the same
database; a poll follower (`GET /api/events?after=<last seq>`, as docs/api.md says to follow)
and an SSE follower (`/api/events/stream`). Writers are SIGKILLed at random, mid-transaction
too, and restarted. Afterwards each follower's list of seqs must be exactly the committed
events, in order: none missed (a seq handed out before a lower one committed), none twice.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from api.server import running

from grader.api.app import create_app
from grader.api.settings import ApiSettings
from grader.store import Store

pytestmark = pytest.mark.postgres

TESTS = Path(__file__).resolve().parents[1]
TOKEN = "feed-followers-operator-token"
WRITERS = 3
RUN_S = 15.0
#: At least this many kills, each of a writer that has committed since it started (a loaded box
#: takes seconds to start one, and a writer killed before it commits tests nothing).
MIN_KILLS = 6
RUN_MAX_S = 120.0
#: A follower that has not caught up this long after the last commit has lost something.
CATCH_UP_S = 30.0


class Followers:
    """The poll and the SSE follower, each in a thread, recording the seqs they are handed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.polled: list[int] = []
        self.streamed: list[int] = []
        self.stop = threading.Event()
        self.errors: list[str] = []
        self._threads = [
            threading.Thread(target=self._poll, daemon=True),
            threading.Thread(target=self._stream, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _poll(self) -> None:
        headers = {"Authorization": f"Bearer {TOKEN}"}
        with httpx.Client(base_url=self.base, headers=headers, timeout=30) as client:
            while not self.stop.is_set():
                after = self.polled[-1] if self.polled else 0
                r = client.get("/api/events", params={"after": after, "limit": 500})
                if r.status_code == 429:
                    time.sleep(float(r.headers.get("retry-after", "0.1")))
                    continue
                if r.status_code != 200:
                    self.errors.append(f"poll: {r.status_code} {r.text[:200]}")
                    return
                self.polled += [event["seq"] for event in r.json()]
                time.sleep(0.02)

    def _stream(self) -> None:
        headers = {"Authorization": f"Bearer {TOKEN}"}
        url = f"{self.base}/api/events/stream"
        with httpx.stream("GET", url, params={"after": 0}, headers=headers, timeout=60) as r:
            if r.status_code != 200:
                self.errors.append(f"stream: {r.status_code}")
                return
            for line in r.iter_lines():
                if self.stop.is_set():
                    return
                if line.startswith("data:"):
                    self.streamed.append(json.loads(line[5:])["seq"])

    def join(self) -> None:
        self.stop.set()
        for thread in self._threads:
            thread.join(timeout=70)


def _writer(url: str, name: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    return subprocess.Popen(
        [sys.executable, "-m", "store.feed_writer", url, name], env=env, cwd=TESTS
    )


def _commits(store: Store, writer: str) -> int:
    """How many rounds the writer's processes have committed (a round: one offset a node)."""
    return len(store.offsets(f"{writer}-node0"))


def _committed(store: Store) -> list[int]:
    seqs: list[int] = []
    while True:
        page = store.events_after(seqs[-1] if seqs else 0, limit=500)
        if not page:
            return seqs
        seqs += [e.seq for e in page]


def test_followers_see_every_event_once_while_graders_are_killed(pg_url: str) -> None:
    store = Store.open(pg_url)
    settings = ApiSettings(operator_tokens=(TOKEN,), rate_per_token="100000/second")
    rng = random.Random(os.environ.get("LABGRADER_FEED_SEED", "feed"))
    writers = {f"g{i}": _writer(pg_url, f"g{i}") for i in range(WRITERS)}
    born = {name: _commits(store, name) for name in writers}
    kills = 0
    try:
        with running(create_app(store, settings)) as base:
            followers = Followers(base)
            start = time.monotonic()
            while (kills < MIN_KILLS or time.monotonic() - start < RUN_S) and (
                time.monotonic() - start < RUN_MAX_S
            ):
                time.sleep(rng.uniform(0.2, 0.8))
                name = rng.choice(sorted(writers))
                if _commits(store, name) == born[name]:
                    continue
                writers[name].send_signal(signal.SIGKILL)
                writers[name].wait()
                born[name] = _commits(store, name)
                writers[name] = _writer(pg_url, name)
                kills += 1
            for proc in writers.values():
                proc.send_signal(signal.SIGKILL)
                proc.wait()
            committed = _committed(store)
            caught_up = time.monotonic() + CATCH_UP_S
            while time.monotonic() < caught_up and not followers.errors:
                if followers.polled[-1:] == committed[-1:] == followers.streamed[-1:]:
                    break
                time.sleep(0.2)
            followers.join()
    finally:
        for proc in writers.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        store.close()
    assert not followers.errors
    assert kills >= MIN_KILLS and len(committed) >= 50, (kills, len(committed))
    assert followers.polled == committed, _difference("poll", followers.polled, committed)
    assert followers.streamed == committed, _difference("SSE", followers.streamed, committed)


def _difference(who: str, seen: list[int], committed: list[int]) -> str:
    missed = sorted(set(committed) - set(seen))
    doubled = len(seen) - len(set(seen))
    return (
        f"the {who} follower missed {len(missed)} of {len(committed)} events "
        f"(first: {missed[:10]}), saw {doubled} twice, out of order: {seen != sorted(seen)}"
    )
