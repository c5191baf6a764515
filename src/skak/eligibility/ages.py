"""Ages as the handbook counts them, and the age and sex classes of DSU's events.

A player "er fyldt N år" (has turned N) from his N-th birthday on, the birthday itself
included; someone born on 29 February turns a year older on 1 March in a common year (as
:func:`skak.records.registry.commands.may_start_afresh` counts five years). The handbook words its
age rules in four ways, each a :class:`AgeRule` kind:

* ``not-turned`` — "ikke fyldt N år" on a reference day (§37's juniors: not 20 on 1 January
  of the year the tournament is played; 5.5 §6's kadetter: not 16 "ved indgangen af året");
* ``turned`` — "fyldt N år senest" a reference day (§38's veterans: 60 at the latest on the
  day the first round starts; 003 4.3.2's Senior-DM: 60, women 50, by 1 January);
* ``turns-at-most`` — "fylder N år (eller er yngre) i året" (000 4.3.5.1's U-xx and P-xx
  groups): born in the year ``event year − N`` or later;
* ``turns-at-least`` — "fyldt N år senest det år" (000 4.3.2's Senior-DM): born in the year
  ``event year − N`` or earlier.

A birth year alone (DSU's list gives no more) decides every rule except on the boundary
year of a day-based rule; then the verdict is ``None`` and says that the birth date is
needed. Which classes exist, and their rules, belong to the handbook's edition in force on
the event's day (:mod:`skak.eligibility.editions`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from skak.errors import InputError
from skak.model.player import Sex

__all__ = [
    "AgeClass",
    "AgeRule",
    "Birth",
    "ClassVerdict",
    "Reference",
    "RuleKind",
    "age_on",
    "birthday",
    "has_turned",
]

#: A birth date, or the year of birth where only that is known.
Birth = date | int


def birthday(born: date, years: int) -> date:
    """The day someone born on ``born`` turns ``years`` (fylder år): the same day ``years``
    later, or 1 March for 29 February in a common year."""
    try:
        return born.replace(year=born.year + years)
    except ValueError:  # 29 February in a common year
        return date(born.year + years, 3, 1)


def has_turned(born: date, years: int, day: date) -> bool:
    """Whether someone born on ``born`` "er fyldt" ``years`` on ``day`` (the birthday
    itself counts)."""
    return birthday(born, years) <= day


def age_on(born: date, day: date) -> int:
    """Completed years on ``day``.

    :raises InputError: for a day before the birth.
    """
    if day < born:
        raise InputError(f"{day.isoformat()} is before the birth date {born.isoformat()}")
    years = day.year - born.year
    return years if has_turned(born, years, day) else years - 1


class Reference(enum.Enum):
    """The day a day-based age rule is judged on."""

    #: 1 January of the year the event is played ("1. januar i det år hvor turneringen
    #: afvikles", "ved indgangen af det aktuelle år").
    JANUARY_1 = "1 January"
    #: The day the first round starts ("senest den dag, hvor første runde starter").
    FIRST_ROUND = "the first round's day"

    def day(self, event: date) -> date:
        return date(event.year, 1, 1) if self is Reference.JANUARY_1 else event


class RuleKind(enum.Enum):
    NOT_TURNED = "not-turned"
    TURNED = "turned"
    TURNS_AT_MOST = "turns-at-most"
    TURNS_AT_LEAST = "turns-at-least"


@dataclass(frozen=True, slots=True)
class AgeRule:
    """One way of counting an age limit (see the module's docstring)."""

    kind: RuleKind
    years: int
    reference: Reference | None = None

    def __post_init__(self) -> None:
        by_day = self.kind in (RuleKind.NOT_TURNED, RuleKind.TURNED)
        if by_day != (self.reference is not None):
            raise InputError(f"{self.kind.value} needs a reference day exactly when day-based")

    def describe(self, event: date) -> str:
        """The rule in words for an event on ``event``."""
        y = self.years
        match self.kind:
            case RuleKind.NOT_TURNED:
                assert self.reference is not None
                return f"not {y} on {self.reference.day(event).isoformat()}"
            case RuleKind.TURNED:
                assert self.reference is not None
                return f"{y} at the latest on {self.reference.day(event).isoformat()}"
            case RuleKind.TURNS_AT_MOST:
                return f"turns {y} or younger in {event.year} (born {event.year - y} or later)"
            case RuleKind.TURNS_AT_LEAST:
                return f"turns {y} at the latest in {event.year} (born {event.year - y} or earlier)"
        raise AssertionError(self.kind)  # pragma: no cover - the enum is closed

    def holds(self, birth: Birth, event: date) -> bool | None:
        """Whether the rule holds for a player born ``birth`` at an event on ``event``;
        ``None`` when only the birth year is known and the rule turns on the day."""
        y = self.years
        year = birth if isinstance(birth, int) else birth.year
        match self.kind:
            case RuleKind.TURNS_AT_MOST:
                return year >= event.year - y
            case RuleKind.TURNS_AT_LEAST:
                return year <= event.year - y
        assert self.reference is not None
        ref = self.reference.day(event)
        if isinstance(birth, date):
            turned = has_turned(birth, y, ref)
        elif year + y < ref.year:
            turned = True
        elif year + y > ref.year:
            turned = False
        else:
            return None
        return turned if self.kind is RuleKind.TURNED else not turned


@dataclass(frozen=True, slots=True)
class AgeClass:
    """A class of players by age and sex: ``code`` (``junior``, ``U-10``), the Danish
    ``name``, the ``paragraph`` that defines it, its ``rule`` (``None``: no age limit),
    ``women_rule`` where women have their own limit (Senior-DM), and ``sex`` where only one
    sex belongs (girls' groups, the women's rapid DM)."""

    code: str
    name: str
    paragraph: str
    rule: AgeRule | None
    women_rule: AgeRule | None = None
    sex: Sex | None = None

    def verdict(self, birth: Birth | None, sex: Sex | None, event: date) -> ClassVerdict:
        """Whether a player of ``birth`` and ``sex`` belongs to the class at an event on
        ``event``, with the reason in words (``holds`` ``None``: it cannot be told)."""
        if self.sex is not None:
            if sex is None:
                return self._say(None, f"for {_SEX[self.sex]} only; the player's sex is not given")
            if sex is not self.sex:
                return self._say(False, f"for {_SEX[self.sex]} only")
        if self.rule is None:
            return self._say(True, f"every {_SEX_ONE[self.sex]} player" if self.sex else "")
        rules = [self.rule] if self.women_rule is None else self._rules_for(sex)
        if birth is None:
            return self._say(None, "the birth date is not given")
        born = birth.isoformat() if isinstance(birth, date) else f"in {birth}"
        answers = [r.holds(birth, event) for r in rules]
        words = " / ".join(
            r.describe(event) + (f" ({who})" if len(rules) > 1 else "")
            for r, who in zip(rules, ("men", "women"), strict=False)
        )
        if all(a is True for a in answers):
            return self._say(True, f"{words}: born {born}")
        if all(a is False for a in answers):
            return self._say(False, f"{words}: born {born}")
        why = "the birth date is needed" if None in answers else "the player's sex is not given"
        return self._say(None, f"{words}: born {born}; {why}")

    def _rules_for(self, sex: Sex | None) -> list[AgeRule]:
        assert self.rule is not None
        assert self.women_rule is not None
        if sex is Sex.MALE:
            return [self.rule]
        if sex is Sex.FEMALE:
            return [self.women_rule]
        return [self.rule, self.women_rule]

    def _say(self, holds: bool | None, reason: str) -> ClassVerdict:
        return ClassVerdict(self.code, self.name, self.paragraph, holds, reason)


_SEX = {Sex.MALE: "men", Sex.FEMALE: "women and girls"}
_SEX_ONE = {Sex.MALE: "male", Sex.FEMALE: "female", None: ""}


@dataclass(frozen=True, slots=True)
class ClassVerdict:
    """Whether a player belongs to one class: ``holds`` ``None`` when the facts given cannot
    tell (the reason says what is missing)."""

    code: str
    name: str
    paragraph: str
    holds: bool | None
    reason: str
