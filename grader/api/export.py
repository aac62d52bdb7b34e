"""Grades out as CSV: one row per learner and lab, the score, then each step's state.

The same rows for `GET /api/export.csv` (operator token) and `grader export --config grader.yaml`
(the store the config names, read directly): a spreadsheet or an LMS's grade import reads them.
Columns: learner, lab, score, points, then one column per step id in lab order (`pending`,
`attempted` or `verified`). Learners sorted by name; labs in the config's order.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Callable, Iterable, Mapping

from grader.labs import Lab
from grader.store import Store


def grades_csv(
    store: Store,
    labs: Iterable[Lab],
    learners: Iterable[str],
    takes: Callable[[str, str, bool], bool] | None = None,
) -> str:
    """One header row per lab, then a row per learner; `takes(learner, lab, has_progress)`
    leaves out a learner who does not take the lab (ApiSettings.takes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = sorted(learners)
    for lab in labs:
        writer.writerow(["learner", "lab", "score", "points", *(s.id for s in lab.steps)])
        total = sum(s.points for s in lab.steps)
        for name in names:
            progress = store.progress(name, lab.id)
            if takes is not None and not takes(name, lab.id, bool(progress)):
                continue
            state = {p.step: p.state for p in progress}
            score = sum(s.points for s in lab.steps if state.get(s.id) == "verified")
            row = [name, lab.id, score, total, *(state.get(s.id, "pending") for s in lab.steps)]
            writer.writerow(row)
    return out.getvalue()


def chosen_labs(labs: Mapping[str, Lab], lab_id: str | None) -> list[Lab]:
    """The lab asked for (KeyError when no such lab is loaded), else every lab."""
    return [labs[lab_id]] if lab_id is not None else list(labs.values())


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "export",
        help="grades as CSV (learner, lab, score, points, each step's state)",
        description="Write every learner's grades as CSV, read from the store grader.yaml names.",
    )
    p.add_argument("--config", required=True, help="grader.yaml")
    p.add_argument("--lab", help="only this lab id (default: every lab, one header each)")
    p.add_argument("--output", "-o", help="write here instead of stdout")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from grader.api.settings import ApiSettings
    from grader.config import ConfigError, load_config
    from grader.labs import LabInvalid

    try:
        config = load_config(args.config)
        settings = ApiSettings.from_config(config)
    except (ConfigError, LabInvalid) as exc:
        print(f"grader export: {exc}", file=sys.stderr)
        return 2
    try:
        labs = chosen_labs(settings.labs, args.lab)
    except KeyError:
        print(f"grader export: no lab {args.lab!r} in {args.config}", file=sys.stderr)
        return 2
    store = Store.open(config.db)
    try:
        text = grades_csv(store, labs, settings.class_learners(store), settings.takes)
    finally:
        store.close()
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0
