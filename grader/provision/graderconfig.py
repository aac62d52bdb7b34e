"""The grader's config (grader.yaml) written from the inventory: the operator lists each learner
and pins each host key once, in the inventory, and `grader run` reads what provisioning wrote.

`grader provision -i INV --write-config grader.yaml` writes it after provisioning. Secrets stay
out of the file: API tokens are read from environment variables at `grader run` (the operator's
from LABGRADER_OPERATOR_TOKEN, each learner's from LABGRADER_TOKEN_<NAME>); the grader's SSH key
is named by path (`grader_identity`). A file this command did not write is never overwritten.
`--public-url` is the address learners open the API at (api.public_url): the login welcome
names each learner's page under it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from grader.config import config_schema, validate_document
from grader.provision.inventory import Host

MARK = "# Written by `grader provision --write-config`"
OPERATOR_TOKEN_ENV = "LABGRADER_OPERATOR_TOKEN"


class ConfigNotWritten(Exception):
    """Why the config was not written (one sentence for the operator)."""


def token_env(learner: str) -> str:
    """The environment variable `grader run` reads a learner's API token from."""
    return "LABGRADER_TOKEN_" + re.sub(r"[^A-Za-z0-9_]", "_", learner).upper()


def config_document(
    hosts: list[Host], inventory: str, public_url: str | None = None
) -> dict[str, Any]:
    missing = [h.name for h in hosts if h.grader_identity is None]
    if missing:
        raise ConfigNotWritten(
            f"--write-config needs `grader_identity` (the grader's private key file) for "
            f"{', '.join(missing)}: `grader run` logs in with it"
        )
    labs = sorted({d for h in hosts for d in h.lab_dirs})
    learners = sorted({name for h in hosts for name in h.learners})
    return {
        "db": "sqlite:///grader.db",
        "labs": labs,
        "attestation": "required",
        "api": {
            "host": "127.0.0.1",
            **({} if public_url is None else {"public_url": public_url}),
            "tokens": {
                "operator": [{"env": OPERATOR_TOKEN_ENV}],
                "learners": {name: {"env": token_env(name)} for name in learners},
            },
        },
        "nodes": [
            {
                "id": h.name,
                "host": h.address,
                "port": h.port,
                "key": str(h.grader_identity),
                "known_hosts": list(h.host_keys),
                "learners": {name: list(h.lab_ids) for name in h.learners},
            }
            for h in hosts
        ],
    }


def write_config(
    path: Path, hosts: list[Host], inventory: str, public_url: str | None = None
) -> None:
    """Write grader.yaml for `hosts` (and api.public_url, when given); ConfigNotWritten when it
    cannot or must not."""
    if path.exists():
        head = path.read_text(encoding="utf-8", errors="replace").splitlines()[:1]
        if not (head and head[0].startswith(MARK)):
            raise ConfigNotWritten(
                f"{path} exists and was not written by --write-config: move it away first"
            )
    bare = [h.name for h in hosts if h.learners and not h.lab_ids]
    if bare:  # their learners would be graded on nothing (config.schema.json says so too)
        raise ConfigNotWritten(
            f"{', '.join(bare)}: learners but no lab that loads: give the host `labs:` in the "
            "inventory"
        )
    doc = config_document(hosts, inventory, public_url)
    text = (
        f"{MARK} from {inventory}.\n"
        "# Edit the inventory and run it again rather than this file. Tokens come from the\n"
        f"# environment at `grader run`: {OPERATOR_TOKEN_ENV}, LABGRADER_TOKEN_<LEARNER>.\n"
        + yaml.safe_dump(doc, sort_keys=False)
    )
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    _, problems = validate_document(tmp, config_schema())
    if problems:
        tmp.unlink()
        raise ConfigNotWritten("the written config does not validate: " + "; ".join(problems))
    tmp.replace(path)
