"""Inventory reading: located errors (line:col) and defaults applied (no node needed)."""

from __future__ import annotations

from pathlib import Path

import fakenode
import pytest

from grader.provision.inventory import InventoryInvalid, load_inventory

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"


def test_errors_point_at_the_line_and_column_of_the_mistake(tmp_path: Path) -> None:
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        "hosts:\n"
        "  gpu-a:\n"
        f"    address: 10.0.0.5\n    host_keys: ['{KEY}']\n"
        "    port: '22'\n"
        "    learners: [Alice]\n"
        "  gpu-b:\n"
        "    adress: 10.0.0.6\n"
    )
    with pytest.raises(InventoryInvalid) as exc:
        load_inventory(path)
    found = {(e.line, e.column, e.message) for e in exc.value.errors}
    assert (6, 11, "`port` should be a whole number, not text.") in found
    assert any(line == 7 and "Alice" in msg for line, _, msg in found)
    assert any(line == 9 and "did you mean `address`" in msg for line, _, msg in found)
    assert any(line == 9 and "`host_keys`" in msg for line, _, msg in found)


def test_defaults_and_lab_requirements_apply_to_every_host(tmp_path: Path) -> None:
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        f"defaults: {{user: ops, learners: [alice], labs: ['{fakenode.LAB_FILE.parent}']}}\n"
        f"hosts:\n  gpu-a: {{address: a, host_keys: ['{KEY} comment']}}\n"
        f"  gpu-b: {{address: b, port: 2222, learners: [bob], host_keys: ['{KEY}']}}\n"
    )
    inv = load_inventory(path)
    a, b = inv.hosts
    assert (a.user, a.port, a.learners, b.port, b.learners) == (
        "ops",
        22,
        ("alice",),
        2222,
        ("bob",),
    )
    assert a.environment == {"NCCL_DEBUG": "WARN"} and a.min_gpus >= 1
    assert a.host_keys == (KEY,)


def test_one_login_or_one_name_listed_twice_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        "defaults: {user: ops}\n"
        "hosts:\n"
        f"  gpu-a: {{address: 10.0.0.5, host_keys: ['{KEY}']}}\n"
        f"  gpu-b: {{address: 10.0.0.5, port: 22, host_keys: ['{KEY}']}}\n"
        f"  GPU-A: {{address: node-c.lab, host_keys: ['{KEY}']}}\n"
        f"  gpu-d: {{address: NODE-C.lab., host_keys: ['{KEY}']}}\n"
        f"  gpu-e: {{address: '::1', port: 2222, host_keys: ['{KEY}']}}\n"
        f"  gpu-f: {{address: '0:0::1', port: 2222, host_keys: ['{KEY}']}}\n"
        # the same node under another admin account is a different login: allowed
        f"  gpu-a-root: {{address: 10.0.0.5, user: root, host_keys: ['{KEY}']}}\n"
    )
    with pytest.raises(InventoryInvalid) as exc:
        load_inventory(path)
    found = sorted((e.line, e.column, e.schema_path, e.message) for e in exc.value.errors)
    assert [f[:3] for f in found] == [
        (5, 20, "hosts/duplicate-login"),
        (6, 3, "hosts/duplicate-name"),
        (7, 20, "hosts/duplicate-login"),
        (9, 20, "hosts/duplicate-login"),
    ]
    assert "ops@10.0.0.5:22, the same login as host `gpu-a` (line 4)" in found[0][3]
    assert "`GPU-A` is the same as `gpu-a` (line 4)" in found[1][3]
    assert "host `GPU-A` (line 6)" in found[2][3]
    assert "host `gpu-e` (line 8)" in found[3][3]
    assert str(exc.value.errors[0]).startswith(f"{path}:5:20: [hosts/duplicate-login] Host `gpu-b`")


def test_a_host_name_written_twice_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        "hosts:\n"
        f"  gpu-a: {{address: 10.0.0.5, host_keys: ['{KEY}']}}\n"
        f"  gpu-a: {{address: 10.0.0.6, host_keys: ['{KEY}']}}\n"
    )
    with pytest.raises(InventoryInvalid) as exc:
        load_inventory(path)
    (error,) = exc.value.errors
    assert (error.line, error.column, error.schema_path) == (4, 3, "yaml/duplicate-key")
    assert "`gpu-a` appears twice" in error.message


def test_a_learner_without_a_key_is_a_located_warning_naming_the_hosts(tmp_path: Path) -> None:
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        "defaults:\n"
        "  learners: [alice, dave]\n"
        f"  learner_keys: {{alice: ['{KEY}']}}\n"
        "hosts:\n"
        f"  gpu-a: {{address: a, host_keys: ['{KEY}']}}\n"
        f"  gpu-b: {{address: b, host_keys: ['{KEY}']}}\n"
        f"  gpu-c: {{address: c, host_keys: ['{KEY}'], learners: [erin], learner_keys: {{}}}}\n"
    )
    lines = path.read_text().splitlines()
    inv = load_inventory(path)  # allowed (a key put on the node otherwise is kept), but said
    assert [(str(w).split(": [")[0], w.message.split("):")[0] + ")") for w in inv.warnings] == [
        (f"{path}:3:21", "Warning: learner dave has no key in learner_keys (host gpu-a, gpu-b)"),
        (
            f"{path}:8:{lines[7].index('erin') + 1}",
            "Warning: learner erin has no key in learner_keys (host gpu-c)",
        ),
    ]
