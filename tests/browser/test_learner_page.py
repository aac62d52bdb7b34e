"""A learner's own page in a real Chromium: practice beside its step, "you are here", the lab's
Markdown rendered (no raw backticks, never the word null), and the instructor's announcements."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .classroom import TOKENS, Classroom, seed_pair, serve
from .seed import LAB_ID, graded_batch, nccl_lab, topo

pytestmark = pytest.mark.browser

#: How far (px) a step's practice box may sit below its title: inside the same card. The old
#: page put every box in one zone after the whole checklist, ~3,000 px below its step.
PRACTICE_NEAR_PX = 900
#: The page reads announcements every 10 s (learner.js ANNOUNCE_POLL_MS), plus a loaded machine.
ANNOUNCE_SEEN_MS = 25_000


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[Classroom]:
    with serve(tmp_path / "grader.db") as room:
        seed_pair(room.store)
        yield room


def sign_in(page, url: str, token: str) -> None:
    page.goto(url)
    page.fill("#token", token)
    page.press("#token", "Enter")
    page.locator("#checklist > li[data-state=verified]").first.wait_for()


def test_practice_sits_in_its_step_and_you_are_here_marks_the_next_one(
    page, pair: Classroom
) -> None:
    lab = nccl_lab()
    sign_in(page, pair.url + "/dashboard/learner", TOKENS["alice"])
    for step in lab.steps:
        card = page.locator(f"#checklist > li[data-step='{step.id}']")
        box = card.locator("section.practice")
        assert box.count() == 1, step.id  # the box is in its step's own card
        title, practice = card.locator("h3").bounding_box(), box.bounding_box()
        assert title and practice
        assert 0 < practice["y"] - title["y"] < PRACTICE_NEAR_PX, (step.id, title, practice)
    # alice verified step 1, skipped the question of step 2 and tried step 3: she is at step 3
    # (the class view's rule, grader.verdict.current_step), not on the question she moved past
    here = page.locator("#checklist > li[aria-current=step]")
    assert here.count() == 1 and here.get_attribute("data-step") == lab.steps[2].id
    assert here.locator(".here-badge").is_visible()
    assert page.locator("#where a").inner_text() == f"3. {lab.steps[2].title}"
    assert page.locator("#where a").get_attribute("href") == f"#step-{lab.steps[2].id}"
    # typing in a box survives a live refresh of the states (a new verdict arrives meanwhile)
    box = page.locator("#checklist > li[data-step=topo] section.practice input")
    box.fill("nvidia-smi topo")
    pair.store.ingest(graded_batch(lab, "alice", [topo(lab)], time.time(), session="s-alice-2"))
    page.wait_for_selector("#checklist > li[data-step=topo][data-state=verified]")
    assert box.input_value() == "nvidia-smi topo"
    # on to step 4: the question she moved past is skipped, not where she is (it stays pending)
    assert page.locator("#checklist > li[aria-current=step]").get_attribute("data-step") == (
        lab.steps[3].id
    )
    assert page.get_attribute(f"#checklist > li[data-step={lab.steps[1].id}]", "data-state") == (
        "pending"
    )


def test_backticks_render_as_code_and_null_never_shows(page, pair: Classroom) -> None:
    sign_in(page, pair.url + "/dashboard/learner", TOKENS["alice"])
    topo = page.locator("#checklist > li[data-step=topo]")
    reason = topo.locator(".reason")
    reason.wait_for()
    # the engine's reason quotes the missing rows in backticks: they are <code>, not text
    assert reason.locator("code").count() >= 1
    assert "GPU0" in reason.locator("code").first.inner_text()
    # a wrong practice try: the reason's backticks become code too, no "null", no "undefined"
    box = page.locator("#checklist > li[data-step=run-broken] section.practice")
    box.locator("input").fill("echo all_reduce_perf")
    box.locator("button").click()
    box.locator(".result-bad").wait_for()
    assert box.locator(".result-bad code").count() >= 1
    # open every evidence panel, then read the whole page as the learner sees it
    for summary in page.locator("#checklist details summary").all():
        summary.click()
    text = page.locator("#view").inner_text()
    assert "`" not in text
    assert not re.search(r"\b(null|undefined|NaN)\b", text), text
    assert page.locator("#checklist code").count() > 5  # instructions' `code` too


def test_announcements_show_at_the_top_and_arrive_live(page, pair: Classroom) -> None:
    pair.store.add_announcement("Welcome! Start with `lab` in your terminal", "operator")
    sign_in(page, pair.url + "/dashboard/learner", TOKENS["alice"])
    area = page.locator("#announce-area")
    area.locator("li").first.wait_for()
    assert "Welcome!" in area.inner_text() and area.locator("code").inner_text() == "lab"
    # at the top: above the lab's title and its steps
    top, steps = area.bounding_box(), page.locator("#lab-title").bounding_box()
    assert top and steps and top["y"] < steps["y"]
    # one sent while the page is open shows without a reload
    pair.store.add_announcement("Break until 10:15", "operator", LAB_ID)
    area.get_by_text("Break until 10:15").wait_for(timeout=ANNOUNCE_SEEN_MS)
    assert area.locator("li").count() == 2
    # one for another lab is not shown to alice
    pair.store.add_announcement("Transport lab moves to room 2", "operator", "nccl-transport")
    pair.store.add_announcement("Last one", "operator")
    area.get_by_text("Last one").wait_for(timeout=ANNOUNCE_SEEN_MS)
    assert "room 2" not in area.inner_text()
