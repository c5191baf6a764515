"""A small table for what every worker of a web server must see alike: the sessions logged
out before their cookie expires, and the failed logins the brake on guessing counts
(``skak serve --workers N``). Each row is a key and the time (seconds since the epoch) it
counts until; rows past their time are removed as new ones are written. Nothing in it is a
record's truth: deleting every row logs nobody in and forgets only recent failures.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_marks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_index("ix_web_marks_key", "web_marks", ["key"])
    op.create_index("ix_web_marks_until", "web_marks", ["until"])


def downgrade() -> None:  # pragma: no cover - skak never downgrades a database
    raise NotImplementedError("a skak database is not downgraded; keep a copy instead")
