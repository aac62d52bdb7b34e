"""`grader provision --write-config`: the config follows the inventory, host by host.

The merge itself is pure (grader.provision.graderconfig.merge_config) and tested as such; the
command is run for real against nodes nobody answers on (a closed local port): every host fails
at connect, the config is still written, and what it prints and writes is what an operator gets.
`grader run`'s own loader (grader.config.load_config) reads every file written here.
"""

from __future__ import annotations

from pathlib import Path

import fakenode
import pytest
import yaml

from grader.cli import main
from grader.config import load_config
from grader.provision.graderconfig import MARK, merge_config, plan_config, write_config
from grader.provision.inventory import load_inventory

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
LAB = str(fakenode.LAB_FILE.parent)


#: The discard port: nothing listens on it here, so each connect is refused at once.
CLOSED_PORT = 9


@pytest.fixture
def keys(tmp_path: Path) -> Path:
    fakenode.generate_key(tmp_path / "grader_ed25519", "grader")
    fakenode.generate_key(tmp_path / "ops_ed25519", "ops")
    return tmp_path


def inventory(folder: Path, hosts: dict[str, list[str]], grader: str = "") -> Path:
    """An inventory of `hosts` (name: its learners), each a loopback address nobody answers."""
    lines = [
        "schema_version: 1",
        *([f"grader: {grader}"] if grader else []),
        "defaults: {user: ops, key: ops_ed25519, grader_identity: grader_ed25519,",
        f"           connect_timeout: 3, labs: ['{LAB}']}}",
        "hosts:",
    ]
    for i, (name, learners) in enumerate(hosts.items()):
        lines.append(
            f"  {name}: {{address: 127.0.0.{i + 1}, port: {CLOSED_PORT}, learners: {learners}, "
            f"learner_keys: {{{', '.join(f'{n}: [{KEY!r}]' for n in learners)}}}, "
            f"host_keys: ['{KEY}']}}"
        )
    path = folder / "inventory.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def provision(folder: Path, *args: str) -> int:
    inventory_file, logs = str(folder / "inventory.yaml"), str(folder / "logs")
    return main(["provision", "-i", inventory_file, "--log-dir", logs, *args])


def loaded(path: Path, monkeypatch: pytest.MonkeyPatch, *learners: str) -> dict:
    """The file as `grader run` reads it (it must load), and as YAML."""
    monkeypatch.setenv("LABGRADER_OPERATOR_TOKEN", "o" * 24)
    for name in learners:
        monkeypatch.setenv(f"LABGRADER_TOKEN_{name.upper()}", "t" * 24)
    load_config(path)
    data = yaml.safe_load(path.read_text())
    assert isinstance(data, dict)
    return data


# --- the merge, pure --------------------------------------------------------------------------


def test_a_limited_merge_rewrites_only_its_hosts_and_keeps_hand_settings(keys: Path) -> None:
    full = load_inventory(inventory(keys, {"gpu-a": ["alice"], "gpu-b": ["bob"]}))
    first, _ = merge_config(None, full)
    first["api"]["port"] = 8555  # set by hand
    first["nodes"][1]["spool_root"] = "/srv/spool"  # set by hand on gpu-b
    # gpu-a gets carol; gpu-b is also changed in the inventory, but is not in --limit
    changed = load_inventory(
        inventory(keys, {"gpu-a": ["alice", "carol"], "gpu-b": ["bob", "dave"]})
    )
    doc, changes = merge_config(first, changed, limit=["gpu-a"])
    a, b = doc["nodes"]
    assert a["learners"] == {"alice": ["nccl-bootstrap"], "carol": ["nccl-bootstrap"]}
    assert b == first["nodes"][1]  # exactly as it was: bob only, the hand-set spool_root kept
    assert doc["api"]["port"] == 8555
    assert sorted(doc["api"]["tokens"]["learners"]) == ["alice", "bob", "carol"]
    assert changes == [
        "changed node gpu-a: learners",
        "set api.tokens.learners.carol: {env: LABGRADER_TOKEN_CAROL}",
    ]


def test_the_inventory_sets_the_graders_settings_and_the_change_is_said(keys: Path) -> None:
    plain = load_inventory(inventory(keys, {"gpu-a": ["alice"]}))
    first, _ = merge_config(None, plain)
    assert "port" not in first["api"] and first["db"] == "sqlite:///grader.db"
    set_ = load_inventory(
        inventory(
            keys,
            {"gpu-a": ["alice"]},
            grader="{db: 'sqlite:///class.db', api: {host: 0.0.0.0, port: 8500, "
            "public_url: 'https://grader.example'}, capacity: 2, attestation: auto}",
        )
    )
    doc, changes = merge_config(first, set_)
    assert (doc["db"], doc["attestation"], doc["daemon"]) == (
        "sqlite:///class.db",
        "auto",
        {"capacity": 2.0},
    )
    assert {k: doc["api"][k] for k in ("host", "port", "public_url")} == {
        "host": "0.0.0.0",
        "port": 8500,
        "public_url": "https://grader.example",
    }
    assert changes == [
        "changed api.host: 127.0.0.1 -> 0.0.0.0",
        "set api.port: 8500",
        "set api.public_url: https://grader.example",
        "changed attestation: required -> auto",
        "set daemon.capacity: 2.0",
        "changed db: sqlite:///grader.db -> sqlite:///class.db",
    ]
    # the --public-url flag wins over the inventory's
    flagged, _ = merge_config(first, set_, public_url="https://other.example")
    assert flagged["api"]["public_url"] == "https://other.example"


def test_tokens_from_the_store_leave_none_in_the_file(keys: Path) -> None:
    first, _ = merge_config(None, load_inventory(inventory(keys, {"gpu-a": ["alice"]})))
    store = load_inventory(inventory(keys, {"gpu-a": ["alice"]}, grader="{tokens: store}"))
    doc, changes = merge_config(first, store)
    assert "tokens" not in doc["api"]
    assert "removed api.tokens.learners.alice (was {env: LABGRADER_TOKEN_ALICE})" in changes
    again, changes = merge_config(doc, load_inventory(inventory(keys, {"gpu-a": ["bob"]})))
    assert "tokens" not in again["api"]  # no choice in the inventory: the file's choice stays


def test_a_host_gone_from_the_inventory_is_removed_only_without_limit(keys: Path) -> None:
    both = load_inventory(inventory(keys, {"gpu-a": ["alice"], "gpu-b": ["bob"]}))
    first, _ = merge_config(None, both)
    only_a = load_inventory(inventory(keys, {"gpu-a": ["alice"]}))
    limited, changes = merge_config(first, only_a, limit=["gpu-a"])
    assert [n["id"] for n in limited["nodes"]] == ["gpu-a", "gpu-b"]
    assert "kept node gpu-b: not in the inventory; a run without --limit removes it" in changes
    whole, changes = merge_config(first, only_a)
    assert [n["id"] for n in whole["nodes"]] == ["gpu-a"]
    assert changes[0] == "removed node gpu-b: not in the inventory"
    assert "removed api.tokens.learners.bob (was {env: LABGRADER_TOKEN_BOB})" in changes


# --- the command, run ---------------------------------------------------------------------------


def test_limit_keeps_every_other_node_and_says_what_changed(
    keys: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    inventory(keys, {"gpu-a": ["alice"], "gpu-b": ["bob"], "gpu-c": ["carol"]})
    config = keys / "grader.yaml"
    assert provision(keys, "--write-config", str(config)) == 1  # nobody answers: connect fails
    out = capsys.readouterr().out
    assert f"Wrote {config} (a new file): added node gpu-a; added node gpu-b; added node gpu-c" in (
        out
    )
    before = loaded(config, monkeypatch, "alice", "bob", "carol")
    doc = yaml.safe_load(config.read_text())
    doc["api"]["port"] = 8555  # the operator's own port, set by hand
    config.write_text(config.read_text().split("\n", 1)[0] + "\n" + yaml.safe_dump(doc))

    inventory(keys, {"gpu-a": ["alice"], "gpu-b": ["bob", "dave"], "gpu-c": ["carol"]})
    assert provision(keys, "--limit", "gpu-b", "--write-config", str(config)) == 1
    out = capsys.readouterr().out
    assert f"Wrote {config}: 2 change(s)\n" in out
    assert "  changed node gpu-b: learners\n" in out
    assert "  set api.tokens.learners.dave: {env: LABGRADER_TOKEN_DAVE}\n" in out
    after = loaded(config, monkeypatch, "alice", "bob", "carol", "dave")
    assert [n["id"] for n in after["nodes"]] == ["gpu-a", "gpu-b", "gpu-c"]
    assert after["nodes"][0] == before["nodes"][0] and after["nodes"][2] == before["nodes"][2]
    assert after["api"]["port"] == 8555  # kept: the inventory does not set it

    # the inventory sets the port: it wins, and says so
    inventory(
        keys,
        {"gpu-a": ["alice"], "gpu-b": ["bob", "dave"], "gpu-c": ["carol"]},
        grader="{api: {port: 8600}}",
    )
    assert provision(keys, "--limit", "gpu-a", "--write-config", str(config)) == 1
    assert "  changed api.port: 8555 -> 8600\n" in capsys.readouterr().out
    assert loaded(config, monkeypatch, "alice", "bob", "carol", "dave")["api"]["port"] == 8600


def test_a_host_removed_from_the_inventory_leaves_the_config_and_it_is_said(
    keys: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    inventory(keys, {"gpu-a": ["alice"], "gpu-b": ["bob"]})
    config = keys / "grader.yaml"
    provision(keys, "--write-config", str(config))
    inventory(keys, {"gpu-a": ["alice"]})
    capsys.readouterr()
    provision(keys, "--dry-run", "--write-config", str(config))
    out = capsys.readouterr().out
    assert f"DRY RUN: --write-config would leave {config}: 2 change(s)\n" in out
    assert len(yaml.safe_load(config.read_text())["nodes"]) == 2  # a dry run writes nothing
    provision(keys, "--write-config", str(config))
    out = capsys.readouterr().out
    assert "  removed node gpu-b: not in the inventory\n" in out
    assert "  removed api.tokens.learners.bob (was {env: LABGRADER_TOKEN_BOB})\n" in out
    assert [n["id"] for n in loaded(config, monkeypatch, "alice")["nodes"]] == ["gpu-a"]


@pytest.mark.parametrize("case", ["not ours", "no folder", "a folder", "no identity"])
def test_a_config_it_may_not_write_is_refused_before_any_node_is_touched(
    keys: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    path = inventory(keys, {"gpu-a": ["alice"]})
    config = keys / "grader.yaml"
    if case == "not ours":
        config.write_text("db: sqlite:///keep.db\n")
    elif case == "no folder":
        config = keys / "missing" / "grader.yaml"
    elif case == "a folder":
        config.mkdir()
    else:
        path.write_text(path.read_text().replace("grader_identity: grader_ed25519,", ""))
    rc = provision(keys, "--write-config", str(config))
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("grader provision: config not written: "), err
    assert not (keys / "logs").exists()  # no node was touched: not even a log opened
    if case == "not ours":
        assert config.read_text() == "db: sqlite:///keep.db\n"
    elif case == "a folder":
        assert not list(config.iterdir())
    else:
        assert not config.exists()


def test_the_written_file_starts_with_the_mark_and_validates(keys: Path) -> None:
    inv = load_inventory(inventory(keys, {"gpu-a": ["alice"]}))
    plan = plan_config(keys / "grader.yaml", inv)
    write_config(plan)
    assert (keys / "grader.yaml").read_text().startswith(MARK)
    assert not list(keys.glob(".grader.yaml.*"))  # the scratch file is gone
