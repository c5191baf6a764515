"""The tournaments in a database (``skak tournaments``, the web's ``/tournaments``): the
federation's list, paged, newest first, searched and filtered (:class:`TournamentListView`,
made from the store's summaries, never the events); and a whole tournament's export
(``skak export json``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal, Protocol

from skak.views.standings import StandingRow, StandingsView

__all__ = [
    "TOURNAMENT_STATUSES",
    "TournamentExport",
    "TournamentFilters",
    "TournamentLine",
    "TournamentListView",
    "TournamentListing",
    "tournament_export",
    "tournament_lines",
    "tournament_list_view",
]

#: What a tournament's status may be asked for as: not yet paired, running (a round paired,
#: not every result in), finished (every planned round paired and every result in), and
#: rated: finished and counting for DSU rating (its rating result can be shown).
TOURNAMENT_STATUSES = ("planned", "running", "finished", "rated")


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


class _Summary(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def place(self) -> str | None: ...
    @property
    def organiser(self) -> str | None: ...
    @property
    def first_day(self) -> str | None: ...
    @property
    def last_day(self) -> str | None: ...
    @property
    def category(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def rated(self) -> bool: ...


class _Summarised(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def created_at(self) -> str: ...
    @property
    def summary(self) -> _Summary: ...


@dataclass(frozen=True, slots=True)
class TournamentListing:
    """One tournament of the list: its ID, name, place, organiser (arrangør), first and last
    day, kind (``standard``, ``rapid``, ``blitz``), status (``planned``, ``running``,
    ``finished``), whether it counts for DSU rating, and when it was created (UTC)."""

    id: int
    name: str
    place: str | None
    organiser: str | None
    start: date | None
    end: date | None
    kind: str
    status: str
    rated: bool
    created_at: str


@dataclass(frozen=True, slots=True)
class TournamentFilters:
    """What the list was asked for: words of the name, place or organiser (``search``), one
    organiser's tournaments (a club's own list), the days (``start``–``end``: held on a day
    between them), the kind and the status (see :data:`TOURNAMENT_STATUSES`)."""

    search: str = ""
    organiser: str | None = None
    start: date | None = None
    end: date | None = None
    kind: str | None = None
    status: str | None = None

    @property
    def any(self) -> bool:
        """Whether anything narrows the list."""
        return bool(
            self.search.strip()
            or self.organiser
            or self.start
            or self.end
            or self.kind
            or self.status
        )


@dataclass(frozen=True, slots=True)
class TournamentListView:
    """A page of the tournaments, newest first (by the first day, else the day it was
    created): the lines of page ``page`` of ``pages``, ``limit`` a page, ``total`` matching
    in all, and what was asked for."""

    tournaments: tuple[TournamentListing, ...]
    total: int
    page: int
    pages: int
    limit: int
    filters: TournamentFilters


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def tournament_list_view(
    rows: Iterable[_Summarised], total: int, page: int, limit: int, filters: TournamentFilters
) -> TournamentListView:
    """The list's page from the store's summaries (``rows``, the page's alone)."""
    lines = tuple(
        TournamentListing(
            r.id,
            r.summary.name,
            r.summary.place,
            r.summary.organiser,
            _day(r.summary.first_day),
            _day(r.summary.last_day),
            r.summary.category,
            r.summary.status,
            r.summary.rated,
            r.created_at,
        )
        for r in rows
    )
    pages = max(1, -(-total // limit)) if limit > 0 else 1
    return TournamentListView(lines, total, page, pages, limit, filters)


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
