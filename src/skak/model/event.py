"""An event with groups (a DM's classes, an EMT's A, B and C groups): its name, dates and
place, and its groups, each a tournament of the database named by its id."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from skak.errors import NotFoundError
from skak.messages import N_

__all__ = ["Event", "EventGroup"]


@dataclass(frozen=True, slots=True)
class EventGroup:
    label: str
    tournament: int


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    start: date | None = None
    end: date | None = None
    place: str | None = None
    groups: tuple[EventGroup, ...] = ()

    def group(self, label: str) -> EventGroup:
        """The group ``label`` names (any case).

        :raises NotFoundError: naming the groups there are.
        """
        for g in self.groups:
            if g.label.casefold() == label.strip().casefold():
                return g
        held = ", ".join(g.label for g in self.groups) or N_("none yet")
        raise NotFoundError(
            N_(
                "{event} has no group {label} (its groups: {held})",
                event=self.name,
                label=label,
                held=held,
            )
        )
