"""The event store: one for every record kind (see :mod:`skak.store.streams`)."""

from skak.store.kinds import (
    ACCOUNTS,
    CUP,
    DISCIPLINE,
    LEAGUE,
    REGISTRY,
    AccountsKind,
    CupKind,
    DisciplineKind,
    LeagueKind,
    RegistryKind,
    TournamentKind,
)
from skak.store.streams import EventStore, Loaded, RecordKind, Stats, StreamRow

__all__ = [
    "ACCOUNTS",
    "CUP",
    "DISCIPLINE",
    "LEAGUE",
    "REGISTRY",
    "AccountsKind",
    "CupKind",
    "DisciplineKind",
    "EventStore",
    "LeagueKind",
    "Loaded",
    "RecordKind",
    "RegistryKind",
    "Stats",
    "StreamRow",
    "TournamentKind",
]
