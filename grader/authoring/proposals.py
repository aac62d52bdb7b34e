"""Output patterns proposed from a lesson's practice output, and where they hold.

Pure. A proposal is the richest part of an output line with the volatile parts generalised
(timestamps, dates, host names, `host:pid:tid` prefixes, pids, IP addresses and ports, hex ids,
PCI addresses, ranks `[0]`, source line numbers), checked to match the line it came from and
neither an empty nor an unrelated line.

The lesson's output is one node's. `widen` holds a proposal against what the box's command
printed on each node profile (grader.authoring.lesson_runs) and generalises its literal words a
level at a time (LEVELS: digit runs, then names with a digit) until it holds on all of them;
a proposal that holds on fewer at every level is profile-specific, and its Reach says where it
holds and what a profile it misses printed instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

MAX_PATTERN_WORDS = 12  # a longer proposal is cut: the lesson may have joined output lines
RICH_SEGMENT = 12  # letters and digits that make a part of a line worth a pattern
MAX_PATTERNS = 2
HOST_PROMPT = re.compile(r"@([A-Za-z0-9][A-Za-z0-9.-]*)")


def _volatile(hosts: list[str]) -> re.Pattern[str]:
    host_alts = "|".join(re.escape(h) for h in sorted({"localhost", *hosts}, key=len, reverse=True))
    return re.compile(
        "|".join(
            [
                # split: what starts a log line, never part of a proposed pattern
                r"(?P<split>\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?"
                r"|\b[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.\d)?\b(?=\])"
                r"|\b[A-Za-z][\w.-]*:\d+:\d+\b"
                rf"|\b(?:{host_alts})\b)",
                # kept, generalised
                r"(?P<uuid>\b[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\b)",
                r"(?P<pci>\b[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.\d)?\b)",
                r"(?P<ip>\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b)",
                r"(?P<date>\b\d{4}-\d{2}-\d{2}\b)",
                r"(?P<time>\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b)",
                r"(?P<hex>\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b)",
                r"(?P<pid>\b[Pp]id\s+\d+\b)",
                r"(?P<port>\bport\s+\d+\b)",
                r"(?P<src>\b[\w-]+\.(?:c|cc|cpp|cu|cxx|h|hpp|py|go|rs):\d+\b)",
                r"(?P<rank>\[\d+\])",
            ]
        )
    )


_GENERAL: dict[str, str] = {
    "uuid": r"[0-9a-fA-F-]{36}",
    "pci": r"[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.\d)?",
    "ip": r"\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?",
    "date": r"\d{4}-\d{2}-\d{2}",
    "time": r"\d{2}:\d{2}:\d{2}(?:[.,]\d+)?",
    "hex": r"(?:0x)?[0-9a-fA-F]+",
    "rank": r"\[\d+\]",
}


def _general(kind: str, text: str) -> str:
    if kind == "pid":
        return re.escape(text.split()[0]) + r"\s+\d+"
    if kind == "port":
        return r"port\s+\d+"
    if kind == "src":
        return re.escape(text.rsplit(":", 1)[0]) + r":\d+"
    return _GENERAL[kind]


# A word of a proposal: its kind ("text" or a volatile kind above), its text, whether a space
# came before it.
Word = tuple[str, str, bool]
# How far a proposal's literal words are generalised: 0 as the lesson printed them, 1 their
# digit runs any number (versions, counts), 2 every name with a digit in it any word
# (interfaces `eth0`/`ens5`, devices `mlx5_0`).
LEVELS = (0, 1, 2)
_DIGITS = re.compile(r"\d+")
_NAME_WITH_DIGIT = re.compile(r"\w*\d\w*")


@dataclass(frozen=True, slots=True)
class Proposal:
    regex: str
    source: str  # the part of the output line it came from (level > 0: with <n>, <name>)
    words: tuple[Word, ...] = ()
    anchored: bool = False  # the whole line: `^\s*…\s*$`
    level: int = 0


def _word_regex(kind: str, text: str, level: int) -> str:
    if kind != "text":
        return _general(kind, text)
    if level == 0 or not any(c.isdigit() for c in text):
        return re.escape(text)
    rule, general = (_DIGITS, r"\d+") if level == 1 else (_NAME_WITH_DIGIT, r"\w+")
    out, pos = [], 0
    for m in rule.finditer(text):
        out += [re.escape(text[pos : m.start()]), general]
        pos = m.end()
    return "".join([*out, re.escape(text[pos:])])


def _word_source(kind: str, text: str, level: int) -> str:
    if kind != "text" or level == 0:
        return text
    if level == 1:
        return _DIGITS.sub("<n>", text)
    return _NAME_WITH_DIGIT.sub("<name>", text)


def _letters(words: tuple[Word, ...], level: int) -> int:
    """Letters the proposal still says literally at `level` (a generalised name says none)."""
    literal = (t for k, t, _ in words if k == "text" and not (level == 2 and _has_digit(t)))
    return sum(len(re.findall(r"[A-Za-z]", t)) for t in literal)


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def render(words: tuple[Word, ...], anchored: bool, level: int = 0) -> Proposal | None:
    """The proposal made of `words` at a generalisation level; None when it would match an
    empty or an unrelated line, or (level > 0) says no letter of its own any more: a number
    made any number (`3` -> `\\d+`) proves nothing."""
    if level and _letters(words, level) < 3:
        return None

    def gap(i: int, text: str, space: bool) -> str:
        if not i:
            return ""
        if level and not re.search(r"\w", text):  # `Bootstrap :` and `Bootstrap:` alike
            return r"\s*"
        return r"\s+" if space else ""

    regex = "".join(gap(i, t, sp) + _word_regex(k, t, level) for i, (k, t, sp) in enumerate(words))
    if anchored:
        regex = rf"^\s*{regex}\s*$"
    source = "".join(
        (" " if sp and i else "") + _word_source(k, t, level) for i, (k, t, sp) in enumerate(words)
    )
    compiled = re.compile(regex)
    if compiled.search("") or compiled.search("zz unrelated zz"):
        return None
    return Proposal(regex, source, words, anchored, level)


def propose_line(line: str, volatile: re.Pattern[str]) -> Proposal | None:
    """A pattern for one output line: its richest part between line-starting volatile tokens."""
    segments: list[list[tuple[str, str]]] = [[]]
    pos = 0
    for m in volatile.finditer(line):
        if m.start() > pos:
            segments[-1].append(("text", line[pos : m.start()]))
        kind = m.lastgroup or "split"
        if kind == "split":
            segments.append([])
        else:
            segments[-1].append((kind, m.group()))
        pos = m.end()
    if pos < len(line):
        segments[-1].append(("text", line[pos:]))

    def richness(seg: list[tuple[str, str]]) -> int:
        return sum(len(re.findall(r"[A-Za-z0-9]", t)) for k, t in seg if k == "text")

    # the first rich part is the start of a line the lesson may have joined to others
    rich = [s for s in segments if richness(s) >= RICH_SEGMENT]
    best = rich[0] if rich else max(segments, key=richness)
    if richness(best) == 0:
        return None
    # words: literal words and volatile tokens, in order, with whether a space came before
    words: list[tuple[str, str, bool]] = []
    space = False
    for kind, text in best:
        if kind != "text":
            words.append((kind, text, space))
            space = False
            continue
        for part in re.split(r"(\s+)", text):
            if not part:
                continue
            if part.isspace():
                space = True
            else:
                words.append(("text", part, space))
                space = False
    # trim volatile and punctuation-only words at the ends (`[0]`, `: Test failure`)
    while words and (words[0][0] != "text" or not re.search(r"\w", words[0][1])):
        words.pop(0)
    while words and (words[-1][0] != "text" or not re.search(r"\w", words[-1][1])):
        words.pop()
    if words:
        words[0] = (words[0][0], words[0][1], False)
    cut = False
    count = 0
    kept: list[tuple[str, str, bool]] = []
    for w in words:
        count += 1 if (w[2] or not kept) else 0
        if count > MAX_PATTERN_WORDS:
            cut = True
            break
        kept.append(w)
    source = "".join((" " if sp and i else "") + t for i, (_, t, sp) in enumerate(kept))
    whole = len(segments) == 1 and not cut and source == " ".join(line.split())
    anchored = whole and len(kept) <= 3
    if not anchored and (richness(best) < 3 or not re.search(r"[A-Za-z]", source)):
        return None  # too little of its own to say anything
    proposal = render(tuple(kept), anchored)
    # the proposal must find the line it came from and must not match everything
    if proposal is None or not re.search(proposal.regex, line):
        return None
    return proposal


def propose_patterns(output: str, hosts: list[str]) -> list[Proposal]:
    volatile = _volatile(hosts)
    out: list[Proposal] = []
    for line in output.splitlines():
        p = propose_line(line, volatile)
        if p is not None and p.regex not in {q.regex for q in out}:
            out.append(p)
        if len(out) == MAX_PATTERNS:
            break
    return out


@dataclass(frozen=True, slots=True)
class Reach:
    """Where a proposal holds: the profiles on which some line of the command's output matches
    it, those on which none does, and the first output line of the first it misses."""

    proposal: Proposal
    holds: tuple[str, ...]
    misses: tuple[str, ...]
    instead: str = ""  # what the first missed profile printed first ("" : nothing)

    @property
    def everywhere(self) -> bool:
        return not self.misses


def reach(proposal: Proposal, outputs: Mapping[str, str]) -> Reach:
    rx = re.compile(proposal.regex)
    holds = [n for n, out in outputs.items() if any(rx.search(x) for x in out.splitlines())]
    misses = [n for n in outputs if n not in holds]
    instead = ""
    if misses:
        instead = next((x.strip() for x in outputs[misses[0]].splitlines() if x.strip()), "")
    return Reach(proposal, tuple(holds), tuple(misses), instead)


def _wider(proposal: Proposal) -> list[Proposal]:
    """`proposal` made more general, least general first: each level over the whole words, then
    over the words without their first ones (a line's lead differs by version: NCCL 2.30.7 puts
    the function name `(bootstrapNetInit)` before `NCCL WARN`), keeping RICH_SEGMENT letters."""
    words = proposal.words
    heads: list[tuple[Word, ...]] = [words]
    for k in range(1, len(words)):
        rest = words[k:]
        if rest[0][0] != "text" or _letters(rest, 0) < RICH_SEGMENT:
            break
        heads.append(((rest[0][0], rest[0][1], False), *rest[1:]))
    anchored = proposal.anchored
    out = [render(w, anchored and w is words, level) for w in heads for level in LEVELS]
    return [p for p in out[1:] if p is not None]


def widen(proposal: Proposal, outputs: Mapping[str, str]) -> Reach:
    """The least general form of `proposal` (_wider) that holds on every profile in `outputs`,
    else `proposal` as it is: the lesson's text is what the author reviews."""
    best = reach(proposal, outputs)
    for wider in _wider(proposal):
        if best.everywhere:
            break
        found = reach(wider, outputs)
        if found.everywhere:
            best = found
    return best
