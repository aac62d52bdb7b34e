"""The health report's `attestation` check, run on a fake node exactly as provisioning runs it
(ATTEST_PROBE_SCRIPT as root), and read by the grader's own verifier."""

from __future__ import annotations

from fakenode import FakeNode
from signing import NodeKey

from grader.provision.attestation import ATTEST_PROBE_SCRIPT, ATTEST_PROBE_TEXT, signing_verdict
from grader.provision.health import Check


def attestation_check(text: str) -> Check:
    """What health's `attestation` check says of the probe's output."""
    return Check("attestation", *signing_verdict(text))


def _probe(node: FakeNode) -> str:
    result = node.exec(["bash", "-c", ATTEST_PROBE_SCRIPT, "probe", ATTEST_PROBE_TEXT.decode()])
    assert result.exit_code == 0, result.text
    return result.text


def test_a_provisioned_node_signs_what_its_public_key_verifies(fake_node: FakeNode) -> None:
    check = attestation_check(_probe(fake_node))
    assert check.ok, check.detail
    assert check.name == "attestation" and check.detail.startswith("signs; public key ")


def test_a_loose_key_a_missing_run_account_or_a_foreign_signature_fail(
    fake_node: FakeNode,
) -> None:
    key = "/etc/labgrader/attest.key"
    assert fake_node.exec(["chmod", "0440", key]).exit_code == 0
    try:
        loose = attestation_check(_probe(fake_node))
    finally:
        fake_node.exec(["chmod", "0400", key])
    assert not loose.ok and "mode 440" in loose.detail
    good = _probe(fake_node)
    no_run = "\n".join(ln for ln in good.splitlines() if not ln.startswith("run="))
    assert "labgrader-run" in attestation_check(no_run).detail
    other = NodeKey.from_seed(9)
    foreign = "\n".join(
        f"pub={other.public.hex()}" if ln.startswith("pub=") else ln for ln in good.splitlines()
    )
    assert not attestation_check(foreign).ok  # signed by the node, not by that key
