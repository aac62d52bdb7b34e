"""`grader provision`: make every inventory node ready for its labs, or say what is wrong."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from grader.config import public_url_problem
from grader.node import simulator_missing
from grader.provision.graderconfig import ConfigNotWritten, ConfigPlan, plan_config, write_config
from grader.provision.health import NodeReport, report_table
from grader.provision.inventory import Inventory, InventoryInvalid, load_inventory
from grader.provision.outcome import summary_table
from grader.provision.runner import ALL_STEPS, Mode, provision

DEFAULT_LOG_DIR = "provision-logs"


#: What each step does, for --help; the order and the names are runner.ALL_STEPS.
STEP_NOTES = {
    "connect": "pinned host keys, the admin's key, `sudo -n true`",
    "capture-shell": "sshd config checked with `sshd -t`, the previous one restored on failure",
    "learner-keys": "each learner's authorized_keys from `learner_keys`",
    "learner-limits": "per-learner nproc, memory and CPU share from `limits`",
    "simulator": "only with `simulator: true`: the CPU-only GPU simulator, reported as such",
    "nccl-tests": "kept when they run, else built from the configured source",
    "attestation": "the node's own Ed25519 signing key, made once; attested-run wrappers",
    "health": "the node report, run even after a failure",
}


def steps_help() -> str:
    """`Steps, in order: connect (...), learners, ...`, wrapped for --help."""
    words = [f"{s} ({STEP_NOTES[s]})" if s in STEP_NOTES else s for s in ALL_STEPS]
    text = "Steps, in order: " + ", ".join(words) + "."
    return textwrap.fill(text, width=88, break_on_hyphens=False)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "provision",
        help="prepare lab nodes: " + ", ".join(ALL_STEPS[1:]),
        description=(
            "Prepare every node in an inventory for its labs, over SSH (pinned host keys, the\n"
            "admin user's key, passwordless sudo). Each step is idempotent and reported per host\n"
            "as ok / changed / failed / skipped; a host that fails does not stop the others.\n"
            + steps_help()
            + "\nThe inventory is checked first (host keys parsed, local files readable); every\n"
            "problem is printed as FILE:LINE:COL and nothing is touched.\n"
            "Exit status: 0 when every host succeeded, 1 when any failed, 2 for a bad inventory.\n"
            "Inventory format: docs/provisioning.md."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--inventory", "-i", required=True, help="inventory YAML file")
    p.add_argument(
        "--limit",
        nargs="+",
        metavar="HOST",
        help="only these inventory hosts (with --write-config: only their nodes are rewritten; "
        "every other node keeps its entry)",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--dry-run", action="store_true", help="change nothing; print what each step would change"
    )
    mode.add_argument(
        "--check",
        action="store_true",
        help="run only the health checks and print each node's report",
    )
    p.add_argument(
        "--rotate-attest-key",
        action="store_true",
        help="give each node a new attestation key pair (a leaked or old key then signs nothing "
        "the grader accepts once it has fetched the new public key: docs/attestation.md)",
    )
    p.add_argument(
        "--log-dir",
        default=DEFAULT_LOG_DIR,
        help=f"per-host logs and reports (<host>.log, <host>.report.json); "
        f"default ./{DEFAULT_LOG_DIR}",
    )
    p.add_argument(
        "--write-config",
        metavar="FILE",
        help="after provisioning, merge the grader's config for `grader run` into FILE (nodes, "
        "pinned host keys, learners, labs, and the inventory's `grader:` settings; a setting set "
        "by hand and not in the inventory is kept) and print each change; checked before any "
        "node is touched: docs/operator-guide.md",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="with --write-config: the address learners open the grader's API at "
        "(api.public_url, e.g. https://grader.example); each learner's login then names their "
        "page, URL/dashboard/learner. Wins over the inventory's grader.api.public_url; kept in "
        "the file by later runs without it",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the outcome of every host as JSON instead of the tables",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        inventory = load_inventory(args.inventory)
    except InventoryInvalid as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    if args.public_url is not None:
        why = (
            public_url_problem(args.public_url)
            if args.write_config
            else "goes into the config --write-config writes: give --write-config FILE too"
        )
        if why:
            print(f"grader provision: --public-url {args.public_url!r} {why}", file=sys.stderr)
            return 2
    hosts = list(inventory.hosts)
    if args.limit:
        known = {h.name for h in hosts}
        unknown = [n for n in args.limit if n not in known]
        if unknown:
            print(f"grader provision: not in the inventory: {', '.join(unknown)}", file=sys.stderr)
            return 2
        hosts = [h for h in hosts if h.name in args.limit]
    plan: ConfigPlan | None = None
    if args.write_config:  # refused now, before any node is touched, rather than after the run
        try:
            plan = _plan(args, inventory)
        except ConfigNotWritten as exc:
            print(f"grader provision: config not written: {exc}", file=sys.stderr)
            return 2
    if args.rotate_attest_key and args.check:
        print(
            "grader provision: --rotate-attest-key changes nodes; not with --check", file=sys.stderr
        )
        return 2
    mode = Mode(dry_run=args.dry_run, check_only=args.check, rotate_key=args.rotate_attest_key)
    simulated = [h.name for h in hosts if h.simulator and not args.check]
    missing = simulator_missing() if simulated else None
    if missing:
        print(
            f"grader provision: simulator: true ({', '.join(simulated)}): {missing}",
            file=sys.stderr,
        )
        return 2
    for warning in inventory.warnings:
        print(warning, file=sys.stderr)
    outcomes = provision(hosts, mode, Path(args.log_dir), sys.stderr)
    if args.json:
        print(json.dumps([o.as_dict() for o in outcomes], indent=2))
    else:
        for o in outcomes:
            if o.report is not None:
                print(report_table(_report(o.report)))
                print()
        if args.dry_run:
            print("DRY RUN: nothing was changed; `changed` means would change.")
        print(summary_table(outcomes))
        print(f"Every detail, per host: {Path(args.log_dir) / '<host>.log'}")
    failed = any(o.failed for o in outcomes)
    if plan is not None and args.dry_run:
        print(_config_lines(plan, f"DRY RUN: --write-config would leave {plan.path}"))
    elif plan is not None:
        try:
            plan = _plan(args, inventory)  # again: the file may have been edited meanwhile
            write_config(plan)
        except ConfigNotWritten as exc:
            print(f"grader provision: config not written: {exc}", file=sys.stderr)
            return 2
        print(
            _config_lines(plan, f"Wrote {plan.path}")
            + f"\n(Re)start the grader with `grader run --config {plan.path}`"
            + (" (some hosts FAILED: see above)" if failed else "")
        )
    return 1 if failed else 0


def _plan(args: argparse.Namespace, inventory: Inventory) -> ConfigPlan:
    return plan_config(Path(args.write_config), inventory, args.limit or None, args.public_url)


def _config_lines(plan: ConfigPlan, head: str) -> str:
    """`head` and what changed in the config, one line each."""
    if plan.new_file:
        return f"{head} (a new file): " + "; ".join(c for c in plan.changes if "node" in c)
    if not plan.changes:
        return f"{head}: unchanged"
    return f"{head}: {len(plan.changes)} change(s)\n" + "\n".join(f"  {c}" for c in plan.changes)


def _report(data: dict) -> NodeReport:
    from grader.provision.health import Check

    report = NodeReport(
        data["host"], topology=data.get("topology", ""), simulated=bool(data.get("simulated"))
    )
    report.checks = [Check(c["name"], c["ok"], c["detail"]) for c in data["checks"]]
    return report
