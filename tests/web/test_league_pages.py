"""The league's and the cup's public pages (issue: the league on the web, item 2): no login,
each a view the CLI prints too — the groups and teams, every group's standings with how the
ties were decided, the schedule, a match's card, a team's players; a cup's standings,
rounds and teams. They change nothing and answer 404 for what is not there."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.records.league.commands import CreateSeason
from skak.teams.league import Team
from skak.teams.strength import ListedPlayer, StrengthList
from tests.teams.league_fixture import small_structure
from tests.web.conftest import text_of

DAY = date(2025, 10, 5)


@pytest.fixture
def sid(skak: Skak) -> int:
    return make_season(skak)


def make_season(skak: Skak) -> int:
    """A 2. division group of four clubs' teams, round 1 played: both home teams won
    2½-1½ (1 1 ½ 0 and 1 ½ ½ ½); :returns: the season's id."""
    row = skak.league.create(
        CreateSeason(
            "Divisionsturneringen 2025-26", DAY, dates=(DAY,) * 3, divisions=small_structure()
        )
    )
    clubs = ["Skovlunde", "Brønshøj", "Nordkalotten", "Evans"]
    teams = [Team(f"{c} 1", c, "2. division", 1, n) for n, c in enumerate(clubs, start=1)]
    skak.league.enter_teams(row.id, teams)
    lists = [
        StrengthList(
            t.club,
            tuple(ListedPlayer(b, f"{t.name[:3]}{b}", f"{t.club} {b}", 1) for b in range(1, 6)),
        )
        for t in teams
    ]
    skak.league.file_lists(row.id, lists)
    season = skak.league.get(row.id)
    for f in (f for f in season.schedule("2. division", 1) if f.round == 1):
        for t in f.teams():
            skak.league.lineup(row.id, 1, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    first, second = [f for f in season.schedule("2. division", 1) if f.round == 1]
    skak.league.result(row.id, 1, first.home, list("11=0"))
    skak.league.result(row.id, 1, second.home, list("1==="))
    return row.id


def test_the_standings_page_is_the_commands_standings(
    client: TestClient, skak: Skak, sid: int
) -> None:
    page = client.get(f"/league/{sid}/standings")
    assert page.status_code == 200
    text = text_of(page.text)
    view = skak.league.standings(sid)[0]
    assert "2. division, group 1" in text and "4 matches still to play" in text
    order = [r.team for r in view.standings]
    assert [text.index(t) for t in order] == sorted(text.index(t) for t in order)
    first = view.standings[0]
    assert f"{first.team} 1 1 0 0" in text  # place, team, played 1, won 1, drawn 0, lost 0


def test_the_season_schedule_match_and_team_pages(client: TestClient, skak: Skak, sid: int) -> None:
    season = skak.league.get(sid)
    f = next(f for f in season.schedule("2. division", 1) if f.round == 1)
    groups = text_of(client.get(f"/league/{sid}").text)
    assert all(t.name in groups for t in season.teams)
    schedule = client.get(f"/league/{sid}/schedule").text
    assert f"/league/{sid}/match/1/{f.home.replace(' ', '%20')}" in schedule
    assert "2025-10-05" in schedule
    card = text_of(client.get(f"/league/{sid}/match/1/{f.away}").text)
    assert "2½–1½" in card and "match points 2–0" in card
    team = text_of(client.get(f"/league/{sid}/team/{f.home}").text)
    home = f.home[:3]
    assert f"{home}1 1 1" in team  # board 1's player: one game, one point
    assert "1: 1" in team  # round 1, board 1


def test_the_pages_are_in_danish_too(client: TestClient, sid: int) -> None:
    client.cookies.set("skak_lang", "da")
    text = text_of(client.get(f"/league/{sid}/standings?lang=da").text)
    assert "2. division, gruppe 1" in text and "Stilling" in text
    # §3's explanation and what placed each team, in Danish as in English
    assert "placeret efter brætpoint, så matchpoint, indbyrdes opgør" in text
    assert "ranked by" not in text and "board points (brætpoint)" not in text


def test_a_match_says_why_in_danish(client: TestClient, skak: Skak, sid: int) -> None:
    """§13's lost board and penalty point on a match's card, as `skak league result` says
    them (one view, two faces)."""
    season = skak.league.get(sid)
    f = next(f for f in season.schedule("2. division", 1) if f.round == 2)
    for t in f.teams():
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    skak.league.result(sid, 2, f.home, list("111x"), absent=["4:away:leader"])
    english = text_of(client.get(f"/league/{sid}/match/2/{f.home}?lang=en").text)
    danish = text_of(client.get(f"/league/{sid}/match/2/{f.home}?lang=da").text)
    assert "did not come through the team leader's mistake (§13 c): lost" in english
    assert "udeblev ved holdlederens fejl (§13 c): tabt" in danish
    assert f"{f.away}: 1 strafpoint, bræt 4:" in danish
    assert "lost" not in danish and "penalty point" not in danish


@pytest.mark.parametrize(
    "path",
    ["/league/99/standings", "/league/99999999999999999999999/schedule", "/cup/7"],
)
def test_what_is_not_there_is_404(client: TestClient, sid: int, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_pages_change_nothing(client: TestClient, skak: Skak, sid: int) -> None:
    version = skak.league.version(sid)
    assert client.post(f"/league/{sid}/standings").status_code == 405
    assert skak.league.version(sid) == version


def test_the_list_names_the_seasons_and_the_cups(client: TestClient, skak: Skak, sid: int) -> None:
    skak.cup.new("Pokal 2025 Bredde", "bredde", date(2025, 6, 8), 5)
    text = text_of(client.get("/leagues").text)
    assert "Divisionsturneringen 2025-26" in text and "Pokal 2025 Bredde" in text
    cup = client.get("/cup/2" if skak.cup.rows()[0].id == 2 else f"/cup/{skak.cup.rows()[0].id}")
    assert cup.status_code == 200 and "Pokal 2025 Bredde" in cup.text


def test_a_page_is_built_once_a_version(client: TestClient, skak: Skak, sid: int) -> None:
    """A hall of phones reloading the standings costs one build a change: the page is kept
    per version of the season and built anew after a result."""
    cache = client.app.state.cache  # type: ignore[attr-defined]
    first = client.get(f"/league/{sid}/standings").text
    misses = cache.misses
    assert client.get(f"/league/{sid}/standings").text == first
    assert cache.misses == misses  # kept
    season = skak.league.get(sid)
    f = next(f for f in season.schedule("2. division", 1) if f.round == 2)
    for t in f.teams():
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    skak.league.result(sid, 2, f.home, list("1111"))
    again = client.get(f"/league/{sid}/standings").text
    assert cache.misses == misses + 1 and again != first
