"""DSU 003 §5.1 §12–§13: every penalty rule of a match, each its own test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.records.league.events import PenaltyGiven
from skak.records.league.evolve import evolve
from skak.teams.league import Fixture, Lineup, PenaltyPoints, Season
from skak.teams.lineups import check_lineup
from skak.teams.matches import Absence, BoardCard, MatchCard, parse_game_result
from skak.teams.scoring import MatchScore, check_card, score_match
from skak.teams.standings import group_standings
from tests.teams.league_fixture import DATES, DIVISION, new_season, played_season

F = Fraction
HOME, AWAY = "Skive 1", "Aarhus 2"  # round 1: Skive 1 at home, Aarhus 2 visiting


def _lineups(
    home: list[str | None] | None = None, away: list[str | None] | None = None
) -> tuple[Lineup, Lineup]:
    h = home if home is not None else [f"SKI{n:02d}" for n in range(1, 9)]
    a = away if away is not None else [f"AAR{n:02d}" for n in range(9, 17)]
    return Lineup(1, HOME, tuple(h), DATES[0]), Lineup(1, AWAY, tuple(a), DATES[0])


def _score(
    boards: dict[int, BoardCard] | None = None,
    *,
    home: list[str | None] | None = None,
    away: list[str | None] | None = None,
    season: Season | None = None,
    late: tuple[str, ...] = (),
    no_show: tuple[str, ...] = (),
    result: str = "½-½",
) -> MatchScore:
    season = season or new_season()
    fixture = Fixture(DIVISION, 1, 1, HOME, AWAY)
    hl, al = _lineups(home, away)

    def default(b: int) -> BoardCard:
        empty = hl.players[b - 1] is None or al.players[b - 1] is None
        return BoardCard(b, None if empty else result)

    cards = tuple((boards or {}).get(b, default(b)) for b in range(1, 9))
    card = MatchCard(1, HOME, AWAY, cards, late, no_show)
    violations = {lu.team: check_lineup(season, lu) for lu in (hl, al)}
    if not late and not no_show:
        check_card(card, fixture, hl, al, 8)
    return score_match(card, fixture, hl, al, violations, boards=8, min_players=5)


def test_12c_the_visiting_team_has_white_on_odd_boards() -> None:
    s = _score()
    assert [b.white for b in s.boards] == [AWAY, HOME] * 4


def test_3_match_points_two_one_nought() -> None:
    assert (_score().home_mp, _score().away_mp) == (1, 1)
    won = _score(result="1-0")
    assert (won.home, won.away, won.home_mp, won.away_mp) == (8, 0, 2, 0)
    lost = _score({1: BoardCard(1, "1-0")}, result="0-1")
    assert (lost.home, lost.away, lost.home_mp, lost.away_mp) == (1, 7, 0, 2)


def test_13a_a_team_more_than_60_minutes_late_loses_8_0() -> None:
    s = _score(late=(HOME,))
    assert (s.home, s.away, s.home_mp, s.away_mp) == (0, 8, 0, 2)
    assert all("more than 60 minutes late" in b.why and "5.1 §13 a" in b.why for b in s.boards)


def test_13a_both_teams_late_lose_both() -> None:
    s = _score(late=(HOME, AWAY))
    assert (s.home, s.away, s.home_mp, s.away_mp) == (0, 0, 0, 0)


def test_13a_a_team_that_does_not_come_leaves_the_tournament() -> None:
    s = _score(no_show=(AWAY,))
    assert s.struck_out == ((AWAY, "did not come (udeblev)"),)
    assert (s.home, s.away, s.home_mp, s.away_mp) == (0, 0, 0, 0)
    assert "5.1 §13 a" in s.explanation[0]


@pytest.mark.parametrize(
    ("present", "struck"),
    [(4, True), (5, False)],
    ids=["5.1-§13a-4-players-leave", "5.1-§13a-5-players-play"],
)
def test_13a_a_team_with_fewer_than_5_players_leaves(present: int, struck: bool) -> None:
    away: list[str | None] = [f"AAR{n:02d}" for n in range(9, 9 + present)]
    away += [None] * (8 - present)
    s = _score(away=away)
    if struck:
        assert s.struck_out == ((AWAY, "came with 4 players, fewer than 5"),)
    else:
        assert not s.struck_out
        assert (s.home, s.away) == (F(5, 2) + 3, F(5, 2))


def test_13a_players_who_do_not_come_do_not_count_as_met() -> None:
    absent = {b: BoardCard(b, None, None, Absence.NO_SHOW) for b in range(5, 9)}
    s = _score(absent)
    assert s.struck_out == ((AWAY, "came with 4 players, fewer than 5"),)


def test_13b_an_illegal_players_won_game_is_lost() -> None:
    away: list[str | None] = ["AAR09", "AAR11", "AAR10", *[f"AAR{n:02d}" for n in range(12, 17)]]
    s = _score({2: BoardCard(2, "0-1")}, away=away)
    board = s.boards[1]
    assert (board.played, board.home, board.away) == ("0-1", 1, 0)
    assert "5.1 §10 b" in board.why and "5.1 §13 b" in board.why
    assert (s.home, s.away) == (F(9, 2), F(7, 2))


def test_13b_both_players_illegal_nobody_scores() -> None:
    home: list[str | None] = ["SKI02", "SKI01", *[f"SKI{n:02d}" for n in range(3, 9)]]
    away: list[str | None] = ["AAR10", "AAR09", *[f"AAR{n:02d}" for n in range(11, 17)]]
    s = _score(home=home, away=away)
    assert (s.boards[0].home, s.boards[0].away) == (0, 0)
    assert s.home + s.away == 7  # board 1 scores nothing: the penalty's only loss


def test_13b_an_illegal_player_against_an_absent_one() -> None:
    home: list[str | None] = ["SKI02", "SKI01", *[f"SKI{n:02d}" for n in range(3, 9)]]
    s = _score({1: BoardCard(1, None, None, Absence.NO_SHOW)}, home=home)
    assert (s.boards[0].home, s.boards[0].away) == (0, 0)


def test_13c_a_player_who_does_not_come_loses_and_is_reported() -> None:
    s = _score({3: BoardCard(3, None, Absence.NO_SHOW)})
    assert (s.boards[2].home, s.boards[2].away) == (0, 1)
    assert "udeblevet, §13 c" in s.boards[2].why
    assert s.reports == (
        f"SKI03 (Skive 1) did not come to round 1: {HOME}–{AWAY}, board 3: to be punished as "
        "in the EMT (5.1 §13 c)",
    )
    assert s.penalty_points == ()


def test_13c_the_team_leaders_mistake_costs_a_penalty_point() -> None:
    s = _score({3: BoardCard(3, None, None, Absence.LEADER)})
    assert (s.boards[2].home, s.boards[2].away) == (1, 0)
    assert s.penalty_points == ((AWAY, 1, "board 3: AAR11 away (5.1 §13 c)"),)
    assert s.reports == ()


def test_a_player_after_the_waiting_time_loses() -> None:
    s = _score({4: BoardCard(4, None, Absence.LATE)})
    assert (s.boards[3].home, s.boards[3].away) == (0, 1)
    assert "FIDE Laws 6.7" in s.boards[3].why and s.reports == ()


def test_an_empty_board_is_lost_and_two_score_nothing() -> None:
    s = _score(home=[*[f"SKI{n:02d}" for n in range(1, 8)], None])
    assert (s.boards[7].home, s.boards[7].away) == (0, 1)
    both = _score(
        home=[*[f"SKI{n:02d}" for n in range(1, 8)], None],
        away=[*[f"AAR{n:02d}" for n in range(9, 16)], None],
    )
    assert (both.boards[7].home, both.boards[7].away) == (0, 0)


def test_13e_the_leaders_penalty_point_comes_off_the_board_points() -> None:
    season = evolve(played_season(), PenaltyGiven(PenaltyPoints("Aarhus 2", 1, "late result card")))
    row = group_standings(season, DIVISION, 1).rows[0]
    assert (row.team, row.board_points, row.penalty_points) == ("Aarhus 2", F(42), 1)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (BoardCard(1), "board 1: the result is missing"),
        (BoardCard(1, "1-0", Absence.NO_SHOW), "no game was played"),
        (BoardCard(9, "1-0"), "boards 1–8, not 9"),
    ],
    ids=["missing-result", "result-without-game", "no-such-board"],
)
def test_a_card_that_does_not_fit_is_refused(board: BoardCard, message: str) -> None:
    hl, al = _lineups()
    fixture = Fixture(DIVISION, 1, 1, HOME, AWAY)
    boards = tuple(board if b == board.board else BoardCard(b, "1-0") for b in range(1, 9))
    if board.board == 9:
        boards = (*boards, board)
    with pytest.raises(InputError, match=message):
        check_card(MatchCard(1, HOME, AWAY, boards), fixture, hl, al, 8)


def test_12_scoring_a_card_that_does_not_fit_names_round_match_and_board() -> None:
    """A card entered for board 8 empty, scored with a line-up that fills board 8: an
    InputError naming the round, the match and the board (never an AssertionError)."""
    hl, al = _lineups()
    boards = (*tuple(BoardCard(b, "1-0") for b in range(1, 8)), BoardCard(8))
    with pytest.raises(InputError) as caught:
        score_match(
            MatchCard(1, HOME, AWAY, boards),
            Fixture(DIVISION, 1, 1, HOME, AWAY),
            hl,
            al,
            {},
            boards=8,
            min_players=5,
        )
    assert f"round 1: {HOME}–{AWAY}, board 8: the result is missing" in str(caught.value)
    assert "enter the result again" in str(caught.value)


def test_an_absence_on_an_empty_board_is_refused() -> None:
    hl, al = _lineups(home=[*[f"SKI{n:02d}" for n in range(1, 8)], None])
    boards = (*tuple(BoardCard(b, "1-0") for b in range(1, 8)), BoardCard(8, None, Absence.LATE))
    with pytest.raises(InputError, match="the home team's board is empty"):
        check_card(MatchCard(1, HOME, AWAY, boards), Fixture(DIVISION, 1, 1, HOME, AWAY), hl, al, 8)


@pytest.mark.parametrize(
    ("text", "written"), [("1", "1-0"), ("=", "½-½"), ("1/2-1/2", "½-½"), ("0-1", "0-1")]
)
def test_game_results_from_the_home_side(text: str, written: str) -> None:
    assert parse_game_result(text) == written


def test_a_forfeit_is_no_game_result() -> None:
    with pytest.raises(InputError, match="home team's side"):
        parse_game_result("+-", "board 3")
