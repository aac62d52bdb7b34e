"""Files that run on a learner node (capture shell, lab command, simulators, spool reader)."""
