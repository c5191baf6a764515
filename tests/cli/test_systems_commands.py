"""``skak schedule``, ``varma``, ``knockout bracket``, ``olympiad``, the tie-break options of
``skak standings`` and ``skak crosstable``."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.pairing.berger import berger_table
from skak.pairing.dsu_rr import dsu_table
from tests.conftest import shared_path


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


@pytest.mark.parametrize("system", ["berger", "dsu"])
@pytest.mark.parametrize("players", [5, 8])
def test_schedule_json(runner: CliRunner, system: str, players: int) -> None:
    data = json.loads(run(runner, "schedule", "--players", str(players), "-s", system, "--json"))
    table = (berger_table if system == "berger" else dsu_table)(players)
    free = players + 1 if players % 2 else None
    assert data["rounds"] == [
        [[0 if w == free else w, 0 if b == free else b] for w, b in rnd] for rnd in table
    ]
    double = json.loads(
        run(runner, "schedule", "--players", str(players), "-s", system, "--double", "--json")
    )
    assert len(double["rounds"]) == 2 * len(table)
    met = Counter(frozenset(g) for rnd in double["rounds"] for g in rnd)
    assert set(met.values()) == {2}  # every pair (and every free round) twice
    assert len(met) == players * (players - 1) // 2 + (players if players % 2 else 0)


def test_schedule_text_and_bad_input(runner: CliRunner) -> None:
    out = run(runner, "schedule", "--players", "5", "--system", "dsu")
    assert "free" in out
    assert "at least 3 players" in run(runner, "schedule", "--players", "2", code=3)
    assert "unknown schedule" in run(runner, "schedule", "-n", "4", "-s", "x", code=3)


def test_varma(runner: CliRunner) -> None:
    data = json.loads(run(runner, "varma", "--players", "16", "--json"))
    numbers = sorted(n for group in data["groups"].values() for n in group)
    assert numbers == list(range(1, 17))
    assert "Varma groups for 16" in run(runner, "varma", "-n", "16")
    assert "Varma" in run(runner, "varma", "-n", "30", code=3)


def test_knockout_bracket_for_16_is_the_texts(runner: CliRunner) -> None:
    """003 §4.9.7: draw numbers 1..16 hold seed groups 1–2, 9–16, 9–16, 5–8, …"""
    data = json.loads(run(runner, "knockout", "bracket", "--players", "16", "--json"))
    groups = [tuple(d["seeds"]) for d in data["draw_numbers"]]
    text = "1-2 9-16 9-16 5-8 5-8 9-16 9-16 3-4 3-4 9-16 9-16 5-8 5-8 9-16 9-16 1-2"
    assert groups == [tuple(int(x) for x in g.split("-")) for g in text.split()]
    assert "Draw no." in run(runner, "knockout", "bracket", "-n", "16")
    assert "at least 4" in run(runner, "knockout", "bracket", "-n", "3", code=3)


def test_knockout_tournament_bracket_view(runner: CliRunner) -> None:
    run(runner, "new", "KO 2026", "--system", "knockout", "--setting", "seed=3", "--unrated")
    for i, rating in enumerate([2100, 2000, 1900, 1800], start=1):
        run(runner, "players", "add", f"P, {i}", "--rating", str(rating))
    run(runner, "pair")
    state = json.loads(run(runner, "knockout", "bracket", "--json"))
    assert state["players"] == 4
    assert [s["player"] for s in state["seeds"]] == [1, 2, 3, 4]
    assert "semi-final" in run(runner, "knockout", "bracket")


def test_olympiad_example(runner: CliRunner) -> None:
    """4.9.9.5's 24 players in 4 teams, exactly as printed."""
    data = json.loads(run(runner, "olympiad", "--players", "24", "--teams", "4", "--json"))
    assert [t["players"] for t in data["draft"]] == [
        [1, 8, 11, 14, 17, 24],
        [2, 7, 12, 13, 18, 23],
        [3, 6, 9, 16, 19, 22],
        [4, 5, 10, 15, 20, 21],
    ]
    assert "cannot fill 4 teams" in run(runner, "olympiad", "-n", "3", "-t", "4", code=3)


def test_standings_with_tiebreaks_json_and_crosstable(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "demo")
    data = json.loads(run(runner, "standings", "--tiebreaks", "SB,BH/C1", "--json"))
    rows = data["standings"]
    assert list(rows[0]["tiebreaks"]) == ["SB", "BH/C1"]
    assert {"rank", "shared", "start_number", "name", "points", "tiebreaks"} <= set(rows[0])
    keys = [(r["points"], r["tiebreaks"]["SB"]) for r in rows]
    assert keys == sorted(keys, key=lambda k: (-float(k[0]), -float(k[1])))
    assert "unknown tie-break code 'XX'" in run(runner, "standings", "--tiebreaks", "XX", code=3)
    out = run(runner, "crosstable", "--html", str(tmp_path / "k.html"))
    assert "krydstabel" in out
    assert "<html" in (tmp_path / "k.html").read_text(encoding="utf-8")


def test_standings_of_a_trf_file(runner: CliRunner) -> None:
    path = shared_path("oracles/dutch-2026/full")
    files = sorted(path.glob("*.trf"))[:1] if path.exists() else []
    if not files:
        pytest.skip(f"no bbpPairings tournament in {path} (../shared or its sample)")
    data = json.loads(
        run(runner, "standings", "--trf", str(files[0]), "--tiebreaks", "BH", "--json")
    )
    assert data["standings"][0]["rank"] == 1
    assert "BH" in data["standings"][0]["tiebreaks"]


def test_standings_of_a_trf_without_results_is_refused(runner: CliRunner) -> None:
    from skak.io.trf import write_trf
    from skak.model import Player, Tournament

    empty = Tournament(
        name="Empty",
        pairing_system="berger",
        players=(Player(1, "A, A"), Player(2, "B, B"), Player(3, "C, C")),
    )
    Path("empty.trf").write_text(write_trf(empty, extensions=False), encoding="utf-8")
    message = run(runner, "standings", "--trf", "empty.trf", code=3)
    assert "empty.trf: the file has no results to rank" in message


def test_monrad_lifecycle_with_an_announced_absence(runner: CliRunner) -> None:
    run(runner, "new", "Klubaften", "--system", "monrad", "--rounds", "3", "--unrated")
    for i in range(1, 7):
        run(runner, "players", "add", f"P, {i}")
    assert "half-point bye" in run(runner, "players", "absent", "3", "--round", "1", "--half")
    run(runner, "pair")
    rnd = json.loads(run(runner, "round", "show", "1", "--json"))
    assert rnd["byes"] == [{"player": 3, "result": "half-bye"}]
    assert [(p["white"], p["black"]) for p in rnd["pairings"]] == [(2, 1), (5, 4), (6, None)]
    assert "paired already" in run(runner, "players", "absent", "3", "--round", "1", code=3)
    run(runner, "players", "absent", "5", "--round", "2")
    run(runner, "players", "absent", "5", "--round", "2", "--cancel")
    for board in (1, 2):
        run(runner, "result", "1", str(board), "1-0")
    run(runner, "pair")
    rnd = json.loads(run(runner, "round", "show", "2", "--json"))
    assert rnd["byes"] == []
    assert sorted(n for p in rnd["pairings"] for n in (p["white"], p["black"]) if n) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]


def _four_player_round_robin(runner: CliRunner, *extra: str) -> None:
    run(runner, "new", "RR", "--unrated", *extra)
    for name in ("A, A", "B, B", "C, C", "D, D"):
        run(runner, "players", "add", name)
    for r in range(1, 4):
        run(runner, "pair")
        run(runner, "result", str(r), "1", "½-½")
        run(runner, "result", str(r), "2", "1-0")


def test_default_tiebreaks_rules_and_shared_prizes(runner: CliRunner) -> None:
    """DSU §24: without a list a round robin is ordered by Sonneborn-Berger and its cash
    prizes are shared by players level on points; --rules names a championship's list."""
    _four_player_round_robin(runner)
    table = runner.invoke(app, ["standings", "--prizes", "300,200,100"])
    assert "DSU §24 default" in table.stderr
    assert "Prize" in table.stdout
    rows = json.loads(run(runner, "standings", "--json", "--prizes", "300,200,100"))["standings"]
    assert all(list(r["tiebreaks"]) == ["SB"] for r in rows)
    by_points: dict[str, list[str | None]] = {}
    for r in rows:
        by_points.setdefault(r["points"], []).append(r["prize"])
    total = sum(Fraction(p) for r in rows if (p := r["prize"]) is not None)
    assert total == 600
    for prizes in by_points.values():
        assert len(set(prizes)) == 1  # level on points, the same cash
    data = json.loads(run(runner, "standings", "--rules", "dm-kandidatklassen", "--json"))
    # almindelig korrektion: the opponents' points without the two lowest, then re-added
    assert all(list(r["tiebreaks"]) == ["BH/C2", "BH/C1", "BH"] for r in data["standings"])
    assert "unknown list" in run(runner, "standings", "--rules", "nope", code=3)
    assert "not both" in run(
        runner, "standings", "--rules", "dsu-other", "--tiebreaks", "SB", code=3
    )


def test_an_unknown_tiebreak_is_refused_when_the_tournament_is_created(runner: CliRunner) -> None:
    assert "unknown tie-break code 'XX'" in run(runner, "new", "T", "--tiebreak", "XX", code=3)
    assert not Path("skak.db").exists()


def test_crosstable_cells(runner: CliRunner) -> None:
    _four_player_round_robin(runner)
    out = run(runner, "crosstable", "--tiebreaks", "SB")
    assert "h½" in out or "s½" in out
    assert "h1" in out or "s1" in out
