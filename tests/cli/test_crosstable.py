"""``skak crosstable`` (issue #23 item 21): a real HTML table, ``--json``, "Wrote" once,
notes on standard error, one number format per column."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app


def run(runner: CliRunner, *args: str) -> tuple[str, str]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout, result.stderr


class _Cells(HTMLParser):
    """The text of every header and data cell of the page's table, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


@pytest.fixture
def demo(runner: CliRunner) -> CliRunner:
    run(runner, "demo")
    return runner


def test_html_is_a_table_of_the_crosstable(demo: CliRunner, tmp_path: Path) -> None:
    page = tmp_path / "krydstabel.html"
    _, err = run(demo, "crosstable", "--html", str(page))
    assert err.count("Wrote") == 1
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<table>" in text
    cells = _Cells()
    cells.feed(text)
    head, *rows = cells.rows
    rounds = [str(r) for r in range(1, 10)]
    assert head == ["#", "No.", "Name", "Rating", "Club", *rounds, "Points", "SB", "Place"]
    standings = json.loads(run(demo, "standings", "--json")[0])["standings"]
    assert [r[1] for r in rows] == [str(s["start_number"]) for s in standings]
    assert [r[2] for r in rows] == [s["name"] for s in standings]
    assert [r[-1] for r in rows] == [s["place"] for s in standings]
    assert all(re.fullmatch(r"\d+[hs](1|½|0|\+|−)", c) for r in rows for c in r[5:14])


def test_html_speaks_the_commands_language(demo: CliRunner, tmp_path: Path) -> None:
    """The page's language is the command's (``--lang``), and its ``lang`` says which."""
    run(demo, "crosstable", "--html", str(tmp_path / "en.html"))
    english = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and "Crosstable after round 9" in english
    run(demo, "--lang", "da", "crosstable", "--html", str(tmp_path / "da.html"))
    danish = (tmp_path / "da.html").read_text(encoding="utf-8")
    assert '<html lang="da">' in danish
    cells = _Cells()
    cells.feed(danish)
    assert cells.rows[0][:5] == ["#", "Nr.", "Navn", "Rating", "Klub"]
    assert "Krydstabel efter runde 9" in danish and "Point" in cells.rows[0]
    assert "Gladiator-omkamp" in danish and "Name" not in danish


def test_names_are_escaped(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "new", "<b>Cup</b>", "--unrated")
    for name in ("A, <script>", "B, B", "C, C"):
        run(runner, "players", "add", name)
    run(runner, "pair")
    run(runner, "crosstable", "--html", str(tmp_path / "k.html"))
    text = (tmp_path / "k.html").read_text(encoding="utf-8")
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "&lt;b&gt;Cup&lt;/b&gt;" in text


def test_json(demo: CliRunner) -> None:
    out, err = run(demo, "crosstable", "--json")
    assert err == ""
    data = json.loads(out)
    assert (data["after_round"], data["tiebreaks"]) == (9, ["SB"])
    first = data["crosstable"][0]
    assert list(first) == [
        "line", "place", "rank", "start_number", "name", "rating", "club", "rounds",
        "points", "tiebreaks",
    ]  # fmt: skip
    cell = first["rounds"][0]
    assert set(cell) == {"round", "opponent", "colour", "result", "points", "mark"}
    lines = {r["start_number"]: r["line"] for r in data["crosstable"]}
    colour = {"white": "h", "black": "s"}[cell["colour"]]  # hvid / sort
    assert cell["mark"].startswith(f"{lines[cell['opponent']]}{colour}")
    standings = json.loads(run(demo, "standings", "--json")[0])["standings"]
    assert [(r["points"], r["tiebreaks"]) for r in data["crosstable"]] == [
        (s["points"], s["tiebreaks"]) for s in standings
    ]


def test_notes_go_to_standard_error(demo: CliRunner) -> None:
    out, err = run(demo, "crosstable")
    assert "krydstabel" in out and "DSU §24" not in out
    assert "DSU §24 default" in err


def test_one_number_format_per_column(demo: CliRunner) -> None:
    """The demo's SB column holds quarters: written 18¼ everywhere, never 18.25."""
    sb = [
        r["tiebreaks"]["SB"] for r in json.loads(run(demo, "standings", "--json")[0])["standings"]
    ]
    assert any(v.endswith((".25", ".75")) for v in sb)
    for command in ("standings", "crosstable"):
        out, _ = run(demo, command)
        assert not re.search(r"\b\d+\.(25|5|75)\b", out), out
        assert re.search(r"\d[¼¾]", out)
