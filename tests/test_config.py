"""grader.yaml (grader/config.py, grader/config.schema.json): what the loader refuses, located."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.config import ConfigError, load_config


def _write(directory: Path, learners: dict[str, list[str]]) -> Path:
    cfg = {
        "nodes": [
            {
                "id": "n1",
                "host": "127.0.0.1",
                "key": "grader_key",
                "known_hosts": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFake",
                "learners": learners,
            }
        ]
    }
    path = directory / "grader.yaml"
    path.write_text(json.dumps(cfg))
    return path


def test_a_learner_without_labs_is_refused_naming_the_learner(tmp_path: Path) -> None:
    """`learners: {alice: []}` grades nothing of alice's, silently: a config written with an empty
    list (the demo's generator once did) must not start a grader that looks healthy."""
    with pytest.raises(ConfigError) as err:
        load_config(_write(tmp_path, {"alice": [], "bob": ["nccl-bootstrap"]}))
    problems = err.value.problems
    assert len(problems) == 1, problems
    assert "nodes/items/properties/learners/additionalProperties/minItems" in problems[0]
    assert problems[0].startswith(f"{tmp_path / 'grader.yaml'}:")


def test_a_learner_with_labs_loads(tmp_path: Path) -> None:
    cfg = load_config(_write(tmp_path, {"bob": ["nccl-bootstrap", "nccl-transport"]}))
    assert cfg.nodes[0].learners == {"bob": ("nccl-bootstrap", "nccl-transport")}
