"""The verdict engine: one learner's capture events in, step verdicts out.

`LabGrader` is sans-I/O like the capture parser: `feed(event)` returns the verdicts that event
changed. It holds per-shell state (exported variables, the last command, the command-number high
water mark) because steps depend on order: `after` needs an earlier step verified, `immediately`
needs the very command before this one in the same shell (the seed lab's `echo $?`).

Rules (docs/architecture.md "Trust"; docs/lab-format.md):
- A step's output counts only inside the C..D block of the command whose line matched the step,
  so `echo "NCCL WARN …"` never verifies the `all_reduce_perf` step: `echo` is not the program.
- A step becomes `attempted` only when the main program matched (the semantic closeness rule);
  any other command is irrelevant to it.
- Progress never moves backwards: verified stays verified, attempts after it are not reported.
  Each new attempt on an unverified step is reported (the store counts attempts; the learner
  needs the latest reason).
- Anomalies (forged or replayed markers) are kept in `anomalies`, never graded.
- Attested runs (grader.matching.attest): with `enforce_attestation`, a step whose program the lab
  lists under `attest.programs` verifies only when a node-signed run on its record backs it; a
  line that would verify without one is `unattested` in `fresh_anomalies` (the daemon audits
  them), and a signed run already used (its signature) is `replayed_attestation` and does not count.
- Output forgeries (docs/SECURITY.md): a command whose output satisfies an unverified step's
  output expectations, while its program is not the step's (`echo`, `printf`, `cat`, `script
  -c` …, so it can never verify it), is `expected_output_elsewhere` in `fresh_anomalies`, once
  per (session, step): a hint for the operator, never graded. Judged once at command end over
  the record's kept output, never per streamed line.
- `snapshot()`/`restore()` let a daemon resume after a crash. A command in flight at snapshot
  time is re-judged from its final record (capped output) when its end arrives.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from grader.capture import (
    Anomaly,
    CommandEnded,
    CommandRecord,
    CommandStarted,
    Event,
    OutputLines,
    PromptWithoutCommand,
)
from grader.labs import ExitExpect, Lab, Step
from grader.matching.attest import (
    answer_signed,
    attestation_problem,
    parse_kept,
    payloads,
    records_of,
    sig_id,
)
from grader.matching.clauses import join_clauses
from grader.matching.closeness import ATTEMPT_CLOSENESS, closeness, weighed_parts
from grader.matching.command_check import CommandMatch, check_command
from grader.matching.engine_state import (
    SNAPSHOT_VERSION,
    ShellKey,
    ShellState,
    StepState,
    shell_from_json,
    shell_json,
    step_from_json,
    step_json,
)
from grader.matching.exit_check import check_duration, check_exit
from grader.matching.numbers import check_comparisons, numbers_problem
from grader.matching.output_check import OutputMatcher, OutputResult
from grader.matching.road import RoadMemory, run_shape
from grader.matching.road import problem as road_problem
from grader.matching.shellenv import CommandView, LineView, ShellEnv, analyse_line
from grader.matching.signed_output import judge_step as judge_signed
from grader.matching.signed_output import program_lines
from grader.matching.variables import misspelt
from grader.matching.whole_text import WholeText
from grader.protocol.signed_run import Attestation
from grader.verdict import Evidence, State, StepVerdict

#: A signed run parsed from a record (grader/protocol/signed_run.py).
SignedRun = Attestation

# Anomalies kept in memory for the caller to log; the store is where they live for good. A shell
# spewing forged markers must not grow the grader without bound.
MAX_ANOMALIES_KEPT = 1000
# Shells (session, aid) kept per learner and lab, in memory and in the snapshot stored with each
# of the learner's batches. A course's logins give a learner tens to hundreds; a learner who
# announces shells by the thousand (1,024 a session, the parser's MAX_SHELLS, times thousands of
# sessions) made every batch serialise millions. Past the bound the quarter used longest ago is
# forgotten (its exported variables and last exit): only that learner's own idle shells pay,
# never the shell he is typing in. At 4,096 a learner's 5,000 open sessions made each of his
# batches build a 560 KB snapshot on the loop (5 ms) and store it; at 512, 54 KB (0.6 ms).
MAX_SHELLS_KEPT = 512


@dataclass(slots=True)
class _Candidate:
    step: Step
    match: CommandMatch
    output: OutputMatcher
    order_problem: str  # `after` / `immediately` not satisfied ("" when fine)
    # one matcher per `alternatives` entry of the step (each with that entry's output, or the
    # step's own when the entry names only an exit); None where the entry's own `command` does
    # not match the line, so it cannot count
    alternatives: list[OutputMatcher | None] = field(default_factory=list)
    # for a partial match: how much of what sets the step apart the line met (closeness.py)
    closeness: Fraction = Fraction(1)
    # the step's program as the line runs it, for a step with a `road` (judged on its
    # environment and shape where no signed run is); None otherwise
    program_view: CommandView | None = None

    def feed(self, lines: Sequence[str]) -> None:
        self.output.feed(lines)
        for matcher in self.alternatives:
            if matcher is not None:
                matcher.feed(lines)


@dataclass(slots=True)
class _Running:
    started: CommandStarted
    candidates: list[_Candidate]
    answers: list[tuple[str, str]]  # `lab answer <step> <choice>` on the line
    # the shell as it was before this command started: what a snapshot taken mid-command saves,
    # so a restored grader re-judges the command from its record as if it never saw the start
    shell_before: ShellState
    # steps whose program the line runs (a command of theirs, verified or not): only these could
    # verify from its output, so only for the others is their expected output here suspicious
    relevant: frozenset[str] = frozenset()
    program: str = ""  # the line's first program, named in `expected_output_elsewhere`
    # verified steps whose command the line matched, judged only to tell the learner's course
    # (grader.matching.course) whether the command fits this lab (`fit`); never a verdict
    fits: list[_Candidate] = field(default_factory=list)
    # (step, reason): a variable on the line is a near miss of one this lab uses, and with the
    # name corrected the line is that unverified step's command
    typo: tuple[str, str] | None = None
    # the line's first program: whose environment and shape its unsigned output teaches
    # RoadMemory
    first: CommandView | None = None

    def feed(self, lines: Sequence[str]) -> None:
        for c in self.candidates:
            c.feed(lines)
        for c in self.fits:
            c.feed(lines)


def _unsigned_run(cv: CommandView | None) -> tuple[str, dict[str, str]]:
    """(road.run_shape, environment) of a command as the line shows it; ("", {}) for none."""
    if cv is None:
        return "", {}
    return run_shape(cv.cmd.program, cv.cmd.args), cv.env


def _answer_words(view: LineView) -> list[tuple[str, str]]:
    """(step, choice) of a line that is `lab answer <step> <choice>` and nothing else.

    Only then does the line's exit status say whether `lab` ran and accepted it (the caller
    requires 0): in `false && lab answer …`, `lab answer … || true` or a pipeline, `lab` may
    never have run, or its failure is hidden (issue: `false && lab answer` counted).
    """
    if len(view.commands) != 1:
        return []
    v = view.commands[0]
    a = v.cmd.args
    if v.cmd.program == "lab" and len(a) == 3 and a[0] == "answer":
        return [(a[1], a[2])]
    return []


class LabGrader:
    """Grades one learner's progress through one lab from capture events."""

    def __init__(self, lab: Lab, learner: str, enforce_attestation: bool = False) -> None:
        self.lab = lab
        self.learner = learner
        self.enforce_attestation = False
        self.set_enforce_attestation(enforce_attestation)
        # MACs (their start) of signed runs already judged: a run counts for one command only
        self._used_macs: set[str] = set()
        # anomalies the engine itself found since the caller last took them (take_anomalies)
        self.fresh_anomalies: list[Anomaly] = []
        self._steps: dict[str, StepState] = {s.id: StepState() for s in lab.steps}
        self.variables: dict[str, str] = {}
        self._shells: dict[ShellKey, ShellState] = {}
        self._running: dict[ShellKey, _Running] = {}
        self.anomalies: list[Anomaly] = []
        self.anomalies_seen = 0
        # (session, step) already audited as `expected_output_elsewhere`: once each
        self._elsewhere: set[tuple[str, str]] = set()
        self._whole_text = WholeText()
        # The learner's course (grader.matching.course) sets these three before each event:
        # `elsewhere` None while this is the lab the learner is on, else the step ids of the lab
        # they are on (a bare `lab answer` ref names that lab's step first); away from it a
        # command verifies outright or records nothing. `quiet`: the command fits another of the
        # learner's labs, so a failure here is not recorded either.
        self.elsewhere: frozenset[str] | None = None
        self.quiet = False
        # whether the last command judged would verify a step of this lab (verified before or not)
        self.fit = False
        # when the learner chose this lab with `lab start` (the course's counter; 0: never)
        self.chosen = 0
        self._parts = weighed_parts(lab)
        # every variable the lab's steps name: what a near-miss name on a line is checked against
        self._env_names = frozenset(
            {*lab.environment}
            | {
                name
                for s in lab.steps
                if s.command is not None
                for stage in (s.command.main, *s.command.pipe)
                if stage is not None
                for name in stage.env
            }
        )
        self._index = {s.id: i for i, s in enumerate(lab.steps)}
        # the NCCL roads this learner's runs showed on each node (grader.matching.road), kept
        # only for a lab with a step that measures one
        self.roads = RoadMemory()
        self._roads_judged = any(s.road is not None for s in lab.steps)
        # unverified-step candidates for that audit: a command expectation and a pattern to show
        self._shown_steps = [
            s
            for s in lab.steps
            if s.type != "question"
            and s.command is not None
            and s.output is not None
            and (s.output.all or s.output.any)
        ]

    # ------------------------------------------------------------ public
    def feed(self, event: Event) -> list[StepVerdict]:
        """Consume one capture event; return the verdicts it changed (often none)."""
        if isinstance(event, CommandStarted):
            self._start(event)
            return []
        if isinstance(event, OutputLines):
            run = self._running.get((event.session, event.aid))
            if run is not None and run.started.n == event.n:
                run.feed(event.lines)
            return []
        if isinstance(event, CommandEnded):
            return self._end(event.record)
        if isinstance(event, PromptWithoutCommand):
            self._prompt(event)
            return []
        if isinstance(event, Anomaly):
            self._keep_anomaly(event)
            return []
        return []

    def _keep_anomaly(self, event: Anomaly) -> None:
        self.anomalies_seen += 1
        if len(self.anomalies) < MAX_ANOMALIES_KEPT:
            self.anomalies.append(event)

    def _own_anomaly(self, event: Anomaly) -> None:
        """One the engine found (attestation): kept like the parser's, and handed to the caller."""
        self._keep_anomaly(event)
        self.fresh_anomalies.append(event)

    def set_enforce_attestation(self, enforce: bool) -> None:
        """Require signed runs from now on (only labs with `attest.programs` have any to need)."""
        self.enforce_attestation = enforce and bool(self.lab.attest_programs)

    def take_anomalies(self) -> list[Anomaly]:
        """The anomalies the engine found since the last call (the daemon audits them)."""
        out, self.fresh_anomalies = self.fresh_anomalies, []
        return out

    def feed_all(self, events: Iterable[Event]) -> list[StepVerdict]:
        out: list[StepVerdict] = []
        for e in events:
            out.extend(self.feed(e))
        return out

    def verdicts(self) -> dict[str, StepVerdict]:
        """The current verdict of every step, pending ones included, in lab order."""
        return {s.id: self._verdict(s.id) for s in self.lab.steps}

    def attempts(self, step_id: str) -> int:
        return self._steps[step_id].attempts

    def step_ref(self, ref: str) -> str | None:
        """The step a learner named as `lab` accepts it: its id, its number in the lab (`2`, as
        `lab status` and the checklist number them), or either after `LAB-ID:`; None when it
        names no step of this lab."""
        lab_ref, colon, step_ref = ref.rpartition(":")
        if colon and lab_ref != self.lab.id:
            return None
        ids = [s.id for s in self.lab.steps]
        if step_ref in ids:
            return step_ref
        # as the node's `lab` reads a number (`str(n) == ref`): no leading zero, so no more
        # digits than the step count has, and int() never meets a string past its digit limit
        if (
            step_ref.isascii()
            and step_ref.isdigit()
            and not step_ref.startswith("0")
            and len(step_ref) <= len(str(len(ids)))
            and int(step_ref) <= len(ids)
        ):
            return ids[int(step_ref) - 1]
        return None

    def _answer_here(self, ref: str) -> bool:
        """Whether `lab answer REF` answers this lab: always on the lab the learner is on (where
        `step_ref` decides); elsewhere only a ref that names this lab (`LAB-ID:STEP`), or an id
        of one of its steps that the lab the learner is on has not (a number is always the
        current lab's step, as the node's `lab` reads it)."""
        if self.elsewhere is None:
            return True
        if ":" in ref:
            return True  # step_ref: only `<this lab>:STEP` names a step here
        return ref not in self.elsewhere and ref in self._index

    def answer(
        self, step_id: str, choice: str, evidence: Evidence | None = None
    ) -> list[StepVerdict]:
        """Judge a question answer (from `lab answer` on the node or from the learner page)."""
        try:
            step = self.lab.step(step_id)
        except KeyError:
            return []
        if step.type != "question":
            return []
        st = self._steps[step_id]
        used_up = step.attempts is not None and st.answers >= step.attempts
        if used_up and st.state is not State.VERIFIED:
            # Recorded as one more attempt (the operator sees every answer), never verified.
            return self._decide(
                step,
                f"no attempts left: this question allows {step.attempts}",
                relevant=True,
                evidence=evidence,
                captures={},
                named=True,
            )
        problem = self._after_problem(step)
        if not problem and st.state is not State.VERIFIED:
            st.answers += 1  # judged on its choice: counts against `attempts`
            if choice.casefold() != step.answer.casefold():  # `B` is `b`
                problem = f"`{choice}` is not the right answer; read the question again and retry"
                if step.attempts is not None:
                    left = step.attempts - st.answers
                    problem += f" ({left} attempt{'s' if left != 1 else ''} left)"
        return self._decide(
            step, problem, relevant=True, evidence=evidence, captures={}, named=True
        )

    # ------------------------------------------------------------ events
    def _shell(self, session: str, aid: int) -> ShellState:
        key = (session, aid)
        shells = self._shells
        sh = shells.pop(key, None)
        if sh is None:
            if len(shells) >= MAX_SHELLS_KEPT:  # used longest ago first: see below
                for old in list(itertools.islice(shells, MAX_SHELLS_KEPT // 4)):
                    if old not in self._running:
                        del shells[old]
            sh = ShellState(ShellEnv(exported=dict(self.lab.environment)))
        shells[key] = sh  # (re)inserted last: the dict's order is the order of last use
        return sh

    def _prompt(self, ev: PromptWithoutCommand) -> None:
        """Empty Enter is transparent to `immediately`; a line that never ran, or Ctrl-C at the
        prompt, changes $? and so breaks it."""
        sh = self._shell(ev.session, ev.aid)
        if ev.not_executed or (sh.last_exit is not None and ev.exit != sh.last_exit):
            sh.broken = True
        sh.last_exit = ev.exit

    def _after_problem(self, step: Step) -> str:
        if step.after is None:
            return ""
        before = self._steps.get(step.after.step)
        if before is None or before.state is not State.VERIFIED:
            title = self._title(step.after.step)
            return f"do the step “{title}” first"
        return ""

    def _title(self, step_id: str) -> str:
        try:
            return self.lab.step(step_id).title
        except KeyError:
            return step_id

    def _start(self, ev: CommandStarted) -> None:
        key = (ev.session, ev.aid)
        sh = self._shell(ev.session, ev.aid)
        if ev.n <= sh.last_n:
            return  # replayed or duplicate: the parser reports it, grading ignores it
        before = ShellState(
            sh.env.copy(), sh.last_n, sh.ended_n, sh.prev_cmd, sh.last_exit, sh.broken
        )
        sh.last_n = ev.n
        prev = None if sh.broken else sh.prev_cmd
        sh.prev_cmd = ev.n
        sh.broken = False
        self._running.pop(key, None)  # an unfinished earlier command is abandoned
        if not ev.line_reliable:
            return  # the line text may be an older one: never grade on it
        view = analyse_line(ev.line, sh.env)
        candidates: list[_Candidate] = []
        matched_steps: list[str] = []
        relevant: list[str] = []
        for step in self.lab.steps:
            if step.type == "question":
                continue
            if step.command is not None:
                m = check_command(step.command, view, self.variables, self.lab)
                if not m.relevant:
                    continue
                relevant.append(step.id)
                if m.ok:
                    matched_steps.append(step.id)
            elif step.output is not None or step.exit is not None:
                m = CommandMatch(relevant=False, ok=True)  # output-only step: any command
            else:
                continue  # a probe-only step: the daemon's probe decides it, not a command
            order = self._after_problem(step)
            if not order and step.after is not None and step.after.immediately:
                anchor = self._steps[step.after.step].anchor
                if anchor is None or anchor != (ev.session, ev.aid, prev):
                    title = self._title(step.after.step)
                    order = f"run it right after the command of “{title}”, with nothing in between"
            numbers = step.number_captures  # read whichever outcome proves the step
            alternatives = [
                OutputMatcher(
                    alt.output if alt.output is not None else step.output, self.variables, numbers
                )
                if alt.command is None or check_command(alt.command, view, self.variables).ok
                else None
                for alt in step.alternatives
            ]
            output = OutputMatcher(step.output, self.variables, numbers)
            near = Fraction(1)
            if m.relevant and not m.ok and step.command is not None and step.command.main:
                near = closeness(self._parts[step.id], step.command.main, view, self.variables)
            main = step.command.main if step.command is not None else None
            mine = (
                next((cv for cv in view.commands if cv.cmd.program in main.program), None)
                if step.road is not None and main is not None
                else None
            )
            candidates.append(_Candidate(step, m, output, order, alternatives, near, mine))
        for sid in matched_steps:
            self._steps[sid].anchor = (ev.session, ev.aid, ev.n)
        fits = (
            [
                c
                for c in candidates
                if c.match.ok
                and c.match.relevant
                and self._steps[c.step.id].state is State.VERIFIED
            ]
            if self.elsewhere is not None
            else []
        )
        candidates = self._open(candidates, bool(matched_steps))
        program = view.commands[0].cmd.program if view.commands else ""
        self._running[key] = _Running(
            ev,
            candidates,
            _answer_words(view),
            before,
            frozenset(relevant),
            program,
            fits,
            # without a full match the closest step's own reason names the near miss already
            self._typo(ev.line, view, before.env) if matched_steps else None,
            view.commands[0] if view.commands else None,
        )

    def _typo(self, line: str, view: LineView, env: ShellEnv) -> tuple[str, str] | None:
        """(step, reason) when a variable the line sets is a near miss of one the lab's steps use
        (`NCCL_P2P_DISABLED` for `NCCL_P2P_DISABLE`) and, with the name corrected, the line is
        the command of an unverified step: the one nearest where the learner is."""
        on_line = {name for v in view.commands for name in v.cmd.env}
        on_line |= {
            w.partition("=")[0]
            for v in view.commands
            if v.cmd.program == "export"
            for w in v.cmd.args
            if "=" in w
        }
        for name in sorted(on_line - self._env_names):
            fix = misspelt(name, self._env_names)
            if fix is None or fix in on_line:
                continue
            fixed_line = re.sub(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?==)", fix, line)
            fixed = analyse_line(fixed_line, env.copy())
            meant = [
                s
                for s in self.lab.steps
                if s.type != "question"
                and s.command is not None
                and self._steps[s.id].state is not State.VERIFIED
                and check_command(s.command, fixed, self.variables, self.lab).ok
            ]
            if not meant:
                continue
            reach = self._reach()
            step = min(meant, key=lambda s: (abs(self._index[s.id] - reach), self._index[s.id]))
            return step.id, (
                f"`{name}` is not a variable this lab uses: did you mean `{fix}`? "
                "(a misspelt name is set, but no program reads it)"
            )
        return None

    def _position(self) -> int:
        """Where the learner is, as an index into the lab's steps: the first unverified step
        after the furthest verified one (lab order), else the first unverified step."""
        states = [self._steps[s.id].state for s in self.lab.steps]
        verified = [i for i, st in enumerate(states) if st is State.VERIFIED]
        start = verified[-1] + 1 if verified else 0
        order: list[int] = list(range(start, len(states))) + list(range(start))
        for i in order:
            if states[i] is not State.VERIFIED:
                return i
        return len(states)

    def _reach(self) -> int:
        """The index of the step the learner is at: `_position`, past questions (a learner may
        answer them later) and verified steps, to the first command step still to do; a failing
        command is recorded there or before, never on a later step not yet reached (`_meant`)."""
        i = self._position()
        steps = self.lab.steps
        while i < len(steps) and (
            steps[i].type == "question" or self._steps[steps[i].id].state is State.VERIFIED
        ):
            i += 1
        return i

    def _meant(self, c: _Candidate, full: Sequence[_Candidate], reach: int) -> bool:
        """Whether a failed step whose command the line matched is one to record an attempt on:
        the step the learner is at or one before it, or a later one the line was plainly meant
        for: its command alone matched the line, or its command names the stages the output
        is piped into (program, variables and filter all the step's). A correct line for one
        step often also has the program and variables of a later one whose output it never set
        out to show (`… | grep via` is not the plain run that reads the table)."""
        if self._index[c.step.id] <= reach:
            return True
        command = c.step.command
        return [x.step.id for x in full] == [c.step.id] or bool(command and command.pipe)

    def _open(self, candidates: list[_Candidate], any_full: bool) -> list[_Candidate]:
        """Candidates worth judging: unverified steps; partial matches only when no step's
        command matched fully (then the line was meant for that step, not the others)."""
        open_ = [c for c in candidates if self._steps[c.step.id].state is not State.VERIFIED]
        if any_full:
            open_ = [c for c in open_ if c.match.ok or not c.match.relevant]
        return open_

    def _end(self, rec: CommandRecord) -> list[StepVerdict]:
        self.fit = False
        key = (rec.session, rec.aid)
        sh = self._shell(rec.session, rec.aid)
        run = self._running.get(key)
        if run is None or run.started.n != rec.n:
            if rec.n <= sh.ended_n or rec.n < sh.last_n:
                return []  # already judged, or older than what this shell has moved on to
            # no start seen (restored mid-command, or regrading stored records): judge the record
            self._start(
                CommandStarted(
                    rec.session, rec.aid, rec.n, rec.line, rec.t0, rec.cwd, None, rec.line_reliable
                )
            )
            run = self._running.get(key)
            if run is None:
                sh.ended_n = max(sh.ended_n, rec.n)
                sh.last_exit = rec.exit
                return []
            lines = rec.output.splitlines()
            run.feed(lines)
        self._running.pop(key, None)
        sh.ended_n = max(sh.ended_n, rec.n)
        sh.last_exit = rec.exit
        out: list[StepVerdict] = []
        runs = self._signed_runs(rec) if self.enforce_attestation else None
        reach = self._reach()  # where the learner is before this command's verdicts
        judged = [(c, *self._assess(c, rec, runs)) for c in run.candidates]
        partial = [j for j in judged if j[0].match.relevant and not j[0].match.ok]
        full = [c for c in run.candidates if c.match.ok and c.match.relevant]
        typo = run.typo if run.typo and run.typo[0] not in (c.step.id for c in full) else None
        self.fit = any(not reason for c, reason, *_ in judged if c.match.ok) or any(
            not self._assess(c, rec)[0] for c in run.fits
        )
        for c, reason, _, res in judged:
            if not (c.match.ok or not c.match.relevant):
                continue
            if reason and (
                typo is not None or (c.match.relevant and not self._meant(c, full, reach))
            ):
                continue  # not where the learner is: see _meant
            out.extend(self._verdict_for(c, rec, reason, res))
        if typo is not None:
            partial = []
            step = self.lab.step(typo[0])
            out.extend(
                self._decide(
                    step, typo[1], relevant=True, evidence=self._evidence(rec, None), captures={}
                )
            )
        partial = [j for j in partial if j[0].closeness >= ATTEMPT_CLOSENESS]
        if partial:
            # Several steps often share a program (all_reduce_perf in most of the seed lab), so
            # one line must not mark them all attempted: only the one the learner most plausibly
            # meant is (docs/matching.md "Attribution").
            here = self._position()
            c, reason, _, res = min(
                partial,
                key=lambda j: (
                    j[2][1],  # a step whose `after` is unmet is not the one being worked on
                    -j[0].closeness,
                    j[2],
                    abs(self._index[j[0].step.id] - here),
                    self._index[j[0].step.id],
                ),
            )
            out.extend(self._verdict_for(c, rec, reason, res))
        if rec.exit == 0:  # `lab` ran and accepted the answer (see _answer_words)
            for ref, choice in run.answers:
                if not self._answer_here(ref):
                    continue
                # signed as typed: the node's `lab` runs with the learner's own words
                if runs is not None and not self._answer_signed(rec, runs, ref, choice):
                    continue
                step_id = self.step_ref(ref)
                if step_id is not None:
                    out.extend(self.answer(step_id, choice, self._evidence(rec, None)))
        if rec.output:
            self._audit_output_elsewhere(run, rec)
        self._learn_roads(rec, run, runs)
        return out

    def _learn_roads(self, rec: CommandRecord, run: _Running, runs: list[SignedRun] | None) -> None:
        """What this command's runs showed of the node's roads (grader.matching.road): the
        signed runs' own output when attestation is enforced, else the terminal's. Only a lab
        with a `road` step keeps the memory: others skip rendering every record again."""
        if not self._roads_judged:
            return
        if runs is None:
            exit_ = -1 if rec.exit is None else rec.exit
            shape, env = _unsigned_run(run.first)
            self.roads.learn("", shape, env, rec.output.splitlines(), exit_)
            return
        records = records_of(rec.attestations)
        for att in runs:
            if att.record:
                shape = run_shape(att.program, att.args)
                lines = program_lines(att, records)
                self.roads.learn(att.host, shape, dict(att.env), lines, att.exit)

    def _road(
        self, step: Step, c: _Candidate, rec: CommandRecord, runs: list[SignedRun] | None
    ) -> str:
        """Why the command does not prove it took the step's `road` (empty: it does): a signed
        run of the step's program must, where attestation is enforced."""
        assert step.road is not None
        main = step.command.main if step.command is not None else None
        if runs is None or main is None or not self.lab.attested(step):
            shape, env = _unsigned_run(c.program_view)
            recalled = self.roads.recall("", shape, env)
            return road_problem(step.road, rec.output.splitlines(), env, recalled)
        records = records_of(rec.attestations)
        # every run of the program on the line must prove it: one run must not lend its proof to
        # another's number (`NCCL_IB_DISABLE=1 run > /dev/null; run`)
        for att in runs:
            if att.program not in main.program:
                continue
            env = dict(att.env)
            lines = program_lines(att, records)
            recalled = self.roads.recall(att.host, run_shape(att.program, att.args), env)
            p = road_problem(step.road, lines, env, recalled)
            if p:
                return p
        return ""  # (no signed run at all: the attestation check says so)

    def _audit_output_elsewhere(self, run: _Running, rec: CommandRecord) -> None:
        """`expected_output_elsewhere` for each unverified step whose expected output this
        command's kept output shows, though the command is not the step's (so it never could
        verify it): printed, echoed, `cat` of a file. Once per (session, step)."""
        texts: tuple[str, str] | None = None
        for step in self._shown_steps:
            if (
                step.id in run.relevant
                or self._steps[step.id].state is State.VERIFIED
                or (rec.session, step.id) in self._elsewhere
            ):
                continue
            assert step.output is not None  # _shown_steps holds only steps with output
            if texts is None:
                texts = WholeText.searched(rec.output)
            if not self._whole_text.shows(step.output, texts, self.variables):
                continue
            self._elsewhere.add((rec.session, step.id))
            self._own_anomaly(
                Anomaly(
                    rec.session,
                    "expected_output_elsewhere",
                    f"step {step.id} of {self.lab.id}: its expected output appeared in "
                    f"aid={rec.aid} n={rec.n}, whose program `{run.program}` cannot verify it",
                    0,
                    {
                        "aid": str(rec.aid),
                        "n": str(rec.n),
                        "step": step.id,
                        "lab": self.lab.id,
                        "program": run.program,
                    },
                )
            )

    def _evidence(self, rec: CommandRecord, res: OutputResult | None) -> Evidence:
        return Evidence(
            session=rec.session,
            aid=rec.aid,
            n=rec.n,
            line=rec.line,
            exit=rec.exit,
            pipestatus=tuple(rec.pipestatus),
            cwd=rec.cwd,
            t0=rec.t0,
            t1=rec.t1,
            excerpt=res.excerpt if res is not None else "",
            matched=res.matched if res is not None else (),
            values=res.values if res is not None else (),
        )

    def _signed_runs(self, rec: CommandRecord) -> list[SignedRun]:
        """The record's signed runs not used before (a reused one is `replayed_attestation`)."""
        if not rec.attestations:
            return []
        fresh = []
        for text in payloads(rec.attestations):  # (the output records beside them: no MAC)
            mac = sig_id(text)
            if mac in self._used_macs:
                self._own_anomaly(
                    Anomaly(
                        rec.session,
                        "replayed_attestation",
                        f"a signed run already used, again in aid={rec.aid} n={rec.n}",
                        0,
                        {"aid": str(rec.aid), "n": str(rec.n), "mac": mac},
                    )
                )
                continue
            self._used_macs.add(mac)
            fresh.append(text)
        return parse_kept(fresh)

    def _answer_signed(
        self, rec: CommandRecord, runs: list[SignedRun], step_id: str, choice: str
    ) -> bool:
        """Whether the node signed a run of its own `lab answer STEP CHOICE` inside this command
        (attestation enforced): a line that only looks like one (a shell function or alias named
        `lab`, `lab` earlier in PATH) answers nothing and is audited `unattested`."""
        if answer_signed(runs, rec, self.learner, step_id, choice):
            return True
        self._own_anomaly(
            Anomaly(
                rec.session,
                "unattested",
                f"`lab answer {step_id} {choice}` in aid={rec.aid} n={rec.n} without the node's "
                "signed run of lab: not counted",
                0,
                {"aid": str(rec.aid), "n": str(rec.n), "step": step_id, "lab": self.lab.id},
            )
        )
        return False

    def _attestation(
        self, step: Step, rec: CommandRecord, runs: list[SignedRun], exit_: ExitExpect | None
    ) -> str:
        """Why the step's signed run is missing or does not fit (empty: it fits); audited.
        `exit_`: the exit expectation the line verified with (the step's or an alternative's)."""
        problem = attestation_problem(
            step, runs, rec, self.variables, self.learner, exit_, self.lab
        )
        if problem:
            self._own_anomaly(
                Anomaly(
                    rec.session,
                    "unattested",
                    f"step {step.id} of {self.lab.id} matched aid={rec.aid} n={rec.n} "
                    f"without a fitting signed run: {problem}",
                    0,
                    {"aid": str(rec.aid), "n": str(rec.n), "step": step.id, "lab": self.lab.id},
                )
            )
        return problem

    def _assess(
        self, c: _Candidate, rec: CommandRecord, runs: list[SignedRun] | None = None
    ) -> tuple[str, tuple[int, int], OutputResult]:
        """The reason (empty: verified), how far off it is (problems, order unmet), the output.

        `runs`: the record's signed runs when attestation is enforced (None: not enforced).
        """
        step = c.step
        res = c.output.result()
        shown_by = step.output  # the output expectation `res` is the result of
        problems = [p for p in (c.match.reason, c.order_problem) if p]
        weight = c.match.problems + (1 if c.order_problem else 0)
        if step.command is not None and not c.match.ok and not c.match.reason:
            problems.append("the command line is not in the expected form")
        if step.duration is not None:
            p = check_duration(step.duration, rec.t0, rec.t1, "the command")
            if p:
                problems.append(p)
                weight += 1
        outcome, outcome_weight = self._outcome(step.exit, res, rec)
        proved_by = step.exit
        if outcome and not problems:
            # the step's own outcome failed: another listed outcome may prove it just as well
            for alt, matcher in zip(step.alternatives, c.alternatives, strict=True):
                if matcher is None:
                    continue
                alt_res = matcher.result()
                exit_ = alt.exit if alt.exit is not None else step.exit
                if not self._outcome(exit_, alt_res, rec)[0]:
                    outcome, outcome_weight, res, proved_by = [], 0, alt_res, exit_
                    shown_by = alt.output if alt.output is not None else step.output
                    break
        problems += outcome
        weight += outcome_weight
        main = step.command.main if step.command is not None else None
        if (
            main is not None
            and not problems
            and any(n.source != "regex" for n in step.number_captures)
        ):  # a table or footer: the program's own numbers (a regex may read what was typed)
            p = numbers_problem(rec.line, main.program)
            if p:
                problems.append(p)
                weight += 1
        if step.compare and not problems:
            # over the lab's values and this command's own captures (saved if it verifies)
            own = {k: v for k, v in res.captures.items() if k in step.captures}
            failed, judged = check_comparisons(step.compare, {**self.variables, **own}, self.lab)
            res = replace(res, values=res.values + tuple(judged))
            problems += failed
            weight += len(failed)
        if step.road is not None and not problems:
            p = self._road(step, c, rec, runs)
            if p:
                problems.append(p)
                weight += 1
        signed = None
        if (
            runs is not None
            and c.match.relevant
            and res.ok
            and (shown_by is not None or step.number_captures)
            and self.lab.attested(step)
        ):
            # the program's own output, not the terminal's (grader.matching.signed_output); a
            # terminal that showed what the program did not print is audited, whatever else
            signed = judge_signed(
                step, shown_by, runs, rec, self.variables, res, self.lab.id, self.learner
            )
            if signed.audit is not None:
                self._own_anomaly(signed.audit)
        if runs is not None and not problems and self.lab.attested(step):
            # only a line that verifies on its own is suspicious without a signed run
            p = self._attestation(step, rec, runs, proved_by)
            if not p and signed is not None:
                p = signed.problem
            if p:
                problems.append(p)
                weight += 1
        # one clause per reason: two checks can say the same thing (two captures of one table)
        reason = join_clauses(problems)
        if reason:
            reason = reason[0].upper() + reason[1:]
        return reason, (weight, 1 if c.order_problem else 0), res

    @staticmethod
    def _outcome(
        exit_: ExitExpect | None, res: OutputResult, rec: CommandRecord
    ) -> tuple[list[str], int]:
        """What is wrong with the command's exit status and output (empty: both as expected),
        and how far off it is."""
        problems: list[str] = []
        weight = 0
        if exit_ is not None:
            p = check_exit(exit_, rec.exit, tuple(rec.pipestatus))
            if p:
                problems.append(p)
                weight += 1
        if not res.ok:
            problems.append(res.reason)
            weight += res.problems
        return problems, weight

    def _verdict_for(
        self, c: _Candidate, rec: CommandRecord, reason: str, res: OutputResult
    ) -> list[StepVerdict]:
        captures = {k: res.captures[k] for k in c.step.captures if k in res.captures}
        return self._decide(
            c.step,
            reason,
            relevant=c.match.relevant,
            evidence=self._evidence(rec, res),
            captures=captures,
        )

    def _decide(
        self,
        step: Step,
        problem: str,
        *,
        relevant: bool,
        evidence: Evidence | None,
        captures: dict[str, str],
        named: bool = False,
    ) -> list[StepVerdict]:
        """`named`: the learner named this step (a question's answer), so a failure counts on
        any of their labs; any other failure counts only on the lab they are on (`elsewhere`),
        from a command that fits none of their other labs (`quiet`)."""
        st = self._steps[step.id]
        if st.state is State.VERIFIED:
            return []
        if not problem:
            st.state = State.VERIFIED
            st.reason = ""
            st.captures = captures
            st.evidence = evidence
            for k, v in captures.items():
                self.variables.setdefault(k, v)
            return [self._verdict(step.id)]
        if not relevant or (not named and (self.elsewhere is not None or self.quiet)):
            return []
        st.state = State.ATTEMPTED
        st.reason = problem
        st.evidence = evidence
        st.attempts += 1
        return [self._verdict(step.id)]

    def _verdict(self, step_id: str) -> StepVerdict:
        st = self._steps[step_id]
        return StepVerdict(
            lab=self.lab.id,
            step=step_id,
            state=st.state,
            reason=st.reason,
            captures=dict(st.captures),
            evidence=st.evidence,
        )

    # ------------------------------------------------------------ persistence
    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume, as plain JSON types. In-flight commands are left out."""
        return {
            "v": SNAPSHOT_VERSION,
            "lab": self.lab.id,
            "learner": self.learner,
            "variables": dict(self.variables),
            "steps": {sid: step_json(st) for sid, st in self._steps.items()},
            "shells": [shell_json(key, sh) for key, sh in self._saved_shells()],
            "anomalies_seen": self.anomalies_seen,
            # only once signed runs were judged: snapshots without them stay as they were
            **({"attest_macs": sorted(self._used_macs)} if self._used_macs else {}),
            **({"roads": self.roads.to_json()} if self.roads.seen else {}),
            # only once the learner chose this lab with `lab start` (grader.matching.course)
            **({"chosen": self.chosen} if self.chosen else {}),
            # likewise only once an output forgery was audited
            **(
                {"output_elsewhere": [list(k) for k in sorted(self._elsewhere)]}
                if self._elsewhere
                else {}
            ),
        }

    def _saved_shells(self) -> list[tuple[ShellKey, ShellState]]:
        out = []
        for key, sh in self._shells.items():
            run = self._running.get(key)
            out.append((key, run.shell_before if run is not None else sh))
        return out

    @classmethod
    def restore(
        cls,
        lab: Lab,
        learner: str,
        snapshot: Mapping[str, Any],
        enforce_attestation: bool = False,
    ) -> LabGrader:
        if snapshot.get("v") != SNAPSHOT_VERSION:
            raise ValueError(f"unsupported grader snapshot version {snapshot.get('v')!r}")
        g = cls(lab, learner, enforce_attestation)
        g._used_macs = set(snapshot.get("attest_macs", ()))
        g.roads = RoadMemory.from_json(snapshot.get("roads", ()))
        g.chosen = int(snapshot.get("chosen", 0))
        g._elsewhere = {(s, sid) for s, sid in snapshot.get("output_elsewhere", ())}
        g.variables = dict(snapshot.get("variables", {}))
        for sid, d in snapshot.get("steps", {}).items():
            if sid in g._steps:  # (the lab may have lost a step since the snapshot)
                g._steps[sid] = step_from_json(d)
        for d in snapshot.get("shells", []):
            key, sh = shell_from_json(d)
            g._shells[key] = sh
        g.anomalies_seen = int(snapshot.get("anomalies_seen", 0))
        return g


def grade_records(
    lab: Lab,
    records: Iterable[CommandRecord],
    learner: str = "",
    enforce_attestation: bool = False,
) -> LabGrader:
    """Regrade stored records (output = the record's capped output) and return the grader.

    Their signed runs are trusted as stored: a caller with the node's key re-verifies them first
    (grader.matching.attest.verify_kept).
    """
    g = LabGrader(lab, learner, enforce_attestation)
    for rec in records:
        g.feed(CommandEnded(rec))
    return g
