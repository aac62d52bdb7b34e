"""Simulated GPU programs (nvidia-smi, nccl-tests + NCCL's log) for CPU-only lab nodes.

Standard library only, Python >= 3.8: this package is copied onto nodes that have a bare
system python3 and no pip. The facts it reproduces are in docs/simulator.md.
"""
