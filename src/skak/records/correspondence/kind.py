"""A correspondence group (section 6): one stream a group, named by the group; never undone
(a card entered wrongly is taken back, a result corrected by entering it again); no
snapshots (a group's few hundred cards replay at once).

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.correspondence.group_state import CorrGroup
    from skak.records.correspondence.events import CorrespondenceEvent

__all__ = ["CORRESPONDENCE"]


def _codec() -> EventCodec[CorrespondenceEvent]:
    from skak.records.correspondence import codec

    return codec


def _rules() -> EventFold[CorrGroup, CorrespondenceEvent]:
    from skak.records.correspondence import evolve

    return evolve


CORRESPONDENCE: SmallKind[CorrGroup, CorrespondenceEvent] = SmallKind(
    "correspondence", _codec, _rules
)
