"""Values with shell metacharacters never reach a shell unquoted, end to end.

Lab values: a lab whose probe argv is full of `;`, `$(…)`, backticks, quotes, redirections and
newlines is graded by the real daemon (`grader run`) against a fake node; the probe runs over
SSH as the grader account, prints its words back (so they reached the program intact, which
verifies the step), and not one marker file the words would create appears on the node. A probe
whose *program* word is hostile is run as one (missing) program name and verifies nothing.

Learner-supplied values: learner names (and the other names in grader.yaml that end up in remote
paths) are restricted by the config schema; hostile ones are refused with a located error before
the daemon connects anywhere. Inventory values (provisioning) are covered by
tests/provision/test_provision.py::test_inventory_values_with_shell_metacharacters_are_never_executed.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from e2e.harness import Daemon, Seat, open_shell, wait_for
from fakenode import FakeNode

from grader.daemon.config import ConfigError, load_config
from grader.labs.loader import load_lab
from reliability.forgery.test_forgery_fakenode import one_node_config

LAB_ID = "hostile-probe"
WORDS_STEP = "words-reach-the-program"
PROGRAM_STEP = "hostile-program"
#: Probe words; each would create its /tmp/pwned-* file if a shell ever interpreted it.
HOSTILE_WORDS = [
    "; touch /tmp/pwned-semicolon",
    "$(touch /tmp/pwned-subst)",
    "`touch /tmp/pwned-backtick`",
    "&& touch /tmp/pwned-and",
    "| touch /tmp/pwned-pipe",
    "'; touch /tmp/pwned-squote; '",
    '"; touch /tmp/pwned-dquote; "',
    "> /tmp/pwned-redirect",
    "\ntouch /tmp/pwned-newline",
    "$IFS$(touch$IFS/tmp/pwned-ifs)",  # not `${IFS}`: that is a lab variable (lint)
]
HOSTILE_PROGRAM = "true; touch /tmp/pwned-program"
#: The files the words would create, read out of the words themselves.
MARKERS = re.findall(r"/tmp/pwned-[a-z]+", " ".join([*HOSTILE_WORDS, HOSTILE_PROGRAM]))


def hostile_lab(directory: Path) -> Path:
    """A lab (JSON is YAML) with the hostile probes; loads cleanly, so they reach the daemon."""
    lab = directory / LAB_ID
    lab.mkdir()
    steps = [
        {
            "id": WORDS_STEP,
            "title": "Probe words with shell metacharacters reach the program intact",
            "probe": {
                "command": ["printf", "%s\\n", *HOSTILE_WORDS, "*"],
                # each word printed back as itself; `*` not expanded to file names
                "output": {"all": [w.strip() for w in HOSTILE_WORDS] + [{"regex": "^\\*$"}]},
                "exit": "zero",
            },
        },
        {
            "id": PROGRAM_STEP,
            "title": "A hostile program word is one program name",
            "probe": {"command": [HOSTILE_PROGRAM, "x"], "exit": "zero"},
        },
    ]
    doc = {
        "schema_version": 1,
        "id": LAB_ID,
        "title": "Hostile probe argv",
        "description": "Probe argv words full of shell metacharacters.",
        "steps": steps,
    }
    (lab / "lab.yaml").write_text(json.dumps(doc, indent=2))
    load_lab(lab)  # a loader error here would make the test vacuous
    return lab


def test_hostile_probe_argv_never_runs_on_the_node(
    fresh_fake_node: FakeNode, tmp_path: Path
) -> None:
    node = fresh_fake_node
    seat = Seat("node-1", node, node.learner)
    cfg, port = one_node_config(tmp_path, [seat], [hostile_lab(tmp_path)], [LAB_ID])
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    try:

        async def learner_types() -> None:  # a command ends: the daemon runs the due probes
            conn, shell = await open_shell(seat)
            try:
                await shell.run("true")
                await shell.exit()
            finally:
                conn.close()

        asyncio.run(learner_types())

        def states() -> dict[str, str]:
            r = daemon.get(f"/api/learners/{seat.learner}/progress", lab=LAB_ID)
            r.raise_for_status()
            return {s["id"]: s["state"] for s in r.json()["labs"][0]["steps"]}

        wait_for(lambda: states()[WORDS_STEP] == "verified", what=f"{WORDS_STEP} ({daemon.log})")
        wait_for(
            lambda: f"step={PROGRAM_STEP} exit=127 ok=False" in daemon.log_text(),
            what="the hostile program word ran as one (missing) program",
        )
        assert states()[PROGRAM_STEP] != "verified"
    finally:
        assert daemon.stop() == 0, daemon.log_text()
    for marker in MARKERS:
        assert node.exec(["test", "-e", marker]).exit_code == 1, f"{marker} exists on the node"
    assert "pwned" not in node.exec(["ls", "-a", "/tmp", "/home/labgrader", "/"]).text


# --- names in grader.yaml -------------------------------------------------------------------------

HOSTILE_NAMES = [
    "a;touch /tmp/pwned",
    "$(touch /tmp/pwned)",
    "`touch /tmp/pwned`",
    "a b",
    "-oProxyCommand=sh",
    "../../etc",
    "a/b",
    "a\nb",
    "Root",
    "x" * 33,
    "",
]


def _config(directory: Path, *, learner: str = "ana", node_id: str = "n1", user: str = "lg"):
    cfg = {
        "nodes": [
            {
                "id": node_id,
                "host": "127.0.0.1",
                "user": user,
                "key": "grader_key",
                "known_hosts": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFake",
                "learners": {learner: ["nccl-bootstrap"]},
            }
        ],
        "api": {"tokens": {"learners": {learner: "a-learner-token-0123456789"}}},
    }
    path = directory / "grader.yaml"
    path.write_text(json.dumps(cfg))
    return path


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=repr)
def test_hostile_learner_names_are_refused_by_the_schema(tmp_path: Path, name: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(_config(tmp_path, learner=name))
    problems = err.value.problems
    # both places a learner name appears (the node's learners, the API tokens), located
    assert any("nodes/items/properties/learners/propertyNames/" in p for p in problems), problems
    assert any("tokens/properties/learners/propertyNames" in p for p in problems), problems
    assert all(p.startswith(f"{tmp_path / 'grader.yaml'}:") for p in problems), problems


@pytest.mark.parametrize("field", ["node_id", "user"])
def test_hostile_node_id_and_grader_user_are_refused(tmp_path: Path, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(_config(tmp_path, **{field: "x; touch /tmp/pwned"}))
    assert any("does not match" in p for p in err.value.problems), err.value.problems


def test_a_plain_name_is_accepted(tmp_path: Path) -> None:
    """Control: the same config with ordinary names loads."""
    assert load_config(_config(tmp_path)).nodes[0].learners == {"ana": ("nccl-bootstrap",)}


def test_grader_run_refuses_a_hostile_name_before_connecting(tmp_path: Path) -> None:
    cfg = _config(tmp_path, learner="$(touch /tmp/pwned)")
    run = subprocess.run(
        [sys.executable, "-m", "grader.cli", "run", "--config", str(cfg)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode != 0
    assert "'$(touch /tmp/pwned)' does not match" in run.stderr, run.stderr
    assert "event=" not in run.stderr, run.stderr  # no daemon event: it never started
