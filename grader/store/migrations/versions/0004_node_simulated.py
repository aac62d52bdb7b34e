"""nodes.simulated: whether the node's nvidia-smi is the GPU simulator.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

Why: a CPU-only node runs simulated GPUs (docs/simulator.md); the API's node view and the
learner's `lab status` must say so rather than show its GPUs and bandwidths as real. The daemon
reads it from the node at every connection (grader.daemon.transport.fetch_simulated); NULL until
it has.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("nodes", sa.Column("simulated", sa.Boolean, nullable=True))


def downgrade() -> None:
    op.drop_column("nodes", "simulated")
