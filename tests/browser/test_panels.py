"""The evidence panel and the learner panel are drawn above the class grid and fit the screen,
on a desktop (1400 px) and a phone (390 px), in a real Chromium.

What the page draws on top is asked of the browser itself: `document.elementFromPoint` at each
of the panel's controls, and where the panel covers the grid's sticky headers, must land inside
the panel. A screenshot of each panel at each width is saved in the test's tmp dir.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .classroom import OPERATOR, Classroom, seed_pair, serve
from .seed import LAB_ID
from .test_class_view import sign_in

pytestmark = pytest.mark.browser

# (width, height) of the screens checked: a desktop, and a phone in portrait (390 px wide)
SCREENS = {"desktop": (1400, 900), "phone": (390, 844)}

# A control of the panel is visible where its box is inside the viewport by this many pixels
EDGE_PX = 1

# What is on top at a point: the panel (true), or what else (its tag, class and text)
ON_TOP = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  if (!el) return 'nothing';
  if (el.closest('#evidence-panel')) return true;
  const text = (el.textContent || '').trim().slice(0, 40);
  return `${el.tagName.toLowerCase()}.${el.className} ${text}`;
}"""

# Every control the panel offers a click or typing to
CONTROLS = "#evidence-panel :is(button, textarea, input, select, a, summary)"


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[Classroom]:
    with serve(tmp_path / "grader.db") as room:
        seed_pair(room.store)
        yield room


def box(locator: Any) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def assert_panel_on_top_and_inside(page: Any, width: int, height: int) -> None:
    panel = box(page.locator("#evidence-panel"))
    # within the screen: nothing of it off either side
    assert panel["x"] >= 0, panel
    assert panel["x"] + panel["width"] <= width + 0.5, panel
    assert panel["width"] <= width, panel
    # each control it offers is what a click at its middle reaches
    controls = page.locator(CONTROLS)
    assert controls.count() > 0
    for i in range(controls.count()):
        control = box(controls.nth(i))
        x = control["x"] + control["width"] / 2
        y = control["y"] + control["height"] / 2
        if not (EDGE_PX <= y <= height - EDGE_PX):
            continue  # scrolled out of the panel's view: nothing to click there now
        assert page.evaluate(ON_TOP, [x, y]) is True, (i, control)
    # where the panel covers a sticky header of the grid, the panel is what is seen
    covered = 0
    for header in page.locator("#grid thead th").all():
        th = box(header)
        left = max(th["x"], panel["x"])
        right = min(th["x"] + th["width"], panel["x"] + panel["width"], width)
        top, bottom = max(th["y"], 0), min(th["y"] + th["height"], height)
        if right - left < 2 or bottom - top < 2:
            continue
        covered += 1
        at = [(left + right) / 2, (top + bottom) / 2]
        assert page.evaluate(ON_TOP, at) is True, (header.inner_text(), at)
    if width >= 1000:
        assert covered > 0  # on a desktop the panel does lie over the headers


def open_class_view(page: Any, room: Classroom, screen: str) -> tuple[int, int]:
    """The operator's class view on `screen`; returns its (width, height)."""
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, room.url + "/dashboard", OPERATOR)
    return width, height


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_evidence_panel_is_above_the_grid_and_fits_the_screen(
    page: Any, pair: Classroom, screen: str, tmp_path: Path
) -> None:
    width, height = open_class_view(page, pair, screen)
    page.locator("#grid-body tr[data-learner=alice] button[data-step=topo]").click()
    page.locator("#evidence-panel .reason").wait_for()
    assert_panel_on_top_and_inside(page, width, height)
    page.screenshot(path=str(tmp_path / f"evidence-{screen}.png"))
    # its close button answers a real click (nothing above it takes the click)
    page.locator("#ev-close").click()
    page.locator("#evidence").wait_for(state="hidden")


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_learner_panel_is_above_the_grid_and_fits_the_screen(
    page: Any, pair: Classroom, screen: str, tmp_path: Path
) -> None:
    width, height = open_class_view(page, pair, screen)
    sorted_by = page.locator("#grid-head th[aria-sort]").evaluate_all(
        "(ths) => ths.map((th) => [th.dataset.sort, th.getAttribute('aria-sort')])"
    )
    page.locator("#grid-body tr[data-learner=alice] button.learner-name").click()
    reason = page.locator("#reset-reason")
    reason.wait_for()
    assert_panel_on_top_and_inside(page, width, height)
    page.screenshot(path=str(tmp_path / f"learner-{screen}.png"))
    # a real click in the reason box reaches it (not a sort button under it), and typing fills it
    reason.click()
    page.keyboard.type("typed the lab on the wrong node")
    assert reason.input_value() == "typed the lab on the wrong node"
    assert (
        page.locator("#grid-head th[aria-sort]").evaluate_all(
            "(ths) => ths.map((th) => [th.dataset.sort, th.getAttribute('aria-sort')])"
        )
        == sorted_by
    )
    assert pair.store.progress("alice", LAB_ID) != []  # nothing was submitted
