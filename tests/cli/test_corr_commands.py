"""``skak corr time`` and ``skak corr notation``: the JSON contract, the printed examples of
section 6 through the command line, and bad input named by card, move or date."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app

DATA = Path(__file__).resolve().parents[1] / "data" / "correspondence"


def _time(runner: CliRunner, data: object, *args: str) -> Any:
    Path("g.json").write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, ["corr", "time", "g.json", *args])


def test_6_8_2_example_as_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["corr", "time", str(DATA / "email-6.8.2.json"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(c["days"], c["total"]) for c in data["cards"]] == [
        (0, 0), (1, 1), (1, 1), (3, 4), (2, 3),
    ]  # fmt: skip
    assert data["control"] == {"days": 40, "moves": 10}
    white, black = data["players"]
    assert (white["used"], black["used"]) == (3, 4)
    assert white["controls"] == [
        {"move": 10, "limit": "40", "used": None, "card": None, "series_to": None,
         "status": "running"},
    ]  # fmt: skip
    assert data["overstep"] is None and data["to_move"] == "black"
    assert data["san"] == "1. e4 e5 2. Nf3 Nc6 3. Bb5"
    assert data["numeric"] == "1. 5254 5755 2. 7163 2836 3. 6125"
    assert set(data) == {
        "white", "black", "mode", "control", "to_move", "players", "cards", "overstep",
        "repeat_from", "tell_tl_from", "adjudication_from", "notes", "san", "numeric", "pgn",
    }  # fmt: skip


def test_6_3_6_3_example_through_the_command(runner: CliRunner) -> None:
    """Holiday 8/6–22/6: received 7/6, answered 10/6: 1 day; 13/6 → 23/6: 0 days."""
    result = runner.invoke(
        app, ["corr", "time", str(DATA / "post-6.3.6.3.json"), "--as-of", "2011-07-30", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [c["days"] for c in data["cards"]] == [0, 1, 1, 0, 2]
    assert data["cards"][4]["sent"] == "2011-06-27"  # the postmark (6.3.2)
    black = data["players"][1]
    assert black["pending"] == 32  # from 2011-06-28 (a postal day) to 30/7
    over = data["overstep"]
    assert over is not None
    assert (over["colour"], over["move"], over["control_move"], over["card"]) == (
        "black",
        3,
        10,
        None,
    )
    assert over["late_from"] == "2011-07-28"
    text = runner.invoke(app, ["corr", "time", str(DATA / "post-6.3.6.3.json")]).stdout
    assert "holiday 2011-06-08–2011-06-22: 15 days stop the clock" in text
    assert "No time overstep." in text


def test_corr_time_speaks_danish(runner: CliRunner) -> None:
    """``--lang da``: the table, each player's time, the holiday and its notes, the silence
    and adjudication dates in the tournament leader's words (QA: only ``fejl:`` was)."""
    path = str(DATA / "post-6.3.6.3.json")
    text = runner.invoke(app, ["--lang", "da", "corr", "time", path], env={"COLUMNS": "200"})
    assert text.exit_code == 0, text.output
    shown = text.stdout
    for words in (
        "30 dage til 10 træk",
        "┃ Kort ┃ Spiller ┃ Træk",
        "ferie 2011-06-08–2011-06-22: 15 dage standser uret",
        "Ingen tidsoverskridelse.",
        "Sort er i trækket. Er han tavs, gentager Hvid sit sidste træk fra",
        "kan TL indkalde det til bedømmelse fra 2012-11-01 (6.2.7)",
    ):
        assert words in shown, (words, shown)
    for english in ("days", "holiday", "overstep", "card "):
        assert english not in shown, (english, shown)


def test_corr_notation_speaks_danish(runner: CliRunner) -> None:
    shown = runner.invoke(app, ["--lang", "da", "corr", "notation", "1. 5254 5755 2. 7163"])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines() == [
        "numerisk: 1. 5254 5755 2. 7163",
        "SAN:      1. e4 e5 2. Nf3",
        "dansk:    1. e4 e5 2. Sf3",
    ]


def _game(**extra: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "mode": "post",
        "cards": [
            {"moves": "1. 5254", "sent": "2011-09-01"},
            {"moves": "1... 5755", "received": "2011-09-02", "sent": "2011-09-03"},
            {"moves": "2. 7163", "received": "2011-09-05", "sent": "2011-09-06"},
        ],
    }
    game.update(extra)
    return game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cards": [{"moves": "1. 5255", "sent": "2011-09-01"}]},
         "g.json: card 1 (White's): move 1. 5255 is illegal in that position"),
        ({"cards": [{"moves": "1. 5254", "sent": "2011-09-01"},
                    {"moves": "1... 5755", "received": "2011-08-30", "sent": "2011-09-03"}]},
         "card 2 (Black's): received 2011-08-30, before the opponent's card was sent "
         "(2011-09-01)"),
        ({"cards": [{"moves": "1. 5254", "sent": "2011-09-01"},
                    {"moves": "1... 5755", "received": "2011-09-04", "sent": "2011-09-03"}]},
         "card 2 (Black's): sent 2011-09-03, before the opponent's move was received"),
        ({"control": "fast"}, "g.json: control: unknown time control 'fast'"),
        ({"control": {"days": 0, "moves": 10}}, "control: a time control of 0 days"),
        ({"mode": "fax"}, "mode: 'fax' is not 'post' or 'email'"),
        ({"cards": [{"moves": "1. 5254", "sent": "1/9 2011"}]},
         "card 1, sent: '1/9 2011' is not a date like 2011-09-01"),
        ({"cards": [{"moves": "1. 5254", "sent": "2011-09-01", "recieved": "2011-09-01"}]},
         "card 1: unknown key 'recieved'"),
        ({"cards": [{"moves": "1. 5254"}]}, "card 1, sent: the date the card was sent is missing"),
        ({"holidays": [{"player": "white", "from": "2011-09-10", "to": "2011-09-01"}]},
         "holiday 1, to: 2011-09-01 is before 2011-09-10"),
    ],
)  # fmt: skip
def test_bad_input_names_the_card_move_or_date(
    runner: CliRunner, change: dict[str, Any], message: str
) -> None:
    Path("g.json").write_text(json.dumps(_game(**change)), encoding="utf-8")
    before = sorted(os.listdir("."))
    result = runner.invoke(app, ["corr", "time", "g.json"])
    assert result.exit_code == 3, result.output
    assert message in result.stderr
    assert sorted(os.listdir(".")) == before  # nothing written


def test_notation_both_ways(runner: CliRunner) -> None:
    result = runner.invoke(app, ["corr", "notation", "1. 5254 5755 2. 7163 2836 3. 6125"])
    assert result.exit_code == 0, result.output
    assert "SAN:     1. e4 e5 2. Nf3 Nc6 3. Bb5" in result.stdout
    assert "Danish:  1. e4 e5 2. Sf3 Sc6 3. Lb5" in result.stdout
    back = runner.invoke(app, ["corr", "notation", "1. e4 e5 2. Sf3 Sc6 3. Lb5", "--json"])
    (view,) = json.loads(back.stdout)
    assert view["numeric"] == "1. 5254 5755 2. 7163 2836 3. 6125"
    assert '[White "?"]' in view["pgn"] and view["pgn"].rstrip().endswith("3. Bb5 *")


def test_notation_of_a_pgn_file_and_promotions(runner: CliRunner) -> None:
    Path("p.pgn").write_text(
        '[Event "K-skak"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n'
        '[FEN "8/4P3/8/8/8/8/k7/6K1 w - - 0 1"]\n[SetUp "1"]\n\n1. e8=N *\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["corr", "notation", "--file", "p.pgn", "--json"])
    assert result.exit_code == 0, result.output
    (view,) = json.loads(result.stdout)
    assert view["numeric"] == "1. 5758(4)"
    iccf = runner.invoke(app, ["corr", "notation", "--file", "p.pgn", "--iccf"])
    assert "numeric: 1. 57584" in iccf.stdout
    pgn = runner.invoke(app, ["corr", "notation", "--file", "p.pgn", "--pgn"])
    assert '[White "A"]' in pgn.stdout and "1. e8=N *" in pgn.stdout


def test_notation_bad_input(runner: CliRunner) -> None:
    result = runner.invoke(app, ["corr", "notation", "1. 5254 5755 2. 5253"])
    assert result.exit_code == 3
    assert "move 2. 5253 is illegal in that position" in result.stderr
    Path("m.txt").write_text("1. e4 e5 2. Ke3", encoding="utf-8")
    result = runner.invoke(app, ["corr", "notation", "--file", "m.txt"])
    assert result.exit_code == 3
    assert "m.txt: move 2. Ke3 is illegal" in result.stderr
    assert runner.invoke(app, ["corr", "notation"]).exit_code == 3
