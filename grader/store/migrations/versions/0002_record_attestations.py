"""command_records.attestations: the node-signed runs (133;T payloads) verified on a command.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

Why: a step whose program is attested verifies only with a signed run on its command, so a
regrade must see the same runs the daemon saw (docs/SECURITY.md, grader.matching.attest). NULL
for every command without one, which is almost all of them.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.add_column("command_records", sa.Column("attestations", Json, nullable=True))


def downgrade() -> None:
    op.drop_column("command_records", "attestations")
