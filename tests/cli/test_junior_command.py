"""``skak junior standings FILE.json`` (5.5): standings and composition problems."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skak.cli import app


def _file(tmp: Path) -> Path:
    def players(t: str, cadets: int) -> list[dict[str, object]]:
        return [
            {
                "id": f"{t}{i}",
                "name": f"{t} {i}",
                "birth_date": "2011-05-05" if i <= cadets else "2007-05-05",
                "girl": i == 8,
            }
            for i in range(1, 9)
        ]

    data = {
        "day": "2025-10-04",
        "teams": [
            {"name": "1. HK", "players": players("a", 6)},
            {"name": "2. HK", "players": players("b", 5)},
            {"name": "3. HK", "players": players("c", 6)},
        ],
        "matches": [
            {"round": 1, "first": "1. HK", "second": "2. HK",
             "first_players": [f"a{i}" for i in range(1, 9)],
             "second_players": [f"b{i}" for i in range(1, 9)],
             "results": ["1-0"] * 5 + ["0-1"] * 3},
            {"round": 2, "first": "3. HK", "second": "1. HK",
             "results": ["=", "=", "=", "=", "1", "1", "0", "0"]},
            {"round": 3, "first": "2. HK", "second": "3. HK", "results": ["1-0"] * 8},
        ],
    }  # fmt: skip
    path = tmp / "junior.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_junior_standings(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["junior", "standings", str(_file(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert [(r["team"], r["match_points"], r["board_points"]) for r in view["standings"]] == [
        ("1. HK", "3", "9"),
        ("2. HK", "2", "11"),
        ("3. HK", "1", "4"),
    ]
    assert view["problems"] == [
        "round 1: 2. HK: 5 cadets (not 16 on 1 January 2025) among the players; 5.5 §6 asks 6"
    ]
    text = runner.invoke(app, ["junior", "standings", str(_file(tmp_path))]).stdout
    assert "5.5 §6 asks 6" in text


def test_a_bad_file(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"day": "2025-10-04", "teams": []', encoding="utf-8")
    result = runner.invoke(app, ["junior", "standings", str(bad)])
    assert result.exit_code == 3
    assert "bad.json" in result.stderr
