"""Gladiator scoring, DSU 003 §4.9.8: play-offs of drawn games, points for the winner of the
sequence, the individual games kept for rating, and the tie-break order."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from skak.errors import InputError
from skak.faces.cli import app
from skak.io.trf import parse_trf, write_trf
from skak.model import Colour, Pairing, Result, Round, Scoring
from skak.model.games import pairing_score, score
from skak.model.results import (
    check_gladiator_games,
    gladiator_points,
    gladiator_winner,
    ordinary_games,
    playoff_colour,
    playoff_pending,
)
from skak.records.tournament.events import ResultEntered
from skak.records.tournament.evolve import evolve
from skak.standings import standings
from tests.dsl import build, game

GLADIATOR = Scoring(gladiator=True)
W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


@pytest.mark.parametrize(
    ("playoff", "white_wins"),
    [
        ((W,), False),  # the replay has reversed colours: its white is the original black
        ((B,), True),
        ((D, W), True),  # then blitz, colours alternating: the original white has white
        ((D, D, B), True),  # third game: the original white has black again, and wins
        ((D,), None),
        ((), None),
    ],
    ids=["replay-white", "replay-black", "blitz-1", "blitz-2", "undecided", "none"],
)
def test_the_winner_of_the_sequence(playoff: tuple[Result, ...], white_wins: bool | None) -> None:
    assert gladiator_winner(Colour.WHITE, playoff) is white_wins
    black = gladiator_winner(Colour.BLACK, playoff)
    assert black is (None if white_wins is None else not white_wins)


def test_colours_in_the_playoff() -> None:
    """4.9.8: "omkamp med omvendte farver", then blitz (colours alternate)."""
    assert [playoff_colour(Colour.WHITE, g) for g in (1, 2, 3)] == [
        Colour.BLACK,
        Colour.WHITE,
        Colour.BLACK,
    ]


def test_the_winner_scores_one_and_the_loser_nothing() -> None:
    """4.9.8: "Den spiller, der vinder, uanset hvornår i forløbet det sker, får tildelt et
    point og modstanderen et nul." """
    assert gladiator_points(D, Colour.WHITE, (D, W), GLADIATOR) == 1
    assert gladiator_points(D, Colour.BLACK, (D, W), GLADIATOR) == 0
    assert gladiator_points(D, Colour.WHITE, (D, W), Scoring()) is None  # not Gladiator
    assert gladiator_points(W, Colour.WHITE, (), GLADIATOR) is None  # decided in the game


def test_scores_in_a_tournament() -> None:
    t = build(4, game(1, 1, 2, "½-½"), game(1, 3, 4, "1-0"), scoring=GLADIATOR)
    t = evolve(t, ResultEntered(1, 1, D, (D, W)))
    assert [score(t, n) for n in (1, 2, 3, 4)] == [1, 0, 1, 0]
    # The ordinary game stays a draw on the board: that is what gets rated (4.9.8).
    assert t.round(1).board(1).result is D


@pytest.mark.parametrize(
    ("result", "playoff", "message"),
    [
        (W, (W,), "only a drawn game is played off"),
        (D, (W, D), "play-off game 1 was won"),
        (D, (Result.WHITE_FORFEIT_WIN,), "must be won, drawn or lost"),
    ],
)
def test_bad_playoffs_are_refused(
    result: Result, playoff: tuple[Result, ...], message: str
) -> None:
    t = build(2, game(1, 1, 2), scoring=GLADIATOR)
    with pytest.raises(InputError, match=message):
        evolve(t, ResultEntered(1, 1, result, playoff))


def test_playoffs_only_with_gladiator_scoring() -> None:
    t = build(2, game(1, 1, 2, "½-½"))
    with pytest.raises(InputError, match="Gladiator"):
        evolve(t, ResultEntered(1, 1, D, (W,)))


def test_tiebreak_order_of_4_9_8() -> None:
    """4.9.8: most ordinary games won, then most reduced-time games won (not blitz), then
    the direct encounter."""
    t = build(
        4,
        game(1, 1, 4, "1-0"),
        game(1, 2, 3, "½-½"),
        game(2, 4, 2, "½-½"),
        game(2, 3, 1, "½-½"),
        game(3, 1, 2, "0-1"),
        game(3, 3, 4, "½-½"),
        scoring=GLADIATOR,
        tiebreaks=("GLO", "GLR", "DE"),
    )
    rounds = list(t.rounds)
    rounds[0] = rounds[0].with_result(2, D, (D, W))  # 2 wins the blitz game as white
    rounds[1] = rounds[1].with_result(1, D, (B,))  # 4 wins the replay with black
    rounds[1] = rounds[1].with_result(2, D, (W,))  # 1 wins the replay as white
    rounds[2] = rounds[2].with_result(2, D, (W,))  # 4 wins the replay as white
    t = replace(t, rounds=tuple(rounds))
    rows = standings(t, tiebreaks="GLO,GLR,DE")
    by = {s.player.start_number: s for s in rows}
    # Points: 1: 1+1+0 = 2; 2: 1+0+1 = 2; 3: 0+0+0 = 0; 4: 0+1+1 = 2.
    assert [by[n].points for n in (1, 2, 3, 4)] == [2, 2, 0, 2]
    assert by[1].tiebreak("GLO") == 1  # beat 4 in round 1
    assert by[2].tiebreak("GLO") == 1  # beat 1 in round 3
    assert by[4].tiebreak("GLO") == 0
    assert by[1].tiebreak("GLR") == 1
    assert by[2].tiebreak("GLR") == 0  # won only a blitz game
    assert by[4].tiebreak("GLR") == 2
    # 1 and 2 are level on GLO; 1 won a replay, 2 only blitz; 4 has no ordinary win.
    assert [s.player.start_number for s in rows] == [1, 2, 4, 3]


def test_trf_round_trip_keeps_the_playoff() -> None:
    t = build(2, game(1, 1, 2, "½-½"), scoring=GLADIATOR, number_of_rounds=1)
    t = evolve(t, ResultEntered(1, 1, D, (D, D, B)))
    back = parse_trf(write_trf(t), "g.trf").tournament
    assert back.scoring.gladiator
    assert back.round(1).board(1).playoff == (D, D, B)
    assert (score(back, 1), score(back, 2)) == (1, 0)  # game 3: player 1 has black, wins


def test_cli_gladiator_tournament(runner: CliRunner) -> None:
    def run(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.output + result.stderr
        return result.stdout

    run("new", "Gladiator 2026", "--gladiator", "--unrated")
    for name in ("A, A", "B, B", "C, C", "D, D"):
        run("players", "add", name)
    run("pair")
    rnd = json.loads(run("round", "show", "1", "--json"))
    first = rnd["pairings"][0]
    out = run("result", "1", "1", "½-½", "--playoff", "½-½,1-0")
    assert "play-off ½-½ 1-0" in out
    run("result", "1", "2", "1-0")
    data = json.loads(run("standings", "--json"))["standings"]
    points = {row["start_number"]: Fraction(row["points"]) for row in data}
    assert points[first["white"]] == 1  # won the blitz game with white
    assert points[first["black"]] == 0
    assert list(data[0]["tiebreaks"]) == ["GLO", "GLR", "DE"]
    bad = runner.invoke(app, ["result", "1", "2", "1-0", "--playoff", "1-0"])
    assert bad.exit_code == 3
    assert "only a drawn game" in bad.stderr


def test_round_with_playoff_is_a_valid_round() -> None:
    rnd = Round(1, (Pairing(1, 1, 2, D, playoff=(D, W)),))
    assert rnd.board(1).playoff == (D, W)


def test_a_draw_waiting_for_its_playoff_scores_nothing_yet() -> None:
    """4.9.8 never gives half a point: until the play-off is won the board is pending — no
    points in the standings (counted as unfinished), a draw for pairing."""
    t = build(2, game(1, 1, 2, "½-½"), scoring=GLADIATOR)
    assert (score(t, 1), score(t, 2)) == (0, 0)
    assert pairing_score(t, 1) == Fraction(1, 2)
    rows = standings(t)
    assert [s.unfinished for s in rows] == [1, 1]


def test_tiebreaks_read_the_sequence_result() -> None:
    """Sonneborn-Berger counts the play-off winner's opponent in full, the loser's not at all."""
    t = build(
        3,
        game(1, 1, 2, "½-½"),
        game(2, 2, 3, "1-0"),
        game(3, 3, 1, "0-1"),
        scoring=GLADIATOR,
    )
    t = evolve(t, ResultEntered(1, 1, D, (B,)))  # the replay: 2 has white, 1 wins with black
    by = {s.player.start_number: s for s in standings(t, tiebreaks="SB")}
    assert by[1].points == 2
    assert by[2].points == 1
    assert by[1].tiebreak("SB") == 1 + 0  # beat 2 (1 point) and 3 (0 points)
    assert by[2].tiebreak("SB") == 0  # beat 3 only


def test_trf_playoff_without_gladiator_scoring_is_a_problem() -> None:
    t = build(2, game(1, 1, 2, "½-½"), scoring=GLADIATOR, number_of_rounds=1)
    t = evolve(t, ResultEntered(1, 1, D, (W,)))
    text = write_trf(t).replace('"gladiator":true,', "")
    assert "gladiator" not in text.split("SKR")[0]
    with pytest.raises(InputError, match="needs Gladiator scoring"):
        parse_trf(text, "g.trf")


# -- the variants 4.9.8 allows ("kan modificeres") ----------------------------------------------

TWO_GAMES = Scoring(gladiator=True, gladiator_games=2)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"gladiator_games": 2}, "needs it", id="4.9.8-variant-needs-gladiator"),
        pytest.param({"gladiator": True, "gladiator_games": 0}, "from 1 to 20", id="4.9.8-zero"),
        pytest.param(
            {"gladiator": True, "gladiator_reduced_games": 21}, "from 1 to 20", id="4.9.8-bounded"
        ),
        pytest.param(
            {"gladiator": True, "gladiator_games": True}, "whole number", id="4.9.8-not-a-number"
        ),
    ],
)
def test_variant_settings_are_validated(changes: dict[str, object], message: str) -> None:
    """4.9.8: "Gladiatorskak modellen kan modificeres til at indeholde flere ordinære partier
    pr. runde eller flere omkampsrunder med mere betænkningstid end i lynskak." """
    with pytest.raises(InputError, match=message):
        Scoring(**changes)  # type: ignore[arg-type]


def test_variant_settings_repr_rebuilds_them() -> None:
    s = Scoring(gladiator=True, gladiator_games=2, gladiator_reduced_games=3)
    assert repr(s) == "Scoring(gladiator=True, gladiator_games=2, gladiator_reduced_games=3)"
    assert eval(repr(s)) == s


@pytest.mark.parametrize(
    ("first", "further", "white_scores", "pending"),
    [
        pytest.param(W, (D,), 1, False, id="4.9.8-ordinary-games-decide"),
        pytest.param(W, (), 0, True, id="4.9.8-second-game-pending"),
        # 1–1 after the ordinary games: the play-off's first game has the colours of game 1
        # (reversed against game 2), so W there is a win for the first game's white.
        pytest.param(W, (W, W), 1, False, id="4.9.8-playoff-after-level-games"),
        # Play-off game 2 (the round's 4th game) has game 2's colours: W is the other's win.
        pytest.param(D, (D, D, W), 0, False, id="4.9.8-blitz-after-level-games"),
        pytest.param(D, (D, D), 0, True, id="4.9.8-level-playoff-pending"),
    ],
)
def test_several_ordinary_games_per_round(
    first: Result, further: tuple[Result, ...], white_scores: int, pending: bool
) -> None:
    """4.9.8 modified: several ordinary games per round, colours alternating; more points in
    them wins the round ("Den spiller, der vinder ... får tildelt et point"), else the play-off
    "med omvendte farver" (against the last ordinary game), then blitz."""
    t = build(2, game(1, 1, 2), scoring=TWO_GAMES)
    t = evolve(t, ResultEntered(1, 1, first, further))
    assert score(t, 1) == white_scores
    assert score(t, 2) == (0 if pending else 1 - white_scores)
    assert playoff_pending(first, further, TWO_GAMES) is pending
    if pending:
        assert pairing_score(t, 1) == Fraction(1, 2)  # counts as a draw for pairing
        assert standings(t)[0].unfinished == 1


def test_several_ordinary_games_are_rated_and_counted_each() -> None:
    """4.9.8: "De partier, der opfylder kravene for at blive ratede, skal rates efter resultatet
    i de pågældende partier": every ordinary game; GLO counts each ordinary game won."""
    assert ordinary_games(W, (W, B), TWO_GAMES) == (W, W)  # the play-off game is not ordinary
    assert ordinary_games(W, (W, B), GLADIATOR) == (W,)
    t = build(2, game(1, 1, 2), scoring=TWO_GAMES, tiebreaks=("GLO", "GLR"))
    t = evolve(t, ResultEntered(1, 1, W, (W, B)))  # 1 wins game 1 (white), 2 game 2 (white)
    rows = {s.player.start_number: s for s in standings(t, tiebreaks="GLO,GLR")}
    assert rows[1].tiebreak("GLO") == 1 and rows[2].tiebreak("GLO") == 1
    # The play-off game: the colours of game 1, and black (player 2) won it.
    assert rows[2].tiebreak("GLR") == 1 and rows[2].points == 1
    assert rows[1].points == 0


def test_the_ordinary_games_decide_before_any_playoff() -> None:
    t = build(2, game(1, 1, 2), scoring=TWO_GAMES)
    with pytest.raises(InputError, match="the ordinary games decided the round; 1 more"):
        evolve(t, ResultEntered(1, 1, W, (D, W)))
    with pytest.raises(InputError, match="ordinary game 2 must be won, drawn or lost"):
        check_gladiator_games(W, (Result.WHITE_FORFEIT_WIN,), TWO_GAMES)


@pytest.mark.parametrize("reduced", [pytest.param(2, id="4.9.8-longer-playoff-rounds")])
def test_more_reduced_time_playoff_games(reduced: int) -> None:
    """4.9.8 modified: "flere omkampsrunder med mere betænkningstid end i lynskak": the second
    play-off game is then one with reduced time, and counts for GLR ("Flest vundne partier med
    reduceret betænkningstid (ikke lynskak)")."""
    longer = Scoring(gladiator=True, gladiator_reduced_games=reduced)
    for scoring, glr in ((GLADIATOR, 0), (longer, 1)):
        t = build(2, game(1, 1, 2), scoring=scoring)
        t = evolve(t, ResultEntered(1, 1, D, (D, W)))  # game 2 of the play-off: 1 has white
        rows = {s.player.start_number: s for s in standings(t, tiebreaks="GLO,GLR")}
        assert rows[1].points == 1
        assert rows[1].tiebreak("GLR") == glr


def test_trf_round_trip_keeps_the_variants() -> None:
    scoring = Scoring(gladiator=True, gladiator_games=2, gladiator_reduced_games=2)
    t = build(2, game(1, 1, 2), scoring=scoring, number_of_rounds=1)
    t = evolve(t, ResultEntered(1, 1, W, (W, D, B)))  # 1–1, then 1 wins play-off game 2
    back = parse_trf(write_trf(t), "g.trf").tournament
    assert back.scoring == scoring
    assert back.round(1).board(1).playoff == (W, D, B)
    assert (score(back, 1), score(back, 2)) == (1, 0)
