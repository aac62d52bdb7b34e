"""A learner who prints thousands of forged 133;T markers (his own nonce, any signature) inside one
command: each was a `forged_attestation` audit row, so ~230 bytes of his bytes stored a row, past
the per-kind bound the parser keeps on its own anomalies (ANOMALIES_PER_KIND). NodeIngest with a
node key, against the real parser, Attester and engine."""

from __future__ import annotations

import logging

from signing import NodeKey

from grader.capture.parser import ANOMALIES_PER_KIND
from grader.daemon.ingest import NodeIngest
from grader.protocol.frames import KIND_DATA, Frame

from .demo import LAB_ID, Shell, demo_lab


def forged(sh: Shell, i: int) -> bytes:
    return (
        b"\x1b]133;T;v=2;p=x;a=;e=;x=0;t0=1;t1=2;u=bob;host=h;pid=1;ppid=1;n=%d;k=%s;s=%s\x07"
        % (i, sh.nonce.encode(), b"00" * 64)
    )


def test_forged_attestations_are_audited_a_bounded_number_of_times(tmp_path, caplog) -> None:
    caplog.set_level(logging.CRITICAL)
    lab = demo_lab(tmp_path)
    ing = NodeIngest("node-1", {"bob": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda *_: None)
    key = NodeKey.from_seed(1).public
    ing.set_attestation(key, False)
    sh = Shell("20261201T080000-1-00000001")
    ing.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, sh.index_line("bob")), now=0.0)
    flood = b"".join(forged(sh, i) for i in range(3 * ANOMALIES_PER_KIND))
    data = sh.header() + sh.start("sleep 1") + flood + sh.prompt()
    data += sh.command("echo hello", "hello\r\n")
    ing.feed(Frame(KIND_DATA, f"bob/{sh.session}.ts", 0, data), now=1.0)
    # The first marker no key verifies asks the node for its key (it may have rotated); the
    # watcher reads it, the same key: the flood is forged, and asked about once, not per marker.
    assert ing.key_wanted
    ing.key_read(key)
    assert not ing.key_wanted
    batch, _ = ing.take_batch() or (None, None)
    assert batch is not None
    kinds = [a.kind for _, a in batch.anomalies]
    assert 1 <= kinds.count("forged_attestation") <= ANOMALIES_PER_KIND
    last = [a for _, a in batch.anomalies if a.kind == "forged_attestation"][-1]
    assert "not audited" in last.detail  # the last one audited says so
    assert [r.line for _, r in batch.records] == ["sleep 1", "echo hello"]  # grading went on


def test_a_signed_run_printed_again_in_its_command_is_kept_once(tmp_path) -> None:
    """A genuine 133;T is in the learner's file for him to copy: printed 500 times inside one
    command, each copy was kept on the record and stored (its attestations column, outside the
    node's storage budget): 1 MB of his bytes stored 1 MB. A run is signed once: kept once."""
    import time

    from grader.protocol import signed_run

    key = NodeKey.from_seed(1)
    lab = demo_lab(tmp_path)
    ing = NodeIngest("node-1", {"bob": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda *_: None)
    ing.set_attestation(key.public, False)
    sh = Shell("20261201T080000-1-00000001")
    ing.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, sh.index_line("bob")), now=0.0)
    now = time.time()
    att = signed_run.Attestation("echo", ("hi",), (), 0, now, now, "bob", "h", 1, 1, sh.nonce)
    other = att._replace(pid=2)
    once, twice = signed_run.marker(key.sign, att), signed_run.marker(key.sign, other)
    data = sh.header() + sh.start("echo hi") + (once + twice) * 250 + b"hi\r\n" + sh.prompt()
    ing.feed(Frame(KIND_DATA, f"bob/{sh.session}.ts", 0, data), now=1.0)
    batch, _ = ing.take_batch() or (None, None)
    assert batch is not None
    ((_, rec),) = batch.records
    assert len(rec.attestations) == 2
