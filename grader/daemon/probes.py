"""Probes: read-only state checks the daemon runs on the node as the grader account.

Some steps cannot be judged from what a learner's command printed (a file now exists, a service
is up), so a step may carry a `probe` (grader/labs/model.py Probe): an argv, a timeout and what
its output and exit status must be. When a learner's command ends and such a step is not yet
verified, the probe runs; if it passes, the step is verified with the probe's output as evidence.

Lab variables (`${iface}`, captured by an earlier step) are substituted inside each argv word
before quoting, so a captured value, whatever it holds (the learner's output chose it), stays one
literal word. A probe naming a variable no verified step captured yet is not run: its reason is
logged and the step stays as it is until the capturing step is verified.

The argv is joined with shlex.quote, so the node's shell sees exactly those words; the grader
account has no sudo and no write access to learners' files, which keeps probes read-only in fact,
not just by convention. Evidence names the learner's command that triggered the probe, so a
command re-fed after a crash triggers the same (session, aid, n) key and never a second event.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import shlex
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import asyncssh

from grader.capture import CommandRecord
from grader.daemon.logbudget import LogBudget
from grader.daemon.nodecommand import run_on_node
from grader.labs import Lab, Step
from grader.matching import OutputMatcher, check_exit, substitute, unknown_variables
from grader.verdict import Evidence, State, StepVerdict

if TYPE_CHECKING:
    from grader.daemon.ingest import Ended, NodeIngest
    from grader.store import VerdictEvent

log = logging.getLogger("grader.daemon.probes")

# What a probe may print: probes are short checks (`ip -br link`, `ls`). Past it the probe's
# channel is closed and its step stays as it was (grader/daemon/nodecommand.py): a misconfigured
# probe (`cat /var/log/syslog`) or a node answering with a flood never swells the daemon.
PROBE_OUTPUT_MAX = 64 * 1024
# Hard ceiling over a lab's own timeout_s: a probe blocks the next one on its node.
PROBE_TIMEOUT_MAX_S = 30.0
# A node's probe rounds start at most this often. A command whose learner has a probe due and
# that ends sooner after a round waits for the next one, which takes the newest command of each
# such learner: its shell is told it is judged once the round ran. A learner types a command
# every few seconds, so an honest node never waits; a node sending commands as fast as it can
# (the hostile bench's command flood) had a round after every batch, each a channel and up to
# 64 KiB its node chose to answer: ~25 rounds a second, nearly half the daemon's CPU, outside
# the node's pacing.
PROBE_ROUND_EVERY_S = 0.25


def due_probes(lab: Lab, states: Mapping[str, State]) -> list[Step]:
    """Steps with an after-command probe that are not verified yet, in lab order."""
    return [
        s
        for s in lab.steps
        if s.probe is not None
        and s.probe.when == "after_command"
        and states.get(s.id, State.PENDING) != State.VERIFIED
    ]


def missing_variables(step: Step, variables: Mapping[str, str]) -> str:
    """Why the probe cannot run yet ("" when it can): a `${name}` in its argv or output patterns
    that no verified step has captured. Run with the name left in, it would test a literal
    `${name}`, so it is not run at all."""
    assert step.probe is not None
    out = step.probe.output
    texts = [*step.probe.command, *(p.text for p in (*out.all, *out.any, *out.none))]
    names = unknown_variables(texts, variables)
    if not names:
        return ""
    listed = ", ".join(f"${{{n}}}" for n in names)
    return f"the probe uses {listed}, which no verified step has captured yet"


def probe_argv(step: Step, variables: Mapping[str, str]) -> list[str]:
    """The probe's argv with lab variables substituted inside each word (never split or joined)."""
    assert step.probe is not None
    return [substitute(w, variables) for w in step.probe.command]


def probe_command(step: Step, variables: Mapping[str, str]) -> str:
    return " ".join(shlex.quote(w) for w in probe_argv(step, variables))


def judge(
    step: Step, exit: int | None, output: str, variables: Mapping[str, str]
) -> tuple[bool, str, OutputMatcher]:
    """Does the probe's result satisfy the step? (ok, reason, matcher with the excerpt)."""
    assert step.probe is not None
    probe = step.probe
    matcher = OutputMatcher(probe.output, variables)
    matcher.feed(output.splitlines())
    result = matcher.result()
    problems = [] if result.ok else [result.reason]
    if probe.exit is not None and (why := check_exit(probe.exit, exit, ())):
        problems.append(why)
    return not problems, "; ".join(problems), matcher


async def run_probe(
    conn: asyncssh.SSHClientConnection,
    lab: Lab,
    step: Step,
    variables: Mapping[str, str],
    trigger: CommandRecord,
    log_budget: LogBudget | None = None,
) -> StepVerdict | None:
    """Run one probe: a verified StepVerdict when it passes, else None (no demotion). Its log
    lines go through `log_budget`: a node's learners cause them, a probe round per command."""
    say = functools.partial((LogBudget() if log_budget is None else log_budget).log, log)
    assert step.probe is not None
    if why := missing_variables(step, variables):
        say(
            logging.INFO,
            "event=probe_not_run lab=%s step=%s reason=%s",
            lab.id,
            step.id,
            json.dumps(why),
        )
        return None
    cmd = probe_command(step, variables)
    timeout = min(step.probe.timeout_s, PROBE_TIMEOUT_MAX_S)
    try:
        async with asyncio.timeout(timeout):
            res = await run_on_node(conn, cmd, PROBE_OUTPUT_MAX)
    except TimeoutError:
        say(
            logging.INFO,
            "event=probe_timeout lab=%s step=%s timeout_s=%.1f",
            lab.id,
            step.id,
            timeout,
        )
        return None
    if res.overflow:  # its channel was closed: no exit status, and the output is cut
        say(
            logging.INFO,
            "event=probe_output_too_long lab=%s step=%s max_bytes=%d",
            lab.id,
            step.id,
            PROBE_OUTPUT_MAX,
        )
        return None
    output = res.stdout.decode("utf-8", "replace")
    ok, why, matcher = judge(step, res.exit_status, output, variables)
    say(
        logging.INFO,
        "event=probe lab=%s step=%s exit=%s ok=%s reason=%s",
        lab.id,
        step.id,
        res.exit_status,
        ok,
        json.dumps(why),
    )
    if not ok:
        return None
    out = matcher.result()
    evidence = Evidence(
        session=trigger.session,
        aid=trigger.aid,
        n=trigger.n,
        line=f"probe: {cmd}",
        exit=res.exit_status,
        cwd=trigger.cwd,
        t0=trigger.t0,
        t1=trigger.t1,
        excerpt=out.excerpt or output[:2000],
        matched=out.matched,
    )
    return StepVerdict(
        lab=lab.id,
        step=step.id,
        state=State.VERIFIED,
        reason="",
        captures=dict(out.captures),
        evidence=evidence,
    )


class NodeProbes:
    """The probes of one node's learners: a round after their commands end, for the steps not
    verified yet, whose passes go to the ingest as verdicts."""

    def __init__(
        self,
        node_id: str,
        learners: Mapping[str, Iterable[str]],
        log_budget: LogBudget | None = None,
    ) -> None:
        self.node_id = node_id
        self._log_budget = LogBudget() if log_budget is None else log_budget  # the node's
        self.learners = learners
        # Steps known verified on this node (a committed event, or a probe's pass): the
        # engine's verdicts do not hold a probe's pass, and a verified step is probed no more.
        self._verified: set[tuple[str, str, str]] = set()
        self._waiting: list[Ended] = []  # ended since the last round, which waits its turn
        self._next_round = 0.0  # time.monotonic() when the next round may start

    def unprobed(self) -> list[Ended]:
        """The commands waiting for a round, which will not run (the node is not connected)."""
        waiting, self._waiting = self._waiting, []
        return waiting

    def due_in(self, now: float) -> float | None:
        """Seconds until the round that commands are waiting for may start; None: none waits."""
        return max(0.0, self._next_round - now) if self._waiting else None

    def committed(self, events: Iterable[VerdictEvent]) -> None:
        for ev in events:
            if ev.state == State.VERIFIED:
                self._verified.add((ev.learner, ev.lab, ev.step))

    async def run(
        self,
        conn: asyncssh.SSHClientConnection,
        ingest: NodeIngest,
        ended: list[Ended],
        now: float | None = None,
    ) -> tuple[list[Ended], bool]:
        """The commands of `ended` judged now, and whether a probe verified a step (its verdict
        is then in the ingest's next batch). A command whose learner has a probe due waits for
        the node's next round (PROBE_ROUND_EVERY_S; `due_in` says when): returned once it ran,
        with the round's others. The rest are returned at once."""
        judged: list[Ended] = []
        due: dict[str, list[tuple[Lab, Step, dict[str, str]]]] = {}  # asked once per learner
        for e in ended:
            if e.learner not in due:
                due[e.learner] = self._due(ingest, e.learner)
            (self._waiting if due[e.learner] else judged).append(e)
        now = time.monotonic() if now is None else now
        if not self._waiting or now < self._next_round:
            return judged, False
        self._next_round = now + PROBE_ROUND_EVERY_S
        probed, self._waiting = self._waiting, []
        last: dict[str, Ended] = {e.learner: e for e in probed}  # one probe round per learner
        found = False
        for learner, e in last.items():
            # asked above for this batch's learners; those of earlier ones are asked now
            todo = due[learner] if learner in due else self._due(ingest, learner)
            for lab, step, variables in todo:
                try:
                    verdict = await run_probe(
                        conn, lab, step, variables, e.record, self._log_budget
                    )
                except (OSError, asyncssh.Error) as exc:
                    self._log_budget.log(
                        log,
                        logging.WARNING,
                        "event=probe_failed node=%s detail=%s",
                        self.node_id,
                        exc,
                    )
                    continue
                if verdict is not None:
                    self._verified.add((learner, lab.id, step.id))
                    ingest.add_verdict(learner, verdict)
                    found = True
        return [*judged, *probed], found

    def _due(self, ingest: NodeIngest, learner: str) -> list[tuple[Lab, Step, dict[str, str]]]:
        """The learner's probes to run after a command: each lab's steps with an after-command
        probe not verified yet, with the lab's variables."""
        due = []
        for lab_id in self.learners.get(learner, ()):
            grader = ingest.grader(learner, lab_id)
            if grader is None:
                continue
            states = {sid: v.state for sid, v in grader.verdicts().items()}
            for sid in list(states):
                if (learner, lab_id, sid) in self._verified:
                    states[sid] = State.VERIFIED
            variables = grader.variables
            due += [(grader.lab, step, variables) for step in due_probes(grader.lab, states)]
        return due
