"""``skak corr new | players | card | result | standings | overdue``: a postal EMT group of
7 kept in the database over several commands and a new process, what is overdue as of a
day, the standings by 6.5.4.1, bad input refused with nothing written, and Danish."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app
from tests.conftest import file_digest

WINS = {("A", "B"), ("A", "D"), ("C", "E"), ("C", "F"), ("B", "G")}


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


def _process(*args: str) -> subprocess.CompletedProcess[str]:
    """``skak ARGS`` in a new Python process, on the same database file."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "skak", *args], env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip


def _group(runner: CliRunner, tmp_path: Path) -> dict[str, str]:
    """The group, its players from a CSV, every game but F–G finished as 6.5.4.1's case
    has it; the games' names by their players (``{"AB": "1-2"}``)."""
    run(runner, "corr", "new", "EMT K 2011/3", "--class", "K", "--start", "2011-09-01")
    players = tmp_path / "spillere.csv"
    players.write_text(
        "navn;medlemsnummer;ratingtal\n"
        + "".join(f"{n};{1000 + i};{1900 + i}\n" for i, n in enumerate("ABCDEFG", 1)),
        encoding="utf-8",
    )
    shown = run(runner, "corr", "players", "--file", str(players))
    assert "7 players entered, 21 games" in shown
    view = json.loads(run(runner, "corr", "players", "--json"))
    assert [(p["number"], p["name"], p["member"]) for p in view["players"]][:2] == [
        (1, "A", 1001), (2, "B", 1002),
    ]  # fmt: skip
    games = {g["white"] + g["black"]: g["game"] for g in view["games"]}
    for i, a in enumerate("ABCDEFG"):
        for b in "ABCDEFG"[i + 1 :]:
            if (a, b) == ("F", "G"):
                continue
            name = games.get(a + b) or games[b + a]
            result = "1/2-1/2"
            if (a, b) in WINS:
                result = "1-0" if a + b in games else "0-1"
            run(runner, "corr", "result", name, result)
    return games


def test_a_group_over_several_commands_and_a_new_process(runner: CliRunner, tmp_path: Path) -> None:
    games = _group(runner, tmp_path)
    fg = games["FG"]
    assert fg == "6-7"
    shown = run(runner, "corr", "card", fg, "--moves", "1. 5254", "--sent", "2011-09-01")
    assert "Game 6-7, card 1 (white): 1. e4 — 0 days, 0 in all, limit 30 by move 10" in shown
    run(runner, "corr", "card", fg, "--moves", "1. 5254, 3735", "--received", "2011-09-03",
        "--sent", "2011-09-05")  # fmt: skip
    # a new process on the same file takes the next card
    done = _process("corr", "card", fg, "--moves", "1... 3735 2. 7163", "--received",
                    "2011-09-07", "--sent", "2011-09-08")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game 6-7, card 3 (white): 2. Nf3 — 1 day, 1 in all" in done.stdout

    # G is silent; by 20 October he has used 2 + 41 days on his second move
    data = json.loads(run(runner, "corr", "overdue", "--as-of", "2011-10-20", "--json"))
    assert data["as_of"] == "2011-10-20"
    (due,) = data["due"]
    assert {k: due[k] for k in ("game", "action", "player", "opponent", "day", "used")} == {
        "game": "6-7", "action": "overstep", "player": "G", "opponent": "F",
        "day": "2011-10-08", "used": 43,
    }  # fmt: skip
    (game,) = data["games"]
    assert (game["repeat_from"], game["tell_tl_from"]) == ("2011-09-24", "2011-10-01")
    text = _process("corr", "overdue", "--as-of", "2011-09-26")
    assert text.returncode == 0, text.stderr
    assert (
        "2011-09-24 game 6-7 (F – G): F has not heard from G: he repeats his last move from "
        "2011-09-24 (6.3.4)" in " ".join(text.stdout.split())
    )
    tl = " ".join(run(runner, "corr", "overdue", "--as-of", "2011-10-03").split())
    assert "G is silent after the repetition: the TL writes to him from 2011-10-01" in tl
    assert "Nothing is due on 2011-09-20." in run(runner, "corr", "overdue", "--as-of",
                                                   "2011-09-20")  # fmt: skip

    run(runner, "corr", "result", fg, "=")
    standings = json.loads(run(runner, "corr", "standings", "--json"))
    assert standings["complete"] and standings["places"] == 2
    rows = standings["standings"]
    assert [(r["rank"], r["name"], r["points"], r["sonneborn_berger"]) for r in rows[:3]] == [
        (1, "A", "4", "11.25"), (2, "C", "4", "11"), (3, "B", "3", "8.25"),
    ]  # fmt: skip
    assert [(r["rank"], r["shared"]) for r in rows[3:]] == [(4, True)] * 4
    table = run(runner, "corr", "standings")
    assert "│ 4= │" in table and "first place with 4 points (6.5.3.2 a)" in table
    assert "EMT K 2011/3" in run(runner, "corr", "list")


def test_bad_input_is_refused_and_nothing_is_written(runner: CliRunner, tmp_path: Path) -> None:
    games = _group(runner, tmp_path)
    run(runner, "corr", "card", "6-7", "--moves", "1. e4", "--sent", "2011-09-01")
    before = file_digest(Path("skak.db"))
    err = run(runner, "corr", "card", "6-7", "--moves", "1... Ke7", "--received", "2011-09-03",
              "--sent", "2011-09-05", code=3)  # fmt: skip
    assert "error: game 6-7 (F – G), card 2 (Black's): move 1... Ke7 is illegal" in err
    err = run(runner, "corr", "card", "6-7", "--moves", "1... c5", "--received", "2011-08-30",
              "--sent", "2011-09-05", code=3)  # fmt: skip
    assert "card 2 (Black's): received 2011-08-30, before the opponent's card was sent" in err
    assert "has no game 8-9" in run(runner, "corr", "card", "8-9", "--moves", "1. e4",
                                    "--sent", "2011-09-01", code=4)  # fmt: skip
    finished = games.get("AB") or games["BA"]
    assert "is finished (1-0): no more cards" in run(
        runner, "corr", "card", finished, "--moves", "1. e4", "--sent", "2011-09-01", code=5
    )
    assert "result '2-0' is not" in run(runner, "corr", "result", "6-7", "2-0", code=3)
    assert "has begun" in run(runner, "corr", "players", "X", "Y", code=5)
    assert "the card's moves are missing" in run(runner, "corr", "card", "6-7", code=3)
    assert file_digest(Path("skak.db")) == before


def test_take_back_withdraw_holiday_and_game(runner: CliRunner, tmp_path: Path) -> None:
    _group(runner, tmp_path)
    run(runner, "corr", "card", "6-7", "--moves", "1. e4", "--sent", "2011-09-01")
    assert "the last card was taken back; 0 cards stand" in run(
        runner, "corr", "card", "6-7", "--take-back"
    )
    run(runner, "corr", "holiday", "F", "--from", "2011-10-01", "--to", "2011-10-10")
    game = json.loads(run(runner, "corr", "game", "6-7", "--json"))
    assert game["white"] == "F" and game["cards"] == []
    out = run(runner, "corr", "withdraw", "7", "--date", "2011-11-01", "--reason", "silent")
    assert "Withdrawal entered" in out
    rows = json.loads(run(runner, "corr", "standings", "--json"))["standings"]
    g = next(r for r in rows if r["name"] == "G")
    assert (g["withdrawn"], g["prize_right"]) == (True, False)


def test_the_group_commands_speak_danish(runner: CliRunner, tmp_path: Path) -> None:
    _group(runner, tmp_path)
    run(runner, "corr", "card", "6-7", "--moves", "1. e4", "--sent", "2011-09-01")
    shown = " ".join(
        run(runner, "--lang", "da", "corr", "overdue", "--as-of", "2011-10-20").split()
    )
    assert "Forfalden pr. 2011-10-20:" in shown
    assert "G har overskredet betænkningstiden på sit træk 1" in shown
    standings = run(runner, "--lang", "da", "corr", "standings")
    assert "Spiller" in standings and "Bemærk:" in standings
    err = run(runner, "--lang", "da", "corr", "result", "6-7", "2-0", code=3)
    assert "resultat '2-0' er ikke" in err
