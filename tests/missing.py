"""What a test does when a tool it needs is not on this machine: with CI=true (set by .ci/run) a
test error, never a skip, so a run that tested nothing cannot look green; elsewhere a skip whose
message says how to get the tool."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def missing(msg: str) -> NoReturn:
    if in_ci():
        pytest.fail(f"CI=true and {msg}", pytrace=False)
    pytest.skip(msg)
