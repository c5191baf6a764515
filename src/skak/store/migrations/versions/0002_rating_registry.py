"""The rating registry's append-only event log.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False, unique=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_events")
