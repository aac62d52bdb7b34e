"""Every committed fuzz input, replayed through its target in the normal suite.

The seeds (tests/reliability/fuzz/corpus/) and every input that once broke a target
(tests/reliability/fuzz/crashes/<target>/, written there by tests/reliability/fuzz/run.py) run
through the target's function here: a crash the fuzzer found stays a failing test until it is
fixed, then a regression test for good. No atheris needed: a target is a function of bytes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .targets import CORPUS, CRASHES, TARGETS, corpus_files

CASES = [
    pytest.param(name, path, id=f"{name}:{path.parent.name}/{path.name[:16]}")
    for name, target in TARGETS.items()
    for path in corpus_files(target)
]


@pytest.mark.parametrize(("name", "path"), CASES)
def test_committed_input_replays(name: str, path: Path) -> None:
    TARGETS[name].run(path.read_bytes())


def test_every_target_has_seeds() -> None:
    """A target without seeds starts from nothing: the corpus is missing or misnamed."""
    for target in TARGETS.values():
        seeds = [f for s in target.seeds for f in (CORPUS / s).iterdir()]
        assert seeds, target.name
        assert all(f.stat().st_size <= target.max_len for f in seeds), target.name


def test_crash_folders_name_targets() -> None:
    """A crash filed under a name no target has would never be replayed."""
    if CRASHES.is_dir():
        assert {d.name for d in CRASHES.iterdir()} <= set(TARGETS)
