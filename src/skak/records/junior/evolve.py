"""The championship built from its events: :func:`evolve` and :func:`fold`, pure; they never
refuse what :mod:`skak.records.junior.commands` let in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.errors import StateError
from skak.model.stream import Recorded
from skak.records.junior.events import (
    ChampionshipCreated,
    JuniorEvent,
    JuniorMatchEntered,
    JuniorTeamsEntered,
)
from skak.teams.junior import JuniorChampionship

__all__ = ["evolve", "fold"]


def evolve(state: JuniorChampionship | None, event: JuniorEvent) -> JuniorChampionship:
    """The championship after ``event``."""
    if isinstance(event, ChampionshipCreated):
        return JuniorChampionship(event.name, event.day)
    if state is None:
        raise StateError(f"{event.kind}: there is no championship yet")
    match event:
        case JuniorTeamsEntered(teams=teams):
            return replace(state, teams=teams)
        case JuniorMatchEntered(match=m):
            kept = tuple(
                x
                for x in state.matches
                if not (x.round == m.round and {x.first, x.second} & {m.first, m.second})
            )
            return replace(state, matches=(*kept, m))
    raise TypeError(event)  # pragma: no cover - the union is closed


def fold(
    events: Iterable[Recorded[JuniorEvent]] | Iterable[JuniorEvent],
    start: JuniorChampionship | None = None,
) -> JuniorChampionship | None:
    """The state the events build on ``start`` (``None``: from nothing)."""
    state = start
    for e in events:
        state = evolve(state, e.event if isinstance(e, Recorded) else e)
    return state
