"""The class grid: every learner's state on every step of a lab, for the operator dashboard.

Why a fold of verdict events and not `Store.progress` per learner: the grid needs all learners at
once, and one progress query per learner takes ~10 ms here, 10 s for a class of 1,000. Progress is
itself a deterministic fold of verdict events (the store's docstring), so the grid folds the same
events with the same rule (state only moves up; a new attempt refreshes an attempted step's time),
reading only the events it has not seen: the first request pages through the event log
(EVENTS_PAGE_MAX a query), later ones read what arrived since.

`grader regrade --allow-downgrade` lowers progress without an event (events only move a step up),
so the fold alone would keep showing the old state, even after a restart. Each refresh therefore
also asks the store which (learner, lab) pairs were downgraded since it last looked (their audit
rows, `Store.downgrades_after`: two indexed queries when there are none) and replaces those
learners' cells with their stored progress. Events the store had committed before that progress
read are already in it, so the fold skips them for that pair (a `floor` seq): re-folding an old
`verified` would undo the downgrade. Events after it only move up, as in the store.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from grader.api import models as m
from grader.api import views
from grader.labs import Lab
from grader.store import EVENT_RESET, EVENTS_PAGE_MAX, Store, VerdictEvent
from grader.verdict import State

_STATES = frozenset(s.value for s in State)


@dataclass(slots=True)
class Cell:
    state: str
    # the grader's clock: when it recorded the state (a verdict event's or a stored progress
    # row's `recorded`). A row from before migration 0005 has no `recorded`: the node's time
    # stands in for it, as in the API's `at` (views.grader_time). None only for a stored row
    # without any time
    at: float | None
    # the node's clock: the end of the command behind the state (the event's or row's `at`)
    node_at: float | None
    reason: str = ""  # the last verdict's reason ("Right program, but `-g` was not given")


def fold(cells: dict[tuple[str, str, str], Cell], event: VerdictEvent) -> None:
    """Apply one verdict event to (learner, lab, step) cells with the store's upgrade rule.

    A reset (state "reset", step "*") empties the learner's cells of that lab: the store cleared
    that progress. A "downgraded" event changes nothing here: its audit row makes the grid
    re-read the stored progress (module doc)."""
    if event.state == EVENT_RESET:
        for key in [k for k in cells if k[0] == event.learner and k[1] == event.lab]:
            del cells[key]
        return
    if event.state not in _STATES:
        return
    key = (event.learner, event.lab, event.step)
    current = cells.get(key)
    rank = State(event.state).rank
    if (
        current is None
        or rank > State(current.state).rank
        or (event.state == current.state == State.ATTEMPTED.value)
    ):
        cells[key] = Cell(
            event.state, views.grader_time(event.recorded, event.at), event.at, event.reason
        )


class ClassGrid:
    """Folded verdict events, refreshed on demand; safe to share between API worker threads."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._cells: dict[tuple[str, str, str], Cell] = {}
        self._learners: set[str] = set()
        # (learner, lab) -> last event seq its stored progress (re-read after a downgrade) covers
        self._floor: dict[tuple[str, str], int] = {}
        self.seq = 0
        self.audit_seq = 0  # downgrades up to this audit row are applied
        # bumped whenever downgrades replaced cells: pages poll it and reload their grid
        self.downgrades = 0
        self._lock = threading.Lock()

    @classmethod
    def over(cls, store: Store) -> ClassGrid:
        return cls(store)

    def refresh(self) -> int:
        """Apply downgrades, then fold every event after the last one seen; returns the seq the
        grid now reflects."""
        with self._lock:
            self._apply_downgrades()
            while True:
                batch = self._store.events_after(self.seq, None, EVENTS_PAGE_MAX)
                for event in batch:
                    if event.seq > self._floor.get((event.learner, event.lab), 0):
                        fold(self._cells, event)
                    self._learners.add(event.learner)
                    self.seq = event.seq
                if len(batch) < EVENTS_PAGE_MAX:
                    self._floor = {k: f for k, f in self._floor.items() if f > self.seq}
                    return self.seq

    def _apply_downgrades(self) -> None:
        """Cells of each downgraded (learner, lab) become its stored progress (see module doc)."""
        pairs, self.audit_seq = self._store.downgrades_after(self.audit_seq)
        if not pairs:
            return
        self.downgrades += 1
        floor = self._store.last_seq()  # read before progress: every event up to it is in there
        lowered = set(pairs)
        self._cells = {k: c for k, c in self._cells.items() if (k[0], k[1]) not in lowered}
        for learner, lab in pairs:
            for p in self._store.progress(learner, lab):
                self._cells[(learner, lab, p.step)] = Cell(
                    p.state, views.grader_time(p.recorded, p.at), p.at, p.reason
                )
            self._floor[(learner, lab)] = floor
            self._learners.add(learner)

    def rows(
        self, lab: Lab, learners: Iterable[str], node_of: Mapping[str, str] | None = None
    ) -> list[m.GridRow]:
        """One row per learner (the given ones plus any with events), cells in lab order:
        None for pending, else the state, its grader and node times and reason (the reason
        only for an attempted step: a verified one needs none, and a class of 1,000 should not
        carry them).
        `node_of`: learner -> the node they work on."""
        node_of = node_of or {}
        with self._lock:  # a snapshot of the cells: the models are built outside the lock
            names = sorted(set(learners) | self._learners)
            picked = [
                (name, [self._cells.get((name, lab.id, step.id)) for step in lab.steps])
                for name in names
            ]
        return [
            m.GridRow(
                learner=name,
                node=node_of.get(name),
                cells=[
                    None
                    if c is None
                    else m.GridCell(
                        # the store's str; pydantic checks it against the Literal as it builds
                        state=cast(m.StepState, c.state),
                        at=m.iso(c.at),
                        node_at=m.iso(c.node_at),
                        reason=c.reason if c.state == State.ATTEMPTED.value else "",
                    )
                    for c in cells
                ],
            )
            for name, cells in picked
        ]
