"""FIDE rating by the handbook's 4.7 (003) and FIDE's rules of each edition's time."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from skak.errors import InputError
from skak.faces.cli import app
from skak.model.results import Result
from skak.rating.fide import (
    FIDE_EDITIONS,
    FideGame,
    FidePlayer,
    fide_edition_for,
    fide_rating,
    get_fide_edition,
)
from skak.rating.tables import expected_score, rating_difference

W, D, L = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


@pytest.mark.parametrize(
    ("edition", "rating", "before", "reached", "k"),
    [
        ("fide-2008", 2100, 10, None, 25),
        ("fide-2009", 2100, 29, None, 25),
        ("fide-2011", 2100, 29, None, 30),
        ("fide-2011", 2100, 30, None, 15),
        ("fide-2011", 2399, None, None, 15),
        ("fide-2011", 2400, None, None, 10),
        ("fide-2011", 2350, 200, True, 10),  # reached 2400 once: 10 for good
        ("fide-2009", 2350, 200, False, 15),
    ],
)
def test_k_factors(
    edition: str, rating: int, before: int | None, reached: bool | None, k: int
) -> None:
    assert get_fide_edition(edition).k(rating, before, reached)[0] == k


def test_editions_by_date() -> None:
    assert fide_edition_for(date(2009, 6, 30)).max_difference == 350
    assert fide_edition_for(date(2009, 7, 1)).name == "fide-2009"
    assert fide_edition_for(date(2011, 7, 1)).name == "fide-2011"
    assert fide_edition_for(date(2026, 1, 1)).name == "fide-2011"
    with pytest.raises(InputError, match="known: fide-2008, fide-2009, fide-2011"):
        get_fide_edition("fide-2024")


def _one(
    edition: str, games: list[tuple[int, Fraction]], rating: int = 2250, **kw: object
) -> object:
    players = [FidePlayer("A", rating, **kw)]  # type: ignore[arg-type]
    gs = []
    for i, (r, s) in enumerate(games):
        players.append(FidePlayer(f"O{i}", r))
        gs.append(FideGame("A", f"O{i}", {1: W, Fraction(1, 2): D, 0: L}[s]))
    return fide_rating(players, gs, get_fide_edition(edition)).players[0]


def test_a_worked_change_with_the_400_and_350_point_rules() -> None:
    """2250 (established, K 15) against 2100 (won), 2300 (drawn) and 1800 (won): We is
    0.70 + 0.43 + 0.92 (the 450-point difference counted as 400: table 1's 392–411) =
    2.05; 15 × (2.5 − 2.05) = 6.75 → +7. By the 350-point rule 0.89 (342–357): We 2.02,
    15 × 0.48 = 7.2 → +7."""
    games = [(2100, Fraction(1)), (2300, Fraction(1, 2)), (1800, Fraction(1))]
    c = _one("fide-2011", games)
    assert (c.expected, c.k, c.new, c.change) == (Fraction(205, 100), 15, 2257, 7)  # type: ignore[attr-defined]
    assert "1 rating difference(s) over 400 counted as 400" in c.notes  # type: ignore[attr-defined]
    old = _one("fide-2008", games)
    assert (old.expected, old.new) == (Fraction(202, 100), 2257)  # type: ignore[attr-defined]
    new_player = _one("fide-2011", games, rated_games_before=10)
    assert (new_player.k, new_player.new) == (30, 2264)  # type: ignore[attr-defined]  # 13.5 → 14
    assert _one("fide-2009", games, rated_games_before=10).new == 2261  # type: ignore[attr-defined]  # 11.25


#: Table 1 (003 §4.5.7) as printed at the caps: a difference of 400 gives .92 / .08 (the
#: 400-point rule), one of 350 gives .89 / .11 (the 350-point rule, fide-2008).
AT_THE_CAP = {
    400: (Fraction(92, 100), Fraction(8, 100)),
    350: (Fraction(89, 100), Fraction(11, 100)),
}


@given(st.integers(1000, 2800), st.integers(1000, 2800))
def test_the_cap_is_table_1_at_the_cap(own: int, opponent: int) -> None:
    """Beyond the cap every opponent is worth table 1's printed value at the cap; within it,
    table 1 at the real difference."""
    for e in FIDE_EDITIONS.values():
        c = _one(e.name, [(opponent, Fraction(1))], rating=own)
        higher, lower = AT_THE_CAP[e.max_difference]
        if own - opponent > e.max_difference:
            assert c.expected == higher  # type: ignore[attr-defined]
        elif opponent - own > e.max_difference:
            assert c.expected == lower  # type: ignore[attr-defined]
        else:
            assert c.expected == expected_score(own, opponent)  # type: ignore[attr-defined]


def test_first_rating_by_4_7_1() -> None:
    """At least 1201 over at least 9 games against rated players, at least 3 of them here;
    the games of earlier tournaments count."""
    nine = [(1500, Fraction(1, 2))] * 9
    players = [FidePlayer("N", None)] + [FidePlayer(f"O{i}", r) for i, (r, _) in enumerate(nine)]
    games = [FideGame("N", f"O{i}", D) for i in range(9)]
    n = fide_rating(players, games, get_fide_edition("fide-2011")).players[0]
    assert (n.old, n.new, n.performance, n.change) == (None, 1500, 1500, 0)
    # ½ of 9: 6 % → dp −444 → 1056, below 1201
    lost = [FideGame("N", f"O{i}", L if i else D) for i in range(9)]
    low = fide_rating(players, lost, get_fide_edition("fide-2011")).players[0]
    assert (low.new, low.performance) == (None, 1056)
    assert "a performance of 1056, at least 1201 is needed" in low.notes[-1]
    # eight games here: not yet; with one earlier game: rated
    eight = fide_rating(players[:9], games[:8], get_fide_edition("fide-2011")).players[0]
    assert eight.new is None and "8 games against rated players, at least 9" in eight.notes[-1]
    earlier = FidePlayer("N", None, earlier=((1500, Fraction(1, 2)),))
    assert (
        fide_rating([earlier, *players[1:9]], games[:8], get_fide_edition("fide-2011"))
        .players[0]
        .new
        == 1500
    )
    # all nine earlier, two rated opponents here: at least 3 are needed in each tournament
    many = FidePlayer("N", None, earlier=tuple(nine))
    two = fide_rating([many, *players[1:3]], games[:2], get_fide_edition("fide-2011")).players[0]
    assert two.new is None and "met 2 rated players here, at least 3" in two.notes[-1]


def test_unrated_opponents_and_unplayed_games() -> None:
    """4.7.2: forfeits, computer games and games against unrated players do not count —
    except, in a round robin, against an unrated player who scored at least a point, who
    counts at his performance."""
    players = [
        FidePlayer("A", 2000),
        FidePlayer("B", 2000),
        FidePlayer("C", 2000),
        FidePlayer("U", None),
    ]
    games = [
        FideGame("A", "B", W),
        FideGame("A", "C", Result.WHITE_FORFEIT_WIN),
        FideGame("B", "C", W, rated=False),
        FideGame("U", "A", D),
        FideGame("U", "B", D),
        FideGame("U", "C", D),
    ]
    e = get_fide_edition("fide-2011")
    swiss = {c.id: c for c in fide_rating(players, games, e).players}
    assert (
        swiss["A"].games == 1
        and "1 game(s) against unrated players not counted" in swiss["A"].notes[0]
    )
    rr = {c.id: c for c in fide_rating(players, games, e, round_robin=True).players}
    assert rr["A"].games == 2  # U scored 1½: counts, at his performance 2000
    assert rr["U"].performance == 2000
    assert rr["A"].expected == Fraction(1)
    no_point = [g if g.white != "U" else FideGame("U", g.black, L) for g in games]
    rr0 = {c.id: c for c in fide_rating(players, no_point, e, round_robin=True).players}
    assert rr0["A"].games == 1


def test_performance_difference_is_table_2() -> None:
    assert rating_difference(Fraction(15, 2), 9) == 273  # 83 %
    assert rating_difference(Fraction(9), 9) == 800
    assert rating_difference(Fraction(0), 9) == -800


def test_the_cli(runner: CliRunner) -> None:
    request = {
        "date": "2012-05-01",
        "players": [
            {"id": "A", "rating": 2250},
            {"id": "B", "rating": 2100},
            {"id": "C", "rating": 2300},
            {"id": "D", "rating": 1800, "rated_games_before": 12},
        ],
        "games": [
            {"white": "A", "black": "B", "result": "1-0"},
            {"white": "C", "black": "A", "result": "1/2-1/2"},
            {"white": "A", "black": "D", "result": "1-0"},
        ],
    }
    Path("f.json").write_text(json.dumps(request), encoding="utf-8")
    done = runner.invoke(app, ["rating", "fide", "f.json", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["edition"] == "fide-2011"
    a = data["players"][0]
    assert set(a) == {
        "id",
        "old",
        "games",
        "score",
        "expected",
        "k",
        "change",
        "new",
        "performance",
        "notes",
    }
    assert (a["old"], a["expected"], a["k"], a["new"], a["change"]) == (2250, "2.05", 15, 2257, 7)
    d = data["players"][3]
    # K 30 (12 rated games before), against A 450 points higher (400 counted: .08):
    # 30 × (0 − 0.08) = −2.4 → −2
    assert (d["k"], d["new"], d["change"]) == (30, 1798, -2)
    table = runner.invoke(app, ["rating", "fide", "f.json"])
    assert table.exit_code == 0 and "fide-2011" in table.output
    Path("bad.json").write_text(json.dumps({**request, "date": "x"}), encoding="utf-8")
    bad = runner.invoke(app, ["rating", "fide", "bad.json"])
    assert bad.exit_code == 3 and "bad.json" in bad.output


def test_the_caveat_of_a_later_tournament_is_said_once(runner: CliRunner) -> None:
    """QA: a tournament after 1 July 2014 repeated "FIDE's K factors changed …" under every
    player; it is the rating's note, said once (and in the JSON's ``notes``)."""
    request = {
        "date": "2026-05-01",
        "players": [{"id": p, "rating": r} for p, r in (("A", 2250), ("B", 2100), ("C", 2300))],
        "games": [
            {"white": "A", "black": "B", "result": "1-0"},
            {"white": "C", "black": "A", "result": "1/2-1/2"},
        ],
    }
    Path("f.json").write_text(json.dumps(request), encoding="utf-8")
    data = json.loads(runner.invoke(app, ["rating", "fide", "f.json", "--json"]).stdout)
    assert len(data["notes"]) == 1 and "1 July 2014" in data["notes"][0]
    assert not any("1 July 2014" in n for p in data["players"] for n in p["notes"])
    table = runner.invoke(app, ["rating", "fide", "f.json"], env={"COLUMNS": "200"})
    assert table.exit_code == 0
    assert table.stdout.count("1 July 2014") == 1, table.stdout
