"""grader/protocol is the one home of the node↔grader formats, loadable on the node too.

Each of its modules is imported by a real CPython 3.6 (RHEL 8's system python3), from a copy laid
out as a node holds it (a bare `grader` package with only `protocol` in it, nothing else on
sys.path, `-I -S`), and the marker grammar reads back what it writes there.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import grader.protocol

from .test_node_python_floor import py36  # noqa: F401  (the fixture)

PROTOCOL = Path(grader.protocol.__file__).parent
MODULES = sorted(p.stem for p in PROTOCOL.glob("*.py") if p.stem != "__init__")


def _node_copy(root: Path) -> Path:
    pkg = root / "grader"
    shutil.copytree(PROTOCOL, pkg / "protocol", ignore=shutil.ignore_patterns("__pycache__"))
    (pkg / "__init__.py").write_text("")
    return root


@pytest.mark.parametrize("module", MODULES)
def test_each_protocol_module_imports_on_python_3_6(py36: str, tmp_path: Path, module: str) -> None:  # noqa: F811
    root = _node_copy(tmp_path)
    code = f"import sys; sys.path.insert(0, {str(root)!r}); import grader.protocol.{module}"
    res = subprocess.run([py36, "-I", "-S", "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_the_marker_grammar_round_trips_on_python_3_6(py36: str, tmp_path: Path) -> None:  # noqa: F811
    root = _node_copy(tmp_path)
    code = (
        f"import sys; sys.path.insert(0, {str(root)!r})\n"
        "from grader.protocol import markers as m\n"
        "d = m.encode_d(1, 7, 3, 12, '1796321702.25', [0, 1], 'ab')\n"
        "e = m.encode_e('echo a;b', 'ab')\n"
        "print(m.decode(d[2:-1]))\n"
        "print(m.decode(e[2:-1]))\n"
    )
    res = subprocess.run([py36, "-I", "-S", "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == (
        "PromptEnd(exit=1, aid=7, n=3, hist=12, t=1796321702.25, pipestatus=(0, 1), nonce='ab')"
    )
    assert lines[1] == "CommandLine(line='echo a;b', nonce='ab')"
