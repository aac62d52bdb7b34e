"""The operator's class view at class scale, and its actions, in a real Chromium against a real
uvicorn and a real SQLite store (tests/browser/classroom.py)."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from grader.store import schema as t

from .classroom import OPERATOR, TOKENS, Classroom, seed_pair, serve
from .seed import LAB_ID, NODE, broken_run, graded_batch, nccl_lab

pytestmark = pytest.mark.browser


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[Classroom]:
    with serve(tmp_path / "grader.db") as room:
        seed_pair(room.store)
        yield room


def sign_in(page, url: str, token: str) -> None:
    page.goto(url)
    page.fill("#token", token)
    page.press("#token", "Enter")
    page.locator("#grid-body tr").first.wait_for()
    page.wait_for_selector("#stream[data-state=live]")


def order(page) -> list[str | None]:
    return [r.get_attribute("data-learner") for r in page.locator("#grid-body tr").all()]


def test_grid_scores_sorts_counts_and_skips_an_unanswered_question(page, pair: Classroom) -> None:
    """alice verified step 1 and tried step 3; bob verified 1 and 3. Neither answered the
    question of step 2, and both moved on: neither is stuck on it."""
    lab = nccl_lab()
    points = {s.id: s.points for s in lab.steps}
    total = sum(points.values())
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    score = {
        r.get_attribute("data-learner"): r.locator("td.score").inner_text()
        for r in page.locator("#grid-body tr").all()
    }
    assert score == {
        "alice": f"{points['run-broken']}/{total}",
        "bob": f"{points['run-broken'] + points['topo']}/{total}",
    }
    assert order(page) == ["alice", "bob"]  # by learner, A to Z
    page.click("#grid-head th[data-sort=score] button")  # the best first
    assert order(page) == ["bob", "alice"]
    assert page.get_attribute("#grid-head th[data-sort=score]", "aria-sort") == "descending"
    page.click("#grid-head th[data-sort=score] button")
    assert order(page) == ["alice", "bob"]
    page.click("#grid-head th[data-sort=learner] button")
    page.click("#grid-head th[data-sort=learner] button")
    assert order(page) == ["bob", "alice"]  # Z to A
    page.click("#grid-head th[data-sort='step:topo'] button")  # verified before attempted
    assert order(page) == ["bob", "alice"]
    page.click("#grid-head th[data-sort='step:topo'] button")
    assert order(page) == ["alice", "bob"]

    # the count row: where the class is, per step
    def count(step: str) -> dict[str, str | None]:
        td = page.locator(f"#grid-counts td[data-step='{step}']")
        return {
            k: td.get_attribute(f"data-{k}") for k in ("verified", "attempted", "pending", "here")
        }

    assert count("run-broken") == {"verified": "2", "attempted": "0", "pending": "0", "here": "0"}
    assert count("topo") == {"verified": "1", "attempted": "1", "pending": "0", "here": "1"}
    # the skipped question: nobody answered it, nobody is "there"
    assert count("why-socket") == {"verified": "0", "attempted": "0", "pending": "2", "here": "0"}
    assert count("exit-code")["here"] == "1"  # bob's next step

    # a cell's tooltip gives its state and the reason, backticks rendered as quotes
    tip = page.get_attribute("#grid-body tr[data-learner=alice] button[data-step=topo]", "title")
    assert tip is not None and "attempted" in tip and "matrix row of GPU0" in tip
    assert "`" not in tip and "‘GPU0" in tip

    # stuck on the question for more than 0 minutes: nobody (they skipped it and moved on)
    page.fill("#stuck-min", "0")
    page.select_option("#stuck-step", "1")  # 2. why-socket
    page.select_option("#state", "stuck")
    page.locator("#page-info", has_text="of 0 ").wait_for()
    assert order(page) == []
    page.select_option("#stuck-step", "2")  # 3. topo: alice is there
    page.locator("#page-info", has_text="of 1 ").wait_for()
    assert order(page) == ["alice"]


def test_the_stuck_filter_reads_the_grader_clock_not_a_node_clock(page, tmp_path: Path) -> None:
    """The filter "stuck for more than 10 minutes" is the grader's now minus when the grader
    recorded the learner's last verified step. carol's node clock runs three hours behind, but
    the grader recorded her step 1 just now: not stuck. dave's node clock is right and his step
    1 was recorded an hour ago: stuck. erin, like carol, arrives live from the event stream."""
    lab = nccl_lab()
    with serve(tmp_path / "grader.db") as room:
        store = room.store
        store.upsert_node(NODE, "10.0.0.7", 22, ["carol", "dave", "erin"])
        now = time.time()
        store.ingest(graded_batch(lab, "carol", [broken_run(lab)], now - 3 * 3600, session="c"))
        store.ingest(graded_batch(lab, "dave", [broken_run(lab)], now - 3600, session="d"))
        with store._engine.begin() as conn:  # as if the grader had recorded dave's an hour ago
            for table in (t.verdict_events, t.progress):
                conn.execute(
                    sa.update(table).where(table.c.learner == "dave").values(recorded=now - 3600)
                )
        sign_in(page, room.url + "/dashboard", OPERATOR)
        store.ingest(graded_batch(lab, "erin", [broken_run(lab)], now - 3 * 3600, session="e"))
        page.wait_for_selector(
            "#grid-body tr[data-learner=erin] button[data-step=run-broken][data-state=verified]"
        )
        page.fill("#stuck-min", "10")
        page.select_option("#state", "stuck")
        page.locator("#page-info", has_text="of 1 ").wait_for()
        assert order(page) == ["dave"]
        # a cell shows the grader's time; the node's joins its label when they are far apart
        page.select_option("#state", "all")
        page.locator("#page-info", has_text="of 3 ").wait_for()
        cell = "#grid-body tr[data-learner={}] button[data-step=run-broken]"
        for learner, off in (("carol", True), ("dave", False), ("erin", True)):
            tip = page.get_attribute(cell.format(learner), "title")
            assert tip is not None and ("node's clock" in tip) == off, (learner, tip)


def test_the_class_view_and_the_learner_page_place_a_learner_alike(page, pair: Classroom) -> None:
    """One rule for where a learner is (grader.verdict.current_step): alice skipped the question
    of step 2 and tried step 3; the class view counts her at step 3, and her own page says "you
    are here" on step 3, not on the question."""
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    for learner, step in (("alice", "topo"), ("bob", "exit-code")):
        page.fill("#search", learner)
        page.locator("#page-info", has_text="of 1 ").wait_for()
        counts = page.locator("#grid-counts td[data-here='1']")
        assert [td.get_attribute("data-step") for td in counts.all()] == [step], learner
        own = page.context.new_page()
        own.goto(pair.url + "/dashboard/learner")
        own.fill("#token", TOKENS[learner])
        own.press("#token", "Enter")
        here = own.locator("#checklist > li[aria-current=step]")
        here.wait_for()
        assert here.get_attribute("data-step") == step, learner
        own.close()


def test_filters_and_sort_live_in_the_url_and_survive_a_reload(page, pair: Classroom) -> None:
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    page.click("#grid-head th[data-sort=score] button")
    page.fill("#stuck-min", "0")
    page.select_option("#stuck-step", "2")
    page.select_option("#state", "stuck")
    page.locator("#page-info", has_text="of 1 ").wait_for()
    url = page.url
    assert "#" in url and "show=stuck" in url and "step=topo" in url and "sort=score" in url
    assert OPERATOR not in url
    page.reload()  # the token stays in the tab; the view comes back from the address
    page.locator("#grid-body tr").first.wait_for()
    assert page.input_value("#state") == "stuck"
    assert page.input_value("#stuck-step") == "2" and page.input_value("#stuck-min") == "0"
    assert order(page) == ["alice"]
    assert page.get_attribute("#grid-head th[data-sort=score]", "aria-sort") == "descending"
    # the same address in a new tab of the same operator shows the same view
    other = page.context.new_page()
    other.goto(pair.url + "/dashboard")
    other.fill("#token", OPERATOR)
    other.press("#token", "Enter")
    other.locator("#grid-body tr").first.wait_for()
    other.goto(url)
    other.reload()
    other.locator("#grid-body tr").first.wait_for()
    assert order(other) == ["alice"]
    other.close()


def test_an_address_changed_in_the_open_tab_is_the_view_shown(page, pair: Classroom) -> None:
    """A shared link pasted into a tab already open on the class view changes only the
    fragment, so the page does not reload: the filters must still follow the address."""
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    page.fill("#stuck-min", "0")
    page.select_option("#stuck-step", "2")
    page.select_option("#state", "stuck")
    page.locator("#page-info", has_text="of 1 ").wait_for()
    assert order(page) == ["alice"]
    page.goto(pair.url + f"/dashboard#lab={LAB_ID}&sort=score&dir=desc")
    page.locator("#page-info", has_text="of 2 ").wait_for()  # the stuck filter is gone
    assert page.input_value("#state") == "all"
    assert page.input_value("#stuck-step") == ""
    assert page.get_attribute("#grid-head th[data-sort=score]", "aria-sort") == "descending"
    assert "show=" not in page.url and "step=" not in page.url  # the view wrote back what it shows


def test_the_learner_column_stays_while_the_steps_scroll_sideways(page, pair: Classroom) -> None:
    page.set_viewport_size({"width": 640, "height": 800})
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    wrap = page.locator(".grid-wrap")
    assert page.evaluate(
        "(() => { const w = document.querySelector('.grid-wrap'); "
        "return w.scrollWidth > w.clientWidth + 200; })()"
    )
    name = page.locator("#grid-body tr[data-learner=alice] th")
    cell = page.locator("#grid-body tr[data-learner=alice] button[data-step=topo]")
    before_name, before_cell = name.bounding_box(), cell.bounding_box()
    assert wrap.evaluate("(w) => { w.scrollLeft = 400; return w.scrollLeft; }") >= 300
    after_name, after_cell = name.bounding_box(), cell.bounding_box()
    assert before_name and after_name and before_cell and after_cell
    assert abs(after_name["x"] - before_name["x"]) < 2  # the learner column stayed
    assert after_cell["x"] < before_cell["x"] - 250  # the steps moved
    # and it is drawn over the cells that scroll under it, not under them
    top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('th')?.dataset?.learner ?? "
        "document.elementFromPoint(x, y).closest('tr')?.dataset?.learner",
        [after_name["x"] + 5, after_name["y"] + after_name["height"] / 2],
    )
    assert top == "alice"
    assert page.locator("#grid-body tr[data-learner=alice] th").inner_text() == "alice"


def test_csv_export_reset_and_announcement_from_the_page(page, pair: Classroom) -> None:
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    # CSV: the same grades the API exports, saved as a file
    with page.expect_download() as got:
        page.click("#export-csv")
    download = got.value
    text = Path(download.path()).read_text("utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["learner"] for r in rows} >= {"alice", "bob"}
    assert download.suggested_filename == f"grades-{LAB_ID}.csv"

    # reset alice's lab: a reason is required, then her row goes back to pending, live
    page.click("#grid-body tr[data-learner=alice] button.learner-name")
    form = page.locator("#reset-form")
    form.wait_for()
    form.locator("button[type=submit]").click()
    page.locator("#reset-result", has_text="needs a reason").wait_for()
    assert pair.store.progress("alice", LAB_ID) != []
    form.locator("textarea").fill("typed the lab on the wrong node")
    form.locator("button[type=submit]").click()
    page.locator("#reset-result", has_text="Reset:").wait_for()
    assert pair.store.progress("alice", LAB_ID) == []
    audit = [a for a in pair.store.audit() if a.kind == "reset"]
    assert audit and audit[-1].learner == "alice"
    assert "typed the lab on the wrong node" in str(audit[-1].detail)
    page.keyboard.press("Escape")
    page.wait_for_selector(
        "#grid-body tr[data-learner=alice] button[data-step=topo][data-state=pending]"
    )
    alice = page.locator("#grid-body tr[data-learner=alice] button[data-step]")
    assert set(alice.evaluate_all("(bs) => bs.map((b) => b.dataset.state)")) == {"pending"}
    bob = page.locator("#grid-body tr[data-learner=bob] button[data-step=topo]")
    assert bob.get_attribute("data-state") == "verified"  # only alice was reset
    page.reload()  # the server's grid folds the reset event the same way
    page.wait_for_selector(
        "#grid-body tr[data-learner=bob] button[data-step=topo][data-state=verified]"
    )
    assert set(alice.evaluate_all("(bs) => bs.map((b) => b.dataset.state)")) == {"pending"}

    # an announcement to this lab's learners: sent, and listed as live
    page.locator("#announce-box summary").click()
    page.fill("#announce-text", "Break until 10:15; the `topo` step is next")
    page.click("#announce-form button[type=submit]")
    page.locator("#announcements li").first.wait_for()
    assert "Break until 10:15" in page.locator("#announcements").inner_text()
    live = pair.store.announcements(time.time(), LAB_ID)
    assert [a.text for a in live] == ["Break until 10:15; the `topo` step is next"]
    assert live[0].lab == LAB_ID

    # and withdrawn from the page: gone from the list and from what learners are shown
    page.locator("#announcements li button.withdraw").click()
    page.locator("#announce-result", has_text="Withdrawn").wait_for()
    page.wait_for_selector("#announcements-none:not([hidden])")
    assert page.locator("#announcements li").count() == 0
    assert pair.store.announcements(time.time(), LAB_ID) == []


def test_a_teaching_assistant_reads_the_class_and_is_offered_no_change(
    page, pair: Classroom
) -> None:
    _, secret = pair.store.issue_token("ta", None, "ta for the morning class")
    sign_in(page, pair.url + "/dashboard", secret)
    assert "teaching assistant" in page.locator("#who").inner_text()
    assert order(page) == ["alice", "bob"]
    assert page.locator("#export-csv").is_visible()  # reading the grades is allowed
    page.locator("#announce-box summary").click()
    assert page.locator("#announce-form").is_hidden()
    page.click("#grid-body tr[data-learner=alice] button.learner-name")
    page.locator("#ev-body dl").wait_for()
    assert page.locator("#reset-form").count() == 0
    page.keyboard.press("Escape")
    # the evidence still opens: reading is what a TA is for
    page.click("#grid-body tr[data-learner=alice] button[data-step=topo]")
    page.locator("#evidence-panel .reason").wait_for()
    page.keyboard.press("Escape")
    # and the API behind the hidden buttons refuses the TA anyway
    status = page.evaluate(
        """async (tok) => [
             (await fetch('/api/learners/alice/labs/nccl-bootstrap/reset', {method: 'POST',
               headers: {Authorization: 'Bearer ' + tok, 'Content-Type': 'application/json'},
               body: JSON.stringify({reason: 'x'})})).status,
             (await fetch('/api/announcements', {method: 'POST',
               headers: {Authorization: 'Bearer ' + tok, 'Content-Type': 'application/json'},
               body: JSON.stringify({text: 'x', lab: null})})).status]""",
        secret,
    )
    assert status == [403, 403]
    assert pair.store.progress("alice", LAB_ID) != []


def test_the_evidence_panel_says_how_many_of_a_questions_answers_count(
    page, pair: Classroom
) -> None:
    """The seed lab's questions count one answer (attempts: 1): a wrong answer shows as the one
    used up, and the right one after it is recorded as one more attempt, never verified."""
    lab = nccl_lab()
    assert lab.step("why-socket").attempts == 1
    answers = [("lab answer why-socket c", "", 0), ("lab answer why-socket A", "", 0)]
    pair.store.ingest(graded_batch(lab, "alice", answers, time.time() - 60, session="s-quiz"))
    sign_in(page, pair.url + "/dashboard", OPERATOR)
    page.click("#grid-body tr[data-learner=alice] button[data-step=why-socket]")
    page.locator("#evidence-panel .reason", has_text="no attempts left").wait_for()
    attempts = page.locator("#ev-body dt", has_text="Attempts").locator(
        "xpath=following-sibling::dd[1]"
    )
    assert attempts.inner_text() == "2 (1 counts)"
