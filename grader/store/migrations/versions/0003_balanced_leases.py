"""Balanced leases: graders know each other; a lease says since when its owner holds it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Why: without a view of the other graders, the first grader takes every free lease and a
second one never gets a node, so adding a grader adds failover but no capacity. With this
revision each grader renews a row in `graders` with its leases and aims at its share of the
nodes (grader/store/leases.py); `leases.since` lets the API show who holds each node since when.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

Epoch = sa.Float(precision=53)


def upgrade() -> None:
    op.add_column("leases", sa.Column("since", Epoch, nullable=False, server_default="0"))
    op.create_table(
        "graders",
        sa.Column("owner", sa.String(200), primary_key=True),
        sa.Column("capacity", sa.Float, nullable=False),
        sa.Column("nodes_key", sa.String(64), nullable=False),
        sa.Column("expires_at", Epoch, nullable=False),
        sa.Column("started_at", Epoch, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("graders")
    op.drop_column("leases", "since")
