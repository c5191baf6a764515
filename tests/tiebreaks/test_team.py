"""Team tie-breaks (004 annex 3 2.A.g, D.b.2–b.9; C.07 Art. 13.2) on a round robin of three
teams of four boards, by hand: X–Y 3–1, Y–Z 2–2, Z–X 1½–2½."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.tiebreaks import TeamResult, game_points, match_points, team_sonneborn_berger

F = Fraction


def matches() -> list[TeamResult]:
    out = []
    for r, (a, b, ga, gb) in enumerate(
        [("X", "Y", F(3), F(1)), ("Y", "Z", F(2), F(2)), ("Z", "X", F(3, 2), F(5, 2))], start=1
    ):
        out += [TeamResult(r, a, b, ga, gb), TeamResult(r, b, a, gb, ga)]
    return out


def test_match_and_game_points() -> None:
    assert match_points(matches()) == {"X": 4, "Y": 1, "Z": 1}
    assert game_points(matches()) == {"X": F(11, 2), "Y": 3, "Z": F(7, 2)}
    bye = [TeamResult(1, "X", None, F(2))]
    assert match_points(bye) == {"X": 2}


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        pytest.param("b.2", {"X": 4, "Y": 1, "Z": 1}, id="004-annex3-D.b.2"),
        pytest.param("b.3", {"X": F(11, 2), "Y": 6, "Z": 8}, id="004-annex3-D.b.3"),
        pytest.param("b.4", {"X": 13, "Y": F(7, 2), "Z": 3}, id="004-annex3-D.b.4"),
        pytest.param("b.5", {"X": F(71, 4), "Y": F(25, 2), "Z": F(57, 4)}, id="004-annex3-D.b.5"),
        pytest.param("b.6", {"X": 2, "Y": 0, "Z": 0}, id="004-annex3-D.b.6"),
        pytest.param("b.9", {"X": F(35, 4), "Y": F(11, 2), "Z": F(33, 4)}, id="004-annex3-D.b.9"),
        pytest.param("EMGSB", {"X": F(11, 2), "Y": 6, "Z": 8}, id="C.07-13.2-EMGSB"),
    ],
)
def test_team_sonneborn_berger(variant: str, expected: dict[str, Fraction]) -> None:
    assert team_sonneborn_berger(matches(), variant) == expected


def test_unknown_variant() -> None:
    with pytest.raises(InputError, match=r"unknown team Sonneborn-Berger variant 'b\.10'"):
        team_sonneborn_berger(matches(), "b.10")
