"""Initial store schema: nodes, leases, offsets, command records, progress, events, audit.

Revision ID: 0001
Revises:
Create Date: 2026-01-01

Frozen history: spelled out here rather than imported from grader.store.schema, so this revision
keeps creating the schema as it was when later revisions change the tables.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
Epoch = sa.Float(precision=53)
Id = sa.String(200)


def upgrade() -> None:
    op.create_table(
        "nodes",
        sa.Column("id", Id, primary_key=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("port", sa.Integer, nullable=False),
        sa.Column("learners", Json, nullable=False),
        sa.Column("connected", sa.Boolean, nullable=False),
        sa.Column("lag_s", Epoch),
        sa.Column("error", sa.Text),
        sa.Column("updated", Epoch, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("node_id", Id, primary_key=True),
        sa.Column("owner", Id, nullable=False),
        sa.Column("expires_at", Epoch, nullable=False),
    )
    op.create_table(
        "offsets",
        sa.Column("node_id", Id, sa.ForeignKey("nodes.id"), primary_key=True),
        sa.Column("path", sa.String(1000), primary_key=True),
        sa.Column("offset", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "command_records",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("node_id", Id, sa.ForeignKey("nodes.id"), nullable=False),
        sa.Column("learner", Id, nullable=False),
        sa.Column("session", Id, nullable=False),
        sa.Column("aid", sa.BigInteger, nullable=False),
        sa.Column("n", sa.BigInteger, nullable=False),
        sa.Column("line", sa.Text, nullable=False),
        sa.Column("exit", sa.Integer),
        sa.Column("pipestatus", Json, nullable=False),
        sa.Column("cwd", sa.Text),
        sa.Column("t0", Epoch),
        sa.Column("t1", Epoch),
        sa.Column("output", sa.Text, nullable=False),
        sa.Column("output_chars", sa.BigInteger, nullable=False),
        sa.Column("output_truncated", sa.Boolean, nullable=False),
        sa.Column("fullscreen", sa.Boolean, nullable=False),
        sa.Column("line_reliable", sa.Boolean, nullable=False),
        sa.UniqueConstraint("node_id", "session", "aid", "n", name="uq_command_records_cmd"),
    )
    op.create_index("ix_command_records_learner", "command_records", ["learner", "t0"])
    op.create_table(
        "progress",
        sa.Column("learner", Id, primary_key=True),
        sa.Column("lab", Id, primary_key=True),
        sa.Column("step", Id, primary_key=True),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", Epoch),
        sa.Column("evidence", Json),
        sa.Column("captures", Json, nullable=False),
    )
    op.create_table(
        "verdict_events",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", Id, nullable=False),
        sa.Column("lab", Id, nullable=False),
        sa.Column("step", Id, nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", Epoch, nullable=False),
        sa.Column("evidence", Json),
        sa.Column("session", Id, nullable=False),
        sa.Column("aid", sa.BigInteger, nullable=False),
        sa.Column("n", sa.BigInteger, nullable=False),
        sa.UniqueConstraint(
            "learner", "lab", "step", "state", "session", "aid", "n", name="uq_verdict_events_key"
        ),
    )
    op.create_index("ix_verdict_events_learner_seq", "verdict_events", ["learner", "seq"])
    op.create_table(
        "audit",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", Epoch, nullable=False),
        sa.Column("kind", sa.String(50), nullable=False),
        sa.Column("learner", Id),
        sa.Column("node", Id),
        sa.Column("suspicious", sa.Boolean, nullable=False),
        sa.Column("detail", Json, nullable=False),
        sa.Column("dedupe", sa.String(1000), unique=True),
    )
    op.create_table(
        "engine_snapshots",
        sa.Column("learner", Id, primary_key=True),
        sa.Column("lab", Id, primary_key=True),
        sa.Column("data", Json, nullable=False),
        sa.Column("updated", Epoch, nullable=False),
    )


def downgrade() -> None:
    for table in (
        "engine_snapshots",
        "audit",
        "verdict_events",
        "progress",
        "command_records",
        "offsets",
        "leases",
        "nodes",
    ):
        op.drop_table(table)
