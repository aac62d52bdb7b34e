"""`grader provision --write-config --public-url`: the address learners open the API at lands
in the written grader.yaml as api.public_url (the login welcome names the learner page under
it); a bad one is refused before any node is touched (no node needed: nothing is reached)."""

from __future__ import annotations

from pathlib import Path

import fakenode
import pytest

from grader.cli import main
from grader.config import load_config
from grader.provision.graderconfig import plan_config, write_config
from grader.provision.inventory import InventoryInvalid, load_inventory

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"


def _inventory(tmp_path: Path) -> Path:
    fakenode.generate_key(tmp_path / "grader_ed25519", "grader")
    fakenode.generate_key(tmp_path / "ops_ed25519", "ops")
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        "defaults: {user: ops, key: ops_ed25519, grader_identity: grader_ed25519,\n"
        f"           learners: [alice], labs: ['{fakenode.LAB_FILE.parent}']}}\n"
        # a TEST-NET-1 address (RFC 5737): nothing answers there, and nothing may be reached
        f"hosts:\n  gpu-a: {{address: 192.0.2.1, host_keys: ['{KEY}']}}\n"
    )
    return path


def test_the_written_config_carries_the_public_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inventory = load_inventory(_inventory(tmp_path))
    config = tmp_path / "grader.yaml"
    write_config(plan_config(config, inventory, public_url="https://grader.example/"))
    monkeypatch.setenv("LABGRADER_OPERATOR_TOKEN", "o" * 24)
    monkeypatch.setenv("LABGRADER_TOKEN_ALICE", "a" * 24)
    api = load_config(config).api
    assert api.learner_page == "https://grader.example/dashboard/learner"
    write_config(plan_config(config, inventory))  # a later run without the flag keeps it
    assert load_config(config).api.learner_page == "https://grader.example/dashboard/learner"


def test_a_bad_public_url_in_the_inventory_is_a_located_error(tmp_path: Path) -> None:
    path = _inventory(tmp_path)
    path.write_text(
        path.read_text().replace(
            "schema_version: 1\n", "schema_version: 1\ngrader:\n  api: {public_url: 'ftp://x'}\n"
        )
    )
    with pytest.raises(InventoryInvalid) as exc:
        load_inventory(path)
    (error,) = exc.value.errors
    assert (error.line, error.column, error.schema_path) == (3, 21, "grader/api/public_url")
    assert error.message.startswith("grader.api.public_url 'ftp://x' is not a plain http(s)")


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--public-url", "https://grader.example"], "give --write-config FILE too"),
        (["--public-url", "ftp://grader.example", "--write-config", "{cfg}"], "not a plain"),
        (["--public-url", "https://t@grader.example", "--write-config", "{cfg}"], "not a plain"),
        (["--public-url", "http://grader.example:0", "--write-config", "{cfg}"], "port"),
    ],
)
def test_a_bad_public_url_is_refused_before_any_node_is_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], why: str
) -> None:
    logs, cfg = tmp_path / "logs", tmp_path / "g.yaml"
    args = [a.format(cfg=cfg) for a in args]
    rc = main(["provision", "-i", str(_inventory(tmp_path)), "--log-dir", str(logs), *args])
    err = capsys.readouterr().err
    assert rc == 2 and why in err and err.startswith("grader provision: --public-url "), err
    assert not logs.exists() and not cfg.exists()
