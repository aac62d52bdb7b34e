"""`grader bench --profile`: py-spy's stacks given to jobs (grader/bench/profile.py), on stacks
as py-spy writes them and on a real process sampled by a real py-spy (runner.Sampler)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from grader.bench import profile
from grader.bench.runner import Sampler

REPO = Path(__file__).resolve().parents[2]

ROOT = (
    "_run_module_as_main (<frozen runpy>:198);<module> (grader/cli.py:69);"
    "run (grader/daemon/run_cmd.py:148);BaseEventLoop.run_forever (asyncio/base_events.py:607);"
    "BaseEventLoop._run_once (asyncio/base_events.py:1922);Handle._run (asyncio/events.py:80)"
)
WORKER = (
    "Thread._bootstrap (threading.py:995);Thread.run (threading.py:982);"
    "_worker (concurrent/futures/thread.py:83);_WorkItem.run (concurrent/futures/thread.py:58)"
)


def job(stack: str) -> str | None:
    return profile.job_of(profile.frames_of(stack))


JOBS = [
    # JSON made for a progress write is the write-back's, not the event loop's nor json's
    (
        f"{ROOT};NodeFeedback._write (grader/daemon/feedback_loop.py:262);"
        "progress_document (grader/daemon/feedback.py:120);dumps (json/__init__.py:238)",
        profile.WRITEBACK,
    ),
    # the helper every job calls lets its caller decide
    (
        f"{WORKER};Writes._ingest_group (grader/store/writes.py:231);"
        "json_text (grader/jsontext.py:30);compact_json (grader/jsontext.py:22)",
        profile.STORE,
    ),
    # the progress line's SSH send is the write-back's; the rest of transport.py is the stream's
    (f"{ROOT};ReaderInput.send_progress (grader/daemon/transport.py:445)", profile.WRITEBACK),
    (
        f"{ROOT};ReaderInput.send_progress (grader/daemon/transport.py:446);"
        "ReaderChannel.write (grader/daemon/transport.py:411);"
        "_SelectorSocketTransport.write (asyncio/selector_events.py:1060)",
        profile.WRITEBACK,
    ),
    (
        f"{ROOT};stream_with_reader (grader/daemon/transport.py:640);"
        "ReaderChannel.read (grader/daemon/transport.py:400)",
        profile.FRAMES,
    ),
    (f"{ROOT};stream_spool (grader/daemon/transport.py:700)", profile.FRAMES),
    (
        f"{ROOT};parse_line (grader/matching/cmdline.py:80);parse (bashlex/parser.py:610)",
        profile.CMDLINE,
    ),
    (f"{ROOT};closeness (grader/matching/closeness.py:40)", profile.MATCHING),
    (f"{ROOT};LeaseKeeper._run (grader/daemon/leasekeeper.py:90)", profile.LEASES),
    # a stack without a grader frame is its library's
    (
        f"{ROOT};_SelectorSocketTransport._read_ready (asyncio/selector_events.py:1009);"
        "SSHConnection.data_received (asyncssh/connection.py:1130);"
        "GCMCipher.verify_and_decrypt (asyncssh/crypto/cipher.py:140)",
        profile.RECEIVE,
    ),
    (f"{ROOT};RequestResponseCycle.send (uvicorn/protocols/http/h11_impl.py:480)", profile.FEED),
    (f"{ROOT};BaseEventLoop.call_soon (asyncio/base_events.py:760)", profile.LOOP),
    # the HTTP server's socket write is the feed's, though asyncio's frame is the leaf
    (
        f"{ROOT};RequestResponseCycle.send (uvicorn/protocols/http/h11_impl.py:480);"
        "_SelectorSocketTransport.write (asyncio/selector_events.py:1060)",
        profile.FEED,
    ),
    # a worker's result woken onto the loop is a hand-off
    (
        f"{WORKER};Future.set_result (concurrent/futures/_base.py:545);"
        "BaseEventLoop.call_soon_threadsafe (asyncio/base_events.py:807);"
        "BaseSelectorEventLoop._write_to_self (asyncio/selector_events.py:141)",
        profile.THREADS,
    ),
    # absolute paths, as py-spy writes a file outside sys.path, are cut at site-packages
    (
        f"{ROOT};Engine.connect (/x/venv/lib/python3.11/site-packages/sqlalchemy/engine.py:9)",
        profile.STORE,
    ),
]


@pytest.mark.parametrize(("stack", "expected"), JOBS)
def test_a_sample_goes_to_the_job_of_its_innermost_deciding_frame(
    stack: str, expected: str
) -> None:
    assert job(stack) == expected


def test_logging_is_loggings_whoever_called_it() -> None:
    assert (
        job(
            f"{ROOT};NodeIngest._route (grader/daemon/ingest.py:400);"
            "Logger.info (logging/__init__.py:1489)"
        )
        == profile.LOGGING
    )


def test_waiting_threads_are_not_cpu() -> None:
    assert job(f"{ROOT[: ROOT.index(';Handle')]};EpollSelector.select (selectors.py:468)") is None
    assert job(WORKER.rpartition(";")[0]) is None  # an idle executor worker
    assert job("Thread._bootstrap (threading.py:995);Event.wait (threading.py:622)") is None


def test_raw_lines_are_counted_per_job_and_tabled() -> None:
    lines = [
        f"{ROOT};closeness (grader/matching/closeness.py:40) 30\n",
        f"{ROOT};SessionParser.feed (grader/capture/parser.py:300) 10\n",
        f"{ROOT[: ROOT.index(';Handle')]};EpollSelector.select (selectors.py:468) 500\n",
        "not a line\n",
    ]
    counts = profile.jobs(lines)
    assert counts == {profile.MATCHING: 30, profile.PARSER: 10}
    rows = {r["job"]: r for r in profile.table(counts, 2.0)}
    assert list(rows) == list(profile.JOB_ORDER)
    assert rows[profile.MATCHING]["share"] == 0.75
    assert rows[profile.MATCHING]["ms_per_step"] == 1.5
    assert rows[profile.PARSER]["ms_per_step"] == 0.5
    assert sum(float(r["ms_per_step"]) for r in rows.values()) == 2.0


def test_a_real_process_sampled_by_py_spy(tmp_path: Path) -> None:
    # A process that does nothing but parse command lines (bashlex, grader/matching/cmdline.py):
    # py-spy, started and stopped as `grader bench --profile` does, must put most samples there.
    busy = textwrap.dedent(
        """
        import itertools, sys, time
        from grader.matching.cmdline import parse_line
        sys.stdout.write("ready\\n"); sys.stdout.flush()
        end = time.monotonic() + 30
        for i in itertools.count():  # a new line each time: parse_line keeps a cache
            parse_line(f"NCCL_DEBUG=INFO all_reduce_perf -b {i} -e 128M -f 2 -g 2 | tee out")
            if time.monotonic() > end:
                break
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", busy], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        try:
            sampler = Sampler(proc.pid, tmp_path / "profile.raw")
        except RuntimeError as exc:  # py-spy is in the bench extra that README's setup installs
            pytest.fail(str(exc))
        time.sleep(3)
        counts = sampler.stop()
    finally:
        proc.kill()
        proc.wait()
    assert (tmp_path / "profile.raw").exists()
    total = sum(counts.values())
    assert total > 0, counts
    assert counts.get(profile.CMDLINE, 0) > total / 2, counts


def test_the_floor_receives_every_packet_and_commits() -> None:
    from grader.bench import floor

    got, cpu_s = floor.ssh_receive(40)
    assert got == 40 * floor.PACKET_BYTES  # every packet, through a real asyncssh connection
    assert cpu_s > 0
    assert floor.commit_ms(commits=20) > 0
