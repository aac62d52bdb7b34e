"""Where the node-side files live inside the installed packages.

Provisioning copies them to a node, the fake-node image bakes them in, and local tests run them
in place; all three find them here rather than by a path relative to some checkout. The capture
shell and its helpers are in this package; the GPU simulator is in the fake node's own package.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

# Installed on a node by install-capture.sh (docs/node-capture.md).
NODE_LIB_DIR = "/usr/local/lib/labgrader"
NODE_FILES = (
    "capture-shell",
    "hooks.bash",
    "labenv.bash",
    "bashrc-guard.bash",
    "lab",
    "session_open.py",
)

#: Where install-protocol.sh installs grader/protocol's modules on a node: the node's Python
#: programs import them (attest_run.py from there; spool_reader.py from what the daemon sends).
NODE_PROTOCOL_DIR = f"{NODE_LIB_DIR}/grader/protocol"


def protocol_files() -> dict[str, Path]:
    """Every module of grader/protocol by its place in an installer's --src (`protocol/NAME`)."""
    root = Path(str(resources.files("grader.protocol")))
    return {f"protocol/{p.name}": p for p in sorted(root.glob("*.py"))}


#: Where provisioning installs the GPU simulator on a node (`simulator: true`, docs/simulator.md).
NODE_SIM_DIR = f"{NODE_LIB_DIR}/sim"
#: A line in each simulated program (bin/* of simulator_dir()): how a report tells simulated GPUs
#: from real ones, by the program that runs, wherever it was copied to.
SIMULATOR_MARK = "labgrader GPU simulator: simulated GPUs, not real ones"


#: The GPU simulator is the fake node's own distribution (provisioning/fake-node), not part of
#: the grader: a real node never runs it. This import package holds it as package data (`sim/`).
SIM_PACKAGE = "labgrader_fakenode"
SIM_INSTALL_HINT = "pip install -e provisioning/fake-node"


class SimulatorMissing(RuntimeError):
    """The simulator's package is not installed next to the grader."""


def simulator_dir() -> Path:
    """The simulator's tree (install.sh, bin/, gpusim/, profiles/): where everything finds it.

    Only `grader record`, `grader test-lab --profiles` and provisioning with `simulator: true`
    need it; without the package those say what to install instead of failing on a path.
    """
    try:
        root = resources.files(SIM_PACKAGE)
    except ModuleNotFoundError:
        raise SimulatorMissing(
            f"the GPU simulator is not installed (Python package {SIM_PACKAGE}); "
            f"install it next to the grader: {SIM_INSTALL_HINT}"
        ) from None
    return Path(str(root / "sim"))


def simulator_missing() -> str | None:
    """What to install when the simulator is missing (a command's one error line), else None."""
    try:
        simulator_dir()
    except SimulatorMissing as exc:
        return str(exc)
    return None


def node_files_dir() -> Path:
    """The directory holding capture-shell, hooks.bash, lab, install-capture.sh, ..."""
    return Path(str(resources.files("grader.node") / "files"))


def node_file(name: str) -> Path:
    """One node-side file by name; FileNotFoundError if the package does not ship it."""
    path = node_files_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"no node file {name!r} in {node_files_dir()}")
    return path


def node_module(name: str) -> ModuleType:
    """A node-side Python file (spool_reader.py, attest_run.py) as a module, loaded once.

    Why: those files are scripts, not modules of a package, yet the bench farm and the tests run
    their code (the reader's loop, the helper's rules) in process; loading the very file the node
    runs tests that code. Their formats are grader/protocol's, which they import. Registered in
    sys.modules before it runs: a NamedTuple in it must find its module (pickling).
    """
    module_name = "grader_" + Path(name).stem
    found = sys.modules.get(module_name)
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location(module_name, node_file(name))
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = mod
    spec.loader.exec_module(mod)
    return mod
