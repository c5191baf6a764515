"""The discipline registry built from its events: :func:`evolve` and :func:`fold`, pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from skak.eligibility.discipline import DisciplineRegistry
from skak.model.stream import Recorded
from skak.records.discipline.events import DisciplineEvent, SanctionRecorded


def evolve(state: DisciplineRegistry | None, event: DisciplineEvent) -> DisciplineRegistry:
    """The registry after ``event`` (``None``: an empty one)."""
    state = state or DisciplineRegistry()
    if isinstance(event, SanctionRecorded):
        return DisciplineRegistry((*state.sanctions, event.sanction))
    return DisciplineRegistry(
        tuple(
            replace(s, cancelled=event.reason, cancelled_on=event.day)
            if s.id == event.number
            else s
            for s in state.sanctions
        )
    )


def fold(
    events: Sequence[Recorded[DisciplineEvent]], start: DisciplineRegistry | None = None
) -> DisciplineRegistry:
    state = start or DisciplineRegistry()
    for r in events:
        state = evolve(state, r.event)
    return state
