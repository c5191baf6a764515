"""The rating registry's binding to the event store (:class:`RegistryKind`).

Its rules, codec and fold are imported when a registry is first read or written, so a
command on a tournament never imports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from skak.model.progress import Progress
from skak.model.stream import Recorded

if TYPE_CHECKING:
    from skak.rating.registry import Registry, RegistryEvent

__all__ = ["REGISTRY", "RegistryKind"]


@dataclass(frozen=True)
class RegistryKind:
    """DSU's rating registry: one stream, no snapshots (a replay of the national list is
    cheap next to reading it); a correction or a merge may be undone, and a correction
    puts re-rated tournaments in the places of earlier events (both built again from
    every event). ``progress`` is told how far a replay has
    come (``(events applied, events)``)."""

    name: str = "rating-registry"
    #: Its events are only ever appended: the store builds on the registry it read last
    #: (only the events after it are read), as for the small kinds.
    append_only: ClassVar[bool] = True
    snapshot_every: int = 0
    snapshot_format: int = 1
    progress: Progress | None = field(default=None, compare=False, repr=False)

    def dump_event(self, event: RegistryEvent) -> dict[str, Any]:
        from skak.records.registry.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> RegistryEvent:
        from skak.records.registry.codec import load_event

        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[RegistryEvent]], start: Registry | None
    ) -> Registry | None:
        from skak.records.registry import evolve

        return evolve.fold(events, start=start, progress=self.progress)

    def evolve(
        self,
        state: Registry | None,
        event: RegistryEvent,
        log: Sequence[Recorded[RegistryEvent]] | None,
    ) -> Registry:
        from skak.records.registry import evolve

        if evolve.needs_log(event):
            if log is None:  # pragma: no cover - the store reads the log for these
                raise ValueError("a correction or an undo needs the registry's events")
            return evolve.fold([*log, Recorded(len(log) + 1, event, "", "")])
        return evolve.evolve(state, event)

    def evolve_all(self, state: Registry | None, events: Sequence[RegistryEvent]) -> Registry:
        """All a command's new events applied with one copy of the registry's tables (a
        list of 20 000 players imported is 20 000 events)."""
        from skak.records.registry import evolve

        return evolve.fold(events, start=state)

    def needs_log(self, event: RegistryEvent) -> bool:
        from skak.records.registry import evolve

        return evolve.needs_log(event)

    def dump_state(self, state: Registry) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Registry:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[RegistryEvent]]) -> bool:
        return False


REGISTRY = RegistryKind()
