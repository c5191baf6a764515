"""``skak varma --from-tournament`` and ``skak olympiad --from-tournament``: draws on a
tournament's players that write nothing; the size limits of ``schedule``, ``knockout bracket``
and ``olympiad``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.pairing.varma import VARMA_TABLES


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


def _add(runner: CliRunner, name: str, *options: str) -> None:
    run(runner, "players", "add", name, *options)


#: Twelve players in three clubs of four, three and two, and three players without a club.
CLUBS = ["Aarhus"] * 4 + ["Odense"] * 3 + ["Køge"] * 2 + [""] * 3


def _round_robin(runner: CliRunner, clubs: list[str] = CLUBS, system: str = "berger") -> None:
    run(runner, "new", "Klubturnering", "--system", system, "--unrated")
    for i, club in enumerate(clubs, start=1):
        options = ("--club", club) if club else ()
        _add(runner, f"Spiller, {i:02d}", *options, "--federation", "DEN" if i % 2 else "SWE")


def _state(runner: CliRunner) -> tuple[Any, int]:
    """The players and the number of changes: what a command must leave alone."""
    players = json.loads(run(runner, "players", "list", "--json"))
    return players, len(json.loads(run(runner, "history", "--json")))


# -- skak varma --from-tournament -----------------------------------------------------------


def _groups_of(numbers: list[int], table: int) -> set[str]:
    """The printed Varma groups (FIDE C.06 annex 2 point 5) holding ``numbers``."""
    return {g for g, nums in VARMA_TABLES[table].items() for n in numbers if n in nums}


@pytest.mark.parametrize("seed", ["1", "2026", "klub"])
def test_varma_draws_the_tournaments_players_by_club(runner: CliRunner, seed: str) -> None:
    """Annex 2 point 3: the players of one club draw from one group; every number 1…12 once."""
    _round_robin(runner)
    before = _state(runner)
    data = json.loads(
        run(runner, "varma", "--from-tournament", "--by", "club", "--seed", seed, "--json")
    )
    assert data["saved"] is False and data["by"] == "club"
    assert sorted(x["number"] for x in data["numbers"]) == list(range(1, 13))
    assert sorted(x["start_number"] for x in data["numbers"]) == list(range(1, 13))
    number = {x["start_number"]: x["number"] for x in data["numbers"]}
    for club in ("Aarhus", "Odense", "Køge"):
        members = [i for i, c in enumerate(CLUBS, start=1) if c == club]
        assert len(_groups_of([number[i] for i in members], 12)) == 1, club
        assert {x["delegation"] for x in data["numbers"] if x["start_number"] in members} == {club}
    for x in data["numbers"]:
        assert x["number"] in VARMA_TABLES[12][x["group"]]
    # the largest club draws first (point 2) and has the only group with room for four
    assert _groups_of([number[i] for i in range(1, 5)], 12) == {"A"}
    again = json.loads(
        run(runner, "varma", "--from-tournament", "--by", "club", "--seed", seed, "--json")
    )
    assert again["numbers"] == data["numbers"]  # the same seed, the same lodtrækning
    assert _state(runner) == before  # nothing written


def test_varma_by_federation_is_the_default(runner: CliRunner) -> None:
    """Ten players, five of DEN and five of SWE: no group of the table for 10 holds five
    numbers, so DEN (first by code, point 2) fills the two groups of three as far as it can."""
    _round_robin(runner, CLUBS[:10])
    data = json.loads(run(runner, "varma", "--from-tournament", "--seed", "5", "--json"))
    assert data["by"] == "federation" and data["players"] == 10
    assert [d["delegation"] for d in data["delegations"]] == ["DEN", "SWE"]
    number = {x["start_number"]: x["number"] for x in data["numbers"]}
    den = [number[i] for i in range(1, 11, 2)]
    assert sorted(den + [number[i] for i in range(2, 11, 2)]) == list(range(1, 11))
    threes = [set(nums) for nums in VARMA_TABLES[10].values() if len(nums) == 3]
    assert sorted(len(group & set(den)) for group in threes) == [2, 3]
    assert any("DEN has 5 players" in line for line in data["explanation"])


def test_varma_text_shows_names_numbers_and_that_nothing_was_saved(runner: CliRunner) -> None:
    _round_robin(runner)
    out = run(runner, "varma", "--from-tournament", "--by", "club", "--seed", "9")
    assert "Varma draw for the 12 players of Klubturnering" in out
    assert "Spiller, 01" in out and "Aarhus" in out and "Registered as" in out
    assert "Nothing was saved" in out
    assert "seed 9" in out  # the explanation of the lots


def test_varma_without_a_seed_prints_the_seed_it_drew_with(runner: CliRunner) -> None:
    _round_robin(runner)
    data = json.loads(run(runner, "varma", "--from-tournament", "--by", "club", "--json"))
    seed = data["seed"]
    assert seed
    again = json.loads(
        run(runner, "varma", "--from-tournament", "--by", "club", "--seed", seed, "--json")
    )
    assert again["numbers"] == data["numbers"]


def test_varma_leaves_out_withdrawn_players_and_notes_a_system_that_is_no_round_robin(
    runner: CliRunner,
) -> None:
    _round_robin(runner, [*CLUBS, "Vejle"], system="monrad")
    run(runner, "players", "withdraw", "13", "--from-round", "1")
    data = json.loads(run(runner, "varma", "--from-tournament", "--json", "--seed", "1"))
    assert data["players"] == 12
    assert 13 not in {x["start_number"] for x in data["numbers"]}
    assert any("monrad" in line for line in data["explanation"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("varma",), "give --players N, or --from-tournament"),
        (("varma", "-n", "12", "--from-tournament"), "not both"),
        (("varma", "-n", "12", "--seed", "3"), "use them with --from-tournament"),
        (("varma", "-n", "12", "--by", "club"), "use them with --from-tournament"),
        (("varma", "--from-tournament", "--by", "country"), "federation or club"),
    ],
)
def test_varma_bad_options(runner: CliRunner, args: tuple[str, ...], message: str) -> None:
    _round_robin(runner)
    assert message in run(runner, *args, code=3)


def test_varma_needs_9_to_24_players_and_comes_before_round_1(runner: CliRunner) -> None:
    _round_robin(runner, CLUBS[:8])
    assert "9 to 24 players, not 8" in run(runner, "varma", "--from-tournament", code=3)
    _add(runner, "Spiller, 09")
    run(runner, "pair")
    assert "before round 1" in run(runner, "varma", "--from-tournament", code=3)


def test_varma_for_a_number_of_players_still_works(runner: CliRunner) -> None:
    data = json.loads(run(runner, "varma", "--players", "12", "--json"))
    assert data["groups"] == {g: list(nums) for g, nums in VARMA_TABLES[12].items()}


# -- skak olympiad --from-tournament --------------------------------------------------------

#: name, DSU rating, FIDE rating — in the strength order the command must find: DSU rating
#: first, then FIDE rating, then start number; a missing rating below every rating.
RANKED = [
    ("Stærk, Anna", "2210", ""),
    ("Lige, Bo", "2050", "2100"),
    ("Lige, Carl", "2050", "2000"),
    ("Lige, Dan", "2050", ""),
    ("Middel, Eva", "1800", ""),
    ("Middel, Finn", "1800", ""),  # a tie in everything: start number decides
    ("Udlænding, Gus", "", "2300"),  # only a FIDE rating: below every DSU rating
    ("Ny, Hans", "", ""),
]
#: The order the players are registered in (start numbers 1…8), as indices into RANKED.
REGISTERED = [6, 3, 7, 4, 1, 5, 0, 2]
#: 4.9.9.5's order for two blocks of four: ranks 1–4 to teams 1, 2, 3, 4; 5–8 to 4, 3, 2, 1.
TEAMS_OF_8 = {1: [1, 8], 2: [2, 7], 3: [3, 6], 4: [4, 5]}


def _club(runner: CliRunner) -> dict[str, int]:
    run(runner, "new", "Olympiade", "--system", "berger", "--unrated")
    for i in REGISTERED:
        name, dsu, fide = RANKED[i]
        options = [*(("--rating", dsu) if dsu else ()), *(("--fide-rating", fide) if fide else ())]
        _add(runner, name, *options)
    return {RANKED[i][0]: n for n, i in enumerate(REGISTERED, start=1)}


def test_olympiad_drafts_the_tournaments_players_by_strength(runner: CliRunner) -> None:
    number = _club(runner)
    before = _state(runner)
    data = json.loads(run(runner, "olympiad", "--from-tournament", "--teams", "4", "--json"))
    assert [r["name"] for r in data["ranking"]] == [name for name, _, _ in RANKED]
    assert [r["start_number"] for r in data["ranking"]] == [number[n] for n, _, _ in RANKED]
    assert [r["rank"] for r in data["ranking"]] == list(range(1, 9))
    for team in data["draft"]:
        ranks = TEAMS_OF_8[team["team"]]
        assert team["players"] == ranks
        assert team["names"] == [RANKED[r - 1][0] for r in ranks]
        assert team["start_numbers"] == [number[RANKED[r - 1][0]] for r in ranks]
    assert any("ranked by strength" in line for line in data["explanation"])
    assert len(data["schedule"]) == 3  # 4 teams, all against all
    assert _state(runner) == before


def test_olympiad_text_names_the_players(runner: CliRunner) -> None:
    _club(runner)
    out = run(runner, "olympiad", "--from-tournament", "-t", "4", "--tournament", "Olympiade")
    assert "Olympiad draft: 8 players of Olympiade into 4 teams" in out
    assert "1. Stærk, Anna (2210); 8. Ny, Hans (no rating)" in out
    assert "Udlænding, Gus (FIDE 2300)" in out
    assert "Nothing was saved" in out


def test_olympiad_leaves_out_withdrawn_players(runner: CliRunner) -> None:
    number = _club(runner)
    run(runner, "players", "withdraw", str(number["Stærk, Anna"]), "--from-round", "1")
    data = json.loads(run(runner, "olympiad", "--from-tournament", "--teams", "2", "--json"))
    assert data["players"] == 7
    assert data["ranking"][0]["name"] == "Lige, Bo"


def test_olympiad_for_a_number_of_players_still_works(runner: CliRunner) -> None:
    data = json.loads(run(runner, "olympiad", "-n", "8", "-t", "4", "--json"))
    assert {t["team"]: t["players"] for t in data["draft"]} == TEAMS_OF_8
    assert "ranking" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("olympiad", "-t", "4"), "give --players N, or --from-tournament"),
        (("olympiad", "-t", "4", "-n", "8", "--from-tournament"), "not both"),
        (("olympiad", "-t", "9", "--from-tournament"), "8 players cannot fill 9 teams"),
        (("olympiad", "-t", "4", "-n", "1001"), "at most 1000 players, not 1001"),
    ],
)
def test_olympiad_bad_input(runner: CliRunner, args: tuple[str, ...], message: str) -> None:
    _club(runner)
    assert message in run(runner, *args, code=3)


# -- size limits --------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["berger", "dsu"])
def test_schedules_have_3_to_1000_players_for_both_systems(runner: CliRunner, system: str) -> None:
    """DSU prints its schedules up to 24 (4.9.11); the rule works for any number, as
    Berger's does, and the dsu-rr system pairs any field: both schedules go to 1000."""
    data = json.loads(run(runner, "schedule", "-n", "25", "-s", system, "--json"))
    assert len(data["rounds"]) == 25
    met = {frozenset(game) for rnd in data["rounds"] for game in rnd}
    assert len(met) == 25 * 24 // 2 + 25  # every pair once, every player free once
    for players in ("1001", "100000000"):
        message = run(runner, "schedule", "-n", players, "-s", system, code=3)
        assert f"at most 1000 players, not {players}" in message
    assert "at least 3 players" in run(runner, "schedule", "-n", "2", "-s", system, code=3)


def test_knockout_bracket_has_4_to_1024_players(runner: CliRunner) -> None:
    data = json.loads(run(runner, "knockout", "bracket", "-n", "1024", "--json"))
    assert data["size"] == 1024 and len(data["rounds"]) == 10
    for players in ("1025", "100000000"):
        message = run(runner, "knockout", "bracket", "-n", players, code=3)
        assert "at most 1024 players" in message and players in message
