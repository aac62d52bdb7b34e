"""Shared fixtures. The fake node (tests/fakenode.py) is imported first: it sets testcontainers'
environment before testcontainers is imported anywhere else.

Fake-node fixtures:
  fake_node        one container per test module (tests that only read or use their own files)
  fresh_fake_node  one container per test (tests that change the node or need an empty spool)

Outside CI a missing Docker engine skips fake-node tests with a message saying how to get one;
with CI=true (set by .ci/run) it is an error: a CI run that tested nothing must not look green.

Two tiers (README "Tests"). The full tier is everything. The fast tier (`pytest --fast`, run by
`scripts/test.sh --fast`) is the pure core and the unit tests: the directories in FAST_TIER_DIRS
(a new directory is full-tier until it is added), less every test that needs a service, found by
the fixtures it uses (SERVICE_FIXTURES: a new test lands in the right tier without anyone marking
it), less the tests marked `slow` (10 s or more each on 2 cores). The daemon's SSH tests, the
local capture shells, the reliability suites and the shell matrix are the full tier's.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import fakenode
import pytest
import shells
from hypothesis import settings

# Property tests check behaviour, never speed (speed lives in BENCHMARKS.md): no per-example
# deadline, which a loaded 2-core CI box under coverage's tracer would trip at random. Suites
# with their own settings (tests/reliability/profiles.py) keep them.
settings.register_profile("labgrader", deadline=None)
settings.load_profile("labgrader")

FAKE_NODE_FIXTURES = frozenset({"fake_node", "fresh_fake_node", "fake_node_image", "docker_engine"})
#: Each marker of a service, by the fixtures that need it: a test using one gets the marker at
#: collection (`-m "not fakenode"` deselects those), and the fast tier leaves it out.
SERVICE_FIXTURES = {
    "fakenode": FAKE_NODE_FIXTURES,  # a Docker engine (tests/fakenode.py)
    "browser": frozenset({"chromium_path", "browser", "page"}),  # tests/browser/conftest.py
    "postgres": frozenset({"pg_url", "private_postgres"}),  # tests/store/databases.py, faults
    "lrs": frozenset({"ralph", "lrs"}),  # the xAPI LRS of tests/outbound (scripts/ensure-lrs.sh)
}
#: Not in the fast tier: every service marker and `slow`.
FULL_TIER_MARKERS = (*SERVICE_FIXTURES, "slow")
#: The fast tier's directories under tests/ ("" is tests/ itself): pure code and units on
#: SQLite, each measured at about a minute or less on 2 cores without its slow tests.
FAST_TIER_DIRS = frozenset(
    {
        "",
        "capture",
        "matching",
        "labs",
        "sim",
        "api",
        "store",
        "outbound",
        "provision",
        "regressions",
    }
)
TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="the fast tier: leave out tests needing a service (Docker, PostgreSQL, Chromium, "
        "the LRS), the built bash releases, or marked slow (scripts/test.sh --fast)",
    )
    parser.addoption(
        "--after-fast",
        action="store_true",
        help="the full tier less what --fast runs: for a run right after the fast tier in the "
        "same checkout (.ci/run, which appends the two runs' coverage)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("fast"):
        shells.SYSTEM_ONLY = True


def _service_markers(item: pytest.Item) -> list[str]:
    names = set(getattr(item, "fixturenames", ()))
    found = [mark for mark, fixtures in SERVICE_FIXTURES.items() if fixtures & names]
    callspec = getattr(item, "callspec", None)
    # tests/store/databases.py's db_url runs a test on SQLite and on PostgreSQL
    if callspec is not None and callspec.params.get("db_url") == "postgresql":
        found.append("postgres")
    return found


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test by the services its fixtures need; with --fast, leave out the full tier;
    with --after-fast, leave out what --fast runs."""
    for item in items:
        for mark in _service_markers(item):
            item.add_marker(getattr(pytest.mark, mark))
    fast, after_fast = config.getoption("fast"), config.getoption("after_fast")
    if fast and after_fast:
        raise pytest.UsageError("--fast and --after-fast select disjoint tiers: give one")
    if not fast and not after_fast:
        return
    keep, drop = [], []
    for item in items:
        (keep if _in_fast_tier(item) == fast else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _in_fast_tier(item: pytest.Item) -> bool:
    """Whether `pytest --fast` runs this item: a fast-tier directory, no service, not slow, and
    on the system bash (the fast tier's shell matrix is the system bash alone)."""
    where = item.path.relative_to(TESTS).parts[:-1]
    if (where[0] if where else "") not in FAST_TIER_DIRS:
        return False
    if any(item.get_closest_marker(m) for m in FULL_TIER_MARKERS):
        return False
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    return not any(isinstance(p, shells.Shell) and p.bindir is not None for p in params)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def docker_engine() -> fakenode.docker.DockerClient:
    try:
        client = fakenode.engine()
    except fakenode.EngineUnavailable as exc:
        if _in_ci():
            pytest.fail(f"CI=true and {exc}", pytrace=False)
        pytest.skip(str(exc))
    fakenode.remove_leftovers(client)
    return client


@pytest.fixture(scope="session")
def fake_node_image(docker_engine: fakenode.docker.DockerClient) -> str:
    """The fake node image for the current sources (built once per session when missing)."""
    return fakenode.ensure_image(docker_engine)


@pytest.fixture(scope="session")
def fake_node_keys(tmp_path_factory: pytest.TempPathFactory) -> fakenode.Keys:
    """Fresh ed25519 client keys for this test session (learner, learner2, grader)."""
    return fakenode.make_keys(tmp_path_factory.mktemp("fakenode-keys"))


@pytest.fixture(scope="module")
def fake_node(
    fake_node_image: str,
    fake_node_keys: fakenode.Keys,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[fakenode.FakeNode]:
    yield from fakenode.start_node(
        fake_node_image, fake_node_keys, tmp_path_factory.mktemp("fakenode")
    )


@pytest.fixture
def fresh_fake_node(
    fake_node_image: str,
    fake_node_keys: fakenode.Keys,
    tmp_path: os.PathLike[str],
) -> Iterator[fakenode.FakeNode]:
    yield from fakenode.start_node(fake_node_image, fake_node_keys, tmp_path)
