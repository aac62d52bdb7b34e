"""Prometheus metrics shared by the daemon (which increments them) and the API (which serves them).

One module so both sides register each metric exactly once in the default registry: the daemon
imports this module and calls e.g. `metrics.VERDICTS.labels(state="verified").inc()`; the API's
`GET /metrics` renders `REGISTRY` in the Prometheus text format. Label sets are small and bounded
(node ids come from the operator's config, states are the three verdict states), so cardinality
stays flat however many learners there are — learner names are deliberately never a label.

Who updates what (so nothing is counted twice):
- `Store.ingest` increments VERDICTS and PARSE_ERRORS for rows it newly recorded — only the store
  knows whether a re-fed command was a duplicate, so only it can count exactly once.
- The daemon increments RECONNECTS and PACED_SECONDS and sets NODES_CONNECTED /
  NODE_LAG_SECONDS as it streams.
- The API refreshes the two gauges from the `nodes` table at scrape time, so a standalone
  `grader serve` process (no daemon inside) still reports them; counters are per process.
"""

from __future__ import annotations

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

# `*_created` timestamp series double the output and no dashboard of ours reads them.
disable_created_metrics()

# A registry of our own, not prometheus_client's global one: tests can build several apps in one
# process, and the process/platform collectors of the global registry are noise for an operator
# who wants grader health.
REGISTRY = CollectorRegistry(auto_describe=True)

NODES_CONNECTED = Gauge(
    "grader_nodes_connected",
    "Nodes whose spool stream is currently connected.",
    registry=REGISTRY,
)
NODE_LAG_SECONDS = Gauge(
    "grader_node_lag_seconds",
    "Seconds between the newest byte written in a node's spool and its ingestion.",
    ["node"],
    registry=REGISTRY,
)
VERDICTS = Counter(
    "grader_verdicts",  # exposed as grader_verdicts_total
    "Verdict events newly recorded, by state (attempted, verified).",
    ["state"],
    registry=REGISTRY,
)
PACED_SECONDS = Counter(
    "grader_paced_seconds",  # exposed as grader_paced_seconds_total
    "Seconds node streams were paused by per-node pacing (a flood held to node_rate_bytes_s "
    "or to node_loop_share of the loop's time).",
    ["node"],
    registry=REGISTRY,
)
RECONNECTS = Counter(
    "grader_reconnects",  # exposed as grader_reconnects_total
    "SSH reconnect attempts to nodes after a dropped or failed connection.",
    registry=REGISTRY,
)
NODES_HELD = Gauge(
    "grader_nodes_held",
    "Nodes whose lease this grader holds, and its fair share of all nodes.",
    ["kind"],  # held, share
    registry=REGISTRY,
)
HANDOVERS = Counter(
    "grader_handovers",  # exposed as grader_handovers_total
    "Nodes this grader handed to another one (over its fair share: flushed, then released).",
    registry=REGISTRY,
)
PARSE_ERRORS = Counter(
    "grader_parse_errors",  # exposed as grader_parse_errors_total
    "Capture anomalies (bad nonce, replayed or malformed markers) recorded in the audit log.",
    registry=REGISTRY,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST


def render() -> bytes:
    """The Prometheus text exposition of every grader metric."""
    return generate_latest(REGISTRY)
