"""The dashboard's JSON routes against a real SQLite store, without a browser (run everywhere)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from grader.api import create_app
from grader.store import Store
from grader.store.regrade_run import regrade

from .classroom import OPERATOR, TOKENS, seed_pair, seed_transport, settings
from .seed import (
    BROKEN_LINE,
    LAB_ID,
    TRANSPORT_ID,
    broken_run,
    graded_batch,
    hint_asked,
    nccl_lab,
    topo,
    topo_wants_nvlink,
    transport_lab,
)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    seed_pair(store)
    with TestClient(create_app(store, settings())) as c:
        yield c
    store.close()


def practice(client: TestClient, step: str, body: dict[str, str], token: str = TOKENS["alice"]):
    return client.post(f"/api/labs/{LAB_ID}/practice/{step}", json=body, headers=auth(token))


def test_practice_accepts_the_step_command_and_rejects_echo(client: TestClient) -> None:
    ok = practice(client, "run-broken", {"command": BROKEN_LINE}).json()
    assert ok["ok"] and ok["reason"] == "" and ok["hints"] == []
    assert "NCCL WARN Bootstrap : no socket interface found" in ok["practice"]["output"]
    bad = practice(client, "run-broken", {"command": f"echo {BROKEN_LINE}"}).json()
    assert not bad["ok"] and "`all_reduce_perf`, not `echo`" in bad["reason"]
    assert "output" not in bad["practice"] and len(bad["hints"]) == 2
    close = practice(client, "run-broken", {"command": "all_reduce_perf -b 8M -e 8M -g 2"}).json()
    assert not close["ok"] and "NCCL_SOCKET_IFNAME" in close["reason"]


def test_practice_names_the_step_that_finds_a_value_not_captured_yet(client: TestClient) -> None:
    # alice has not found the interface (step 6): the box says so in the node's own words
    line = "NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2"
    why = practice(client, "pin-iface", {"command": line}).json()["reason"]
    assert "step 6 finds" in why and "Find the interface NCCL picks on its own" in why, why
    assert "iface" not in why.replace("interface", ""), why


def test_practice_question_and_errors(client: TestClient) -> None:
    # The box never tells which choice is right: the right and a wrong choice get the same
    # answer but for the line to type (issue: the Practice Zone let learners fish for it).
    right = practice(client, "why-socket", {"choice": "a"}).json()
    wrong = practice(client, "why-socket", {"choice": "b"}).json()
    assert right["practice"]["record"] == "lab answer why-socket a"
    assert wrong["practice"]["record"] == "lab answer why-socket b"
    del right["practice"]["record"], wrong["practice"]["record"]
    assert right == wrong and not right["ok"] and right["reason"] == ""
    assert "explanation" not in right["practice"]
    assert "pick one of" in practice(client, "why-socket", {"choice": "z"}).json()["reason"]
    assert practice(client, "why-socket", {"command": "ls"}).status_code == 422
    assert practice(client, "no-such-step", {"command": "ls"}).status_code == 404
    # an unknown field is named, not silently dropped (a client's typo must not look judged)
    typo = practice(client, "run-broken", {"command": "ls", "comand": "ls"})
    assert typo.status_code == 422 and typo.json()["detail"][0]["loc"] == ["body", "comand"]
    assert practice(client, "run-broken", {"command": "ls"}, token="wrong").status_code == 401


def test_grid_is_operator_only_and_folds_progress(client: TestClient) -> None:
    assert (
        client.get(f"/api/dashboard/grid?lab={LAB_ID}", headers=auth(TOKENS["bob"])).status_code
        == 403
    )
    grid = client.get(f"/api/dashboard/grid?lab={LAB_ID}", headers=auth(OPERATOR)).json()
    rows = {r["learner"]: r for r in grid["rows"]}
    steps = [s["id"] for s in grid["lab"]["steps"]]
    assert [c and c["state"] for c in rows["alice"]["cells"]][: steps.index("topo") + 1] == [
        "verified",
        None,
        "attempted",
    ]
    assert rows["bob"]["cells"][steps.index("topo")]["state"] == "verified"
    assert rows["alice"]["node"] == "ml-node-07" and grid["seq"] >= 4


def test_checklist_marks_the_matched_span_and_counts_hints(client: TestClient) -> None:
    data = client.get(
        f"/api/dashboard/checklist/alice?lab={LAB_ID}", headers=auth(TOKENS["alice"])
    ).json()
    steps = {s["id"]: s for s in data["steps"]}
    marked = [text for text, mark in steps["run-broken"]["excerpt"] if mark]
    assert marked == ["NCCL WARN Bootstrap : no socket interface found"]  # the span, not the line
    # one failed attempt, and alice never ran `lab hint`: no hint was shown to her
    assert steps["topo"]["attempts"] == 1 and steps["topo"]["hints_seen"] == []
    assert steps["topo"]["evidence"]["line"] == "nvidia-smi topo -p2p r"
    other = client.get(f"/api/dashboard/checklist/bob?lab={LAB_ID}", headers=auth(TOKENS["alice"]))
    assert other.status_code == 403


def test_hints_shown_are_the_ones_lab_hint_printed(tmp_path: Path) -> None:
    """Two `lab hint topo` runs: two hints shown, on a step bob verified without a failed
    attempt; alice, with a failed attempt and no `lab hint`, shows none."""
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    seed_pair(store)
    lab = nccl_lab()
    asks = [hint_asked(lab, "topo", 1), hint_asked(lab, "topo", 2)]
    store.ingest(graded_batch(lab, "bob", asks, time.time() - 60, session="s-bob-hints"))
    with TestClient(create_app(store, settings())) as c:
        got = {
            who: {
                s["id"]: s["hints_seen"]
                for s in c.get(
                    f"/api/dashboard/checklist/{who}?lab={LAB_ID}", headers=auth(OPERATOR)
                ).json()["steps"]
            }
            for who in ("alice", "bob")
        }
    store.close()
    assert got["bob"]["topo"] == list(lab.step("topo").hints[:2])
    assert all(h == [] for h in got["alice"].values())
    assert [s for s, h in got["bob"].items() if h] == ["topo"]


def test_checklist_evidence_keeps_the_numbers_a_step_read(tmp_path: Path) -> None:
    """The evidence panel's view carries the verdict's `values` (the numbers read and the
    comparisons judged), as the progress API's evidence and `captures` do."""
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    seed_pair(store)
    seed_transport(store)
    labs = [nccl_lab(), transport_lab()]
    with TestClient(create_app(store, settings(labs=labs))) as c:
        data = c.get(
            f"/api/dashboard/checklist/bob?lab={TRANSPORT_ID}", headers=auth(OPERATOR)
        ).json()
        progress = c.get(
            f"/api/learners/bob/progress?lab={TRANSPORT_ID}", headers=auth(OPERATOR)
        ).json()
    store.close()
    steps = {s["id"]: s for s in data["steps"]}
    assert steps["report"]["state"] == "verified", steps["report"]
    assert steps["report"]["evidence"]["values"] == [
        "reported = 2.28 GB/s",
        "reported 2.28 within sweep_socket 2.28 to 2.31: holds",
    ]
    assert steps["baseline"]["evidence"]["values"] == ["busbw_p2p = 13.00 GB/s"]
    assert steps["why-busbw"]["evidence"] is None  # not answered: nothing to show
    (api_lab,) = progress["labs"]
    report = {s["id"]: s for s in api_lab["steps"]}["report"]
    assert report["captures"] == {"reported": "2.28"}
    assert report["evidence"]["values"] == steps["report"]["evidence"]["values"]


def test_pages_carry_a_strict_content_security_policy(client: TestClient) -> None:
    for path in ("/dashboard", "/dashboard/learner"):
        page = client.get(path)
        assert page.status_code == 200 and "{{" not in page.text
        csp = page.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "connect-src 'self'" in csp
        assert "http" not in page.text.replace('lang="en"', "").split("<main>")[0].lower()
    assert client.get("/dashboard/static/operator.js").status_code == 200


def test_grid_and_checklist_show_a_regrade_downgrade_at_once(tmp_path: Path) -> None:
    """`grader regrade --allow-downgrade` (another process: its own Store on the file) lowers
    bob's `topo` without a verdict event; the running API's grid and checklist show the stored
    state on the next request, the polled counter moves, a fresh API shows it too, and a later
    real verdict moves the cell up again."""
    url = f"sqlite:///{tmp_path / 'grader.db'}"
    store = Store.open(url)
    seed_pair(store)
    grid_url = f"/api/dashboard/grid?lab={LAB_ID}"

    def topo_cell(c: TestClient) -> str:
        grid = c.get(grid_url, headers=auth(OPERATOR)).json()
        steps = [s["id"] for s in grid["lab"]["steps"]]
        row = next(r for r in grid["rows"] if r["learner"] == "bob")
        return row["cells"][steps.index("topo")]["state"]

    def checklist_topo(c: TestClient) -> str:
        r = c.get(f"/api/dashboard/checklist/bob?lab={LAB_ID}", headers=auth(TOKENS["bob"]))
        return next(s["state"] for s in r.json()["steps"] if s["id"] == "topo")

    def counter(c: TestClient) -> int:
        return c.get("/api/dashboard/downgrades", headers=auth(TOKENS["bob"])).json()["downgrades"]

    try:
        with TestClient(create_app(store, settings())) as c:
            assert topo_cell(c) == "verified" and counter(c) == 0
            other = Store.open(url)  # the regrade CLI's own connection to the same file
            try:
                regrade(other, topo_wants_nvlink(nccl_lab()), ["bob"], allow_downgrade=True)
            finally:
                other.close()
            stored = {p.step: p.state for p in store.progress("bob", LAB_ID)}
            assert stored["topo"] == "attempted"  # the regrade did lower it
            assert counter(c) == 1
            assert topo_cell(c) == "attempted"
            assert checklist_topo(c) == "attempted"
            assert counter(c) == 1  # nothing new: the counter stays
        with TestClient(create_app(store, settings())) as fresh:  # an API started afterwards
            assert topo_cell(fresh) == "attempted"
            # bob runs topo again in a new shell: a real verdict moves the cell up as usual
            lab = nccl_lab()
            batch = graded_batch(
                lab, "bob", [broken_run(lab), topo(lab)], time.time(), session="20260729T090000-1-1"
            )
            store.ingest(batch)
            assert topo_cell(fresh) == "verified"
            assert checklist_topo(fresh) == "verified"
    finally:
        store.close()
