"""Events the capture parser emits: the contract between capture and everything downstream.

The parser (grader.capture.parser) is sans-I/O: it is fed the bytes of one session file and
returns these events. A command's output can be huge (`cat` of 100 MB), so output arrives as a
stream of `OutputLines` between `CommandStarted` and `CommandEnded`; matching consumes the stream,
and only a capped excerpt is kept on the final `CommandRecord`.

A command is identified by (session, aid, n): the session file, the shell's pid (`aid=` in the
markers) and the shell's strictly increasing command number (`n=`). docs/architecture.md "Parsing".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class CommandStarted:
    """PS0 fired: a full line was read and is about to run (OSC 633;E + 133;C)."""

    session: str
    aid: int
    n: int
    line: str
    t0: float | None
    cwd: str | None
    hist: int | None
    # False when HISTCMD did not advance since the previous command: the line text may be stale.
    line_reliable: bool = True


@dataclass(frozen=True, slots=True)
class OutputLines:
    """Complete rendered lines of the running command's output (CR/BS/CSI K applied)."""

    session: str
    aid: int
    n: int
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """One finished (or abandoned) command: what ran, what it printed, how it ended."""

    session: str
    aid: int
    n: int
    line: str
    exit: int | None  # None: the shell went away before the command ended (exit unknown)
    pipestatus: tuple[int, ...]
    cwd: str | None
    t0: float | None
    t1: float | None
    output: str  # rendered text, capped (see parser.OUTPUT_KEEP_CHARS); matching saw all of it
    output_chars: int = 0  # rendered characters seen in total
    output_truncated: bool = False
    fullscreen: bool = False  # the command switched to the alternate screen (CSI ?1049h)
    line_reliable: bool = True
    # Signed 133;T payloads (AttestationSeen.body, latin-1 decoded: a lossless bytes<->str map)
    # whose signature verified with the node's public key: kept on the record so a regrade
    # reaches the verdict the daemon reached. Empty unless the ingest side verified some
    # (grader.matching.attest).
    attestations: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CommandEnded:
    """precmd fired after a command (OSC 133;D): carries the finished record."""

    record: CommandRecord


@dataclass(frozen=True, slots=True)
class PromptWithoutCommand:
    """A D marker with no C: empty Enter, Ctrl-C at the prompt, or a syntax error.

    `not_executed` is True when HISTCMD advanced (a line was entered but never ran).
    """

    session: str
    aid: int
    n: int
    exit: int
    not_executed: bool


@dataclass(frozen=True, slots=True)
class AttestationSeen:
    """A `133;T` marker with the session's nonce inside the output of command (aid, n).

    The node's privileged helper writes it after running a lab program (attest_run.py): the
    innermost open command is the one whose line ran it. `body` is the raw payload between
    `ESC ]` and the terminator, signature included, unverified: the parser has no key. Verification
    and judging live downstream (grader.matching.attest); it is never rendered as output.
    """

    session: str
    aid: int
    n: int
    body: bytes
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Anomaly:
    """Something that looks forged, replayed or broken; recorded in the audit log, never graded.

    kind is one of: "bad_nonce", "replayed_marker" (n did not strictly increase),
    "malformed_marker", "unpaired_end", "oversized_marker", "unannounced_shell" (a 133;C for a
    shell pid, aid, that no 133;A introduced: a forged block for an invented shell; the command
    is still parsed, docs/SECURITY.md). Attested runs (grader.matching.attest) add
    "forged_attestation" (a 133;T whose signature does not verify with the node's key),
    "replayed_attestation" (a signature already used in this session) and "unattested" (a step that
    needs an attested run verified on its line alone: nothing signed by the node backs it). The
    engine adds "expected_output_elsewhere" (an unverified step's expected output shown by a
    command whose program cannot verify it: printed, copied, or one's own saved log; a hint).
    Shells that cannot be trusted add "shell_unsupported" (the hooks said this bash cannot
    capture command lines at all: bash < 4.4) and "line_unreliable" (the first command line of a
    shell that is not certainly the line that ran: history did not advance, no h=, no E; once
    per shell). Neither is an attack on its own; both tell the operator grading is impossible.
    A session's bounds add "too_many_open_commands" and "too_many_shells" (once per session
    each, grader/capture/parser.py MAX_OPEN_COMMANDS, MAX_SHELLS) and "anomalies_suppressed"
    (past ANOMALIES_PER_KIND of one kind; extra `kind` and `suppressed`, the count so far).
    """

    session: str
    kind: str
    detail: str
    offset: int = 0
    extra: dict[str, str] = field(default_factory=dict)


Event = (
    CommandStarted | OutputLines | CommandEnded | PromptWithoutCommand | AttestationSeen | Anomaly
)


# --- construction on the parser's hot path ------------------------------------------------------


def _builder(cls: type[_T]) -> Callable[..., _T]:
    """A positional constructor for the frozen slots dataclass `cls`, ~3x cheaper than `cls(...)`.

    Why: the parser builds a CommandStarted, a CommandRecord and a CommandEnded for every command
    (and an OutputLines per batch of lines), and a frozen dataclass's `__init__` sets each field
    with `object.__setattr__`, ~560 CPython 3.11 instructions a field (a third of the parser's
    cost of a command that prints nothing). The builder is a function that makes an instance of
    a plain class with the same slots, stores the fields with the interpreter's own slot store,
    then relabels the instance as `cls` (`__class__` assignment, which CPython allows between
    classes of identical layout only; one probe build here makes a layout change fail at import,
    not later). A function rather than that class's `__init__`: calling a class runs `__init__`
    through type_call and a nested interpreter frame, ~12 % more per event (measured). What comes
    out is an ordinary `cls` instance: same type, fields, equality, hash, repr, immutability
    (`cls`'s `__setattr__` raises FrozenInstanceError), `dataclasses.replace`/`asdict`, pickling.
    Every field must be passed, positionally, in declaration order (no defaults).
    """
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    if getattr(cls, "__slots__", None) != names:
        raise TypeError(f"{cls.__name__}: a builder needs slots in field order")
    blank = type(f"_{cls.__name__}Blank", (), {"__slots__": names})
    params = ", ".join(names)
    stores = "".join(f"    self.{name} = {name}\n" for name in names)
    namespace: dict[str, Any] = {"cls": cls, "blank": blank}
    exec(
        f"def new_{cls.__name__}({params}):\n    self = blank()\n{stores}"
        "    self.__class__ = cls\n    return self\n",
        namespace,
    )
    build: Callable[..., _T] = namespace[f"new_{cls.__name__}"]
    build(*(None for _ in names))  # the layout check, now
    return build


new_command_started: Callable[..., CommandStarted] = _builder(CommandStarted)
new_output_lines: Callable[..., OutputLines] = _builder(OutputLines)
new_command_record: Callable[..., CommandRecord] = _builder(CommandRecord)
new_command_ended: Callable[..., CommandEnded] = _builder(CommandEnded)
