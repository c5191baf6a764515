"""How the faces write points, tie-breaks and amounts: one format per column.

A column whose every value is a whole number of quarters is written as arbiters write
points, ``18``, ``18¼``, ``18½``, ``18¾``; a column holding any other value (an average
rating, a performance, a third of a prize) is written to two decimals throughout
(``1843.67``, ``18.25``), so one column never mixes ``18¼`` and ``18.25``. The JSON keeps
every value exact (:func:`skak.tiebreaks.exact_decimal`).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

__all__ = ["number_column", "quarters"]

_QUARTERS = {0: "", 1: "¼", 2: "½", 3: "¾"}


def quarters(value: Fraction) -> str:
    """A whole number of quarters as arbiters write it: ``18¼``, ``½``, ``-2¾``.

    :raises ValueError: for a value that is not a whole number of quarters.
    """
    if 4 % value.denominator:
        raise ValueError(f"{value} is not a whole number of quarters")
    sign = "-" if value < 0 else ""
    whole, part = divmod(int(abs(value) * 4), 4)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole or ''}{_QUARTERS[part]}"


def number_column(values: Iterable[Fraction | None], *, fractions: bool = True) -> list[str]:
    """The texts of one column of numbers (``""`` for ``None``), in one format: quarters when
    every value is a whole number of quarters (and ``fractions``; else whole numbers), two
    decimals otherwise."""
    shown = list(values)
    numbers = [v for v in shown if v is not None]
    exact = all((4 if fractions else 1) % v.denominator == 0 for v in numbers)
    return ["" if v is None else quarters(v) if exact else f"{float(v):.2f}" for v in shown]
