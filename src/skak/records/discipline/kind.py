"""The discipline registry's binding to the event store (:class:`DisciplineKind`).

Its rules, codec and fold are imported when such a record is first read or written, so a
command on a tournament never imports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skak.model.stream import Recorded
from skak.store.streams import EventByEvent

if TYPE_CHECKING:
    from skak.eligibility.discipline import DisciplineRegistry
    from skak.records.discipline.events import DisciplineEvent

__all__ = ["DISCIPLINE", "DisciplineKind"]


@dataclass(frozen=True)
class DisciplineKind(EventByEvent):
    """The discipline registry: warnings and quarantines (§19); one small stream, no
    snapshots, never undone (an entry is lifted instead)."""

    name: str = "discipline-registry"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: DisciplineEvent) -> dict[str, Any]:
        from skak.records.discipline.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> DisciplineEvent:
        from skak.records.discipline.codec import load_event

        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[DisciplineEvent]], start: DisciplineRegistry | None
    ) -> DisciplineRegistry | None:
        from skak.records.discipline.evolve import fold

        return fold(events, start)

    def evolve(
        self,
        state: DisciplineRegistry | None,
        event: DisciplineEvent,
        log: Sequence[Recorded[DisciplineEvent]] | None,
    ) -> DisciplineRegistry:
        from skak.records.discipline.evolve import evolve

        return evolve(state, event)

    def needs_log(self, event: DisciplineEvent) -> bool:
        return False

    def dump_state(
        self, state: DisciplineRegistry
    ) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> DisciplineRegistry:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[DisciplineEvent]]) -> bool:
        return False


DISCIPLINE = DisciplineKind()
