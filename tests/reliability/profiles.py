"""Hypothesis settings for the reliability suites: small in CI, large on demand.

CI (the default) keeps every fuzz test to a few seconds. `LABGRADER_THOROUGH=1` switches to the
"thorough" profile (thousands of examples per test; run it before a release or after touching a
parser) and makes the fault suite inject 50+ daemon kills instead of 20.

The profiles are applied per test through `FUZZ` (not loaded globally), so other suites keep
their own hypothesis settings.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

THOROUGH = os.environ.get("LABGRADER_THOROUGH", "") not in ("", "0")

# A parser that takes more than 2 s on a few KiB of input is hung for our purposes: the daemon
# feeds it from a live stream and a learner can type anything.
DEADLINE_MS = 2000

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=DEADLINE_MS,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,  # CI fails the same way twice; the thorough profile explores
)
settings.register_profile(
    "thorough",
    max_examples=3000,
    deadline=DEADLINE_MS,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FUZZ = settings.get_profile("thorough" if THOROUGH else "ci")
"""Decorator: `@FUZZ` above `@given(...)`."""
