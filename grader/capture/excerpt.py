"""The capped output kept on a CommandRecord: its head and its tail.

Matching sees every line as it streams (OutputLines); the record keeps only what a human needs to
read evidence later. Head and tail, because a failing program's story is at both ends: what it
was started with (NCCL's version and interface lines) and how it died (the WARN, the exit).
"""

from __future__ import annotations

import marshal
import zlib
from bisect import bisect_left
from collections import deque
from itertools import accumulate, chain

OUTPUT_KEEP_CHARS = 32 * 1024
"""Characters of rendered output kept per command: the first half and the last half.

32 Ki characters hold a whole NCCL INFO init log of two ranks (~200 lines) and stay small enough to
store with every verdict's evidence; the rest is summarised by a one-line omission marker.
"""

_HALF = OUTPUT_KEEP_CHARS // 2
# Head and tail each keep whole lines until they hold more than half the cap (breaks counted), so
# either the two cover every line, or the text between them is longer than zero and both ends can
# be cut to exactly half the cap: the excerpt is then the same as cutting the full text.
_NEED = _HALF + 1


# Smaller excerpts are not worth compressing (zlib's own header and the lists' rebuilding).
_PACK_MIN_CHARS = 2048


def whole_excerpt(joined: str) -> str:
    """`text()` of an OutputExcerpt given one batch of lines, from their LF-joined text.

    Why: a command whose output came in one batch (most do) needs no accumulator: its text is
    the joined lines, cut the way OutputExcerpt cuts (the whole text if it fits, else exactly
    half the cap from each end). Its `chars` would be `len(joined) + 1` (one break per line).
    """
    if len(joined) <= OUTPUT_KEEP_CHARS:
        return joined
    return _cut(joined[:_HALF], joined[-_HALF:], len(joined) + 1)


def _cut(head_text: str, tail_text: str, chars: int) -> str:
    omitted = chars - 1 - 2 * _HALF
    return f"{head_text}\n[... {omitted} characters omitted ...]\n{tail_text}"


class OutputExcerpt:
    """Accumulates batches of lines; per batch the work is O(1) on the common path.

    The tail is kept as whole batches (the lists the parser already built), dropped from the left
    once the newer ones hold enough; lines are only picked out when `text()` is asked for.
    """

    __slots__ = (
        "_batches",
        "_dropped",
        "_head",
        "_head_chars",
        "_lines",
        "_packed",
        "_tail_chars",
        "chars",
    )

    def __init__(self) -> None:
        self._head: list[str] = []
        self._head_chars = 0
        self._batches: deque[tuple[list[str], int]] = deque()  # (lines, chars incl. breaks)
        self._tail_chars = 0
        self._lines = 0
        self._dropped = False  # whether _batches lost lines (then the head is needed)
        self.chars = 0  # rendered characters seen, one per line break included
        # While the command is quiet (`compact`): head and tail lines, marshalled and
        # zlib-compressed; the lists are empty meanwhile and come back on the next `add`/`text`.
        self._packed: bytes | None = None

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        if self._packed is not None:
            self._unpack()
        # One join (a length pass and a memcpy in C) is ~2.5x cheaper than len() per line.
        chars = len("".join(lines)) + len(lines)
        self.chars += chars
        self._lines += len(lines)
        if self._head_chars + chars <= _NEED:  # the whole batch is head (the bisect's answer)
            self._head.extend(lines)
            self._head_chars += chars
        elif self._head_chars < _NEED:
            # The first k+1 lines, where k is the first index whose running total (one break
            # per line) reaches what the head still needs.
            cum = list(accumulate(map(len, lines)))
            need = _NEED - self._head_chars
            k = bisect_left(range(len(cum)), need, key=lambda j: cum[j] + j + 1)
            take = min(k + 1, len(lines))
            self._head.extend(lines[:take])
            self._head_chars += cum[take - 1] + take
        if chars > 4 * _NEED:  # a huge batch: keep only its end, so memory stays bounded
            kept = self._suffix(lines)
            self._dropped |= len(kept) < len(lines)
            lines, chars = kept, sum(map(len, kept)) + len(kept)
        self._batches.append((lines, chars))
        self._tail_chars += chars
        while self._tail_chars - self._batches[0][1] >= _NEED:
            self._tail_chars -= self._batches.popleft()[1]
            self._dropped = True

    @property
    def held_chars(self) -> int:
        """What the excerpt holds, in characters (breaks counted) or, packed, in bytes: about
        _NEED plus one line for the head and up to five times that for the tail's batches;
        packed, the compressed size."""
        if self._packed is not None:
            return len(self._packed)
        return self._head_chars + self._tail_chars

    def compact(self) -> None:
        """Hold only what `text()` can still show, compressed: for a command that stays open
        and quiet (a `top`, a `sleep` after a build log), called by the daemon on idle sessions.

        Why: the tail is kept as whole batches so that `add` stays O(1), and a batch may hold up
        to 4 * _NEED characters the excerpt will never show; and 32 Ki characters of lines are
        ~45 KB as str objects but a few KB compressed (terminal output repeats itself). Of the
        tail only the shortest suffix of lines holding _NEED characters is kept (or every
        retained line), so `text()` is the same before and after, and `add` goes on as before.
        """
        if self._packed is not None or not self._lines:
            return
        tail = list(chain.from_iterable(batch for batch, _ in self._batches))
        if self._tail_chars > _NEED:
            kept = self._suffix(tail)
            self._dropped |= len(kept) < len(tail)
            tail = kept
            self._tail_chars = sum(map(len, tail)) + len(tail)
            self._batches = deque(((tail, self._tail_chars),))
        if self._head_chars + self._tail_chars < _PACK_MIN_CHARS:
            return
        # marshal: the lists back exactly, whatever the lines hold, in C (only this object's own
        # bytes are ever loaded)
        self._packed = zlib.compress(marshal.dumps((self._head, tail)), 1)
        self._head, self._batches = [], deque()

    def _unpack(self) -> None:
        assert self._packed is not None
        self._head, tail = marshal.loads(zlib.decompress(self._packed))
        self._packed = None
        if tail:
            self._batches.append((tail, self._tail_chars))

    @staticmethod
    def _suffix(lines: list[str]) -> list[str]:
        """The shortest suffix of `lines` holding _NEED characters (breaks counted), or all."""
        start, need = len(lines), _NEED
        while start > 0 and need > 0:
            start -= 1
            need -= len(lines[start]) + 1
        return lines[start:]

    @property
    def truncated(self) -> bool:
        return self.chars - 1 > OUTPUT_KEEP_CHARS

    def text(self) -> str:
        """The output if it fits OUTPUT_KEEP_CHARS; else its head, an omission marker, its tail.

        Lines are joined with newlines; head and tail are exactly half the cap each, so a single
        64 Ki-character line cannot make the excerpt bigger than the cap plus the marker.
        """
        if not self._lines:
            return ""
        if self._packed is not None:
            self._unpack()
        retained = chain.from_iterable(batch for batch, _ in self._batches)
        if not self._dropped:  # the common case: every line is still in the batches
            full = "\n".join(retained)
        elif not self.truncated:  # lines left the batches but are in the head: join without both
            tail = self._suffix(list(retained))
            overlap = len(self._head) + len(tail) - self._lines
            full = "\n".join(self._head + tail[overlap:])
        else:  # head and tail each hold more than half the cap: cut them
            head_text = "\n".join(self._head)[:_HALF]
            tail_text = "\n".join(retained)[-_HALF:]
            return _cut(head_text, tail_text, self.chars)
        if len(full) <= OUTPUT_KEEP_CHARS:
            return full
        return _cut(full[:_HALF], full[-_HALF:], self.chars)
