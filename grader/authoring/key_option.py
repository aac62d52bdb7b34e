"""`--attest-key FILE`: the node's public key, for an offline tool (replay, test-lab, regrade)."""

from __future__ import annotations

import sys
from typing import Any

from grader.labs import Lab
from grader.matching import read_key

KEY_OPTION_HELP = (
    "the node's attestation public key file (64 hex, as at /etc/labgrader/attest.pub): verify "
    "133;T markers and enforce the lab's attest.programs; without it attestation is not enforced"
)


def add_key_option(parser: Any) -> None:
    """`--attest-key FILE` for an offline tool (replay, test-lab)."""
    parser.add_argument("--attest-key", metavar="FILE", help=KEY_OPTION_HELP)


def key_from_option(path: str | None) -> bytes | None:
    """The key named by --attest-key (None when not given); SystemExit(2) with the reason."""
    if path is None:
        return None
    try:
        return read_key(path)
    except (OSError, ValueError) as exc:
        print(f"{path}: not a usable attestation key: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def not_enforced_note(lab: Lab, key: bytes | None) -> str | None:
    """The one line an offline tool prints when the lab has attested steps it cannot enforce."""
    if key is not None or not lab.attest_programs:
        return None
    return (
        f"attestation: not enforced for {lab.id} (no --attest-key): steps of "
        f"{', '.join(sorted(lab.attest_programs))} verify on the command line alone"
    )
