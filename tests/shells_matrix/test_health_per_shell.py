"""Provisioning's shell and capture checks (grader.provision.health) against every bash of the
matrix: the real probe script through the real hooks, read by the grader's own parser."""

from __future__ import annotations

import os
import subprocess

import pytest
import shells

from grader.node.paths import node_files_dir
from grader.provision.health import capture_check, capture_probe_script, python_check, shell_check


def _in(shell: shells.Shell, script: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PATH": shell.path_env()}
    return subprocess.run(["bash", "-c", script], capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("shell", shells.params())
def test_the_health_report_says_whether_this_bash_can_be_graded(shell: shells.Shell) -> None:
    version = _in(shell, 'echo "$BASH_VERSION"').stdout.decode()
    check = shell_check(version)
    assert check.ok == shell.captures, check
    assert check.detail.startswith(f"bash {shell.version[0]}.{shell.version[1]}.")
    probe = capture_check(_in(shell, capture_probe_script(str(node_files_dir()))).stdout)
    assert probe.ok == shell.captures, probe
    if not shell.captures:
        assert "no PS0" in probe.detail and "4.4" in probe.detail


def test_a_recording_without_markers_is_not_capture() -> None:
    check = capture_check(b"$ echo labgrader-capture-42\r\nlabgrader-capture-42\r\n")
    assert not check.ok and "not captured" in check.detail


def test_node_python_floor() -> None:
    assert python_check("3.6.8\n").ok
    assert not python_check("3.5.2\n").ok
    assert not python_check("").ok and "missing" in python_check("").detail
    assert not shell_check("").ok
