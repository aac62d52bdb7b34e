"""Learners' SSH keys from the inventory (`learner_keys`): each learner's authorized_keys.

The inventory is the one place a learner is listed: provisioning makes the account (the learners
step) and installs the keys it gives, so the operator never copies a key onto a node by hand. A
learner the inventory gives keys for gets exactly those keys (a key the learner added himself is
replaced at the next run, and the report says so); a learner without `learner_keys` keeps what
his authorized_keys holds. A learner left with no key at all (none in the inventory, none on the
node) cannot log in: the step fails naming him, without holding up the steps after it (they do
not depend on learners' keys). A learner the inventory no longer lists (a member of the learners'
group it does not name) loses every key: removing him from the inventory ends his logins at the
next run, which says so; his account and files stay (his spool is the record of his work).

`authorize` is the one way an account's authorized_keys is written; the graded canary
(grader.provision.canary) uses it too.
"""

from __future__ import annotations

from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError, Result
from grader.provision.steps import stray_learners

STEP = "learner-keys"

# Everything in an account's home is the account's to point anywhere (a learner with a shell
# links ~/.ssh/authorized_keys.labgrader-new to /etc/sudoers.d/x), so root never writes, chowns or
# reads a path there: the scripts run as the account itself (runuser, util-linux), where a link
# reaches only what the account could reach anyway. sshd's StrictModes wants ~/.ssh 0700 and the
# file 0600, owned by the account: made so by the account.
# (as root) $1 = the account, $2 = a script, $3.. its arguments after the home (getent is root's
# own lookup, not a path in the home).
_AS_ACCOUNT = r"""
u=$1 script=$2; shift 2
home=$(getent passwd "$u" | cut -d: -f6)
[ -n "$home" ] || { echo "no account $u" >&2; exit 1; }
exec runuser -u "$u" -- sh -c "$script" sh "$home" "$@"
"""
# (as the account) $1 = home, $2 = the authorized_keys text: written whole, temp file + rename.
_WRITE = r"""
set -e
umask 077
d=$1/.ssh
mkdir -p -- "$d"
chmod 700 -- "$d"
rm -f -- "$d/authorized_keys.labgrader-new"
printf '%s' "$2" > "$d/authorized_keys.labgrader-new"
mv -f -- "$d/authorized_keys.labgrader-new" "$d/authorized_keys"
"""
# (as the account) $1 = home: its authorized_keys, or nothing.
_READ = r"""
cat -- "$1/.ssh/authorized_keys" 2>/dev/null
exit 0
"""


def _as_account(node: Node, account: str, script: str, *args: str) -> Result:
    """`script` run by `account` itself with sh: $1 its home, then `args`."""
    return node.run(["bash", "-c", _AS_ACCOUNT, "as", account, script, *args], sudo=True)


def authorized_keys_text(keys: tuple[str, ...]) -> str:
    return "".join(f"{k}\n" for k in keys)


def authorize(node: Node, account: str, keys: tuple[str, ...]) -> None:
    """Make `keys` the account's whole authorized_keys, written by the account itself."""
    done = _as_account(node, account, _WRITE, authorized_keys_text(keys))
    if not done.ok:
        why = (done.stderr.strip() or done.stdout.strip()).splitlines()[-1:] or [
            str(done.exit_code)
        ]
        raise NodeError(f"writing {account}'s authorized_keys failed: {why[0]}")


def _pending(node: Node) -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for learner, keys in sorted(node.host.learner_keys.items()):
        have = _as_account(node, learner, _READ).stdout
        if have != authorized_keys_text(keys):
            out.append((learner, keys))
    return out


def keyless_learners(node: Node) -> list[str]:
    """The host's learners the inventory gives no key whose authorized_keys holds none either
    (or who have no account yet, under --dry-run): nobody can log in as them."""
    out = []
    for learner in node.host.learners:
        if learner in node.host.learner_keys:
            continue
        if not _has_key(node, learner):
            out.append(learner)
    return out


def _has_key(node: Node, account: str) -> bool:
    have = _as_account(node, account, _READ).stdout
    return any(line.strip() and not line.lstrip().startswith("#") for line in have.split("\n"))


def _revoke_removed(node: Node, result: StepResult, *, dry_run: bool) -> None:
    """Empty the authorized_keys of the learners the inventory no longer lists."""
    removed = [name for name in stray_learners(node) if _has_key(node, name)]
    if not removed:
        return
    if result.status is Status.OK:
        result.status = Status.CHANGED
    for name in removed:
        if dry_run:
            result.details.append(f"would remove {name}'s keys (not in the inventory)")
            continue
        authorize(node, name, ())
        result.details.append(
            f"removed {name}'s keys: not in the inventory, he can no longer log in "
            "(account and files kept)"
        )


def run_learner_keys(node: Node, *, dry_run: bool) -> StepResult:
    result = _install(node, dry_run=dry_run)
    _revoke_removed(node, result, dry_run=dry_run)
    keyless = keyless_learners(node)
    if keyless:
        result.status = Status.FAILED
        result.details.append(
            f"no key for {', '.join(keyless)} (none in learner_keys, none on the node): "
            "cannot log in; add the public key under learner_keys in the inventory"
        )
    return result


def _install(node: Node, *, dry_run: bool) -> StepResult:
    pending = _pending(node)
    if not pending:
        n = len(node.host.learner_keys)
        return StepResult(STEP, Status.OK, [f"{n} learner(s) have their keys"] if n else [])
    said = [f"{learner}: {len(keys)} key(s)" for learner, keys in pending]
    if dry_run:
        return StepResult(STEP, Status.CHANGED, [f"would install {s}" for s in said])
    for learner, keys in pending:
        authorize(node, learner, keys)
    left = _pending(node)
    if left:
        return StepResult(
            STEP, Status.FAILED, [f"{u}'s authorized_keys still differ" for u, _ in left]
        )
    return StepResult(STEP, Status.CHANGED, [f"installed {s}" for s in said])
