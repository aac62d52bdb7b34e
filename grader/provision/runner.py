"""Running the steps on many hosts at once: every host carries on whatever the others do.

fabric's ThreadingGroup opens all connections in parallel and runs the preflight (`sudo -n
true`): unreachable hosts, refused keys, unknown host keys and a sudo that wants a password show
up there, per host, before anything is changed. Hosts that pass run their steps in their own
thread; within a host a failed step skips the steps after it (they depend on it), except the
health checks, which report what state the node is in either way, and the learner-keys and
learner-limits steps, which no later step needs (INDEPENDENT_STEPS).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TextIO

from fabric import ThreadingGroup
from fabric.exceptions import GroupException

from grader.provision.attestation import run_attestation
from grader.provision.health import report_table, run_health
from grader.provision.inventory import Host
from grader.provision.learnerkeys import run_learner_keys
from grader.provision.limits import run_limits
from grader.provision.nccltests import run_nccl_tests
from grader.provision.outcome import HostOutcome, Status, StepResult, fit_detail
from grader.provision.session import (
    SUDO_PASSWORD_MARKERS,
    Node,
    NodeError,
    connection,
    explain_connect_error,
    ssh_log_channel,
)
from grader.provision.simulator import run_simulator
from grader.provision.steps import SETUP_STEPS, run_setup

#: Hosts provisioned at once. Each is one thread and one SSH connection; 32 keeps a laptop's
#: file descriptors and the operator's uplink sane while a class of dozens finishes in one wave.
MAX_PARALLEL_HOSTS = 32

#: `simulator` runs only for hosts with `simulator: true` (grader.provision.simulator).
ALL_STEPS = (
    "connect",
    *SETUP_STEPS,
    "learner-keys",
    "learner-limits",
    "simulator",
    "nccl-tests",
    "attestation",
    "health",
)


#: Steps no later step depends on: their failure is reported without skipping the others.
INDEPENDENT_STEPS = frozenset({"learner-keys", "learner-limits"})


@dataclass(frozen=True)
class Mode:
    dry_run: bool = False
    check_only: bool = False
    rotate_key: bool = False  # the attestation step makes each node a new key pair


class Progress:
    """Live per-host progress: one line per step as it finishes (thread-safe).

    On a terminal the line for each host is rewritten in place (one row per host), so it must
    fit the terminal's width: a long detail is shortened whole items and words at a time
    (outcome.fit_detail), never mid-word. Elsewhere (CI logs, pipes) each event is its own line
    with the whole detail. Either way every finished step, detail in full, goes to the host's log.
    """

    def __init__(
        self, out: TextIO, hosts: list[str], logs: Mapping[str, IO[str]] | None = None
    ) -> None:
        self.out = out
        self.hosts = hosts
        self.logs = logs or {}
        self.state: dict[str, tuple[str, str, str]] = {h: ("waiting", "", "") for h in hosts}
        self.lock = threading.Lock()
        self.tty = out.isatty()
        self.width = max((len(h) for h in hosts), default=4)
        if self.tty:
            self._draw(first=True)

    def _columns(self) -> int:
        try:
            return os.get_terminal_size(self.out.fileno()).columns
        except (OSError, ValueError, AttributeError):
            return shutil.get_terminal_size().columns

    def _draw(self, first: bool = False) -> None:
        if not first:
            self.out.write(f"\x1b[{len(self.hosts)}F")
        columns = self._columns()
        for h in self.hosts:
            # one column short of the edge: a full-width line would wrap on some terminals and
            # the cursor-up count above would then miss a row
            line = progress_line(h, *self.state[h], host_width=self.width, columns=columns - 1)
            self.out.write(f"\x1b[2K{line}\n")
        self.out.flush()

    def update(self, host: str, step: str, status: str, detail: str = "") -> None:
        with self.lock:
            self.state[host] = (step, status, detail)
            log = self.logs.get(host)
            if log is not None and status != "running":
                log.write(
                    f"{time.strftime('%H:%M:%S')} step {step}: {status}"
                    + (f": {detail}" if detail else "")
                    + "\n"
                )
                log.flush()
            if self.tty:
                self._draw()
            else:
                self.out.write(f"[{host}] {progress_line('', step, status, detail)}\n")
                self.out.flush()


def progress_line(
    host: str, step: str, status: str, detail: str, host_width: int = 0, columns: int | None = None
) -> str:
    """`host  step: status (detail)`; with `columns`, at most that wide, the detail shortened
    whole words at a time (dropped when not even a word fits)."""
    head = f"{host:<{host_width}}  " if host else ""
    head += f"{step}: {status}" if status else step
    if not detail:
        return head if columns is None else head[:columns]
    if columns is None:
        return f"{head} ({detail})"
    short = fit_detail(detail, columns - len(head) - 3)  # " (" and ")"
    return head[:columns] if short == "…" else f"{head} ({short})"


def _safe_name(host: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", host)


def _record(outcome: HostOutcome, progress: Progress, result: StepResult) -> None:
    outcome.steps.append(result)
    progress.update(outcome.host, result.step, str(result.status), result.text)


def _host_steps(node: Node, outcome: HostOutcome, mode: Mode, progress: Progress) -> None:
    plan: list[tuple[str, Callable[[], list[StepResult]]]] = []
    if not mode.check_only:
        plan.append(("setup", lambda: run_setup(node, dry_run=mode.dry_run)))
        plan.append(("learner-keys", lambda: [run_learner_keys(node, dry_run=mode.dry_run)]))
        plan.append(("learner-limits", lambda: [run_limits(node, dry_run=mode.dry_run)]))
        if node.host.simulator:  # before nccl-tests: its programs are what that step finds
            plan.append(("simulator", lambda: [run_simulator(node, dry_run=mode.dry_run)]))
        plan.append(("nccl-tests", lambda: [run_nccl_tests(node, dry_run=mode.dry_run)]))
        # After nccl-tests: its binaries are what gets attested, and a rebuild re-links them.
        plan.append(
            (
                "attestation",
                lambda: [run_attestation(node, dry_run=mode.dry_run, rotate_key=mode.rotate_key)],
            )
        )
    failed = False
    for name, action in plan:
        if failed:
            for step in SETUP_STEPS if name == "setup" else (name,):
                _record(
                    outcome, progress, StepResult(step, Status.SKIPPED, ["an earlier step failed"])
                )
            continue
        progress.update(outcome.host, name, "running")
        try:
            results = action()
        except NodeError as exc:
            steps = SETUP_STEPS if name == "setup" else (name,)
            results = [StepResult(steps[0], Status.FAILED, [str(exc)])]
            results += [
                StepResult(s, Status.SKIPPED, ["an earlier step failed"]) for s in steps[1:]
            ]
        for r in results:
            _record(outcome, progress, r)
        if name not in INDEPENDENT_STEPS:
            failed = failed or any(r.status is Status.FAILED for r in results)
    progress.update(outcome.host, "health", "running")
    report = run_health(node, canary=not mode.dry_run)
    outcome.report = report.as_dict()
    node.log.write(report_table(report) + "\n")
    failed_checks = [f"{c.name}: {c.detail}" for c in report.checks if not c.ok]
    _record(
        outcome,
        progress,
        StepResult(
            "health",
            Status.FAILED if failed_checks else Status.OK,
            failed_checks or [c.detail for c in report.checks if c.name == "nccl-tests-smoke"],
        ),
    )


def _ssh_logging(
    hosts: list[Host], logs: Mapping[str, IO[str]]
) -> list[tuple[logging.Logger, logging.Handler]]:
    """paramiko's messages for each host (a failed handshake logs a traceback) into that host's
    log file, and none onto the terminal: with no handler of its own, Python's logging would
    print paramiko's errors, tracebacks included, on stderr amid the progress lines."""
    installed: list[tuple[logging.Logger, logging.Handler]] = []
    quiet = logging.getLogger("paramiko")  # anything not on a host's channel
    if not any(isinstance(h, logging.NullHandler) for h in quiet.handlers):
        installed.append((quiet, logging.NullHandler()))
    for host in hosts:
        logger = logging.getLogger(ssh_log_channel(host.name))
        logger.setLevel(logging.INFO)
        logger.propagate = False
        handler: logging.Handler = logging.StreamHandler(logs[host.name])
        handler.setFormatter(
            logging.Formatter("%(asctime)s ssh %(levelname)s: %(message)s", "%H:%M:%S")
        )
        installed.append((logger, handler))
    for logger, handler in installed:
        logger.addHandler(handler)
    return installed


def provision(
    hosts: list[Host], mode: Mode, log_dir: Path, progress_out: TextIO
) -> list[HostOutcome]:
    """Run the steps on every host; one HostOutcome per host, in inventory order."""
    log_dir.mkdir(parents=True, exist_ok=True)
    outcomes = {h.name: HostOutcome(h.name) for h in hosts}
    logs: dict[str, IO[str]] = {}
    for h in hosts:
        path = log_dir / f"{_safe_name(h.name)}.log"
        outcomes[h.name].log_file = str(path)
        logs[h.name] = path.open("a", encoding="utf-8")
        logs[h.name].write(
            f"=== grader provision {h.name} ({h.user}@{h.address}:{h.port})"
            f"{' --dry-run' if mode.dry_run else ''}"
            f"{' --check' if mode.check_only else ''}\n"
        )
    progress = Progress(progress_out, [h.name for h in hosts], logs)
    ssh_logs = _ssh_logging(hosts, logs)
    conns = {h.name: connection(h) for h in hosts}
    by_conn = {id(c): h for h, c in zip(hosts, conns.values(), strict=True)}
    try:
        group = ThreadingGroup.from_connections(list(conns.values()))
        try:
            results = group.run("sudo -n true", hide=True, warn=True, in_stream=False)
        except GroupException as exc:
            results = exc.result
        ready: list[Host] = []
        # GroupResult is keyed by Connection, which compares by user@address:port: two inventory
        # hosts with the same triple share one entry, and the second is reported, not dropped.
        seen = {id(conn) for conn in results}
        for host in hosts:
            if id(conns[host.name]) not in seen:
                why = f"same user@address:port as another inventory host ({host.address})"
                _record(outcomes[host.name], progress, StepResult("connect", Status.FAILED, [why]))
        for conn, result in results.items():
            host = by_conn[id(conn)]
            if isinstance(result, BaseException):
                why = explain_connect_error(host, result)
            elif result.exited != 0 and any(m in result.stderr for m in SUDO_PASSWORD_MARKERS):
                why = (
                    f"sudo on {host.name} asks {host.user} for a password; provisioning needs "
                    "passwordless sudo (NOPASSWD) for the admin account"
                )
            elif result.exited != 0:
                why = f"sudo -n true failed for {host.user}: {result.stderr.strip()[:200]}"
            else:
                why = ""
            if why:
                # one line: the node could not be reached, and why; no step after it is listed
                # (none of them ran, and eight "skipped" rows would bury the reason)
                _record(outcomes[host.name], progress, StepResult("connect", Status.FAILED, [why]))
            else:
                _record(outcomes[host.name], progress, StepResult("connect", Status.OK))
                ready.append(host)

        def one(host: Host) -> None:
            node = Node(host, conns[host.name], logs[host.name])
            try:
                _host_steps(node, outcomes[host.name], mode, progress)
            except Exception as exc:  # a dropped connection mid-run: this host only
                _record(
                    outcomes[host.name],
                    progress,
                    StepResult("error", Status.FAILED, [f"{type(exc).__name__}: {exc}"]),
                )

        with ThreadPoolExecutor(max_workers=min(MAX_PARALLEL_HOSTS, max(len(ready), 1))) as pool:
            list(pool.map(one, ready))
    finally:
        for conn in conns.values():
            conn.close()
        for logger, handler in ssh_logs:
            logger.removeHandler(handler)
        for h in hosts:
            if outcomes[h.name].report is not None:
                (log_dir / f"{_safe_name(h.name)}.report.json").write_text(
                    json.dumps(outcomes[h.name].report, indent=2) + "\n", encoding="utf-8"
                )
            logs[h.name].close()
    return [outcomes[h.name] for h in hosts]
