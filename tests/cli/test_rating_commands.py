"""``skak rating calc``: the JSON contract other tools rely on, and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from skak.faces.cli import app
from skak.io.dsu_list import COLUMNS

REQUEST: dict[str, Any] = {
    "date": "2026-03-01",
    "kind": "standard",
    "round_robin": False,
    "players": [
        {"id": "A", "rating": 1850, "fide": None, "rated_games_before": None},
        {"id": "B", "rating": 1720, "fide": None, "rated_games_before": None},
        {"id": "C", "rating": None, "fide": 2010, "rated_games_before": 40},
    ],
    "games": [
        {"white": "A", "black": "B", "result": "1-0", "unexcused_no_show": False, "rated": True},
        {"white": "B", "black": "C", "result": "1/2-1/2"},
        {"white": "C", "black": "A", "result": "+-", "unexcused_no_show": True},
    ],
}


def _run(runner: CliRunner, data: object, *args: str) -> Any:
    Path("t.json").write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, ["rating", "calc", "t.json", *args])


def test_json_contract(runner: CliRunner) -> None:
    result = _run(runner, REQUEST, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["edition"] == "dsu-2024"
    assert data["method"] == "difference"
    a, b, c = data["players"]
    assert set(a) == {
        "id",
        "old",
        "games",
        "score",
        "expected",
        "bonus",
        "k",
        "change",
        "new",
        "notes",
    }
    # A: 1850 vs 1720 (0.67) and vs C 2010 (0.29): We = 0.96 → 0.95; W = 1 (the forfeit loss
    # counts: an unexcused no-show by A); K 30; 1850 + 30 × 0.05 = 1851.5 → 1852
    assert (a["old"], a["games"], a["score"], a["expected"], a["k"], a["new"], a["change"]) == (
        1850, 2, "1", "0.95", 30, 1852, 2,
    )  # fmt: skip
    assert c["old"] == 2010
    assert "FIDE rating used" in c["notes"][0]
    assert b["score"] == "0.5"


def test_average_method_in_2011(runner: CliRunner) -> None:
    ratings = [1900, 1950, 2000, 2020, 2050, 2080]
    request = {
        "date": "2012-05-01",
        "round_robin": True,
        "players": [{"id": str(r), "rating": r} for r in ratings],
        "games": [
            {"white": str(a), "black": str(b), "result": "1/2-1/2"}
            for i, a in enumerate(ratings)
            for b in ratings[i + 1 :]
        ],
    }
    data = json.loads(_run(runner, request, "--json").stdout)
    assert (data["edition"], data["method"]) == ("dsu-2011", "average")
    assert data["players"][-1]["expected"] == "3.15"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"edition": "dsu-1999"}, "unknown rating edition 'dsu-1999'"),
        ({"date": "2005-01-01"}, "no DSU rating edition covers 2005-01-01"),
        ({"date": "yesterday"}, "'date' 'yesterday' is not a date"),
        ({"kind": "bullet"}, "'kind' 'bullet' is not standard, rapid or blitz"),
        ({"games": [{"white": "A", "black": "Z", "result": "1-0"}]}, "player 'Z' is not listed"),
        ({"games": [{"white": "A", "black": "B", "result": "2-0"}]}, "games[0]: result '2-0'"),
        ({"players": [{"id": "A", "rating": None}, {"id": "B", "rating": None}], "games": []},
         "player 'A' has no rating and no rated game"),
        ({"players": "x"}, "top level: 'players' is missing or of the wrong type"),
    ],
)  # fmt: skip
def test_bad_input(runner: CliRunner, change: dict[str, Any], message: str) -> None:
    result = _run(runner, {**REQUEST, **change})
    assert result.exit_code == 3, result.output
    assert message in result.stderr


def test_table_output(runner: CliRunner) -> None:
    result = _run(runner, REQUEST)
    assert result.exit_code == 0
    assert "dsu-2024, difference method" in result.stdout
    assert "C: FIDE rating used" in result.stdout


def test_candidate_results(runner: CliRunner) -> None:
    ratings = {"A": 2300, "B": 2250, "C": 2200, "D": 2150, "E": 2100, "F": 2050}
    games = [
        {"white": "A", "black": o, "result": "1-0" if o in "BCD" else "1/2-1/2"} for o in "BCDEF"
    ]
    request = {
        "date": "2026-01-10",
        "players": [{"id": k, "rating": v} for k, v in ratings.items()],
        "games": games,
    }
    Path("c.json").write_text(json.dumps(request), encoding="utf-8")
    result = runner.invoke(app, ["rating", "candidate", "c.json", "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)  # only A played five rounds
    # average of 2300 and the five opponents: 2175 → category 4, 5 rounds need 4 points
    assert row == {
        "id": "A",
        "average": 2175,
        "rounds": 5,
        "score": "4",
        "required": "4",
        "candidate": True,
    }


def list_row(number: int, name: str, rating: int, rapid: int | None = None, club: str = "") -> str:
    """One line of DSU's rating list export (:mod:`skak.io.dsu_list`)."""
    return f'"{number}";"1980";"{name}";"{club}";"";"{rating}";"{rapid or ""}";"";"";"";""\n'


def import_list(runner: CliRunner, rows: str, *args: str) -> Result:
    """``skak rating import`` of a list with these lines (``list_row``), as liste.csv."""
    Path("liste.csv").write_text(";".join(f'"{c}"' for c in COLUMNS) + "\n" + rows, "utf-8")
    return runner.invoke(app, ["rating", "import", "liste.csv", *args])


def rated_round_robin(runner: CliRunner) -> None:
    """A, B and C (1800, 1700, 1600) entered from a list of 2026-08-01 and the finished
    round robin of 2026-09-01 they played, applied to the registry."""
    rows = list_row(1, "A, A", 1800) + list_row(2, "B, B", 1700) + list_row(3, "C, C", 1600)
    assert import_list(runner, rows, "--date", "2026-08-01").exit_code == 0
    _finished_round_robin(runner)
    for n in (1, 2, 3):
        assert runner.invoke(app, ["players", "edit", str(n), "--dsu-id", str(n)]).exit_code == 0
    result = runner.invoke(app, ["rating", "apply"])
    assert result.exit_code == 0, result.output


def _finished_round_robin(runner: CliRunner, *extra: str) -> None:
    assert runner.invoke(app, ["new", "RR", "--start", "2026-09-01", *extra]).exit_code == 0
    for name, rating in (("A, A", "1800"), ("B, B", "1700"), ("C, C", "1600")):
        assert runner.invoke(app, ["players", "add", name, "--rating", rating]).exit_code == 0
    for r in range(1, 4):
        rnd = json.loads(runner.invoke(app, ["pair", "--json"]).stdout)
        for p in rnd["pairings"]:
            if p["black"] is not None:
                assert runner.invoke(app, ["result", str(r), str(p["board"]), "1-0"]).exit_code == 0


def test_final_standings_show_the_rating_change(runner: CliRunner) -> None:
    _finished_round_robin(runner)
    rows = json.loads(runner.invoke(app, ["standings", "--json"]).stdout)["standings"]
    by_name = {r["name"]: r["rating"] for r in rows}
    # White won every game, so everyone scored 1 of 2 and shares first place.
    # C (1600): We = 0.36 (vs 1700) + 0.24 (vs 1800) = 0.60; 1600 + 30 × 0.40 = 1612
    assert (by_name["C, C"]["new"], by_name["C, C"]["change"]) == (1612, 12)
    # B (1700): We = 0.64 + 0.36 = 1.00; no change
    assert by_name["B, B"]["new"] == 1700
    # A (1800): We = 0.64 + 0.76 = 1.40 > 1, but a group winner keeps his rating (§2.5)
    assert by_name["A, A"]["new"] == 1800
    assert "§2.5" in by_name["A, A"]["notes"][0]
    table = runner.invoke(app, ["standings"]).stdout
    assert "New rating (dsu-2024)" in table


def test_a_first_rating_is_shown_as_one_not_as_a_change(runner: CliRunner) -> None:
    """Issue "The arbiter's hall" item 12: an unrated player's first rating (from his
    performance, §4.5.5.2) was shown as "1575 (+0)"."""
    assert runner.invoke(app, ["new", "RR", "--start", "2026-09-01"]).exit_code == 0
    for name, rating in (("A, A", "1800"), ("B, B", "1700"), ("C, C", "1600"), ("D, D", None)):
        more = ["--rating", rating] if rating else []
        assert runner.invoke(app, ["players", "add", name, *more]).exit_code == 0
    for r in ("1", "2", "3"):
        assert runner.invoke(app, ["pair"]).exit_code == 0
        assert runner.invoke(app, ["results", r, "1", "0"]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["standings", "--json"]).stdout)["standings"]
    first = next(r["rating"] for r in rows if r["name"] == "D, D")
    table = runner.invoke(app, ["standings"]).stdout
    line = next(row for row in table.splitlines() if "D, D" in row)
    assert f"{first['new']} (first rating)" in line and "(+0)" not in line
    assert "(+" in next(row for row in table.splitlines() if "B, B" in row)  # a change
    danish = runner.invoke(app, ["--lang", "da", "standings"]).stdout
    assert f"{first['new']} (første rating)" in danish


def test_rating_calc_shows_a_first_rating_as_one(runner: CliRunner, tmp_path: Path) -> None:
    request = {
        "date": "2026-03-01",
        "players": [{"id": "A", "rating": 1850}, {"id": "B", "rating": 1720}, {"id": "N"}],
        "games": [
            {"white": "A", "black": "N", "result": "1-0"},
            {"white": "N", "black": "B", "result": "1/2-1/2"},
        ],
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(request))
    result = runner.invoke(app, ["rating", "calc", str(path)])
    assert result.exit_code == 0, result.output
    line = next(row for row in result.stdout.splitlines() if "│ N " in row)
    cells = [c.strip() for c in line.strip("│ ").split("│")]
    assert cells[1] == "–" and cells[7] == "first rating", cells  # Old, Change
    assert "+0" not in line


def test_unrated_tournament_has_no_rating_column(runner: CliRunner) -> None:
    _finished_round_robin(runner, "--unrated")
    rows = json.loads(runner.invoke(app, ["standings", "--json"]).stdout)["standings"]
    assert rows
    assert all("rating" not in r for r in rows)


def test_unfinished_tournament_has_no_rating_column(runner: CliRunner) -> None:
    assert runner.invoke(app, ["new", "RR"]).exit_code == 0
    for name in ("A, A", "B, B", "C, C"):
        assert runner.invoke(app, ["players", "add", name, "--rating", "1500"]).exit_code == 0
    assert runner.invoke(app, ["pair"]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["standings", "--json"]).stdout)["standings"]
    assert rows
    assert all("rating" not in r for r in rows)


def test_registry_lifecycle(runner: CliRunner) -> None:
    rated_round_robin(runner)
    listed = {
        p["dsu_id"]: p for p in json.loads(runner.invoke(app, ["rating", "list", "--json"]).stdout)
    }
    assert listed[3]["ratings"]["standard"] == 1612  # as the standings' rating column says
    assert listed[1]["ratings"]["standard"] == 1800
    assert listed[3]["history"][-1]["reason"] == "RR"
    assert listed[3]["designation"] == "2. klasses spiller"  # §23: 1500–1699
    again = runner.invoke(app, ["rating", "apply"])
    assert again.exit_code == 5
    assert "applied to the registry already" in again.stderr
    # a list of 2026 is compressed already: the 2024 compression is refused, nothing changes
    refused = runner.invoke(app, ["rating", "compress"])
    assert refused.exit_code == 5
    assert "DSU member 1's standard rating was changed on 2026-08-01" in refused.stderr
    listed = {
        p["dsu_id"]: p for p in json.loads(runner.invoke(app, ["rating", "list", "--json"]).stdout)
    }
    assert listed[3]["ratings"]["standard"] == 1612


def test_the_2024_compression_applies_once_to_the_ratings_before_it(runner: CliRunner) -> None:
    rows = list_row(1, "A, A", 1400, rapid=1300) + list_row(2, "B, B", 2100)
    assert import_list(runner, rows, "--date", "2024-05-01").exit_code == 0
    done = runner.invoke(app, ["rating", "compress"])
    assert done.exit_code == 0, done.output
    assert "Compressed the ratings of 1 player (from 2024-06-01)" in done.stdout
    listed = {
        p["dsu_id"]: p["ratings"]
        for p in json.loads(runner.invoke(app, ["rating", "list", "--json"]).stdout)
    }
    assert listed == {1: {"standard": 1700, "rapid": 1650}, 2: {"standard": 2100}}  # 1400 → 1700
    again = runner.invoke(app, ["rating", "compress"])
    assert again.exit_code == 5
    assert "compressed already on 2024-06-01" in again.stderr


def test_apply_needs_a_finished_rated_tournament(runner: CliRunner) -> None:
    assert runner.invoke(app, ["new", "RR"]).exit_code == 0
    for name in ("A, A", "B, B", "C, C"):
        assert runner.invoke(app, ["players", "add", name, "--rating", "1500"]).exit_code == 0
    result = runner.invoke(app, ["rating", "apply"])
    assert result.exit_code == 5
    assert "is not finished" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round_robin": "false"}, "'round_robin' must be true or false"),
        ({"games": [{"white": "A", "black": "B", "result": "1-0", "rated": "no"}]}, "'rated'"),
        ({"games": [{"white": "A", "black": "A", "result": "1-0"}]}, "cannot meet himself"),
        ({"players": [{"id": "A", "rating": 1500}, {"id": "A", "rating": 1600}]}, "listed twice"),
        ({"players": [{"id": "A", "rating": -5}]}, "must be a rating 1–3999"),
    ],
)  # fmt: skip
def test_strict_json_values(runner: CliRunner, change: dict[str, Any], message: str) -> None:
    result = _run(runner, {**REQUEST, **change})
    assert result.exit_code == 3, result.output
    assert message in result.stderr


def test_deep_json_is_an_input_error(runner: CliRunner) -> None:
    Path("t.json").write_text("[" * 100_000, encoding="utf-8")
    result = runner.invoke(app, ["rating", "calc", "t.json"])
    assert result.exit_code == 3


def test_candidate_with_unknown_player_is_an_input_error(runner: CliRunner) -> None:
    Path("c.json").write_text(
        json.dumps({**REQUEST, "games": [{"white": "A", "black": "ZZ", "result": "1-0"}]}),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["rating", "candidate", "c.json"])
    assert result.exit_code == 3
    assert "player 'ZZ' is not listed" in result.stderr


def test_fide_alignment_through_the_registry(runner: CliRunner) -> None:
    rows = list_row(1, "A, A", 2300) + list_row(2, "B, B", 2200) + list_row(3, "C, C", 1900)
    assert import_list(runner, rows).exit_code == 0
    Path("fide.json").write_text(
        json.dumps(
            [{"dsu_id": 1, "fide": 2260, "games": 80}, {"dsu_id": 2, "fide": 2160, "games": 31}]
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["rating", "align", "fide.json", "--date", "2026-08-10"])
    assert result.exit_code == 0, result.output
    assert "adjustment N = 40" in result.stdout
    listed = {
        p["dsu_id"]: p["ratings"]["standard"]
        for p in json.loads(runner.invoke(app, ["rating", "list", "--json"]).stdout)
    }
    assert listed == {1: 2260, 2: 2200 - (40 - 6), 3: 1900}  # 2191–2200: N − 6
    # 001 §6: once a year, on a day of 1–15 August
    twice = runner.invoke(app, ["rating", "align", "fide.json", "--date", "2026-08-12"])
    assert twice.exit_code == 5
    assert "aligned with FIDE's list on 2026-08-10 already" in twice.stderr
    outside = runner.invoke(app, ["rating", "align", "fide.json", "--date", "2027-12-24"])
    assert outside.exit_code == 3
    assert "1–15 August (001 §6), not on 2027-12-24" in outside.stderr
    for day in ("2027-07-31", "2027-08-16"):
        assert runner.invoke(app, ["rating", "align", "fide.json", "--date", day]).exit_code == 3
    next_year = runner.invoke(app, ["rating", "align", "fide.json", "--date", "2027-08-01"])
    assert next_year.exit_code == 0, next_year.output


def test_an_alignment_that_changes_nothing_counts_for_its_year(runner: CliRunner) -> None:
    entered = import_list(runner, list_row(1, "A, A", 2300))
    assert "Entered 1 player from liste.csv" in entered.stdout
    Path("fide.json").write_text(json.dumps([{"dsu_id": 1, "fide": 2290, "games": 80}]))
    first = runner.invoke(app, ["rating", "align", "fide.json", "--date", "2026-08-03"])
    assert first.exit_code == 0, first.output
    assert "adjustment N = 0; 0 ratings changed" in first.stdout  # a difference below 25
    assert (
        runner.invoke(app, ["rating", "align", "fide.json", "--date", "2026-08-04"]).exit_code == 5
    )


def test_enter_and_correct(runner: CliRunner) -> None:
    ok = runner.invoke(app, ["rating", "enter", "5", "Ny, Spiller", "1400", "--date", "2026-01-01"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["rating", "enter", "6", "Ny, Anden", "1450", "--date", "2026-01-01"])
    assert bad.exit_code == 3
    assert "a club cannot enter a player with 1450" in bad.stderr
    twice = runner.invoke(
        app, ["rating", "enter", "5", "Ny, Spiller", "1500", "--date", "2026-02-01"]
    )
    assert twice.exit_code == 5
    assert "registered already" in twice.stderr
    result = runner.invoke(app, ["rating", "correct"])
    assert result.exit_code == 0
    assert "0 rapid/blitz ratings corrected" in result.stdout
    listed = json.loads(runner.invoke(app, ["rating", "list", "--json", "--all"]).stdout)
    assert listed[0]["ratings"] == {"standard": 1400}


def test_team_events_rate_no_unplayed_games(runner: CliRunner) -> None:
    request = {**REQUEST, "team_event": True}
    data = json.loads(_run(runner, request, "--json").stdout)
    by_id = {p["id"]: p for p in data["players"]}
    assert by_id["A"]["games"] == 1  # the unexcused no-show is not rated in a team event


def test_candidate_result_in_a_team_event_cannot_be_lost(runner: CliRunner) -> None:
    ratings = {"A": 2300, "B": 2250, "C": 2200, "D": 2150, "E": 2100, "F": 2050, "G": 2050}
    results = ["1-0", "1-0", "1-0", "1/2-1/2", "1/2-1/2", "0-1"]  # 4 of 5, then a loss
    request = {
        "date": "2026-01-10",
        "players": [{"id": k, "rating": v} for k, v in ratings.items()],
        "games": [
            {"white": "A", "black": o, "result": r} for o, r in zip("BCDEFG", results, strict=True)
        ],
    }
    for team_event, candidate in ((False, False), (True, True)):
        Path("c.json").write_text(
            json.dumps({**request, "team_event": team_event}), encoding="utf-8"
        )
        result = runner.invoke(app, ["rating", "candidate", "c.json", "--json"])
        assert result.exit_code == 0, result.output
        row = next(r for r in json.loads(result.stdout) if r["id"] == "A")
        assert row["candidate"] is candidate, (team_event, row)


def test_a_rating_command_keeps_full_collections_off_until_it_ends(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``skak rating`` command replays the whole registry: Python's full collections wait
    until it ends (the young ones go on), and the thresholds are as they were after."""
    import gc

    from skak.records.registry.api import RatingRegistry

    seen = []
    replay = RatingRegistry.get

    def registry(self: RatingRegistry, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold())
        return replay(self, **kwargs)

    assert runner.invoke(app, ["new", "RR"]).exit_code == 0
    monkeypatch.setattr(RatingRegistry, "get", registry)
    before = gc.get_threshold()
    result = runner.invoke(app, ["rating", "list", "--json"])
    assert result.exit_code == 0, result.output
    assert len(seen) == 1
    assert seen[0][:2] == before[:2] and seen[0][2] > 10**6
    assert gc.get_threshold() == before


@pytest.mark.parametrize(
    ("earlier", "message"),
    [
        (5, "players[0]: 'earlier' is a list of games"),
        (
            [{"opponent": True, "score": "1"}],
            "players[0].earlier[0]: 'opponent' is the opponent's rating 1–3999, not true",
        ),
    ],
)
def test_rating_fide_with_earlier_games_of_the_wrong_type_exits_3(
    runner: CliRunner, earlier: object, message: str
) -> None:
    """Issue 38: ``"earlier": 5`` in ``skak rating fide``'s file ended in a TypeError
    traceback (exit 1); it is bad input naming the file and the player (exit 3)."""
    request = {
        "edition": "fide-2011",
        "players": [{"id": "A", "rating": None, "earlier": earlier}, {"id": "B", "rating": 2100}],
        "games": [{"white": "A", "black": "B", "result": "1-0"}],
    }
    Path("f.json").write_text(json.dumps(request), encoding="utf-8")
    result = runner.invoke(app, ["rating", "fide", "f.json"])
    assert result.exit_code == 3, result.output
    assert "f.json: " + message in result.stderr
    assert "Traceback" not in result.output
