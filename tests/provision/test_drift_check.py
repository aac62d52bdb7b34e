"""`grader provision --check` fails, naming the fix, on a node that drifted after provisioning:
the learners' sshd block removed, the nccl-tests wrapper removed, the capture hooks removed
(a bare fake node provisioned once with the simulator, then broken and repaired case by case)."""

from __future__ import annotations

from pathlib import Path

import fakenode
import pytest
from barenode import BareNode
from test_provision import LAB, host_entry, run_provision, write_inventory

from grader.provision.runner import Mode

pytestmark = pytest.mark.fakenode

DROPIN = "/etc/ssh/sshd_config.d/50-labgrader.conf"
HOOKS = "/usr/local/lib/labgrader/hooks.bash"
WRAPPER = "/usr/local/bin/all_reduce_perf"


def failed_checks(inventory: Path, tmp: Path, name: str) -> dict[str, str]:
    outcome = run_provision(inventory, tmp, Mode(check_only=True))[name]
    assert outcome.report is not None
    return {c["name"]: c["detail"] for c in outcome.report["checks"] if not c["ok"]}


def test_check_fails_on_each_drift_and_names_the_fix(bare_node: BareNode, tmp_path: Path) -> None:
    learner_key = fakenode.generate_key(tmp_path / "alice", "alice")
    inventory = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node, simulator=True)},
        key=bare_node.key,
        learners=["alice"],
        learner_keys={"alice": [Path(str(learner_key) + ".pub").read_text().strip()]},
        labs=[LAB],
    )
    first = run_provision(inventory, tmp_path)[bare_node.name]
    assert not first.failed, first.as_dict()["steps"]
    assert failed_checks(inventory, tmp_path, bare_node.name) == {}

    # the learners' Match block deleted (up to the blank line after it), the drop-in kept aside
    assert bare_node.exec(f"cp {DROPIN} /root/dropin.saved").exit_code == 0
    assert bare_node.exec(f"sed -i '/^Match Group/,/^$/d' {DROPIN}").exit_code == 0
    failed = failed_checks(inventory, tmp_path, bare_node.name)
    assert "self-check" in failed, failed
    assert failed["self-check"].startswith(
        "degraded: the learners' sshd block is not in effect for alice (forcecommand"
    ), failed
    assert failed["self-check"].endswith("— run grader provision")
    assert bare_node.exec(f"cp /root/dropin.saved {DROPIN}").exit_code == 0

    assert bare_node.exec(f"mv {WRAPPER} {WRAPPER}.away").exit_code == 0
    failed = failed_checks(inventory, tmp_path, bare_node.name)
    assert failed.get("learner-path") == (
        "all_reduce_perf: not on a login shell's PATH: learners cannot run it; run grader provision"
    ), failed
    assert bare_node.exec(f"mv {WRAPPER}.away {WRAPPER}").exit_code == 0

    assert bare_node.exec(f"mv {HOOKS} {HOOKS}.away").exit_code == 0
    failed = failed_checks(inventory, tmp_path, bare_node.name)
    assert failed.get("self-check") == (
        "degraded: capture hooks missing (hooks.bash): logins are not graded — run grader provision"
    ), failed
    assert bare_node.exec(f"mv {HOOKS}.away {HOOKS}").exit_code == 0
    assert failed_checks(inventory, tmp_path, bare_node.name) == {}
