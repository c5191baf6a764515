"""The event store: one for every record kind (see :mod:`skak.store.streams`)."""

from skak.store.kinds import LEAGUE, REGISTRY, LeagueKind, RegistryKind, TournamentKind
from skak.store.streams import EventStore, Loaded, RecordKind, Stats, StreamRow

__all__ = [
    "LEAGUE",
    "REGISTRY",
    "EventStore",
    "LeagueKind",
    "Loaded",
    "RecordKind",
    "RegistryKind",
    "Stats",
    "StreamRow",
    "TournamentKind",
]
