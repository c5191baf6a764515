"""``skak report`` on the demo tournament: every item of §6 in the summary, the JSON, the
TRF file and the web page; the refusals, and files guarded as every output is."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app
from skak.io.trf import parse_trf

ITEMS = [
    "Turneringsresultater",
    "Beregnede nye ratingtal",
    "Opnåede kandidatresultater",
    "Datoer for turneringens afvikling",
    "Uddelte advarsler og karantæner",
    "Navne på dommere",
    "Udeblivelser",
]


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout + result.stderr


def demo_with_a_warning(runner: CliRunner) -> None:
    """The demo tournament, and a warning its committee gave player 3 (DSU 200003)."""
    _run(runner, "demo")
    _run(runner, "discipline", "add", "warning", "200003", "-t", "1", "--date", "2026-11-24",
         "--reason", "talte under partiet")  # fmt: skip


def test_the_demo_s_report(runner: CliRunner, tmp_path: Path) -> None:
    demo_with_a_warning(runner)
    summary = " ".join(_run(runner, "report", "--arbiter", "Inge Holm").split())
    for item in ITEMS:
        assert item in summary
    assert "missing" not in summary
    out = _run(runner, "report", "--arbiter", "Inge Holm", "--arbiter", "Ole Olsen",
               "--trf", "r.trf", "--html", "r.html")  # fmt: skip
    assert "Send them to kartotek@skak.dk by 2026-12-01" in out
    trf = (tmp_path / "r.trf").read_text(encoding="utf-8")
    assert "102 Inge Holm\n112 Ole Olsen\n" in trf
    assert len(parse_trf(trf).tournament.rounds) == 9
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    for text in (*ITEMS, "Results (turneringsresultater)", "Crosstable (krydstabel)",
                 "New ratings (beregnede nye ratingtal)", "Candidate results",
                 "Warnings and quarantines", "talte under partiet", "Forfeits (udeblivelser",
                 "Inge Holm (chief arbiter), Ole Olsen", "2026-09-01 – 2026-11-24"):  # fmt: skip
        assert text in page, text
    assert page.count("✓") == 7
    data = json.loads(_run(runner, "report", "--arbiter", "Inge Holm", "--json"))
    assert [i["item"] for i in data["items"]] == ITEMS
    assert all(i["complete"] for i in data["items"])
    assert len(data["rating"]["players"]) == 10
    assert data["sanctions"][0]["member"] == 200003
    assert set(data) >= {"standings", "crosstable", "candidates", "forfeits", "absent", "due"}


def test_refusals_and_guarded_files(runner: CliRunner, tmp_path: Path) -> None:
    demo_with_a_warning(runner)
    assert "give --arbiter NAME" in _run(runner, "report", code=3)
    (tmp_path / "r.html").write_text("keep me", encoding="utf-8")
    out = _run(runner, "report", "--arbiter", "A", "--trf", "r.trf", "--html", "r.html", code=3)
    assert "r.html: the file exists already" in out
    assert not (tmp_path / "r.trf").exists()  # nothing written when one file may not be
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == "keep me"
    out = _run(runner, "report", "--arbiter", "A", "--trf", "x", "--html", "x", code=3)
    assert "--trf and --html name the same file" in out
    _run(runner, "new", "Lyn", "--system", "berger")
    for name in ("A, A", "B, B", "C, C", "D, D"):
        _run(runner, "players", "add", name, "-t", "Lyn")
    _run(runner, "pair", "-t", "Lyn")
    assert "is not finished" in _run(runner, "report", "--arbiter", "A", "-t", "Lyn", code=5)
