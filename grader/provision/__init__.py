"""Provisioning: make inventory nodes ready for labs (accounts, capture shell, nccl-tests, health).

Layout follows the run: inventory (what the operator wrote) → session (one SSH connection per
host, pinned host keys, quoted commands) → steps (idempotent, each ok/changed/failed/skipped) →
health (a node report) → outcome (per-host results, the summary table). `grader provision`
(provision_cmd) drives them; docs/provisioning.md is the operator's guide.
"""
