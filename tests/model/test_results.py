"""The result enum, points and scoring settings (FIDE C.04.1 / DSU §11.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError
from skak.model import (
    HALF,
    Colour,
    Pairing,
    Player,
    Ratings,
    Result,
    Scoring,
    Sex,
    Title,
    format_points,
    parse_points,
)

W, B = Colour.WHITE, Colour.BLACK
ONE, ZERO = Fraction(1), Fraction(0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0", Result.WHITE_WIN),
        ("0-1", Result.BLACK_WIN),
        ("½-½", Result.DRAW),
        ("1/2-1/2", Result.DRAW),
        ("0,5-0,5", Result.DRAW),
        ("=", Result.DRAW),
        (" 1 - 0 ", Result.WHITE_WIN),
        ("1–0", Result.WHITE_WIN),
        ("+-", Result.WHITE_FORFEIT_WIN),
        ("-+", Result.BLACK_FORFEIT_WIN),
        ("--", Result.DOUBLE_FORFEIT),
        ("unfinished", Result.UNFINISHED),
        ("afbrudt", Result.UNFINISHED),
        ("½", Result.DRAW),  # as in skak results and on the web's result form
        ("1/2", Result.DRAW),
    ],
)
def test_parse_accepts_what_arbiters_type(text: str, expected: Result) -> None:
    assert Result.parse(text) is expected


@pytest.mark.parametrize("text", ["2-0", "", "1:0", "bye", "white"])
def test_parse_rejects_unknown_results_with_the_known_ones(text: str) -> None:
    with pytest.raises(InputError, match="unknown result") as info:
        Result.parse(text)
    assert "1-0" in str(info.value)
    assert "a draw also ½, =, 1/2-1/2 or remis" in str(info.value)
    assert isinstance(info.value, ValueError)


# (result, white's points, black's points) under the default scoring.
DEFAULT_POINTS = [
    (Result.WHITE_WIN, ONE, ZERO),
    (Result.DRAW, HALF, HALF),
    (Result.BLACK_WIN, ZERO, ONE),
    (Result.WHITE_FORFEIT_WIN, ONE, ZERO),
    (Result.BLACK_FORFEIT_WIN, ZERO, ONE),
    (Result.DOUBLE_FORFEIT, ZERO, ZERO),
    (Result.UNFINISHED, ZERO, ZERO),
]


@pytest.mark.parametrize(("result", "white", "black"), DEFAULT_POINTS, ids=lambda x: str(x))
def test_game_points(result: Result, white: Fraction, black: Fraction) -> None:
    s = Scoring()
    assert result.points(W, s) == white
    assert result.points(B, s) == black


@pytest.mark.parametrize(
    ("result", "points"),
    [
        (Result.PAIRING_BYE, ONE),
        (Result.HALF_BYE, HALF),
        (Result.ZERO_BYE, ZERO),
        (Result.ABSENT, ZERO),
    ],
)
def test_bye_points_default(result: Result, points: Fraction) -> None:
    assert result.points(W, Scoring()) == points
    assert result.is_bye and not result.is_game


def test_unfinished_counts_as_draw_for_pairing_dsu_4_9_3_rule_1_1() -> None:
    s = Scoring()
    assert Result.UNFINISHED.points(W, s) == 0
    assert Result.UNFINISHED.pairing_points(W, s) == HALF
    assert Result.UNFINISHED.pairing_points(B, s) == HALF


def test_scoring_is_a_setting_not_a_constant() -> None:
    s = Scoring(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(3), forfeit_win=Fraction(3))
    assert Result.WHITE_WIN.points(W, s) == 3
    assert Result.DRAW.points(B, s) == 1
    assert Result.PAIRING_BYE.points(W, s) == 3
    assert Result.BLACK_FORFEIT_WIN.points(B, s) == 3


def test_scoring_converts_to_exact_fractions_and_rejects_negative() -> None:
    s = Scoring(draw=HALF, win=2)  # type: ignore[arg-type]
    assert isinstance(s.win, Fraction)
    with pytest.raises(InputError, match="negative"):
        Scoring(loss=Fraction(-1))


def test_played_and_forfeit_are_disjoint() -> None:
    for r in Result:
        assert not (r.is_played and r.is_forfeit)
        assert r.is_game != r.is_bye


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (Fraction(7, 2), "3½"),
        (HALF, "½"),
        (Fraction(4), "4"),
        (Fraction(0), "0"),
        (Fraction(7, 3), "7/3"),
    ],
)
def test_format_points(points: Fraction, text: str) -> None:
    assert format_points(points) == text
    assert parse_points(text) == points


@given(st.integers(min_value=0, max_value=400))
def test_half_points_round_trip(halves: int) -> None:
    p = Fraction(halves, 2)
    assert parse_points(format_points(p)) == p
    assert parse_points(format_points(p, ascii_only=True)) == p


def test_parse_points_rejects_text() -> None:
    with pytest.raises(InputError, match="not a number of points"):
        parse_points("abc", what="scoring win")


@pytest.mark.parametrize(
    "value",
    [
        Result.DRAW,
        Colour.BLACK,
        Pairing(3, 5, 7, Result.BLACK_FORFEIT_WIN),
        Pairing(4, 9, None, Result.PAIRING_BYE),
        Scoring(pairing_bye=Fraction(0), draw=Fraction(1, 2)),
        Player(2, "Hansen, Jens", sex=Sex.MALE, title=Title.FM, ratings=Ratings(dsu=2210)),
    ],
    ids=lambda v: type(v).__name__,
)
def test_repr_rebuilds_the_value(value: object) -> None:
    namespace = {
        "Result": Result,
        "Colour": Colour,
        "Pairing": Pairing,
        "Scoring": Scoring,
        "Fraction": Fraction,
        "Player": Player,
        "Ratings": Ratings,
        "Sex": Sex,
        "Title": Title,
        "frozenset": frozenset,
    }
    assert eval(repr(value), namespace) == value
