"""The fault class's re-stamped recordings carry the signed runs a node would have written.

Why apart from the fault class: that class takes minutes and containers, and when its daemon's
progress differs from the replay it cannot say whether the faults or the copies are to blame.
This pins the copies alone, in a second: each recording's signed copy, checked with the key and
graded with attestation enforced, reaches exactly the progress of the plain replay with no
attestation anomaly, while the same copy without its markers verifies no attested step.
"""

from __future__ import annotations

import random
import re

import pytest
from e2e.harness import LAB_DIR, replay_bytes
from signing import NodeKey

from grader.capture.parser import SessionParser
from grader.labs.loader import load_lab
from grader.matching.attest import Attester, verify
from grader.matching.engine import LabGrader
from grader.protocol import signed_run

from .recordings import Recording, Session, Signer, load_recordings, restamp

LAB = load_lab(LAB_DIR)
NODE_KEY = NodeKey.from_seed(7)
KEY = NODE_KEY.public
SIGNER = Signer(NODE_KEY, "ml-node-07", "ana", LAB.attest_programs, dict(LAB.environment))
_T = re.compile(rb"\x1b\](133;T;[^\x07]*)\x07")
_OWN_D = rb"\x1b\]133;D;"


def _enforced(session: Session) -> tuple[dict[str, str], list[str]]:
    """Progress and anomaly kinds of one copy through parser, key check and enforcing engine."""
    grader = LabGrader(LAB, "ana", enforce_attestation=True)
    parser = SessionParser(session.session, session.nonce)
    grader.feed_all(
        Attester(KEY, session.records).events([*parser.feed(session.data), *parser.close()])
    )
    return {k: str(v.state) for k, v in grader.verdicts().items()}, [
        a.kind for a in grader.anomalies
    ]


def _attested_verified(progress: dict[str, str]) -> set[str]:
    return {k for k, v in progress.items() if v == "verified" and LAB.attested(LAB.step(k))}


@pytest.mark.parametrize("rec", load_recordings(), ids=lambda r: r.name)
def test_signed_copy_grades_as_the_plain_replay(rec: Recording) -> None:
    copy = restamp(rec, f"copy-{rec.name}", random.Random(7), SIGNER)
    progress, kinds = _enforced(copy)
    _, plain = replay_bytes(LAB, "ana", [(copy.session, copy.nonce, copy.data)])
    assert progress == plain
    assert not {"unattested", "forged_attestation", "replayed_attestation"} & set(kinds), kinds
    for body in _T.findall(copy.data):
        att = signed_run.parse(body)
        assert verify(KEY, body) and att is not None
        assert (att.nonce, att.user) == (copy.nonce, "ana")
    # every unit but the last ends right after one of the copy's own D markers
    own_end = re.compile(_OWN_D + rb"[^\x07]*k=" + copy.nonce.encode() + rb"\x07\Z")
    assert all(own_end.search(u) for u in copy.units[:-1])
    assert all(not _T.search(u[u.rfind(_OWN_D) :]) for u in copy.units[:-1])


def test_without_signed_runs_enforcement_refuses_the_attested_steps() -> None:
    """The markers are what verifies those steps: the same copies unsigned verify none."""
    signed, unsigned = set(), set()
    for rec in load_recordings():
        copy = restamp(rec, f"copy-{rec.name}", random.Random(7), SIGNER)
        bare = Session(copy.session, copy.nonce, (_T.sub(b"", copy.data),))
        mine = _attested_verified(_enforced(copy)[0])
        progress, kinds = _enforced(bare)
        signed |= mine
        unsigned |= _attested_verified(progress)
        # (a `lab answer` without its signed run is `unattested` too, verified or not)
        assert not mine or "unattested" in kinds, rec.name
    assert signed and not unsigned, (signed, unsigned)


def test_not_run_and_direct_paths_get_no_signed_run() -> None:
    """`./all_reduce_perf` (not found, 127) ran no wrapper: the node would sign nothing."""
    (rec,) = [r for r in load_recordings() if r.name == "typos-and-retries"]
    copy = restamp(rec, "copy", random.Random(7), SIGNER)
    args = [signed_run.parse(b).args for b in _T.findall(copy.data)]
    assert ("-b8M", "-e8M", "-g2") in args
    # -g 1, -b8M..., two `lab answer`s (signed by the node too), nvidia-smi -L, nvidia-smi topo -m
    assert len(args) == 6, args
