"""The editions of DSU's rating rules as effective-dated data (ratingreglement).

A rule-set is never edited once published; a change of the rules is a new rule-set beside the
old ones, chosen by the tournament's date (like bbpPairings keeping its pre-2025 rules). Each
:class:`RuleSet` is an edition of :mod:`skak.model.editions`, looked up by its mechanism.

Sources: 2011 handbook 003 §4.5.2 (bonus 1.5/2/2.5/3, average method, floor 1000); the 2015
change (bonus 1.0/1.5/2.0/2.5, average method removed, rapid/blitz floor 500); the current
regulations 001 §2 (from 1 June 2024: floor 1200). See ``../shared/SPEC-MAP.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.model.editions import edition_for, get_edition

__all__ = ["RULE_SETS", "RatingSettings", "RuleSet", "get_rule_set", "rule_set_for"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One edition of the standard-rating rules (an edition of :mod:`skak.model.editions`)."""

    name: str
    effective_from: date
    effective_to: date | None
    source: str
    #: What the bonus subtracts (§2.2): up to 5 games, 6–7, 8–9, 10–11.
    bonus_offsets: tuple[Fraction, Fraction, Fraction, Fraction]
    #: The average method for round robins with a rating spread of at most 200 (§4.5.2.1).
    average_method: bool
    floor: int
    rapid_blitz_floor: int
    #: (lowest rating of the band, K), highest band first (§2.3).
    k_bands: tuple[tuple[int, int], ...] = ((2400, 10), (2000, 20), (1600, 30), (0, 45))

    def k(self, rating: int) -> int:
        """The development coefficient K for a rating before the tournament (§2.3)."""
        for lowest, k in self.k_bands:
            if rating >= lowest:
                return k
        return self.k_bands[-1][1]

    @property
    def limits(self) -> tuple[int, ...]:
        """The coefficient limits where §2.4's correction applies (1600, 2000, 2400)."""
        found = _LIMITS.get(self.k_bands)
        if found is None:
            found = _LIMITS[self.k_bands] = tuple(
                sorted(lowest for lowest, _ in self.k_bands if lowest > 0)
            )
        return found


#: Each set of K bands' limits, worked out once (a replay asks for them per player).
_LIMITS: dict[tuple[tuple[int, int], ...], tuple[int, ...]] = {}


@dataclass(frozen=True, slots=True)
class RatingSettings:
    """Choices where the rules are silent (each recorded in docs/interpretations.md)."""

    #: Bonus for 12 or more games: ``"continue"`` the bands (½ more per two games) or
    #: ``"none"``.
    bonus_beyond_eleven: str = "continue"
    #: Several coefficient limits crossed at once: ``"piecewise"`` (each limit's ratio in
    #: turn) or ``"first"`` (only the first limit).
    several_limits: str = "piecewise"
    #: Table 2's difference for a 100 % (and, negated, a 0 %) score, printed as "*": FIDE's
    #: 800 by default.
    table_2_at_100: int = 800
    #: How far 001 §2.7 raises a lagging rapid or blitz rating: to 200 below the standard
    #: rating (``"standard-200"``, the least that ends the condition) or to it (``"standard"``).
    rapid_blitz_target: str = "standard-200"

    def __post_init__(self) -> None:
        if self.rapid_blitz_target not in ("standard-200", "standard"):
            raise InputError("rapid_blitz_target is 'standard-200' or 'standard'")
        if self.bonus_beyond_eleven not in ("continue", "none"):
            raise InputError("bonus_beyond_eleven is 'continue' or 'none'")
        if self.several_limits not in ("piecewise", "first"):
            raise InputError("several_limits is 'piecewise' or 'first'")


RULE_SETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        RuleSet(
            "dsu-2011",
            date(2011, 2, 1),
            date(2015, 1, 31),
            "Skakhåndbogen 2011 (003) §4.5.2",
            (Fraction(3, 2), Fraction(2), Fraction(5, 2), Fraction(3)),
            average_method=True,
            floor=1000,
            rapid_blitz_floor=1000,
        ),
        RuleSet(
            "dsu-2015",
            date(2015, 2, 1),
            date(2024, 5, 31),
            "DSU rating rules, February 2015",
            (Fraction(1), Fraction(3, 2), Fraction(2), Fraction(5, 2)),
            average_method=False,
            floor=1000,
            rapid_blitz_floor=500,
        ),
        RuleSet(
            "dsu-2024",
            date(2024, 6, 1),
            None,
            "DSU rating regulations (001) §2, from 1 June 2024",
            (Fraction(1), Fraction(3, 2), Fraction(2), Fraction(5, 2)),
            average_method=False,
            floor=1200,
            rapid_blitz_floor=1200,  # 001 §2.6 names no kind: every rating (interpretations)
        ),
    )
}


def get_rule_set(name: str) -> RuleSet:
    """The edition called ``name``.

    :raises InputError: naming the editions that exist.
    """
    return get_edition(name, RULE_SETS.values(), what="rating edition")


def rule_set_for(day: date) -> RuleSet:
    """The edition in force on ``day``.

    :raises InputError: before the oldest edition (1 February 2011).
    """
    return edition_for(day, RULE_SETS.values(), what="DSU rating edition")
