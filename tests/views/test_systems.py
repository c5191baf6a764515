"""The typed views of the pure core's tables (:mod:`skak.views.systems`) write exactly the
data the core describes: the JSON of ``skak knockout bracket``, ``varma`` and ``olympiad``
stays what it was."""

from __future__ import annotations

import pytest

from skak.api import Skak
from skak.model import Player, Ratings, Tournament
from skak.pairing.knockout import bracket, bracket_state
from skak.pairing.varma import varma_groups
from skak.teams.olympiad import olympiad
from skak.views import (
    bracket_view,
    knockout_view,
    olympiad_view,
    schedule_view,
    to_json,
    varma_groups_view,
)


@pytest.mark.parametrize("players", [4, 6, 16, 33])
def test_bracket(players: int) -> None:
    assert to_json(bracket_view(players)) == bracket(players)


@pytest.mark.parametrize("players", [9, 11, 24])
def test_varma_groups(players: int) -> None:
    assert to_json(varma_groups_view(players)) == varma_groups(players)


@pytest.mark.parametrize(("players", "teams"), [(24, 4), (7, 3), (10, 5)])
def test_olympiad(players: int, teams: int) -> None:
    assert to_json(olympiad_view(players, teams)) == olympiad(players, teams)


def test_an_olympiad_drafted_from_a_tournament_names_its_players() -> None:
    t = Tournament(
        "Hold",
        "berger",
        players=tuple(
            Player(i, f"P, {i}", ratings=Ratings(dsu=1500 + 10 * i)) for i in range(1, 7)
        ),
    )
    view = to_json(olympiad_view(t, 2))
    assert view["tournament"] == "Hold"
    assert [r["start_number"] for r in view["ranking"]] == [6, 5, 4, 3, 2, 1]
    assert view["draft"][0]["names"][0] == "P, 6"


def test_a_knockout_tournament(api: Skak) -> None:
    row = api.tournaments.create(Tournament("KO", "knockout", pairing_settings=(("seed", 3),)))
    api.tournaments.add_players(
        row.id,
        lambda _t: [Player(i, f"KO, {i}", ratings=Ratings(dsu=2000 - 50 * i)) for i in range(1, 7)],
    )
    api.tournaments.pair(row.id)
    t = api.tournaments.get(row.id)
    view = knockout_view(t)
    assert to_json(view) == bracket_state(t)
    assert view.names[1] == "KO, 1"


def test_schedule_frees_the_extra_number() -> None:
    view = schedule_view(5, "berger")
    assert view.cycles == 1 and len(view.rounds) == 5
    assert all(sum(0 in game for game in rnd) == 1 for rnd in view.rounds)
