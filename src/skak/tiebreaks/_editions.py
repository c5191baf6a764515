"""Editions of the rules for unplayed games in tie-breaks, chosen per tournament.

* ``annex-2010`` — FIDE C.06 annex 3 (004) F b: a *virtual opponent* for every unplayed round,
  ``Ov = Sp + (1 − Sr) + 0.5 × (N − R)``; every unplayed game of an opponent counts as a draw.
  The rule for FIDE-rated events from 2009 until FIDE C.07 (2023) replaced it.
* ``annex-2010-self`` — the same annex, F a: an unplayed game counts as a draw *against the
  player himself*. The annex forbids it after 1 July 2012.
* ``c07-2024`` — FIDE C.07 Play-Off and Tie-Break Regulations as applied to all FIDE-rated
  events from 1 April 2024 (Article 16: categories of unplayed rounds, a dummy opponent with
  the player's own final score, the Cut-1 exception for voluntarily unplayed rounds).
* ``c07-2026`` — C.07 in force from 1 March 2026: the dummy's score is capped (Art. 16.4.1 and
  16.4.2).

Each is an edition of :mod:`skak.model.editions`, chosen by the tournament's last day among
``annex-2010``, ``c07-2024`` and ``c07-2026`` (:data:`BY_DATE`); ``annex-2010-self`` (F a,
the annex's alternative to F b) is only chosen by name. The 2010 annex's start is not in the
seeds: ``date.min``, taken for every day before C.07.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from skak.model import editions

__all__ = ["BY_DATE", "EDITIONS", "SELF_DRAW_LAST_DAY", "Edition", "edition_for"]

#: 004 annex 3 F a: "not to be used after 1 July 2012".
SELF_DRAW_LAST_DAY = date(2012, 7, 1)


@dataclass(frozen=True, slots=True, eq=False)
class Edition:
    """The rules for unplayed games a tournament's tie-breaks follow (an edition of
    :mod:`skak.model.editions`). There is one object per edition, named here
    (``Edition.C07_2026``) and compared by identity."""

    name: str
    effective_from: date
    effective_to: date | None
    #: FIDE C.07 (2023 and later) rather than the 2010 annex.
    is_c07: bool

    ANNEX_2010_SELF: ClassVar[Edition]
    ANNEX_2010: ClassVar[Edition]
    C07_2024: ClassVar[Edition]
    C07_2026: ClassVar[Edition]

    def __repr__(self) -> str:
        return f"Edition.{self.name.upper().replace('-', '_')}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Edition:
        """:raises InputError: when the text names no edition."""
        return editions.get_edition(text.strip().lower(), EDITIONS, what="tie-break edition")


Edition.ANNEX_2010_SELF = Edition("annex-2010-self", date.min, SELF_DRAW_LAST_DAY, False)
Edition.ANNEX_2010 = Edition("annex-2010", date.min, date(2024, 3, 31), False)
Edition.C07_2024 = Edition("c07-2024", date(2024, 4, 1), date(2026, 2, 28), True)
Edition.C07_2026 = Edition("c07-2026", date(2026, 3, 1), None, True)

#: Every edition, as ``--edition`` lists them.
EDITIONS: tuple[Edition, ...] = (
    Edition.ANNEX_2010_SELF,
    Edition.ANNEX_2010,
    Edition.C07_2024,
    Edition.C07_2026,
)
#: The editions a day chooses from, oldest first: one for every day.
BY_DATE: tuple[Edition, ...] = (Edition.ANNEX_2010, Edition.C07_2024, Edition.C07_2026)


def edition_for(day: date | None) -> Edition:
    """The edition in force on ``day`` (the tournament's last day); the newest without a day.

    Before 1 April 2024 (when C.07 became binding for every FIDE-rated event) the virtual
    opponent of the 2010 annex (F b) applied; from 1 March 2026 the capped dummy of C.07 2026.
    """
    if day is None:
        return BY_DATE[-1]
    return editions.edition_for(day, BY_DATE, what="tie-break edition")
