"""A group's games and colours (6.5.2.1, 6.5.3.1, 6.7.2.3), the places the tie-breaks
decide (6.5.4.1, 6.5.2, 6.6.1.4, 6.6.1.5) and a game lost for both (6.3.3.4)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.correspondence.groups import (
    GroupGame,
    all_play_all,
    board_games,
    group_standings,
    tie_break_places,
    withdrawal,
)
from skak.errors import InputError


def test_6_5_3_1_a_group_of_seven_three_white_three_black() -> None:
    games = all_play_all(7)
    whites, blacks = Counter(w for w, _ in games), Counter(b for _, b in games)
    assert len(games) == 21
    assert all(whites[p] == blacks[p] == 3 for p in range(1, 8))
    assert games[:3] == ((1, 2), (1, 3), (1, 4))  # 1 has White against the next three
    assert all_play_all(2) == ((1, 2),)


@given(st.integers(2, 16), st.booleans())
def test_every_pair_meets_once_or_twice_and_colours_balance(players: int, double: bool) -> None:
    games = all_play_all(players, double=double)
    pairs = Counter(frozenset(g) for g in games)
    assert len(pairs) == players * (players - 1) // 2
    assert set(pairs.values()) == {2 if double else 1}
    whites = Counter(w for w, _ in games)
    for p in range(1, players + 1):
        played = (players - 1) * (2 if double else 1)
        assert abs(2 * whites[p] - played) <= (0 if double or players % 2 else 1)


def test_6_7_2_3_boards_alternate_colours() -> None:
    assert board_games(3, 1) == ((1, 2), (3, 1), (2, 3))
    assert board_games(3, 2) == ((2, 1), (1, 3), (3, 2))
    assert board_games(7, 3) == board_games(7, 1)
    with pytest.raises(InputError, match="at least 2 players"):
        all_play_all(1)


def test_the_places_the_tie_breaks_decide() -> None:
    assert tie_break_places("emt") == 2  # 6.5.4.1: 1st and 2nd
    assert tie_break_places("emt", dm_class=True) == 1  # 6.5.2: the title
    assert tie_break_places("cup", stage="preliminary") == 3  # 6.6.1.4
    assert tie_break_places("cup", stage="semifinal") == 3
    assert tie_break_places("cup", stage="final") == 1  # 6.6.1.5
    assert tie_break_places("team") is None


def test_6_3_3_4_a_game_lost_for_both() -> None:
    games = [GroupGame("A", "B", "0-0"), GroupGame("A", "C", "1-0"), GroupGame("B", "C", "1-0")]
    rows = {r.player: r for r in group_standings("ABC", games)}
    assert (rows["A"].points, rows["B"].points, rows["C"].points) == (1, 1, 0)
    assert rows["A"].finished == 2
    assert withdrawal("C", games).finished == 2
    assert GroupGame("A", "B", "0-0").points("B") == F(0)
