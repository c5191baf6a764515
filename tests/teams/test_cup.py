"""DSU 003 §5.3–5.4: the team cup — team Monrad, the Bredde row's rating cap at its
boundary, the rows' compositions, scoring, the ranking and §9's play-off step by step."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from skak.errors import InputError, NoValidPairingError, StateError
from skak.teams.cup import (
    CupBoard,
    CupCard,
    CupLineup,
    CupMatch,
    CupPlayer,
    CupSettings,
    CupTeam,
    average_rating,
    check_cup_lineup,
    check_cup_team,
    cup_match_points,
    score_cup_match,
)
from skak.teams.cup_rounds import cup_standings, pair_cup_round, playoff_decision, team_scores
from tests.teams.cup_fixture import DAY, bredde, play, team

F = Fraction


def test_round_1_pairs_by_the_start_order_lower_placed_white() -> None:
    """4.9.2: "I 1. runde spiller nr. 2 hvid mod nr. 1": the lower placed team has white on
    board 1 and is the visiting team (5.3 §8)."""
    r = pair_cup_round(bredde())
    assert [(m.first, m.second) for m in r.matches] == [("B", "A"), ("D", "C"), ("F", "E")]
    assert r.bye is None
    assert r.matches[0].white(1) == "B" and r.matches[0].white(2) == "A"
    assert "the lower placed team has white on board 1" in r.explanation[1]


def test_round_2_by_board_points_and_not_met_with_colours_balanced() -> None:
    cup = bredde()
    cup = play(cup, "B", "A", "1=0=", 1)  # B 2, A 2
    cup = play(cup, "D", "C", "1111", 1)  # D 4
    cup = play(cup, "F", "E", "=000", 1)  # E 3½, F ½
    r = pair_cup_round(cup)
    # placement: D 4, E 3½, A 2 (placed before B), B 2, F ½, C 0
    assert r.explanation[0].startswith("placering: 1. D (4), 2. E (3.5), 3. A (2), 4. B (2)")
    pairs = {frozenset(m.teams()) for m in r.matches}
    assert pairs == {frozenset("DE"), frozenset("AF"), frozenset("BC")}
    colours = {frozenset(m.teams()): m.first for m in r.matches}
    assert colours[frozenset("DE")] == "E"  # both had white once: the lower placed, E
    assert colours[frozenset("AF")] == "A"  # A had black on board 1, F white


def test_an_odd_number_gives_the_lowest_placed_a_free_round() -> None:
    cup = bredde("ABCDE", rounds=2)
    r = pair_cup_round(cup)
    assert r.bye == "E"
    cup = replace(cup, byes=((1, "E"),))
    for m in r.matches:
        cup = play(cup, m.first, m.second, "====", 1)
    r2 = pair_cup_round(cup)
    assert r2.bye != "E"


def test_8_a_free_round_scores_a_drawn_match() -> None:
    """§8 ranks by board points first, so a free round worth 4-0 would beat nearly every
    played match: skak gives half the boards and the match points of the draw that is
    (docs/interpretations.md, 5.3 §8); the settings give other values."""
    cup = replace(bredde("ABC", rounds=1), byes=((1, "C"),))
    cup = play(cup, "B", "A", "1=00", 1)  # A wins 2½-1½
    assert team_scores(cup) == {"A": (F(5, 2), 2), "B": (F(3, 2), 0), "C": (2, 1)}
    assert [r.team for r in cup_standings(cup).rows] == ["A", "C", "B"]
    win = replace(cup, settings=CupSettings(bye_board_points=F(4), bye_match_points=2))
    assert team_scores(win)["C"] == (4, 2)


def test_2_the_look_ahead_keeps_the_last_round_pairable() -> None:
    """Six teams, four rounds (5.3 §2 with 4.9.2's advice): after rounds 1–2 below, the
    rule's first pairing for round 3 would leave round 4 without a pairing free of
    rematches; round 3 takes the next pairing in the rule's order that keeps it possible,
    and round 4 is paired."""
    cup = bredde("ABCDEF", rounds=4)
    for first, second, results, r in (
        ("B", "A", "=1==", 1),
        ("D", "C", "=0=1", 1),
        ("F", "E", "1=1=", 1),
        ("B", "F", "=010", 2),
        ("A", "C", "==01", 2),
        ("E", "D", "01=1", 2),
    ):
        cup = play(cup, first, second, results, r)
    r3 = pair_cup_round(cup)
    assert {frozenset(m.teams()) for m in r3.matches} == {
        frozenset("CF"),
        frozenset("BE"),
        frozenset("AD"),
    }
    assert any("look-ahead (4.9.2)" in line for line in r3.explanation)
    for m in r3.matches:
        cup = play(cup, m.first, m.second, "====", 3)
    r4 = pair_cup_round(cup)
    met = {frozenset(m.teams()) for m in cup.pairings}
    assert len(r4.matches) == 3 and not met & {frozenset(m.teams()) for m in r4.matches}


def test_pairing_waits_for_results_and_stops_after_the_last_round() -> None:
    cup = bredde(rounds=1)
    cup = replace(cup, pairings=(CupMatch(1, "B", "A"),))
    with pytest.raises(StateError, match="no result yet"):
        pair_cup_round(cup)
    cup = play(bredde(rounds=1), "B", "A", "====", 1)
    with pytest.raises(StateError, match="all 1 rounds"):
        pair_cup_round(cup)
    two = bredde("AB", rounds=3)
    two = play(two, "B", "A", "====", 1)
    with pytest.raises(NoValidPairingError, match="rematch"):
        pair_cup_round(two)


@pytest.mark.parametrize(
    ("ratings", "refused"),
    [
        ((1800, 1800, 1800, 1800), False),
        ((1801, 1800, 1800, 1800), True),
        ((2100, 1700, 1700, 1700), False),
        ((2100, 1700, 1701, 1700), True),
    ],
    ids=[
        "5.3-§4-average-1800-accepted",
        "5.3-§4-average-1800.25-refused",
        "5.3-§4-strong-board-1-accepted",
        "5.3-§4-one-point-over-refused",
    ],
)
def test_bredde_rating_cap_at_the_boundary(ratings: tuple[int, ...], refused: bool) -> None:
    t = team("X", (*ratings, 1500))
    cup = replace(bredde(), teams=(t,))
    players = [p.id for p in t.players[:4]]
    refusals, violations = check_cup_lineup(cup, 1, t, players)
    assert violations == []
    assert average_rating(cup, t, players) == F(sum(ratings), 4)
    if refused:
        (r,) = refusals
        assert r.rule == "4-rating-cap" and r.paragraph == "5.3 §4"
        assert "above the Bredde row's 1800 (5.3 §4)" in r.message
    else:
        assert refusals == []


@pytest.mark.parametrize(
    ("ratings", "refused"),
    [((1800, 1800, 1800), False), ((1800, 1800, 1801), True), ((2200, 1700, 1700), True)],
    ids=[
        "5.3-§4-three-players-average-1800-accepted",
        "5.3-§4-three-players-average-1800-1/3-refused",
        "5.3-§4-an-empty-board-does-not-lift-the-cap",
    ],
)
def test_bredde_cap_with_three_players(ratings: tuple[int, ...], refused: bool) -> None:
    """§4 caps "de 4 aktive spillere": a team that leaves board 4 empty is capped on the
    three who play (else three strong players and an empty board would dodge the cap)."""
    t = team("X", (*ratings, 1000, 1000))
    cup = replace(bredde(), teams=(CupTeam("X", "X", t.players[:4]),))
    players = [p.id for p in t.players[:3]]
    refusals, _ = check_cup_lineup(cup, 1, cup.teams[0], players)
    assert average_rating(cup, cup.teams[0], players) == F(sum(ratings), 3)
    if refused:
        (r,) = refusals
        assert r.rule == "4-rating-cap"
        assert "round 1 3 players average" in r.message and "(5.3 §4)" in r.message
    else:
        assert refusals == []


def test_a_refused_average_is_written_exactly() -> None:
    t = team("X", (1800, 1800, 1801))
    cup = replace(bredde(), teams=(t,))
    (r,), _ = check_cup_lineup(cup, 1, t, ["X1", "X2", "X3"])
    assert "average 1800 1/3, above the Bredde row's 1800" in r.message
    t = team("X", (1800, 1800, 1800, 1801))
    (r,), _ = check_cup_lineup(replace(cup, teams=(t,)), 1, t, ["X1", "X2", "X3", "X4"])
    assert "average 1800.25, above" in r.message


def test_the_reserve_brings_the_average_down() -> None:
    t = team("X", (1900, 1800, 1800, 1800, 1600))
    cup = replace(bredde(), teams=(t,))
    refusals, _ = check_cup_lineup(cup, 1, t, ["X1", "X2", "X3", "X4"])
    assert [r.rule for r in refusals] == ["4-rating-cap"]
    refusals, violations = check_cup_lineup(cup, 1, t, ["X1", "X2", "X3", "X5"])
    assert refusals == [] and violations == []


def test_the_elite_row_has_no_cap() -> None:
    t = team("X", (2400, 2300, 2200, 2100, 2000))
    cup = replace(bredde(), row="elite", teams=(t,))
    assert check_cup_lineup(cup, 1, t, ["X1", "X2", "X3", "X4"]) == ([], [])


@pytest.mark.parametrize(
    ("rating", "authority", "ok"),
    [(None, None, False), (1700, "club", True), (1750, "club", False), (1900, "district", True)],
    ids=["unrated-refused", "club-1700", "club-1750-refused", "district-1900"],
)
def test_an_unrated_player_needs_a_rating_by_the_emt_rules(
    rating: int | None, authority: str | None, ok: bool
) -> None:
    base = team("X", (1700, 1700, 1700, 1700, 1500))
    new = CupPlayer("X9", "Ny", "X", rating, authority=authority)
    t = CupTeam("X", "X", (*base.players[:3], new))
    cup = replace(bredde(), teams=(t,))
    refusals, _ = check_cup_lineup(cup, 1, t, ["X1", "X2", "X3", "X9"])
    if ok:
        assert refusals == []
    else:
        assert [r.rule for r in refusals] == ["4-unrated"]
        assert "4.5.5" in refusals[0].message


def test_the_players_play_in_the_lists_order_the_reserve_at_his_place() -> None:
    t = team("X")
    cup = replace(bredde(), teams=(t,))
    _, violations = check_cup_lineup(cup, 1, t, ["X5", "X1", "X2", "X3"])
    assert [(v.rule, v.board) for v in violations] == [("4-order", 1)]
    assert violations[0].paragraph == "5.3 §4, §6"


def test_the_order_rule_marks_only_the_player_out_of_place() -> None:
    """5.3 §4, §6 with §8: no. 1 on board 4 loses his own game, not the three above him."""
    t = team("X")
    cup = replace(bredde(), teams=(t,))
    _, violations = check_cup_lineup(cup, 1, t, ["X2", "X3", "X4", "X1"])
    assert [(v.rule, v.board) for v in violations] == [("4-order", 4)]
    assert "X 1 (no. 1 on the list) plays below X 2 (no. 2)" in violations[0].message


@pytest.mark.parametrize(
    ("row", "born", "ok"),
    [
        ("junior", date(2005, 1, 1), False),
        ("junior", date(2005, 1, 2), True),
        ("senior", date(1965, 1, 1), True),
        ("senior", date(1965, 1, 2), False),
    ],
    ids=[
        "5.3-§4-junior-20-on-1-january-refused",
        "5.3-§4-junior-19-accepted",
        "5.3-§4-senior-60-on-1-january-accepted",
        "5.3-§4-senior-59-refused",
    ],
)
def test_the_rows_ages_on_1_january(row: str, born: date, ok: bool) -> None:
    players = tuple(CupPlayer(f"P{i}", f"P {i}", "K", 1500, born) for i in range(1, 5))
    problems = check_cup_team(row, DAY, CupTeam("T", "K", players))
    assert (problems == []) is ok
    if not ok:
        assert all("5.3 §4" in p and "1 January 2025" in p for p in problems)


def test_teams_of_one_club_but_in_the_senior_row() -> None:
    players = tuple(
        CupPlayer(f"P{i}", f"P {i}", "K" if i < 4 else "L", 1500, date(1950, 5, 5))
        for i in range(1, 5)
    )
    assert check_cup_team("senior", DAY, CupTeam("T", "K", players)) == []
    (problem,) = check_cup_team("elite", DAY, CupTeam("T", "K", players))
    assert "only the senior row's teams may mix clubs (5.3 §4)" in problem


def test_a_team_is_4_players_and_perhaps_a_reserve() -> None:
    (problem,) = check_cup_team("elite", DAY, team("X", (1500,) * 6))
    assert "not 6 (5.3 §4)" in problem
    assert check_cup_team("elite", DAY, team("X", (1500,) * 4)) == []


def test_a_new_member_registered_less_than_a_month_before() -> None:
    late = CupPlayer("X9", "Ny", "X", 1500, registered=date(2025, 5, 9))
    early = replace(late, registered=date(2025, 5, 8))
    base = team("X", (1500,) * 4).players[:3]
    (problem,) = check_cup_team("elite", DAY, CupTeam("X", "X", (*base, late)))
    assert "5.3 §5" in problem
    assert check_cup_team("elite", DAY, CupTeam("X", "X", (*base, early))) == []


def test_scoring_the_card() -> None:
    cup = play(bredde(), "B", "A", "1=0.", 1)
    m = cup.pairings[0]
    card = cup.card(m)
    assert card is not None
    (b, a), boards, why = score_cup_match(cup, m, card)
    assert (b, a) == (F(3, 2), F(3, 2))  # board 4 not filled in: 0 to both (§8)
    assert boards[3] == (0, 0) and "not filled in" in why[0]


def test_fewer_than_3_players_lose_4_0() -> None:
    cup = play(bredde(), "B", "A", "1111", 1)
    m = cup.pairings[0]
    absent = CupCard(
        1,
        "B",
        "A",
        (
            CupBoard(1, "1-0"),
            CupBoard(2, absent=("B",)),
            CupBoard(3, absent=("B",)),
            CupBoard(4, "1-0"),
        ),
    )
    (b, a), _, why = score_cup_match(cup, m, absent)
    assert (b, a) == (0, 4)
    assert "at least 3 players: loses 4-0 (5.3 §8)" in why[-1]


def test_8_two_teams_short_of_3_players_each_lose() -> None:
    """§8 "taber holdet 4-0": each team short of 3 players loses; both short, both lose —
    0-0 in board points and no match point for either (not a drawn match)."""
    cup = bredde("AB", rounds=1)
    m = CupMatch(1, "B", "A")
    lineups = (CupLineup(1, "B", ("B1", "B2")), CupLineup(1, "A", ("A1", "A2")))
    card = CupCard(1, "B", "A", (CupBoard(1, "1-0"), CupBoard(2, "0-1")))
    cup = replace(cup, pairings=(m,), lineups=lineups, cards=(card,))
    (b, a), _, why = score_cup_match(cup, m, card)
    assert (b, a) == (0, 0) and "B and A did not finish" in why[-1] and "each loses" in why[-1]
    assert cup_match_points(cup, m, card, (b, a)) == (0, 0)
    assert team_scores(cup) == {"A": (0, 0), "B": (0, 0)}
    one_short = replace(cup, lineups=(lineups[0], CupLineup(1, "A", ("A1", "A2", "A3"))))
    assert team_scores(one_short) == {"A": (4, 2), "B": (0, 0)}


def test_an_illegal_players_game_is_the_opponents() -> None:
    cup = play(bredde(), "B", "A", "1111", 1)
    lu = cup.lineups[0]
    wrong = replace(lu, players=("B2", "B1", "B3", "B4"))
    cup = replace(cup, lineups=(wrong, cup.lineups[1]))
    m = cup.pairings[0]
    card = cup.card(m)
    assert card is not None
    (b, a), boards, why = score_cup_match(cup, m, card)
    assert boards[0] == (0, 1) and (b, a) == (3, 1)
    assert "5.3 §4, §6" in why[0]


def _tied() -> object:
    """A and B both 5 board points and 3 match points; their match drawn 2-2."""
    cup = bredde("ABCD", rounds=2)
    cup = play(cup, "A", "C", "1=1=", 1)
    cup = play(cup, "B", "D", "1=1=", 1)
    cup = play(cup, "A", "B", "1=0=", 2)
    return play(cup, "C", "D", "====", 2)


def test_first_place_tied_needs_the_playoff() -> None:
    cup = _tied()
    s = cup_standings(cup)  # type: ignore[arg-type]
    assert s.playoff == ("A", "B")
    assert [(r.rank, r.team, r.shared) for r in s.rows[:2]] == [(1, "A", True), (1, "B", True)]
    assert any("§9 (1): their match A–B 2-2: equal" in line for line in s.explanation)


def _blitz(cup: object, first: str, second: str, results: str) -> object:
    symbols = {"1": "1-0", "=": "½-½", "0": "0-1"}
    card = CupCard(
        0, first, second, tuple(CupBoard(b, symbols[c]) for b, c in enumerate(results, 1))
    )
    return replace(cup, playoffs=(card,))  # type: ignore[type-var]


def test_9_step_1_the_match_decides() -> None:
    cup = _tied()
    d = playoff_decision(cup, "A", "C")  # type: ignore[arg-type]
    assert d.winner == "A" and d.steps == ("§9 (1): their match A–C 3-1",)


def test_9_step_2_the_blitz_match_decides() -> None:
    cup = _blitz(_tied(), "B", "A", "110=")  # board 4: A white, the draw scores for B (black)
    d = playoff_decision(cup, "A", "B")  # type: ignore[arg-type]
    assert d.winner == "B"
    assert d.steps[1].startswith("§9 (2): the blitz match B–A 3-1")
    assert len(d.steps) == 2
    s = cup_standings(cup)  # type: ignore[arg-type]
    assert [(r.rank, r.team) for r in s.rows[:2]] == [(1, "B"), (2, "A")]
    assert s.rows[1].decided_by == "the play-off (omkamp, 5.3 §9)"
    assert s.playoff == ()


def test_9_a_draw_scores_for_black() -> None:
    """Every blitz game drawn: each black player scores, 2-2; board 1's black decides."""
    cup = _blitz(_tied(), "B", "A", "====")
    d = playoff_decision(cup, "A", "B")  # type: ignore[arg-type]
    assert "B–A 2-2" in d.steps[1] and "4 draw(s)" in d.steps[1]
    assert d.steps[2] == "§9 (3): equal; board 1's point decides: A"
    assert d.winner == "A"


def test_9_step_3_board_1_decides() -> None:
    cup = _blitz(_tied(), "B", "A", "10=1")  # B 1, A 1, board 3 draw → A, board 4 → B
    d = playoff_decision(cup, "A", "B")  # type: ignore[arg-type]
    assert "B–A 2-2" in d.steps[1]
    assert d.steps[2] == "§9 (3): equal; board 1's point decides: B"
    assert d.winner == "B"


def test_9_a_playoff_entered_again_corrects_the_first() -> None:
    """The blitz match's card entered again replaces the earlier one (the fold keeps one
    card a pair); a stream with both reads the later."""
    first = _blitz(_tied(), "B", "A", "110=")
    corrected = _blitz(_tied(), "B", "A", "0001")
    both = replace(corrected, playoffs=(*first.playoffs, *corrected.playoffs))  # type: ignore[attr-defined]
    assert playoff_decision(both, "A", "B").winner == "A"  # type: ignore[arg-type]
    from skak.records.cup.commands import EnterCupPlayoff, decide
    from skak.records.cup.evolve import evolve

    cup = first
    for e in decide(cup, EnterCupPlayoff(corrected.playoffs[0])):  # type: ignore[arg-type, attr-defined]
        cup = evolve(cup, e)  # type: ignore[arg-type]
    assert cup.playoffs == corrected.playoffs  # type: ignore[attr-defined]
    assert cup_standings(cup).rows[0].team == "A"  # type: ignore[arg-type]


def test_other_places_tied_are_shared() -> None:
    cup = bredde("ABCD", rounds=2)
    cup = play(cup, "A", "B", "1111", 1)
    cup = play(cup, "C", "D", "1111", 1)
    cup = play(cup, "A", "C", "1111", 2)
    cup = play(cup, "B", "D", "====", 2)
    s = cup_standings(cup)
    assert [(r.rank, r.team, r.shared) for r in s.rows] == [
        (1, "A", False),
        (2, "C", False),
        (3, "B", True),
        (3, "D", True),
    ]
    assert any("not all have met" in line for line in s.explanation) is False


def test_a_line_up_longer_than_the_boards_is_refused() -> None:
    t = team("X")
    with pytest.raises(InputError, match="5 players for 4 boards"):
        check_cup_lineup(replace(bredde(), teams=(t,)), 1, t, [p.id for p in t.players])


def test_placed_by_says_only_what_decided_each_place() -> None:
    """A and D both 5 board points, A 3 match points to D's 2: match points place D; B and
    C are placed by their board points alone (nothing else was needed, §8)."""
    cup = bredde("ABCD", rounds=2)
    cup = play(cup, "A", "B", "1110", 1)  # A 3-1
    cup = play(cup, "C", "D", "0000", 1)  # D 4-0
    cup = play(cup, "A", "C", "1=0=", 2)  # 2-2
    cup = play(cup, "B", "D", "1110", 2)  # B 3-1
    s = cup_standings(cup)
    assert [(r.team, r.board_points, r.match_points, r.decided_by) for r in s.rows] == [
        ("A", 5, 3, ""),
        ("D", 5, 2, "match points"),
        ("B", 4, 2, ""),
        ("C", 2, 1, ""),
    ]
