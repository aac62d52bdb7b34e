"""A real Learning Record Store on this machine: ralph-malph's LRS on its file-system backend
(ralph_lrs.py says how it differs from `ralph runserver --backend fs`), from its own virtualenv
(scripts/ensure-lrs.sh), with HTTP basic auth from `ralph auth`."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
from missing import missing

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
USERNAME = "grader"
PASSWORD = "lrs-test-password-0123"
AGENT = ("-A", USERNAME, "https://grader.test")  # the credentials' agent: the statements' authority
HOST = "127.0.0.1"
# ralph answers within a second or two of starting; a cold start on a loaded 2-core machine
# takes longer. 60 s is a hang.
START_TIMEOUT_S = 60.0


def ralph_command() -> str:
    """GRADER_TEST_RALPH (scripts/test.sh exports it), else the venv ensure-lrs.sh makes."""
    path = os.environ.get("GRADER_TEST_RALPH") or str(REPO / "var" / "lrs-venv" / "bin" / "ralph")
    if not Path(path).is_file():
        missing(f"no ralph LRS at {path}: run scripts/ensure-lrs.sh")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lrs:
    """One ralph LRS: its data folder survives stop() and start() (an LRS that went away)."""

    def __init__(self, ralph: str, root: Path, port: int | None = None):
        self.ralph = ralph
        self.root = root
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        (root / "data").mkdir(parents=True, exist_ok=True)
        self.env = {
            **os.environ,
            "RALPH_APP_DIR": str(root / "app"),
            "RALPH_AUTH_FILE": str(root / "auth.json"),
            "RALPH_RUNSERVER_BACKEND": "fs",
            "RALPH_RUNSERVER_MAX_SEARCH_HITS_COUNT": "1000",
        }
        if not (root / "auth.json").exists():
            subprocess.run(
                [ralph, "auth", "-w", "-u", USERNAME, "-p", PASSWORD, "-s", "all", *AGENT],
                env=self.env,
                check=True,
                capture_output=True,
                timeout=120,
            )

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}/xAPI/"

    def start(self) -> Lrs:
        log = (self.root / "server.log").open("ab")
        python = str(Path(self.ralph).parent / "python")
        self.proc = subprocess.Popen(
            [python, str(HERE / "ralph_lrs.py"), str(self.root / "data"), HOST, str(self.port)],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ralph exited: {(self.root / 'server.log').read_text()}")
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/__lbheartbeat__", timeout=1).is_success:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError("ralph did not answer in time")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait(20)
        self.proc = None

    def statements(self) -> list[dict[str, Any]]:
        """Every statement the LRS stores (GET /xAPI/statements, following `more`)."""
        out: list[dict[str, Any]] = []
        url = f"{self.endpoint}statements?limit=1000"
        while url:
            r = httpx.get(
                url,
                auth=(USERNAME, PASSWORD),
                headers={"X-Experience-API-Version": "1.0.3"},
                timeout=30,
            )
            r.raise_for_status()
            body = r.json()
            out += body["statements"]
            more = body.get("more") or ""
            url = f"http://127.0.0.1:{self.port}{more}" if more else ""
        return out
