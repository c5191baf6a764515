"""The event store: one for every record kind (see :mod:`skak.store.streams`)."""

from skak.store.kinds import (
    ACCOUNTS,
    CUP,
    LEAGUE,
    REGISTRY,
    AccountsKind,
    CupKind,
    LeagueKind,
    RegistryKind,
    TournamentKind,
)
from skak.store.streams import EventStore, Loaded, RecordKind, Stats, StreamRow

__all__ = [
    "ACCOUNTS",
    "CUP",
    "LEAGUE",
    "REGISTRY",
    "AccountsKind",
    "CupKind",
    "EventStore",
    "LeagueKind",
    "Loaded",
    "RecordKind",
    "RegistryKind",
    "Stats",
    "StreamRow",
    "TournamentKind",
]
