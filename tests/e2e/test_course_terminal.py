"""A learner in a course, in his own terminal (issue 34's acceptance, its SSH part): bob takes
nccl-bootstrap and nccl-transport (grader.yaml's order) on a real fake node, the daemon is the
real `grader run`, and what is checked is what his shell printed and what the API stored.

He starts lab 2, then types all of lab 1 anyway: lab 1 verifies (outright, away from the lab he
is on), lab 2 records no attempt and his terminal shows no lab-2 ✗. Then `lab start
nccl-transport` again and lab 2 to the end: every ✓/✗ line names its lab, and rightly; no ✗
at all (no step he had not reached is tried); lab 2 is 10/10; `lab` and a new login's welcome
name the lab he is on."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from fakenode import InteractiveShell

from grader.labs import load_lab

from .conftest import add_learner
from .harness import (
    LAB_DIR,
    LAB_ID,
    PIN_IFACE,
    REPO,
    Daemon,
    Seat,
    find_iface,
    free_port,
    open_shell,
    practice_lines,
    script_lines,
    wait_for,
    welcome,
    write_config,
)

pytestmark = pytest.mark.fakenode

TRANSPORT_DIR = REPO / "labs" / "nccl-transport"
TRANSPORT = "nccl-transport"
#: A ✓ or ✗ line of `lab _feedback` for a learner with several labs (grader/node/files/lab
#: feedback_line): the lab's id, then the step's number and title.
MARKED = re.compile(
    r"(?:✓ \d+/\d+ done · (?P<vlab>\S+) step (?P<vn>\d+) verified: (?P<vtitle>[^\r\n\x1b]+)"
    r"|✗ (?P<alab>\S+) step (?P<an>\d+) (?P<arest>[^\r\n\x1b]+))"
)
ANY_MARK = re.compile(r"[✓✗] [^\r\n\x1b]*")


def marked(text: str) -> list[tuple[str, str, int, str]]:
    """(mark, lab id, step number, title or rest) of each ✓/✗ line the shell printed."""
    out = []
    for m in MARKED.finditer(text):
        if m["vlab"]:
            out.append(("✓", m["vlab"], int(m["vn"]), m["vtitle"].strip()))
        else:
            out.append(("✗", m["alab"], int(m["an"]), m["arest"].strip()))
    return out


def test_bob_takes_two_labs_and_each_line_names_its_lab(one_fake_node: Seat, tmp_path) -> None:
    node = one_fake_node.node
    bob = Seat(one_fake_node.node_id, node, add_learner(node, "bob"))
    labs = {LAB_ID: load_lab(LAB_DIR), TRANSPORT: load_lab(TRANSPORT_DIR)}
    titles = {lab_id: [s.title for s in lab.steps] for lab_id, lab in labs.items()}
    port = free_port()
    db = f"sqlite:///{tmp_path / 'grader.db'}"
    cfg = write_config(
        tmp_path,
        [bob],
        db,
        port,
        "e2e-course",
        labs=(LAB_DIR, TRANSPORT_DIR),
        learner_labs=(LAB_ID, TRANSPORT),
    )
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    try:
        wait_for(
            lambda: all(n["connected"] for n in daemon.get("/api/nodes").json()),
            what="the node connects",
        )

        async def learner() -> dict[str, str]:
            seen: dict[str, str] = {}
            conn, sh = await open_shell(bob)
            try:
                # the progress file exists once the daemon read this shell: lab 1 is current
                await sh.run("true")
                seen["before"] = await sh.run("lab")
                seen["start"] = await sh.run("lab start nccl-transport")
                first = ""
                iface = ""
                for line in [*practice_lines(), None]:
                    typed = PIN_IFACE.format(iface=iface) if line is None else line
                    out = await sh.run(typed)
                    if "NET/Socket" in typed:
                        iface = find_iface(out)
                    first += out
                every = set(range(1, len(titles[LAB_ID]) + 1))
                first += await settle(sh, lambda t: verified(t, LAB_ID) >= every, first)
                seen["lab1"] = first
                seen["again"] = await sh.run("lab start nccl-transport")
                second = ""
                for line in script_lines(TRANSPORT_DIR / "tests" / "clean-run.script"):
                    second += await sh.run(line)
                last = len(titles[TRANSPORT])  # its ✓ shows after every earlier one
                second += await settle(sh, lambda t: last in verified(t, TRANSPORT), second)
                seen["lab2"] = second
                seen["overview"] = await sh.run("lab")
                await sh.exit()
            finally:
                conn.close()
            seen["welcome"] = await welcome(bob)
            return seen

        seen = asyncio.run(learner())
        events = daemon.events("bob")
        transport = daemon.progress("bob", TRANSPORT)
        # the class view the dashboard's grid reads: bob at 10/10 on lab 2
        listed = daemon.get("/api/learners", lab=TRANSPORT).json()
        bootstrap = daemon.steps("bob", LAB_ID)
    finally:
        assert daemon.stop() == 0, daemon.log_text()

    # before `lab start`: the first lab of the course is the one he is on
    assert "You are on The Job That Never Starts (nccl-bootstrap)." in seen["before"]
    assert "You are on The Job That Runs Slow (nccl-transport) now" in seen["start"], seen
    # lab 1 typed while lab 2 is current: no lab-2 ✗ shown, no lab-2 attempt stored
    lab1 = marked(seen["lab1"])
    assert [x for x in lab1 if x[0] == "✗"] == [], lab1
    assert not [e for e in events if e["lab"] == TRANSPORT and e["state"] == "attempted"]
    assert set(bootstrap.values()) == {"verified"}, bootstrap
    # every line names its lab, and the title is that lab's step's
    both = marked(seen["lab1"] + seen["lab2"])
    assert len(both) == len(ANY_MARK.findall(seen["lab1"] + seen["lab2"])), both
    for _, lab_id, n, title in both:
        assert titles[lab_id][n - 1] in title, (lab_id, n, title)
    # lab 2 to the end: no ✗ anywhere (none on a step not reached), every step verified
    assert [x for x in marked(seen["lab2"]) if x[0] == "✗"] == [], seen["lab2"]
    assert {s["state"] for s in transport["steps"]} == {"verified"}, transport
    assert (transport["score"], transport["points"]) == (10, 10), transport
    assert {"learner": "bob", "labs": [{"id": TRANSPORT, "score": 10, "points": 10}]} in listed
    assert "Every step is verified" in seen["overview"], seen["overview"]
    assert "(nccl-transport)" in seen["welcome"], seen["welcome"]


def verified(text: str, lab_id: str) -> set[int]:
    return {n for mark, lab, n, _ in marked(text) if lab == lab_id and mark == "✓"}


async def settle(
    sh: InteractiveShell, enough: Callable[[str], bool], text: str, timeout: float = 30.0
) -> str:
    """Press Enter until `enough(all text so far)`: a ✓ shows at the first prompt after its
    progress file landed."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    more = ""
    while not enough(text + more):
        assert loop.time() < deadline, (text + more)[-3000:]
        await asyncio.sleep(0.3)
        more += await sh.run("")
    return more
