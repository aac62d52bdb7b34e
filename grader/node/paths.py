"""Where the node-side files live inside the installed package.

Provisioning copies them to a node, the fake-node image bakes them in, and local tests run them
in place; all three find them here rather than by a path relative to some checkout.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

# Installed on a node by install-capture.sh (docs/node-capture.md).
NODE_LIB_DIR = "/usr/local/lib/labgrader"
NODE_FILES = ("capture-shell", "hooks.bash", "labenv.bash", "bashrc-guard.bash", "lab")


def node_files_dir() -> Path:
    """The directory holding capture-shell, hooks.bash, lab, install-capture.sh, ..."""
    return Path(str(resources.files("grader.node") / "files"))


def node_file(name: str) -> Path:
    """One node-side file by name; FileNotFoundError if the package does not ship it."""
    path = node_files_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"no node file {name!r} in {node_files_dir()}")
    return path
