"""The tournaments in a database (``skak tournaments``) and a whole tournament's export
(``skak export json``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from skak.views.standings import StandingRow, StandingsView

__all__ = ["TournamentExport", "TournamentLine", "tournament_export", "tournament_lines"]


class _Listed(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def created_at(self) -> str: ...


@dataclass(frozen=True, slots=True)
class TournamentLine:
    """One tournament of the database: its ID, name and when it was created (UTC)."""

    id: int
    name: str
    created_at: str


def tournament_lines(rows: Iterable[_Listed]) -> tuple[TournamentLine, ...]:
    """The lines of ``skak tournaments`` from the store's rows."""
    return tuple(TournamentLine(r.id, r.name, r.created_at) for r in rows)


@dataclass(frozen=True, slots=True)
class TournamentExport:
    """``skak export json``: the tournament as the storage codec writes it, and its
    standings as ``skak standings --json`` shows them."""

    format: Literal["skak-tournament"]
    version: int
    id: int
    tournament: Mapping[str, Any]
    standings: tuple[StandingRow, ...]


def tournament_export(
    ident: int, tournament: Mapping[str, Any], standings: StandingsView
) -> TournamentExport:
    """The export of tournament ``ident``, written by the storage codec as ``tournament``."""
    return TournamentExport("skak-tournament", 1, ident, tournament, standings.standings)
