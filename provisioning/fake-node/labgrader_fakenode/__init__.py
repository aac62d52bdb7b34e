"""The GPU simulator of labgrader's fake node, as package data: `sim/` (docs/simulator.md).

`sim/` is what a node gets: bin/ (nvidia-smi, nccl-tests), gpusim/ (the standard-library code
those programs import), profiles/ and install.sh, which copies them into place. Nothing here is
imported by the grader; it locates the tree with grader.node.paths.simulator_dir().
"""
