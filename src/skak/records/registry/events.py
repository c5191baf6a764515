"""The rating registry's events: a player entered (from DSU's list or with an entry rating),
a tournament applied, the 1 June 2024 compression, the yearly alignment with FIDE's list,
the automatic rapid/blitz correction.

They are the rating core's own vocabulary, defined in :mod:`skak.rating.registry`: a season
rated in one call (:mod:`skak.rating.season`) and DSU's list read from its file
(:mod:`skak.io.dsu_list`) make the same events the registry's commands do, so the pure core
holds them and this record names them (``docs/architecture.md``).
"""

from __future__ import annotations

from skak.rating.registry import (
    FideAligned,
    PlayerEntered,
    RapidBlitzCorrected,
    RatingsCompressed,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
)

__all__ = [
    "FideAligned",
    "PlayerEntered",
    "RapidBlitzCorrected",
    "RatingsCompressed",
    "RegistryEvent",
    "TournamentApplied",
    "TournamentChange",
]
