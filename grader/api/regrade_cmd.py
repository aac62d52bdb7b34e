"""`grader regrade`: re-judge stored command records after a lab changed."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grader.labs import Lab
    from grader.store import RegradeResult


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "regrade",
        help="re-judge stored command records against a (changed) lab",
        description=(
            "Replay every stored command record of each learner through the lab's matcher and\n"
            "record the verdicts like live ones: new verdicts become events, progress moves up.\n"
            "By default progress never goes down; --allow-downgrade sets steps the new lab no\n"
            "longer verifies to what the regrade found (audited as regrade:downgrade, and a\n"
            "verdict event of state downgraded per lowered step, which dashboards and LMSs see).\n"
            "A lab reset with `grader reset` is regraded from the records after the reset.\n"
            "With --config, each learner is regraded through their course (their labs in\n"
            "grader.yaml's order), as the daemon grades live: a command typed while they were\n"
            "on another lab records no attempt on this one.\n"
            "Matching sees each record's stored output (a capped head+tail excerpt), so a step\n"
            "whose patterns sit in the middle of a huge output may not re-verify."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--config",
        metavar="FILE",
        help="grader.yaml: its database, labs and learners' courses (then --db and --lab are "
        "optional: every lab of every learner's course is regraded)",
    )
    p.add_argument(
        "--db",
        help="database URL (sqlite:///grader.db, postgresql+psycopg://...); default: the config's",
    )
    p.add_argument(
        "--lab", help="lab folder or lab.yaml (with --config: a lab id or folder of the config's)"
    )
    p.add_argument("--learner", action="append", help="only this learner (repeatable)")
    p.add_argument(
        "--allow-downgrade", action="store_true", help="let the regrade lower stored step states"
    )
    p.add_argument(
        "--attest-key",
        metavar="FILE",
        help="re-verify the signed runs stored on records with this node key (64 hex) first",
    )
    p.add_argument(
        "--no-attestation",
        action="store_true",
        help="do not enforce the lab's attest.programs (judge command lines alone)",
    )
    p.set_defaults(func=run)


def _courses(args: argparse.Namespace) -> tuple[str, dict[str, list[Lab]], list[str] | None]:
    """(database URL, learner -> labs in course order, the lab ids to regrade or None: all)."""
    from pathlib import Path

    from grader.config import load_config
    from grader.labs import load_lab

    config = load_config(args.config)
    labs = {lab.id: lab for lab in map(load_lab, config.labs)}
    courses: dict[str, list[Lab]] = {}
    for node in config.nodes:
        for learner, ids in node.learners.items():
            course = courses.setdefault(learner, [])
            course += [labs[i] for i in ids if i in labs and labs[i] not in course]
    if args.learner:
        courses = {k: v for k, v in courses.items() if k in args.learner}
    only = None
    if args.lab:
        only = [load_lab(args.lab).id if Path(args.lab).exists() else args.lab]
        if only[0] not in labs:
            raise SystemExit(f"regrade: lab {only[0]!r} is not one of {args.config}'s labs")
    return args.db or config.db, courses, only


def run(args: argparse.Namespace) -> int:
    from grader.authoring import key_from_option
    from grader.labs import load_lab
    from grader.store import Store, regrade_course

    if args.config is None and (args.db is None or args.lab is None):
        raise SystemExit("regrade: give --db and --lab, or --config grader.yaml")
    key = key_from_option(args.attest_key)
    enforce = not args.no_attestation
    lab = None
    if args.config is not None:
        db, courses, only = _courses(args)
    else:
        db, courses, only = args.db, {}, None
        lab = load_lab(args.lab)
        if lab.attest_programs:
            print(
                "attestation: not enforced (--no-attestation)"
                if not enforce
                else "attestation: enforced with the signed runs stored on the records "
                + (
                    "(re-verified with --attest-key)"
                    if key
                    else "(verified by the daemon at ingest)"
                )
            )
    store = Store.open(db)
    try:
        if lab is not None:  # one lab, as each learner's only one
            who = args.learner if args.learner is not None else store.learners()
            courses = {learner: [lab] for learner in who}
        results = regrade_course(
            store,
            courses,
            labs=only,
            allow_downgrade=args.allow_downgrade,
            enforce_attestation=enforce,
            attest_key=key,
        )
    finally:
        store.close()
    _report(results)
    return 0


def _report(results: list[RegradeResult]) -> None:
    for r in results:
        lowered = f" ({r.downgraded} downgraded)" if r.downgraded else ""
        where = f" on {r.lab}" if r.lab else ""
        print(
            f"{r.learner}{where}: {r.records} records replayed, {r.new_events} new verdict "
            f"events{lowered}"
        )
