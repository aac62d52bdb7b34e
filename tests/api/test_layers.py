"""docs/architecture.md "Layers": the API reads grader.yaml through grader.config and never
imports the daemon (the daemon embeds the API through grader.api.server)."""

from __future__ import annotations

import subprocess
import sys


def test_the_api_imports_no_daemon_module() -> None:
    code = (
        "import sys\n"
        "import grader.api, grader.api.export, grader.api.serve_cmd, grader.api.server\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] == ['grader', 'daemon']))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
