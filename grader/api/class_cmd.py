"""The instructor's class actions from a shell: `grader tokens`, `grader reset`, `grader announce`.

Each reads grader.yaml for the store's URL and for who the class is (the learners its nodes name,
and each one's labs), and writes the store directly, like the API's routes for the same actions:
a running daemon picks a reset up within a second (grader/daemon/resets.py) and an announcement
within its poll (grader/daemon/announce_feed.py); an issued or revoked token counts at the API's
next request.
"""

from __future__ import annotations

import argparse
import getpass
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from grader.printable import printable

if TYPE_CHECKING:
    from grader.store import Store


@dataclass(frozen=True)
class ClassOf:
    """Who the config's class is: learner -> the lab ids their nodes grade them on."""

    labs_of: dict[str, frozenset[str]]

    @property
    def labs(self) -> frozenset[str]:
        return frozenset(lab for labs in self.labs_of.values() for lab in labs)


def _class_of(config_path: str) -> tuple[ClassOf, str]:
    """The config's class and database URL; raises SystemExit(2) with the config's problems."""
    from grader.config import ConfigError, load_config

    try:
        config = load_config(config_path)
    except (ConfigError, OSError) as exc:
        raise SystemExit(f"grader: {exc}") from exc
    labs_of: dict[str, set[str]] = {}
    for node in config.nodes:
        for learner, labs in node.learners.items():
            labs_of.setdefault(learner, set()).update(labs)
    return ClassOf({k: frozenset(v) for k, v in labs_of.items()}), config.db


def _iso(epoch: float | None) -> str:
    if epoch is None:
        return "-"
    try:
        return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (OverflowError, ValueError, OSError):  # a stored time past datetime's years 1-9999
        return f"{epoch!r} (not a time)"


def _actor(given: str | None) -> str:
    if given:
        return given
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli"


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", required=True, help="grader.yaml (the class and the database)")
    p.add_argument("--db", help="database URL (default: the config's db)")


def register(subparsers: argparse._SubParsersAction) -> None:
    tokens = subparsers.add_parser(
        "tokens",
        help="issue, list and revoke API tokens (operator, teaching assistant, learner)",
        description=(
            "API tokens kept in the store, instead of typed into grader.yaml. Only a token's\n"
            "SHA-256 is stored: `create` prints the secret once. Roles: operator (everything),\n"
            "ta (reads the whole class, changes nothing), learner (that learner's own progress).\n"
            "A revoked token stops working at the API's next request."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = tokens.add_subparsers(dest="verb", metavar="VERB", required=True)
    create = verbs.add_parser("create", help="issue a token; prints its id and, once, its secret")
    _common(create)
    create.add_argument("--role", required=True, choices=("operator", "ta", "learner"))
    create.add_argument("--learner", help="the learner a learner token is for (in grader.yaml)")
    create.add_argument("--label", default="", help="what the token is for (shown by `list`)")
    create.set_defaults(func=run_tokens_create)
    listing = verbs.add_parser("list", help="every issued token (never a secret)")
    _common(listing)
    listing.set_defaults(func=run_tokens_list)
    revoke = verbs.add_parser("revoke", help="revoke a token by its id")
    _common(revoke)
    revoke.add_argument("id", help="the token's id (tok_…), as `list` shows it")
    revoke.set_defaults(func=run_tokens_revoke)

    reset = subparsers.add_parser(
        "reset",
        help="start a learner over on a lab (audited, with a reason)",
        description=(
            "Clear a learner's progress on a lab: every step is pending again, and a running\n"
            "daemon judges the learner's next commands from the lab's start. The reset is a\n"
            "verdict event (state reset) that dashboards and LMSs see, and an audit entry with\n"
            "the reason and who did it. Command records are kept; a later regrade replays only\n"
            "those after the reset."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(reset)
    reset.add_argument("learner")
    reset.add_argument("lab", help="lab id")
    reset.add_argument("--reason", required=True, help="why (kept in the audit log)")
    reset.add_argument("--actor", help="who resets (default: cli:<your user name>)")
    reset.set_defaults(func=run_reset)

    announce = subparsers.add_parser(
        "announce",
        help="a message to the class: at learners' next prompt and on their pages",
        description=(
            "Announce something to every learner (or those of one lab): shown once at each\n"
            "learner's next prompt and on their pages until it expires or is withdrawn\n"
            "(`--withdraw SEQ`, the number `announce` printed)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(announce)
    announce.add_argument("text", nargs="?", help="the message (not with --withdraw)")
    announce.add_argument(
        "--withdraw",
        type=int,
        metavar="SEQ",
        help="withdraw the live announcement SEQ: no page or prompt shows it from now on",
    )
    announce.add_argument("--lab", help="only learners of this lab id")
    announce.add_argument(
        "--expires", type=float, metavar="MINUTES", help="expire after this many minutes"
    )
    announce.add_argument("--actor", help="who announces (default: cli:<your user name>)")
    announce.set_defaults(func=run_announce)


def _open(args: argparse.Namespace) -> tuple[ClassOf, Store]:
    from grader.store import Store

    who, db = _class_of(args.config)
    return who, Store.open(args.db or db)


def _fail(command: str, message: str) -> int:
    print(f"grader {command}: {message}", file=sys.stderr)
    return 2


def run_tokens_create(args: argparse.Namespace) -> int:
    who, db = _class_of(args.config)
    if args.role == "learner":
        if not args.learner:
            return _fail("tokens", "a learner token needs --learner NAME")
        if args.learner not in who.labs_of:
            return _fail(
                "tokens",
                f"no learner {printable(args.learner)!r} in {args.config} "
                f"(its nodes name: {', '.join(sorted(who.labs_of)) or 'none'})",
            )
    elif args.learner:
        return _fail("tokens", f"a {args.role} token is for the whole class: drop --learner")
    from grader.store import Store

    store = Store.open(args.db or db)
    try:
        token_id, secret = store.issue_token(args.role, args.learner, args.label)
    except ValueError as exc:
        return _fail("tokens", str(exc))
    finally:
        store.close()
    print(f"id: {token_id}")
    print(f"secret: {secret}")
    print("The secret is shown only now: only its SHA-256 is stored.", file=sys.stderr)
    return 0


def run_tokens_list(args: argparse.Namespace) -> int:
    _, store = _open(args)
    try:
        issued = store.tokens()
    finally:
        store.close()
    rows = [("id", "role", "learner", "label", "created", "revoked")]
    rows += [
        (
            tok.id,
            tok.role,
            printable(tok.learner or "-"),
            printable(tok.label or "-"),
            _iso(tok.created_at),
            _iso(tok.revoked_at),
        )
        for tok in issued
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


def run_tokens_revoke(args: argparse.Namespace) -> int:
    _, store = _open(args)
    try:
        done = store.revoke_token(args.id)
    finally:
        store.close()
    if not done:
        return _fail("tokens", f"no live token {printable(args.id)!r} (see `grader tokens list`)")
    print(f"revoked {args.id}")
    return 0


def run_reset(args: argparse.Namespace) -> int:
    who, db = _class_of(args.config)
    learner, lab = args.learner, args.lab
    if learner not in who.labs_of:
        return _fail("reset", f"no learner {printable(learner)!r} in {args.config}")
    if lab not in who.labs_of[learner]:
        labs = ", ".join(sorted(who.labs_of[learner])) or "none"
        return _fail(
            "reset", f"{learner} does not take lab {printable(lab)!r} (their labs: {labs})"
        )
    from grader.store import Store

    store = Store.open(args.db or db)
    try:
        event = store.reset_lab(learner, lab, args.reason, _actor(args.actor))
    except ValueError as exc:
        return _fail("reset", str(exc))
    finally:
        store.close()
    cleared = (event.evidence or {}).get("cleared", {})
    print(f"reset {learner} on {lab}: {len(cleared)} steps cleared (event {event.seq})")
    return 0


def run_announce(args: argparse.Namespace) -> int:
    if args.withdraw is not None:
        return _withdraw(args)
    if args.text is None:
        return _fail("announce", "give the text to announce, or --withdraw SEQ")
    who, db = _class_of(args.config)
    if args.lab is not None and args.lab not in who.labs:
        labs = ", ".join(sorted(who.labs)) or "none"
        return _fail("announce", f"no lab {printable(args.lab)!r} in {args.config} ({labs})")
    if args.expires is not None and not args.expires > 0:
        return _fail("announce", "--expires takes a number of minutes above 0")
    expires_at = None if args.expires is None else time.time() + args.expires * 60
    from grader.store import Store

    store = Store.open(args.db or db)
    try:
        made = store.add_announcement(args.text, _actor(args.actor), args.lab, expires_at)
    except ValueError as exc:
        return _fail("announce", str(exc))
    finally:
        store.close()
    until = "" if made.expires_at is None else f", until {_iso(made.expires_at)}"
    print(f"announcement {made.seq} for {made.lab or 'every lab'}{until}")
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    if args.text is not None or args.lab is not None or args.expires is not None:
        return _fail("announce", "--withdraw SEQ takes no text, --lab or --expires")
    _, store = _open(args)
    try:
        withdrawn = store.withdraw_announcement(args.withdraw, _actor(args.actor))
    finally:
        store.close()
    if withdrawn is None:
        return _fail("announce", f"no live announcement {args.withdraw} (expired or withdrawn?)")
    print(f"withdrew announcement {withdrawn.seq} for {withdrawn.lab or 'every lab'}")
    return 0
