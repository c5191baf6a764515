"""What a correction of an applied tournament's result does, before it is written (the
correction cascade; ``skak rating correct --preview`` and the registrar's page): each
tournament it rates again with every DSU member's start rating and new rating as they
were and as they become, §23's class after it and §26's candidate result, and each card's
rating that moves."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from skak.rating.candidate import CandidateResult, designation
from skak.rating.cascade import Cascade, CascadeStep, kept_candidates
from skak.rating.registry import RegistryEvent, TournamentApplied

__all__ = [
    "AppliedLine",
    "CascadeCardRow",
    "CascadePlayerRow",
    "CascadeTournamentView",
    "CorrectionPreview",
    "applied_lines",
    "correction_preview",
]


@dataclass(frozen=True, slots=True)
class CascadePlayerRow:
    """One DSU member of a re-rated tournament: his start rating and his registered rating
    after the tournament as they were and as they become, §23's class by that rating (a
    standard rating's only) and whether he reached §26's candidate result (``None``: he has
    none there)."""

    dsu_id: int
    name: str
    start_was: int | None
    start_becomes: int | None
    new_was: int | None
    new_becomes: int | None
    class_was: str | None
    class_becomes: str | None
    candidate_was: bool | None
    candidate_becomes: bool | None

    @property
    def changed(self) -> bool:
        return (self.start_was, self.new_was, self.candidate_was) != (
            self.start_becomes,
            self.new_becomes,
            self.candidate_becomes,
        )


@dataclass(frozen=True, slots=True)
class CascadeTournamentView:
    """One tournament the correction rates again; ``rerated`` false when the registry does
    not keep its games (its changes stand, added to the moved ratings)."""

    key: str
    name: str
    day: datetime.date
    rating_kind: str
    rerated: bool
    rows: tuple[CascadePlayerRow, ...]


@dataclass(frozen=True, slots=True)
class CascadeCardRow:
    """A player's registered rating of a kind that the correction moves, with §23's class."""

    dsu_id: int
    name: str
    kind: str
    was: int
    becomes: int
    class_was: str | None
    class_becomes: str | None


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """A correction's whole effect on the registry at ``version`` (what it was computed on:
    a confirmation writes it only there)."""

    tournament: str
    correction: str
    version: int
    tournaments: tuple[CascadeTournamentView, ...]
    cards: tuple[CascadeCardRow, ...]


def _class(kind: str, rating: int | None) -> str | None:
    return designation(rating) if kind == "standard" and rating is not None else None


def _reached(found: dict[int, CandidateResult], pid: int) -> bool | None:
    c = found.get(pid)
    return None if c is None else c.reached


def _tournament(step: CascadeStep) -> CascadeTournamentView:
    before, after = step.before, step.after
    names = {c.dsu_id: c.name for c in (*before.changes, *after.changes)}
    starts_was = {c.dsu_id: c.start for c in before.changes}
    starts_becomes = {c.dsu_id: c.start for c in after.changes}
    for games, starts in ((before.games, starts_was), (after.games, starts_becomes)):
        for p in games.players if games is not None else ():
            if p.dsu_id is not None:
                names.setdefault(p.dsu_id, p.name)
                if p.rating is not None:
                    starts.setdefault(p.dsu_id, p.rating)
    cand_was: dict[int, CandidateResult] = {}
    cand_becomes: dict[int, CandidateResult] = {}
    if before.games is not None and after.games is not None:
        cand_was = kept_candidates(before.games)
        cand_becomes = kept_candidates(after.games)
    kind = before.rating_kind
    rows = tuple(
        CascadePlayerRow(
            pid,
            names.get(pid, str(pid)),
            starts_was.get(pid),
            starts_becomes.get(pid),
            step.was[pid][1],
            step.becomes[pid][1],
            _class(kind, step.was[pid][1]),
            _class(kind, step.becomes[pid][1]),
            _reached(cand_was, pid),
            _reached(cand_becomes, pid),
        )
        for pid in sorted(step.was)
    )
    return CascadeTournamentView(before.key, before.name, before.day, kind, step.rerated, rows)


def correction_preview(result: Cascade, version: int) -> CorrectionPreview:
    """The preview of a correction's cascade (:func:`skak.rating.cascade.cascade`) computed
    on the registry at ``version``."""
    event = result.event
    first = result.steps[0].before.name if result.steps else event.key
    cards = []
    for pid, kind, was, becomes in event.moved:
        p = result.becomes.players.get(pid)
        cards.append(
            CascadeCardRow(
                pid,
                p.name if p is not None else str(pid),
                kind,
                was,
                becomes,
                _class(kind, was),
                _class(kind, becomes),
            )
        )
    return CorrectionPreview(
        first,
        event.correction,
        version,
        tuple(_tournament(s) for s in result.steps),
        tuple(cards),
    )


@dataclass(frozen=True, slots=True)
class AppliedLine:
    """A tournament applied to the registry, newest first in :func:`applied_lines`;
    ``correctable`` when the registry keeps its games (a result of it can be corrected)."""

    key: str
    name: str
    day: datetime.date
    rating_kind: str
    correctable: bool


def applied_lines(events: Iterable[RegistryEvent]) -> tuple[AppliedLine, ...]:
    """The tournaments the registry's events in force applied, newest first."""
    return tuple(
        AppliedLine(e.key, e.name, e.day, e.rating_kind, e.games is not None)
        for e in reversed(list(events))
        if isinstance(e, TournamentApplied)
    )
