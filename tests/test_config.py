"""grader.yaml (grader/config.py, grader/config.schema.json): what the loader refuses, located."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.config import ConfigError, load_config


def _write(directory: Path, learners: dict[str, list[str]], **top: object) -> Path:
    cfg = {
        **top,
        "nodes": [
            {
                "id": "n1",
                "host": "127.0.0.1",
                "key": "grader_key",
                "known_hosts": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFake",
                "learners": learners,
            }
        ],
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


def test_public_url_names_the_learner_page(tmp_path: Path) -> None:
    """api.public_url is optional; set, it is the API as learners' browsers see it, and the
    learner page (what the login welcome names) is under it."""
    assert load_config(_write(tmp_path, {"bob": ["nccl-bootstrap"]})).api.learner_page is None
    for given, page in [
        ("https://grader.example/", "https://grader.example/dashboard/learner"),
        ("http://localhost:8080", "http://localhost:8080/dashboard/learner"),
        ("https://lab.example/class-7", "https://lab.example/class-7/dashboard/learner"),
        ("http://[::1]:8400", "http://[::1]:8400/dashboard/learner"),
    ]:
        path = _write(tmp_path, {"bob": ["nccl-bootstrap"]}, api={"public_url": given})
        api = load_config(path).api
        assert (api.public_url, api.learner_page) == (given.rstrip("/"), page)


@pytest.mark.parametrize(
    "bad",
    [
        "grader.example",
        "ftp://grader.example",
        "https://alice:secret@grader.example",
        "https://grader.example/?token=x",
        "https://grader.example/#x",
        "https://grader example",
        "https://grader.example/\x1b[2J",
        "",
    ],
)
def test_public_url_that_is_no_plain_address_is_refused_located(tmp_path: Path, bad: str) -> None:
    """The learner's node prints it: a user or token in it, an escape sequence, a query: refused
    where it is written, file:line:col, before anything starts."""
    path = tmp_path / "grader.yaml"
    path.write_text(
        f"api:\n  public_url: {json.dumps(bad)}\n"
        "nodes:\n"
        "  - {id: n1, host: 127.0.0.1, key: grader_key, known_hosts: ssh-ed25519 AAAA,\n"
        "     learners: {bob: [nccl-bootstrap]}}\n"
    )
    with pytest.raises(ConfigError) as err:
        load_config(path)
    problems = err.value.problems
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:2:"), problems
    assert "api/properties/public_url/pattern" in problems[0], problems
    assert f"{bad!r} is not a plain http(s) address" in problems[0], problems


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("https://grader.example\n", "is not a plain http(s) address"),
        ("https://grader.example:70000", "has a port out of range (1-65535)"),
    ],
)
def test_public_url_the_pattern_lets_through_is_refused_too(
    tmp_path: Path, bad: str, why: str
) -> None:
    """Python's `$` matches before a final newline (a YAML `|` block ends with one), and a
    regex does not know a port's range: the loader checks both, naming the key."""
    path = _write(tmp_path, {"bob": ["nccl-bootstrap"]}, api={"public_url": bad})
    with pytest.raises(ConfigError) as err:
        load_config(path)
    (problem,) = err.value.problems
    assert problem.startswith(f"{path}: api.public_url {bad!r} {why}"), problem


def test_a_token_read_from_the_environment_is_as_long_as_a_literal_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The API serves a valid token before counting an address's failed sign-ins, so no token
    may be short enough to guess: `{env: VAR}` holding `alice` is refused like a literal one."""
    api = {"tokens": {"operator": [{"env": "LG_OP"}], "learners": {"bob": {"env": "LG_BOB"}}}}
    path = _write(tmp_path, {"bob": ["nccl-bootstrap"]}, api=api)
    monkeypatch.setenv("LG_OP", "x" * 16)
    monkeypatch.setenv("LG_BOB", "bob")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    [problem] = err.value.problems
    assert "api.tokens.learners.bob" in problem and "LG_BOB holds 3 characters" in problem
    monkeypatch.setenv("LG_BOB", "b" * 16)
    assert load_config(path).api.learner_tokens == {"bob": "b" * 16}


def test_a_learner_whose_token_variable_is_unset_is_graded_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A learner added to grader.yaml before his LABGRADER_TOKEN_<NAME> exists must not stop the
    grader (a restart failed for every learner over one variable): the config loads, he has no
    configured token, and a warning says how he gets one. An operator's token stays required."""
    api = {"tokens": {"operator": [{"env": "LG_OP"}], "learners": {"erin": {"env": "LG_ERIN"}}}}
    path = _write(tmp_path, {"erin": ["nccl-bootstrap"]}, api=api)
    monkeypatch.setenv("LG_OP", "x" * 16)
    monkeypatch.delenv("LG_ERIN", raising=False)
    config = load_config(path)
    assert config.api.learner_tokens == {}
    assert config.node("n1").learners == {"erin": ("nccl-bootstrap",)}
    (warning,) = config.warnings
    assert "LG_ERIN is not set: erin is graded" in warning
    assert "grader tokens create --role learner --learner erin" in warning
    monkeypatch.delenv("LG_OP")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert [p for p in err.value.problems if "LG_OP is not set" in p]


def test_the_self_check_interval_is_a_setting_within_bounds(tmp_path: Path) -> None:
    """daemon.node_check_every_s: how often a connected node's self-check runs (default 30 s);
    under 5 s it would be a load of its own on every node, so the schema refuses it, located."""
    assert (
        load_config(_write(tmp_path, {"bob": ["nccl-bootstrap"]})).daemon.node_check_every_s == 30
    )
    path = _write(tmp_path, {"bob": ["nccl-bootstrap"]}, daemon={"node_check_every_s": 7.5})
    assert load_config(path).daemon.node_check_every_s == 7.5
    with pytest.raises(ConfigError) as err:
        load_config(_write(tmp_path, {"bob": ["nccl-bootstrap"]}, daemon={"node_check_every_s": 1}))
    assert any("node_check_every_s" in p for p in err.value.problems), err.value.problems
