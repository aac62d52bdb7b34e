"""Lab variables in expectations: `${name}` substituted, a value matched, a name misspelt.

Pure: the text of a lab's expectation and the shell's variables in, text or a verdict out.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from grader.labs import (
    Lab,
    ValueMatch,
    value_in_words,
)
from grader.matching import ncclifname

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
# A misspelt variable name (NCCL_SOCKET_IFNAM for NCCL_SOCKET_IFNAME): difflib's ratio at least.
_TYPO_RATIO = 0.9


def substitute(text: str, variables: Mapping[str, str], *, regex: bool = False) -> str:
    """Replace `${var}` with captured values; unknown names stay as written (they never match).

    In regexes the value is escaped: a captured `eth0.5` must match only itself.
    """

    def repl(m: re.Match[str]) -> str:
        if m.group(1) not in variables:
            return m.group(0)
        value = variables[m.group(1)]
        return re.escape(value) if regex else value

    return _VAR.sub(repl, text)


def unknown_variables(texts: Iterable[str], variables: Mapping[str, str]) -> list[str]:
    """The `${name}`s in `texts` that `variables` has no value for, each once, in order of use."""
    names = (name for text in texts for name in _VAR.findall(text))
    return list(dict.fromkeys(n for n in names if n not in variables))


def pending_value(name: str, lab: Lab | None) -> str:
    """How a reason names the lab variable `name` that no step has captured yet: by the step
    that captures it, its number and title (the author's words), never by the internal name."""
    step = lab.capturing_step(name) if lab is not None else None
    if lab is None or step is None:
        return "a value an earlier step finds (do that step first)"
    n = lab.steps.index(step) + 1
    capture = lab.number_capture(name)
    what = f"{capture.label}, which" if capture is not None and capture.label else "the value"
    return f"{what} step {n} finds (“{step.title}”: do step {n} first)"


def describe_value(vm: ValueMatch, variables: Mapping[str, str], lab: Lab | None = None) -> str:
    v = substitute(vm.value, variables)
    unknown = _VAR.findall(v)
    if unknown and vm.kind != "absent":
        return pending_value(unknown[0], lab)
    # Only the wording of vm.kind is made: this runs for every value of every step a command
    # is weighed against, and a regex's words take a parse of the pattern.
    if vm.kind == "equals":
        return v
    if vm.kind == "prefix":
        return f"something starting with {v}"
    if vm.kind == "contains":
        return f"something containing {v}"
    if vm.kind == "regex":
        return value_in_words(v) or f"something matching the pattern `{v}`"
    if vm.kind == "absent":
        return "unset"
    if vm.kind == "selects_interface":
        return (
            f"a value that makes NCCL use {v} ({v}, ={v}, a prefix or a list that selects it, "
            f"or ^docker,lo; a value that also keeps lo makes NCCL use lo)"
        )
    raise KeyError(vm.kind)


def value_matches(vm: ValueMatch, value: str | None, variables: Mapping[str, str]) -> bool:
    if vm.kind == "absent":
        return value is None
    if value is None:
        return False
    if vm.kind == "regex":
        try:
            return re.search(substitute(vm.value, variables, regex=True), value) is not None
        except re.error:
            return False
    want = substitute(vm.value, variables)
    if vm.kind == "selects_interface":
        return not _VAR.search(want) and ncclifname.selects(value, want)
    if vm.kind == "equals":
        return value == want
    if vm.kind == "prefix":
        return value.startswith(want)
    return want in value


def misspelt(name: str, names: Iterable[str]) -> str | None:
    """The one of `names` that looks like a typo of `name` (not `name` itself), if any."""
    others = [n for n in names if n != name]
    close = difflib.get_close_matches(name, others, n=1, cutoff=_TYPO_RATIO)
    return close[0] if close else None
