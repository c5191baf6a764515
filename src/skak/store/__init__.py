"""The event store: one for every record kind (see :mod:`skak.store.streams`)."""

from skak.store.kinds import (
    CUP,
    LEAGUE,
    REGISTRY,
    CupKind,
    LeagueKind,
    RegistryKind,
    TournamentKind,
)
from skak.store.streams import EventStore, Loaded, RecordKind, Stats, StreamRow

__all__ = [
    "CUP",
    "LEAGUE",
    "REGISTRY",
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
