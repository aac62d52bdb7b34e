"""Files that run on a learner node (capture shell, lab command, simulators, spool reader).

The face others import from: where the node's files lie here and on a node (paths, loaded at
once), and the sandbox node that types a script into the real capture shell (a pty, subprocesses:
loaded on first use, so the daemon, which needs a path constant, loads neither).
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names
from grader.node.paths import (
    NODE_FILES,
    NODE_LIB_DIR,
    NODE_PROTOCOL_DIR,
    NODE_SIM_DIR,
    SIMULATOR_MARK,
    node_files_dir,
    node_module,
    protocol_files,
    simulator_dir,
    simulator_missing,
)

if TYPE_CHECKING:
    from grader.node.record import KEYS, PROMPT_MARK, Recorder, RecorderError
    from grader.node.sandbox import install_simulator, record_script
    from grader.node.sandbox_attest import PUBLIC_KEY_FILE, sandbox_public_hex

__getattr__ = lazy_names(
    __name__,
    {
        "KEYS": ".record",
        "PROMPT_MARK": ".record",
        "Recorder": ".record",
        "RecorderError": ".record",
        "PUBLIC_KEY_FILE": ".sandbox_attest",
        "install_simulator": ".sandbox",
        "record_script": ".sandbox",
        "sandbox_public_hex": ".sandbox_attest",
    },
)

__all__ = [
    "KEYS",
    "NODE_FILES",
    "NODE_LIB_DIR",
    "NODE_PROTOCOL_DIR",
    "NODE_SIM_DIR",
    "PROMPT_MARK",
    "PUBLIC_KEY_FILE",
    "SIMULATOR_MARK",
    "Recorder",
    "RecorderError",
    "install_simulator",
    "node_files_dir",
    "node_module",
    "protocol_files",
    "record_script",
    "sandbox_public_hex",
    "simulator_dir",
    "simulator_missing",
]
