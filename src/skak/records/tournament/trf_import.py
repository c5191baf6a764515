"""A tournament read from a TRF file (pure: no database).

Apart from :mod:`skak.records.tournament.requests` so that ranking a file
(``skak standings --trf F``) imports the file's reader alone: no pairing system is imported
unless the file's tournament is to be imported for pairing (``to_import``) or ``system``
names one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.messages import N_plural

if TYPE_CHECKING:
    from skak.model.progress import Progress
    from skak.model.tournament import Tournament

__all__ = ["tournament_from_trf"]


def tournament_from_trf(
    data: bytes,
    source: str,
    *,
    system: str | None = None,
    strict: bool = True,
    report: Progress | None = None,
    to_import: bool = True,
) -> Tournament:
    """A tournament read from a TRF file's bytes (TRF16 or TRF-2026); ``system`` names the
    pairing system for the rounds to come (else the file's, which skak must know to import
    it, ``to_import``, though not to rank it). ``strict=False`` collects every problem of
    the file before refusing it; ``report`` is told how far the reading has come.

    :raises InputError: naming ``source``, the line and column of each problem.
    """
    from skak.io.trf import decode_trf, parse_trf

    read = parse_trf(decode_trf(data), source, strict=strict, progress=report)
    if read.problems:
        raise InputError(
            N_plural(
                "nothing imported: {n} problem in the file",
                "nothing imported: {n} problems in the file",
                len(read.problems),
            ),
            location=source,
            problems=read.problems,
        )
    t = read.tournament
    if system is None and not to_import:
        return t
    from skak.pairing import get_system, system_names

    if system is not None:
        return replace(t, pairing_system=get_system(system).name)
    if t.pairing_system not in system_names():
        raise InputError(
            f"the file's pairing system is {t.pairing_system!r}, which skak cannot pair yet; "
            f"name the system for the rounds to come with --system ({', '.join(system_names())})",
            location=source,
        )
    return t
