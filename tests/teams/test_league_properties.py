"""Properties of random division-league seasons (5.1 §3, §13): board points are conserved
match by match, penalties aside, and the standings are a total order."""

from __future__ import annotations

import itertools
from datetime import date
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from skak.records.league.events import (
    LineupEntered,
    MatchResultEntered,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
)
from skak.records.league.evolve import evolve
from skak.teams.league import DivisionSpec, Lineup, Season, Team
from skak.teams.matches import Absence, BoardCard, MatchCard
from skak.teams.standings import group_standings, match_score
from skak.teams.strength import ListedPlayer, StrengthList

DAY = date(2025, 10, 5)
BOARDS = 4
SPEC = (DivisionSpec("1. division", 1, 1, 8, boards=BOARDS, min_players=3),)


@st.composite
def seasons(draw: st.DrawFn, *, clean: bool = False) -> Season:
    """A random one-group season; ``clean``: every player there and legal, nobody late."""
    n = draw(st.integers(2, 7))
    season = evolve(None, SeasonCreated("P", DAY, "dsu-2022", SPEC, dates=(DAY,) * 7))
    teams = tuple(Team(f"T{i}", f"K{i}", "1. division", 1, i) for i in range(1, n + 1))
    season = evolve(season, TeamsEntered(teams))
    for t in teams:
        players = tuple(ListedPlayer(b, f"{t.name}.{b}", f"{t.name} {b}", 1) for b in range(1, 7))
        season = evolve(season, StrengthListFiled(StrengthList(t.club, players)))
    last = draw(st.integers(1, season.rounds("1. division", 1)))
    for f in season.schedule("1. division", 1):
        if f.round > last:
            continue
        lineups = {}
        for t in f.teams():
            order = list(range(1, BOARDS + 1))
            if not clean and draw(st.booleans()):
                order = draw(st.permutations(list(range(1, BOARDS + 2))))[:BOARDS]
            players: list[str | None] = [f"{t}.{b}" for b in order]
            if not clean and draw(st.integers(0, 4)) == 0:
                players[-1] = None
            lineups[t] = Lineup(f.round, t, tuple(players), DAY)
            season = evolve(season, LineupEntered(lineups[t]))
        late: tuple[str, ...] = ()
        if not clean and draw(st.integers(0, 9)) == 0:
            late = tuple(draw(st.sets(st.sampled_from(f.teams()), min_size=1)))
        boards = []
        for b in range(1, BOARDS + 1):
            absences = [None, None]
            if not clean:
                absences = [draw(st.sampled_from([None, None, None, *Absence])) for _ in range(2)]
            here = [
                lineups[t].players[b - 1] is not None and absences[i] is None
                for i, t in enumerate(f.teams())
            ]
            absences = [
                a if lineups[t].players[b - 1] is not None else None
                for a, t in zip(absences, f.teams(), strict=True)
            ]
            result = draw(st.sampled_from(["1-0", "½-½", "0-1"])) if all(here) else None
            boards.append(BoardCard(b, result, absences[0], absences[1]))
        card = MatchCard(f.round, f.home, f.away, tuple(boards), late)
        season = evolve(season, MatchResultEntered(card))
    return season


@settings(max_examples=60)
@given(seasons())
def test_board_points_are_conserved_penalties_aside(season: Season) -> None:
    for f in season.schedule("1. division", 1):
        s = match_score(season, f)
        if s is None or s.struck_out:
            continue
        for b in s.boards:
            assert b.home + b.away in (0, 1)
            if b.home + b.away == 0:
                assert b.why, b  # a board scores nothing only through a penalty, said why
        assert s.home + s.away == sum(b.home + b.away for b in s.boards)
        if s.home + s.away == BOARDS:
            continue
        card = season.card(f)
        assert card is not None
        assert len(card.late) == 2 or any(b.home + b.away == 0 for b in s.boards)


@settings(max_examples=40)
@given(seasons(clean=True))
def test_board_points_sum_to_the_boards_without_penalties(season: Season) -> None:
    for f in season.schedule("1. division", 1):
        s = match_score(season, f)
        if s is not None:
            assert s.home + s.away == BOARDS
            assert s.home_mp + s.away_mp == 2


@settings(max_examples=60)
@given(seasons())
def test_standings_are_a_total_order(season: Season) -> None:
    s = group_standings(season, "1. division", 1)
    teams = [r.team for r in s.rows]
    assert sorted(teams) == sorted(t.name for t in season.teams)
    assert [r.rank for r in s.rows] == list(range(1, len(teams) + 1))
    active = [r for r in s.rows if not r.withdrawn]
    keys = [(r.board_points, r.match_points) for r in active]
    assert keys == sorted(keys, reverse=True)
    assert all(not r.withdrawn for r in s.rows[: len(active)])
    for above, below in itertools.pairwise(active):
        if (above.board_points, above.match_points) == (below.board_points, below.match_points):
            assert below.decided_by not in ("", "board points (brætpoint)")
    again = group_standings(season, "1. division", 1)
    assert [r.team for r in again.rows] == teams
    total = sum((r.board_points + r.penalty_points for r in s.rows), Fraction(0))
    assert total <= BOARDS * len(s.rows) * len(s.rows)
