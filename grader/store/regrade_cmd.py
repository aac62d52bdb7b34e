"""`grader regrade`: re-judge stored command records after a lab changed."""

from __future__ import annotations

import argparse


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
            "Matching sees each record's stored output (a capped head+tail excerpt), so a step\n"
            "whose patterns sit in the middle of a huge output may not re-verify."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--db", required=True, help="database URL (sqlite:///grader.db, postgresql+psycopg://...)"
    )
    p.add_argument("--lab", required=True, help="lab folder or lab.yaml")
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


def run(args: argparse.Namespace) -> int:
    from grader.labs import load_lab
    from grader.matching import key_from_option
    from grader.store.regrade import regrade
    from grader.store.store import Store

    lab = load_lab(args.lab)
    key = key_from_option(args.attest_key)
    enforce = not args.no_attestation
    if lab.attest_programs:
        print(
            "attestation: not enforced (--no-attestation)"
            if not enforce
            else "attestation: enforced with the signed runs stored on the records "
            + ("(re-verified with --attest-key)" if key else "(verified by the daemon at ingest)")
        )
    store = Store.open(args.db)
    try:
        results = regrade(
            store,
            lab,
            args.learner,
            allow_downgrade=args.allow_downgrade,
            enforce_attestation=enforce,
            attest_key=key,
        )
    finally:
        store.close()
    for r in results:
        lowered = f" ({r.downgraded} downgraded)" if r.downgraded else ""
        print(
            f"{r.learner}: {r.records} records replayed, {r.new_events} new verdict events{lowered}"
        )
    return 0
