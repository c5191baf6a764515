"""``skak cup …`` end to end: a Bredde row paired by team Monrad, the rating cap refused
and accepted at its boundary, results, a tie for first and §9's play-off."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app
from tests.conftest import file_digest


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


def _teams(tmp: Path) -> Path:
    """A: four 1800s and a 1600 reserve (average exactly 1800); B: 1801 on board 1, so its
    first four average 1800.25 — it must field its 1500 reserve; C and D well below."""
    ratings = {
        "A": (1800, 1800, 1800, 1800, 1600),
        "B": (1801, 1800, 1800, 1800, 1500),
        "C": (1700, 1600, 1500, 1400, None),
        "D": (1750, 1650, 1550, 1450, None),
    }
    lines = ["hold;klub;navn;id;ratingtal"]
    for t, rs in ratings.items():
        lines += [f"{t};Klub {t};{t} {i};{t}{i};{r}" for i, r in enumerate(rs, 1) if r]
    path = tmp / "pokal.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_bredde_row_with_the_cap_and_a_playoff(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "cup", "new", "Pokal 2025 Bredde", "--row", "bredde", "--date", "2025-06-08",
        "--rounds", "3")  # fmt: skip
    assert "4 teams entered" in run(runner, "cup", "teams", str(_teams(tmp_path)))
    teams = json.loads(run(runner, "cup", "teams", "--json"))
    assert [t["average"] for t in teams] == ["1800", "1800.25", "1550", "1600"]

    r1 = json.loads(run(runner, "cup", "pair", "--json"))
    assert [(m["first"], m["second"]) for m in r1["matches"]] == [("B", "A"), ("D", "C")]

    before = file_digest(Path("skak.db"))
    err = run(runner, "cup", "lineup", "1", "B", "B1", "B2", "B3", "B4", code=3)
    assert "average 1800.25, above the Bredde row's 1800 (5.3 §4)" in err
    assert file_digest(Path("skak.db")) == before
    err = run(runner, "cup", "result", "1", "B", "1", "½", "0", "½", code=3)
    assert "enter the line-up that played" in err  # B's first four are over the cap
    run(runner, "cup", "lineup", "1", "B", "B1", "B2", "B3", "B5")  # 1725.25: accepted
    run(runner, "cup", "lineup", "1", "A", "A1", "A2", "A3", "A4")  # exactly 1800: accepted
    run(runner, "cup", "result", "1", "B", "1", "½", "0", "½")  # 2-2
    run(runner, "cup", "result", "1", "D", "0", "0", "0", "0")  # C 4-0

    r2 = json.loads(run(runner, "cup", "pair", "--json"))
    assert {frozenset((m["first"], m["second"])) for m in r2["matches"]} == {
        frozenset("CA"),
        frozenset("BD"),
    }
    for m in r2["matches"]:
        if "B" in (m["first"], m["second"]):
            run(runner, "cup", "lineup", "2", "B", "B1", "B2", "B3", "B5")
        results = ["1", "1", "½", "½"] if m["first"] in "AB" else ["0", "0", "½", "½"]
        run(runner, "cup", "result", "2", m["first"], *results)
    r3 = json.loads(run(runner, "cup", "pair", "--json"))
    for m in r3["matches"]:
        if "B" in (m["first"], m["second"]):
            run(runner, "cup", "lineup", "3", "B", "B1", "B2", "B3", "B5")
        run(runner, "cup", "result", "3", m["first"], "½", "½", "½", "½")
    standings = json.loads(run(runner, "cup", "standings", "--json"))
    top = [(r["rank"], r["team"], r["board_points"], r["shared"]) for r in standings["standings"]]
    assert sorted(top[:2]) == [(1, "A", "7", True), (1, "B", "7", True)]
    assert sorted(standings["playoff"]) == ["A", "B"]

    err = run(runner, "cup", "playoff", "B", "A", "1", "0", "½", "1", code=3)
    assert "colours are swapped" in err
    run(runner, "cup", "playoff", "A", "B", "½", "½", "½", "½")  # black scores every draw
    final = json.loads(run(runner, "cup", "standings", "--json"))
    assert final["playoff"] == []
    assert final["standings"][0]["team"] == "B"  # 2-2, board 1's black: B
    assert final["standings"][1]["decided_by"] == "the play-off (omkamp, 5.3 §9)"
    text = run(runner, "cup", "standings", "--explain")
    assert "§9 (3): equal; board 1's point decides: B" in text
    # 5.3 §9 entered again (a mistyped board 1): the later card replaces the earlier one.
    run(runner, "cup", "playoff", "A", "B", "1", "½", "½", "½")
    again = json.loads(run(runner, "cup", "standings", "--json"))
    assert [r["team"] for r in again["standings"][:2]] == ["A", "B"]
    assert "nothing changed" in run(runner, "cup", "playoff", "A", "B", "1", "½", "½", "½")
    assert json.loads(run(runner, "cup", "list", "--json"))[0]["paired"] == 3
    assert "Round 1" in run(runner, "cup", "round", "1")


def run_notes(runner: CliRunner, *args: str) -> str:
    """The notes (standard error) of a command that succeeds, on one line."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return " ".join(result.stderr.split())


def _paired_row(runner: CliRunner, tmp: Path) -> None:
    run(runner, "cup", "new", "Pokal 2025 Bredde", "--row", "bredde", "--date", "2025-06-08",
        "--rounds", "3")  # fmt: skip
    run(runner, "cup", "teams", str(_teams(tmp)))
    run(runner, "cup", "pair")
    run(runner, "cup", "lineup", "1", "B", "B1", "B2", "B3", "B5")
    run(runner, "cup", "result", "1", "B", "1", "½", "0", "½")
    run(runner, "cup", "result", "1", "D", "0", "0", "0", "0")


def test_a_line_up_corrected_after_the_result_sets_the_result_aside(
    runner: CliRunner, tmp_path: Path
) -> None:
    """5.3 §4: the round card (rundekort) names the players with the results; a line-up
    corrected after the result sets the card aside, to be entered again, as in the league."""
    _paired_row(runner, tmp_path)
    text = run_notes(runner, "cup", "lineup", "1", "A", "A1", "A2", "A3", "A5")
    assert "B–A: the result was entered for the line-up as it stood and is set aside" in text
    assert "enter it again (skak cup result 1 B …)" in text
    assert "paired on the old result" not in text
    standings = json.loads(run(runner, "cup", "standings", "--json"))
    points = {r["team"]: r["board_points"] for r in standings["standings"]}
    assert points["A"] == points["B"] == "0"
    run(runner, "cup", "result", "1", "B", "1", "½", "0", "½")
    standings = json.loads(run(runner, "cup", "standings", "--json"))
    assert {r["team"]: r["board_points"] for r in standings["standings"]}["A"] == "2"
    # The same line-up again changes nothing and keeps the result.
    assert "Nothing changed" in run(runner, "cup", "lineup", "1", "A", "A1", "A2", "A3", "A5")


def test_a_line_up_corrected_after_the_next_round_was_paired_says_the_pairings_stand(
    runner: CliRunner, tmp_path: Path
) -> None:
    _paired_row(runner, tmp_path)
    run(runner, "cup", "pair")
    text = run_notes(runner, "cup", "lineup", "1", "A", "A1", "A2", "A3", "A5")
    assert "set aside" in text
    assert "round 2 was paired on the old result; the pairings stand" in text
    r2 = json.loads(run(runner, "cup", "round", "2", "--json"))
    assert len(r2["matches"]) == 2


def test_a_round_below_1_is_bad_input_and_a_short_card_names_the_match(
    runner: CliRunner, tmp_path: Path
) -> None:
    """README's exit codes: a round number below 1 is bad input (3), not a round not found
    (4); a card with too few results names the round and the match, as the league's does."""
    _paired_row(runner, tmp_path)
    for args in (("result", "0", "B", "1", "1", "1", "1"), ("lineup", "0", "A", "A1"),
                 ("round", "0")):  # fmt: skip
        err = " ".join(run(runner, "cup", *args, code=3).split())
        assert "a round is numbered from 1, not 0" in err
    err = " ".join(run(runner, "cup", "result", "1", "B", "1", "0", "½", code=3).split())
    assert "round 1: B–A: give 4 board results, not 3" in err
    err = " ".join(run(runner, "cup", "result", "1", "B", "1", "0", "½", "z", code=3).split())
    assert "round 1: B–A, board 4: 'z' is 1, ½ (=) or 0" in err
    err = " ".join(run(runner, "cup", "result", "2", "B", "1", "0", "½", "1", code=4).split())
    assert "round 2 of Pokal 2025 Bredde is not paired (rounds paired: 1)" in err


def test_a_default_line_up_above_the_cap_is_noted_at_the_pairing(
    runner: CliRunner, tmp_path: Path
) -> None:
    """5.3 §4: B's list's first four average 1800.25 > 1800. The leader hears it when the
    teams are entered, listed and paired — not only when the result is refused."""
    run(runner, "cup", "new", "Pokal 2025 Bredde", "--row", "bredde", "--date", "2025-06-08",
        "--rounds", "3")  # fmt: skip
    text = run_notes(runner, "cup", "teams", str(_teams(tmp_path)))
    assert "B: the list's first 4 average 1800.25, above the Bredde row's cap of 1800" in text
    assert "A: the list's first" not in text  # exactly 1800 is within the cap
    assert "1800.25, above" in run_notes(runner, "cup", "teams")
    r1 = json.loads(run(runner, "cup", "pair", "--json"))
    notes = {(m["first"], m["second"]): m["notes"] for m in r1["matches"]}
    assert notes[("D", "C")] == []
    assert notes[("B", "A")] == [
        "B's round 1 players average 1800.25, above the Bredde row's 1800 (5.3 §4); B plays "
        "the list's first 4 (no line-up entered): enter a line-up that may play before the "
        "result (skak cup lineup 1 B …)"
    ]
    text = " ".join(run(runner, "cup", "round", "1").split())
    assert "B's round 1 players average 1800.25" in text
    run(runner, "cup", "lineup", "1", "B", "B1", "B2", "B3", "B5")
    assert "1800.25" not in run(runner, "cup", "round", "1")
