"""The learner's terminal with the real daemon: a real pty over SSH on a fake node, the capture
shell, the spool reader, the grader writing progress back. Each verdict shows at the very next
prompt (no extra Enter): ✓ with "k/N done · step n verified", ✗ with its reason for a wrong
command and a wrong `lab answer`; a new login's welcome names the learner's page (grader.yaml
api.public_url); an instructor's announcement shows once; with the grader stopped the prompt
still comes within its bound."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest

from grader.store import Store

from .harness import Daemon, free_port, open_shell, wait_for, welcome, write_config

pytestmark = pytest.mark.fakenode

FIRST = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
WRONG_COMMAND = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 1"
PROMPT = "\x1b]133;A;"
CROSS = re.compile(r"✗ step (\d+) ([^\r\n]+?) — ([^\r\n\x1b]+)")


def _shown(out: str) -> str:
    """What the shell printed after the command's own output, before its next prompt."""
    return out.split(PROMPT, 1)[0]


def test_verdicts_show_at_the_very_next_prompt(one_fake_node, tmp_path) -> None:
    seat = one_fake_node
    port = free_port()
    db = f"sqlite:///{tmp_path / 'grader.db'}"
    public_url = f"http://127.0.0.1:{port}"  # the daemon's own API: the page is really there
    cfg = write_config(tmp_path, [seat], db, port, "e2e-terminal", public_url=public_url)
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    stopped = False
    try:
        wait_for(
            lambda: all(n["connected"] for n in daemon.get("/api/nodes").json()),
            what="the node connects",
        )
        assert httpx.get(f"{public_url}/dashboard/learner", timeout=10).status_code == 200

        async def learner() -> dict[str, object]:
            conn, sh = await open_shell(seat)
            seen: dict[str, object] = {}
            try:
                await sh.run("true")  # the progress file exists once the daemon wrote it
                seen["wrong_command"] = _shown(await sh.run(WRONG_COMMAND))
                seen["first"] = _shown(await sh.run(FIRST))
                # A second login, now that the grader has written this learner's progress file:
                # its welcome (before its first prompt) names the page.
                seen["welcome"] = await welcome(seat)
                seen["wrong_answer"] = _shown(await sh.run("lab answer why-socket b"))
                store = Store.open(db)
                try:
                    store.add_announcement("Break until 10:00, back at 10", "operator")
                finally:
                    store.close()
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 20
                notes = ""
                while "📣" not in notes and loop.time() < deadline:
                    await asyncio.sleep(0.5)
                    notes += await sh.run("true")
                for _ in range(3):
                    notes += await sh.run("true")
                seen["notes"] = notes
                daemon.stop()
                seen["stopped"] = True
                took = []
                for _ in range(2):
                    t0 = loop.time()
                    await sh.run("true")
                    took.append(loop.time() - t0)
                seen["down"] = took
                await sh.exit()
            finally:
                conn.close()
            return seen

        seen = asyncio.run(learner())
        stopped = bool(seen.get("stopped"))
    finally:
        if not stopped:
            assert daemon.stop() == 0, daemon.log_text()
    first = str(seen["first"])
    assert "✓ 1/11 done · step 1 verified: Run the job and watch it die" in first, first
    greeted = _shown(str(seen["welcome"]))
    page = f"{public_url}/dashboard/learner"
    assert "Lab: The Job That Never Starts: 1/11 steps done" in greeted, greeted
    assert f"Your page: {page} (sign in with your learner token)\r\n" in greeted, greeted
    wrong = CROSS.search(str(seen["wrong_answer"]))
    assert wrong and wrong[1] == "2" and "`b` is not the right answer" in wrong[3], seen
    wrong = CROSS.search(str(seen["wrong_command"]))
    assert wrong and wrong[1] == "1" and "-g" in wrong[3], seen["wrong_command"]
    notes = str(seen["notes"])
    assert notes.count("📣 instructor: Break until 10:00, back at 10") == 1, notes
    # the grader is gone: each prompt comes within its 200 ms bound (plus a loaded box's slack)
    down = seen["down"]
    assert isinstance(down, list) and max(down) < 1.5, down
