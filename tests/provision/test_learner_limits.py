"""The `limits:` inventory settings and the health check's reading of a node's limits (no node:
the probe's output as each kind of node prints it; the step itself runs against bare nodes in
test_provision.py, and a real bomb against the fake node in tests/e2e/test_learner_limits.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grader.provision.inventory import InventoryInvalid, LearnerLimits, load_inventory
from grader.provision.limits import limits_check

HOST_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
DEFAULTS = LearnerLimits()
#: A node without systemd or GPU whose learner got the defaults (as the fake node prints it).
PLAIN = "usepam yes\npam yes\nlogin 512 12341832\n"


def inventory(tmp_path: Path, defaults: dict, host: dict) -> Path:
    path = tmp_path / "inventory.yaml"
    data = {
        "schema_version": 1,
        "defaults": defaults,
        "hosts": {"gpu-a": {"address": "10.0.0.1", "host_keys": [HOST_KEY], **host}},
    }
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_host_overrides_only_the_limits_it_names(tmp_path: Path) -> None:
    path = inventory(
        tmp_path, {"limits": {"nproc": 1024, "memory": "16G"}}, {"limits": {"nproc": 300}}
    )
    (host,) = load_inventory(path).hosts
    assert host.limits == LearnerLimits(nproc=300, memory="16G", cpu_weight=100)
    (plain,) = load_inventory(inventory(tmp_path, {}, {})).hosts
    assert plain.limits == LearnerLimits(nproc=512, memory="50%", cpu_weight=100)


@pytest.mark.parametrize(
    ("limits", "key"),
    [({"nproc": 10}, "nproc"), ({"memory": "lots"}, "memory"), ({"memory": "150%"}, "memory")],
)
def test_a_bad_limit_is_a_located_error(tmp_path: Path, limits: dict, key: str) -> None:
    with pytest.raises(InventoryInvalid) as raised:
        load_inventory(inventory(tmp_path, {}, {"limits": limits}))
    assert f"limits/properties/{key}" in str(raised.value), raised.value


def test_a_plain_node_reports_nproc_and_each_process_memory() -> None:
    assert limits_check(PLAIN, DEFAULTS) == (
        True,
        "nproc=512 mem=11.8G/process (limits.conf as) cpu=shared (no systemd)",
    )


def test_a_login_without_the_inventorys_nproc_fails_naming_both() -> None:
    ok, detail = limits_check("usepam yes\npam yes\nlogin 96362 unlimited\n", DEFAULTS)
    assert not ok
    assert "nproc=96362, not 512" in detail and "as=unlimited" in detail, detail


def test_sshd_without_pam_limits_fails() -> None:
    ok, detail = limits_check(PLAIN.replace("pam yes", "pam no"), DEFAULTS)
    assert not ok and "pam_limits" in detail, detail
    ok, detail = limits_check(PLAIN.replace("usepam yes", "usepam no"), DEFAULTS)
    assert not ok and "UsePAM yes" in detail, detail


def test_a_gpu_node_without_systemd_has_no_memory_bound_and_says_why() -> None:
    text = "usepam yes\npam yes\nlogin 512 unlimited\ngpu yes\n"
    ok, detail = limits_check(text, DEFAULTS)
    assert ok, detail
    assert "mem=unbounded: no systemd, and CUDA forbids an as limit" in detail
    # an as limit there would break CUDA: not what provisioning writes, so it is reported
    ok, detail = limits_check(text.replace("unlimited", "1000"), DEFAULTS)
    assert not ok and "as=1000" in detail, detail


def test_a_systemd_node_reports_its_slice() -> None:
    text = "usepam yes\npam yes\nlogin 512 unlimited\nsystemd 512 8589934592 100 \n"
    assert limits_check(text, DEFAULTS) == (
        True,
        "nproc=512 mem=8G (slice MemoryMax) cpu-weight=100",
    )
    ok, detail = limits_check(text.replace("8589934592", "infinity"), DEFAULTS)
    assert not ok and "MemoryMax=infinity, not 50%" in detail, detail
    ok, detail = limits_check(text.replace(" 100 ", " 50 "), LearnerLimits(cpu_weight=100))
    assert not ok and "CPUWeight=50, not 100" in detail, detail
