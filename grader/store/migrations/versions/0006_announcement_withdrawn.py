"""Announcements can be withdrawn.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03

Why: an instructor takes back an announcement (`DELETE /api/announcements/{seq}`, `grader
announce --withdraw`). The row is kept, with when and by whom it was withdrawn, like a reset's
audit entry; a withdrawn announcement is no longer live, so learners' pages and the progress
files on the nodes stop showing it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

Epoch = sa.Float(precision=53)


def upgrade() -> None:
    op.add_column("announcements", sa.Column("withdrawn_at", Epoch, nullable=True))
    op.add_column("announcements", sa.Column("withdrawn_by", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("announcements", "withdrawn_by")
    op.drop_column("announcements", "withdrawn_at")
