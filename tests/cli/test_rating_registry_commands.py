"""``skak rating list`` picked out by name, club and count, and ``skak rating show``: one
player's card in the registry (ratingkartotek) with every change and its reason."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from skak.faces.cli import app
from tests.cli.test_rating_commands import import_list, list_row, rated_round_robin

LIST = (
    list_row(1, "Hansen, Bo", 1800, rapid=1750, club="Vejle Skakklub"),
    list_row(2, "Østergaard-Hansen, Ib", 1700, club="Århus Skakklub"),
    list_row(3, "Jensen, Åse", 1600, club="Vejle Skakklub"),
    list_row(4, "Ølgaard, Per", 2105),
)


def _registry(runner: CliRunner) -> None:
    done = import_list(runner, "".join(LIST), "--date", "2026-08-01")
    assert done.exit_code == 0, done.output


def _listed(runner: CliRunner, *args: str) -> list[int]:
    shown = runner.invoke(app, ["rating", "list", "--json", *args])
    assert shown.exit_code == 0, shown.output
    return [p["dsu_id"] for p in json.loads(shown.stdout)]


def test_the_list_is_picked_out_by_name_and_club_in_any_case(runner: CliRunner) -> None:
    _registry(runner)
    assert _listed(runner) == [4, 1, 2, 3]  # the highest standard rating first
    assert _listed(runner, "--name", "hansen") == [1, 2]
    assert _listed(runner, "--name", "ØSTERGAARD") == [2]
    assert _listed(runner, "--club", "vejle") == [1, 3]
    assert _listed(runner, "--club", "vejle", "--name", "åse") == [3]
    assert _listed(runner, "--name", "Nielsen") == []
    assert _listed(runner, "--limit", "2") == [4, 1]
    table = runner.invoke(app, ["rating", "list", "--club", "Århus"])
    assert "Østergaard-Hansen, Ib" in table.stdout
    assert "Hansen, Bo" not in table.stdout.replace("Østergaard-Hansen, Ib", "")


def test_a_limit_below_one_is_refused(runner: CliRunner) -> None:
    _registry(runner)
    refused = runner.invoke(app, ["rating", "list", "--limit", "0"])
    assert refused.exit_code == 3
    assert "error: --limit: 0 is below 1" in refused.stderr


def test_a_players_card_shows_every_change_with_its_reason(runner: CliRunner) -> None:
    rated_round_robin(runner)
    shown = runner.invoke(app, ["rating", "show", "3", "--json"])
    assert shown.exit_code == 0, shown.output
    card: dict[str, Any] = json.loads(shown.stdout)
    assert card["name"] == "C, C"
    assert card["ratings"] == {"standard": 1612}  # as test_registry_lifecycle says
    assert card["designation"] == "2. klasses spiller"
    assert [(h["old"], h["new"], h["reason"]) for h in card["history"]] == [
        (None, 1600, "entered: liste.csv"),
        (1600, 1612, "RR"),
    ]
    table = runner.invoke(app, ["rating", "show", "3"])
    assert table.exit_code == 0, table.output
    assert "C, C (DSU no. 3)" in table.stdout
    assert "Ratings: standard 1612" in table.stdout
    line = next(row for row in table.stdout.splitlines() if "RR" in row)
    assert "1600" in line and "1612" in line and "+12" in line


def test_a_member_not_in_the_registry_is_named(runner: CliRunner) -> None:
    _registry(runner)
    missing = runner.invoke(app, ["rating", "show", "99"])
    assert missing.exit_code == 4
    assert "DSU member 99 is not in the rating registry" in missing.stderr
    danish = runner.invoke(app, ["--lang", "da", "rating", "show", "99"])
    assert "DSU-medlem 99 er ikke i ratingkartoteket" in danish.stderr
