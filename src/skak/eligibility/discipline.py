"""Warnings and quarantines (advarsler og karantæner): §7, §19 and 4.5.4.2, pure.

§7: the tournament committee (TK) may give a player who behaves unsportingly, or will not
abide by a ruling, a warning or exclude him from coordinated tournaments for a time (a
quarantine). 4.5.4.2: a player absent from a whole tournament without an approved excuse
gets a quarantine of at least 6 months. §19: both are registered by the rating registrar;

* a warning is valid for 1 year after the last playing day of the tournament it was given
  in; a second warning in that time is changed into a quarantine of 3 months;
* a warning within 1 year after a quarantine's end is changed into a quarantine of 3
  months; a new quarantine within 1 year after a quarantine's end is doubled;
* warnings are deleted when they expire; quarantines stay 1 year after they end.

Skaknævnet's ruling 97: a quarantine bars the player from every rated (coordinated)
tournament, club tournaments included; 5.1 §10 d (5.2): and from the division tournament.

A quarantine runs from its first day for whole calendar months (or to a given last day):
3 months from 4 October 2026 are 4 October 2026 – 3 January 2027, and the player may play
again on 4 January 2027 (from 30 November: to 28 February, free on 1 March). The
registry is :class:`DisciplineRegistry`; its :meth:`~DisciplineRegistry.quarantine` is the
small :class:`Quarantines` protocol a line-up or a registration asks ("is player X in
quarantine on day D, by which rule").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Protocol

from skak.eligibility.ages import birthday
from skak.errors import InputError, NotFoundError, StateError
from skak.messages import N_, N_plural

__all__ = [
    "GROUNDS",
    "NO_QUARANTINES",
    "DisciplineRegistry",
    "Quarantines",
    "Sanction",
    "SanctionKind",
    "SanctionRequest",
    "decide_sanction",
    "months_later",
    "one_year_after",
    "playing_days",
    "registration_check",
    "sanctions_for_tournament",
]

#: Why a sanction may be given, by paragraph.
GROUNDS = {
    "§7": "the tournament committee (TK): unsporting conduct, or a ruling not abided by",
    "4.5.4.2": "absent from the whole tournament without an approved excuse",
}
#: 4.5.4.2: the least quarantine for staying away from a whole tournament.
NO_SHOW_MONTHS = 6
#: §19: what a warning becomes when it escalates.
ESCALATED_MONTHS = 3


class SanctionKind(enum.Enum):
    WARNING = "warning"  # advarsel
    QUARANTINE = "quarantine"  # karantæne

    def __repr__(self) -> str:
        return f"SanctionKind.{self.name}"


def one_year_after(day: date) -> date:
    """The same day a year later (29 February: 1 March), the last day of a one-year
    period counted from ``day``."""
    return birthday(day, 1)


def months_later(day: date, months: int) -> date:
    """``day`` plus ``months`` calendar months; a day the month does not have (30 November
    plus 3 months) is the first of the next month (1 March), as a birthday on 29 February
    is counted (:func:`skak.eligibility.ages.birthday`)."""
    years, month = divmod(day.month - 1 + months, 12)
    try:
        return date(day.year + years, month + 1, day.day)
    except ValueError:
        after, first_month = divmod(month + 1, 12)
        return date(day.year + years + after, first_month + 1, 1)


@dataclass(frozen=True, slots=True)
class Sanction:
    """One entry of the registry.

    ``given`` is the day it was given (the decision); ``last_day`` the last playing day of
    the ``tournament`` it was given in (a warning's validity runs from it, §19); ``ground``
    the paragraph it was given under (``§7``, ``4.5.4.2``); a quarantine runs from
    ``start`` for ``months`` calendar months or ``days`` days; ``escalation`` says how §19
    changed what was asked (a warning into a quarantine, a doubled length); ``cancelled``
    why it was lifted (e.g. by Skaknævnet), from ``cancelled_on``.
    """

    id: int
    kind: SanctionKind
    member: int
    name: str
    given: date
    tournament: str
    last_day: date
    ground: str
    reason: str = ""
    start: date | None = None
    months: int | None = None
    days: int | None = None
    escalation: str = ""
    cancelled: str | None = None
    cancelled_on: date | None = None

    @property
    def rule(self) -> str:
        """The paragraph the sanction stands under: §19 when it escalated."""
        return "§19" if self.escalation else self.ground

    @property
    def end(self) -> date | None:
        """A quarantine's last day (inclusive); ``None`` for a warning."""
        if self.kind is SanctionKind.WARNING or self.start is None:
            return None
        if self.months is not None:
            return months_later(self.start, self.months) - timedelta(days=1)
        assert self.days is not None
        return self.start + timedelta(days=self.days - 1)

    @property
    def length(self) -> str:
        if self.months is not None:
            return N_plural("{n} month", "{n} months", self.months)
        if self.days is not None:
            return N_plural("{n} day", "{n} days", self.days)
        return ""

    def valid_until(self) -> date:
        """A warning: the last day it counts (1 year after the tournament's last playing
        day); a quarantine: its last day."""
        if self.kind is SanctionKind.WARNING:
            return one_year_after(self.last_day)
        end = self.end
        assert end is not None
        return end

    def kept_until(self) -> date:
        """The last day the registry shows it (§19): a warning until it expires, a
        quarantine 1 year after its end."""
        if self.kind is SanctionKind.WARNING:
            return self.valid_until()
        return one_year_after(self.valid_until())

    def in_force(self, day: date) -> bool:
        """Whether it is not cancelled on ``day``."""
        return self.cancelled_on is None or day < self.cancelled_on

    def covers(self, day: date) -> bool:
        """A quarantine that bars the player on ``day``."""
        end = self.end
        return (
            self.kind is SanctionKind.QUARANTINE
            and self.start is not None
            and end is not None
            and self.start <= day <= end
            and self.in_force(day)
        )

    def describe(self) -> str:
        """The entry in words, for lists and notes."""
        where = f"{self.tournament}, {self.given.isoformat()}"
        if self.kind is SanctionKind.WARNING:
            text = N_(
                "warning (advarsel) in {where}, valid until {until} ({rule})",
                where=where,
                until=self.valid_until().isoformat(),
                rule=self.rule,
            )
        else:
            assert self.start is not None
            end = self.end
            assert end is not None
            text = N_(
                "quarantine (karantæne) of {length}, {start} – {end}, given in {where} ({rule})",
                length=self.length,
                start=self.start.isoformat(),
                end=end.isoformat(),
                where=where,
                rule=self.rule,
            )
        if self.cancelled:
            return N_(
                "{entry}; lifted from {day}: {reason}",
                entry=text,
                day=self.cancelled_on,
                reason=self.cancelled,
            )
        return text


@dataclass(frozen=True, slots=True)
class SanctionRequest:
    """A warning or a quarantine as the TK (or the arbiter for 4.5.4.2) gives it, before
    §19 has had its say. ``start`` defaults to ``given``; a quarantine has ``months`` or
    ``until`` (its last day)."""

    kind: SanctionKind
    member: int
    name: str
    given: date
    tournament: str
    last_day: date
    ground: str = "§7"
    reason: str = ""
    start: date | None = None
    months: int | None = None
    until: date | None = None


class Quarantines(Protocol):
    """Who is in quarantine (karantæne, §19) on a day: the discipline registry's answer, by
    the player's DSU member number (as text, as a line-up names him). The text says from
    when to when and by which rule; ``None``: not in quarantine."""

    def quarantine(self, player: str, day: date) -> str | None: ...


@dataclass(frozen=True, slots=True)
class DisciplineRegistry:
    """Every warning and quarantine registered (history kept: what §19 deletes is only no
    longer shown, see :meth:`standing`)."""

    sanctions: tuple[Sanction, ...] = ()

    def __len__(self) -> int:
        return len(self.sanctions)

    def sanction(self, number: int) -> Sanction:
        """:raises NotFoundError: when there is no entry ``number``."""
        for s in self.sanctions:
            if s.id == number:
                return s
        raise NotFoundError(f"the discipline registry has no entry {number}")

    def of(self, member: int) -> tuple[Sanction, ...]:
        return tuple(s for s in self.sanctions if s.member == member)

    def quarantine_on(self, member: int, day: date) -> Sanction | None:
        """The quarantine that bars ``member`` on ``day``, if any (the one ending last)."""
        found = [s for s in self.of(member) if s.covers(day)]
        return max(found, key=lambda s: (s.valid_until(), s.id)) if found else None

    def quarantine_during(self, member: int, first: date, last: date) -> Sanction | None:
        """A quarantine that bars ``member`` on some day from ``first`` to ``last``."""
        for s in self.of(member):
            end = s.end
            if s.kind is not SanctionKind.QUARANTINE or s.start is None or end is None:
                continue
            lo, hi = max(first, s.start), min(last, end)
            if s.cancelled_on is not None:
                hi = min(hi, s.cancelled_on - timedelta(days=1))
            if lo <= hi:
                return s
        return None

    def warning_on(self, member: int, day: date) -> Sanction | None:
        """A warning of ``member`` still valid on ``day`` (§19)."""
        found = [
            s
            for s in self.of(member)
            if s.kind is SanctionKind.WARNING
            and s.given <= day <= s.valid_until()
            and s.in_force(day)
        ]
        return max(found, key=lambda s: (s.valid_until(), s.id)) if found else None

    def standing(self, day: date) -> tuple[Sanction, ...]:
        """What the registry shows on ``day`` (§19): warnings until they expire, quarantines
        until a year after their end; lifted ones not."""
        return tuple(
            s for s in self.sanctions if s.given <= day <= s.kept_until() and s.in_force(day)
        )

    def quarantine(self, player: str, day: date) -> str | None:
        """:class:`Quarantines`: ``player`` is a DSU member number as text."""
        text = player.strip()
        if not (text.isascii() and text.isdigit()):
            return None
        s = self.quarantine_on(int(text), day)
        if s is None:
            return None
        end = s.end
        assert s.start is not None
        assert end is not None
        return (
            f"in quarantine (karantæne) {s.start.isoformat()}–{end.isoformat()} ({s.rule}; "
            f"given in {s.tournament})"
        )


NO_QUARANTINES = DisciplineRegistry()


def _check(request: SanctionRequest) -> None:
    r = request
    if not 1 <= r.member <= 10**11 - 1:
        raise InputError(f"a DSU member number is a positive number, not {r.member}")
    if r.ground not in GROUNDS:
        raise InputError(f"a sanction is given under {' or '.join(GROUNDS)}, not {r.ground!r}")
    if r.given < r.last_day - timedelta(days=366):
        raise InputError(
            f"a sanction dated {r.given.isoformat()} cannot be given in a tournament whose "
            f"last day is {r.last_day.isoformat()}, more than a year later"
        )
    if r.kind is SanctionKind.WARNING:
        if r.months is not None or r.until is not None or r.start is not None:
            raise InputError("a warning has no length or first day; a quarantine has")
        if r.ground == "4.5.4.2":
            raise InputError("4.5.4.2 gives a quarantine, not a warning")
        return
    if (r.months is None) == (r.until is None):
        raise InputError("give a quarantine's length in months or its last day, one of them")
    start = r.start or r.given
    if r.months is not None and not 1 <= r.months <= 120:
        raise InputError(f"a quarantine of {r.months} months: give 1–120")
    if r.until is not None and r.until < start:
        raise InputError(
            f"the quarantine's last day {r.until.isoformat()} is before its first "
            f"{start.isoformat()}"
        )
    if r.ground == "4.5.4.2":
        least = months_later(start, NO_SHOW_MONTHS) - timedelta(days=1)
        short = (r.months is not None and r.months < NO_SHOW_MONTHS) or (
            r.until is not None and r.until < least
        )
        if short:
            raise InputError(
                f"4.5.4.2 gives at least {NO_SHOW_MONTHS} months' quarantine for staying away "
                f"from a whole tournament (from {start.isoformat()}: until {least.isoformat()} "
                "at least)"
            )


def decide_sanction(registry: DisciplineRegistry, request: SanctionRequest) -> Sanction:
    """The entry ``request`` makes, §19 applied: a second warning within a warning's year,
    or a warning within a year after a quarantine's end, becomes a quarantine of 3 months; a
    quarantine within a year after a quarantine's end is doubled. A quarantine running
    when the new one is given counts as well ("within a year after its end").

    :raises InputError: for a request the rules do not allow (4.5.4.2's minimum, a
        warning with a length, …).
    :raises StateError: for a sanction dated before the player's latest: §19 counts in
        date order, so the later one would have been decided differently.
    """
    _check(request)
    r = request
    mine = [s for s in registry.of(r.member) if s.cancelled is None]
    if mine and (latest := max(s.given for s in mine)) > r.given:
        raise StateError(
            f"member {r.member}'s latest entry is dated {latest.isoformat()}: §19 counts in "
            f"date order, so a sanction given {r.given.isoformat()} cannot be added after it "
            "(lift the later one first, then add both in order)"
        )
    start = r.start or r.given
    number = max((s.id for s in registry.sanctions), default=0) + 1
    base = Sanction(
        number,
        r.kind,
        r.member,
        r.name,
        r.given,
        r.tournament,
        r.last_day,
        r.ground,
        r.reason,
    )
    quarantines = [s for s in mine if s.kind is SanctionKind.QUARANTINE]
    recent = [q for q in quarantines if r.given <= one_year_after(q.valid_until())]
    if r.kind is SanctionKind.WARNING:
        warnings = [
            w for w in mine if w.kind is SanctionKind.WARNING and r.given <= w.valid_until()
        ]
        if warnings:
            w = max(warnings, key=lambda s: s.id)
            why = (
                f"a second warning within the year of the warning of {w.given.isoformat()} "
                f"({w.tournament}; valid until {w.valid_until().isoformat()})"
            )
        elif recent:
            q = max(recent, key=lambda s: s.id)
            why = (
                f"a warning within a year after the quarantine ending {q.valid_until().isoformat()}"
            )
        else:
            return base
        return replace(
            base,
            kind=SanctionKind.QUARANTINE,
            start=start,
            months=ESCALATED_MONTHS,
            escalation=f"{why}: changed into a quarantine of {ESCALATED_MONTHS} months (§19)",
        )
    months = r.months
    days = None if r.until is None else (r.until - start).days + 1
    escalation = ""
    if recent:
        q = max(recent, key=lambda s: s.id)
        asked = f"{months} months" if months is not None else f"{days} days"
        months = None if months is None else months * 2
        days = None if days is None else days * 2
        now = f"{months} months" if months is not None else f"{days} days"
        escalation = (
            f"a new quarantine within a year after the quarantine ending "
            f"{q.valid_until().isoformat()}: its length doubled from {asked} to {now} (§19)"
        )
    return replace(base, start=start, months=months, days=days, escalation=escalation)


def sanctions_for_tournament(
    registry: DisciplineRegistry, name: str, first: date | None, last: date | None
) -> Sequence[Sanction]:
    """The entries given in the tournament called ``name`` (case and spaces ignored) whose
    last playing day is within its days, when they are known (§6's report)."""
    key = " ".join(name.split()).casefold()
    out = []
    for s in registry.sanctions:
        if " ".join(s.tournament.split()).casefold() != key:
            continue
        if first is not None and s.last_day < first:
            continue
        if last is not None and s.last_day > last:
            continue
        out.append(s)
    return out


def playing_days(start: date | None, end: date | None, today: date) -> tuple[date, date]:
    """The days a player registered ``today`` would play: from the tournament's first day
    (today when it has begun or has no dates) to its last day."""
    first = start if start is not None and start > today else today
    last = end if end is not None and end > first else first
    return first, last


def registration_check(
    registry: DisciplineRegistry,
    players: Sequence[tuple[str, int | None]],
    first: date,
    last: date,
    *,
    rated: bool,
) -> tuple[list[str], list[str]]:
    """What the registry says about registering ``players`` (name, DSU member number) for a
    tournament played from ``first`` to ``last``: the refusals (a quarantine on any of those
    days bars a player from a rated tournament: §7, §19, Skaknævnet's ruling 97) and the
    notes (the same quarantine for a tournament that is not rated; a warning still valid,
    which a second one would turn into a quarantine, §19). Players are matched by member
    number only; one without is not checked."""
    refusals: list[str] = []
    notes: list[str] = []
    for name, member in players:
        if member is None:
            continue
        q = registry.quarantine_during(member, first, last)
        if q is not None:
            assert q.start is not None
            end = q.end
            assert end is not None
            fields = {
                "name": name,
                "member": member,
                "start": q.start.isoformat(),
                "end": end.isoformat(),
                "rule": q.rule,
                "tournament": q.tournament,
                "free": (end + timedelta(days=1)).isoformat(),
            }
            if rated:
                refusals.append(
                    N_(
                        "{name} (DSU member {member}) is in quarantine (karantæne) from "
                        "{start} to {end} ({rule}, given in {tournament}) and may not play in "
                        "a rated tournament (§7; Skaknævnet's ruling 97); he may play again "
                        "from {free}",
                        **fields,
                    )
                )
            else:
                notes.append(
                    N_(
                        "{name} (DSU member {member}) is in quarantine (karantæne) from "
                        "{start} to {end} ({rule}, given in {tournament}); the tournament is "
                        "not rated, so the quarantine does not bar him (§7: coordinated "
                        "tournaments)",
                        **fields,
                    )
                )
            continue
        w = registry.warning_on(member, first)
        if w is not None:
            notes.append(
                N_(
                    "{name} (DSU member {member}) has a warning (advarsel) from {tournament}, "
                    "valid until {until}: another warning before then becomes a quarantine "
                    "of 3 months (§19)",
                    name=name,
                    member=member,
                    tournament=w.tournament,
                    until=w.valid_until().isoformat(),
                )
            )
    return refusals, notes
