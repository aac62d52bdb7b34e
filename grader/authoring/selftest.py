"""A lab's self-test, judged: a transcript graded by the lab and compared with what its
`<name>.expect.yaml` says it must get (the format is in grader/authoring/testlab_cmd.py): each
step's final state, the `attempts:` pins on single commands (grader/authoring/attempt_pins.py),
the anomalies, and what differs on one node profile (`on_profile:`).

`grader test-lab` checks recorded transcripts with it; grader/authoring/profile_matrix.py checks
the transcripts it records on each node profile with it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from grader.authoring.attempt_pins import pin_problems
from grader.authoring.session_files import replay
from grader.labs import Lab
from grader.verdict import Evidence, StepVerdict

EXPECT_SUFFIX = ".expect.yaml"
# The built-in profile on the recording machine's own interfaces: where the shipped `<name>.ts`
# were typed (grader/authoring/profile_matrix.py), so what a recorded transcript is checked as.
DEFAULT_PROFILE = "default"
# What an `on_profile:` entry may change for its profile.
PROFILE_KEYS = frozenset({"steps", "attempts"})
#: An expectation's state for a step that may be pending or attempted, only never verified: what
#: a dishonest transcript says of the steps it fakes (`grader new`, `grader import-lesson`).
NOT_VERIFIED = "not verified"
# Output lines shown under a mismatched verdict: enough to see which line decided it.
EVIDENCE_LINES = 3


@dataclass(slots=True)
class Outcome:
    name: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def expected_state(spec: Any) -> tuple[str, str]:
    """(state, reason) of one step in an .expect.yaml: `verified`, or {state, reason}."""
    if isinstance(spec, str):
        return spec, ""
    if isinstance(spec, dict):
        return str(spec.get("state", "")), str(spec.get("reason", ""))
    return "", ""


def expected_profiles(spec: Any) -> list[str] | None:
    """An expectation's `profiles:` (None: every profile)."""
    listed = spec.get("profiles") if isinstance(spec, dict) else None
    if listed is None or listed == "all":
        return None
    return [str(p) for p in listed] if isinstance(listed, list) else [str(listed)]


def on_profile(spec: dict[str, Any], profile: str, source: str) -> tuple[dict[str, Any], list[str]]:
    """The expectation as it holds on `profile`: its `on_profile: {PROFILE: {steps, attempts}}`
    entry's `steps:` replace those steps' entries (a step set to `pending` there must stay
    pending on that profile), its `attempts:` are pinned besides the common ones. And what is
    wrong with the `on_profile:` block (a profile `profiles:` does not cover, an unknown key)."""
    block = spec.get("on_profile")
    if block is None:
        return spec, []
    if not isinstance(block, dict):
        return spec, [f"{source}: on_profile: maps a profile name to its steps:/attempts:"]
    problems = []
    limited = expected_profiles(spec)
    for name, entry in block.items():
        if limited is not None and str(name) not in limited:
            problems.append(f"{source}: on_profile: {name} is not in profiles: {limited}")
        if not isinstance(entry, dict) or set(entry) - PROFILE_KEYS:
            problems.append(f"{source}: on_profile: {name}: only steps: and attempts: may differ")
    entry = block.get(profile)
    if not isinstance(entry, dict):
        return spec, problems
    merged = dict(spec)
    steps = entry.get("steps") or {}
    if isinstance(steps, dict):
        merged["steps"] = {**(spec.get("steps") or {}), **steps}
    extra = entry.get("attempts") or []
    if isinstance(extra, list) and isinstance(spec.get("attempts") or [], list):
        merged["attempts"] = [*(spec.get("attempts") or []), *extra]
    return merged, problems


def holds(want: str, state: str) -> bool:
    """Whether a step's `state` is what an expectation's `want` says."""
    return state != "verified" if want == NOT_VERIFIED else state == want


def check_transcript(
    lab: Lab,
    ts: Path,
    attest_key: bytes | None = None,
    expect_file: Path | None = None,
    profile: str = DEFAULT_PROFILE,
) -> Outcome:
    """Grade one transcript and compare with its expectation (default: the one beside it) as it
    holds on `profile` (default: the profile the shipped transcripts were recorded on)."""
    out = Outcome(ts.name)
    if expect_file is None:
        expect_file = ts.with_name(ts.name.removesuffix(".ts") + EXPECT_SUFFIX)
    if not expect_file.is_file():
        out.problems.append(f"no {expect_file.name} beside it")
        return out
    try:
        spec = yaml.safe_load(expect_file.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        out.problems.append(f"{expect_file.name}: not valid YAML: {exc}")
        return out
    if not isinstance(spec, dict):
        out.problems.append(f"{expect_file.name}: a mapping (description:, steps:, …)")
        return out
    spec, problems = on_profile(spec, profile, expect_file.name)
    out.problems.extend(problems)
    steps_spec = spec.get("steps") or {}
    step_ids = {st.id for st in lab.steps}
    unknown = [s for s in steps_spec if s not in step_ids]
    out.problems.extend(f"{expect_file.name}: no step {s!r} in the lab" for s in unknown)
    result = replay(lab, [ts], spec.get("learner"), attest_key)
    g = result.grader
    for step_id, v in g.verdicts().items():
        want, reason = expected_state(steps_spec.get(step_id, "pending"))
        if not holds(want, v.state.value):
            why = f" ({v.reason})" if v.reason else ""
            out.problems.append(
                f"{step_id}: got {v.state.value}{why}, expected {want}" + _evidence(v.evidence)
            )
        elif reason and reason.lower() not in v.reason.lower():
            out.problems.append(f"{step_id}: reason {v.reason!r} does not mention {reason!r}")
    where = f"{expect_file.name} attempts"
    out.problems += pin_problems(spec.get("attempts"), result.commands, step_ids, where)
    kinds = {a.kind for a in g.anomalies}
    for kind in spec.get("anomalies") or []:
        if kind not in kinds:
            out.problems.append(f"expected a {kind} anomaly, got {sorted(kinds) or 'none'}")
    return out


def _evidence(evidence: Evidence | None) -> str:
    """The command and the output lines a verdict rests on, for the author to see where."""
    if evidence is None:
        return ""
    lines = [f"\n        command: {evidence.line}"]
    shown = evidence.matched or tuple(evidence.excerpt.splitlines()[-EVIDENCE_LINES:])
    lines += [f"\n        output:  {line}" for line in shown[:EVIDENCE_LINES]]
    return "".join(lines)


# ---------------------------------------------------------------- writing expectations
DRAFT_DESCRIPTION = "TODO: what this session does, and why it must grade as below"


def _kept(old: Any, verdict: StepVerdict) -> Any:
    """The old entry for a step when it still holds (its reason substring too), else the state."""
    want, reason = expected_state(old)
    if holds(want, verdict.state.value) and (
        not reason or reason.lower() in verdict.reason.lower()
    ):
        return old
    return verdict.state.value


def expectation_text(old_text: str, verdicts: dict[str, StepVerdict]) -> str:
    """`old_text` (an expectation file, or "") with its `steps:` block made to say what
    `verdicts` say: entries that still hold are kept as written, others become the new state,
    pending steps are left out (but for a `not verified` entry, which still holds). Everything
    outside that block is kept verbatim."""
    try:
        old_spec = yaml.safe_load(old_text) or {} if old_text else {}
    except yaml.YAMLError:
        old_spec = {}
    old_steps = old_spec.get("steps") if isinstance(old_spec, dict) else None
    old_steps = old_steps if isinstance(old_steps, dict) else {}
    steps = {
        step_id: _kept(old_steps.get(step_id), v)
        for step_id, v in verdicts.items()
        if v.state.value != "pending"
        or expected_state(old_steps.get(step_id))[0] == NOT_VERIFIED  # a fake's claim, kept
    }
    block = yaml.safe_dump({"steps": steps}, sort_keys=False, allow_unicode=True, width=100)
    if not steps:
        block = "steps: {}\n"
    lines = old_text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.startswith("steps:")), None)
    if start is None:
        head = "".join(lines) if lines else yaml.safe_dump({"description": DRAFT_DESCRIPTION})
        if head and not head.endswith("\n"):
            head += "\n"
        return head + block
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
        end += 1
    return "".join(lines[:start]) + block + "".join(lines[end:])
