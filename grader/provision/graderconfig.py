"""The grader's config (grader.yaml) kept in step with the inventory: the operator lists each
learner, pins each host key and sets the grader's own settings once, in the inventory, and
`grader run` reads what provisioning wrote.

`grader provision -i INV --write-config grader.yaml [--limit HOST ...]` merges into the file it
wrote before, host by host:

- the nodes provisioned in this run (every inventory host, or those of `--limit`) are written
  from the inventory; a setting the inventory does not make (a node's `user`, `spool_root`) is
  kept as the file has it;
- a node outside `--limit` keeps its entry exactly; a node no longer in the inventory is removed
  by a run without `--limit` (and kept, with a note, by one with it);
- a top-level setting the inventory's `grader:` section gives (db, api host/port/public_url,
  tokens' source, daemon capacity, attestation) is written; one it does not give keeps the
  file's value (a port set by hand stays), or a new file's default.

Every difference is returned as one line each (`config_changes`), for the command to print.
Secrets stay out of the file: with `tokens: env` (the default) API tokens are read from
environment variables at `grader run` (the operator's from LABGRADER_OPERATOR_TOKEN, each
learner's from LABGRADER_TOKEN_<NAME>); with `tokens: store` the file names none and every token
is issued with `grader tokens create`. The grader's SSH key is named by path
(`grader_identity`). A file this command did not write is never overwritten, and the whole merge
is planned and validated (`plan_config`) before any node is touched.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from grader.config import config_schema, validate_document
from grader.provision.inventory import GraderSettings, Host, Inventory

MARK = "# Written by `grader provision --write-config`"
OPERATOR_TOKEN_ENV = "LABGRADER_OPERATOR_TOKEN"
#: What a new file gets where the inventory's `grader:` section says nothing.
NEW_FILE_DB = "sqlite:///grader.db"
NEW_FILE_API_HOST = "127.0.0.1"
NEW_FILE_ATTESTATION = "required"
#: The order of grader.yaml's top-level keys as written (others follow as the file has them).
KEY_ORDER = ("db", "labs", "attestation", "api", "daemon", "nodes")
API_KEY_ORDER = ("host", "port", "enabled", "public_url", "tokens")
#: The longest value a change line shows whole; longer ones are named, not printed.
SHOWN_VALUE_CHARS = 60


class ConfigNotWritten(Exception):
    """Why the config was not written (one sentence for the operator)."""


@dataclass(frozen=True)
class ConfigPlan:
    """What `write_config` writes to `path`, and each difference from what the file holds."""

    path: Path
    text: str
    changes: tuple[str, ...]
    new_file: bool


def token_env(learner: str) -> str:
    """The environment variable `grader run` reads a learner's API token from."""
    return "LABGRADER_TOKEN_" + re.sub(r"[^A-Za-z0-9_]", "_", learner).upper()


def node_entry(host: Host) -> dict[str, Any]:
    """The grader.yaml node for an inventory host (every key the inventory decides)."""
    return {
        "id": host.name,
        "host": host.address,
        "port": host.port,
        "key": str(host.grader_identity),
        "known_hosts": list(host.host_keys),
        "learners": {name: list(host.lab_ids) for name in host.learners},
    }


def merge_config(
    existing: dict[str, Any] | None,
    inventory: Inventory,
    limit: Collection[str] | None = None,
    public_url: str | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """The config for `inventory` merged into `existing` (None: a new file), and the changes.

    Pure: no file is read. `limit` names the hosts this run writes (None: all of them);
    `public_url` (the --public-url flag) wins over the inventory's.
    """
    old = copy.deepcopy(existing or {})
    doc = copy.deepcopy(old)
    changes: list[str] = []
    known = {h.name for h in inventory.hosts}
    scope = [h for h in inventory.hosts if limit is None or h.name in limit]
    _apply_settings(doc, inventory.grader, public_url, new_file=existing is None)

    wanted = {h.name: node_entry(h) for h in scope}
    nodes: list[dict[str, Any]] = []
    for entry in old.get("nodes", []):
        node_id = entry.get("id") if isinstance(entry, dict) else None
        if node_id in wanted:
            merged = {**entry, **wanted.pop(node_id)}
            differ = [k for k in merged if merged.get(k) != entry.get(k)]
            if differ:
                changes.append(f"changed node {node_id}: {', '.join(differ)}")
            nodes.append(merged)
        elif node_id in known or limit is not None:
            nodes.append(entry)
            if node_id not in known:
                changes.append(
                    f"kept node {node_id}: not in the inventory; a run without --limit removes it"
                )
        else:
            changes.append(f"removed node {node_id}: not in the inventory")
    for node_id, entry in wanted.items():
        changes.append(f"added node {node_id}")
        nodes.append(entry)
    doc["nodes"] = nodes

    labs = {d for h in scope for d in h.lab_dirs}
    if limit is not None:  # the nodes left as they were still take the labs they took
        labs |= set(old.get("labs", []))
    doc["labs"] = sorted(labs)
    _token_entries(doc, old, inventory.grader.tokens)
    changes += _setting_changes(old, doc)
    doc["api"] = _ordered(doc["api"], API_KEY_ORDER)
    return _ordered(doc, KEY_ORDER), changes


def _ordered(mapping: dict[str, Any], first: tuple[str, ...]) -> dict[str, Any]:
    order = [k for k in first if k in mapping] + [k for k in mapping if k not in first]
    return {k: mapping[k] for k in order}


def _apply_settings(
    doc: dict[str, Any], settings: GraderSettings, public_url: str | None, *, new_file: bool
) -> None:
    """The inventory's `grader:` settings over `doc`; a new file's defaults where none is set."""
    api = doc.setdefault("api", {})
    daemon = doc.get("daemon", {})
    given: list[tuple[dict[str, Any], str, Any]] = [
        (doc, "db", settings.db),
        (doc, "attestation", settings.attestation),
        (api, "host", settings.api_host),
        (api, "port", settings.api_port),
        (api, "public_url", public_url or settings.public_url),
        (daemon, "capacity", settings.capacity),
    ]
    for where, key, value in given:
        if value is not None:
            where[key] = value
    if daemon:
        doc["daemon"] = daemon
    if new_file:
        doc.setdefault("db", NEW_FILE_DB)
        doc.setdefault("attestation", NEW_FILE_ATTESTATION)
        api.setdefault("host", NEW_FILE_API_HOST)


def _token_entries(doc: dict[str, Any], old: dict[str, Any], source: str | None) -> None:
    """api.tokens for the learners the merged nodes name.

    `store`: none in the file. `env`, or no choice made: the operator's tokens as the file has
    them (LABGRADER_OPERATOR_TOKEN in a new file), each learner's as the file has it or from
    LABGRADER_TOKEN_<NAME>; a learner no node names any more loses the entry. With no choice made
    a file that names no tokens stays so (they are in the store).
    """
    api = doc.setdefault("api", {})
    had = old.get("api", {}).get("tokens") if isinstance(old.get("api"), dict) else None
    if source == "store" or (source is None and old and had is None):
        api.pop("tokens", None)
        return
    tokens = dict(had or {})
    tokens.setdefault("operator", [{"env": OPERATOR_TOKEN_ENV}])
    learners = sorted({name for node in doc["nodes"] for name in node.get("learners", {})})
    before = tokens.get("learners") or {}
    tokens["learners"] = {name: before.get(name, {"env": token_env(name)}) for name in learners}
    api["tokens"] = tokens


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """Every leaf of a mapping by dotted path (lists, and {env: VAR}, are leaves)."""
    if isinstance(value, dict) and (value or not prefix) and set(value) != {"env"}:
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: value}


def _shown(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    text = text.removesuffix("\n...").strip()
    return text if len(text) <= SHOWN_VALUE_CHARS else f"({len(text)} characters)"


def _setting_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    before = _flat({k: v for k, v in old.items() if k != "nodes"})
    after = _flat({k: v for k, v in new.items() if k != "nodes"})
    lines = []
    for key in sorted(before.keys() | after.keys()):
        if key not in before:
            lines.append(f"set {key}: {_shown(after[key])}")
        elif key not in after:
            lines.append(f"removed {key} (was {_shown(before[key])})")
        elif before[key] != after[key]:
            lines.append(f"changed {key}: {_shown(before[key])} -> {_shown(after[key])}")
    return lines


def _existing(path: Path) -> dict[str, Any] | None:
    """The config --write-config wrote before at `path` (None: no file yet)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ConfigNotWritten(f"{path} cannot be read: {exc.strerror or exc}") from None
    if not text.startswith(MARK):
        raise ConfigNotWritten(
            f"{path} exists and was not written by --write-config: move it away first"
        )
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigNotWritten(f"{path} is not YAML any more ({exc}); fix or remove it") from None
    if not isinstance(data, dict):
        raise ConfigNotWritten(f"{path} is not a YAML mapping any more; fix or remove it")
    return data


def _check_writable(path: Path) -> None:
    folder = path.parent
    if not folder.is_dir():
        raise ConfigNotWritten(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ConfigNotWritten(f"the folder {folder} is not writable (the file is replaced whole)")
    if path.is_dir():
        raise ConfigNotWritten(f"{path} is a folder; name a file")


def plan_config(
    path: Path,
    inventory: Inventory,
    limit: Collection[str] | None = None,
    public_url: str | None = None,
) -> ConfigPlan:
    """What --write-config would write to `path`, checked: ConfigNotWritten when it cannot or
    must not (a file it did not write, a folder it cannot write to, a host without the grader's
    key, learners without a lab, a result grader.yaml's schema refuses)."""
    _check_writable(path)
    scope = [h for h in inventory.hosts if limit is None or h.name in limit]
    missing = [h.name for h in scope if h.grader_identity is None]
    if missing:
        raise ConfigNotWritten(
            f"--write-config needs `grader_identity` (the grader's private key file) for "
            f"{', '.join(missing)}: `grader run` logs in with it"
        )
    bare = [h.name for h in scope if h.learners and not h.lab_ids]
    if bare:  # their learners would be graded on nothing (config.schema.json says so too)
        raise ConfigNotWritten(
            f"{', '.join(bare)}: learners but no lab that loads: give the host `labs:` in the "
            "inventory"
        )
    existing = _existing(path)
    doc, changes = merge_config(existing, inventory, limit, public_url)
    if not doc["nodes"]:
        raise ConfigNotWritten("no node would be left in it (grader.yaml needs at least one)")
    text = (
        f"{MARK} from {inventory.file}.\n"
        "# Nodes come from the inventory; so does every setting its `grader:` section gives. A\n"
        "# setting set here and not there is kept at the next --write-config. Tokens come from\n"
        f"# the environment at `grader run` ({OPERATOR_TOKEN_ENV}, LABGRADER_TOKEN_<LEARNER>)\n"
        "# or from `grader tokens create`.\n" + yaml.safe_dump(doc, sort_keys=False)
    )
    _validate(path, text)
    return ConfigPlan(path, text, tuple(changes), existing is None)


def _validate(path: Path, text: str) -> None:
    """grader.yaml's schema over `text`, in a scratch file beside `path` (proving the folder
    takes a new file too)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.check")
    try:
        tmp.write_text(text, encoding="utf-8")
        _, problems = validate_document(tmp, config_schema())
    except OSError as exc:
        raise ConfigNotWritten(f"cannot write beside {path}: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
    if problems:
        shown = [p.replace(str(tmp), str(path)) for p in problems]
        raise ConfigNotWritten("the merged config does not validate: " + "; ".join(shown))


def write_config(plan: ConfigPlan) -> None:
    """Write the planned file whole (a temporary file renamed over it)."""
    tmp = plan.path.with_name(plan.path.name + ".tmp")
    try:
        tmp.write_text(plan.text, encoding="utf-8")
        tmp.replace(plan.path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ConfigNotWritten(f"cannot write {plan.path}: {exc.strerror or exc}") from None
