"""A group's standings are kept while nothing they depend on changes (a season of DSU's size
ranks one group anew after a card, not all of them) — and never kept past a change that
matters: a line-up in another group that fields the same player on the same day (5.1 §10)
changes this group's standings at once."""

from __future__ import annotations

from datetime import date

from skak.records.league.events import (
    LineupEntered,
    MatchResultEntered,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
)
from skak.records.league.evolve import evolve
from skak.teams.league import DivisionSpec, Lineup, Season, Team
from skak.teams.matches import BoardCard, MatchCard
from skak.teams.standings import _group_standings, group_standings
from skak.teams.strength import ListedPlayer, StrengthList

DAY = date(2025, 10, 5)
SPEC = (DivisionSpec("1. division", 1, 2, 4, boards=4, min_players=3),)


def _season() -> Season:
    season = evolve(None, SeasonCreated("Kept", DAY, "dsu-2022", SPEC, dates=(DAY,) * 3))
    teams = [
        Team("K 1", "K", "1. division", 1, 1, rank=1),
        Team("K 2", "K", "1. division", 2, 1, rank=2),
    ]
    teams += [Team(f"A{i}", f"A{i}", "1. division", 1, i + 1) for i in range(1, 4)]
    teams += [Team(f"B{i}", f"B{i}", "1. division", 2, i + 1) for i in range(1, 4)]
    season = evolve(season, TeamsEntered(tuple(teams)))
    for club in ("K", *(t.club for t in teams if t.club != "K")):
        players = tuple(
            ListedPlayer(
                b, f"{club}.{b}", f"{club} {b}", (1 if b <= 4 else 2) if club == "K" else 1
            )
            for b in range(1, 9 if club == "K" else 5)
        )
        season = evolve(season, StrengthListFiled(StrengthList(club, players)))
    return season


def _play(season: Season, group: int, team: str, players: tuple[str, ...]) -> Season:
    f = next(f for f in season.schedule("1. division", group) if f.round == 1 and team in f.teams())
    other = f.opponent(team)
    season = evolve(season, LineupEntered(Lineup(1, team, players, DAY)))
    season = evolve(
        season, LineupEntered(Lineup(1, other, tuple(f"{other}.{b}" for b in range(1, 5)), DAY))
    )
    card = MatchCard(1, f.home, f.away, tuple(BoardCard(b, "½-½") for b in range(1, 5)))
    return evolve(season, MatchResultEntered(card))


def test_a_change_in_another_group_that_matters_is_seen() -> None:
    season = _play(_season(), 2, "K 2", ("K.5", "K.6", "K.7", "K.8"))
    before = group_standings(season, "1. division", 2)
    assert before == _group_standings(season, "1. division", 2)
    assert group_standings(season, "1. division", 2) is before  # kept: nothing changed
    # K 1 fields K.5 the same day in group 1: K 2's board 1 is lost in group 2 (5.1 §10)
    season = _play(season, 1, "K 1", ("K.1", "K.2", "K.3", "K.5"))
    after = group_standings(season, "1. division", 2)
    assert after == _group_standings(season, "1. division", 2)
    k2 = {r.team: r.board_points for r in after.rows}["K 2"]
    assert k2 != {r.team: r.board_points for r in before.rows}["K 2"]


def test_an_unrelated_change_keeps_the_group() -> None:
    season = _play(_season(), 2, "K 2", ("K.5", "K.6", "K.7", "K.8"))
    before = group_standings(season, "1. division", 2)
    season = _play(season, 1, "A1", ("A1.1", "A1.2", "A1.3", "A1.4"))
    assert group_standings(season, "1. division", 2) is before
