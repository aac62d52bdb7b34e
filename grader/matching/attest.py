"""Attested runs on the grader side: verify the node's signed 133;T markers and judge steps by them.

Why (docs/SECURITY.md): the learner owns the shell that prints the capture markers, so a learner
who reads the session nonce can print a whole forged C..D block. The node signs what its lab
programs really did (grader/node/files/attest_run.py, run as root through a wrapper) with an
Ed25519 private key only root can read; the grader holds only the public key, which verifies and
cannot sign, so neither a learner nor anyone who reads the grader's files can make a signed run.
Here:

- `Attester` sits between a session's parser and the engine: it checks each `AttestationSeen`
  with the node's public key (a bad signature is `forged_attestation`, ignored) and puts the
  verified payloads on their command's record (`CommandRecord.attestations`), so the store keeps
  them and a regrade sees what the daemon saw. Without a key nothing can be verified and nothing
  is attached. A payload that names an output record (grader/protocol/run_record.py: what the
  program wrote, as the node's helper relayed it) brings the record along, as one more kept
  entry (`record_entry`), when its bytes hash to what the signature covers; `records_of` reads
  them back for grader/matching/signed_output.py.
- `attestation_problem` is the engine's rule: a step whose program the lab lists under
  `attest.programs` verifies, when enforced, only if some attached run is that program, satisfies
  the step's command expectation by itself (its own argv and NCCL/CUDA environment), meets the
  step's exit expectation and lies within the command's C..D time (with CLOCK_SLACK_S).

The marker format has one definition, grader/protocol/signed_run.py: the node's helper imports the
same module (installed beside it), so the two sides cannot drift apart.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from grader.capture import Anomaly, AttestationSeen, CommandEnded, CommandRecord, Event
from grader.labs import ExitExpect, Lab, Step
from grader.matching.cmdline import SimpleCommand
from grader.matching.command_check import check_stage
from grader.matching.exit_check import check_duration, check_exit
from grader.matching.shellenv import CommandView
from grader.protocol import run_record, signed_run

#: How far a signed run's t0/t1 may lie outside the command's C/D times: the helper and the
#: shell read the same clock, but the shell's EPOCHREALTIME and the helper's time.time() are taken
#: a few steps apart (fork, exec, sudo).
CLOCK_SLACK_S = 2.0

#: Hex digits of a signature remembered per used attestation (a replay check): 64 bits never
#: collide by chance within a learner's lab, and the engine's snapshot stays small.
SIG_KEPT_HEX = 16

Mode = Literal["required", "auto", "off"]


Attestation = signed_run.Attestation
#: Where the node keeps its public key: what the daemon fetches, what --attest-key files hold.
PUBLIC_KEY_PATH = signed_run.PUBLIC_KEY_PATH


def enforced(mode: Mode, key: bytes | None) -> bool:
    """Whether steps that need an attested run need one: `auto` only where the node has a key."""
    return mode == "required" or (mode == "auto" and key is not None)


def read_key(path: str | Path) -> bytes:
    """A public key file (64 hex digits) as 32 bytes; OSError or ValueError when unusable."""
    return signed_run.load_key(Path(path).read_bytes())


@lru_cache(maxsize=4096)
def _public(key: bytes) -> Ed25519PublicKey:
    return Ed25519PublicKey.from_public_bytes(key)


def verify_signature(key: bytes, signature: bytes, data: bytes) -> bool:
    """Whether `signature` is the Ed25519 signature of `data` by the raw public key `key`."""
    try:
        _public(key).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def verify(key: bytes, body: bytes) -> bool:
    """Whether a `133;T` payload carries a valid Ed25519 signature, by the node whose raw public
    key is `key`, over its own bytes."""
    parts = signed_run.split(body)
    return parts is not None and verify_signature(key, parts[1], parts[0])


def encode_body(body: bytes) -> str:
    """A payload as it is kept on a record: latin-1 maps bytes to str and back losslessly."""
    return body.decode("latin-1")


def decode_body(text: str) -> bytes:
    return text.encode("latin-1")


def sig_id(text: str) -> str:
    """What the replay check remembers of a kept payload: the start of its signature."""
    return text[text.rfind(";s=") + 3 :][:SIG_KEPT_HEX]


#: How a kept output record is told from a kept payload (a payload starts with `133;T;`): a
#: control character no payload has, the record's file name, the same character, then its bytes
#: in base64. No NUL anywhere: PostgreSQL refuses NUL in a JSON document, and a command's kept
#: entries are one (tests/store/test_attested_records.py).
RECORD_TAG = "\x01R"
#: The form stores written before: NUL, name, NUL, the bytes as latin-1; still read.
OLD_RECORD_TAG = "\x00R"


def record_entry(name: str, data: bytes) -> str:
    """A verified output record as kept on its command's record, beside the payload naming it."""
    return RECORD_TAG + name + "\x01" + base64.b64encode(data).decode("ascii")


def is_record_entry(text: str) -> bool:
    return text.startswith(RECORD_TAG) or text.startswith(OLD_RECORD_TAG)


def payloads(texts: Iterable[str]) -> list[str]:
    """The kept signed payloads, without the output records kept beside them."""
    return [t for t in texts if not is_record_entry(t)]


def records_of(texts: Iterable[str]) -> dict[str, bytes]:
    """The kept output records by file name (what `record_entry` kept)."""
    out = {}
    for text in texts:
        if text.startswith(RECORD_TAG):
            name, _, body = text[len(RECORD_TAG) :].partition("\x01")
            out[name] = base64.b64decode(body)
        elif text.startswith(OLD_RECORD_TAG):
            name, _, body = text[len(OLD_RECORD_TAG) :].partition("\x00")
            out[name] = body.encode("latin-1")
    return out


def record_fits(att: Any, data: bytes | None) -> bool:
    """Whether `data` is the output record the signed run `att` names: the hash it signs. (The
    run is this session's by its nonce, checked by the parser, and this command's once: a
    replayed marker is `replayed_attestation`; its record is bound to it by the hash.)"""
    return data is not None and bool(att.record) and run_record.digest(data) == att.record_hash


def verify_kept(key: bytes, texts: Iterable[str]) -> tuple[str, ...]:
    """The stored payloads whose signature verifies with `key` (regrade re-checks them), with
    the output records whose bytes one of them signs."""
    kept = tuple(t for t in payloads(texts) if verify(key, decode_body(t)))
    signed = {(a.record, a.record_hash) for a in parse_kept(kept) if a.record}
    records = records_of(texts)
    return kept + tuple(
        record_entry(name, data)
        for name, data in records.items()
        if (name, run_record.digest(data)) in signed
    )


class RecordShelf:
    """The output records a node's reader sent, per learner, until a command takes them.

    The reader sends a record (a `.run` file) before the session bytes that end its command
    (spool_reader.py `records_first`), so a record is here when its signed run is attached.
    Bounded per learner (RECORD_BYTES_PER_LEARNER, oldest dropped first): after a reconnect the
    reader sends every record again, and only the newest can still belong to a command to come.
    """

    __slots__ = ("_by_learner",)

    def __init__(self) -> None:
        self._by_learner: dict[str, dict[str, bytearray]] = {}

    def feed(self, learner: str, name: str, offset: int, data: bytes) -> None:
        """A data frame of record `name`; a frame at offset 0 starts the record over."""
        if run_record.record_session(name) is None:
            return
        shelf = self._by_learner.setdefault(learner, {})
        have = shelf.pop(name, None)  # (re)inserted last: the newest
        if offset == 0 or have is None or len(have) != offset:
            have = bytearray() if offset == 0 else None
        if have is None or len(have) + len(data) > run_record.RECORD_MAX:
            return  # a gap in the stream, or more than a record can be: not kept
        have += data
        shelf[name] = have
        total = sum(len(v) for v in shelf.values())
        while total > RECORD_BYTES_PER_LEARNER and len(shelf) > 1:
            oldest = next(iter(shelf))
            total -= len(shelf.pop(oldest))

    def of(self, learner: str) -> dict[str, bytearray]:
        """The learner's shelf (live: an Attester reads and takes from it)."""
        return self._by_learner.setdefault(learner, {})


#: What the daemon holds of one learner's output records waiting for their commands: a few runs'
#: whole records (each at most run_record.RECORD_MAX).
RECORD_BYTES_PER_LEARNER = 8 * 1024 * 1024


class Attester:
    """One session's 133;T markers checked with the node's keys and put on their records.

    Sans-I/O like the parser: `event(ev)` returns what to pass on in place of `ev` (None: nothing;
    a forged marker becomes an Anomaly). Only sessions with T markers ever hold state here.
    `keys`: the node's current public key first, then keys it had until recently (a rotation
    keeps the old one for a while: grader.daemon.nodekeys says why); a marker any of them
    verifies is the node's.
    """

    __slots__ = ("_pending_set", "keys", "pending", "records")

    def __init__(self, key: bytes | tuple[bytes, ...] | None, records: Any = None) -> None:
        """`key`: the node's public key, or its keys (current first); None: no key.
        `records`: the session's learner's output records by file name, with `get` and
        `pop` (the daemon's RecordShelf.of, FolderRecords beside a replayed session); a record
        attached is taken out."""
        self.keys: tuple[bytes, ...] = (
            () if key is None else (key,) if isinstance(key, bytes) else tuple(key)
        )
        self.records = records if records is not None else {}
        self.pending: dict[tuple[int, int], list[str]] = {}  # (aid, n) -> verified payloads
        # the same, as a set: a run is signed once, so a copy the learner prints again inside
        # its command is no second run (and was a stored copy of his bytes each time)
        self._pending_set: set[tuple[int, int, str]] = set()

    def verifies(self, body: bytes) -> bool:
        """Whether one of the node's keys verifies the payload."""
        return any(verify(key, body) for key in self.keys)

    def unknown(self, ev: AttestationSeen) -> bool:
        """Whether the marker would be `forged_attestation` with the keys known now (a key the
        node rotated to since may still verify it: the daemon asks the node, then decides)."""
        if not self.keys:
            return False
        text = encode_body(ev.body)
        return (ev.aid, ev.n, text) not in self._pending_set and not self.verifies(ev.body)

    def seen(self, ev: AttestationSeen) -> Anomaly | None:
        """Verify one marker: kept for its command, or an anomaly (None when kept or no key)."""
        if not self.keys:
            return None  # nothing can be verified: the run counts as unattested
        text = encode_body(ev.body)
        if (ev.aid, ev.n, text) in self._pending_set:
            return None  # these very bytes verified already: kept once
        if not self.verifies(ev.body):
            return Anomaly(
                ev.session,
                "forged_attestation",
                f"133;T for aid={ev.aid} n={ev.n} whose signature the node's key does not verify",
                ev.offset,
                {"aid": str(ev.aid), "n": str(ev.n)},
            )
        self.pending.setdefault((ev.aid, ev.n), []).append(text)
        self._pending_set.add((ev.aid, ev.n, text))
        return None

    def ended(self, ev: CommandEnded) -> CommandEnded:
        """The command's end with its verified payloads on the record, and the output records
        they sign (a missing or altered record: the run is kept, its output is not)."""
        kept = self.pending.pop((ev.record.aid, ev.record.n), None)
        if not kept:
            return ev
        for text in kept:
            self._pending_set.discard((ev.record.aid, ev.record.n, text))
        for att in parse_kept(kept):
            if not att.record:
                continue
            data = self.records.get(att.record)
            if data is not None and record_fits(att, bytes(data)):
                kept.append(record_entry(att.record, bytes(data)))
                self.records.pop(att.record, None)
        record = replace(ev.record, attestations=ev.record.attestations + tuple(kept))
        return CommandEnded(record)

    def event(self, ev: Event) -> Event | None:
        if isinstance(ev, AttestationSeen):
            return self.seen(ev)
        if isinstance(ev, CommandEnded) and self.pending:
            return self.ended(ev)
        return ev

    def events(self, events: Iterable[Event]) -> list[Event]:
        out = []
        for ev in events:
            passed = self.event(ev)
            if passed is not None:
                out.append(passed)
        return out


# ---------------------------------------------------------------- judging a step by its runs
def _window_problems(att: Any, rec: CommandRecord) -> list[str]:
    """Whether the signed run lies within the command's C..D time (with CLOCK_SLACK_S)."""
    problems = []
    if rec.t0 is None or att.t0 < rec.t0 - CLOCK_SLACK_S:
        problems.append("the signed run started before the command did")
    if rec.t1 is None or att.t1 > rec.t1 + CLOCK_SLACK_S:
        problems.append("the signed run ended after the command did")
    return problems


def _run_problems(
    att: Any,
    step: Step,
    rec: CommandRecord,
    variables: Mapping[str, str],
    learner: str,
    exit_: ExitExpect | None = None,
    lab: Lab | None = None,
) -> list[str]:
    """Why one signed run does not back the step (empty: it does). `lab` words a value no step
    has captured yet by the step that captures it, as the line's own reasons do.

    Its context first: the run must be this learner's (`u=`, the account the helper ran it as;
    a run signed for another account, copied into this session, is not his work). The session
    nonce was checked by the parser, the time window is checked below.
    """
    assert step.command is not None and step.command.main is not None
    main = step.command.main
    if learner and att.user != learner:
        return [f"the signed run is {att.user!r}'s, not {learner!r}'s"]
    if att.program not in main.program:
        return [f"the signed run is {att.program}, not {' or '.join(main.program)}"]
    # The marker carries only the variables that change what the programs do (NCCL_*, CUDA_*):
    # others (LD_LIBRARY_PATH, ...) are judged on the line alone.
    env = {k: v for k, v in main.env.items() if signed_run.ENV_NAME.match(k)}
    cmd = SimpleCommand(env={}, program=att.program, argv=[att.program, *att.args])
    view = CommandView(cmd, dict(att.env), {}, 0)
    stage = check_stage(replace(main, env=env), view, variables, lab)
    problems = [f"the signed run: {p}" for p in stage]
    exit_ = exit_ if exit_ is not None else step.exit
    # the signed run is the main program's own exit: it decides the line's status ($?) and, when
    # the program leads its pipeline, PIPESTATUS[0] too (a stage the learner's markers report)
    if exit_ is not None and exit_.stage in (None, 0):
        p = check_exit(exit_, att.exit, (att.exit,))
        if p:
            problems.append(f"the signed run: {p}")
    if step.duration is not None:
        p = check_duration(step.duration, att.t0, att.t1, "the signed run")
        if p:
            problems.append(p)
    return problems + _window_problems(att, rec)


def answer_signed(
    runs: Sequence[Any], rec: CommandRecord, learner: str, step_id: str, choice: str
) -> bool:
    """Whether one of the command's signed runs is the node's own `lab answer STEP CHOICE`,
    exited 0, for `learner` (empty offline: anyone's) and within the command's time."""
    return any(
        att.program == "lab"
        and tuple(att.args) == ("answer", step_id, choice)
        and att.exit == 0
        and (not learner or att.user == learner)
        and att.t0 <= att.t1
        and not _window_problems(att, rec)
        for att in runs
    )


def attestation_problem(
    step: Step,
    runs: Sequence[Any],
    rec: CommandRecord,
    variables: Mapping[str, str],
    learner: str = "",
    exit_: ExitExpect | None = None,
    lab: Lab | None = None,
) -> str:
    """Empty when one of the command's signed runs backs the step, else the reason. `learner`
    (the spool directory the session came from; empty offline when unknown) must be the run's.
    `exit_`: the exit the line was judged by (default: the step's own)."""
    best: list[str] | None = None
    for att in runs:
        problems = _run_problems(att, step, rec, variables, learner, exit_, lab)
        if not problems:
            return ""
        if best is None or len(problems) < len(best):
            best = problems
    if best is None:
        assert step.command is not None and step.command.main is not None
        names = " or ".join(step.command.main.program)
        return (
            f"the node has no signed record of this {names} run "
            f"(run {names} as the node installs it, from PATH)"
        )
    return "; ".join(best)


def parse_kept(texts: Iterable[str]) -> list[Any]:
    """The runs in a record's kept payloads (verified when kept: parsing cannot fail for them)."""
    runs = []
    for text in texts:
        att = signed_run.parse(decode_body(text))
        if att is not None:
            runs.append(att)
    return runs
