"""Eligibility as every face shows it: a player's age and sex classes (``skak classes``)
and the DM's classes (``skak dm select``). The views are the pure core's own frozen
results (:mod:`skak.eligibility`), named here for the faces."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from skak.eligibility import ClassVerdict, classes_of, edition_for, get_edition
from skak.eligibility.dm import DmClass, DmRequest, DmSelection, Placed, select
from skak.model.player import Sex

__all__ = [
    "ClassesView",
    "DmClass",
    "DmSelection",
    "Placed",
    "classes_view",
    "dm_selection_view",
]


@dataclass(frozen=True, slots=True)
class ClassesView:
    """The classes of a player born ``born`` (a date or a year) of ``sex`` at an event on
    ``event``, by ``edition``: ``{"born", "sex", "event", "edition", "classes": [{"code",
    "name", "paragraph", "holds", "reason"}]}``."""

    born: str | None
    sex: Sex | None
    event: date
    edition: str
    classes: tuple[ClassVerdict, ...]


def classes_view(
    born: date | int | None, sex: Sex | None, event: date, edition: str | None = None
) -> ClassesView:
    """:raises InputError: for an unknown edition or a day no edition covers."""
    chosen = get_edition(edition) if edition else edition_for(event)
    text = None if born is None else born.isoformat() if isinstance(born, date) else str(born)
    return ClassesView(text, sex, event, chosen.name, classes_of(born, sex, event, chosen))


def dm_selection_view(request: DmRequest) -> DmSelection:
    """The DM's classes (:func:`skak.eligibility.dm.select`)."""
    return select(request)
