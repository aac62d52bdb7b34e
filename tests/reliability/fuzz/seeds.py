"""Writes the committed seed corpus (tests/reliability/fuzz/corpus/) from the shipped transcripts.

    .venv/bin/python -m tests.reliability.fuzz.seeds

Every seed is cut from what the repository ships: the labs' recorded sessions
(labs/*/tests/*.ts), their typed scripts (labs/*/tests/*.script) and the labs themselves, so
the fuzzer starts from the grammar as the hooks really write it. Re-running it rewrites the
folders it owns (the same bytes for the same repository); the corpus stays small (about 0.4 MB).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil

from grader.protocol import frames

from .targets import CORPUS, LABS, ROOT

_OSC_SPAN = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
MARKER_SEED_BYTES = 8192
"""One markers seed: the first marker spans of one transcript (the target's max_len)."""
FRAME_SEED_BYTES = 4096
API_SEEDS = 12
API_SEED_BYTES = 512


def _write(folder: str, seeds: list[bytes]) -> None:
    out = CORPUS / folder
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for seed in dict.fromkeys(seeds):  # unique, in order
        (out / hashlib.sha1(seed).hexdigest()).write_bytes(seed)


def _frames_of(session: str, ts: bytes) -> bytes:
    """A node's stream for one session: hello, the index line, the file in 1 KiB frames, a
    heartbeat, a reset, a refused entry, cut at FRAME_SEED_BYTES on a frame boundary."""
    learner = "alice"
    index = json.dumps({"session": session, "user": learner, "nonce": "0" * 32}).encode() + b"\n"
    parts = [
        frames.encode(frames.KIND_HELLO, "", 0, b'{"v": 1, "pid": 4242, "python": "3.6.8"}'),
        frames.encode(frames.KIND_DATA, f"{learner}/sessions.jsonl", 0, index),
    ]
    parts += [
        frames.encode(frames.KIND_DATA, f"{learner}/{session}.ts", i, ts[i : i + 1024])
        for i in range(0, len(ts), 1024)
    ]
    parts += [
        frames.encode(frames.KIND_HEARTBEAT, "", 0, b'{"t": 1795975700.5}'),
        frames.encode(frames.KIND_RESET, f"{learner}/{session}.ts", 0, b""),
        frames.encode(frames.KIND_REFUSED, f"{learner}/link.ts", 0, b"a symbolic link"),
    ]
    out = b""
    for part in parts:
        if len(out) + len(part) > FRAME_SEED_BYTES:
            break
        out += part
    return out


RUN_RECORD_SEEDS = 16
"""Output records seeding the run-record target: the smallest the labs' self-tests keep."""


#: What the self-check script prints (grader/node/selfcheck.py): a healthy node nothing, a broken
#: one a line per problem.
SELFCHECK_SEEDS = [
    b"",
    b"hooks /usr/local/lib/labgrader/hooks.bash\n",
    b"sshd forcecommand,allowtcpforwarding alice\nsshd-unreadable\n",
    b"signing /etc/labgrader/attest.key\nsigning /usr/local/lib/labgrader/attest_run.py\n",
    b"wrapper all_reduce_perf\nwrapper sendrecv_perf\n",
]


def run_record_seeds() -> list[bytes]:
    """The labs' own output records (labs/*/tests/runs/, as the sandbox's helper wrote them),
    the smallest first: a fuzz input is at most the target's max_len."""
    runs = sorted(
        (
            p.read_bytes()
            for lab in LABS
            for p in (ROOT / "labs" / lab / "tests" / "runs").glob("*.run")
        ),
        key=len,
    )
    return runs[:RUN_RECORD_SEEDS]


def main() -> None:
    transcripts = sorted((ROOT / "labs").glob("*/tests/*.ts"))
    sessions = [(p.stem, p.read_bytes()) for p in transcripts]
    _write("transcripts", [ts for _, ts in sessions])
    _write("frames", [_frames_of(name, ts) for name, ts in sessions[::3]])
    _write(
        "markers",
        [b"".join(_OSC_SPAN.findall(ts))[:MARKER_SEED_BYTES] for _, ts in sessions[::2]],
    )
    lines = [
        line.encode()
        for script in sorted((ROOT / "labs").glob("*/tests/*.script"))
        for line in script.read_text().splitlines()
        if line.strip()
    ]
    _write("cmdlines", lines)
    _write("labs", [(ROOT / "labs" / lab / "lab.yaml").read_bytes() for lab in LABS])
    rng = random.Random(32)  # the same bytes on every run
    _write("api_models", [rng.randbytes(API_SEED_BYTES) for _ in range(API_SEEDS)])
    _write("run_records", run_record_seeds())
    _write("selfchecks", SELFCHECK_SEEDS)


if __name__ == "__main__":
    main()
