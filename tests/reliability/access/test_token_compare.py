"""Tokens are compared in constant time: through hmac.compare_digest, against every entry.

A timing test on a shared CI runner would be noise, so this reads the code that decides: the
AST of TokenTable.lookup must compare with hmac.compare_digest inside its loop over all
configured entries, with no way out of the loop (return, break, raise) before it ends, and it
compares fixed-length digests, never the presented string. The app must reach tokens only
through that lookup.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import textwrap

from grader.api import app as api_app
from grader.api.auth import TokenTable, token_digest
from reliability.access.conftest import ALICE, BOB, OPERATOR


def lookup_tree() -> ast.FunctionDef:
    tree = ast.parse(textwrap.dedent(inspect.getsource(TokenTable.lookup)))
    fn = tree.body[0]
    assert isinstance(fn, ast.FunctionDef)
    return fn


def is_compare_digest(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "compare_digest"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "hmac"
    )


def test_lookup_compares_with_compare_digest_over_every_entry_without_early_exit() -> None:
    fn = lookup_tree()
    loops = [n for n in ast.walk(fn) if isinstance(n, ast.For)]
    assert len(loops) == 1
    (loop,) = loops
    assert ast.unparse(loop.iter) == "self._entries"
    inside = list(ast.walk(loop))
    assert any(is_compare_digest(n) for n in inside)
    assert not any(isinstance(n, ast.Return | ast.Break | ast.Raise) for n in inside)
    # Short-circuit `and` must put compare_digest first, so it runs for every entry.
    for test in (n.test for n in inside if isinstance(n, ast.If)):
        if isinstance(test, ast.BoolOp):
            assert is_compare_digest(test.values[0]), ast.unparse(test)
    # Outside the loop: no other comparison of tokens (no ==, no `in` over a token collection).
    outside = [n for n in ast.walk(fn) if n not in set(inside)]
    assert not any(isinstance(n, ast.Compare) for n in outside), ast.unparse(fn)


def test_what_is_compared_is_a_fixed_length_digest() -> None:
    table = TokenTable(
        [OPERATOR, "x"], {"alice": ALICE, "bob": "sha256:" + token_digest(BOB).hex()}
    )
    entries = table._entries
    assert len(entries) == 4  # every configured token takes part in every lookup
    assert {len(digest) for digest, _ in entries} == {hashlib.sha256().digest_size}
    # The first and the last entry are both found: the loop does not stop at a match.
    assert table.lookup(OPERATOR).operator  # type: ignore[union-attr]
    assert table.lookup(BOB).learner == "bob"  # type: ignore[union-attr]
    assert table.lookup(OPERATOR + "\x00") is None


def test_the_app_reaches_tokens_only_through_the_table() -> None:
    source = inspect.getsource(api_app)
    assert "tokens.lookup(" in source
    # only into the table: where the app is made, and where a reload gives it new ones
    for name in ("operator_tokens", "learner_tokens"):
        lines = [ln for ln in source.splitlines() if name in ln]
        assert lines, name
        assert all("TokenTable(" in ln or "tokens.configure(" in ln for ln in lines), lines
