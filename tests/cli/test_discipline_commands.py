"""``skak discipline`` and the check ``skak players add`` makes (§7, §19, 4.5.4.2): the
issue's case end to end in the database, in English and Danish, and bad input.

The tournaments are dated in 2099 so that the registration's days (from the tournament's
first day, or today once it has begun) do not depend on the day the tests run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from tests.conftest import file_digest


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout + result.stderr


@pytest.fixture
def season(runner: CliRunner, tmp_path: Path) -> Path:
    """Two warnings for member 12345: in Vejle EMT (last day 15 March 2099) and in the
    autumn tournament (4 October 2099) — the second becomes a quarantine of 3 months."""
    db = tmp_path / "skak.db"
    _run(runner, "new", "Vejle EMT 2099", "--start", "2099-03-10", "--end", "2099-03-15")
    _run(runner, "players", "add", "Hansen, Jens", "--dsu-id", "12345", "-t", "Vejle EMT 2099")
    out = _run(
        runner, "discipline", "add", "warning", "12345", "-t", "Vejle EMT 2099",
        "--date", "2099-03-15", "--reason", "telefon i spillelokalet",
    )  # fmt: skip
    assert "Registered as entry 1: Hansen, Jens, warning (advarsel)" in out
    assert "valid until 2100-03-15 (§7)" in out
    out = _run(
        runner, "discipline", "add", "advarsel", "12345", "--name", "Hansen, Jens",
        "--event", "Efterårsturneringen 2099", "--last-day", "2099-10-04",
        "--date", "2099-10-04", "--json",
    )  # fmt: skip
    entry = json.loads(out)
    assert (entry["id"], entry["kind"], entry["rule"], entry["ground"]) == (
        2, "quarantine", "§19", "§7",
    )  # fmt: skip
    assert (entry["start"], entry["end"], entry["length"]) == (
        "2099-10-04",
        "2100-01-03",
        "3 months",
    )
    assert "changed into a quarantine of 3 months (§19)" in entry["escalation"]
    return db


def test_a_player_in_quarantine_is_refused_with_the_rule(runner: CliRunner, season: Path) -> None:
    _run(runner, "new", "Vinter 2099", "-s", "monrad", "--rounds", "5",
         "--start", "2099-12-01", "--end", "2099-12-20")  # fmt: skip
    before = file_digest(season)
    out = _run(
        runner, "players", "add", "Hansen, Jens", "--dsu-id", "12345", "-t", "Vinter 2099", code=5
    )
    assert (
        "error: Hansen, Jens (DSU member 12345) is in quarantine (karantæne) from 2099-10-04 "
        "to 2100-01-03 (§19, given in Efterårsturneringen 2099) and may not play in a rated "
        "tournament (§7; Skaknævnet's ruling 97); he may play again from 2100-01-04"
    ) in " ".join(out.split())
    out = _run(
        runner, "--lang", "da", "players", "add", "Hansen, Jens", "--dsu-id", "12345",
        "-t", "Vinter 2099", code=5,
    )  # fmt: skip
    assert "har karantæne fra 2099-10-04 til 2100-01-03 (§19, givet i Efterårsturneringen" in (
        " ".join(out.split())
    )
    assert "Skaknævnets kendelse 97" in " ".join(out.split())
    Path("spillere.csv").write_text(
        "navn;medlemsnummer\nAndersen, Anna;111\nHansen, Jens;12345\n", encoding="utf-8"
    )
    _run(runner, "players", "import", "spillere.csv", "-t", "Vinter 2099", code=5)
    assert file_digest(season) == before  # nothing written
    assert Skak(season).tournaments.get("Vinter 2099").players == ()
    # without a member number he is not recognised (matched by DSU member number only)
    _run(runner, "players", "add", "Hansen, Jens", "-t", "Vinter 2099")


def test_the_quarantine_ends_on_the_right_day(runner: CliRunner, season: Path) -> None:
    _run(runner, "new", "Nytår 2100", "-s", "monrad", "--rounds", "5",
         "--start", "2100-01-03", "--end", "2100-01-03")  # fmt: skip
    _run(runner, "players", "add", "Hansen, Jens", "--dsu-id", "12345", "-t", "Nytår 2100", code=5)
    _run(runner, "new", "Januar 2100", "-s", "monrad", "--rounds", "5",
         "--start", "2100-01-04", "--end", "2100-01-30")  # fmt: skip
    out = _run(runner, "players", "add", "Hansen, Jens", "--dsu-id", "12345", "-t", "Januar 2100")
    assert "Added Hansen, Jens as start number 1" in out
    assert "has a warning (advarsel) from Vejle EMT 2099, valid until 2100-03-15" in (
        " ".join(out.split())
    )
    check = json.loads(_run(runner, "discipline", "check", "12345", "--on", "2100-01-03", "--json"))
    assert check["quarantine"]["id"] == 2
    assert check["free_from"] == "2100-01-04"
    check = json.loads(_run(runner, "discipline", "check", "12345", "--on", "2100-01-04", "--json"))
    assert check["quarantine"] is None
    assert check["warning"]["id"] == 1
    assert "a warning is valid until 2100-03-15" in check["verdict"]


def test_a_tournament_not_rated_notes_the_quarantine(runner: CliRunner, season: Path) -> None:
    _run(runner, "new", "Lynturnering", "-s", "monrad", "--rounds", "5", "--unrated",
         "--start", "2099-12-01", "--end", "2099-12-01")  # fmt: skip
    out = _run(runner, "players", "add", "Hansen, Jens", "--dsu-id", "12345", "-t", "Lynturnering")
    assert "note: Hansen, Jens (DSU member 12345) is in quarantine" in " ".join(out.split())
    assert "Added Hansen, Jens" in out


def test_list_lift_and_check(runner: CliRunner, season: Path) -> None:
    listed = json.loads(_run(runner, "discipline", "list", "--on", "2100-03-16", "--json"))
    assert [e["id"] for e in listed["entries"]] == [2]  # the warning expired on 15 March
    listed = json.loads(_run(runner, "discipline", "list", "--on", "2101-01-04", "--json"))
    assert listed["entries"] == []  # the quarantine is kept a year after its end
    everything = json.loads(_run(runner, "discipline", "list", "--all", "--json"))
    assert [e["id"] for e in everything["entries"]] == [1, 2]
    out = _run(runner, "discipline", "lift", "2", "--reason", "Skaknævnets kendelse",
               "--date", "2099-11-01")  # fmt: skip
    assert "Entry 2 lifted" in out
    check = json.loads(_run(runner, "discipline", "check", "12345", "--on", "2099-11-01", "--json"))
    assert check["quarantine"] is None
    table = _run(runner, "discipline", "list", "--all")
    assert "lifted" in table
    assert "the discipline registry read back from their events" in " ".join(
        _run(runner, "check").split()
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["add", "quarantine", "12345", "--name", "A", "--event", "E", "--last-day", "2099-11-01",
          "--date", "2099-11-01"], 3, "give a quarantine's length in months or its last day"),
        (["add", "quarantine", "12345", "--name", "A", "--event", "E", "--last-day", "2099-11-01",
          "--date", "2099-11-01", "--months", "5", "--rule", "4.5.4.2"], 3,
         "4.5.4.2 gives at least 6 months"),
        (["add", "warning", "12345", "--name", "A", "--event", "E", "--last-day", "2099-11-01"],
         3, "more than a year later"),
        (["add", "warning", "12345", "--name", "A", "--event", "E", "--last-day", "2099-01-01",
          "--rule", "9"], 3, "--rule is 7"),
        (["add", "warning", "777", "--event", "E", "--last-day", "2099-01-01"], 3,
         "give the player's name with --name"),
        (["add", "warning", "12345", "--name", "A"], 3, "name the tournament the sanction"),
        (["add", "rebuke", "12345", "--name", "A", "--event", "E", "--last-day", "2099-01-01"], 3,
         "a warning or a quarantine, not 'rebuke'"),
        (["add", "warning", "12345", "--name", "A", "--event", "E", "--last-day", "2099-01-01",
          "--date", "2099-01-01"], 5, "latest entry is dated 2099-10-04"),
        (["lift", "9", "--reason", "x"], 4, "no entry 9"),
    ],
    ids=["no-length", "4.5.4.2-minimum", "given-long-before", "rule", "no-name",
         "no-tournament", "kind", "out-of-order", "lift-unknown"],
)  # fmt: skip
def test_bad_input(
    runner: CliRunner, season: Path, args: list[str], code: int, message: str
) -> None:
    before = file_digest(season)
    out = _run(runner, "discipline", *args, code=code)
    assert message in " ".join(out.split())
    assert file_digest(season) == before


def test_a_member_known_only_from_the_discipline_registry_keeps_his_name(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Entry 1 named him with --name; a second entry without --name takes that name (he is
    in no tournament and not in the rating registry). A member known nowhere is refused,
    the message naming the places looked in — no tournament when none was named."""
    _run(runner, "discipline", "add", "warning", "12345", "--name", "Holm, Ib", "--event",
         "Aarhus EMT 2026", "--last-day", "2026-04-01", "--date", "2026-04-01")  # fmt: skip
    out = _run(runner, "discipline", "add", "warning", "12345", "--event", "Aarhus EMT 2026",
               "--last-day", "2026-06-14", "--date", "2026-06-14", "--json")  # fmt: skip
    assert json.loads(out)["name"] == "Holm, Ib"
    out = _run(runner, "discipline", "add", "warning", "777", "--event", "E",
               "--last-day", "2026-06-14", "--date", "2026-06-14", code=3)  # fmt: skip
    text = " ".join(out.split())
    assert "DSU member 777 is not in the rating registry or the discipline registry" in text
    assert "tournament" not in text.split(";")[0].split("error:")[-1]
