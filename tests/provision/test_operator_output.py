"""What an operator reads: progress lines, the summary, --help, and the one sentence per host when
a node cannot be reached or offers another host key. No container: the nodes here are local
sockets (a closed port, a port that hangs up, a paramiko server offering a host key)."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import fakenode
import paramiko
import pytest

from grader.cli import main
from grader.provision.hostkeys import parse_public_key
from grader.provision.inventory import load_inventory
from grader.provision.outcome import (
    SUMMARY_DETAIL_WIDTH,
    SUMMARY_NOTE_CHARS,
    HostOutcome,
    Status,
    StepResult,
    fit_detail,
    summary_table,
)
from grader.provision.runner import ALL_STEPS, Mode, Progress, progress_line, provision

EXAMPLE = fakenode.REPO / "provisioning" / "inventory.example.yaml"
LEARNERS = (
    "would create group labgrader-learners; would create learner alice; "
    "would create learner bob; would create learner carol"
)


# --- shortening: whole items, whole words ---------------------------------------------------------


def _whole_words(short: str, full: str) -> None:
    """Every word of `short` (but the markers) is a word of `full`: nothing was cut mid-word."""
    words = set(re.split(r"[ ;]+", full))
    for word in re.split(r"[ ;]+", short):
        assert word in words or word in {"…", "more"} or re.fullmatch(r"\+\d+", word), word


@pytest.mark.parametrize("width", [20, 38, 46, 60, 75, 200])
def test_a_long_detail_is_shortened_by_whole_items_and_words(width: int) -> None:
    short = fit_detail(LEARNERS, width)
    assert len(short) <= width
    _whole_words(short, LEARNERS)
    if width >= 200:
        assert short == LEARNERS


def test_shortening_keeps_whole_learner_names_and_counts_the_rest() -> None:
    assert fit_detail(LEARNERS, 60) == "would create group labgrader-learners; +3 more"
    assert fit_detail(LEARNERS, 75) == (
        "would create group labgrader-learners; would create learner alice; +2 more"
    )
    one = "found /opt/nccl-tests/build/all_reduce_perf, linked into /usr/local/bin"
    assert fit_detail(one, 50) == "found /opt/nccl-tests/build/all_reduce_perf, …"
    assert fit_detail("x" * 30, 10) == "…"


def test_a_semicolon_inside_parentheses_does_not_split_an_item() -> None:
    detail = "added 3 keys; left 2 (not graded; `a; b` removes them): dave"
    assert fit_detail(detail, 25) == "added 3 keys; +1 more"
    assert fit_detail(detail, 50) == "added 3 keys; +1 more"


def test_notes_are_printed_whole_under_the_table_and_bounded() -> None:
    names = ", ".join(f"learner{i:02}" for i in range(60))
    note = "accounts kept, not in the inventory (not graded; `userdel -r NAME` removes one): "
    outcome = HostOutcome("gpu-01", [StepResult("learners", Status.OK, [], [note + "dave, erin"])])
    many = HostOutcome("gpu-02", [StepResult("learners", Status.OK, [], [note + names])])
    lines = summary_table([outcome, many]).splitlines()
    assert lines[3:6] == ["", f"gpu-01 learners: {note}dave, erin", lines[5]]
    bounded = lines[5].removeprefix("gpu-02 learners: ")
    assert len(bounded) <= SUMMARY_NOTE_CHARS and bounded.startswith(note + "learner00, ")
    kept = bounded.removeprefix(note).split(", ")
    assert kept[-1] == f"+{60 - len(kept) + 1} more: see the host's log"
    assert kept[:-1] == [f"learner{i:02}" for i in range(len(kept) - 1)]  # whole names, in order


def test_progress_on_a_pipe_prints_every_word_and_logs_it(tmp_path: Path) -> None:
    out, log = io.StringIO(), io.StringIO()
    progress = Progress(out, ["gpu-01"], {"gpu-01": log})
    progress.update("gpu-01", "learners", "running")
    progress.update("gpu-01", "learners", "changed", LEARNERS)
    assert out.getvalue().splitlines() == [
        "[gpu-01] learners: running",
        f"[gpu-01] learners: changed ({LEARNERS})",
    ]
    assert log.getvalue().endswith(f" step learners: changed: {LEARNERS}\n")
    assert "running" not in log.getvalue()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_fits_its_width_without_cutting_a_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out, log = _Terminal(), io.StringIO()
    progress = Progress(out, ["gpu-01", "gpu-002"], {"gpu-01": log})
    progress.update("gpu-01", "learners", "changed", LEARNERS)
    rows = re.sub(r"\x1b\[\d*[A-Z]", "", out.getvalue()).splitlines()
    assert rows[-2:] == [
        "gpu-01   learners: changed (would create group labgrader-learners; +3 more)",
        "gpu-002  waiting",
    ]
    assert all(len(row) <= 79 for row in rows)  # one short of the edge: no row wraps
    assert LEARNERS in log.getvalue()  # the whole detail is in the host's log


def test_progress_line_fits_or_drops_the_detail() -> None:
    assert progress_line("", "connect", "ok", "") == "connect: ok"
    line = progress_line("gpu-01", "learners", "changed", LEARNERS, host_width=8, columns=40)
    assert line == "gpu-01    learners: changed"  # not even one whole item fits: no detail
    assert progress_line("h", "learners", "changed", LEARNERS) == (
        f"h  learners: changed ({LEARNERS})"
    )


# --- the summary ----------------------------------------------------------------------------------


def test_the_summary_counts_hosts_as_hosts_and_steps_as_steps() -> None:
    fine = HostOutcome("gpu-01", [StepResult(s, Status.OK) for s in ALL_STEPS])
    changed = HostOutcome(
        "gpu-02",
        [StepResult("connect", Status.OK), StepResult("learners", Status.CHANGED, [LEARNERS])],
    )
    down = HostOutcome(
        "gpu-03",
        [StepResult("connect", Status.FAILED, ["10.0.0.13:22 unreachable: Connection refused"])]
        + [StepResult(s, Status.SKIPPED, ["not connected"]) for s in ALL_STEPS[1:]],
    )
    table = summary_table([fine, changed, down])
    *rows, blank, counts = table.splitlines()
    assert blank == ""
    assert counts == (
        "3 host(s): 1 ok, 1 changed, 1 failed; 24 step(s): 12 ok, 1 changed, 1 failed, "
        "10 skipped; FAILED: gpu-03"
    )
    (learners,) = [r for r in rows if r.startswith("gpu-02  learners")]
    detail = learners.split("changed  ", 1)[1]
    assert len(detail) <= SUMMARY_DETAIL_WIDTH
    _whole_words(detail, LEARNERS)
    assert re.sub(" +", " ", rows[-len(ALL_STEPS)]) == (
        "gpu-03 connect failed 10.0.0.13:22 unreachable: Connection refused"
    )


def test_help_lists_every_step_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["provision", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    listed = text.split("Steps, in order: ", 1)[1]
    positions = [listed.index(step) for step in ALL_STEPS]
    assert positions == sorted(positions)
    assert "attestation (the node's own Ed25519 signing key" in listed
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "attestation" in " ".join(capsys.readouterr().out.split()).split("provision", 1)[1]


# --- nodes that cannot be reached, or that offer another key --------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def hang_up() -> Iterator[int]:
    """A port that accepts a connection and closes it at once: no SSH greeting (a firewall, a
    proxy, another service)."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    yield server.getsockname()[1]
    server.close()


@pytest.fixture
def ssh_server() -> Iterator[tuple[int, str]]:
    """A paramiko SSH server offering an ed25519 host key of its own: (port, its public key)."""
    private = asyncssh.generate_private_key("ssh-ed25519", comment="offered")
    key = paramiko.Ed25519Key(file_obj=io.StringIO(private.export_private_key().decode()))
    server = socket.create_server(("127.0.0.1", 0))
    transports: list[paramiko.Transport] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            transport = paramiko.Transport(conn)
            transport.add_server_key(key)
            transports.append(transport)
            # the client hangs up once it has seen (and refused) the key
            with contextlib.suppress(Exception):
                transport.start_server(server=paramiko.ServerInterface())

    threading.Thread(target=serve, daemon=True).start()
    yield server.getsockname()[1], private.export_public_key().decode().strip()
    server.close()
    for transport in transports:
        transport.close()


def test_a_changed_host_key_shows_both_fingerprints(
    tmp_path: Path, ssh_server: tuple[int, str]
) -> None:
    port, offered = ssh_server
    pinned = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    admin = fakenode.generate_key(tmp_path / "admin", "ops")
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        f"hosts:\n  gpu-a: {{address: 127.0.0.1, port: {port}, key: {admin}, "
        f"host_keys: ['{pinned}']}}\n"
    )
    hosts = list(load_inventory(path).hosts)
    (outcome,) = provision(hosts, Mode(dry_run=True), tmp_path / "logs", io.StringIO())
    why = outcome.step("connect").summary
    offered_fp = parse_public_key(offered).fingerprint
    pinned_fp = parse_public_key(pinned).fingerprint
    assert why == (
        f"host key of 127.0.0.1:{port} does not match the key pinned in the inventory (the node "
        f"offered ssh-ed25519 {offered_fp}; pinned: ssh-ed25519 {pinned_fp}); refusing to "
        "connect: compare with `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` on the node's "
        "console"
    )
    assert "AAAAC3NzaC1lZDI1" not in why
    # one line, the reason: no step after connect is listed (none of them ran)
    assert [s.status for s in outcome.steps] == [Status.FAILED]


def test_the_example_inventory_dry_run_says_per_host_it_could_not_connect(
    tmp_path: Path, hang_up: int
) -> None:
    """The shipped example, its nodes moved to local ports nobody answers SSH on."""
    closed = _closed_port()
    example = load_inventory(EXAMPLE).hosts
    hosts = [
        dataclasses.replace(example[0], address="127.0.0.1", port=closed, connect_timeout=3),
        dataclasses.replace(example[1], address="127.0.0.1", port=hang_up, connect_timeout=3),
    ]
    progress = io.StringIO()
    outcomes = provision(hosts, Mode(dry_run=True), tmp_path / "logs", progress)
    why = [o.step("connect").summary for o in outcomes]
    assert why == [
        f"127.0.0.1:{closed} unreachable: Connection refused",
        f"127.0.0.1:{hang_up} unreachable: the connection was closed or stayed silent without an "
        "SSH greeting (a firewall or proxy in the way, or no sshd on that port)",
    ]
    assert progress.getvalue().splitlines() == [
        f"[gpu-01] connect: failed ({why[0]})",
        f"[gpu-02] connect: failed ({why[1]})",
    ]
    # paramiko's own account of the failed handshake went to the host's log, not the terminal
    log = (tmp_path / "logs" / "gpu-02.log").read_text()
    assert "Error reading SSH protocol banner" in log and f"step connect: failed: {why[1]}" in log


def test_the_cli_reports_unreachable_hosts_without_a_traceback(
    tmp_path: Path, hang_up: int, capsys: pytest.CaptureFixture[str]
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    admin = fakenode.generate_key(tmp_path / "admin", "ops")
    path = tmp_path / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        f"defaults: {{user: ops, key: {admin}, connect_timeout: 3}}\n"
        "hosts:\n"
        f"  down: {{address: 127.0.0.1, port: {_closed_port()}, host_keys: ['{key}']}}\n"
        f"  silent: {{address: 127.0.0.1, port: {hang_up}, host_keys: ['{key}']}}\n"
    )
    rc = main(["provision", "-i", str(path), "--dry-run", "--log-dir", str(tmp_path / "logs")])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "Traceback" not in out + err and "SSHException" not in out + err
    assert [line.split(" (")[0] for line in err.splitlines()] == [
        "[down] connect: failed",
        "[silent] connect: failed",
    ]
    assert out.splitlines()[-2] == (
        "2 host(s): 0 ok, 0 changed, 2 failed; 2 step(s): 0 ok, 0 changed, 2 failed, "
        "0 skipped; FAILED: down, silent"
    )
