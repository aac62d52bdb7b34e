"""Roles at the auth level: configured and issued tokens, teaching assistants, revocation."""

from __future__ import annotations

import time

import pytest

from grader.api.auth import Principal, TokenTable
from grader.store import Store


def table(store: Store) -> TokenTable:
    return TokenTable(["op-secret"], {"alice": "alice-secret"}, store.token_for_digest)


def test_configured_tokens_keep_their_roles(store: Store) -> None:
    tokens = table(store)
    op = tokens.lookup("op-secret")
    assert op is not None and (op.role, op.operator, op.reads_class) == ("operator", True, True)
    alice = tokens.lookup("alice-secret")
    assert alice is not None
    assert (alice.role, alice.operator, alice.reads_class) == ("learner", False, False)
    assert alice.may_see("alice") and not alice.may_see("bob")
    assert tokens.lookup("") is None and tokens.lookup("nope") is None


@pytest.mark.parametrize(
    ("role", "learner", "operator", "reads_class"),
    [("operator", None, True, True), ("ta", None, False, True), ("learner", "bob", False, False)],
)
def test_an_issued_token_acts_as_its_role(
    store: Store, role: str, learner: str | None, operator: bool, reads_class: bool
) -> None:
    token_id, secret = store.issue_token(role, learner, "")
    found = table(store).lookup(secret)
    assert found is not None
    assert (found.role, found.learner, found.token_id) == (role, learner, token_id)
    assert (found.operator, found.reads_class) == (operator, reads_class)
    assert found.may_see("bob")
    assert found.may_see("alice") is reads_class


def test_a_revoked_token_stops_working_with_the_next_lookup(store: Store) -> None:
    tokens = table(store)  # one table, as the API keeps it for its lifetime
    token_id, secret = store.issue_token("ta", None, "")
    assert tokens.lookup(secret) is not None
    began = time.monotonic()
    assert store.revoke_token(token_id)
    assert tokens.lookup(secret) is None
    assert time.monotonic() - began < 1.0


def test_a_principal_is_operator_exactly_for_the_operator_role() -> None:
    assert Principal(operator=True).role == "operator"
    assert Principal(operator=False, learner="a").role == "learner"
    ta = Principal(operator=False, role="ta")
    assert ta.reads_class and not ta.operator and ta.may_see("anyone")
    with pytest.raises(ValueError):
        Principal(operator=True, role="ta")
    with pytest.raises(ValueError):
        Principal(operator=False, role="admin")
