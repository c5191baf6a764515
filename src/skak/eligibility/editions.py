"""The handbook's editions of section 4 (DM and coordinated tournaments) as effective-dated
rule sets, chosen by the event's day like every edition (:mod:`skak.model.editions`).

* ``dsu-2011`` — *Skakhåndbogen* 15.2 (003, February 2011): §33's deadline 5 weeks before
  Easter Monday; 4.3.2's Senior-DM for men 60 and women 50 by 1 January of the year.
* ``dsu-later`` — the later section 4 (000): §33's deadline 3 weeks before Easter Monday;
  4.3.2's Senior-DM for men who turn 60 and women who turn 50 at the latest in the year;
  4.3.4's women's rapid DM and 4.3.5's youth DM (U-08 … U-18, and the girls' P groups).

The seeds do not date 000. It keeps the 2011 rating rules (SPEC-MAP: in force until
February 2015) and follows 003, so it is taken as in force from 1 January 2013 (see
docs/interpretations.md, "Eligibility"); an edition can always be named instead.

Both editions keep section 5's age rules (003 5.3 §4's cup rows, 5.5 §6's kadetter): 000
holds section 4 only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from skak.eligibility.ages import AgeClass, AgeRule, Birth, ClassVerdict, Reference, RuleKind
from skak.errors import InputError
from skak.model import editions
from skak.model.player import Sex

__all__ = [
    "EDITIONS",
    "Edition",
    "classes_of",
    "dm_deadline",
    "easter_monday",
    "edition_for",
    "get_edition",
]

_J1 = Reference.JANUARY_1
_NOT, _TURNED = RuleKind.NOT_TURNED, RuleKind.TURNED

_JUNIOR = AgeClass("junior", "juniorspiller", "§37", AgeRule(RuleKind.NOT_TURNED, 20, _J1))
_VETERAN = AgeClass(
    "veteran",
    "veteranklassen",
    "§38",
    AgeRule(RuleKind.TURNED, 60, Reference.FIRST_ROUND),
)
_SECTION_5 = (
    AgeClass("cup-junior", "pokalstævnets juniorrække", "5.3 §4", AgeRule(_NOT, 20, _J1)),
    AgeClass("cup-senior", "pokalstævnets seniorrække", "5.3 §4", AgeRule(_TURNED, 60, _J1)),
    AgeClass("kadet", "kadet (juniorholdturneringen)", "5.5 §6", AgeRule(_NOT, 16, _J1)),
)
_YOUTH = tuple(
    AgeClass(
        f"{prefix}-{years:02d}",
        f"{prefix}-{years:02d} {what}",
        "4.3.5.1",
        AgeRule(RuleKind.TURNS_AT_MOST, years),
        sex=sex,
    )
    for prefix, what, sex in (("U", "(åben gruppe)", None), ("P", "(pigegruppe)", Sex.FEMALE))
    for years in (8, 10, 12, 14, 16, 18)
)


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of section 4's eligibility rules (an edition of
    :mod:`skak.model.editions`)."""

    name: str
    effective_from: date
    effective_to: date | None
    source: str
    #: §33: an application is valid at the latest this many weeks before Easter Monday.
    deadline_weeks: int
    classes: tuple[AgeClass, ...]

    def age_class(self, code: str) -> AgeClass:
        """:raises InputError: naming the edition's classes."""
        for c in self.classes:
            if c.code == code:
                return c
        known = ", ".join(c.code for c in self.classes)
        raise InputError(f"{self.name} has no class {code!r}; it has: {known}")


EDITIONS: dict[str, Edition] = {
    e.name: e
    for e in (
        Edition(
            "dsu-2011",
            date(2011, 2, 1),
            date(2012, 12, 31),
            "Skakhåndbogen 15.2, February 2011 (003)",
            5,
            (
                _JUNIOR,
                _VETERAN,
                AgeClass(
                    "senior-dm",
                    "Senior-DM",
                    "4.3.2",
                    AgeRule(RuleKind.TURNED, 60, _J1),
                    women_rule=AgeRule(RuleKind.TURNED, 50, _J1),
                ),
                *_SECTION_5,
            ),
        ),
        Edition(
            "dsu-later",
            date(2013, 1, 1),
            None,
            "Skakhåndbogen, the later section 4 (000)",
            3,
            (
                _JUNIOR,
                _VETERAN,
                AgeClass(
                    "senior-dm",
                    "Senior-DM",
                    "4.3.2",
                    AgeRule(RuleKind.TURNS_AT_LEAST, 60),
                    women_rule=AgeRule(RuleKind.TURNS_AT_LEAST, 50),
                ),
                AgeClass(
                    "women-rapid-dm", "DM i hurtigskak for kvinder", "4.3.4", None, sex=Sex.FEMALE
                ),
                *_YOUTH,
                *_SECTION_5,
            ),
        ),
    )
}


def get_edition(name: str) -> Edition:
    """The edition called ``name``.

    :raises InputError: naming the editions there are.
    """
    return editions.get_edition(name, EDITIONS.values(), what="handbook edition")


def edition_for(day: date, *, or_oldest: bool = False) -> Edition:
    """The edition in force on ``day``; ``or_oldest``: the oldest one for a day before it.

    :raises InputError: before the oldest edition in the seeds (1 February 2011).
    """
    return editions.edition_for(
        day, EDITIONS.values(), what="handbook edition", or_oldest=or_oldest
    )


def classes_of(
    birth: Birth | None, sex: Sex | None, event: date, edition: Edition | None = None
) -> tuple[ClassVerdict, ...]:
    """Every class of the edition in force on ``event`` (or ``edition``), each with whether
    a player born ``birth`` (a date, or the year) of ``sex`` belongs to it at an event on
    ``event`` — the event's first day; the rules that count the year use its year.

    :raises InputError: for a player born after the event (no class can hold him).
    """
    if isinstance(birth, date) and birth > event:
        raise InputError(
            f"the birth date {birth.isoformat()} is after the event on {event.isoformat()}: "
            "a player is born before he plays"
        )
    if isinstance(birth, int) and birth > event.year:
        raise InputError(
            f"the year of birth {birth} is after the event on {event.isoformat()}: a player "
            "is born before he plays"
        )
    chosen = edition or edition_for(event)
    return tuple(c.verdict(birth, sex, event) for c in chosen.classes)


def easter_monday(year: int) -> date:
    """2. påskedag of ``year`` (the Gregorian Easter, by python-dateutil)."""
    from dateutil.easter import easter

    return easter(year) + timedelta(days=1)


def dm_deadline(year: int, edition: Edition | None = None) -> date:
    """§33: the last day an application to the DM of ``year`` is valid — 5 weeks (003) or
    3 weeks (000) before Easter Monday, by the edition in force on that Easter Monday."""
    monday = easter_monday(year)
    chosen = edition or edition_for(monday)
    return monday - timedelta(weeks=chosen.deadline_weeks)
