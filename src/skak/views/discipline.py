"""The discipline registry as every face shows it (``skak discipline list|check``, the
tournament report): each entry with its dates and rule, and a player's standing on a day."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from skak.eligibility.discipline import DisciplineRegistry, Sanction

__all__ = [
    "CheckView",
    "DisciplineView",
    "SanctionRow",
    "check_view",
    "discipline_view",
    "sanction_row",
]


@dataclass(frozen=True, slots=True)
class SanctionRow:
    """One entry: ``kind`` ``warning`` or ``quarantine``; ``rule`` the paragraph it stands
    under (§19 when §19 changed it, else ``ground``); a quarantine's ``start``, ``end``
    (its last day) and ``length``; ``valid_until`` (a warning: 1 year after the
    tournament's last day; a quarantine: its end) and ``kept_until`` (§19: a quarantine is
    kept a year after its end); ``lifted`` why it was set aside, from ``lifted_on``."""

    id: int
    kind: str
    member: int
    name: str
    given: datetime.date
    tournament: str
    last_day: datetime.date
    rule: str
    ground: str
    reason: str
    start: datetime.date | None
    end: datetime.date | None
    length: str
    escalation: str
    valid_until: datetime.date
    kept_until: datetime.date
    lifted: str | None
    lifted_on: datetime.date | None
    text: str


def sanction_row(s: Sanction) -> SanctionRow:
    return SanctionRow(
        s.id,
        s.kind.value,
        s.member,
        s.name,
        s.given,
        s.tournament,
        s.last_day,
        s.rule,
        s.ground,
        s.reason,
        s.start,
        s.end,
        s.length,
        s.escalation,
        s.valid_until(),
        s.kept_until(),
        s.cancelled,
        s.cancelled_on,
        s.describe(),
    )


@dataclass(frozen=True, slots=True)
class DisciplineView:
    """``{"day", "entries": [...]}``: what the registry shows on ``day`` (§19: warnings
    until they expire, quarantines a year after their end), or every entry ever made."""

    day: datetime.date
    all: bool
    entries: tuple[SanctionRow, ...]


def discipline_view(
    registry: DisciplineRegistry, day: datetime.date, *, show_all: bool = False
) -> DisciplineView:
    shown = registry.sanctions if show_all else registry.standing(day)
    return DisciplineView(day, show_all, tuple(sanction_row(s) for s in shown))


@dataclass(frozen=True, slots=True)
class CheckView:
    """A player's standing on ``day``: ``quarantine`` the entry barring him from rated
    tournaments that day (``free_from`` the first day he may play again), ``warning`` a
    warning still valid (a second one becomes a quarantine), ``entries`` everything the
    registry shows of him that day, and ``verdict`` in words."""

    member: int
    day: datetime.date
    quarantine: SanctionRow | None
    free_from: datetime.date | None
    warning: SanctionRow | None
    entries: tuple[SanctionRow, ...]
    verdict: str


def check_view(registry: DisciplineRegistry, member: int, day: datetime.date) -> CheckView:
    q = registry.quarantine_on(member, day)
    w = registry.warning_on(member, day)
    shown = tuple(sanction_row(s) for s in registry.standing(day) if s.member == member)
    if q is not None:
        end = q.end
        assert end is not None
        free: datetime.date | None = end + datetime.timedelta(days=1)
        verdict = (
            f"in quarantine (karantæne) on {day.isoformat()} ({q.rule}): may not play in a "
            f"rated tournament until {end.isoformat()} (§7; Skaknævnet's ruling 97); free "
            f"from {free.isoformat() if free else ''}"
        )
    else:
        free = None
        verdict = f"not in quarantine on {day.isoformat()}"
        if w is not None:
            verdict += (
                f"; a warning is valid until {w.valid_until().isoformat()}: another one "
                "before then becomes a quarantine of 3 months (§19)"
            )
    return CheckView(
        member,
        day,
        None if q is None else sanction_row(q),
        free,
        None if w is None else sanction_row(w),
        shown,
        verdict,
    )
