"""The grader daemon: leases nodes, streams their spools over SSH, grades, stores, feeds back.

Data flow (one module per stage): config -> transport (SSH, spool frames) -> ingest (parser,
engine, store batch) -> feedback (progress file on the node) and probes (read-only checks);
service ties them together with node leases and the API in one process.
"""
