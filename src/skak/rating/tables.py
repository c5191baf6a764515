"""DSU rating tables, as printed in Skakhåndbogen 2011 (003) §4.5.7.

Table 1 (forventet score) gives the expected score ``P(D)`` of one game for a rating
difference ``D``: ``H`` for the higher-rated player, ``L`` for the lower-rated. The current
regulations (001) refer to the same table; its contents survive only in 003.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["TABLE_1", "TABLE_2", "expected_hundredths", "expected_score", "rating_difference"]

#: §4.5.7 table 1: (largest |D| of the row, H in hundredths). L = 100 − H. Past 735: H = 1.00.
TABLE_1: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (342, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip


#: Table 1 by rating difference 0 … 735: H in hundredths (from 736 on: 100).
_HIGH: tuple[int, ...] = tuple(
    next(h for upper, h in TABLE_1 if diff <= upper) for diff in range(TABLE_1[-1][0] + 1)
)


def expected_hundredths(own: int, opponent: int) -> int:
    """:func:`expected_score` in hundredths (a whole number: table 1 has two decimals).

    >>> expected_hundredths(1850, 1700), expected_hundredths(1700, 1850)
    (70, 30)
    """
    diff = own - opponent if own >= opponent else opponent - own
    high = _HIGH[diff] if diff < len(_HIGH) else 100
    return high if own >= opponent else 100 - high


def expected_score(own: int, opponent: int) -> Fraction:
    """Expected score of one game for a player rated ``own`` against ``opponent`` (table 1).

    >>> expected_score(1850, 1700), expected_score(1700, 1850)
    (Fraction(7, 10), Fraction(3, 10))
    """
    return Fraction(expected_hundredths(own, opponent), 100)


#: §4.5.7 table 2: D(P) for a percentage score P in hundredths, 1–99, as printed (P = 1.00
#: is printed as "*": see :func:`rating_difference`).
TABLE_2: dict[int, int] = {
    99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262,
    81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175,
    72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102,
    63: 95, 62: 87, 61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29,
    53: 21, 52: 14, 51: 7, 50: 0,
    49: -7, 48: -14, 47: -21, 46: -29, 45: -36, 44: -43, 43: -50, 42: -57, 41: -65,
    40: -72, 39: -80, 38: -87, 37: -95, 36: -102, 35: -110, 34: -117, 33: -125, 32: -133,
    31: -141, 30: -149, 29: -158, 28: -166, 27: -175, 26: -184, 25: -193, 24: -202,
    23: -211, 22: -220, 21: -230, 20: -240, 19: -251, 18: -262, 17: -273, 16: -284,
    15: -296, 14: -309, 13: -322, 12: -336, 11: -351, 10: -366, 9: -384, 8: -401, 7: -422,
    6: -444, 5: -470, 4: -501, 3: -538, 2: -589, 1: -677,
}  # fmt: skip
# As printed: .09 gives −384 while .91 gives 383 (docs/interpretations.md).


def rating_difference(score: Fraction, games: int, *, at_100: int = 800) -> int:
    """Table 2: the rating difference for a percentage score, P rounded to whole percent
    (half up). 100 % and 0 % are not printed ("*"); they give ``±at_100`` (FIDE's 800).

    >>> rating_difference(Fraction(3), 4)
    193
    """
    percent = int(score * 100 / games + Fraction(1, 2))
    if percent >= 100:
        return at_100
    if percent <= 0:
        return -at_100
    return TABLE_2[percent]
