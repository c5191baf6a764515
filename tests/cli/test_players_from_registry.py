"""Registering from the rating registry (issue #37 item 9): ``skak players add --member N`` and
``--search TEXT [--pick N]`` take the name, club, birth year and ratings from the database's
registry (DSU's list imported with ``skak rating import``), and refuse a member registered
already, a number the registry lacks and a member in quarantine (§19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from tests.cli.test_discipline_commands import season  # noqa: F401 - a fixture

LIST = (
    '"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"\n'
    '"101";"1980";"Hansen, Jens";"Aarhus Skakklub";"";"1850";"1800";"0";"1870";"1400001";"20"\n'
    '"102";"2001";"Berg, Anna";"K41";"WFM";"2010";"";"1990";"2040";"1400002";"20"\n'
    '"103";"1975";"Hansen, Søren";"Skakklubben Nordkalotten";"";"1720";"";"";"";"";"20"\n'
    '"104";"1990";"Ørum, Åse";"K41";"";"1600";"";"";"";"";"20"\n'
    '"12345";"1970";"Hansen, Jens";"Vejle Skakklub";"";"1700";"";"";"";"";"20"\n'
)


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    text = result.stdout + result.stderr
    return " ".join(text.translate({ord(c): " " for c in "│┃"}).split())


@pytest.fixture
def club(runner: CliRunner) -> Path:
    """A tournament and the registry of :data:`LIST`."""
    Path("liste.csv").write_text(LIST, encoding="utf-8")
    _run(runner, "new", "Klub")
    _run(runner, "rating", "import", "liste.csv", "--date", "2026-11-01")
    return Path("skak.db")


def test_members_by_number_with_the_registrys_details(runner: CliRunner, club: Path) -> None:
    out = _run(runner, "players", "add", "--member", "101", "--member", "102")
    assert "Added Hansen, Jens (DSU 101) as start number 1" in out
    assert "Added Berg, Anna (DSU 102) as start number 2" in out
    hansen, berg = Skak(club).tournaments.get(None).players
    assert (hansen.name, hansen.club, hansen.birth_year, hansen.dsu_id) == (
        "Hansen, Jens",
        "Aarhus Skakklub",
        1980,
        101,
    )
    assert (hansen.ratings.dsu, hansen.ratings.dsu_rapid, hansen.ratings.dsu_blitz) == (
        1850,
        1800,
        None,
    )
    assert (hansen.fide_id, hansen.ratings.fide) == (1400001, 1870)
    assert (berg.club, berg.birth_year, berg.ratings.dsu, berg.ratings.dsu_blitz) == (
        "K41",
        2001,
        2010,
        1990,
    )


def test_a_search_with_one_match_adds_him(runner: CliRunner, club: Path) -> None:
    out = _run(runner, "players", "add", "--search", "berg")
    assert "102 Berg, Anna K41 2001 2010" in out
    assert "Added Berg, Anna (DSU 102) as start number 1" in out


def test_a_search_is_blind_to_case_accents_and_danish_spellings(
    runner: CliRunner, club: Path
) -> None:
    _run(runner, "players", "add", "--search", "SOREN HANSEN")
    _run(runner, "players", "add", "--search", "aase orum")
    _run(runner, "players", "add", "--search", "#101")
    names = [p.name for p in Skak(club).tournaments.get(None).players]
    assert names == ["Hansen, Søren", "Ørum, Åse", "Hansen, Jens"]


def test_several_matches_are_listed_and_none_is_added(runner: CliRunner, club: Path) -> None:
    out = _run(runner, "players", "add", "--search", "hansen", code=3)
    assert "101 Hansen, Jens" in out and "103 Hansen, Søren" in out and "12345" in out
    assert "3 players match hansen: choose one with --pick and his member number" in out
    assert Skak(club).tournaments.get(None).players == ()
    out = _run(runner, "players", "add", "--search", "hansen", "--pick", "103")
    assert "Added Hansen, Søren (DSU 103) as start number 1" in out
    out = _run(runner, "players", "add", "--search", "hansen", "--pick", "102", code=3)
    assert "102 is not the member number of a match of hansen" in out


def test_in_danish(runner: CliRunner, club: Path) -> None:
    out = _run(runner, "--lang", "da", "players", "add", "--search", "hansen", code=3)
    assert "DSU-nr. Navn Klub Født" in out
    assert "3 spillere passer på hansen: vælg én med --pick og hans medlemsnummer" in out
    out = _run(runner, "--lang", "da", "players", "add", "--member", "104")
    assert "Tilmeldte Ørum, Åse (DSU 104) som startnummer 1" in out
    out = _run(runner, "--lang", "da", "players", "add", "--member", "104", code=5)
    assert "DSU-medlem 104, Ørum, Åse, er allerede tilmeldt som startnummer 1" in out


def test_the_refusals(runner: CliRunner, club: Path) -> None:
    _run(runner, "players", "add", "--member", "101")
    out = _run(runner, "players", "add", "--member", "103", "--member", "101", code=5)
    assert "DSU member 101, Hansen, Jens, is registered already as start number 1" in out
    out = _run(runner, "players", "add", "--member", "999", code=4)
    assert "DSU member 999 is not in the rating registry" in out
    out = _run(runner, "players", "add", "--search", "Kasparov", code=4)
    assert "no player in the rating registry matches Kasparov" in out
    out = _run(runner, "players", "add", "Hansen, Bo", "--member", "103", code=3)
    assert "leave out the name and the other details" in out
    assert [p.dsu_id for p in Skak(club).tournaments.get(None).players] == [101]


def test_a_member_in_quarantine_is_refused(
    runner: CliRunner,
    season: Path,  # noqa: F811 - the fixture imported above
) -> None:
    Path("liste.csv").write_text(LIST, encoding="utf-8")
    _run(runner, "rating", "import", "liste.csv", "--date", "2099-11-01")
    _run(runner, "new", "Vinter 2099", "-s", "monrad", "--rounds", "5",
         "--start", "2099-12-01", "--end", "2099-12-20")  # fmt: skip
    out = _run(runner, "players", "add", "--member", "12345", "-t", "Vinter 2099", code=5)
    assert "Hansen, Jens (DSU member 12345) is in quarantine (karantæne)" in out
    assert Skak(season).tournaments.get("Vinter 2099").players == ()
