"""The discipline registry's events: an entry recorded as §19 decided it (a warning changed
into a quarantine, a doubled length, with the words why), and an entry lifted (it stays in
the history)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from skak.eligibility.discipline import Sanction


@dataclass(frozen=True, slots=True)
class SanctionRecorded:
    sanction: Sanction
    kind: Literal["sanction_recorded"] = "sanction_recorded"


@dataclass(frozen=True, slots=True)
class SanctionLifted:
    number: int
    day: date
    reason: str
    kind: Literal["sanction_lifted"] = "sanction_lifted"


DisciplineEvent = SanctionRecorded | SanctionLifted
