"""The prompt waits (bounded) for the verdict of the command that just ended, and shows ✓, ✗ and
the instructor's announcements once each, escaped: a real captured shell on a local pty, on each
shell of the matrix, with the progress file written the way the daemon writes it (compact JSON,
head first: grader.daemon.feedback.progress_document) by a thread standing in for the grader's
write. The whole path with the real daemon over SSH is tests/e2e/test_terminal_feedback.py."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

from grader.authoring.record import Recorder

USER = __import__("getpass").getuser()
PROMPT = b"\x1b]133;A;"


def _doc(
    judged: dict[str, int], events: list[dict], announcements: list[dict], wait_ms: int = 200
) -> dict:
    return {
        "v": 1,
        "seq": max((e["seq"] for e in events), default=0),
        "ann": max((a["seq"] for a in announcements), default=0),
        "wait_ms": wait_ms,
        "judged": judged,
        "learner": USER,
        "updated": time.time(),
        "labs": [],
        "events": events,
        "announcements": announcements,
    }


def _write(root: Path, doc: dict) -> None:
    path = root / "progress" / USER / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(".progress.json.tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    tmp.replace(path)


def _shell_key(rec: Recorder) -> str:
    aid = re.search(rb"\x1b\]133;A;aid=(\d+);", bytes(rec.output))
    assert aid, rec.output[-400:]
    return f"{rec.sessions()[0]['session']}/{int(aid[1])}"


def _timed(rec: Recorder, line: str) -> tuple[float, str]:
    """Type `line`, then time Enter to the next prompt; return (seconds, what came between)."""
    rec.type(line)
    start = len(rec.output)
    t0 = time.monotonic()
    rec.key("enter")
    rec.wait_prompt()
    took = time.monotonic() - t0
    return took, bytes(rec.output[start:]).decode("utf-8", "replace")


def _before_prompt(text: str) -> str:
    return text.split("\x1b]133;A;", 1)[0]


VERIFIED = {
    "seq": 7,
    "lab": "l",
    "step": "exit-code",
    "index": 6,
    "count": 11,
    "done": 5,
    "title": "Read the exit code",
    "state": "verified",
    "at": 1.0,
}
ATTEMPT = {
    "seq": 8,
    "lab": "l",
    "step": "pin",
    "index": 3,
    "count": 11,
    "title": "Pin the interface",
    "state": "attempted",
    "reason": "This step runs `all_reduce_perf`, not `x\x1b]0;owned\x07\x1b[2J`",
    "at": 2.0,
}


def test_the_verdict_shows_at_the_very_next_prompt(session, root: Path, node_shell) -> None:
    """The grader's write lands ~80 ms after the command ended: the prompt waited for it, so ✓
    and ✗ (its reason's control bytes escaped) show before that prompt, without another Enter."""
    _write(root, _doc({}, [], []))
    rec = session()
    key = _shell_key(rec)
    ts = rec.session_file()

    def grader() -> None:  # writes when the command's end (133;D, n=1) is in the session file
        deadline = time.monotonic() + 20
        while b"\x1b]133;D;0;aid=" + key.split("/")[1].encode() + b";n=1;" not in ts.read_bytes():
            assert time.monotonic() < deadline
            time.sleep(0.005)
        time.sleep(0.08)
        _write(root, _doc({"other-session/1": 9, key: 1}, [VERIFIED, ATTEMPT], []))

    judge = threading.Thread(target=grader)
    judge.start()
    took, text = _timed(rec, "true")
    judge.join()
    shown = _before_prompt(text)
    assert "✓ 5/11 done · step 6 verified: Read the exit code" in shown, text
    assert "✗ step 3 Pin the interface — This step runs `all_reduce_perf`" in shown, text
    assert "\\x1b]0;owned\\x07\\x1b[2J" in shown and "\x1b]0;owned" not in text, text
    assert took < 1.5, took
    # once each: the next prompts show nothing again
    _, again = _timed(rec, "true")
    assert "✓" not in again and "✗" not in again, again


def test_the_wait_is_bounded_when_the_grader_is_silent(session, root: Path, node_shell) -> None:
    """No verdict comes (the grader is down): the prompt waits the file's wait_ms, 200 ms, then
    shows; after three such prompts in a row it stops waiting until the grader is back."""
    _write(root, _doc({}, [], []))
    rec = session()
    waits = [_timed(rec, "true")[0] for _ in range(5)]
    assert waits[0] >= 0.19, waits  # it did wait: ten 20 ms reads
    assert max(waits) < 0.2 + 0.8, waits  # and never much past its bound (a loaded box's slack)
    assert waits[4] < waits[0], waits  # stopped waiting after three misses
    # wait_ms 0 (the daemon's prompt_wait_ms): no wait at all, judged or not
    _write(root, _doc({}, [], [], wait_ms=0))
    rec2 = session()
    assert _timed(rec2, "true")[0] < waits[0], waits


def test_announcement_shown_once_escaped(session, root: Path, node_shell) -> None:
    note = {"seq": 3, "at": 1.0, "lab": None, "text": "Break until 10:00 \x1b[2J\x9b31m back"}
    _write(root, _doc({}, [], []))
    rec = session()
    _timed(rec, "true")
    _write(root, _doc({}, [], [note]))
    _, text = _timed(rec, "true")
    assert "📣 instructor: Break until 10:00 \\x1b[2J\\x9b31m back" in _before_prompt(text), text
    assert "\x1b[2J" not in text
    _, again = _timed(rec, "true")
    assert "📣" not in again
    rec.close()
    # another login of the same learner does not repeat it
    rec2 = session()
    _, later = _timed(rec2, "true")
    assert "📣" not in bytes(rec2.output).decode("utf-8", "replace"), later


def test_the_learners_bash_rematch_survives_the_prompt(session, root: Path, node_shell) -> None:
    """The prompt reads the progress file's head at every prompt: it must not overwrite the
    learner's own BASH_REMATCH (a `=~` of its own would), which a script or a lesson may use."""
    _write(root, _doc({}, [], []))
    rec = session()
    _timed(rec, "[[ lab-7 =~ ([0-9]+) ]]")
    _, text = _timed(rec, 'echo "got=${BASH_REMATCH[1]}="')
    assert "got=7=" in text, text
