"""What a list shows of each record, beside its stream: the table ``stream_summaries``.

A list of thousands of tournaments (paged, newest first, searched and filtered) reads this
table, never the events. The record kind makes each row from the record's state in the
transaction that appends its events (:class:`skak.store.streams.Summary`). The store knows no
record, so this migration only makes the table: the rows of the records a database held
before it are made when a list is first read (:meth:`skak.store.EventStore.unsummarised`).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "stream_summaries",
        sa.Column("stream_id", sa.Integer, sa.ForeignKey("streams.id"), primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("place", sa.String(200), nullable=True),
        sa.Column("organiser", sa.String(200), nullable=True),
        sa.Column("organiser_key", sa.String(200), nullable=True),
        sa.Column("first_day", sa.String(10), nullable=True),
        sa.Column("last_day", sa.String(10), nullable=True),
        sa.Column("sort_day", sa.String(10), nullable=False),
        sa.Column("category", sa.String(40), nullable=False),
        sa.Column("status", sa.String(40), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("search", sa.Text, nullable=False),
    )
    op.create_index(
        "ix_stream_summaries_list",
        "stream_summaries",
        ["kind", "listed", "sort_day", "stream_id"],
    )
    op.create_index("ix_stream_summaries_stamp", "stream_summaries", ["kind", "version"])


def downgrade() -> None:  # pragma: no cover - skak never downgrades a database
    raise NotImplementedError("a skak database is not downgraded; keep a copy instead")
