"""The store's tables (SQLAlchemy Core). The migrations create exactly these; keep them in step.

Unique keys carry the exactly-once design: a re-fed command hits `uq_command_records_cmd`, a
re-judged verdict hits `uq_verdict_events_key`, a re-seen anomaly hits `audit.dedupe`; inserts use
ON CONFLICT DO NOTHING, so re-ingesting an overlap changes nothing.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# JSON columns: JSONB on PostgreSQL (indexable, compact), JSON text elsewhere.
Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")

# Epoch seconds as double precision: the markers carry EPOCHREALTIME (microseconds).
Epoch = sa.Float(precision=53)

metadata = sa.MetaData()

nodes = sa.Table(
    "nodes",
    metadata,
    sa.Column("id", sa.String(200), primary_key=True),
    sa.Column("host", sa.String(255), nullable=False),
    sa.Column("port", sa.Integer, nullable=False),
    sa.Column("learners", Json, nullable=False),
    sa.Column("connected", sa.Boolean, nullable=False, default=False),
    sa.Column("lag_s", Epoch),
    sa.Column("error", sa.Text),
    sa.Column("updated", Epoch, nullable=False),
    # the node's nvidia-smi is the GPU simulator (NULL: not read yet); migration 0004
    sa.Column("simulated", sa.Boolean),
)

# No foreign key to nodes: a lease names a node id the graders agree on from config, and taking
# one must not depend on which grader happened to upsert the node row first.
leases = sa.Table(
    "leases",
    metadata,
    sa.Column("node_id", sa.String(200), primary_key=True),
    sa.Column("owner", sa.String(200), nullable=False),
    sa.Column("expires_at", Epoch, nullable=False),
    # When the current owner took it (0 for a free row): /api/nodes shows who holds it since when.
    sa.Column("since", Epoch, nullable=False, server_default="0"),
)

# The graders alive now, each renewing its row with its leases: a grader's fair share of the
# nodes is its capacity over the sum of the live ones' (grader/store/leases.py).
graders = sa.Table(
    "graders",
    metadata,
    sa.Column("owner", sa.String(200), primary_key=True),
    sa.Column("capacity", sa.Float, nullable=False),
    sa.Column("nodes_key", sa.String(64), nullable=False),  # graders sharing a node list
    sa.Column("expires_at", Epoch, nullable=False),
    sa.Column("started_at", Epoch, nullable=False),
)

offsets = sa.Table(
    "offsets",
    metadata,
    sa.Column("node_id", sa.String(200), sa.ForeignKey("nodes.id"), primary_key=True),
    sa.Column("path", sa.String(1000), primary_key=True),
    sa.Column("offset", sa.BigInteger, nullable=False),
)

command_records = sa.Table(
    "command_records",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("node_id", sa.String(200), sa.ForeignKey("nodes.id"), nullable=False),
    sa.Column("learner", sa.String(200), nullable=False),
    sa.Column("session", sa.String(200), nullable=False),
    sa.Column("aid", sa.BigInteger, nullable=False),
    sa.Column("n", sa.BigInteger, nullable=False),
    sa.Column("line", sa.Text, nullable=False),
    sa.Column("exit", sa.Integer),
    sa.Column("pipestatus", Json, nullable=False),
    sa.Column("cwd", sa.Text),
    sa.Column("t0", Epoch),
    sa.Column("t1", Epoch),
    sa.Column("output", sa.Text, nullable=False),
    sa.Column("output_chars", sa.BigInteger, nullable=False, default=0),
    sa.Column("output_truncated", sa.Boolean, nullable=False, default=False),
    sa.Column("fullscreen", sa.Boolean, nullable=False, default=False),
    sa.Column("line_reliable", sa.Boolean, nullable=False, default=True),
    # node-signed runs verified on this command (CommandRecord.attestations); NULL: none
    sa.Column("attestations", Json),
    sa.UniqueConstraint("node_id", "session", "aid", "n", name="uq_command_records_cmd"),
    sa.Index("ix_command_records_learner", "learner", "t0"),
)

progress = sa.Table(
    "progress",
    metadata,
    sa.Column("learner", sa.String(200), primary_key=True),
    sa.Column("lab", sa.String(200), primary_key=True),
    sa.Column("step", sa.String(200), primary_key=True),
    sa.Column("state", sa.String(20), nullable=False),
    sa.Column("reason", sa.Text, nullable=False, default=""),
    sa.Column("at", Epoch),
    sa.Column("evidence", Json),
    sa.Column("captures", Json, nullable=False),
    # when the grader recorded the step's state, on the grader's clock (`at` is the node's);
    # migration 0005
    sa.Column("recorded", Epoch),
)

# session/aid/n are the evidence's command ('' / -1 when a verdict has no command behind it):
# NOT NULL because NULLs never collide in a unique key, which would let duplicates in.
verdict_events = sa.Table(
    "verdict_events",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner", sa.String(200), nullable=False),
    sa.Column("lab", sa.String(200), nullable=False),
    sa.Column("step", sa.String(200), nullable=False),
    sa.Column("state", sa.String(20), nullable=False),
    sa.Column("reason", sa.Text, nullable=False),
    sa.Column("at", Epoch, nullable=False),
    sa.Column("evidence", Json),
    sa.Column("session", sa.String(200), nullable=False),
    sa.Column("aid", sa.BigInteger, nullable=False),
    sa.Column("n", sa.BigInteger, nullable=False),
    # when the grader recorded the event, on the grader's clock (`at` is the node's); 0005
    sa.Column("recorded", Epoch),
    sa.UniqueConstraint(
        "learner", "lab", "step", "state", "session", "aid", "n", name="uq_verdict_events_key"
    ),
    sa.Index("ix_verdict_events_learner_seq", "learner", "seq"),
)

# Every verdict event and every anomaly (suspicious=True), plus regrade decisions. `dedupe` is a
# natural key for entries that a re-fed batch would produce again; NULL for one-off entries.
audit = sa.Table(
    "audit",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", Epoch, nullable=False),
    sa.Column("kind", sa.String(50), nullable=False),
    sa.Column("learner", sa.String(200)),
    sa.Column("node", sa.String(200)),
    sa.Column("suspicious", sa.Boolean, nullable=False, default=False),
    sa.Column("detail", Json, nullable=False),
    sa.Column("dedupe", sa.String(1000), unique=True),
)

engine_snapshots = sa.Table(
    "engine_snapshots",
    metadata,
    sa.Column("learner", sa.String(200), primary_key=True),
    sa.Column("lab", sa.String(200), primary_key=True),
    sa.Column("data", Json, nullable=False),
    sa.Column("updated", Epoch, nullable=False),
)

# Tokens issued with `grader tokens` (grader/api/tokens.py): only a secret's SHA-256 is kept.
# role: operator | ta (reads the class, changes nothing) | learner (that learner only).
api_tokens = sa.Table(
    "api_tokens",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("digest", sa.String(64), nullable=False, unique=True),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("learner", sa.String(200)),
    sa.Column("label", sa.Text, nullable=False, server_default=""),
    sa.Column("created_at", Epoch, nullable=False),
    sa.Column("revoked_at", Epoch),
)

# An instructor's message to the class (lab NULL: every lab), shown at the next prompt and on
# learners' pages until it expires (NULL: no expiry) or is withdrawn (kept, with who withdrew it).
announcements = sa.Table(
    "announcements",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", Epoch, nullable=False),
    sa.Column("author", sa.Text, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("lab", sa.String(200)),
    sa.Column("expires_at", Epoch),
    sa.Column("withdrawn_at", Epoch),
    sa.Column("withdrawn_by", sa.Text),
)

# How far each outbound sink (the xAPI LRS, each webhook) has delivered verdict_events: it
# advances only past acknowledged deliveries, so a restart resumes without loss.
delivery_cursors = sa.Table(
    "delivery_cursors",
    metadata,
    sa.Column("sink", sa.String(200), primary_key=True),
    sa.Column("after_seq", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("next_at", Epoch, nullable=False, server_default="0"),
    sa.Column("last_error", sa.Text),
    sa.Column("updated", Epoch, nullable=False, server_default="0"),
)
