"""One event store for every record kind: streams, their events, snapshots.

The tournaments and their events become streams of kind ``tournament`` (same ids, each
event's ``seq`` its version); the rating registry's events become the one stream of kind
``rating-registry``. Nothing is lost: every payload, actor and time is copied as it was.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "streams",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_index("ix_streams_kind", "streams", ["kind"])
    op.create_table(
        "stream_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("stream_id", sa.Integer, sa.ForeignKey("streams.id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.UniqueConstraint("stream_id", "version", name="uq_stream_events_version"),
    )
    op.create_table(
        "snapshots",
        sa.Column("stream_id", sa.Integer, sa.ForeignKey("streams.id"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("format", sa.Integer, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
    )
    op.execute(
        "INSERT INTO streams (id, kind, name, created_at) "
        "SELECT id, 'tournament', name, created_at FROM tournaments"
    )
    op.execute(
        "INSERT INTO stream_events (stream_id, version, type, payload, actor, recorded_at) "
        "SELECT tournament_id, seq, type, payload, actor, recorded_at FROM events ORDER BY id"
    )
    conn = op.get_bind()
    first = conn.execute(sa.text("SELECT MIN(recorded_at) FROM rating_events")).scalar()
    if first is not None:
        registry_id = (conn.execute(sa.text("SELECT MAX(id) FROM streams")).scalar() or 0) + 1
        conn.execute(
            sa.text(
                "INSERT INTO streams (id, kind, name, created_at) "
                "VALUES (:id, 'rating-registry', 'DSU', :created)"
            ),
            {"id": registry_id, "created": first},
        )
        conn.execute(
            sa.text(
                "INSERT INTO stream_events (stream_id, version, type, payload, actor, "
                "recorded_at) SELECT :id, seq, type, payload, actor, recorded_at "
                "FROM rating_events ORDER BY seq"
            ),
            {"id": registry_id},
        )
    if conn.dialect.name == "postgresql":
        # The ids were copied: move the sequence past them, or new streams would collide.
        conn.execute(
            sa.text(
                "SELECT setval(pg_get_serial_sequence('streams', 'id'), "
                "COALESCE((SELECT MAX(id) FROM streams), 0) + 1, false)"
            )
        )
    op.drop_table("events")
    op.drop_table("rating_events")
    op.drop_table("tournaments")


def downgrade() -> None:  # pragma: no cover - skak never downgrades a database
    raise NotImplementedError("a skak database is not downgraded; keep a copy instead")
