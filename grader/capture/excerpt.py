"""The capped output kept on a CommandRecord: its head and its tail.

Matching sees every line as it streams (OutputLines); the record keeps only what a human needs to
read evidence later. Head and tail, because a failing program's story is at both ends: what it
was started with (NCCL's version and interface lines) and how it died (the WARN, the exit).
"""

from __future__ import annotations

from collections import deque

OUTPUT_KEEP_CHARS = 32 * 1024
"""Characters of rendered output kept per command: the first half and the last half.

32 Ki characters hold a whole NCCL INFO init log of two ranks (~200 lines) and stay small enough to
store with every verdict's evidence; the rest is summarised by a one-line omission marker.
"""

_HALF = OUTPUT_KEEP_CHARS // 2


class OutputExcerpt:
    """Accumulates lines cheaply: per batch, work is proportional to what is kept, not received."""

    __slots__ = ("_head", "_head_chars", "_lines", "_tail", "_tail_chars", "chars")

    def __init__(self) -> None:
        self._head: list[str] = []
        self._head_chars = 0
        self._tail: deque[str] = deque()
        self._tail_chars = 0
        self.chars = 0  # rendered characters seen, one per line break included
        self._lines = 0

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        self.chars += sum(map(len, lines)) + len(lines)
        self._lines += len(lines)
        i = 0
        while self._head_chars < _HALF and i < len(lines):
            line = lines[i]
            self._head.append(line)
            self._head_chars += len(line) + 1
            i += 1
        if i == len(lines):
            return
        # Only the last lines of the batch can survive in the tail: walk back until it is full.
        start, need = len(lines), _HALF
        while start > i and need > 0:
            start -= 1
            need -= len(lines[start]) + 1
        for line in lines[start:]:
            self._tail.append(line)
            self._tail_chars += len(line) + 1
        while self._tail and self._tail_chars - (len(self._tail[0]) + 1) >= _HALF:
            self._tail_chars -= len(self._tail.popleft()) + 1

    @property
    def truncated(self) -> bool:
        kept = len(self._head) + len(self._tail)
        return self._lines > kept or self.chars - 1 > OUTPUT_KEEP_CHARS

    def text(self) -> str:
        """The output if it fits OUTPUT_KEEP_CHARS; else its head, an omission marker, its tail.

        Lines are joined with newlines. Head and tail are cut to exactly half the cap each, so a
        single 64 Ki-character line cannot make the excerpt bigger than the cap plus the marker.
        """
        if not self.truncated:
            return "\n".join([*self._head, *self._tail])
        head = "\n".join(self._head)[:_HALF]
        tail = "\n".join(self._tail)[-_HALF:]
        omitted = self.chars - 1 - len(head) - len(tail)
        return f"{head}\n[... {omitted} characters omitted ...]\n{tail}"
