"""The record kinds that have one stream only (the rating registry, the arbiters' accounts,
the discipline registry) get a unique index, so that two commands creating one at once on a
database server never make two; and on PostgreSQL the streams' id sequence stands past every
id in the table.

SQLite serialises writers, so there the check inside the write transaction is enough; on
PostgreSQL two transactions may both find no registry and both insert one. The index is
partial (only the single-stream kinds), which SQLite and PostgreSQL both support.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: The kinds of record a database holds one of (see ``skak.store.schema``).
SINGLE = "kind IN ('rating-registry', 'arbiter-accounts', 'discipline-registry')"


def upgrade() -> None:
    op.create_index(
        "uq_streams_single_kind",
        "streams",
        ["kind"],
        unique=True,
        sqlite_where=sa.text(SINGLE),
        postgresql_where=sa.text(SINGLE),
    )
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        # 0003 copied the ids of older tables; a database migrated by an earlier 0003 may have
        # its sequence at 1 (the first new record got id 2). Next id: one past the largest.
        conn.execute(
            sa.text(
                "SELECT setval(pg_get_serial_sequence('streams', 'id'), "
                "COALESCE((SELECT MAX(id) FROM streams), 0) + 1, false)"
            )
        )


def downgrade() -> None:  # pragma: no cover - skak never downgrades a database
    raise NotImplementedError("a skak database is not downgraded; keep a copy instead")
