"""A command's kept output records (grader/matching/attest.py `record_entry`) survive the store on
both databases: PostgreSQL refuses NUL in a JSONB document, and an entry held NULs (its tag, its
separator, and any NUL the program printed), so every attested command with an output record
failed its node's whole batch there, and the watcher retried it for ever."""

from __future__ import annotations

import dataclasses

from grader.matching.attest import payloads, record_entry, records_of
from grader.store import IngestBatch, Store
from store.batches import NODE, record

#: A program's output with every byte value, NUL first (what a signed run's record may hold).
DATA = bytes(range(256)) + b"\x00\x00tail"
NAME = "s1.4242.3.run"
PAYLOAD = "133;T;v=2;p=nccl;a=;e=;x=0;k=0123;s=ab"


def test_an_output_record_with_nuls_is_stored_and_read_back(store: Store) -> None:
    store.upsert_node(NODE, "127.0.0.1", 22, ["alice"])
    entry = record_entry(NAME, DATA)
    assert "\x00" not in entry  # what PostgreSQL's JSONB can hold
    rec = dataclasses.replace(record(1), attestations=(PAYLOAD, entry))
    store.ingest(IngestBatch(NODE, {"alice/s1.ts": 100}, [("alice", rec)]))
    (kept,) = store.command_records("alice")
    assert records_of(kept.attestations) == {NAME: DATA}
    assert payloads(kept.attestations) == [PAYLOAD]


def test_entries_kept_before_in_the_nul_form_still_read_back() -> None:
    """SQLite stores made before keep entries as `\\x00R<name>\\x00<latin-1 bytes>`."""
    old = "\x00R" + NAME + "\x00" + DATA.decode("latin-1")
    assert records_of((PAYLOAD, old)) == {NAME: DATA}
    assert payloads((PAYLOAD, old)) == [PAYLOAD]
