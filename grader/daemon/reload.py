"""grader.yaml read again while the daemon runs (SIGHUP, `grader reload`): what changes live.

`read_config` loads the file and its labs as `grader run` does, or returns every problem (the
running config then stays). `plan_reload` compares it with the running one: the nodes added,
removed and changed (a node whose entry differs, or one of whose learners takes a lab whose
definition changed, is handed to a new watcher; service.Daemon.reload applies the plan), the
learners added and removed, and the settings a running process cannot change (the database,
where the API listens, its limits, the daemon's own settings, grades out): those keep their
running values until a restart, and the plan says so, one line each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from grader.config import ConfigError, GraderConfig, load_config
from grader.labs import Lab, LabInvalid, load_lab


@dataclass(frozen=True)
class ReloadPlan:
    config: GraderConfig  # the new config, with the settings that need a restart as running
    labs: Mapping[str, Lab]
    added: tuple[str, ...]  # node ids
    removed: tuple[str, ...]
    restarted: tuple[str, ...]  # changed: its watcher is replaced
    learners_added: tuple[str, ...]
    learners_removed: tuple[str, ...]
    kept_settings: tuple[str, ...]  # "api.port: 8500 needs a restart (8400 stays)"


def read_config(path: Path) -> tuple[GraderConfig, dict[str, Lab]] | list[str]:
    """The config at `path` and its labs, or every problem found (file:line:col: message)."""
    try:
        config = load_config(path)
        labs = {lab.id: lab for lab in map(load_lab, config.labs)}
    except ConfigError as exc:
        return list(exc.problems)
    except LabInvalid as exc:
        return [str(e) for e in exc.errors]
    except OSError as exc:
        return [f"{path}: {exc.strerror or exc}"]
    return config, labs


def _learners(config: GraderConfig) -> set[str]:
    return {name for node in config.nodes for name in node.learners}


def _kept(old: GraderConfig, new: GraderConfig) -> tuple[GraderConfig, list[str]]:
    """`new` with what needs a restart as `old` has it, and a line for each such difference."""
    said = []
    api = new.api
    for name in ("host", "port", "enabled", "rate_per_token", "failed_auth_per_client"):
        if getattr(api, name) != getattr(old.api, name):
            said.append(f"api.{name}")
    for name in ("streams_per_token", "streams_total"):
        if getattr(api, name) != getattr(old.api, name):
            said.append(f"api.rate_limits.{name}")
    for name, a, b in (
        ("db", old.db, new.db),
        ("daemon", old.daemon, new.daemon),
        ("outbound", old.outbound, new.outbound),
    ):
        if a != b:
            said.append(name)
    kept_api = replace(
        new.api,
        host=old.api.host,
        port=old.api.port,
        enabled=old.api.enabled,
        rate_per_token=old.api.rate_per_token,
        failed_auth_per_client=old.api.failed_auth_per_client,
        streams_per_token=old.api.streams_per_token,
        streams_total=old.api.streams_total,
    )
    config = replace(new, db=old.db, daemon=old.daemon, outbound=old.outbound, api=kept_api)
    lines = [f"{name} changed: it takes effect at the next restart of grader run" for name in said]
    return config, lines


def plan_reload(
    old: GraderConfig, old_labs: Mapping[str, Lab], new: GraderConfig, new_labs: Mapping[str, Lab]
) -> ReloadPlan:
    """What applying `new` to a daemon running `old` changes (pure: nothing is read)."""
    config, kept = _kept(old, new)
    before = {n.id: n for n in old.nodes}
    after = {n.id: n for n in config.nodes}
    changed_labs = {
        i for i in old_labs.keys() | new_labs.keys() if old_labs.get(i) != new_labs.get(i)
    }
    restarted = []
    for node_id in sorted(before.keys() & after.keys()):
        node = after[node_id]
        takes = {lab for labs in node.learners.values() for lab in labs}
        if node != before[node_id] or takes & changed_labs or old.attestation != new.attestation:
            restarted.append(node_id)
    return ReloadPlan(
        config=config,
        labs=dict(new_labs),
        added=tuple(sorted(after.keys() - before.keys())),
        removed=tuple(sorted(before.keys() - after.keys())),
        restarted=tuple(restarted),
        learners_added=tuple(sorted(_learners(config) - _learners(old))),
        learners_removed=tuple(sorted(_learners(old) - _learners(config))),
        kept_settings=tuple(kept),
    )
