"""How the store keeps a correspondence group (record kind ``correspondence``): one stream
a group, named by the group; never undone (a card entered wrongly is taken back, a result
corrected by entering it again); no snapshots (a group's few hundred cards replay at once)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skak.model.stream import Recorded

if TYPE_CHECKING:  # the rules (python-chess, dateutil) are imported when a group is used
    from skak.correspondence.group_state import CorrGroup
    from skak.records.correspondence.events import CorrespondenceEvent

__all__ = ["CORRESPONDENCE", "CorrespondenceKind"]


@dataclass(frozen=True)
class CorrespondenceKind:
    """The store's binding of the correspondence group (see the module's docstring)."""

    name: str = "correspondence"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: CorrespondenceEvent) -> dict[str, Any]:
        from skak.records.correspondence.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> CorrespondenceEvent:
        from skak.records.correspondence.codec import load_event

        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[CorrespondenceEvent]], start: CorrGroup | None
    ) -> CorrGroup | None:
        from skak.records.correspondence.evolve import fold

        return fold(events, start)

    def evolve(
        self,
        state: CorrGroup | None,
        event: CorrespondenceEvent,
        log: Sequence[Recorded[CorrespondenceEvent]] | None,
    ) -> CorrGroup:
        from skak.records.correspondence.evolve import evolve

        return evolve(state, event)

    def evolve_all(
        self, state: CorrGroup | None, events: Sequence[CorrespondenceEvent]
    ) -> CorrGroup:
        from skak.records.correspondence.evolve import evolve

        for event in events:
            state = evolve(state, event)
        assert state is not None
        return state

    def needs_log(self, event: CorrespondenceEvent) -> bool:
        return False

    def dump_state(self, state: CorrGroup) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> CorrGroup:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[CorrespondenceEvent]]) -> bool:
        return False


CORRESPONDENCE = CorrespondenceKind()
