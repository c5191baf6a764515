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
    for row in s.tournaments():
        try:
            s.read(row.id, full=True).state  # noqa: B018 - building it is the check
        except SkakError as err:
            problems.append(f"tournament {row.label()}: {err}")
    try:
        s.registry()
    except SkakError as err:
        problems.append(f"the rating registry: {err}")
    try:
        s.accounts()
    except SkakError as err:
        problems.append(f"the arbiters' accounts: {err}")
    for row in s.seasons():
        problems += [f"league season {row.label()}: {p}" for p in s.league_audit(row)]
    for row in s.cups():
        problems += [f"cup {row.label()}: {p}" for p in s.cup_audit(row)]
    for row in s.corr_groups():
        problems += [f"correspondence group {row.label()}: {p}" for p in s.corr_audit(row)]
    try:
        s.discipline()
    except SkakError as err:
        problems.append(f"the discipline registry: {err}")
    return problems
