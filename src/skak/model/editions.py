"""Rule editions: one mechanism for every rule that changed over the years.

A rule the handbook or FIDE changed is data, never an ``if`` on a date: one *edition* per
text, each with its ``name`` (what ``--edition`` and the JSON's ``"edition"`` say), the first
day it is in force (``effective_from``) and the last (``effective_to``; ``None`` while it
is still in force). A start the seeds do not give is ``date.min``: the edition is taken for
every earlier day. An edition is never edited once published; a change of the rules is a
new edition beside the old ones.

Each domain keeps its own edition class with the rule's figures — the DSU rating rules
(:class:`skak.rating.rules.RuleSet`), FIDE's (:class:`skak.rating.fide.FideEdition`), the
laws' rapid and blitz (:class:`skak.games.timerules.LawsEdition`), section 4's eligibility
(:class:`skak.eligibility.editions.Edition`), the division league
(:class:`skak.teams.league.LeagueEdition`) and the tie-breaks' unplayed games
(:class:`skak.tiebreaks.Edition`) — and each is an :class:`Edition` by its fields. Every one
of them is looked up here: :func:`edition_for` by day, :func:`get_edition` by name.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Rule:
    ...     name: str
    ...     effective_from: date
    ...     effective_to: date | None
    >>> rules = (Rule("old", date(2011, 2, 1), date(2015, 1, 31)),
    ...          Rule("new", date(2015, 2, 1), None))
    >>> edition_for(date(2015, 2, 1), rules).name
    'new'
    >>> get_edition("old", rules).effective_to
    datetime.date(2015, 1, 31)
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Protocol, TypeVar

from skak.errors import InputError

__all__ = ["Edition", "edition_for", "get_edition", "in_force"]


class Edition(Protocol):
    """What every edition of a rule has (a frozen dataclass's fields will do)."""

    @property
    def name(self) -> str:
        """The edition's name, as ``--edition`` and the JSON's ``"edition"`` say it."""
        ...  # pragma: no cover - a protocol

    @property
    def effective_from(self) -> date:
        """The first day the edition is in force (``date.min``: the seeds give no start)."""
        ...  # pragma: no cover - a protocol

    @property
    def effective_to(self) -> date | None:
        """The last day the edition is in force; ``None`` while it is still in force."""
        ...  # pragma: no cover - a protocol


E = TypeVar("E", bound=Edition)


def in_force(edition: Edition, day: date) -> bool:
    """Whether ``edition`` is in force on ``day`` (both ends count)."""
    return edition.effective_from <= day and (
        edition.effective_to is None or day <= edition.effective_to
    )


def edition_for(
    day: date, editions: Collection[E], *, what: str = "edition", or_oldest: bool = False
) -> E:
    """The edition of ``editions`` in force on ``day`` (they do not overlap; the first
    whose range holds the day if they did).

    ``or_oldest``: a day before every edition gets the oldest one — the oldest text there is
    stands in for the earlier ones — instead of an error. ``what`` names the kind of edition
    in the error (``"handbook edition"``).

    :raises InputError: naming the day and what the editions cover, when none is in force
        on it: a day before the oldest (the first day covered), in a gap between two, or
        after the newest has ended.
    """
    for edition in editions:
        if in_force(edition, day):
            return edition
    if not editions:
        raise InputError(f"no {what} covers {day.isoformat()} (there is none)")
    oldest = min(editions, key=_start)
    if day < oldest.effective_from:
        if or_oldest:
            return oldest
        raise InputError(
            f"no {what} covers {day.isoformat()} (the oldest is in force from "
            f"{oldest.effective_from.isoformat()})"
        )
    before = max(
        (e for e in editions if e.effective_to is not None and e.effective_to < day),
        key=_end,
    )
    later = [e for e in editions if e.effective_from > day]
    if not later:
        raise InputError(
            f"no {what} covers {day.isoformat()} (the newest, {before.name}, was in force "
            f"until {_end(before).isoformat()})"
        )
    after = min(later, key=_start)
    raise InputError(
        f"no {what} covers {day.isoformat()} ({before.name} is in force until "
        f"{_end(before).isoformat()}, {after.name} from {after.effective_from.isoformat()})"
    )


def get_edition(name: str, editions: Collection[E], *, what: str = "edition") -> E:
    """The edition of ``editions`` called ``name``.

    :raises InputError: naming the editions there are (``what`` names their kind).
    """
    for edition in editions:
        if edition.name == name:
            return edition
    known = ", ".join(e.name for e in editions)
    raise InputError(f"unknown {what} {name!r}; known: {known}")


def _start(edition: Edition) -> date:
    return edition.effective_from


def _end(edition: Edition) -> date:
    return edition.effective_to or date.max
