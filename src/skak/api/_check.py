"""``skak check``: every record of a database read back and rebuilt (see
:meth:`skak.api.Skak.check`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.errors import SkakError

if TYPE_CHECKING:
    from skak.api import Skak

__all__ = ["audit"]


def audit(s: Skak) -> list[str]:
    """What is wrong with the database ``s`` opens, in plain words; empty when it is sound.

    :raises StorageError: when the database cannot be read far enough to be checked.
    """
    problems = [f"SQLite: {p}" for p in s.db.integrity_problems()]
    for row in s.tournaments.all_rows():  # the deleted ones too: their events are kept
        try:
            s.tournaments.read_any(row.id, full=True).state  # noqa: B018 - building it is the check
        except SkakError as err:
            problems.append(f"tournament {row.label()}: {err}")
    try:
        s.registry.get()
    except SkakError as err:
        problems.append(f"the rating registry: {err}")
    try:
        s.accounts.get()
    except SkakError as err:
        problems.append(f"the arbiters' accounts: {err}")
    for row in s.league.rows():
        problems += [f"league season {row.label()}: {p}" for p in s.league.audit(row)]
    for row in s.cup.rows():
        problems += [f"cup {row.label()}: {p}" for p in s.cup.audit(row)]
    for row in s.event.rows():
        try:
            s.event.get(row.id)
        except SkakError as err:
            problems.append(f"event {row.label()}: {err}")
    for row in s.junior.rows():
        problems += [f"junior championship {row.label()}: {p}" for p in s.junior.audit(row)]
    for row in s.correspondence.rows():
        problems += [
            f"correspondence group {row.label()}: {p}" for p in s.correspondence.audit(row)
        ]
    try:
        s.discipline.get()
    except SkakError as err:
        problems.append(f"the discipline registry: {err}")
    for row in s.reports.rows():
        try:
            s.reports.get(row.id)
        except SkakError as err:
            problems.append(f"rating report {row.label()}: {err}")
    return problems
