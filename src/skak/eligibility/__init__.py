"""Who may play where (pure): age and sex classes, the DM's classes, and the discipline
registry's warnings and quarantines.

* :mod:`.ages` — ages as the handbook counts them, and the rules of an age class;
* :mod:`.editions` — the handbook's editions of section 4 as effective-dated rule sets
  (``dsu-2011``: 003; ``dsu-later``: 000), §33's application deadline.
"""

from skak.eligibility.ages import (
    AgeClass,
    AgeRule,
    Birth,
    ClassVerdict,
    Reference,
    RuleKind,
    age_on,
    birthday,
    has_turned,
)
from skak.eligibility.editions import (
    EDITIONS,
    Edition,
    classes_of,
    dm_deadline,
    easter_monday,
    edition_for,
    get_edition,
)

__all__ = [
    "EDITIONS",
    "AgeClass",
    "AgeRule",
    "Birth",
    "ClassVerdict",
    "Edition",
    "Reference",
    "RuleKind",
    "age_on",
    "birthday",
    "classes_of",
    "dm_deadline",
    "easter_monday",
    "edition_for",
    "get_edition",
    "has_turned",
]
