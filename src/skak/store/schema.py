"""The tables: one stream index for every record kind, the append-only event log, snapshots.

A record's state is never stored as the truth, only the events that built it (see
:mod:`skak.store`); a snapshot is a cache of the state at one version, thrown away whenever
it cannot be used. The schema itself is created and changed only by the Alembic migrations in
``skak/store/migrations``; this module mirrors the newest revision for queries.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)

from skak.model.player import TEXT_LENGTH

__all__ = [
    "ACTOR_LENGTH",
    "NAME_LENGTH",
    "SINGLE_STREAM_KINDS",
    "metadata",
    "snapshots",
    "stream_events",
    "stream_summaries",
    "streams",
    "web_marks",
]

metadata = MetaData()

#: The longest record name the column holds: a tournament's name, which the model keeps
#: within :data:`~skak.model.player.TEXT_LENGTH`; and the longest name of who acts.
NAME_LENGTH = TEXT_LENGTH
ACTOR_LENGTH = 100
#: The record kinds a database holds at most one stream of, as an SQL condition.
SINGLE_STREAM_KINDS = "kind IN ('rating-registry', 'arbiter-accounts', 'discipline-registry')"

streams = Table(
    "streams",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(40), nullable=False, index=True),
    Column("name", String(NAME_LENGTH), nullable=False),
    Column("created_at", String(32), nullable=False),
    # The kinds of record a database holds one of: two commands never create two, on any
    # backend. Migration 0004 makes the index partial on SQLite and PostgreSQL alike; the
    # mirror states SQLite's condition only, because naming PostgreSQL's here imports
    # SQLAlchemy's PostgreSQL dialect (and asyncio's driver) on every command, a twentieth
    # of a second that an SQLite user would pay for nothing.
    Index(
        "uq_streams_single_kind",
        "kind",
        unique=True,
        sqlite_where=text(SINGLE_STREAM_KINDS),
    ),
)

stream_events = Table(
    "stream_events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("stream_id", Integer, ForeignKey("streams.id"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("type", String(40), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("actor", String(ACTOR_LENGTH), nullable=False),
    Column("recorded_at", String(32), nullable=False),
    # The guard against two writers: a stream's versions are unique on every backend.
    UniqueConstraint("stream_id", "version", name="uq_stream_events_version"),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("stream_id", Integer, ForeignKey("streams.id"), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("format", Integer, nullable=False),
    Column("payload", JSON, nullable=False),
)

#: What a list shows of each record, kept beside its stream by the record kind's summary
#: (:class:`skak.store.streams.Summary`) in the transaction that appends its events, so a
#: list of thousands of tournaments (paged, searched, filtered) reads this table and never
#: the events. A cache like the snapshots: a missing row is made again from the record.
stream_summaries = Table(
    "stream_summaries",
    metadata,
    Column("stream_id", Integer, ForeignKey("streams.id"), primary_key=True),
    Column("kind", String(40), nullable=False),
    #: The stream's version the row was made at (the last change that changed it).
    Column("version", Integer, nullable=False),
    #: Whether the record is in the lists (a deleted tournament is not).
    Column("listed", Boolean, nullable=False),
    Column("name", String(NAME_LENGTH), nullable=False),
    Column("place", String(NAME_LENGTH), nullable=True),
    Column("organiser", String(NAME_LENGTH), nullable=True),
    #: The organiser as a search compares it (the kind folds it): a club's own list.
    Column("organiser_key", String(NAME_LENGTH), nullable=True),
    #: ISO dates: the first and last day (each may be unknown).
    Column("first_day", String(10), nullable=True),
    Column("last_day", String(10), nullable=True),
    #: The day a list sorts by, newest first: the first day, else the day it was created.
    Column("sort_day", String(10), nullable=False),
    Column("category", String(40), nullable=False),
    Column("status", String(40), nullable=False),
    Column("rated", Boolean, nullable=False),
    #: The words a search matches, as the kind folds them (name, place, organiser).
    Column("search", Text, nullable=False),
    Index("ix_stream_summaries_list", "kind", "listed", "sort_day", "stream_id"),
    # The list's stamp (the sum of a kind's versions) read from the index alone.
    Index("ix_stream_summaries_stamp", "kind", "version"),
)

#: What every worker of a web server sees alike (logged-out sessions, failed logins): a key
#: and the time, in seconds since the epoch, it counts until (:mod:`skak.store.marks`).
web_marks = Table(
    "web_marks",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(300), nullable=False, index=True),
    Column("until", Float, nullable=False, index=True),
)
