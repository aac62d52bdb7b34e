"""The session parser, one rule of docs/architecture.md "Parsing" per test, on bytes shaped like
bash's."""

from __future__ import annotations

import pytest

from grader.capture.events import (
    Anomaly,
    CommandEnded,
    CommandStarted,
    OutputLines,
    PromptWithoutCommand,
)
from grader.capture.excerpt import OUTPUT_KEEP_CHARS
from grader.capture.parser import MAX_MARKER_BYTES, SessionParser, SpoolParser
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.protocol import markers

from .parsing import kinds, merged, parse, records, split, streamed

NCCL_RUN = (
    "node1:5120:5120 [0] NCCL INFO Bootstrap: Using eth0:172.17.0.2<0>\n"
    "node1:5120:5120 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so.\n"
    "\n"
    "[2026-11-29 18:16:40] node1:5120:5120 [0] bootstrap.cc:126 (bootstrapNetInit) "
    "NCCL WARN Bootstrap : no socket interface found\n"
)


def session() -> Transcript:
    return Transcript().prompt()


def test_one_command_end_to_end() -> None:
    t = session().command("NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2", NCCL_RUN, exit=3)
    events = parse(bytes(t))
    assert kinds(events) == [
        "PromptWithoutCommand", "CommandStarted", "OutputLines", "CommandEnded",
    ]  # fmt: skip
    started = events[1]
    assert isinstance(started, CommandStarted)
    assert started.line == "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2"
    assert (started.aid, started.n, started.cwd, started.line_reliable) == (
        4242, 1, "/home/alice", True,
    )  # fmt: skip
    (rec,) = records(events)
    assert rec.exit == 3 and rec.pipestatus == (3,)
    assert rec.t0 is not None and rec.t1 is not None and rec.t1 > rec.t0
    assert rec.output.splitlines() == NCCL_RUN.splitlines()
    assert rec.output_chars == len(NCCL_RUN) - 1  # the lines joined; the last LF ends the output
    assert not rec.output_truncated and not rec.fullscreen


def test_prompt_and_typed_line_are_not_output() -> None:
    """`echo "NCCL WARN ..."` must not verify a step through the echo of what was typed."""
    t = session().command('echo "NCCL WARN fake"', "NCCL WARN fake\n").command("true")
    recs = records(parse(bytes(t)))
    assert [r.output for r in recs] == ["NCCL WARN fake", ""]
    assert all("alice@node1" not in r.output and "$ " not in r.output for r in recs)


def test_st_terminators_and_chunk_size_one() -> None:
    t = Transcript(terminator=markers.ST).prompt().command("ls", "a  b\n", exit=0)
    whole = merged(parse(bytes(t)))
    assert merged(parse(bytes(t), chunk=1)) == whole
    assert records(whole)[0].output == "a  b"


def test_progress_bar_renders_last_state() -> None:
    bar = "".join(f"\r[{'#' * i}{' ' * (10 - i)}] {i * 10}%" for i in range(11)) + "\ndone\n"
    t = session().command("./download", bar)
    events = parse(bytes(t), chunk=5)
    assert records(events)[0].output == "[##########] 100%\ndone"
    assert streamed(events, 1) == ["[##########] 100%", "done"]


def test_split_and_invalid_utf8() -> None:
    t = session().command("cat notes", "✓ café\n".encode() + b"bad \xff\xfe end\n")
    for chunk in (1, 2, 3, 7):
        assert records(parse(bytes(t), chunk=chunk))[0].output == "✓ café\nbad \ufffd\ufffd end"


def test_forged_marker_with_wrong_nonce_is_rejected() -> None:
    forged = markers.encode_d(0, 4242, 1, 2, "1.0", [0], "f" * 32)
    t = session().command("printf forged", b"before" + forged + b"after\n", exit=1)
    events = parse(bytes(t))
    bad = [ev for ev in events if isinstance(ev, Anomaly)]
    assert [a.kind for a in bad] == ["bad_nonce"]
    assert bad[0].offset == bytes(t).index(forged)
    (rec,) = records(events)
    assert rec.exit == 1 and rec.output == "beforeafter"  # the real D ended it, not the forgery


def test_given_nonce_rejects_everything_else() -> None:
    t = Transcript(nonce="a" * 32).prompt().command("true")
    events = parse(bytes(t), nonce=DEFAULT_NONCE)
    assert records(events) == []
    assert {ev.kind for ev in events if isinstance(ev, Anomaly)} == {"bad_nonce"}


def test_first_nonce_is_pinned_when_none_given() -> None:
    t = session().command("true")
    t2 = Transcript(nonce="b" * 32, header=False).command("evil")
    parser = SessionParser("s1")
    events = parser.feed(bytes(t)) + parser.feed(bytes(t2)) + parser.close()
    assert parser.nonce == DEFAULT_NONCE
    assert [r.line for r in records(events)] == ["true"]
    assert "bad_nonce" in kinds(events)


def test_cat_of_old_session_file_is_rejected_as_replay() -> None:
    old = session().command("echo secret", "secret\n", exit=0)
    old_bytes = bytes(old)
    t = old.command("cat old.ts", old_bytes, exit=0)
    events = parse(bytes(t))
    assert [r.line for r in records(events)] == ["echo secret", "cat old.ts"]
    assert kinds(events).count("replayed_marker") == 3  # the old D(n=0), C(n=1), D(n=1)
    cat = records(events)[1]
    assert cat.exit == 0 and "secret" in cat.output


def test_replay_between_prompts_is_rejected_too() -> None:
    """A background job replaying old markers after the prompt: no command may appear."""
    t = session().command("echo a", "a\n").command("echo b", "b\n")
    replay = bytes(Transcript(header=False).command("echo a", "a\n"))
    t.raw(replay).command("true")
    events = parse(bytes(t))
    assert [r.line for r in records(events)] == ["echo a", "echo b", "true"]
    assert "replayed_marker" in kinds(events)


def test_d_without_c_is_a_prompt_without_command() -> None:
    t = session().command("true").empty_enter()
    # a syntax error: the line enters history (HISTCMD advances) but never runs (no PS0)
    t.typed("if then").raw("bash: syntax error near unexpected token `then'\r\n")
    t.hist += 1
    t.prompt(exit=2)
    events = parse(bytes(t))
    prompts = [ev for ev in events if isinstance(ev, PromptWithoutCommand)]
    assert [(p.n, p.exit, p.not_executed) for p in prompts] == [
        (0, 0, False), (1, 0, False), (1, 2, True),
    ]  # fmt: skip
    assert [r.line for r in records(events)] == ["true"]


def test_c_with_unchanged_histcmd_is_unreliable() -> None:
    t = session().command("ls")
    t.typed(" ls -a").start(" ls -a", reliable=False).output("x\n").prompt()
    events = parse(bytes(t))
    assert [r.line_reliable for r in records(events)] == [True, False]
    starts = [ev for ev in events if isinstance(ev, CommandStarted)]
    assert [s.line_reliable for s in starts] == [True, False]


def test_the_first_untrustworthy_line_of_a_shell_is_an_anomaly_once() -> None:
    t = session().command("ls")
    for _ in range(3):  # history stopped advancing: every line from here is `history 1`'s old one
        t.typed(" ls -a").start(" ls -a", reliable=False).output("x\n").prompt()
    events = parse(bytes(t))
    found = [ev for ev in events if isinstance(ev, Anomaly) and ev.kind == "line_unreliable"]
    assert len(found) == 1
    assert "did not advance" in found[0].detail and found[0].extra["n"] == "2"
    assert [r.line_reliable for r in records(events)] == [True, False, False, False]


def test_a_start_without_history_number_or_command_line_is_not_trusted() -> None:
    nonce = DEFAULT_NONCE
    t = session()
    t.raw(markers.encode_e("ls", nonce)).raw(b"\x1b]133;C;aid=4242;n=1;t=1.5;k=" + nonce.encode())
    t.n = 1
    t.raw(markers.BEL).prompt()
    t.n = 2
    t.raw(markers.encode_c(4242, 2, 9, 2.5, nonce)).prompt()  # a C with no E before it
    events = parse(bytes(t))
    assert [r.line_reliable for r in records(events)] == [False, False]
    found = [ev for ev in events if isinstance(ev, Anomaly)]
    assert [a.kind for a in found] == ["line_unreliable"]  # once per shell, the first says why
    assert "no history number" in found[0].detail


def test_a_start_without_a_command_line_says_why() -> None:
    nonce = DEFAULT_NONCE
    t = session()
    t.n = 1
    t.raw(markers.encode_c(4242, 1, 9, 2.5, nonce)).prompt()
    (found,) = [ev for ev in parse(bytes(t)) if isinstance(ev, Anomaly)]
    assert found.kind == "line_unreliable" and "no 633;E" in found.detail


def test_a_shell_that_cannot_capture_says_so_and_is_reported_once() -> None:
    t = session()
    t.unsupported = "bash 4.2.45 has no PS0 (bash >= 4.4 needed)"
    t.prompt()
    # bash 4.2: a typed line runs with no E or C; precmd's D repeats n=0 with history advanced
    t.typed("ls").raw("a b\r\n")
    t.hist += 1
    t.prompt()
    events = parse(bytes(t))
    found = [ev for ev in events if isinstance(ev, Anomaly)]
    assert [a.kind for a in found] == ["shell_unsupported"]
    assert found[0].extra["reason"] == t.unsupported
    assert records(events) == []


def test_the_unsupported_field_round_trips_with_escapes() -> None:
    raw = markers.encode_a(7, "k1", unsupported="bash 4.2; no PS0\\")
    marker = markers.decode(raw[2:-1])
    assert marker == markers.PromptStart(7, "k1", "bash 4.2; no PS0\\")
    assert markers.decode(markers.encode_a(7, "k1")[2:-1]) == markers.PromptStart(7, "k1", None)


def test_c_without_d_at_eof_has_unknown_exit() -> None:
    t = session().command("true")
    t.typed("sleep 1000").start("sleep 1000").output("zzz\n")
    events = parse(bytes(t))
    assert isinstance(events[-1], CommandEnded)
    rec = events[-1].record
    assert (rec.line, rec.exit, rec.output, rec.t1) == ("sleep 1000", None, "zzz", None)


def test_footer_after_disconnect_is_not_output_and_not_the_exit() -> None:
    t = session().typed("tail -f log").start("tail -f log").output("line\n").footer(129)
    for chunk in (None, 1, 9):
        parser = SessionParser("s1")
        pieces = [bytes(t)] if chunk is None else split(bytes(t), chunk)
        events = [ev for p in pieces for ev in parser.feed(p)] + parser.close()
        rec = records(events)[-1]
        assert (rec.exit, rec.output) == (None, "line")
        assert streamed(events, 1) == ["line"]
        assert parser.shell_exit == 129


def test_footer_gives_the_exit_of_the_login_shells_own_exit() -> None:
    t = session().typed("exit 3").start("exit 3").raw("logout\r\n").footer(3)
    events = parse(bytes(t))
    rec = records(events)[-1]
    assert (rec.line, rec.exit, rec.output) == ("exit 3", 3, "logout")


def test_old_footer_without_exit_code_is_stripped() -> None:
    t = session().typed("exit").start("exit").output("partial").footer(None)
    parser = SessionParser("s1")
    events = parser.feed(bytes(t)) + parser.close()
    assert (records(events)[-1].exit, records(events)[-1].output) == (None, "partial")
    assert parser.shell_exit is None


def test_script_done_text_inside_output_is_kept() -> None:
    text = "x\n\nScript done on yesterday\nmore\n"
    t = session().command("cat notes", text)
    assert records(parse(bytes(t), chunk=3))[0].output == "x\n\nScript done on yesterday\nmore"


def test_fullscreen_program_is_flagged() -> None:
    t = session().command("vim x", b"\x1b[?1049h\x1b[H\x1b[2J~\r\n~\x1b[?1049l")
    t.command("ls", "x\n")
    assert [r.fullscreen for r in records(parse(bytes(t)))] == [True, False]


def test_noise_between_prompts_is_nobodys_output() -> None:
    t = session().command("sleep 1 &", "[1] 5150\n")
    # between D and the next C: job notices, a background job's output, the hooks' feedback
    t.raw("[1]+  Done                    sleep 1\r\n")
    t.raw("background chatter\r\n")
    t.raw("✓ 3/9 Read the exit code\r\n")
    t.command("echo $?", "0\n")
    recs = records(parse(bytes(t)))
    assert [r.output for r in recs] == ["[1] 5150", "0"]


def test_window_title_and_colors_inside_output_are_dropped() -> None:
    out = b"\x1b]0;title\x07\x1b[1;31merror\x1b[0m: \x1b]8;;file:///x\x1b\\x\x1b]8;;\x1b\\\r\n"
    t = session().command("make", out, exit=2)
    assert records(parse(bytes(t), chunk=4))[0].output == "error: x"


def test_oversized_osc_is_reported_and_rendered_as_output() -> None:
    blob = b"\x1b]133;E;" + b"a" * (MAX_MARKER_BYTES + 10)
    t = session().command("cat blob", blob + b"\r\n")
    parser = SessionParser("s1")
    events = []
    for piece in split(bytes(t), 4096):
        events += parser.feed(piece)
        assert len(parser._carry) <= MAX_MARKER_BYTES  # bounded while waiting for a terminator
    events += parser.close()
    assert "oversized_marker" in kinds(events)
    (rec,) = records(events)
    text = streamed(events, 1)  # cut into MAX_LINE_CHARS pieces, nothing lost
    assert "".join(text) == "133;E;" + "a" * (MAX_MARKER_BYTES + 10)
    assert rec.output_chars == len("\n".join(text))
    assert rec.output.startswith("133;E;aaa")


def test_malformed_and_aborted_markers_are_anomalies() -> None:
    t = session().command(
        "printf junk", b"\x1b]133;D;zero;aid=1;n=1;k=" + DEFAULT_NONCE.encode() + b"\x07"
        b"\x1b]133;C;aid=4242\x1b[0mok\r\n",
    )  # fmt: skip
    events = parse(bytes(t))
    assert kinds(events).count("malformed_marker") == 2
    assert records(events)[0].output == "ok"


def test_output_is_capped_on_the_record_but_streamed_whole() -> None:
    lines = [f"line {i:06d} " + "x" * 80 for i in range(2000)]
    t = session().command("seq", "\n".join(lines) + "\n")
    events = parse(bytes(t), chunk=65536)
    assert streamed(events, 1) == lines
    (rec,) = records(events)
    assert rec.output_truncated
    assert rec.output_chars == len("\n".join(lines))
    assert len(rec.output) < OUTPUT_KEEP_CHARS + 100
    assert rec.output.startswith(lines[0]) and rec.output.endswith(lines[-1])
    assert "characters omitted" in rec.output


def test_output_lines_come_in_batches_not_per_feed() -> None:
    t = session().command("seq 3", "1\n2\n3\n")
    parser = SessionParser("s1")
    events = parser.feed(bytes(t)) + parser.close()
    assert [ev.lines for ev in events if isinstance(ev, OutputLines)] == [("1", "2", "3")]
    parser = SessionParser("s1")
    silent = [parser.feed(p) for p in split(bytes(session().typed("x").start("x")), 3)]
    assert all(not isinstance(ev, OutputLines) for evs in silent for ev in evs)


def test_nested_shell_commands_nest() -> None:
    outer = session().typed("bash").start("bash")
    inner = Transcript(aid=5555, header=False).prompt().command("echo in", "in\n")
    outer.raw(bytes(inner)).typed("exit").raw(bytes(inner.typed("exit").start("exit")))
    outer.output("exit\n").prompt()
    events = parse(bytes(outer), chunk=11)
    recs = records(events)
    assert [(r.aid, r.line, r.exit) for r in recs] == [
        (5555, "echo in", 0), (5555, "exit", None), (4242, "bash", 0),
    ]  # fmt: skip
    assert recs[0].output == "in"


def test_spool_parser_routes_interleaved_sessions() -> None:
    a = bytes(session().command("echo a", "a\n"))
    b = bytes(Transcript(aid=7, nonce="c" * 32).prompt().command("echo b", "b\n"))
    spool = SpoolParser({"s-b": "c" * 32})
    events = []
    pieces_a, pieces_b = split(a, 13), split(b, 17)
    for i in range(max(len(pieces_a), len(pieces_b))):
        events += spool.feed("s-a", pieces_a[i] if i < len(pieces_a) else b"")
        events += spool.feed("s-b", pieces_b[i] if i < len(pieces_b) else b"")
    assert set(spool.sessions) == {"s-a", "s-b"}
    events += spool.close("s-a") + spool.close("s-b")
    assert sorted((r.session, r.output) for r in records(events)) == [("s-a", "a"), ("s-b", "b")]
    assert spool.sessions == ()


@pytest.mark.parametrize("data", [b"", b"\x1b", b"\x1b]", b"\x1b]133;C;aid=1", b"\x1b]633;E;x\x1b"])
def test_truncated_streams_close_cleanly(data: bytes) -> None:
    parser = SessionParser("s1")
    events = parser.feed(data) + parser.close()
    assert not records(events)
    assert parser.feed(b"more") == [] and parser.close() == []


def _marker_runs_session() -> bytes:
    """D P A and E C runs the one-match path reads, and runs it leaves to the per-marker path."""
    t = session()
    t.command("echo hi", "hi\n").command("false", exit=1, pipestatus=[1])
    t.empty_enter().command("echo again", "again\n", exit=0)
    forged = Transcript(nonce="f" * 32, header=False)
    forged.n, forged.hist = t.n, t.hist
    t.raw(bytes(forged.command("echo forged", "forged\n")))  # every nonce in the runs is foreign
    t.n -= 1  # a replayed C in a run: the run is read, _start reports it
    t.command("echo replayed", "x\n")
    t.typed("true").start("true")  # a prompt run whose A alone carries a foreign nonce
    t.raw(markers.encode_d(0, t.aid, t.n, t.hist, "1796321790.25", [0], DEFAULT_NONCE))
    t.raw(markers.encode_p(t.cwd) + markers.encode_a(t.aid, "e" * 32))
    inner = Transcript(aid=777, header=False, terminator=markers.ST).prompt()
    t.typed("bash").start("bash").raw(bytes(inner.command("ls", "a b\n")))
    t.raw(markers.encode_d(0, 777, 1, inner.hist, "1796321799,5", [0, 1], DEFAULT_NONCE))
    t.raw(bytes(inner.footer(None)))
    t.output("x\n").prompt().command("cd /tmp\\;x", "")
    return bytes(t)


@pytest.mark.parametrize("chunk", [None, 1, 7, 4096])
def test_marker_runs_read_at_once_equal_marker_by_marker(chunk: int | None) -> None:
    # Fed one byte at a time no run is ever whole in the buffer, so every marker takes the
    # per-marker path; whole, the runs take the one-match path. The events must not differ.
    data = _marker_runs_session()
    expected = merged(parse(data, chunk=1))
    assert merged(parse(data, chunk=chunk)) == expected
    assert {"bad_nonce", "replayed_marker", "CommandEnded"} <= set(kinds(expected))


@pytest.mark.parametrize("nonce", ["a;b", "back\\slash", "x" * 31 + "\x1b", "", "héllo", "\udcff"])
@pytest.mark.parametrize("given", [True, False])
def test_runs_with_any_nonce_equal_marker_by_marker(nonce: str, given: bool) -> None:
    # The one-match path holds the nonce as a literal; a nonce the hooks' grammar would escape
    # (or that ends the marker) must leave every run to the per-marker path, same events.
    t = Transcript(nonce=nonce).prompt()
    t.command("echo hi", "hi\n").command("false", exit=1).empty_enter().command("ls", "a\n")
    data = t.raw(bytes(Transcript(nonce=nonce + "z", header=False).prompt())).prompt()
    data = bytes(data)
    known = nonce if given else None
    expected = merged(parse(data, chunk=1, nonce=known))
    assert merged(parse(data, nonce=known)) == expected
    assert merged(parse(data, chunk=5, nonce=known)) == expected


@pytest.mark.parametrize("filler", ["x", "ab\x1b[K", "\r50% \x1b[K"])
def test_marker_after_an_escape_found_at_any_distance(filler: str) -> None:
    # After an escape that is not an OSC the parser looks for `ESC ]` in windows of
    # _ESC_WINDOW bytes; a marker straddling or just past a window's end must still be found.
    from grader.capture.parser import _ESC_WINDOW

    for pad in [
        *range(_ESC_WINDOW - 6, _ESC_WINDOW + 3),
        *range(2 * _ESC_WINDOW - 5, 2 * _ESC_WINDOW),
    ]:
        out = "\x1b[K" + (filler * pad)[:pad]  # the D marker starts 3 + pad bytes after ESC
        data = bytes(session().command("./fetch.sh", out).command("echo after", "after\n"))
        expected = merged(parse(data, chunk=1))
        assert merged(parse(data)) == expected
        assert merged(parse(data, chunk=_ESC_WINDOW - 1)) == expected
        recs = records(expected)
        assert [r.line for r in recs] == ["./fetch.sh", "echo after"]
        assert recs[1].output == "after"
