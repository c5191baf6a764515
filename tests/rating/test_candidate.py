"""§26 candidate results and §23 designations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.rating.candidate import (
    CANDIDATE_TABLE,
    candidate_requirement,
    designation,
    group_average,
)


@pytest.mark.parametrize(
    ("average", "rounds", "points"),
    [
        (1900, 5, "5"), (2100, 11, "11"), (2101, 7, "5.5"), (2150, 11, "8.5"),
        (2351, 9, "4.5"), (2400, 9, "4"), (2525, 5, "1.5"), (2501, 11, "3.5"),
    ],
    ids=lambda v: f"§26-{v}",
)  # fmt: skip
def test_table(average: int, rounds: int, points: str) -> None:
    assert candidate_requirement(average, rounds) == Fraction(points)


def test_formula_above_2525() -> None:
    """§26's example: an average of 2605 gives 2351 − 2605 = −254, a qualified score of 19 %;
    to the nearest half point (0.95 → 1, 1.71 → 1.5, 2.09 → 2)."""
    got = [candidate_requirement(2605, rounds) for rounds in range(5, 12)]
    assert got == [Fraction(x) for x in ("1", "1", "1.5", "1.5", "1.5", "2", "2")]


def test_quarter_points_round_up() -> None:
    # 2545: 2351 − 2545 = −194, table 1 gives 0.25; 5 rounds × 0.25 = 1.25 → 1.5
    assert candidate_requirement(2545, 5) == Fraction(3, 2)


def test_every_printed_row_follows_its_percentage() -> None:
    """The printed table is its category's percentage times the rounds, to the nearest half
    point with .25 and .75 up: a check of both the transcription and the rounding rule."""
    percents = (100, 81, 78, 76, 73, 70, 67, 64, 60, 57, 53, 50, 47, 43, 40, 36, 33, 30)
    for (_, points), percent in zip(CANDIDATE_TABLE, percents, strict=True):
        for rounds, half_points in zip(range(5, 12), points, strict=True):
            raw = Fraction(percent, 100) * rounds * 2
            assert half_points == int(raw + Fraction(1, 2)), (percent, rounds)


def test_limits() -> None:
    assert candidate_requirement(1899, 9) is None
    with pytest.raises(InputError, match="at least 5 rounds"):
        candidate_requirement(2200, 4)
    assert candidate_requirement(2200, 13) == Fraction(19, 2)  # 73 % of 13 = 9.49 → 9.5


def test_group_average_rounds_half_up() -> None:
    assert group_average(2000, [2001]) == 2001  # 2000.5 → 2001
    assert group_average(2000, [2000, 2001]) == 2000


@pytest.mark.parametrize(
    ("rating", "name"),
    [(1900, "mesterspiller"), (1899, "1. klasses spiller"), (1700, "1. klasses spiller"),
     (1699, "2. klasses spiller"), (1500, "2. klasses spiller"), (1499, "3. klasses spiller")],
    ids=lambda v: f"§23-{v}",
)  # fmt: skip
def test_designations(rating: int, name: str) -> None:
    assert designation(rating) == name
