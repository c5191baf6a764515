"""A row of the team cup (pokalstævnet, 5.3–5.4): one stream a row, never undone, no snapshots.

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.records.cup.events import CupEvent
    from skak.teams.cup import Cup

__all__ = ["CUP"]


def _codec() -> EventCodec[CupEvent]:
    from skak.records.cup import codec

    return codec


def _rules() -> EventFold[Cup, CupEvent]:
    from skak.records.cup import evolve

    return evolve


CUP: SmallKind[Cup, CupEvent] = SmallKind("cup", _codec, _rules)
