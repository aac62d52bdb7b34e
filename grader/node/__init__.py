"""Files that run on a learner node (capture shell, lab command, simulators, spool reader).

The face others import from: where the node's files lie here and on a node. The sandbox node
that types a script into the real capture shell on this machine is an authoring tool
(grader/authoring/sandbox.py).
"""

from grader.node.paths import (
    NODE_FILES,
    NODE_LIB_DIR,
    NODE_PROTOCOL_DIR,
    NODE_SIM_DIR,
    SIMULATOR_MARK,
    node_file,
    node_files_dir,
    node_module,
    protocol_files,
    simulator_dir,
    simulator_missing,
)
from grader.node.selfcheck import (
    DEGRADED_PREFIX,
    LEARNER_SSHD_SETTINGS,
    SELF_CHECK_MAX_BYTES,
    degraded_status,
    self_check_argv,
    self_check_command,
    self_check_problems,
)

__all__ = [
    "DEGRADED_PREFIX",
    "LEARNER_SSHD_SETTINGS",
    "NODE_FILES",
    "NODE_LIB_DIR",
    "NODE_PROTOCOL_DIR",
    "NODE_SIM_DIR",
    "SELF_CHECK_MAX_BYTES",
    "SIMULATOR_MARK",
    "degraded_status",
    "node_file",
    "node_files_dir",
    "node_module",
    "protocol_files",
    "self_check_argv",
    "self_check_command",
    "self_check_problems",
    "simulator_dir",
    "simulator_missing",
]
