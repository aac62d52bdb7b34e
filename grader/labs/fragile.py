"""Warnings for fragile patterns: lab text that real NCCL generations break (`grader lint` only).

A lab with these still loads and grades; the warnings point at the spots where a learner on
another NCCL version would be failed or misled. The facts come from docs/nccl-facts.md:

- `warn/none-rejects-harmless`: an `output.none` pattern that also matches a warning NCCL prints
  in runs that succeed (§3.1, §6.3), so a correct run would be rejected.
- `warn/version-specific-text`: prose (instructions, hints, question, explanation, choices, the
  lab description) that quotes one generation's NCCL text and no counterpart (§3.1 – §3.3).
- `warn/version-specific-pattern`: an `all` / `any` output pattern that matches one generation's
  text but not another's (an `any` list is fine when its other patterns cover the rest).

Like the checks in grader.labs.checks, everything here looks at shapes defensively: it runs on
data that may also have schema errors, and on keys (`alternatives`) newer than this module.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.labs.checks import VARIABLE
from grader.labs.document import Document, PathPart
from grader.labs.errors import LabError

# Stand-in for `${var}` while a pattern is tried on sample lines. Unlike checks.py's "x" (which
# only has to compile) it must not appear in NCCL output: the real value is unknown at lint time,
# so a pattern is judged by its fixed text alone and a variable never causes a warning.
_VARIABLE_STAND_IN = "\N{REPLACEMENT CHARACTER}"
_FACTS = "docs/nccl-facts.md"
# Lines with nothing of NCCL in them: a `none` pattern that matches one (`\S`, `.`) rejects any
# output at all. That is a check for empty output, e.g. after a `grep` stage whose filter decides
# which warnings get through, not a pattern aimed at NCCL's warnings, so rule a skips it.
_ANY_LINE = ("ok", "#", "0")


@dataclass(frozen=True, slots=True)
class HarmlessWarning:
    """A WARN line that NCCL prints in runs that then succeed."""

    text: str  # how a sentence names it
    versions: str
    sample: str  # a full line as observed in real output


HARMLESS_WARNINGS: tuple[HarmlessWarning, ...] = (
    HarmlessWarning(
        text="`Failed to open libibverbs.so[.1]`",
        versions="NCCL ≤ 2.10 at NCCL_DEBUG=WARN",
        sample=(
            "gpu-pcie-09:26367:26367 [0] misc/ibvwrap.cc:63 NCCL WARN "
            "Failed to open libibverbs.so[.1]"
        ),
    ),
    HarmlessWarning(
        text="`Failed to find CUDA library`",
        versions="NCCL 2.18",
        sample=(
            "ip-172-31-5-20:26224:26224 [1] misc/cudawrap.cc:179 NCCL WARN Failed to find CUDA "
            "library libcuda.so (NCCL_CUDA_PATH='') : libcuda.so: cannot open shared object file: "
            "No such file or directory"
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Generation:
    """What one range of NCCL versions prints where the other generations print something else."""

    text: str  # the distinctive text, as quoted in sentences
    versions: str  # e.g. "NCCL ≥ 2.24"
    mention: str  # regex (case-insensitive) that finds the text in a lab's prose
    samples: tuple[str, ...]  # full lines; an entry's samples differ only in the text


@dataclass(frozen=True, slots=True)
class VersionedText:
    """One NCCL text that differs by generation, with every generation's form."""

    subject: str  # what the text is, for sentences
    facts: str  # the sections of docs/nccl-facts.md it rests on
    generations: tuple[Generation, ...]


_HOST = "gpu-node-01:24281:24281 [0]"
_CHANNEL = f"{_HOST} NCCL INFO Channel 00 : 0[0] -> 1[1] via "

VERSIONED_TEXTS: tuple[VersionedText, ...] = (
    VersionedText(
        subject="the result text of the `no socket interface found` failure",
        facts="§3.3, §6.3",
        generations=(
            Generation(
                text="invalid usage",
                versions="NCCL ≥ 2.24",
                mention=r"invalid usage",
                samples=(
                    "gpu-node-01: Test NCCL failure common.cu:1550 "
                    "'invalid usage (run with NCCL_DEBUG=WARN for details) / '",
                ),
            ),
            Generation(
                text="internal error - please report this issue to the NCCL developers",
                versions="NCCL ≤ 2.23",
                mention=r"internal error",
                samples=(
                    "gpu-node-01: Test NCCL failure common.cu:1550 "
                    "'internal error - please report this issue to the NCCL developers / '",
                ),
            ),
        ),
    ),
    VersionedText(
        subject="the message for a libibverbs that cannot be loaded",
        facts="§3.1",
        generations=(
            Generation(
                text="Count not open libibverbs",
                versions="NCCL 2.30",
                mention=r"count not open libibverbs",
                samples=(
                    f"{_HOST} NCCL INFO Count not open libibverbs.so",
                    f"{_HOST} NCCL INFO Count not open libibverbs.so.1",
                ),
            ),
            Generation(
                text="Failed to open libibverbs",
                versions="NCCL ≤ 2.29",
                mention=r"failed to open libibverbs",
                samples=(f"{_HOST} NCCL INFO Failed to open libibverbs.so[.1]",),
            ),
        ),
    ),
    VersionedText(
        subject="the shared-memory transport in `via` lines",
        facts="§3.2, §6.3",
        generations=(
            Generation(
                text="via SHM/direct/direct",
                versions="NCCL 2.13 – 2.30.4",
                mention=r"SHM/direct/",
                samples=(f"{_CHANNEL}SHM/direct/direct",),
            ),
            Generation(
                text="via SHM/direct",
                versions="NCCL 2.30.7+",
                mention=r"SHM/direct(?![/\w])",
                samples=(f"{_CHANNEL}SHM/direct",),
            ),
            Generation(
                text="via direct shared memory",
                versions="NCCL ≤ 2.12",
                mention=r"direct shared memory",
                samples=(f"{_CHANNEL}direct shared memory",),
            ),
        ),
    ),
    VersionedText(
        subject="the bootstrap interface line",
        facts="§3.1",
        generations=(
            Generation(
                text="Bootstrap: Using",
                versions="NCCL ≥ 2.24.3",
                mention=r"Bootstrap: Using",
                samples=(f"{_HOST} NCCL INFO Bootstrap: Using eth0:10.0.0.2<0>",),
            ),
            Generation(
                text="Bootstrap : Using",
                versions="NCCL ≤ 2.24.2",
                mention=r"Bootstrap : Using",
                samples=(f"{_HOST} NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>",),
            ),
        ),
    ),
)

# Step keys whose text a learner reads (each a string, or a list of strings for `hints`).
_PROSE_KEYS = ("instructions", "hints", "question", "explanation")


def fragile_warnings(doc: Document, lab_file: Path) -> list[LabError]:
    """Every fragile pattern in the lab at `lab_file` (its data is `doc.data`), by position.

    `lab_file` is not needed by today's rules (they read the text alone); it keeps the signature
    of grader.labs.checks.semantic_errors."""
    data = doc.data if isinstance(doc.data, dict) else {}
    found = data.get("steps")
    steps: list[Any] = found if isinstance(found, list) else []
    warnings: list[LabError] = []
    if isinstance(data.get("description"), str):
        warnings += _prose(doc, [(["description"], data["description"])])
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        warnings += _prose(doc, list(step_prose(step, ["steps", index])))
        for path, output in _outputs(step, ["steps", index]):
            warnings += _none_patterns(doc, output, path)
            warnings += _versioned_patterns(doc, output, path)
    return sorted(set(warnings))


# ---------------------------------------------------------------- walking the lab
def step_prose(step: dict[str, Any], path: list[PathPart]) -> Iterator[tuple[list[PathPart], str]]:
    """A step's text a learner reads (instructions, hints, question, explanation, choices),
    each with its path in the lab document."""
    for key in _PROSE_KEYS:
        value = step.get(key)
        if isinstance(value, str):
            yield [*path, key], value
        elif isinstance(value, list):
            for item, text in enumerate(value):
                if isinstance(text, str):
                    yield [*path, key, item], text
    choices = step.get("choices")
    for item, choice in enumerate(choices if isinstance(choices, list) else []):
        if isinstance(choice, dict) and isinstance(choice.get("text"), str):
            yield [*path, "choices", item, "text"], choice["text"]


def _outputs(
    step: dict[str, Any], path: list[PathPart], nested: bool = False
) -> Iterator[tuple[list[PathPart], dict[str, Any]]]:
    """Each `output` mapping of a step: its own, its probe's, and those of its alternatives."""
    if isinstance(step.get("output"), dict):
        yield [*path, "output"], step["output"]
    probe = step.get("probe")
    if isinstance(probe, dict) and isinstance(probe.get("output"), dict):
        yield [*path, "probe", "output"], probe["output"]
    alternatives = step.get("alternatives")
    if not nested and isinstance(alternatives, list):
        for item, alternative in enumerate(alternatives):
            if isinstance(alternative, dict):
                yield from _outputs(alternative, [*path, "alternatives", item], nested=True)


def _patterns(
    output: dict[str, Any], kind: str, path: list[PathPart]
) -> Iterator[tuple[list[PathPart], re.Pattern[str]]]:
    """The compiled patterns of `output[kind]`, each with the path of its text."""
    listed = output.get(kind)
    for item, pattern in enumerate(listed if isinstance(listed, list) else []):
        found = compile_for_samples(pattern)
        if found is not None:
            key, regex = found
            at: list[PathPart] = [*path, kind, item]
            yield ([*at, key] if key else at), regex


def compile_for_samples(pattern: Any) -> tuple[str | None, re.Pattern[str]] | None:
    """A lab output pattern compiled as the matcher searches it (one line at a time), with the
    key its text sits under (None for a plain string); None when it is malformed or its regex
    does not compile (the schema and check/regex report those)."""
    if isinstance(pattern, str):
        key, text, regex, ignore_case = None, pattern, False, False
    elif isinstance(pattern, dict):
        ignore_case = pattern.get("ignore_case") is True
        if isinstance(pattern.get("regex"), str):
            key, text, regex = "regex", pattern["regex"], True
        elif isinstance(pattern.get("contains"), str):
            key, text, regex = "contains", pattern["contains"], False
        else:
            return None
    else:
        return None
    if not text:
        return None
    source = VARIABLE.sub(_VARIABLE_STAND_IN, text)
    try:
        compiled = re.compile(
            source if regex else re.escape(source), re.IGNORECASE if ignore_case else 0
        )
    except re.error:
        return None
    return key, compiled


# ---------------------------------------------------------------- the rules
def _none_patterns(
    doc: Document, output: dict[str, Any], path: list[PathPart]
) -> Iterator[LabError]:
    for at, regex in _patterns(output, "none", path):
        hits = [w for w in HARMLESS_WARNINGS if regex.search(w.sample)]
        if not hits or any(regex.search(line) for line in _ANY_LINE):
            continue
        named = " and ".join(f"the harmless {w.text} warning of {w.versions}" for w in hits)
        yield doc.error(
            at,
            "warn/none-rejects-harmless",
            f"This `none` pattern also matches {named}, so it would reject runs that succeed; "
            "reject the failure itself instead (e.g. `Test NCCL failure`, or a nonzero exit) "
            f"({_FACTS} §3.1, §6.3).",
        )


def _quoted(generations: list[Generation]) -> str:
    return " and ".join(f"{g.versions} prints `{g.text}`" for g in generations)


def _prose(doc: Document, texts: list[tuple[list[PathPart], str]]) -> Iterator[LabError]:
    """Texts read together (one step, or the description) that quote one generation's text and
    no other generation's: warned once per catalogue entry, at the first text quoting it."""
    for entry in VERSIONED_TEXTS:
        mentioned = [
            [path for path, text in texts if re.search(g.mention, text, re.IGNORECASE)]
            for g in entry.generations
        ]
        named = [g for g, paths in zip(entry.generations, mentioned, strict=True) if paths]
        if len(named) != 1:
            continue  # not quoted at all, or more than one generation is covered
        (generation,) = named
        first = next(paths for paths in mentioned if paths)[0]
        others = [g for g in entry.generations if g is not generation]
        yield doc.error(
            first,
            "warn/version-specific-text",
            f"This text quotes `{generation.text}`, {entry.subject} as {generation.versions} "
            f"prints it, but {_quoted(others)} there; name every form so learners on any NCCL "
            f"recognise their output ({_FACTS} {entry.facts}).",
        )


def _versioned_patterns(
    doc: Document, output: dict[str, Any], path: list[PathPart]
) -> Iterator[LabError]:
    """Each `all` pattern must match every generation of an entry it matches at all; an `any`
    list passes on any one pattern, so it is judged as a whole (warned once, at the list)."""
    for kind in ("all", "any"):
        patterns = list(_patterns(output, kind, path))
        for entry in VERSIONED_TEXTS:
            covered = [
                (at, [any(rx.search(s) for s in g.samples) for g in entry.generations])
                for at, rx in patterns
            ]
            if kind == "any":
                union = [any(hits[i] for _, hits in covered) for i in range(len(entry.generations))]
                covered = [([*path, kind], union)]
            for at, hits in covered:
                if not any(hits) or all(hits):
                    continue
                matched = [g for g, hit in zip(entry.generations, hits, strict=True) if hit]
                missing = [g for g, hit in zip(entry.generations, hits, strict=True) if not hit]
                what = "pattern matches" if kind == "all" else "list's patterns match"
                versions = " and ".join(f"{g.versions}'s" for g in matched)
                texts = ", ".join(f"`{g.text}`" for g in matched)
                yield doc.error(
                    at,
                    "warn/version-specific-pattern",
                    f"This `{kind}` {what} only {versions} text for {entry.subject} ({texts}); "
                    f"{_quoted(missing)} instead, so accept every form (an alternation, or an "
                    f"`any` list) ({_FACTS} {entry.facts}).",
                )
