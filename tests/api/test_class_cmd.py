"""`grader tokens`, `grader reset`, `grader announce` against a real SQLite store."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from store.batches import NODE, batch

from grader.api.auth import TokenTable
from grader.cli import main
from grader.store import EVENT_RESET, Store

LAB = "lab-one"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "grader.yaml"
    path.write_text(
        json.dumps(
            {
                "db": f"sqlite:///{tmp_path / 'grader.db'}",
                "nodes": [
                    {
                        "id": NODE,
                        "host": "10.0.0.7",
                        "key": "k",
                        "known_hosts": ["ssh-ed25519 AAAA"],
                        "learners": {"alice": [LAB], "bob": [LAB, "lab-two"]},
                    }
                ],
            }
        )
    )
    return path


def opened(config: Path) -> Store:
    return Store.open(json.loads(config.read_text())["db"])


def test_a_created_token_is_printed_once_works_and_stops_when_revoked(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--config", str(config)]
    assert main(["tokens", "create", *args, "--role", "learner", "--learner", "bob"]) == 0
    out = capsys.readouterr().out.splitlines()
    token_id = out[0].removeprefix("id: ")
    secret = out[1].removeprefix("secret: ")
    assert token_id.startswith("tok_") and secret.startswith("lgt_")
    store = opened(config)
    try:
        tokens = TokenTable([], {}, store.token_for_digest)
        who = tokens.lookup(secret)
        assert who is not None and (who.role, who.learner) == ("learner", "bob")
        assert main(["tokens", "create", *args, "--role", "ta", "--label", "Tue\x1b[2J"]) == 0
        capsys.readouterr()
        assert main(["tokens", "list", *args]) == 0
        listed = capsys.readouterr().out
        assert token_id in listed and "bob" in listed and "Tue\\x1b[2J" in listed
        assert secret not in listed and "lgt_" not in listed
        assert main(["tokens", "revoke", *args, token_id]) == 0
        assert tokens.lookup(secret) is None
        assert main(["tokens", "revoke", *args, token_id]) == 2
        assert "no live token" in capsys.readouterr().err
    finally:
        store.close()


@pytest.mark.parametrize(
    ("extra", "error"),
    [
        (["--role", "learner", "--learner", "mallory"], "no learner 'mallory'"),
        (["--role", "learner"], "needs --learner"),
        (["--role", "ta", "--learner", "bob"], "whole class"),
    ],
)
def test_a_token_for_someone_not_in_the_class_is_refused(
    config: Path, capsys: pytest.CaptureFixture[str], extra: list[str], error: str
) -> None:
    assert main(["tokens", "create", "--config", str(config), *extra]) == 2
    captured = capsys.readouterr()
    assert error in captured.err and "secret" not in captured.out
    store = opened(config)
    try:
        assert store.tokens() == []
    finally:
        store.close()


def test_reset_clears_a_learners_lab_with_a_reason(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = opened(config)
    try:
        store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
        store.ingest(batch(1, step="first"))
        args = ["reset", "--config", str(config), "alice", LAB, "--reason", "node rebuilt"]
        assert main([*args, "--actor", "instructor"]) == 0
        assert "1 steps cleared" in capsys.readouterr().out
        assert store.progress("alice", LAB) == []
        [event] = store.resets_after(0)
        assert (event.state, event.reason) == (EVENT_RESET, "node rebuilt")
        [audit] = [a for a in store.audit() if a.kind == "reset"]
        assert audit.detail["actor"] == "instructor"
    finally:
        store.close()


@pytest.mark.parametrize(
    ("who", "lab", "error"),
    [("mallory", LAB, "no learner 'mallory'"), ("alice", "lab-two", "does not take lab")],
)
def test_reset_of_an_unknown_learner_or_lab_changes_nothing(
    config: Path, capsys: pytest.CaptureFixture[str], who: str, lab: str, error: str
) -> None:
    assert main(["reset", "--config", str(config), who, lab, "--reason", "x"]) == 2
    assert error in capsys.readouterr().err
    store = opened(config)
    try:
        assert store.last_seq() == 0 and store.audit() == []
    finally:
        store.close()


def test_reset_needs_a_reason(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["reset", "--config", str(config), "alice", LAB])
    assert "--reason" in capsys.readouterr().err
    assert main(["reset", "--config", str(config), "alice", LAB, "--reason", "  "]) == 2
    assert "needs a reason" in capsys.readouterr().err


def test_announce_for_a_lab_with_an_expiry(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["announce", "--config", str(config)]
    assert main([*args, "Break until 10:15", "--lab", "lab-two", "--expires", "30"]) == 0
    assert "for lab-two, until" in capsys.readouterr().out
    assert main([*args, "Everyone: step 6 fixed"]) == 0
    assert main([*args, "x", "--lab", "nope"]) == 2
    assert "no lab 'nope'" in capsys.readouterr().err
    store = opened(config)
    try:
        now = time.time()
        assert [a.text for a in store.announcements(now, lab=LAB)] == ["Everyone: step 6 fixed"]
        lab_two = store.announcements(now, lab="lab-two")
        assert [a.text for a in lab_two] == ["Break until 10:15", "Everyone: step 6 fixed"]
        expires = lab_two[0].expires_at
        assert expires is not None and 29 * 60 < expires - now <= 30 * 60
        assert store.announcements(now + 31 * 60, lab="lab-two")[0].text.startswith("Everyone")
    finally:
        store.close()


def test_announce_withdraw_takes_an_announcement_back(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["announce", "--config", str(config)]
    assert main([*args, "Room 4 is closed", "--lab", "lab-two"]) == 0
    assert main([*args, "Lunch at noon"]) == 0
    capsys.readouterr()
    assert main([*args, "--withdraw", "1", "--actor", "cli:dana"]) == 0
    assert capsys.readouterr().out == "withdrew announcement 1 for lab-two\n"
    assert main([*args, "--withdraw", "1"]) == 2  # withdrawn already: nothing live by that seq
    assert "no live announcement 1" in capsys.readouterr().err
    assert main([*args, "--withdraw", "2", "again"]) == 2
    assert main([*args]) == 2
    assert "--withdraw SEQ" in capsys.readouterr().err
    store = opened(config)
    try:
        assert [a.text for a in store.announcements(time.time(), lab="lab-two")] == [
            "Lunch at noon"
        ]
        with store._engine.connect() as conn:  # kept, with who withdrew it
            row = conn.exec_driver_sql(
                "SELECT withdrawn_by, withdrawn_at FROM announcements WHERE seq = 1"
            ).one()
        assert row[0] == "cli:dana" and row[1] is not None
    finally:
        store.close()


def test_a_stored_time_past_datetimes_range_is_printed_not_raised() -> None:
    from grader.api.class_cmd import _iso

    assert _iso(0) == "1970-01-01T00:00:00Z"
    for bad in (300000000000.5, float("inf"), float("-inf"), float("nan")):
        assert _iso(bad).endswith("(not a time)")
