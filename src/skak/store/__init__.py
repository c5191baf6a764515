"""The event store: the database, its schema and migrations, streams of events with a
version, snapshots, backups, and the codec helpers every record's codec is made of.

It knows no record: each record kind tells it how to encode its events and build its state
(:class:`RecordKind`, implemented in ``skak/records/<kind>/kind.py``).
"""

from skak.store.streams import (
    EventByEvent,
    EventStore,
    Loaded,
    RecordKind,
    SmallKind,
    Stats,
    StreamRow,
    Summary,
    SummaryPage,
    SummaryQuery,
    SummaryRow,
    select_summaries,
)

__all__ = [
    "EventByEvent",
    "EventStore",
    "Loaded",
    "RecordKind",
    "SmallKind",
    "Stats",
    "StreamRow",
    "Summary",
    "SummaryPage",
    "SummaryQuery",
    "SummaryRow",
    "select_summaries",
]
