"""The sans-I/O session parser: bytes of one session file in, command events out.

Fed the bytes `script -qf` wrote for one session (in any chunking), it finds our OSC 133/633 markers
(grader.protocol.markers), pairs each command's start (133;C) with its end (133;D), renders what was
printed between them (grader.capture.render) and returns events (grader.capture.events). It never
reads a file or a socket and never raises on any input: every problem becomes an `Anomaly` event.

Rules (docs/architecture.md "Parsing"):
- A carry buffer survives between feeds, so a marker, an escape or a UTF-8 character may be split
  anywhere. An OSC string that is not terminated within MAX_MARKER_BYTES is reported
  (`oversized_marker`) and rendered as output: buffering never grows without bound.
- Every marker field is bounded (grader/protocol/bounds.py: digit counts and ranges, times,
  list and string lengths); a marker with a field past its bound is `malformed_marker`, on the
  fast path (which leaves such a run to the per-marker path) as on the per-marker path. What a
  session makes the parser keep is bounded too: MAX_OPEN_COMMANDS, MAX_SHELLS,
  ANOMALIES_PER_KIND, so its work is linear in its input whatever the input.
- Nonce: markers must carry the session's nonce (`k=`, positional for 633;E). With no nonce given,
  the first marker's nonce is trusted and pinned. Others: `bad_nonce`, ignored. 633;P (cwd) carries
  no nonce in the grammar, so a forged cwd cannot be told apart; it is only metadata.
- A command is (aid, n): `n` must strictly increase per shell (`aid`), which rejects a `cat` of an
  old session file (`replayed_marker`). A D pairs with the open C of its aid with the same n.
- Output is only what was printed between C and D of a command, markers removed. What lands
  between a D and the next C (the prompt, `[1]+ Done`, background jobs' output, the hooks' own
  `✓ 3/9 ...` feedback lines) is nobody's output and is dropped.
- D without a C: PromptWithoutCommand (empty Enter, Ctrl-C at the prompt, a syntax error;
  `not_executed` when HISTCMD advanced). C whose HISTCMD did not advance: `line_reliable=False`.
- C without D at EOF (`close()`): the shell went away; the record ends with `exit=None`.
  util-linux `script` (>= 2.35) ends the file with
  `\\nScript done on <date> [COMMAND_EXIT_CODE="N"]\\n`.
  N is the *shell's* exit status, so it is the open command's status only when that command is the
  login shell's own `exit`/`logout` (the usual end of a session); it is exposed as `shell_exit` and
  the footer is never part of any command's output. Older versions omit the code, or the footer.
- Nested shells (a `bash` typed at the prompt, with its own hooks and aid) nest their commands
  inside the outer command: output goes to the innermost open command; when an outer command ends,
  inner ones still open end with `exit=None`.
- A shell introduces its aid with 133;A at its first prompt, before its first C (hooks.bash
  precmd). A C for an aid no A introduced is `unannounced_shell` (once per aid): a forged block
  for an invented shell. It is still parsed as a command (audited, not rejected: docs/SECURITY.md).

One parser per session file: sessions are independent streams with their own carry, nonce and
numbering, so several sessions at once are several parsers (see SpoolParser for a small router).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping

from grader.capture.events import (
    Anomaly,
    AttestationSeen,
    CommandStarted,
    Event,
    PromptWithoutCommand,
    new_command_ended,
    new_command_record,
    new_command_started,
    new_output_lines,
)
from grader.capture.excerpt import OUTPUT_KEEP_CHARS, OutputExcerpt, whole_excerpt
from grader.capture.render import LineRenderer, whole_plain_lines
from grader.protocol import bounds, markers

MAX_MARKER_BYTES = 256 * 1024
"""Longest OSC string buffered while waiting for its terminator.

Our longest marker is 633;E with the command line: a pasted heredoc can be tens of KiB and escaping
turns a byte into up to 4 (`\\xHH`), so 256 KiB holds a 64 KiB line at worst. It also bounds what a
stray or malicious unterminated `ESC ]` makes us hold.
"""

MAX_OPEN_COMMANDS = 64
"""Commands open at once in one session (each nested shell adds one to the stack).

An honest session nests a few shells; past this a new command (a C of a shell with no command
open) is refused with one `too_many_open_commands` anomaly per session. It also bounds every walk
of the stack (a C ends its shell's previous command, a D finds its command, each event flushes
the open commands' lines) to this many turns, so the parser's work stays linear in its input.
"""

MAX_SHELLS = 1024
"""Shells (aids) one session keeps numbering and audit state for.

An honest session starts a few nested shells; a `bash` typed in a loop a few hundred. Past this,
markers of shells not seen before are ignored with one `too_many_shells` anomaly per session: a
shell's state is never evicted, since forgetting its numbering would let a replay of its old
commands through.
"""

SHELL_STATE_BYTES = 192
"""What one admitted shell's numbering and audit state costs a parser, about (held_bytes):
a session of MAX_SHELLS shells held ~195 KiB (tracemalloc), so 5,000 such sessions of one
learner held ~1 GB until the daemon's per-learner budget counted them."""

ANOMALIES_PER_KIND = 100
"""Anomalies of one kind a session records one by one; past this they are counted, and one
`anomalies_suppressed` anomaly is recorded at the first suppressed one and at every
ANOMALY_SUMMARY_EVERY-th after it, so a flood of forged markers costs the audit log a handful of
rows. Counted per kind, so a flood of one kind hides no anomaly of another."""

ANOMALY_SUMMARY_EVERY = 10_000

FOOTER_TAIL_BYTES = 512
"""Last bytes of the stream kept to recognise script's footer at EOF (it is ~70 bytes)."""

_ESC, _BEL = markers.ESC, markers.BEL  # BEL ends an OSC; ESC is ST's first byte or aborts it
_OSC_START = re.compile(re.escape(markers.OSC))
_ESC_WINDOW = 4096
"""Bytes after an escape that is not an OSC searched for `ESC ]` by the regex's byte loop before
going back to memchr for ESC (SIMD, but a Python loop turn per ESC found): a progress bar's 51
`CSI K`s cost one search instead of 51 turns, and plain output after them is memchr'ed again."""
#: util-linux script's footer at the very end of a session file (the daemon closes sessions on it).
SCRIPT_FOOTER = re.compile(rb'\nScript done on [^\n]*?(?:\[COMMAND_EXIT_CODE="(\d{1,3})"\])?\n?\Z')
_FOOTER_LINE = "Script done on "
#: A command line that ends the login shell (`exit`, `logout`): the footer's exit code is its own.
SHELL_EXIT_LINE = re.compile(r"\s*(?:exit|logout)(?:\s+-?\d+)?\s*(?:#.*)?")

# The marker runs and their fast-path patterns are the grammar's (grader/protocol/markers.py).
_PROMPT_RUN, _START_RUN = markers.PROMPT_RUN, markers.START_RUN
_OURS, _D_OSC, _P_PREFIX = markers.OURS, markers.D_OSC, markers.P_PREFIX
_ATTEST, _ATTEST_NONCE = markers.ATTEST_PREFIX, markers.ATTEST_NONCE
_run_patterns = markers.run_patterns
# The fields' ranges (grader/protocol/bounds.py): the run patterns bound their digit counts.
_AID_MAX, _COUNT_MAX, _EXIT_MAX = bounds.AID_MAX, bounds.COUNT_MAX, bounds.EXIT_MAX
_T_MAX, _LINE_MAX, _CWD_MAX = bounds.T_MAX, bounds.LINE_MAX_BYTES, bounds.CWD_MAX_BYTES


PIPESTATUS_CACHE_BYTES = 64 * 1024
"""What the pipestatus cache, shared by every session of the process, may hold (sys.getsizeof
of its keys and values). A session repeats a handful of values (`0`, `1`, `0,0`); only values of
at most PIPESTATUS_CACHE_VALUE_BYTES are cached, and none once the cache is full."""
PIPESTATUS_CACHE_VALUE_BYTES = 32

_PIPESTATUS: dict[bytes, tuple[int, ...]] = {}
"""Pipestatus values of runs already read, each checked against EXIT_MAX."""
_pipestatus_bytes = 0


def _pipestatus(raw: bytes) -> tuple[int, ...] | None:
    """`ps=` of a run (digits and commas, as the pattern matched) as a tuple, cached; None if
    an entry is past EXIT_MAX."""
    global _pipestatus_bytes
    ps = tuple(map(int, raw.split(b",")))
    if max(ps) > _EXIT_MAX:
        return None
    if len(raw) <= PIPESTATUS_CACHE_VALUE_BYTES:
        size = sys.getsizeof(raw) + sys.getsizeof(ps)
        if _pipestatus_bytes + size <= PIPESTATUS_CACHE_BYTES:
            _PIPESTATUS[raw] = ps
            _pipestatus_bytes += size
    return ps


def pipestatus_cache_bytes() -> int:
    """What the pipestatus cache holds now, in bytes (at most PIPESTATUS_CACHE_BYTES)."""
    return _pipestatus_bytes


class _Running:
    """A command between its C and its D. Made by _running (no `__init__`: see there)."""

    __slots__ = ("aid", "excerpt", "held", "n", "pending", "renderer", "started")
    aid: int
    n: int
    started: CommandStarted
    renderer: LineRenderer | None  # built on the first output byte: many commands print nothing
    excerpt: OutputExcerpt | None  # built on the first line
    pending: list[str]  # rendered lines not yet emitted
    held: list[str]  # trailing lines that may be script's footer (see _flush)


def _running(started: CommandStarted) -> _Running:
    """The state of the command `started` starts.

    A function, not `_Running.__init__`: calling a class with a Python `__init__` goes through
    type_call and a nested interpreter frame, ~25 % more than this (measured), once per command.
    """
    running = _Running()
    running.aid, running.n, running.started = started.aid, started.n, started
    running.renderer = running.excerpt = None
    running.pending, running.held = [], []
    return running


def _out_of_bounds(aid: int, n: int, hist: int, t: float, line: bytes) -> bool:
    """An E C run's values past their ranges (the run pattern bounds their digit counts)."""
    return (
        aid > _AID_MAX or n > _COUNT_MAX or hist > _COUNT_MAX or t > _T_MAX
        or (len(line) > _LINE_MAX and len(markers.unescape_bytes(line)) > _LINE_MAX)
    )  # fmt: skip


def _why_unreliable(line: str | None, hist: int | None, prev_h: int | None) -> str:
    if line is None:
        return "no 633;E command line came before it"
    if hist is None:
        return (
            "it carries no history number (h=): history was off, filtered or split when the "
            "line was read"
        )
    return f"the history number did not advance (h={hist} again): `history 1` is an older line"


class SessionParser:
    """Parse one session's byte stream. `feed()` any chunks; `close()` at EOF."""

    def __init__(self, session: str, nonce: str | None = None) -> None:
        self.session = session
        self.nonce = nonce
        self.shell_exit: int | None = None  # from script's footer, known after close()
        self._carry = b""
        self._offset = 0  # stream offset of _carry[0]
        self._resume = 0  # bytes of a carried OSC already searched for a terminator
        self._held: list[bytes] = []  # chunks that only extend the carried OSC (see _hold)
        self._held_bytes = 0
        self._tail = b""
        self._stack: list[_Running] = []
        self._last_n: dict[int, int] = {}
        self._last_h: dict[int, int] = {}
        self._announced: set[int] = set()  # aids a 133;A introduced (or already audited)
        self._unsupported: set[int] = set()  # aids whose A said they cannot capture (reported)
        self._unreliable: set[int] = set()  # aids already reported for an untrustworthy line
        self._shells: set[int] = set()  # every aid above keeps state for (MAX_SHELLS)
        self._anomalies: dict[str, int] = {}  # anomalies per kind so far (ANOMALIES_PER_KIND)
        self._refused: set[str] = set()  # bounds already reported: too_many_shells, ..._commands
        self._cwd: str | None = None
        self._cwd_seen: tuple[bytes | None, str] = (None, "")  # a run's last cwd, raw and read
        self._line: str | None = None  # from 633;E, waiting for its 133;C
        self._events: list[Event] = []
        self._closed = False
        self._runs_for: str | None = None  # the nonce _runs were built for
        self._runs: tuple[re.Pattern[bytes], re.Pattern[bytes]] | None = None
        self._nonce_b = b""  # the nonce _runs were built for, encoded: each run's `k` is it
        self._restart = 0  # stream offset just after the last D with no command open

    # --- public API -----------------------------------------------------------------------------

    @property
    def restart_offset(self) -> int:
        """Where a new parser may take this stream over (an offset from its first byte).

        Just after the last 133;D marker read with no command open (0 before any): a parser
        started there with the same nonce, with the engine restored from a snapshot taken at
        that point, gives the events this one gives from there. The daemon stores it as the
        session's resume offset (docs/daemon.md "Exactly once").
        """
        return self._restart

    def footer_at_end(self) -> bool:
        """The bytes so far end with script's footer, whole (a sign the session ended)."""
        tail = self._tail
        return tail.endswith(b"\n") and SCRIPT_FOOTER.search(tail) is not None

    def exit_open(self) -> bool:
        """The innermost open command is the shell's own `exit`/`logout` (a sign it ended)."""
        stack = self._stack
        return bool(stack) and SHELL_EXIT_LINE.fullmatch(stack[-1].started.line) is not None

    def looks_ended(self) -> bool:
        """Both signs at once: the login shell ran `exit` and script wrote its footer."""
        return self.exit_open() and self.footer_at_end()

    def held_bytes(self) -> int:
        """What this parser holds beyond its fixed state, in bytes and characters: a carried
        OSC and the chunks held for it, its shells' state (SHELL_STATE_BYTES each), and per
        open command its unterminated line, lines waiting for the next feed and output excerpt.
        The daemon's per-learner memory budget adds these up (grader/daemon/ingest.py,
        LEARNER_HOLDS_MAX_BYTES); O(open commands)."""
        held = len(self._carry) + self._held_bytes + len(self._shells) * SHELL_STATE_BYTES
        for running in self._stack:
            if running.renderer is not None:
                held += running.renderer.held_chars
            if running.excerpt is not None:
                held += running.excerpt.held_chars
            if running.held:
                held += sum(map(len, running.held))
        return held

    def compact(self) -> None:
        """Let go of what an idle session need not hold: the open commands' output excerpts
        keep only the lines their text can still show (OutputExcerpt.compact). Events and
        records are the same as without it."""
        for running in self._stack:
            if running.excerpt is not None:
                running.excerpt.compact()

    def feed(self, data: bytes) -> list[Event]:
        """Consume the next bytes of the stream; return the events they completed."""
        if self._closed or not data:
            return []
        data = bytes(data)  # a bytearray or memoryview from a reader works too
        self._tail = (self._tail + data[-FOOTER_TAIL_BYTES:])[-FOOTER_TAIL_BYTES:]
        if self._resume and self._hold(data):
            return []
        buf = self._carry + data if self._carry else data
        base, pos, size = self._offset, 0, len(buf)
        carry_from = size
        while True:
            # memchr for ESC beats searching for the two bytes `ESC ]` (measured ~100x on plain
            # text in CPython 3.11), and output without escapes is the common case.
            # Between commands (the prompt: colours, a title) the regex skips CSI sequences in C.
            if self._stack:
                i = buf.find(_ESC, pos)
                while 0 <= i < size - 1 and buf[i + 1] != 0x5D:  # "]"
                    # Another escape (a colour, a progress bar's EL): escapes come in bunches,
                    # so look for `ESC ]` with the regex's C loop for a while instead of a
                    # Python loop turn per ESC. The search sees no `ESC ]` that straddles the
                    # window's end (or an ESC last in the buffer): memchr again from there.
                    window = min(i + _ESC_WINDOW, size)
                    found = _OSC_START.search(buf, i + 1, window)
                    i = found.start() if found else buf.find(_ESC, window - 1)
            else:
                found = _OSC_START.search(buf, pos)
                i = found.start() if found else (size - 1 if buf.endswith(_ESC) else -1)
            if i < 0 or i == size - 1:  # no OSC start; a last ESC may begin one: carry it
                carry_from = size if i < 0 else i
                self._output(buf, pos, carry_from)
                break
            kind = buf[i + 2 : i + 7]
            if kind == _PROMPT_RUN:  # renders the output before it itself when it is a run
                run = self._prompt_run(buf, i, base, pos)
                if not run and self._stack and pos < i:
                    self._output(buf, pos, i)
            else:
                if self._stack and pos < i:
                    self._output(buf, pos, i)
                run = self._start_run(buf, i, base) if kind == _START_RUN else 0
            if run:
                self._resume = 0
                pos = run
                continue
            limit = min(size, i + MAX_MARKER_BYTES)
            start = max(i + 2, self._resume) if i == 0 else i + 2
            self._resume = 0
            bel = buf.find(_BEL, start, limit)
            esc = buf.find(_ESC, start, bel if bel >= 0 else limit)
            if esc >= 0:
                if esc == size - 1:  # ESC last: ST or an abort? wait for the next byte
                    carry_from, self._resume = i, size - i - 1
                    break
                if buf[esc + 1] != 0x5C:  # not ST: ESC aborts the OSC and starts a new escape
                    self._aborted(buf[i + 2 : esc], base + i)
                    pos = esc
                    continue
                pos = esc + 2
                if buf.startswith(_OURS, i):  # else a title, a hyperlink: dropped like any escape
                    self._marker(buf[i + 2 : esc], base + i)
                    if not self._stack and buf.startswith(_D_OSC, i):
                        self._restart = base + pos
            elif bel >= 0:
                pos = bel + 1
                if buf.startswith(_OURS, i):
                    self._marker(buf[i + 2 : bel], base + i)
                    if not self._stack and buf.startswith(_D_OSC, i):
                        self._restart = base + pos
            elif size - i >= MAX_MARKER_BYTES:
                self._emit(
                    Anomaly(
                        self.session,
                        "oversized_marker",
                        f"no OSC terminator within {MAX_MARKER_BYTES} bytes",
                        base + i,
                    )
                )
                self._output(buf, i, i + 2)
                pos = i + 2
            else:
                carry_from, self._resume = i, size - i - 1
                break
        self._carry = buf[carry_from:]
        self._offset = base + carry_from
        self._flush()
        return self._take()

    def close(self) -> list[Event]:
        """End of stream: end open commands (exit unknown) and return the last events."""
        if self._closed:
            return []
        self._join_held()
        if self._carry:
            if self._carry.startswith((b"\x1b]133;", b"\x1b]633;")):
                self._emit(
                    Anomaly(
                        self.session,
                        "malformed_marker",
                        "unterminated marker at end of stream",
                        self._offset,
                    )
                )
            self._output(self._carry, 0, len(self._carry))
            self._carry = b""
        footer = SCRIPT_FOOTER.search(self._tail)
        if footer is not None and footer.group(1) is not None:
            code = int(footer.group(1))  # at most 3 digits
            self.shell_exit = code if code <= _EXIT_MAX else None
        strip_footer = footer is not None  # the footer can only be in the innermost output
        while self._stack:
            top = self._stack[-1]
            exit_: int | None = None
            if (
                len(self._stack) == 1
                and self.shell_exit is not None
                and SHELL_EXIT_LINE.fullmatch(top.started.line)
            ):
                exit_ = self.shell_exit
            self._end(top, exit_, (), None, strip_footer=strip_footer)
            strip_footer = False
        self._closed = True
        return self._take()

    # --- bytes ----------------------------------------------------------------------------------

    def _hold(self, data: bytes) -> bool:
        """Set `data` aside when all it does is extend the carried, unterminated OSC.

        Why: joining the carry with each chunk copies the carry once per chunk, and a learner
        who writes an unterminated marker a few bytes at a time makes the daemon feed many tiny
        chunks (a 256 KiB carry fed byte by byte: 256 K copies of up to 256 KiB). A chunk with
        no BEL and no ESC, after a carry that does not end with ESC, ends nothing (the feed
        loop would only carry it too), so it waits in a list until a chunk that may end the
        OSC, or the carry would reach MAX_MARKER_BYTES; then the pieces are joined once.
        """
        held = self._held_bytes + len(data)
        if (
            0x07 in data
            or 0x1B in data
            or self._carry[-1] == 0x1B
            or len(self._carry) + held >= MAX_MARKER_BYTES
        ):
            self._join_held()
            return False
        self._held.append(data)
        self._held_bytes = held
        return True

    def _join_held(self) -> None:
        """The held chunks back into the carry, searched to its end for a terminator."""
        if self._held:
            self._carry = b"".join((self._carry, *self._held))
            self._resume = len(self._carry) - 1
            self._held, self._held_bytes = [], 0

    def _output(self, buf: bytes, start: int, end: int) -> None:
        """Bytes outside markers: the innermost running command's output, or nobody's."""
        if start < end and self._stack:
            top = self._stack[-1]
            if top.renderer is None:
                top.renderer = LineRenderer()
            lines = top.renderer.feed(buf[start:end])
            if lines:
                if top.pending:
                    top.pending.extend(lines)
                else:  # the renderer's list is new and nobody else's: no copy
                    top.pending = lines

    def _aborted(self, payload: bytes, offset: int) -> None:
        if payload.startswith((b"133;", b"633;")):
            self._emit(
                Anomaly(
                    self.session,
                    "malformed_marker",
                    "marker aborted by ESC before its terminator",
                    offset,
                )
            )

    # --- markers --------------------------------------------------------------------------------

    def _prompt_run(self, buf: bytes, i: int, base: int, out: int) -> int:
        """Read a D P A run at `i` in one match (see markers.run_patterns); return its end, or 0.

        Only when every nonce in it is the session's, so the events are those of the per-marker
        path: the nonce checks pass, P and A change nothing else. It renders the output before
        it, buf[out:i] while a command runs, itself (0: nothing done, nothing rendered): when
        the D ends the innermost command and that printed nothing before, buf[out:i] is all of
        its output and usually needs no renderer (_end_whole). When no command runs after the
        D and the match went on to the next command's E C run, that run is read too: what lies
        between (the prompt, the typed line) is nobody's output, and the feed loop would go
        straight from this run to that one.
        """
        runs = self._runs if self._runs_for is self.nonce else self._load_runs()
        if runs is None:
            return 0
        m = runs[0].match(buf, i)
        if m is None or m.end() - i >= MAX_MARKER_BYTES:
            return 0
        (exit_s, aid_s, n_s, hist_s, t_s, ps_s, k_s, cwd_s, shell_s,
         _, line_s, _, c_aid_s, c_n_s, c_hist_s, c_t_s) = m.groups()  # fmt: skip
        if k_s != self._nonce_b:  # a foreign nonce: the per-marker path says so
            return 0
        aid, n, hist, exit_ = int(aid_s), int(n_s), int(hist_s), int(exit_s)
        t = float(t_s.replace(b",", b"."))
        ps = _PIPESTATUS.get(ps_s) or _pipestatus(ps_s)
        shell = aid if shell_s == aid_s else int(shell_s)  # the A's aid: the same shell's
        shells = self._shells
        if (
            ps is None or aid > _AID_MAX or n > _COUNT_MAX or hist > _COUNT_MAX
            or exit_ > _EXIT_MAX or t > _T_MAX or shell > _AID_MAX
            or (len(cwd_s) > _CWD_MAX and len(markers.unescape_bytes(cwd_s)) > _CWD_MAX)
            or (len(shells) >= MAX_SHELLS - 1 and (aid not in shells or shell not in shells))
        ):  # fmt: skip
            # A value past its bound (or a new shell past MAX_SHELLS): the per-marker path
            # reads the run marker by marker and says which one it refuses.
            return 0
        stack = self._stack
        top = stack[-1] if stack else None
        if top is not None and top.aid == aid and top.n == n:
            # The common case, _prompt_end's first turn: the D ends the innermost command.
            self._line = None
            if top.renderer is not None or not self._end_whole(top, buf, out, i, exit_, ps, t):
                if out < i:
                    self._output(buf, out, i)
                self._end(top, exit_, ps, t)
            self._last_h[aid] = hist
        else:
            if stack and out < i:
                self._output(buf, out, i)
            self._prompt_end(exit_, aid, n, hist, t, ps, base + i)
        if not stack:  # the D ends where the run's P begins
            self._restart = base + m.start(8) - _P_PREFIX
        cwd = self._cwd_seen  # the cwd rarely changes: unescape it only when its bytes do
        if cwd_s != cwd[0]:
            cwd = self._cwd_seen = (cwd_s, markers.unescape(cwd_s))
        self._cwd = cwd[1]
        shells.add(shell)  # room was checked above
        self._announced.add(shell)
        if line_s is None or self._stack or 0x07 in line_s or 0x1B in line_s:
            # No E C run after it, or the text between is output, or the line holds what would
            # end the E (see _LINE): the feed loop goes on from the end of the prompt run.
            return m.end(10)
        t = float(c_t_s.replace(b",", b"."))
        c_aid = aid if c_aid_s == aid_s else int(c_aid_s)  # the same shell: no second int()
        c_n, c_hist = int(c_n_s), int(c_hist_s)
        if _out_of_bounds(c_aid, c_n, c_hist, t, line_s):
            return m.end(10)  # the feed loop reads the E C run (and refuses it) on its own
        self._start(c_aid, c_n, c_hist, t, markers.unescape(line_s), base + m.start(12))
        return m.end()

    def _start_run(self, buf: bytes, i: int, base: int) -> int:
        """Read an E C run at `i` in one match (see markers.run_patterns); return its end, or 0."""
        runs = self._runs if self._runs_for is self.nonce else self._load_runs()
        if runs is None:
            return 0
        m = runs[1].match(buf, i)
        if m is None or m.end() - i >= MAX_MARKER_BYTES:
            return 0
        line_s, k_s, _, aid_s, n_s, hist_s, t_s = m.groups()
        if k_s != self._nonce_b:  # a foreign nonce: the per-marker path says so
            return 0
        if 0x07 in line_s or 0x1B in line_s:  # see _LINE: the per-marker path ends the E there
            return 0
        aid, n, hist, t = int(aid_s), int(n_s), int(hist_s), float(t_s.replace(b",", b"."))
        if _out_of_bounds(aid, n, hist, t, line_s):
            return 0  # the per-marker path says which field it refuses
        self._line = None  # the E's line goes to this C directly
        self._start(aid, n, hist, t, markers.unescape(line_s), base + m.start(3))
        return m.end()

    def _load_runs(self) -> tuple[re.Pattern[bytes], re.Pattern[bytes]] | None:
        """The run patterns of the session nonce; None until it is known (or not encodable)."""
        self._runs_for = self.nonce
        try:
            self._nonce_b = b"" if self.nonce is None else self.nonce.encode()
        except UnicodeEncodeError:
            self._nonce_b = b""
        self._runs = _run_patterns(self._nonce_b) if self._nonce_b else None
        return self._runs

    def _marker(self, payload: bytes, offset: int) -> None:
        if payload[3:4] != b";" or payload[:3] not in (b"133", b"633"):
            return  # not ours (window title, hyperlink): dropped like any escape
        try:
            marker = markers.decode(payload)
        except (markers.MarkerError, ValueError) as exc:
            self._emit(
                Anomaly(
                    self.session,
                    "malformed_marker",
                    str(exc),
                    offset,
                    {"payload": markers.text(payload[:200])},
                )
            )
            return
        if marker is None:
            if payload.startswith(_ATTEST):
                self._attestation(payload, offset)
            return  # a 133/633 letter or property we do not use
        if isinstance(marker, markers.Cwd):
            self._cwd = marker.cwd
            return
        if not self._nonce_ok(marker.nonce, offset):
            return
        if isinstance(marker, markers.CommandLine):
            self._line = marker.line
        elif isinstance(marker, markers.CommandStart):
            line, self._line = self._line, None
            self._start(marker.aid, marker.n, marker.hist, marker.t, line, offset)
        elif isinstance(marker, markers.PromptEnd):
            end = marker
            self._prompt_end(end.exit, end.aid, end.n, end.hist, end.t, end.pipestatus, offset)
        else:  # PromptStart: this shell is now known
            if not self._admit(marker.aid, offset):
                return
            self._announced.add(marker.aid)
            if marker.unsupported is not None and marker.aid not in self._unsupported:
                self._unsupported.add(marker.aid)
                self._emit(
                    Anomaly(
                        self.session,
                        "shell_unsupported",
                        f"aid={marker.aid}: {marker.unsupported}",
                        offset,
                        {"aid": str(marker.aid), "reason": marker.unsupported},
                    )
                )

    def _attestation(self, payload: bytes, offset: int) -> None:
        """A node-signed 133;T (attest_run.py): an event for the innermost open command.

        Reached only from the per-marker path, after decode() found no marker of ours, so
        sessions without T pay nothing. Outside any command it belongs to nothing: dropped.
        The nonce must be the session's (pinned by then: a command is open), like any marker.
        """
        if not self._stack:
            return
        m = _ATTEST_NONCE.search(payload)
        raw = m.group(1) if m is not None else None
        if raw is not None and len(raw) > bounds.NONCE_MAX_BYTES:
            self._emit(
                Anomaly(
                    self.session,
                    "malformed_marker",
                    f"k= longer than {bounds.NONCE_MAX_BYTES} bytes",
                    offset,
                    {"payload": markers.text(payload[:200])},
                )
            )
            return
        nonce = markers.unescape(raw) if raw is not None else None
        if self.nonce is None or not self._nonce_ok(nonce, offset):
            return
        top = self._stack[-1]
        self._emit(AttestationSeen(self.session, top.aid, top.n, payload, offset))

    def _nonce_ok(self, nonce: str | None, offset: int) -> bool:
        if nonce is not None and self.nonce is None:
            self.nonce = nonce  # trust on first use: the first marker is the hooks' own
            return True
        if nonce is not None and nonce == self.nonce:
            return True
        self._emit(
            Anomaly(
                self.session,
                "bad_nonce",
                "marker without the session nonce"
                if nonce is None
                else "marker with another session's nonce",
                offset,
                {"nonce": nonce or ""},
            )
        )
        return False

    def _admit(self, aid: int, offset: int) -> bool:
        """Keep state for shell `aid` from now on, if MAX_SHELLS allows (else one anomaly)."""
        if aid in self._shells:
            return True
        if len(self._shells) < MAX_SHELLS:
            self._shells.add(aid)
            return True
        self._refuse(
            "too_many_shells",
            f"{MAX_SHELLS} shells already seen: markers of aid={aid} and any further new shell "
            "are ignored",
            offset,
        )
        return False

    def _refuse(self, kind: str, detail: str, offset: int) -> None:
        """A session bound was hit: one anomaly of `kind` per session."""
        if kind not in self._refused:
            self._refused.add(kind)
            self._emit(Anomaly(self.session, kind, detail, offset))

    def _replayed(self, what: str, aid: int, n: int, offset: int) -> None:
        last = self._last_n.get(aid)
        self._emit(
            Anomaly(
                self.session,
                "replayed_marker",
                f"{what} n={n} for aid={aid} after n={last}",
                offset,
                {"aid": str(aid), "n": str(n)},
            )
        )

    def _start(
        self, aid: int, n: int, hist: int | None, t: float | None, line: str | None, offset: int
    ) -> None:
        """A C (133;C) of shell `aid`, command `n`; `line` is its E's, if one came before it."""
        if aid not in self._shells and not self._admit(aid, offset):
            return
        last = self._last_n.get(aid)
        if last is not None and n <= last:
            self._replayed("133;C", aid, n, offset)
            return
        stack = self._stack
        if len(stack) >= MAX_OPEN_COMMANDS and all(running.aid != aid for running in stack):
            self._refuse(
                "too_many_open_commands",
                f"{MAX_OPEN_COMMANDS} commands already open: 133;C n={n} for aid={aid} and any "
                "further command of a shell with none open are not parsed",
                offset,
            )
            return
        if aid not in self._announced:
            self._announced.add(aid)
            self._emit(
                Anomaly(
                    self.session,
                    "unannounced_shell",
                    f"133;C n={n} for aid={aid}, which no 133;A introduced",
                    offset,
                    {"aid": str(aid), "n": str(n)},
                )
            )
        # The same shell starting again means its previous command's D never came.
        for running in reversed(stack) if stack else ():
            if running.aid == aid:
                self._end_above(running)
                self._end(running, None, (), None)
                break
        prev_h = self._last_h.get(aid)
        # The line is `history 1` in PS0: it is this command's only if history advanced.
        reliable = line is not None and hist is not None and hist != prev_h
        self._last_n[aid] = n
        if hist is not None:
            self._last_h[aid] = hist
        if not reliable and aid not in self._unreliable:
            self._unreliable.add(aid)
            self._emit(
                Anomaly(
                    self.session,
                    "line_unreliable",
                    f"133;C n={n} for aid={aid}: {_why_unreliable(line, hist, prev_h)}; "
                    "this shell's command lines are not graded while this lasts",
                    offset,
                    {"aid": str(aid), "n": str(n)},
                )
            )
        cwd = self._cwd
        started = new_command_started(self.session, aid, n, line or "", t, cwd, hist, reliable)
        if stack:  # _emit: output printed before the marker comes before its event
            self._flush()
        self._events.append(started)
        stack.append(_running(started))

    def _prompt_end(
        self,
        exit_: int,
        aid: int,
        n: int,
        hist: int | None,
        t: float | None,
        pipestatus: tuple[int, ...],
        offset: int,
    ) -> None:
        """A D (133;D) of shell `aid`: ends its command `n`, or is a prompt without command."""
        self._line = None
        for running in reversed(self._stack):
            if running.aid != aid:
                continue
            if n < running.n:
                self._replayed("133;D", aid, n, offset)
            elif n > running.n:
                self._emit(
                    Anomaly(
                        self.session,
                        "unpaired_end",
                        f"133;D n={n} while n={running.n} runs (aid={aid})",
                        offset,
                        {"aid": str(aid), "n": str(n)},
                    )
                )
            else:
                if self._stack[-1] is not running:
                    self._end_above(running)
                self._end(running, exit_, pipestatus, t)
                if hist is not None:
                    self._last_h[aid] = hist
            return
        if aid not in self._shells and not self._admit(aid, offset):
            return
        last = self._last_n.get(aid)
        if last is not None and n < last:
            self._replayed("133;D", aid, n, offset)
            return
        prev_h = self._last_h.get(aid)
        advanced = hist is not None and prev_h is not None and hist > prev_h
        self._emit(PromptWithoutCommand(self.session, aid, n, exit_, advanced))
        self._last_n[aid] = n
        if hist is not None:
            self._last_h[aid] = hist

    # --- commands and their output --------------------------------------------------------------

    def _end_above(self, running: _Running) -> None:
        """End (exit unknown) the commands of inner shells still open above `running`."""
        while self._stack[-1] is not running:
            self._end(self._stack[-1], None, (), None)

    def _end(
        self,
        running: _Running,
        exit_: int | None,
        pipestatus: tuple[int, ...],
        t1: float | None,
        strip_footer: bool = False,
    ) -> None:
        self._flush()
        self._stack.remove(running)
        renderer = running.renderer
        if renderer is not None:  # else the command printed nothing: no lines, held or pending
            lines = running.held + running.pending + renderer.flush()
            if strip_footer and lines and lines[-1].startswith(_FOOTER_LINE):
                lines.pop()
                if lines and lines[-1] == "":
                    lines.pop()
            self._lines_event(running, lines)
        out = running.excerpt
        started = running.started
        record = new_command_record(
            self.session,
            running.aid,
            running.n,
            started.line,
            exit_,
            pipestatus,
            started.cwd,
            started.t0,
            t1,
            "" if out is None else out.text(),  # output
            0 if out is None else max(out.chars - 1, 0),  # output_chars
            out is not None and out.truncated,  # output_truncated
            renderer is not None and renderer.fullscreen,  # fullscreen
            started.line_reliable,
            (),  # attestations: verified downstream, where the node's key is (matching.attest)
        )
        self._events.append(new_command_ended(record))

    def _end_whole(
        self,
        top: _Running,
        buf: bytes,
        out: int,
        i: int,
        exit_: int,
        pipestatus: tuple[int, ...],
        t1: float,
    ) -> bool:
        """End the innermost command, which printed buf[out:i] (if out < i) and nothing before.

        Why: most commands print their whole output between their C and D in one feed. Then,
        when whole_plain_lines reads it and its last line is one _flush emits at once (neither
        empty nor a `Script done on` line, which it holds back as a possible footer), the
        events are what the renderer path gives (one OutputLines, then the record) without a
        LineRenderer, an OutputExcerpt and their calls. Else False, and nothing was done.
        Nothing else is pending: only the innermost command has lines to flush (a C flushes
        before it pushes), and this one has none.
        """
        rendered = None
        if out < i:
            rendered = whole_plain_lines(buf[out:i])
            if rendered is None:
                return False
            last = rendered[0][-1]  # never empty: the output ends with CR LF
            if last == "" or last.startswith(_FOOTER_LINE):
                return False
        self._stack.pop()
        session, started = self.session, top.started
        joined = ""
        if rendered is not None:
            lines, joined = rendered
            self._events.append(new_output_lines(session, top.aid, top.n, tuple(lines)))
        record = new_command_record(
            session, top.aid, top.n, started.line, exit_, pipestatus, started.cwd, started.t0,
            t1, whole_excerpt(joined), len(joined), len(joined) > OUTPUT_KEEP_CHARS, False,
            started.line_reliable, (),
        )  # fmt: skip
        self._events.append(new_command_ended(record))
        return True

    def _lines_event(self, running: _Running, lines: list[str]) -> None:
        if lines:
            if running.excerpt is None:
                running.excerpt = OutputExcerpt()
            running.excerpt.add(lines)
            self._events.append(
                new_output_lines(self.session, running.aid, running.n, tuple(lines))
            )

    def _flush(self) -> None:
        """Emit the complete lines of running commands, holding back a possible footer.

        script's footer is `\\n` + `Script done on ...` + `\\n`; until more output follows, a
        trailing empty line and a trailing `Script done on` line might be it, so they wait.
        """
        for running in self._stack:
            if not running.pending:
                continue
            lines = running.held + running.pending if running.held else running.pending
            running.pending = []
            keep = 0
            if lines[-1].startswith(_FOOTER_LINE):
                keep = 2 if len(lines) > 1 and lines[-2] == "" else 1
            elif lines[-1] == "":
                keep = 1
            running.held = lines[len(lines) - keep :] if keep else []
            self._lines_event(running, lines[: len(lines) - keep] if keep else lines)

    def _emit(self, event: Event) -> None:
        if type(event) is Anomaly:
            counted = self._counted(event)
            if counted is None:
                return
            event = counted
        if self._stack:  # output printed before a marker comes before the marker's event
            self._flush()
        self._events.append(event)

    def _counted(self, anomaly: Anomaly) -> Anomaly | None:
        """`anomaly`, or its kind's summary, or None past ANOMALIES_PER_KIND (see there)."""
        kind = anomaly.kind
        seen = self._anomalies[kind] = self._anomalies.get(kind, 0) + 1
        over = seen - ANOMALIES_PER_KIND
        if over <= 0:
            return anomaly
        if over != 1 and over % ANOMALY_SUMMARY_EVERY:
            return None
        return Anomaly(
            self.session,
            "anomalies_suppressed",
            f"{over} {kind} anomal{'y' if over == 1 else 'ies'} past the first "
            f"{ANOMALIES_PER_KIND} of this session not recorded (a summary every "
            f"{ANOMALY_SUMMARY_EVERY:,})",
            anomaly.offset,
            {"kind": kind, "suppressed": str(over)},
        )

    def _take(self) -> list[Event]:
        events, self._events = self._events, []
        return events


class SpoolParser:
    """Routes the chunks of many session files to one SessionParser each.

    The spool reader delivers (session, bytes) chunks of many files interleaved; each session is an
    independent stream, so each gets its own parser (its own carry, nonce and numbering).
    """

    def __init__(self, nonces: Mapping[str, str] | None = None) -> None:
        self._nonces = dict(nonces or {})
        self._parsers: dict[str, SessionParser] = {}

    def parser(self, session: str) -> SessionParser:
        found = self._parsers.get(session)
        if found is None:
            found = self._parsers[session] = SessionParser(session, self._nonces.get(session))
        return found

    def feed(self, session: str, data: bytes) -> list[Event]:
        return self.parser(session).feed(data)

    def close(self, session: str) -> list[Event]:
        """The session file is complete (its shell is gone): end it and forget its parser."""
        found = self._parsers.pop(session, None)
        return found.close() if found is not None else []

    @property
    def sessions(self) -> tuple[str, ...]:
        return tuple(self._parsers)
