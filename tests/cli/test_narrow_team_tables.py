"""The team, rating, eligibility, discipline and systems tables in an 80-column terminal: no
cell of a table is cut to ``…`` (every CLI table is a
:class:`~skak.faces.cli._tables.FittedTable`; ``test_narrow_tables`` checks the tournament's)."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.views import quarters
from tests.cli.test_eligibility_commands import FIXTURE as DM_FIXTURE
from tests.cli.test_league_commands import _play, _season
from tests.cli.test_narrow_tables import _body_cells as cells

WIDTH = {"COLUMNS": "80"}


def shown(runner: CliRunner, *args: str) -> str:
    done = runner.invoke(app, list(args), env=WIDTH)
    assert done.exit_code == 0, done.output + done.stderr
    rows = [line for line in done.stdout.splitlines() if "│" in line or "┃" in line]
    assert rows, done.stdout
    assert not [row for row in rows if "…" in row], done.stdout
    return done.stdout


def test_a_league_seasons_tables(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    _play(runner)
    standings = shown(runner, "league", "standings")
    (group,) = json.loads(runner.invoke(app, ["league", "standings", "--json"]).stdout)
    body = cells(standings)
    for row in group["standings"]:  # points as the tournament commands write them: 33½
        points = (quarters(Fraction(row[k])) for k in ("board_points", "match_points"))
        assert {str(row["played"]), *points} <= body
    schedule = shown(runner, "league", "schedule")
    assert re.search(r"│ 2025-\d\d-\d\d │", schedule), schedule
    shown(runner, "league", "teams")
    shown(runner, "league", "strength")
    shown(runner, "league", "list")
    match = shown(runner, "league", "result", "1", "Aarhus 2")
    assert "Board" in match, match
    lineup = shown(runner, "league", "lineup", "1", "Aarhus 2")
    assert "List no." in lineup, lineup
    shown(runner, "league", "season-end", "--liga-club", "Aarhus Skakforening")


def test_a_cups_tables(runner: CliRunner, tmp_path: Path) -> None:
    lines = ["hold;klub;navn;id;ratingtal"]
    for t in ("Brønshøj Skakforening 1", "Nørresundby Skakklub 2", "Frederiksberg Skakklub 1"):
        club = t.rsplit(" ", 1)[0]
        lines += [f"{t};{club};Christoffersen-Østergaard {i};{t[:3]}{i};{1900 - i}" for i in
                  range(1, 5)]  # fmt: skip
    (tmp_path / "pokal.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner.invoke(app, ["cup", "new", "Landspokalturneringen 2026", "--row", "elite",
                        "--date", "2026-06-07", "--rounds", "2"])  # fmt: skip
    assert "3 teams entered" in runner.invoke(app, ["cup", "teams", "pokal.csv"]).stdout
    teams = shown(runner, "cup", "teams")
    assert {"1899", "1896"} <= cells(teams)
    shown(runner, "cup", "pair")
    shown(runner, "cup", "round", "1")
    shown(runner, "cup", "standings")
    shown(runner, "cup", "list")


def test_the_systems_tables(runner: CliRunner) -> None:
    schedule = shown(runner, "schedule", "--players", "20")
    assert "10–11" in schedule or "11–10" in schedule
    shown(runner, "varma", "--players", "24")
    shown(runner, "knockout", "bracket", "--players", "32")
    shown(runner, "olympiad", "--players", "40", "--teams", "10")
    shown(runner, "timecontrol", "40/120+30/60")


def test_the_eligibility_and_discipline_tables(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copy(DM_FIXTURE, tmp_path / "dm.json")
    shown(runner, "dm", "select", "dm.json")
    shown(runner, "classes", "2012-03-04", "--date", "2026-07-01")
    emt = "Skakforeningen Nordkalotten EMT 2099"
    for args in (
        ["new", emt, "--start", "2099-03-10", "--end", "2099-03-15"],
        ["players", "add", "Christoffersen-Østergaard, Jens-Henrik", "--dsu-id", "123456"],
        ["discipline", "add", "warning", "123456", "-t", emt, "--date", "2099-03-15",
         "--reason", "telefon i spillelokalet"],
    ):  # fmt: skip
        done = runner.invoke(app, args)
        assert done.exit_code == 0, done.output + done.stderr
    listed = shown(runner, "discipline", "list", "--on", "2099-04-01")
    assert {"2099-03-15", "2100-03-15", "123456"} <= cells(listed), listed


@pytest.mark.parametrize("command", ["calc", "fide"])
def test_a_rating_calculations_table(runner: CliRunner, tmp_path: Path, command: str) -> None:
    names = ("Christoffersen-Østergaard, Jens", "Bjerregaard-Kristiansen, Mette",
             "Frederiksen-Nørgaard, Søren", "Østergaard-Nielsen, Kirsten")  # fmt: skip
    data = {
        "date": "2026-03-01",
        "players": [{"id": n, "rating": 2390 - 10 * i} for i, n in enumerate(names)],
        "games": [
            {"white": a, "black": b, "result": "1-0"}
            for i, a in enumerate(names)
            for b in names[i + 1 :]
        ],
    }
    (tmp_path / "t.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    table = shown(runner, "rating", command, "t.json")
    assert {"2390", "2360"} <= cells(table), table


def test_every_cli_table_is_fitted() -> None:
    """A plain Rich ``Table`` in a command would cut its figures again at 80 columns."""
    import skak.faces.cli

    folder = Path(skak.faces.cli.__file__).parent
    plain = [
        f"{path.name}:{n}"
        for path in sorted(folder.glob("*.py"))
        if path.name != "_tables.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<!Fitted)Table\(", line)
    ]
    assert not plain, plain
