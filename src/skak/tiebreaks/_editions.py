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
"""

from __future__ import annotations

import enum
from datetime import date

from skak.errors import InputError

__all__ = ["SELF_DRAW_LAST_DAY", "Edition", "edition_for"]

#: 004 annex 3 F a: "not to be used after 1 July 2012".
SELF_DRAW_LAST_DAY = date(2012, 7, 1)
_C07_2024_FROM = date(2024, 4, 1)
_C07_2026_FROM = date(2026, 3, 1)


class Edition(enum.Enum):
    """The rules for unplayed games a tournament's tie-breaks follow."""

    ANNEX_2010_SELF = "annex-2010-self"
    ANNEX_2010 = "annex-2010"
    C07_2024 = "c07-2024"
    C07_2026 = "c07-2026"

    def __repr__(self) -> str:
        return f"Edition.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Edition:
        """:raises InputError: when the text names no edition."""
        key = text.strip().lower()
        for e in cls:
            if e.value == key:
                return e
        known = ", ".join(e.value for e in cls)
        raise InputError(f"unknown tie-break edition {text!r}; use one of {known}")

    @property
    def is_c07(self) -> bool:
        return self in (Edition.C07_2024, Edition.C07_2026)


def edition_for(day: date | None) -> Edition:
    """The edition in force on ``day`` (the tournament's last day); the newest without a day.

    Before 1 April 2024 (when C.07 became binding for every FIDE-rated event) the virtual
    opponent of the 2010 annex (F b) applied; from 1 March 2026 the capped dummy of C.07 2026.
    """
    if day is None or day >= _C07_2026_FROM:
        return Edition.C07_2026
    if day >= _C07_2024_FROM:
        return Edition.C07_2024
    return Edition.ANNEX_2010
