"""The demo: a complete, reproducible tournament whose results follow DSU table 1."""

from __future__ import annotations

import random
from fractions import Fraction

from skak.api import Skak
from skak.faces.demo import draw_result, run_demo
from skak.model import Result
from skak.rating import expected_score
from skak.standings import standings


def test_draw_result_matches_table_1_on_average() -> None:
    rng = random.Random(1)
    for white, black in [(1800, 1800), (2100, 1800), (1500, 2000)]:
        n = 20_000
        total = Fraction(0)
        for _ in range(n):
            r = draw_result(rng, white, black)
            total += {Result.WHITE_WIN: 1, Result.DRAW: Fraction(1, 2), Result.BLACK_WIN: 0}[r]
        assert abs(total / n - expected_score(white, black)) < Fraction(1, 100)


def test_demo_plays_every_round_and_is_reproducible() -> None:
    a, b = Skak(":memory:", create=True), Skak(":memory:", create=True)
    _, ta = run_demo(a, seed=5, players=7)
    _, tb = run_demo(b, seed=5, players=7)
    assert ta.current_round == 7
    assert all(r.is_complete for r in ta.rounds)
    assert ta.rounds == tb.rounds
    assert sum(s.points for s in standings(ta)) == 21  # 7 × 6 / 2 games, bye scores nothing
