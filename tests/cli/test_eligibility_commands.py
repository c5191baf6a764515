"""``skak classes`` and ``skak dm select``: the JSON shapes the README documents, the
tables, and bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "eligibility" / "dm-2026.json"


def test_classes_json(runner: CliRunner) -> None:
    done = runner.invoke(
        app, ["classes", "2016-12-31", "--sex", "w", "--date", "2026-10-02", "--json"]
    )
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert (data["born"], data["sex"], data["event"], data["edition"]) == (
        "2016-12-31", "w", "2026-10-02", "dsu-later",
    )  # fmt: skip
    got = {c["code"]: c["holds"] for c in data["classes"]}
    assert got["U-10"] is True
    assert got["P-10"] is True
    assert got["U-08"] is False
    assert got["junior"] is True
    assert set(data["classes"][0]) == {"code", "name", "paragraph", "holds", "reason"}


def test_classes_table_and_a_birth_year(runner: CliRunner) -> None:
    done = runner.invoke(app, ["classes", "1966", "--date", "2026-03-28", "--edition", "dsu-later"])
    assert done.exit_code == 0, done.output
    assert "veteranklassen" in done.stdout
    assert "the birth date is needed" in done.stdout


def test_classes_refuses_a_bad_date(runner: CliRunner) -> None:
    done = runner.invoke(app, ["classes", "31-12-2016", "--date", "2026-10-02"])
    assert done.exit_code == 3
    assert "birth date" in done.stderr


def test_dm_select_json(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "dm.json")
    done = runner.invoke(app, ["dm", "select", "dm.json", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert set(data) == {
        "year", "edition", "deadline", "previous_deadline", "first_round", "classes", "refused",
    }  # fmt: skip
    assert data["deadline"] == "2026-03-16"
    names = [c["name"] for c in data["classes"]]
    assert names == [
        "landsholdsklasse", "kandidatklasse", "veteranklasse", "øvrige grupper 1",
        "øvrige grupper 2",
    ]  # fmt: skip
    lh = data["classes"][0]
    assert set(lh) == {"name", "paragraph", "places", "players", "free_places", "reserves", "notes"}
    assert lh["players"][0] == {
        "member": 101,
        "name": "Andersen, Anders",
        "rating": 2455,
        "rule": "§36 (1)",
        "reason": "won the landsholdsklasse 2025",
    }
    assert data["refused"][0]["member"] == 120


def test_dm_select_table(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "dm.json")
    done = runner.invoke(app, ["dm", "select", "dm.json"])
    assert done.exit_code == 0, done.output
    for text in ("landsholdsklasse (§36, 10 places)", "kandidatklasse: reserves",
                 "Applications refused", "won the tie for the last place"):  # fmt: skip
        assert text in done.stdout
    assert "30 players placed" in done.stderr


def test_dm_select_bad_file(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["applications"].append(999)
    (tmp_path / "dm.json").write_text(json.dumps(data), encoding="utf-8")
    done = runner.invoke(app, ["dm", "select", "dm.json"])
    assert done.exit_code == 3
    assert "dm.json applications[31]: member 999 applied but is not on the players' list" in (
        done.stderr
    )
    missing = runner.invoke(app, ["dm", "select", "nowhere.json"])
    assert missing.exit_code == 3
    assert "nowhere.json: cannot read the file" in missing.stderr


def test_dm_select_refuses_an_unknown_key_naming_the_player(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A typo ('ratting') is refused, not read as a rating left out."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["players"][0]["ratting"] = data["players"][0].pop("rating")
    (tmp_path / "dm.json").write_text(json.dumps(data), encoding="utf-8")
    done = runner.invoke(app, ["dm", "select", "dm.json"])
    assert done.exit_code == 3, done.output
    text = " ".join(done.stderr.split())
    assert "dm.json" in text
    assert "players[0] (member 101): unknown key 'ratting' (known: member, name, rating," in text
    assert "has no rating" not in text


def test_dm_select_refuses_an_unknown_key_at_the_top_and_in_an_application(
    runner: CliRunner, tmp_path: Path
) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["wildcrad"] = 101
    (tmp_path / "dm.json").write_text(json.dumps(data), encoding="utf-8")
    done = runner.invoke(app, ["dm", "select", "dm.json"])
    assert done.exit_code == 3
    assert "top level: unknown key 'wildcrad'" in " ".join(done.stderr.split())
    del data["wildcrad"]
    data["applications"][0] = {"member": data["applications"][0], "veterans": True}
    (tmp_path / "dm.json").write_text(json.dumps(data), encoding="utf-8")
    done = runner.invoke(app, ["dm", "select", "dm.json"])
    assert done.exit_code == 3
    assert "applications[0] (member 101): unknown key 'veterans'" in " ".join(done.stderr.split())


def test_classes_refuses_a_player_born_after_the_event(runner: CliRunner) -> None:
    """Born after the event: no class holds him; bad input (exit 3), in plain words — not
    U-08 "yes"."""
    done = runner.invoke(app, ["classes", "2030-01-01", "--date", "2026-10-02"])
    assert done.exit_code == 3, done.output
    text = " ".join(done.stderr.split())
    assert "the birth date 2030-01-01 is after the event on 2026-10-02" in text
    year = runner.invoke(app, ["classes", "2027", "--date", "2026-10-02"])
    assert year.exit_code == 3
    assert "the year of birth 2027 is after the event" in " ".join(year.stderr.split())
    same = runner.invoke(app, ["classes", "2026-10-02", "--date", "2026-10-02", "--json"])
    assert same.exit_code == 0, same.output
