"""A small line renderer: what a terminal would show for one command's output, line by line.

Learners see the terminal, not the byte stream: `50%\\r100%` shows `100%`, `abc\\b\\bX` shows `aXc`.
Matching must judge what was seen, so output is rendered before it is matched
(docs/architecture.md "Parsing").

Supported, per line (ECMA-48 names): CR, LF, BS, CSI K (EL, modes 0/1/2), CSI C (CUF), CSI D (CUB),
CSI G (CHA). Everything else is dropped: other CSI (colours, cursor up/down, scroll regions), ESC
sequences, C0 controls other than TAB. TAB is kept as a literal character one column wide (expanding
it would need a tab-stop model, and matchers treat it as whitespace anyway). Simplified on purpose:
no cursor up/down, so a full-screen program's output is not reproduced; instead switching to the
alternate screen (CSI ?1049h, ?1047h, ?47h) sets `fullscreen`, and the caller flags the command.
OSC strings are removed by the parser before the renderer sees the bytes; a stray `ESC ]` here is
dropped as a two-byte escape and what follows is rendered as text.

Hot path: NCCL at INFO prints tens of MB of plain `\\r\\n`-terminated lines. A chunk is split on
CR LF in bulk after C-level checks (memchr per control byte, CR/LF counts; no per-line Python);
only the lines that hold CR/BS/ESC/another control go through the tokenizer.
"""

from __future__ import annotations

import codecs
import re

MAX_LINE_CHARS = 64 * 1024
"""A longer line is cut and emitted in pieces of this size.

Bounds memory and the per-line work (a CR rewrites the current line) when a program prints 100 MB
without a newline (`cat` of a binary, a minified JSON blob). Real lines the lab matches (NCCL,
nvidia-smi, shell tools) are under 1 KiB; 64 Ki characters keeps any line a human could read whole.
"""


# ECMA-48 5.4: CSI P...P I...I F with parameter bytes 0x30-0x3F, intermediates 0x20-0x2F,
# final 0x40-0x7E. Other escapes: ESC I...I F (nF/Fp/Fe forms) with final 0x30-0x7E except "[".
# Lengths are capped (48 parameter bytes, 8 intermediates) so the carry of an escape cut by the end
# of a feed stays bounded: real sequences are short (`ESC[38;2;255;255;255m` has 15 parameter
# bytes).
# A longer "sequence" is not one: its ESC is dropped and the rest renders as text.
_TOKEN = re.compile(
    r"(?P<text>[^\x00-\x1f\x7f]+)"
    r"|(?P<csi>\x1b\[(?P<params>[0-?]{0,48})[ -/]{0,8}(?P<final>[@-~]))"
    r"|(?P<esc>\x1b[ -/]{0,8}[0-Z\\-~])"
    r"|(?P<partial>\x1b(?:\[[0-?]{0,48}[ -/]{0,8}|[ -/]{0,8})\Z)"
    r"|(?P<ctl>[\x00-\x1f\x7f])"
)
# The C function behind codecs' UTF-8 IncrementalDecoder, whose `decode` is Python (a frame and a
# bytes concatenation per call); the renderer keeps the undecoded tail of a cut character itself.
_utf8_decode = codecs.utf_8_decode
# Bytes that are never plain text: C0 controls but TAB, CR and LF (checked apart), and DEL. A
# `memchr` per byte value (SIMD in libc) beats one pass of `str.isprintable` ~3x on 64 KiB
# (measured); ESC and BS, the likely ones, come first. Bytes of a UTF-8 sequence are >= 0x80,
# so the bytes held back by the decoder never matter here. Ints, not 1-byte bytes objects:
# `bytes.__contains__` tries the argument as an int first, and for a bytes object that attempt
# formats and discards a TypeError (half the cost of the 30 checks on a short chunk).
_CONTROL_BYTES = (0x1B, 0x08, *range(8), 0x0B, 0x0C, *range(0x0E, 0x1B), *range(0x1C, 0x20), 0x7F)
_ALT_SCREEN = frozenset(("?1049", "?1047", "?47"))
_EL = "\x1b[K"  # erase to the end of the line: what progress bars draw after each redraw
# In ASCII, the characters `str.isprintable` rejects: C0 (CR apart) and DEL (see _redraw_shaped).
_ASCII_UNPRINTABLE_BUT_CR = tuple(chr(c) for c in (*range(0x0D), *range(0x0E, 0x20), 0x7F))


def whole_plain_lines(data: bytes) -> tuple[list[str], str] | None:
    """The lines a fresh LineRenderer fed `data` and flushed returns, and them joined with LF.

    Why: most commands print their whole output between two markers of one feed (an NCCL run's
    8 KB in a 64 KiB read). Rendering it takes one decode and one split; a LineRenderer built
    for it (and fed, flushed, dropped) costs a third of the per-command output work (measured).
    Only when `data` is plain text (no control byte, as LineRenderer.feed checks, and every CR
    and LF in a CR LF pair), ends with CR LF (nothing left on the current line for flush() to
    emit) and no line is longer than MAX_LINE_CHARS; else None, and the caller takes the
    renderer. The LF-joined text is what the caller keeps as the record's excerpt.
    """
    if data[-2:] != b"\r\n" or any(map(data.__contains__, _CONTROL_BYTES)):
        return None
    text = _utf8_decode(data, "replace", True)[0]  # ends with an ASCII byte: nothing held back
    lines = text.split("\r\n")
    lines.pop()  # the empty piece after the last CR LF
    # A lone CR or LF is in a line; join + memchr beats counting (str.splitlines, which breaks at
    # both and whose lengths would tell, and str.count are ~3x slower than split + join here).
    joined = "".join(lines)
    if "\r" in joined or "\n" in joined:
        return None
    if len(text) > MAX_LINE_CHARS and max(map(len, lines)) > MAX_LINE_CHARS:
        return None
    return lines, "\n".join(lines)


class LineRenderer:
    """Feed decoded-on-the-fly bytes, get complete rendered lines back.

    State is one current line and a cursor column, so a line split across feeds renders the same
    as if fed whole. `flush()` ends the output (EOF or the command's D marker).
    """

    __slots__ = ("_col", "_cur", "_pending", "_undecoded", "fullscreen")

    def __init__(self) -> None:
        self._undecoded = b""  # the first bytes of a UTF-8 character cut by the end of a feed
        self._cur = ""  # the current (unterminated) line
        self._col = 0  # cursor column in it; may be past its end (CSI C): writing pads with spaces
        self._pending = ""  # an escape sequence cut by the end of the previous feed
        self.fullscreen = False

    def feed(self, data: bytes) -> list[str]:
        """Render `data` (any chunk of the byte stream); return the lines it completed."""
        if self._undecoded:
            data = self._undecoded + data
        text, used = _utf8_decode(data, "replace", False)
        self._undecoded = data[used:]
        if self._pending or any(map(data.__contains__, _CONTROL_BYTES)):
            return self._render(text)
        # Only CR and LF left to look at: plain when every CR LF is a pair. A pair cut by the
        # end of a feed is common (one feed in two): its LF ends the line and its CR only
        # moves the cursor, so both are applied here rather than leaving the fast path.
        first: list[str] = []
        if text[:1] == "\n":
            self._newline(first)
            text = text[1:]
        cut_cr = text[-1:] == "\r"
        pieces = (text[:-1] if cut_cr else text).split("\r\n")
        joined = "".join(pieces)  # join + memchr is ~6x cheaper than counting CRs (not SIMD)
        if "\r" in joined or "\n" in joined:
            return first + self._render(text)
        lines = self._plain(pieces, len(text))
        if cut_cr:
            self._col = 0
        return first + lines if first else lines

    @property
    def held_chars(self) -> int:
        """Characters (and undecoded bytes) held between feeds: the unterminated line and a cut
        escape or character; at most MAX_LINE_CHARS plus a few (the daemon's memory budget)."""
        return len(self._cur) + len(self._pending) + len(self._undecoded)

    def flush(self) -> list[str]:
        """End of output: render what is buffered and return the last, unterminated line if any."""
        lines = self._render(_utf8_decode(self._undecoded, "replace", True)[0])
        self._undecoded = b""
        self._pending = ""
        if self._cur:
            lines.extend(self._cut(self._cur))
        self._cur, self._col = "", 0
        return lines

    # --- internals ------------------------------------------------------------------------------

    def _render(self, text: str) -> list[str]:
        if self._pending:
            text, self._pending = self._pending + text, ""
        if not text:
            return []
        # `str.isprintable()` is False for every character needing care: C0 (CR, LF, BS, ESC,
        # TAB, ...), DEL, C1 and the Unicode line separators. So one C-level pass over the
        # CR LF-split pieces tells whether the whole chunk is plain text.
        pieces = text.split("\r\n")
        if all(map(str.isprintable, pieces)):
            return self._plain(pieces, len(text))
        lines: list[str] = []
        last = len(pieces) - 1
        for i, piece in enumerate(pieces):
            if piece.isprintable():
                self._write(piece, lines)
            else:
                segments = piece.split("\n")  # a bare LF (onlcr off, or a raw-mode program)
                last_seg = len(segments) - 1
                for j, seg in enumerate(segments):
                    if seg.isprintable():
                        self._write(seg, lines)
                    else:
                        self._tokens(seg, lines, is_last=i == last and j == last_seg)
                    if j != last_seg:
                        self._newline(lines)
            if i != last:
                self._newline(lines)
        return lines

    def _newline(self, lines: list[str]) -> None:
        lines.append(self._cur)
        self._cur, self._col = "", 0

    def _plain(self, pieces: list[str], size: int) -> list[str]:
        """Bulk path: printable pieces; only the first and last touch the current line.

        `size` is the length of the text the pieces were split from: when it is not over
        MAX_LINE_CHARS (a 64 KiB feed never is), no piece can be, and the check per line is skipped.
        """
        lines: list[str] = []
        self._write(pieces[0], lines)
        if len(pieces) == 1:
            return lines
        tail = pieces.pop()
        if not lines and (size <= MAX_LINE_CHARS or max(map(len, pieces)) <= MAX_LINE_CHARS):
            # The common case, without copying the lines: `pieces` (the caller's own list) becomes
            # the result, its first entry the current line the first break ends.
            pieces[0] = self._cur
            self._cur, self._col = "", 0
            lines = pieces
        else:
            self._newline(lines)
            for piece in pieces[1:]:
                lines.extend(self._cut(piece))
        self._write(tail, lines)
        return lines

    def _cut(self, line: str) -> list[str]:
        """Cut a complete line longer than MAX_LINE_CHARS into pieces (the rule of `_write`)."""
        if len(line) <= MAX_LINE_CHARS:
            return [line]
        pieces = [line[i : i + MAX_LINE_CHARS] for i in range(0, len(line), MAX_LINE_CHARS)]
        return pieces

    def _write(self, text: str, lines: list[str]) -> None:
        """Write text at the cursor (overwriting); emit pieces while the line is too long.

        The rule "emit the first MAX_LINE_CHARS characters as soon as the line is longer" does not
        depend on how the text was chunked, so any chunking renders the same lines.
        """
        if not text:
            return
        cur, col = self._cur, self._col
        if col == len(cur):
            cur += text
        elif col > len(cur):
            cur += " " * (col - len(cur)) + text
        else:
            cur = cur[:col] + text + cur[col + len(text) :]
        col += len(text)
        if len(cur) > MAX_LINE_CHARS:  # keep the last 1..MAX_LINE_CHARS characters
            cut = (len(cur) - 1) // MAX_LINE_CHARS * MAX_LINE_CHARS
            lines.extend(cur[i : i + MAX_LINE_CHARS] for i in range(0, cut, MAX_LINE_CHARS))
            cur, col = cur[cut:], max(0, col - cut)
        self._cur, self._col = cur, col

    def _tokens(self, seg: str, lines: list[str], is_last: bool) -> None:
        """Slow path for one LF-free segment holding CR, BS, escapes or other controls."""
        if "\r" in seg and self._redraws(seg, lines):
            return
        for m in _TOKEN.finditer(seg):
            kind = m.lastgroup
            if kind == "text":
                self._write(m.group(), lines)
            elif kind == "csi":
                self._csi(m.group("params"), m.group("final"))
            elif kind == "partial":
                if is_last:
                    self._pending = m.group()
                else:  # not a real escape: drop the ESC, keep the text
                    self._write(m.group()[1:], lines)
            elif kind == "ctl":
                ch = m.group()
                if ch == "\r":
                    self._col = 0
                elif ch == "\b":
                    self._col = max(0, self._col - 1)
                elif ch == "\t":
                    self._write("\t", lines)
                # other C0 controls and lone ESC are not shown by a terminal: drop them
            # kind == "esc": a two- or three-byte escape (charset, keypad mode, ST): dropped

    def _redraws(self, seg: str, lines: list[str]) -> bool:
        """A progress bar's redraws (`CR text [CSI K]`, repeated): the tokenizer's result, faster.

        Only when the controls are CRs and `CSI K` (EL 0) ending a piece between CRs, and no piece
        is longer than MAX_LINE_CHARS; else False, untouched. A redraw from column 0 that ends
        with EL leaves exactly its text, whatever was on the line before, and (the current line
        never being longer than MAX_LINE_CHARS) a redraw before it emits nothing: so the pieces
        before the last such redraw can be skipped instead of tokenized.
        """
        if not _redraw_shaped(seg):
            return False
        if len(seg) <= MAX_LINE_CHARS:  # no piece is too long
            head, tail = _last_redraws(seg)
        else:
            pieces = seg.split("\r")
            if max(map(len, pieces)) > MAX_LINE_CHARS:
                return False
            first = len(pieces) - 1
            while first > 1 and not pieces[first].endswith(_EL):
                first -= 1
            head, tail = pieces[0], pieces[first:]
        self._redraw(head, lines)
        for piece in tail:
            self._col = 0
            self._redraw(piece, lines)
        return True

    def _redraw(self, piece: str, lines: list[str]) -> None:
        if piece.endswith(_EL):
            self._write(piece[: -len(_EL)], lines)
            self._cur = self._cur[: min(self._col, MAX_LINE_CHARS)]
        else:
            self._write(piece, lines)

    def _csi(self, params: str, final: str) -> None:
        if final == "h" and params in _ALT_SCREEN:
            self.fullscreen = True
            return
        if final not in "KCDG" or (params and not params.isdigit()):
            return
        arg = int(params) if params else 0
        if final == "K":
            cur, col = self._cur, min(self._col, MAX_LINE_CHARS)
            if arg == 0:
                self._cur = cur[:col]
            elif arg == 1:
                self._cur = " " * min(col + 1, len(cur)) + cur[col + 1 :]
            elif arg == 2:
                self._cur = ""
        elif final == "C":
            self._col = min(self._col + max(arg, 1), MAX_LINE_CHARS)
        elif final == "D":
            self._col = max(0, self._col - max(arg, 1))
        else:  # G: cursor to column arg (1-based)
            self._col = min(max(arg, 1) - 1, MAX_LINE_CHARS)


def _redraw_shaped(seg: str) -> bool:
    """Whether the controls of `seg` are CRs and ELs that each end a piece between CRs, and the
    rest is printable: the redraws LineRenderer._redraws takes.

    In ASCII (most progress bars) with C-level passes that stop early or are memchr: the
    general check's two counts, two replaces and `isprintable` (a table lookup per character)
    cost a quarter of a progress bar's time (measured). Every EL then ends a piece: those
    before a CR go with the replace, a last one is cut off, and no ESC may be left; the rest is
    printable when no C0 control but CR and no DEL is in it.
    """
    if seg.isascii():
        rest = seg.replace(_EL + "\r", "\r")
        if rest.endswith(_EL):
            rest = rest[: -len(_EL)]
        return not any(map(rest.__contains__, _ASCII_UNPRINTABLE_BUT_CR))
    if seg.count("\x1b") != seg.count(_EL + "\r") + seg.endswith(_EL):
        return False
    return seg.replace(_EL, "").replace("\r", "").isprintable()


def _last_redraws(seg: str) -> tuple[str, list[str]]:
    """`pieces[0]` and `pieces[first:]` of _redraws for a `seg` holding a CR, without the split.

    Why: a progress bar's 51 redraws split into 51 strings of which two are used. `first` is
    the last piece that ends with EL, when two CRs or more precede it, else piece 1.
    """
    end0 = seg.find("\r")
    if seg.endswith(_EL):
        start = seg.rfind("\r") + 1  # the last piece
    else:
        j = seg.rfind(_EL + "\r")
        start = seg.rfind("\r", 0, j) + 1 if j >= 0 else 0
    # start > end0 + 1: past piece 1, so two CRs or more precede it; else (piece 0 or 1, or no
    # piece ends with EL: start is 0) the redraws from piece 1 on.
    return seg[:end0], seg[max(start, end0 + 1) :].split("\r")
