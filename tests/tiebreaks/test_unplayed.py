"""Unplayed games in tie-breaks, by edition: every printed example is a test.

* 004 annex 3 F b (2010): the virtual opponent ``Ov = Sp + (1 − Sr) + 0.5 × (N − R)``, its two
  worked examples;
* C.07 (2024 and 2026): the worked examples of FIDE's Arbiters' Manual 2026 (Laxman, and the
  unplayed-round examples 01, 03, 04, 06 with their old and new Buchholz), Art. 16.3–16.5.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.model import Result, Scoring, Tournament
from skak.tiebreaks import Edition, adjusted_scores, contributions, crosstable, edition_for, values
from tests.dsl import build, bye, game, pairing_bye
from tests.tiebreaks.fields import controlled

F = Fraction


def _annex_example_1() -> Tournament:
    """Round 3 of 9: P does not come to his game; he has 1.5 points after two rounds."""
    items = [game(1, "P", "A", "1-0"), game(2, "B", "P", "½-½"), game(3, "P", "C", "-+")]
    items += [game(r, "P", f"X{r}", "½-½") for r in range(4, 10)]
    names = ["P", "A", "B", "C", *(f"X{r}" for r in range(4, 10))]
    return build(names, *items, system="dutch", number_of_rounds=9)


def _annex_example_2() -> Tournament:
    """Round 6: P's opponent does not come; P has 3.5 points after five rounds."""
    results = ["1-0", "1-0", "1-0", "½-½", "0-1"]
    items = [game(r, "P", f"X{r}", res) for r, res in enumerate(results, start=1)]
    items += [game(6, "P", "Q", "+-")]
    items += [game(r, "P", f"X{r}", "½-½") for r in range(7, 10)]
    names = ["P", "Q", *(f"X{r}" for r in (1, 2, 3, 4, 5, 7, 8, 9))]
    return build(names, *items, system="dutch", number_of_rounds=9)


def _virtual(t: Tournament, after_round: int, round_number: int) -> Fraction:
    ct = crosstable(t, after_round=after_round, edition="annex-2010")
    (c,) = [c for c in contributions(ct, 1) if c.round == round_number]
    assert c.opponent is None
    return c.score


@pytest.mark.parametrize(
    ("example", "after_round", "round_number", "printed"),
    [
        pytest.param(_annex_example_1, 3, 3, F(5, 2), id="004-annex3-F-b-example1-after-round-3"),
        pytest.param(_annex_example_1, 9, 3, F(11, 2), id="004-annex3-F-b-example1-at-the-end"),
        pytest.param(_annex_example_2, 6, 6, F(7, 2), id="004-annex3-F-b-example2-after-round-6"),
        pytest.param(_annex_example_2, 9, 6, F(5), id="004-annex3-F-b-example2-at-the-end"),
    ],
)
def test_virtual_opponent_as_printed(
    example: object, after_round: int, round_number: int, printed: Fraction
) -> None:
    assert callable(example)
    assert _virtual(example(), after_round, round_number) == printed


def test_annex_counts_an_opponents_unplayed_games_as_draws() -> None:
    t = _annex_example_2()
    ct = crosstable(t, edition="annex-2010")
    # Q lost by forfeit and played no other round: all nine unplayed rounds count as draws.
    assert ct.score[2] == 0
    assert adjusted_scores(ct)[2] == F(9, 2)


def test_draw_against_oneself_is_refused_after_july_2012() -> None:
    t = _annex_example_1()
    with pytest.raises(InputError, match=r"annex-2010-self.*2012-07-01"):
        crosstable(replace(t, end_date=date(2013, 1, 5)), edition="annex-2010-self")
    ct = crosstable(replace(t, end_date=date(2011, 1, 5)), edition="annex-2010-self")
    (c,) = [c for c in contributions(ct, 1) if c.round == 3]
    # F a: a draw against himself; his 4.5 points with the forfeit counted as a draw: 5.
    assert (c.score, c.result) == (F(5), F(1, 2))


@pytest.mark.parametrize(
    ("day", "edition"),
    [
        (date(1999, 1, 1), Edition.ANNEX_2010),
        (date(2024, 3, 31), Edition.ANNEX_2010),
        (date(2024, 4, 1), Edition.C07_2024),
        (date(2026, 2, 28), Edition.C07_2024),
        (date(2026, 3, 1), Edition.C07_2026),
        (None, Edition.C07_2026),
    ],
)
def test_the_edition_in_force_on_the_last_day(day: date | None, edition: Edition) -> None:
    assert edition_for(day) is edition


def test_an_edition_by_name() -> None:
    assert Edition.parse(" C07-2024 ") is Edition.C07_2024
    assert (str(Edition.C07_2026), repr(Edition.ANNEX_2010_SELF)) == (
        "c07-2026",
        "Edition.ANNEX_2010_SELF",
    )
    assert [e.is_c07 for e in (Edition.ANNEX_2010, Edition.C07_2024)] == [False, True]
    with pytest.raises(
        InputError,
        match="unknown tie-break edition 'c07-2099'; known: annex-2010-self, annex-2010, "
        "c07-2024, c07-2026",
    ):
        Edition.parse("c07-2099")


# -- FIDE Arbiters' Manual 2026, C.07 worked examples -----------------------------------------

#: Laxman (1st SOA International GM 2024): 7/10, a one-round withdrawal in round 4.
LAXMAN = [
    (5, "1"), (5, "1"), (6.5, "0"), (None, "Z"), (4.5, "1"),
    (6, "½"), (5, "1"), (6.5, "½"), (5.5, "1"), (6, "1"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("edition", "code", "printed"),
    [
        pytest.param("c07-2024", "BH", F(57), id="manual-2026-laxman-BH-old"),
        pytest.param("c07-2026", "BH", F(55), id="manual-2026-laxman-BH-new-16.4.2"),
        pytest.param("c07-2024", "BH/C1", F(50), id="manual-2026-laxman-BH-C1-old-16.5"),
        pytest.param("c07-2026", "BH/C1", F(50), id="manual-2026-laxman-BH-C1-new-16.5"),
        pytest.param("c07-2024", "SB", F(149, 4), id="manual-2026-laxman-SB-old"),
        pytest.param("c07-2026", "SB", F(149, 4), id="manual-2026-laxman-SB-new"),
    ],
)
def test_laxman(edition: str, code: str, printed: Fraction) -> None:
    t, n = controlled({"Laxman": LAXMAN})
    assert values(crosstable(t, edition=edition), code)[n["Laxman"]] == printed


@pytest.mark.parametrize(
    ("edition", "printed"),
    [
        pytest.param("c07-2024", F(51), id="manual-2026-example01-old"),
        pytest.param("c07-2026", F(99, 2), id="manual-2026-example01-new-16.4.1"),
    ],
)
def test_example_01_forfeit_win_dummy_capped_by_the_scheduled_opponent(
    edition: str, printed: Fraction
) -> None:
    """7/9 with a forfeit win in round 7 over an opponent whose adjusted score is 5.5."""
    cells = [(5.5, "1")] * 6 + [(5.5, "+")] + [(5.5, "0")] * 2
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition=edition)
    assert ct.score[n["P"]] == 7
    assert values(ct, "BH")[n["P"]] == printed


@pytest.mark.parametrize(
    ("edition", "printed"),
    [
        pytest.param("c07-2024", F(129, 2), id="manual-2026-example03-old"),
        pytest.param("c07-2026", F(63), id="manual-2026-example03-new-16.4.2"),
    ],
)
def test_example_03_forfeit_loss_and_withdrawal(edition: str, printed: Fraction) -> None:
    """6.5/10: a forfeit loss in round 7 (dummy 6.5, the scheduled opponent has 7), then a
    withdrawal before the last round (category 16.2.5, capped at 10 × ½ = 5 from 2026);
    eight real opponents on 51.5: BH 64.5 → 63."""
    cells = [(6.5, "1")] * 5 + [(6.5, "½"), (7, "-"), (6.5, "1"), (6, "0"), (None, "Z")]
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition=edition)
    assert ct.score[n["P"]] == F(13, 2)
    assert values(ct, "BH")[n["P"]] == printed


@pytest.mark.parametrize(
    ("edition", "printed"),
    [
        pytest.param("c07-2024", F(74), id="manual-2026-example04-old"),
        pytest.param("c07-2026", F(69), id="manual-2026-example04-new-16.4.1"),
    ],
)
def test_example_04_forfeit_win_over_a_player_excluded_after_round_1(
    edition: str, printed: Fraction
) -> None:
    """9.5/10 with a forfeit win in round 1 over a player absent from then on (his adjusted
    score is 4.5: nine absences of category 16.2.5 count as draws); the other nine
    opponents finish on 64.5: BH 74 → 69."""
    cells = [(None, "+A"), *[(7, "1")] * 8, (8.5, "½")]
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition=edition)
    assert ct.score[n["P"]] == F(19, 2)
    assert adjusted_scores(ct)[n["P"] + 1] == F(9, 2)
    assert values(ct, "BH")[n["P"]] == printed


@pytest.mark.parametrize("edition", ["c07-2024", "c07-2026"])
def test_example_06_cut_takes_the_half_point_bye_first(edition: str) -> None:
    """TEC exercise 06: #4 has 3.5/5 with a half-point bye in round 2 and opponents on 3.5,
    3.5, 3.0 and 1.5; BH-C1 cuts the bye's dummy, not the 1.5 (Art. 16.5.1): 11.5."""
    cells = [(3.5, "1"), (None, "H"), (3.5, "½"), (3, "1"), (1.5, "½")]
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition=edition)
    assert ct.score[n["P"]] == F(7, 2)
    assert values(ct, "BH/C1")[n["P"]] == F(23, 2)


# -- C.07 Art. 16 rule by rule ------------------------------------------------------------------


def test_requested_bye_followed_only_by_voluntarily_unplayed_rounds_counts_as_a_draw() -> None:
    """Art. 16.3: categories 16.2.1–16.2.4 count as awarded, 16.2.5 as a draw."""
    t = build(
        ["A", "B", "C", "D"],
        game(1, "A", "B", "1-0"),
        game(1, "C", "D", "0-1"),
        bye(2, "A", Result.ZERO_BYE),  # followed by a game: category 3, counts 0
        game(2, "B", "C", "1-0"),
        game(3, "A", "C", "0-1"),
        bye(3, "B", Result.ZERO_BYE),  # last round: category 5, counts ½
        bye(2, "D", Result.HALF_BYE),
        bye(3, "D", Result.ZERO_BYE),
        system="dutch",
    )
    ct = crosstable(t, edition="c07-2024")
    assert adjusted_scores(ct) == {1: F(1), 2: F(3, 2), 3: F(1), 4: F(2)}


def test_forfeit_as_played_counts_the_scheduled_opponent() -> None:
    """``/P``: a forfeit is a game against the scheduled opponent, not a dummy."""
    cells = [(4, "1"), (1, "+"), (3, "0"), (2, "1"), (3, "½")]
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition="c07-2024")
    assert ct.score[n["P"]] == F(7, 2)
    assert values(ct, "BH")[n["P"]] == 4 + F(7, 2) + 3 + 2 + 3  # dummy: his own score
    assert values(ct, "BH/P")[n["P"]] == 4 + 1 + 3 + 2 + 3


def test_sonneborn_berger_cut_takes_the_higher_of_vur_and_least_significant() -> None:
    """Art. 16.5.1 for SB: cut the higher of the lowest VUR contribution and the least
    significant value. Here the half-point bye's ½ × 3 = 1.5 beats a loss's 0."""
    cells = [(2, "0"), (None, "H"), (4, "1"), (3, "½"), (None, "U")]
    t, n = controlled({"P": cells})
    ct = crosstable(t, edition="c07-2024")
    p = n["P"]
    assert ct.score[p] == 3
    # SB: 0 + ½·3 + 4 + 1.5 + 1·3 = 10; C1 cuts the bye (1.5), not the loss against 2 (0).
    assert values(ct, "SB")[p] == 10
    assert values(ct, "SB/C1")[p] == F(17, 2)


def test_round_robin_ignores_the_free_round_and_plays_forfeits() -> None:
    """C.07 Art. 15.2: pre-determined pairings — no dummy; a forfeit is a regular game."""
    t = build(
        ["A", "B", "C"],
        game(1, "A", "B", "+-"),
        pairing_bye(1, "C"),
        game(2, "C", "A", "½-½"),
        pairing_bye(2, "B"),
        game(3, "B", "C", "1-0"),
        pairing_bye(3, "A"),
        system="berger",
        scoring=Scoring(pairing_bye=F(0)),
    )
    ct = crosstable(t)
    assert ct.round_robin
    # A: forfeit win over B, draw with C; B and C finish on 1 and ½.
    assert values(ct, "BH")[1] == F(3, 2)
    assert values(ct, "SB")[1] == 1 + F(1, 4)
