"""Each tie-break's value on small tournaments computed by hand from the definitions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.model import Result, Scoring, Tournament
from skak.tiebreaks import crosstable, values
from skak.tiebreaks._rating import DP_TABLE, expected_hundredths
from tests.dsl import build, bye, game, pairing_bye, player

F = Fraction


def swiss() -> Tournament:
    """Four rounds: A and B with a forfeit, byes of every kind.

    ====  =========  =========  =========  =========
    rnd   A          B          C          D
    ====  =========  =========  =========  =========
    1     w 1 vs D   b ½ vs C   w ½ vs B   b 0 vs A
    2     b 1 vs B   w 0 vs A   PAB        half bye
    3     w + vs C   zero bye   b - vs A   w 1 vs E
    4     b 0 vs D   w 1 vs C   b 0 vs B   w 1 vs A
    ====  =========  =========  =========  =========
    """
    return build(
        [player(i, n, rating=r) for i, (n, r) in enumerate(
            [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700), ("E", 1600)], start=1)],
        game(1, "A", "D", "1-0"),
        game(1, "C", "B", "½-½"),
        game(2, "B", "A", "0-1"),
        pairing_bye(2, "C"),
        bye(2, "D", Result.HALF_BYE),
        game(3, "A", "C", "+-"),
        bye(3, "B", Result.ZERO_BYE),
        game(3, "D", "E", "1-0"),
        game(4, "D", "A", "1-0"),
        game(4, "B", "C", "1-0"),
        system="dutch",
    )  # fmt: skip


A, B, C, D, E = 1, 2, 3, 4, 5


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # C.07 7.1: rounds with a win's points, played or not (A: 1, 1, +; C: the PAB).
        pytest.param("WIN", {A: 3, B: 1, C: 1, D: 2, E: 0}, id="C.07-7.1-WIN"),
        # 7.2: over the board only.
        pytest.param("WON", {A: 2, B: 1, C: 0, D: 2, E: 0}, id="C.07-7.2-WON"),
        # 7.3: games played with black; the forfeit does not count.
        pytest.param("BPG", {A: 2, B: 1, C: 1, D: 1, E: 1}, id="C.07-7.3-BPG"),
        # 7.4: games won with black.
        pytest.param("BWG", {A: 1, B: 0, C: 0, D: 0, E: 0}, id="C.07-7.4-BWG"),
        # 7.6: rounds that were not voluntarily unplayed (byes asked for, forfeit losses).
        pytest.param("REP", {A: 4, B: 3, C: 3, D: 3, E: 1}, id="C.07-7.6-REP"),
        # 7.5: running scores A 1, 2, 3, 3 → 9; with /C1 the first is left out.
        pytest.param("PS", {A: 9, B: 3, C: 5, D: F(9, 2), E: 0}, id="C.07-7.5-PS"),
        pytest.param(
            "PS/C1", {A: 8, B: F(5, 2), C: F(9, 2), D: F(9, 2), E: 0}, id="C.07-14.1-PS-C1"
        ),
        # 2026 7.7: more than the opponent (or than a draw, without one) 1, as many ½.
        pytest.param("STD", {A: 3, B: F(3, 2), C: F(3, 2), D: F(5, 2), E: 0}, id="C.07-7.7-STD"),
        pytest.param("TPN", {A: 1, B: 2, C: 3, D: 4, E: 5}, id="C.07-7.8-TPN"),
    ],
)
def test_own_results(code: str, expected: dict[int, Fraction]) -> None:
    assert values(crosstable(swiss()), code) == expected


def test_scores_of_the_example() -> None:
    ct = crosstable(swiss())
    assert ct.score == {A: 3, B: F(3, 2), C: F(3, 2), D: F(5, 2), E: 0}


def test_koya_counts_points_against_opponents_on_half_or_more() -> None:
    """C.07 9.2: in a round robin of four (3 games each) the limit is 1.5 points."""
    t = build(
        ["A", "B", "C", "D"],
        game(1, "A", "D", "1-0"),
        game(1, "B", "C", "½-½"),
        game(2, "D", "C", "0-1"),
        game(2, "A", "B", "½-½"),
        game(3, "B", "D", "1-0"),
        game(3, "C", "A", "1-0"),
        system="berger",
    )
    ct = crosstable(t)
    # A 1.5, B 2, C 2.5, D 0.
    assert ct.score == {A: F(3, 2), B: 2, C: F(5, 2), D: 0}
    assert values(ct, "KS") == {A: F(1, 2), B: 1, C: F(3, 2), D: 0}
    # 14.5: /L+1 raises the limit by half a point, to 2: the games against A (1.5) drop out.
    assert values(ct, "KS/L+1") == {A: F(1, 2), B: F(1, 2), C: F(1, 2), D: 0}
    assert values(ct, "KS/L-3") == ct.score


def test_buchholz_sum_adds_the_opponents_buchholz() -> None:
    """004 annex 3 D.a.5: in a round robin of three, each opponent's Buchholz."""
    t = build(
        ["A", "B", "C"],
        game(1, "A", "B", "1-0"),
        game(2, "B", "C", "1-0"),
        game(3, "C", "A", "½-½"),
        system="berger",
        scoring=Scoring(pairing_bye=F(0)),
    )
    ct = crosstable(t)
    bh = values(ct, "BH")
    assert bh == {A: F(3, 2), B: 2, C: F(5, 2)}  # A 1.5, B 1, C 0.5
    assert values(ct, "BHS") == {A: bh[B] + bh[C], B: bh[A] + bh[C], C: bh[A] + bh[B]}
    assert values(ct, "AOB") == {A: F(9, 4), B: 2, C: F(7, 4)}


def rated() -> Tournament:
    """P scores 2 of 3 against 2000, 2100 and 2200; Q loses all three to them."""
    return build(
        [
            player(1, "P", rating=2150),
            player(2, "X", rating=2000),
            player(3, "Y", rating=2100),
            player(4, "Z", rating=2200),
            player(5, "Q", rating=1500),
        ],
        game(1, "P", "X", "1-0"),
        game(2, "Y", "P", "0-1"),
        game(3, "P", "Z", "0-1"),
        game(1, "Y", "Q", "1-0"),
        game(2, "Q", "Z", "0-1"),
        game(3, "X", "Q", "1-0"),
        system="dutch",
    )


def test_fide_tables() -> None:
    """B.02 8.1a and 8.1b, spot checks (FIDE's 8.1b row for 0.88 ends at 344)."""
    assert (DP_TABLE[0], DP_TABLE[50], DP_TABLE[67], DP_TABLE[100]) == (-800, 0, 125, 800)
    assert [expected_hundredths(1000 + d, 1000) for d in (0, 3, 4, 344, 345, 735, 736)] == [
        50, 50, 51, 88, 89, 99, 100,
    ]  # fmt: skip
    assert expected_hundredths(1000, 1400) == 8  # 392–411: 0.92 for the higher-rated


def test_rating_tie_breaks_by_hand() -> None:
    ct = crosstable(rated())
    # ARO 2100; p = 0.67: dp 125; TPR 2225.
    assert values(ct, "ARO")[1] == 2100
    assert values(ct, "ARO/C1")[1] == 2150
    assert values(ct, "ARO/M1")[1] == 2100
    assert values(ct, "TPR")[1] == 2225
    # PTP: 2226 expects .79 + .67 + .54 = 2.00 against 2000, 2100, 2200; 2225 only 1.98.
    assert values(ct, "PTP")[1] == 2226
    # Q scored nothing: PTP is 800 below the lowest-rated opponent; TPR 2100 − 800.
    assert values(ct, "PTP")[5] == 1200
    assert values(ct, "TPR")[5] == 1300
    assert values(ct, "RTNG")[1] == 2150
    # APRO of Q: his opponents' TPRs averaged and rounded.
    tpr = values(ct, "TPR")
    assert values(ct, "APRO")[5] == round((tpr[2] + tpr[3] + tpr[4]) / 3)


def test_rating_tie_breaks_refuse_unrated_players_by_name() -> None:
    """C.07 Art. 10: without a rule for unrated players the tie-break cannot be used."""
    t = build(
        [player(1, "Rated, Anna", rating=1800), player(2, "Unrated, Bo")],
        game(1, "Rated, Anna", "Unrated, Bo", "1-0"),
        system="dutch",
    )
    with pytest.raises(InputError, match=r"ARO needs every player's .* 2 \(Unrated, Bo\)"):
        values(crosstable(t), "ARO")
    assert values(crosstable(t), "ARO/U1000") == {1: 1000, 2: 1800}
    assert values(crosstable(t), "RTNG/U1000") == {1: 1800, 2: 1000}


def test_annex_average_rating_is_exact_and_low_for_players_who_chose_not_to_play() -> None:
    """004 annex 3 A.a (an exact average) and E: more than two games not played by choice
    ranks below every other player."""
    t = build(
        [player(1, "P", rating=2000), player(2, "X", rating=2001), player(3, "Y", rating=2000)],
        game(1, "P", "X", "1-0"),
        game(2, "P", "Y", "1-0"),
        bye(3, "X", Result.HALF_BYE),
        bye(4, "X", Result.ZERO_BYE),
        bye(5, "X", Result.HALF_BYE),
        game(3, "P", "Y", "½-½"),
        system="dutch",
    )
    ct = crosstable(t, edition="annex-2010")
    aro = values(ct, "ARO")
    assert aro[1] == F(6001, 3)
    assert aro[2] is None  # X asked for three byes and missed round 2: four rounds by choice
    assert values(crosstable(t, edition="c07-2024"), "ARO")[1] == 2000
