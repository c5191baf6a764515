"""The event store: one for every record kind (see :mod:`skak.store.streams`)."""

from skak.store.kinds import (
    ACCOUNTS,
    DISCIPLINE,
    REGISTRY,
    AccountsKind,
    DisciplineKind,
    RegistryKind,
    TournamentKind,
)
from skak.store.streams import EventStore, Loaded, RecordKind, Stats, StreamRow

__all__ = [
    "ACCOUNTS",
    "DISCIPLINE",
    "REGISTRY",
    "AccountsKind",
    "DisciplineKind",
    "EventStore",
    "Loaded",
    "RecordKind",
    "RegistryKind",
    "Stats",
    "StreamRow",
    "TournamentKind",
]
