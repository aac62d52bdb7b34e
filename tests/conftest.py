"""Shared fixtures. The fake node (tests/fakenode.py) is imported first: it sets testcontainers'
environment before testcontainers is imported anywhere else.

Fake-node fixtures:
  fake_node        one container per test module (tests that only read or use their own files)
  fresh_fake_node  one container per test (tests that change the node or need an empty spool)

Outside CI a missing Docker engine skips fake-node tests with a message saying how to get one;
with CI=true (set by .ci/run) it is an error: a CI run that tested nothing must not look green.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import fakenode
import pytest
from hypothesis import settings

# Property tests check behaviour, never speed (speed lives in BENCHMARKS.md): no per-example
# deadline, which a loaded 2-core CI box under coverage's tracer would trip at random. Suites
# with their own settings (tests/reliability/profiles.py) keep them.
settings.register_profile("labgrader", deadline=None)
settings.load_profile("labgrader")

FAKE_NODE_FIXTURES = frozenset({"fake_node", "fresh_fake_node", "fake_node_image"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses a fake node `fakenode`, so `-m "not fakenode"` deselects them."""
    for item in items:
        if FAKE_NODE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.fakenode)


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
