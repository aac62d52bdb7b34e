"""Which frames make a batch: only news (a moved restart point, records, verdicts, anomalies).

Echoed keystrokes arrive one frame per character while a learner types; none of them completes a
command, so none may cost a transaction. Real parser, engine and SQLite store.
"""

from __future__ import annotations

from grader.protocol.frames import KIND_DATA, Frame

from .demo import Shell, demo_lab
from .test_ingest import make_ingest, open_store

TS = "alice/s1.ts"


def _session_with_echo_hello(tmp_path):
    """A store, the demo lab, shell s1 announced to a fresh ingest, and s1's first command."""
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "s.db")
    sh = Shell("s1")
    data = sh.header() + sh.command("echo hello", "hello\r\n")
    ing = make_ingest(store, lab)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    return lab, store, sh, ing, data


def test_echoed_keystrokes_make_no_batch_until_the_command_ends(tmp_path):
    lab, store, sh, ing, done = _session_with_echo_hello(tmp_path)
    ing.feed(Frame(KIND_DATA, TS, 0, done))
    first, _ = ing.take_batch()
    store.ingest(first)
    resume = first.offsets[TS]

    pos = len(done)
    for ch in b"ls":  # typing at the prompt: the pty echoes each key as its own frame
        ing.feed(Frame(KIND_DATA, TS, pos, bytes([ch])))
        pos += 1
        assert not ing.has_ended()  # the daemon may coalesce these for its batch window
        assert ing.take_batch() is None
    rest = sh.start("ls")[2:] + b"a  b\r\n" + sh.prompt()  # "ls" itself was already echoed
    ing.feed(Frame(KIND_DATA, TS, pos, rest))
    assert ing.has_ended()  # a finished command: the daemon commits without waiting
    batch, ended = ing.take_batch()
    assert not ing.has_ended()
    assert [e.record.line for e in ended] == ["ls"]
    assert batch.offsets[TS] > resume
    store.ingest(batch)
    assert store.offsets("node-1") == {TS: batch.offsets[TS]}
    # A restarted ingest resumes after "ls", with nothing left over from the keystrokes.
    again = make_ingest(store, lab)
    assert again.start_offsets()[TS] == batch.offsets[TS]


def test_a_file_seen_first_past_its_stored_offset_still_records_progress(tmp_path):
    _lab, store, _sh, ing, data = _session_with_echo_hello(tmp_path)
    ing.feed(Frame(KIND_DATA, TS, 0, data[:10]))  # the header's first bytes: no D marker yet
    batch, _ = ing.take_batch()
    assert batch.offsets == {TS: 0}  # a new file's restart point is recorded once
    store.ingest(batch)
    ing.feed(Frame(KIND_DATA, TS, 10, data[10:12]))
    assert ing.take_batch() is None
