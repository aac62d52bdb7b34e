"""`grader reload`: make the running `grader run` read grader.yaml again, without a restart.

The file is checked here first, as the daemon will read it: an invalid one is refused in the
operator's terminal, every problem at once, and the daemon is not disturbed. A valid one: the
daemon named by its pid file (`grader run --pid-file`, by default grader.pid beside the config)
gets SIGHUP and applies it (service.Daemon.reload), logging `event=config_reloaded` with what
changed. A signal rather than an API call: it needs no token and no listening API, only the
right to signal the process, which is the right to stop it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from grader.daemon.reload import read_config
from grader.daemon.run_cmd import PID_FILE, pid_file_for


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "reload",
        help="make the running grader read grader.yaml again (no restart, nothing lost)",
        description=(
            "Check grader.yaml and its labs, then send SIGHUP to the `grader run` its pid file\n"
            "names. The daemon applies the file live: nodes and learners added and removed,\n"
            'labs, tokens (docs/daemon.md "Reload"). An invalid file is refused here and the\n'
            "daemon keeps running what it runs. Exit 0: signalled; 2: the file is invalid;\n"
            "1: no daemon to signal."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", required=True, help="grader.yaml, as `grader run` was given it")
    p.add_argument("--pid-file", help=f"`grader run`'s pid file (default: {PID_FILE} beside it)")
    p.set_defaults(func=run)


def daemon_pid(path: Path) -> tuple[int | None, str]:
    """The pid of the `grader run` that `path` names, or (None, why not)."""
    try:
        text = path.read_text().strip()
    except OSError as exc:
        return None, f"{path}: {exc.strerror or exc} (is `grader run` running from this folder?)"
    if not text.isdigit():
        return None, f"{path} does not hold a process id"
    pid = int(text)
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return None, f"{path} names process {pid}, which is not running (a stale pid file)"
    except OSError:
        return pid, ""  # no /proc to ask: the signal's own error says if it is gone
    if b"grader" not in b" ".join(cmdline) or b"run" not in cmdline:
        return None, f"{path} names process {pid}, which is not `grader run` (a stale pid file)"
    return pid, ""


def run(args: argparse.Namespace) -> int:
    found = read_config(Path(args.config))
    if isinstance(found, list):
        for problem in found:
            print(problem, file=sys.stderr)
        print("grader reload: not reloaded; the daemon keeps its config", file=sys.stderr)
        return 2
    for warning in found[0].warnings:
        print(f"warning: {warning}", file=sys.stderr)
    pid_file = pid_file_for(args.config, args.pid_file)
    pid, why = daemon_pid(pid_file)
    if pid is None:
        print(f"grader reload: {why}", file=sys.stderr)
        return 1
    try:
        os.kill(pid, signal.SIGHUP)
    except OSError as exc:
        print(f"grader reload: signalling process {pid}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(
        f"grader run (pid {pid}) reloads {args.config}: its log says event=config_reloaded "
        "with what changed"
    )
    return 0
