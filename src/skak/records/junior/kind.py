"""A junior team championship (Junior Hold DM, 5.5): one stream a championship, never undone
(a match is corrected by entering it again), no snapshots.

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.records.junior.events import JuniorEvent
    from skak.teams.junior import JuniorChampionship

__all__ = ["JUNIOR"]


def _codec() -> EventCodec[JuniorEvent]:
    from skak.records.junior import codec

    return codec


def _rules() -> EventFold[JuniorChampionship, JuniorEvent]:
    from skak.records.junior import evolve

    return evolve


JUNIOR: SmallKind[JuniorChampionship, JuniorEvent] = SmallKind(
    "junior-championship", _codec, _rules
)
