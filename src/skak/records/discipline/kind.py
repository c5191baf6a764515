"""The discipline registry: warnings and quarantines (§19); one small stream, no snapshots,
never undone (an entry is lifted instead).

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.eligibility.discipline import DisciplineRegistry
    from skak.records.discipline.events import DisciplineEvent

__all__ = ["DISCIPLINE"]


def _codec() -> EventCodec[DisciplineEvent]:
    from skak.records.discipline import codec

    return codec


def _rules() -> EventFold[DisciplineRegistry, DisciplineEvent]:
    from skak.records.discipline import evolve

    return evolve


DISCIPLINE: SmallKind[DisciplineRegistry, DisciplineEvent] = SmallKind(
    "discipline-registry", _codec, _rules
)
