"""The tables: a tournament index and the append-only event log.

A tournament's state is never stored, only the events that built it (see
:mod:`skak.model.events`). The schema itself is created and changed only by the Alembic
migrations in ``skak/storage/migrations``; this module mirrors the newest revision for queries.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

__all__ = ["events", "metadata", "rating_events", "tournaments"]

metadata = MetaData()

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("created_at", String(32), nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("type", String(40), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("actor", String(100), nullable=False),
    Column("recorded_at", String(32), nullable=False),
    UniqueConstraint("tournament_id", "seq", name="uq_events_tournament_seq"),
)

rating_events = Table(
    "rating_events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("seq", Integer, nullable=False, unique=True),
    Column("type", String(40), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("actor", String(100), nullable=False),
    Column("recorded_at", String(32), nullable=False),
)
