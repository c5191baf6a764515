"""DSU 001 §6: the yearly alignment with FIDE's list."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.rating.alignment import align


def test_bands() -> None:
    # Danish ratings 40 above FIDE's on average: N = 40, moved down by band
    danish = {1: 2300, 2: 2250, 3: 2241, 4: 2240, 5: 2110, 6: 2101, 7: 2180}
    fide_ratings = {1: 2220, 2: 2170, 3: 2160, 4: 2160, 5: 2150, 6: 2150, 7: 2132}
    fide = {pid: (r, 50) for pid, r in fide_ratings.items()}  # 280 less in all: 40 on average
    result = align(danish, fide)
    assert result.n == 40
    assert result.difference == 40
    new = {pid: after for pid, _, after in result.changes}
    assert new[1] == 2260  # above 2250: N
    assert new[2] == 2211  # 2241–2250: N − 1
    assert new[3] == 2202
    assert new[4] == 2202  # 2231–2240: N − 2
    assert new[5] == 2100  # 2101–2110: N − 15 = 25 → 2085, raised to 2100
    assert new[6] == 2100
    assert new[7] == 2180 - (40 - 8)  # 2171–2180: N − 8


def test_below_25_nothing_and_only_the_sample_moves() -> None:
    assert align({1: 2300}, {1: (2276, 50)}).changes == ()  # 24: no adjustment
    result = align({1: 2300, 2: 2300, 3: 2090}, {1: (2270, 50), 2: (2270, 30), 3: (2200, 90)})
    assert result.sample == (1,)  # 2 played only 30 games; 3 is below 2100 in Denmark
    assert [p for p, _, _ in result.changes] == [1]


@pytest.mark.parametrize(
    ("difference", "n"), [(25, 25), (27, 25), ("27.5", 30), (28, 30), (33, 35)]
)
def test_n_is_the_nearest_five(difference: object, n: int) -> None:
    d = Fraction(str(difference))
    result = align({1: 2400, 2: 2400}, {1: (2400 - d, 40), 2: (2400 - d, 40)})  # type: ignore[dict-item]
    assert result.n == n


def test_danish_below_fide_moves_up() -> None:
    result = align({1: 2300}, {1: (2340, 40)})
    assert result.changes == ((1, 2300, 2340),)
