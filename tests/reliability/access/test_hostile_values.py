"""Values with shell metacharacters never reach a shell unquoted, end to end.

Lab values: a lab whose probe argv is full of `;`, `$(…)`, backticks, quotes, redirections and
newlines is graded by the real daemon (`grader run`) against a fake node; the probe runs over
SSH as the grader account, prints its words back (so they reached the program intact, which
verifies the step), and not one marker file the words would create appears on the node. A probe
whose *program* word is hostile is run as one (missing) program name and verifies nothing.

Captured values: a lab variable is whatever the learner's output held, so a learner who prints
metacharacters chooses it. Substituted into a probe word, it stays that one literal word (the
probe prints it back bracketed), creates no file on the node, and a probe whose variable is not
captured yet is not run, with its reason in the daemon's log.

Learner-supplied values: learner names (and the other names in grader.yaml that end up in remote
paths) are restricted by the config schema; hostile ones are refused with a located error before
the daemon connects anywhere. Inventory values (provisioning) are covered by
tests/provision/test_provision.py::test_inventory_values_with_shell_metacharacters_are_never_executed.
"""

from __future__ import annotations

import asyncio
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from e2e.harness import Daemon, Seat, open_shell, wait_for
from fakenode import FakeNode

from grader.config import ConfigError, load_config
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


async def learner_types(seat: Seat, line: str) -> None:
    """One shell on the seat's node: type `line`, then exit (each command's end runs due probes)."""
    conn, shell = await open_shell(seat)
    try:
        await shell.run(line)
        await shell.exit()
    finally:
        conn.close()


def grade_one_seat(node: FakeNode, tmp_path: Path, lab: Path, lab_id: str) -> tuple[Seat, Daemon]:
    """`grader run` grading the node's learner on one lab (started; the caller stops it)."""
    seat = Seat("node-1", node, node.learner)
    cfg, port = one_node_config(tmp_path, [seat], [lab], [lab_id])
    return seat, Daemon(cfg, port, tmp_path / "daemon.log").start()


def lab_states(daemon: Daemon, seat: Seat, lab_id: str) -> dict[str, str]:
    """step id -> state of the seat's learner in `lab_id`, from the daemon's API."""
    r = daemon.get(f"/api/learners/{seat.learner}/progress", lab=lab_id)
    r.raise_for_status()
    return {s["id"]: s["state"] for s in r.json()["labs"][0]["steps"]}


def test_hostile_probe_argv_never_runs_on_the_node(
    fresh_fake_node: FakeNode, tmp_path: Path
) -> None:
    node = fresh_fake_node
    seat, daemon = grade_one_seat(node, tmp_path, hostile_lab(tmp_path), LAB_ID)
    try:
        asyncio.run(learner_types(seat, "true"))  # a command ends: the daemon runs due probes

        def states() -> dict[str, str]:
            return lab_states(daemon, seat, LAB_ID)

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


# --- captured values in probe argv ---------------------------------------------------------------

VAR_LAB_ID = "hostile-capture"
#: What the learner prints after `VALUE=`: captured as ${v}, then a probe word. No newline (the
#: capture regex reads one line) and every marker name distinct from MARKERS' (a fresh node anyway).
HOSTILE_VALUE = (
    "$(touch /tmp/pwned-capsubst); touch /tmp/pwned-capsemi `touch /tmp/pwned-captick` "
    "'q' \"dq\" && touch /tmp/pwned-capand | > /tmp/pwned-capredirect * ${v}"
)
CAPTURE_MARKERS = re.findall(r"/tmp/pwned-[a-z]+", HOSTILE_VALUE)


def capture_lab(directory: Path) -> Path:
    """A lab whose second step's probe argv uses `${v}` (captured by step 1 from the learner's
    output), and whose last step's probe uses `${never}`, which no command of the test captures."""
    lab = directory / VAR_LAB_ID
    lab.mkdir()
    steps = [
        {
            "id": "print-value",
            "title": "Print a value",
            "output": {"all": [{"regex": "^VALUE=(?P<v>.+)$"}]},
            "captures": ["v"],
        },
        {
            "id": "value-reaches-probe",
            "title": "The captured value is one probe word",
            "probe": {
                # bracketed: a value split into several words would print several lines
                "command": ["printf", "[%s]\\n", "${v}", "pre-${v}-post"],
                "output": {"all": ["[${v}]", "[pre-${v}-post]"]},
                "exit": "zero",
            },
        },
        {
            "id": "print-never",
            "title": "A value the learner never prints",
            "output": {"all": [{"regex": "^NEVER=(?P<never>.+)$"}]},
            "captures": ["never"],
        },
        {
            "id": "never-probe",
            "title": "A probe over a variable not captured yet",
            "probe": {"command": ["printf", "%s\\n", "${never}"], "exit": "zero"},
        },
    ]
    doc = {
        "schema_version": 1,
        "id": VAR_LAB_ID,
        "title": "Captured values in probe argv",
        "description": "A probe word built from a value the learner's output chose.",
        "steps": steps,
    }
    (lab / "lab.yaml").write_text(json.dumps(doc, indent=2))
    load_lab(lab)  # lint-clean: every ${name} is captured by an earlier step
    return lab


def test_hostile_captured_value_is_one_literal_probe_word(
    fresh_fake_node: FakeNode, tmp_path: Path
) -> None:
    node = fresh_fake_node
    seat, daemon = grade_one_seat(node, tmp_path, capture_lab(tmp_path), VAR_LAB_ID)

    def states() -> dict[str, str]:
        return lab_states(daemon, seat, VAR_LAB_ID)

    not_run = 'event=probe_not_run lab={} step={} reason="the probe uses ${{{}}}, which no verified'
    try:
        # before anything is captured: neither probe runs, each says why
        asyncio.run(learner_types(seat, "true"))
        for step, name in [("value-reaches-probe", "v"), ("never-probe", "never")]:
            line = not_run.format(VAR_LAB_ID, step, name)
            wait_for(lambda line=line: line in daemon.log_text(), what=f"{line} ({daemon.log})")
        # the learner prints the hostile value (single-quoted: their own shell runs none of it)
        asyncio.run(learner_types(seat, f"printf 'VALUE=%s\\n' {shlex.quote(HOSTILE_VALUE)}"))
        wait_for(
            lambda: states()["value-reaches-probe"] == "verified", what=f"probe ({daemon.log})"
        )
        assert states()["never-probe"] != "verified"
        events = daemon.events(seat.learner)
        probe = next(e for e in events if e["step"] == "value-reaches-probe")
        assert f"[{HOSTILE_VALUE}]" in probe["evidence"]["excerpt"]
        assert f"[pre-{HOSTILE_VALUE}-post]" in probe["evidence"]["excerpt"]
        assert probe["evidence"]["line"] == "probe: " + shlex.join(
            ["printf", "[%s]\\n", HOSTILE_VALUE, f"pre-{HOSTILE_VALUE}-post"]
        )
    finally:
        assert daemon.stop() == 0, daemon.log_text()
    assert "Traceback" not in daemon.log_text()
    assert len(CAPTURE_MARKERS) == 5
    for marker in CAPTURE_MARKERS:
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
