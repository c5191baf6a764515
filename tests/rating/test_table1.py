"""DSU table 1 (003 §4.5.7): expected score by rating difference."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.rating import TABLE_1, expected_score


@pytest.mark.parametrize(
    ("difference", "high"),
    [
        (0, "0.50"),
        (3, "0.50"),
        (4, "0.51"),
        (121, "0.66"),
        (122, "0.67"),
        (200, "0.76"),
        (278, "0.83"),
        (279, "0.84"),
        (619, "0.98"),
        (620, "0.99"),
        (735, "0.99"),
        (736, "1"),
        (1200, "1"),
    ],
    ids=lambda v: f"4.5.7-table-1-D{v}" if isinstance(v, int) else None,
)
def test_printed_rows(difference: int, high: str) -> None:
    h = Fraction(high)
    assert expected_score(2000 + difference, 2000) == h
    assert expected_score(2000, 2000 + difference) == 1 - h


def test_table_is_monotone_and_contiguous() -> None:
    uppers = [u for u, _ in TABLE_1]
    assert uppers == sorted(uppers)
    assert [h for _, h in TABLE_1] == list(range(50, 100))


@given(st.integers(1000, 2800), st.integers(1000, 2800))
def test_expected_scores_of_a_game_add_to_one(a: int, b: int) -> None:
    assert expected_score(a, b) + expected_score(b, a) == 1
