"""The formats between node and grader, standard library only (docs/architecture.md "Formats").

`markers`: the capture markers (OSC 133/633) the node's hooks print and the parser reads.
`bounds`: each marker field's bound, checked before anything uses the field.
`frames`: the spool reader's frame stream (node → daemon).
`signed_run`: the node-signed `133;T` marker of an attested run.

Each is the format's one home on both sides, so every module here must run on the node as it is:
standard library only, importable by CPython 3.6 (RHEL 8's python3; ruff.toml here lints for the
oldest target). The daemon sends `frames` with the spool reader it runs over SSH
(grader/daemon/transport.py `reader_script`); install-protocol.sh installs the package beside the
attestation helper (grader/node/files/attest_run.py), which imports `signed_run` from there.
"""
