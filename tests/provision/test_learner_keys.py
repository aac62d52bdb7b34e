"""The learner-keys step against a hostile learner: her home and ~/.ssh are hers, so every path
in them is hers to point anywhere. Provisioning (root) must never write, chown or read through
them: it works there as the learner."""

from __future__ import annotations

from pathlib import Path

import fakenode
import pytest
from barenode import BareNode
from test_provision import host_entry, run_provision, statuses, write_inventory

from grader.provision.outcome import Status

pytestmark = pytest.mark.fakenode


def test_a_learners_links_in_her_ssh_folder_reach_nothing_of_roots(
    bare_node: BareNode, tmp_path: Path
) -> None:
    key = fakenode.generate_key(tmp_path / "alice", "alice")
    inventory = write_inventory(
        tmp_path, {bare_node.name: host_entry(bare_node)}, key=bare_node.key, learners=["alice"]
    )
    first = run_provision(inventory, tmp_path)[bare_node.name]  # (no nccl-tests: health fails)
    assert statuses(first)["learners"] is Status.CHANGED  # alice exists now
    # no key in the inventory and none on the node: alice cannot log in, and the step says so by
    # name, without holding up the steps after it
    keys_step = first.step("learner-keys")
    assert keys_step.status is Status.FAILED, first.as_dict()["steps"]
    assert keys_step.summary.startswith("no key for alice (none in learner_keys, none on the node)")
    assert statuses(first)["nccl-tests"] is not Status.SKIPPED
    shadow = bare_node.exec("stat -c '%U %a %s' /etc/shadow").text
    # alice, with her shell: the names root would write, chown or read, linked to root's files
    plant = (
        "mkdir -p ~/.ssh && cd ~/.ssh && ln -sfn /etc/shadow authorized_keys && "
        "ln -sfn /etc/labgrader-pwned authorized_keys.labgrader-new"
    )
    assert bare_node.exec(["su", "-s", "/bin/sh", "alice", "-c", plant]).exit_code == 0
    public = Path(f"{key}.pub").read_text().strip()
    keyed = write_inventory(
        tmp_path,
        {bare_node.name: host_entry(bare_node)},
        key=bare_node.key,
        learners=["alice"],
        learner_keys={"alice": [public]},
    )
    outcome = run_provision(keyed, tmp_path)[bare_node.name]
    assert statuses(outcome)["learner-keys"] is Status.CHANGED, outcome.as_dict()["steps"]
    assert bare_node.exec("test -e /etc/labgrader-pwned").exit_code != 0
    assert bare_node.exec("stat -c '%U %a %s' /etc/shadow").text == shadow
    log = (tmp_path / "logs" / f"{bare_node.name}.log").read_text()
    assert "root:" not in log  # /etc/shadow was never read into the log
    got = bare_node.exec("stat -c '%U %a %F' /home/alice/.ssh/authorized_keys").text.strip()
    assert got == "alice 600 regular file", got
    bare = " ".join(public.split()[:2])  # the inventory keeps a key as TYPE BASE64
    assert bare_node.exec("cat /home/alice/.ssh/authorized_keys").text == bare + "\n"
