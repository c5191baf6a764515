"""The player view and the withdrawal mark of the standings (read side, no face)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.errors import NotFoundError
from skak.model import Player, Ratings
from skak.rating.calc import performance_rating
from skak.views.standings import withdrawn_from


@pytest.mark.parametrize(
    ("first", "after", "marked"),
    [
        (None, None, None),  # never withdrew
        (4, None, 4),  # the standings as they are now: every withdrawal
        (4, 3, 4),  # after round 3 he played no more
        (4, 2, None),  # after round 2 he still played round 3
        (1, 1, 1),
    ],
)
def test_a_withdrawal_is_marked_from_the_last_round_he_played(
    first: int | None, after: int | None, marked: int | None
) -> None:
    player = Player(1, "Holm, Ib", ratings=Ratings(dsu=1800), withdrawn_from=first)
    assert withdrawn_from(player, after) == marked


def test_the_performance_rating_is_section_4_5_5_2s() -> None:
    # Rc = (1800 + 1900 + 2000) / 3 = 1900; 2 of 3 = 67 % gives Dp 125 in Table 2
    assert performance_rating([1800, 1900, 2000], Fraction(2)) == 1900 + 125
    assert performance_rating([1850, 1851], Fraction(1)) == 1851  # 1850.5 rounds half up
    with pytest.raises(Exception, match="at least one game"):
        performance_rating([], Fraction(0))


def test_an_unknown_player_has_no_view() -> None:
    from skak.model import Tournament
    from skak.views import player_view

    t = Tournament("T", "monrad", number_of_rounds=3)
    with pytest.raises(NotFoundError):
        player_view(t, 1)
