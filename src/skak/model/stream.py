"""An event as a record's stream holds it: its version, who made it and when.

Every record (a tournament, the rating registry, a league season, …) is a stream of typed
events; this value is the same for every record kind, so the pure ``decide`` functions in
:mod:`skak.records` can read a record's history without knowing how it is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Recorded"]

E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Recorded(Generic[E]):
    """Event ``event`` at place ``version`` (1, 2, …) of its stream."""

    version: int
    event: E
    actor: str
    recorded_at: str

    @property
    def seq(self) -> int:
        """The event's number as ``skak history`` and ``skak undo --event`` show it."""
        return self.version
