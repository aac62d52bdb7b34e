"""What a grep stage prints, judged from its words: would it show this line from its input?

A step that accepts an *empty* filtered output ("NCCL printed no NET/IB line, so there is no
InfiniBand") must know that the filter would have shown such a line had there been one: `grep
'NET/Ib'`, `grep -v ib`, `grep -c`, `grep -q`, `grep -m0` or a file operand all print nothing
(or something else) whatever NCCL said. This reads GNU grep's options as grep(1) documents them
and answers only when it is sure; anything it does not model (`-f FILE`, `-P` features Python's
`re` lacks, unknown options) counts as "would not show", so a verdict never rests on a guess.

BRE (the default) is turned into Python syntax: `\\|`, `\\+`, `\\?`, `\\(`, `\\)`, `\\{`, `\\}` are
the operators and their bare forms literal; ERE (`-E`, egrep) is close to Python's already.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

GREPS = frozenset({"grep", "egrep", "fgrep"})

# Options that change nothing about which input lines are printed as whole lines.
_HARMLESS = frozenset("HhnbsTZUaIrR") | {"--color", "--colour", "--line-buffered", "--null"}
# What grep prints instead of its input's lines, by the (short) option that makes it so; the
# long forms reach it through _LONG.
_INSTEAD = {
    "c": "a count",
    "q": "nothing",
    "l": "file names",
    "L": "file names",
    "o": "only the matching part of each line",
}
_LONG = {
    "--ignore-case": "i",
    "--no-ignore-case": "+i",
    "--invert-match": "v",
    "--extended-regexp": "E",
    "--fixed-strings": "F",
    "--basic-regexp": "G",
    "--perl-regexp": "P",
    "--word-regexp": "w",
    "--line-regexp": "x",
    "--with-filename": "H",
    "--no-filename": "h",
    "--line-number": "n",
    "--byte-offset": "b",
    "--initial-tab": "T",
    "--only-matching": "o",
    "--quiet": "q",
    "--silent": "q",
    "--count": "c",
    "--files-with-matches": "l",
    "--files-without-match": "L",
    "--no-messages": "s",
    "--text": "a",
}
# Short options that take a value (attached or as the next word).
_WITH_VALUE = frozenset("efmABCdD")
_POSIX_CLASSES = {
    "[:digit:]": r"0-9",
    "[:alpha:]": r"A-Za-z",
    "[:alnum:]": r"A-Za-z0-9",
    "[:upper:]": r"A-Z",
    "[:lower:]": r"a-z",
    "[:space:]": r"\s",
    "[:blank:]": r" \t",
    "[:xdigit:]": r"0-9A-Fa-f",
    "[:punct:]": r"!-/:-@\[-`{-~",
}


class _Unknown(Exception):
    """Something this model does not know: the answer is "would not show"."""


def _bre_to_python(pattern: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            n = pattern[i + 1]
            if n in "|+?(){}":
                out.append(n)
            elif n in "<>":
                out.append(r"\b")
            else:
                out.append("\\" + n)
            i += 2
            continue
        out.append("\\" + c if c in "|+?(){}" else c)
        i += 1
    return "".join(out)


def _ere_to_python(pattern: str) -> str:
    return pattern.replace(r"\<", r"\b").replace(r"\>", r"\b")


def _classes(pattern: str) -> str:
    for name, chars in _POSIX_CLASSES.items():
        pattern = pattern.replace(name, chars)
    if "[:" in pattern:
        raise _Unknown("a character class this model does not know")
    return pattern


def _parse(argv: Sequence[str]) -> tuple[set[str], list[str], list[str]]:
    """(option letters, patterns, file operands) of a grep command's words (argv[0] included)."""
    prog = argv[0].rsplit("/", 1)[-1]
    opts: set[str] = {"E"} if prog == "egrep" else {"F"} if prog == "fgrep" else set()
    patterns: list[str] = []
    operands: list[str] = []
    words = list(argv[1:])
    i = 0
    only_operands = False
    while i < len(words):
        w = words[i]
        i += 1
        if only_operands or w == "-" or not w.startswith("-"):
            operands.append(w)
            continue
        if w == "--":
            only_operands = True
            continue
        if w.startswith("--"):
            name, eq, value = w.partition("=")
            if name in ("--regexp",):
                patterns.append(value if eq else _next(words, i))
                i += 0 if eq else 1
            elif name in ("--max-count",):
                value = value if eq else _next(words, i)
                i += 0 if eq else 1
                if value.strip() in ("0", "00"):
                    opts.add("q")
            elif name in ("--after-context", "--before-context", "--context", "--label"):
                i += 0 if eq else 1
            elif name in _LONG:
                letter = _LONG[name]
                if letter == "+i":
                    opts.discard("i")
                else:
                    opts.add(letter)
            elif name in _HARMLESS or name.startswith(("--color", "--colour")):
                pass
            else:
                raise _Unknown(f"option {name}")
            continue
        j = 1
        while j < len(w):
            letter = w[j]
            j += 1
            if letter in _WITH_VALUE:
                value = w[j:] if j < len(w) else _next(words, i)
                if j >= len(w):
                    i += 1
                j = len(w)
                if letter == "e":
                    patterns.append(value)
                elif letter == "f":
                    raise _Unknown("patterns from a file")
                elif letter == "m" and value.strip().lstrip("0") == "":
                    opts.add("q")  # -m0 prints nothing
                elif letter in "dD":
                    pass
            elif letter == "y":
                opts.add("i")
            elif letter in "ivEFGPwx" or letter in _INSTEAD or letter in _HARMLESS:
                opts.add(letter)
            elif letter.isdigit():  # -NUM: context lines
                pass
            else:
                raise _Unknown(f"option -{letter}")
    if not patterns:
        if not operands:
            raise _Unknown("no pattern")
        patterns.append(operands.pop(0))
    return opts, patterns, operands


def _next(words: Sequence[str], i: int) -> str:
    if i >= len(words):
        raise _Unknown("an option without its value")
    return words[i]


def _regex(opts: set[str], patterns: list[str]) -> re.Pattern[str]:
    alternatives: list[str] = []
    for pattern in patterns:
        for part in pattern.split("\n"):  # each line of a pattern is a pattern of its own
            if "F" in opts:
                source = re.escape(part)
            elif "P" in opts:
                source = part
            elif "E" in opts:
                source = _classes(_ere_to_python(part))
            else:
                source = _classes(_bre_to_python(part))
            if "x" in opts:
                source = rf"^(?:{source})$"
            elif "w" in opts:
                source = rf"(?<![A-Za-z0-9_])(?:{source})(?![A-Za-z0-9_])"
            alternatives.append(f"(?:{source})")
    try:
        return re.compile("|".join(alternatives), re.IGNORECASE if "i" in opts else 0)
    except re.error as exc:
        raise _Unknown(f"pattern: {exc}") from exc


def shows(argv: Sequence[str], line: str) -> bool:
    """Whether this grep, reading `line` on its standard input, prints that line (possibly with a
    harmless prefix such as a line number). False when unsure."""
    return hides(argv, [line]) is None


def hides(argv: Sequence[str], lines: Sequence[str]) -> str | None:
    """Why this grep, reading `lines` on its standard input, would print none of them, in words
    for a learner's reason ("its pattern does not match it"); None when it prints one of them.
    The words never quote `lines`: a lab's are made-up examples of what a program prints."""
    try:
        opts, patterns, operands = _parse(argv)
        files = [o for o in operands if o != "-"]
        if files:
            return f"it reads `{files[0]}`, not the output piped into it"
        instead = next((what for o, what in _INSTEAD.items() if o in opts), None)
        if instead is not None:
            return f"it prints {instead}, not the lines themselves"
        regex = _regex(opts, patterns)
    except _Unknown as exc:
        return f"the grader cannot tell what it prints ({exc}): use a plain `grep PATTERN`"
    hits = [regex.search(line) is not None for line in lines]
    if "v" in opts:
        return None if not all(hits) else "`-v` hides the lines its pattern matches"
    if any(hits):
        return None
    if "i" not in opts and any(_regex({*opts, "i"}, patterns).search(line) for line in lines):
        return "its pattern does not match it (grep tells upper from lower case; `-i` ignores case)"
    return "its pattern does not match it"
