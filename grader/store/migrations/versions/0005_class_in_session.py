"""A class in session: issued API tokens, announcements, delivery cursors, the grader's clock.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

Why:
- `api_tokens`: tokens are issued with `grader tokens create` (operator, teaching assistant or
  one learner's), listed by their public id and revoked, instead of typed into grader.yaml. Only
  the SHA-256 of a secret is stored.
- `announcements`: an instructor's message, shown at learners' next prompt and on their pages.
- `delivery_cursors`: how far each outbound sink (the xAPI LRS, each webhook) has delivered the
  verdict-event log. A sink follows `verdict_events.seq` and advances only after a delivery is
  acknowledged, so a grader restart resumes where it stopped and loses nothing.
- `verdict_events.recorded`, `progress.recorded`: when the grader recorded the verdict, on the
  grader's clock. `at` stays the node's command end time, kept as evidence.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
Epoch = sa.Float(precision=53)


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("learner", sa.String(200)),
        sa.Column("label", sa.Text, nullable=False, server_default=""),
        sa.Column("created_at", Epoch, nullable=False),
        sa.Column("revoked_at", Epoch),
    )
    op.create_table(
        "announcements",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", Epoch, nullable=False),
        sa.Column("author", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("lab", sa.String(200)),
        sa.Column("expires_at", Epoch),
    )
    op.create_table(
        "delivery_cursors",
        sa.Column("sink", sa.String(200), primary_key=True),
        sa.Column("after_seq", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("next_at", Epoch, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text),
        sa.Column("updated", Epoch, nullable=False, server_default="0"),
    )
    op.add_column("verdict_events", sa.Column("recorded", Epoch, nullable=True))
    op.add_column("progress", sa.Column("recorded", Epoch, nullable=True))


def downgrade() -> None:
    op.drop_column("progress", "recorded")
    op.drop_column("verdict_events", "recorded")
    op.drop_table("delivery_cursors")
    op.drop_table("announcements")
    op.drop_table("api_tokens")
