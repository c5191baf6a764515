"""A cup row's binding to the event store (:class:`CupKind`).

Its rules, codec and fold are imported when such a record is first read or written, so a
command on a tournament never imports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skak.model.stream import Recorded
from skak.store.streams import EventByEvent

if TYPE_CHECKING:
    from skak.records.cup.events import CupEvent
    from skak.teams.cup import Cup

__all__ = ["CUP", "CupKind"]


@dataclass(frozen=True)
class CupKind(EventByEvent):
    """A row of the team cup (pokalstævnet): one stream, never undone, no snapshots."""

    name: str = "cup"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: CupEvent) -> dict[str, Any]:
        from skak.records.cup.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> CupEvent:
        from skak.records.cup.codec import load_event

        return load_event(payload)

    def fold(self, events: Sequence[Recorded[CupEvent]], start: Cup | None) -> Cup | None:
        from skak.records.cup.evolve import fold

        return fold(events, start)

    def evolve(
        self, state: Cup | None, event: CupEvent, log: Sequence[Recorded[CupEvent]] | None
    ) -> Cup:
        from skak.records.cup.evolve import evolve

        return evolve(state, event)

    def needs_log(self, event: CupEvent) -> bool:
        return False

    def dump_state(self, state: Cup) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Cup:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[CupEvent]]) -> bool:
        return False


CUP = CupKind()
