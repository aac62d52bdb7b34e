"""Learners' SSH keys from the inventory (`learner_keys`): each learner's authorized_keys.

The inventory is the one place a learner is listed: provisioning makes the account (the learners
step) and installs the keys it gives, so the operator never copies a key onto a node by hand. A
learner the inventory gives keys for gets exactly those keys (a key the learner added himself is
replaced at the next run, and the report says so); a learner without `learner_keys` keeps what
his authorized_keys holds.

AUTHORIZE is the one script that writes an account's authorized_keys; the graded canary
(grader.provision.canary) uses it too.
"""

from __future__ import annotations

from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node

STEP = "learner-keys"

# $1 = the account, $2 = its authorized_keys text: written whole (temp file + rename), the
# account's own, 0600 in a 0700 ~/.ssh.
AUTHORIZE = r"""
set -e
u=$1 keys=$2
home=$(getent passwd "$u" | cut -d: -f6)
g=$(id -gn "$u")
[ -n "$home" ] && [ -d "$home" ]
install -d -m 700 -o "$u" -g "$g" "$home/.ssh"
printf '%s' "$keys" > "$home/.ssh/authorized_keys.labgrader-new"
chown "$u:$g" "$home/.ssh/authorized_keys.labgrader-new"
chmod 600 "$home/.ssh/authorized_keys.labgrader-new"
mv -f "$home/.ssh/authorized_keys.labgrader-new" "$home/.ssh/authorized_keys"
"""
# $1 = the account: its authorized_keys, or nothing.
_READ = r"""
home=$(getent passwd "$1" | cut -d: -f6)
[ -n "$home" ] && cat -- "$home/.ssh/authorized_keys" 2>/dev/null
exit 0
"""


def authorized_keys_text(keys: tuple[str, ...]) -> str:
    return "".join(f"{k}\n" for k in keys)


def authorize(node: Node, account: str, keys: tuple[str, ...]) -> None:
    node.check(
        ["bash", "-c", AUTHORIZE, "authorize", account, authorized_keys_text(keys)],
        sudo=True,
        what=f"writing {account}'s authorized_keys",
    )


def _pending(node: Node) -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for learner, keys in sorted(node.host.learner_keys.items()):
        have = node.run(["bash", "-c", _READ, "read", learner], sudo=True).stdout
        if have != authorized_keys_text(keys):
            out.append((learner, keys))
    return out


def run_learner_keys(node: Node, *, dry_run: bool) -> StepResult:
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
