"""A player's FIDE cell, shared by ``skak norms`` and the standings' ``--fide`` column: kept
apart from :mod:`skak.views.norms` so that the standings name the cell's type (their JSON
reads it) without importing FIDE's rating and norm rules."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FideCell"]


@dataclass(frozen=True, slots=True)
class FideCell:
    """A player's FIDE rating result (``old`` null: unrated; ``new`` his first rating or
    null, also when the tournament is not FIDE-rated) and the highest norm made (``norm``
    null: none); a norm made only if conditions skak cannot know held is ``IM?``, those
    conditions in ``norm_if``."""

    old: int | None
    new: int | None
    change: int
    games: int
    norm: str | None
    notes: tuple[str, ...]
    norm_if: tuple[str, ...] = ()
